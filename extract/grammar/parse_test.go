package grammar

import (
	"fmt"
	"strings"
	"testing"
)

// components renders the present components of p, for comparison.
func components(p *Parsed) string {
	var b strings.Builder
	for _, c := range []struct {
		name string
		span Span
	}{
		{"scheme", p.Scheme}, {"authority", p.Authority}, {"userinfo", p.Userinfo}, {"host", p.Host},
		{"port", p.Port}, {"path", p.Path}, {"query", p.Query}, {"fragment", p.Fragment},
		{"nid", p.NID}, {"nss", p.NSS}, {"r", p.RComponent}, {"q", p.QComponent}, {"f", p.FComponent},
	} {
		if c.span.Present() {
			fmt.Fprintf(&b, "%s=%q ", c.name, c.span.In(p.Input))
		}
	}
	return strings.TrimSpace(b.String())
}

func problems(p *Parsed) string {
	var parts []string
	for _, pr := range p.Problems {
		parts = append(parts, fmt.Sprintf("%s@%d-%d", pr.Code, pr.Start, pr.End))
	}
	return strings.Join(parts, " ")
}

// The example URIs of RFC 3986 section 1.1.2 and section 3, and of section
// 1.3 of draft-fielding-uri-rfc2396bis-01, with their components.
func TestParseRFC3986Examples(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ftp://ftp.is.co.za/rfc/rfc1808.txt", `scheme="ftp" authority="ftp.is.co.za" host="ftp.is.co.za" path="/rfc/rfc1808.txt"`},
		{"http://www.ietf.org/rfc/rfc2396.txt", `scheme="http" authority="www.ietf.org" host="www.ietf.org" path="/rfc/rfc2396.txt"`},
		{"ldap://[2001:db8::7]/c=GB?objectClass?one", `scheme="ldap" authority="[2001:db8::7]" host="[2001:db8::7]" path="/c=GB" query="objectClass?one"`},
		{"mailto:John.Doe@example.com", `scheme="mailto" path="John.Doe@example.com"`},
		{"news:comp.infosystems.www.servers.unix", `scheme="news" path="comp.infosystems.www.servers.unix"`},
		{"tel:+1-816-555-1212", `scheme="tel" path="+1-816-555-1212"`},
		{"telnet://192.0.2.16:80/", `scheme="telnet" authority="192.0.2.16:80" host="192.0.2.16" port="80" path="/"`},
		{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", `scheme="urn" path="oasis:names:specification:docbook:dtd:xml:4.1.2"`},
		{"foo://example.com:8042/over/there?name=ferret#nose", `scheme="foo" authority="example.com:8042" host="example.com" port="8042" path="/over/there" query="name=ferret" fragment="nose"`},
		{"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", `scheme="gopher" authority="gopher.tc.umn.edu:70" host="gopher.tc.umn.edu" port="70" path="/11/Mailing%20Lists/"`},
		{"telnet://melvyl.ucop.edu/", `scheme="telnet" authority="melvyl.ucop.edu" host="melvyl.ucop.edu" path="/"`},
		{"ssh://user:pass@[v12.ip]:/path", `scheme="ssh" authority="user:pass@[v12.ip]:" userinfo="user:pass" host="[v12.ip]" port="" path="/path"`},
	}
	for _, tt := range tests {
		p := Parse(tt.in, AsURI, RFC8141)
		if !p.Valid() {
			t.Errorf("Parse(%q) problems: %s", tt.in, problems(&p))
		}
		if got := components(&p); got != tt.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// The URNs of RFC 8141 sections 2 and 5, parsed as URNs.
func TestParseRFC8141Examples(t *testing.T) {
	tests := []struct{ in, want string }{
		{"urn:example:1/406/47452/2", `scheme="urn" nid="example" nss="1/406/47452/2"`},
		{"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk", `scheme="urn" nid="example" nss="foo-bar-baz-qux" r="CCResolve:cc=uk"`},
		{"urn:example:weather?=op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z", `scheme="urn" nid="example" nss="weather" q="op=map&lat=39.56&lon=-104.85&datetime=1969-07-21T02:56:15Z"`},
		{"urn:example:foo-bar-baz-qux#somepart", `scheme="urn" nid="example" nss="foo-bar-baz-qux" f="somepart"`},
		{"urn:example:apple:pear:plum:cherry", `scheme="urn" nid="example" nss="apple:pear:plum:cherry"`},
		{"urn:urn-7:informal", `scheme="urn" nid="urn-7" nss="informal"`},
		// An r-component ends at the first "?=" or "#"; a q-component only at "#".
		{"urn:ex:ex?+a?+b?=c?+d?=e#f?#", ""},
		{"urn:example:a?+b#c", `scheme="urn" nid="example" nss="a" r="b" f="c"`},
		{"urn:example:a?=b?+c", `scheme="urn" nid="example" nss="a" q="b?+c"`},
		{"urn:TESTt3st:&/987/QWERTYUIOP/0#", `scheme="urn" nid="TESTt3st" nss="&/987/QWERTYUIOP/0" f=""`},
	}
	for _, tt := range tests {
		p := Parse(tt.in, AsAuto, RFC8141)
		if p.As != AsURN {
			t.Errorf("Parse(%q, auto) parsed as %v, want urn", tt.in, p.As)
		}
		if tt.in == "urn:ex:ex?+a?+b?=c?+d?=e#f?#" {
			if got, want := components(&p), `scheme="urn" nid="ex" nss="ex" r="a?+b" q="c?+d?=e" f="f?#"`; got != want {
				t.Errorf("Parse(%q):\n got %s\nwant %s", tt.in, got, want)
			}
			if got, want := problems(&p), "unencoded@27-28"; got != want {
				t.Errorf("Parse(%q) problems %s, want %s", tt.in, got, want)
			}
			continue
		}
		if !p.Valid() {
			t.Errorf("Parse(%q) problems: %s", tt.in, problems(&p))
		}
		if got := components(&p); got != tt.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// RFC 8141 section 3.2: groups of URNs that are URN-equivalent to each
// other and to no URN of another group.
func TestEquivalenceKeyRFC8141Examples(t *testing.T) {
	groups := []struct {
		key  string
		urns []string
	}{
		{"urn:example:a123,z456", []string{
			"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456",
			"urn:example:a123,z456?+abc", "urn:example:a123,z456?=xyz", "urn:example:a123,z456#789",
		}},
		{"urn:example:a123,z456/foo", []string{"urn:example:a123,z456/foo"}},
		{"urn:example:a123,z456/bar", []string{"urn:example:a123,z456/bar"}},
		{"urn:example:a123,z456/baz", []string{"urn:example:a123,z456/baz"}},
		{"urn:example:a123%2Cz456", []string{"urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"}},
		{"urn:example:A123,z456", []string{"urn:example:A123,z456"}},
		{"urn:example:a123,Z456", []string{"urn:example:a123,Z456"}},
		{"urn:example:%D0%B0123,z456", []string{"urn:example:%D0%B0123,z456", "urn:example:%d0%b0123,z456"}},
	}
	seen := map[string]bool{}
	for _, g := range groups {
		if seen[g.key] {
			t.Fatalf("key %q in two groups", g.key)
		}
		seen[g.key] = true
		for _, u := range g.urns {
			p := Parse(u, AsURN, RFC8141)
			if !p.Valid() {
				t.Errorf("%q: %s", u, problems(&p))
			}
			if got := p.EquivalenceKey(); got != g.key {
				t.Errorf("EquivalenceKey(%q) = %q, want %q", u, got, g.key)
			}
		}
	}
	if got := Parse("http://example.com/", AsAuto, RFC8141); got.EquivalenceKey() != "" {
		t.Errorf("EquivalenceKey of a URL = %q, want empty", got.EquivalenceKey())
	}
	if got := Parse("urn:example", AsAuto, RFC8141); got.EquivalenceKey() != "" {
		t.Errorf("EquivalenceKey without NSS = %q, want empty", got.EquivalenceKey())
	}
}

// Problems with their exact spans.
func TestParseProblems(t *testing.T) {
	tests := []struct {
		in   string
		as   As
		syn  Syntax
		want string
	}{
		// Generic syntax.
		{"/a/b", AsURI, RFC8141, "scheme-missing@0-0"},
		{"://x", AsURI, RFC8141, "scheme-empty@0-0"},
		{"1ab:x", AsURI, RFC8141, "scheme-start@0-1"},
		{"h_t*p:x", AsURI, RFC8141, "scheme-char@1-2 scheme-char@3-4"},
		{"ḧttp:x", AsURI, RFC8141, "scheme-start@0-3"},
		{"a:b", AsRelativeRef, RFC8141, "relative-colon@1-2"},
		{"http://a/%", AsURI, RFC8141, "percent-malformed@9-10"},
		{"http://a/%4", AsURI, RFC8141, "percent-malformed@9-10"},
		{"http://a/%zz%41", AsURI, RFC8141, "percent-malformed@9-10"},
		{"http://a/b c", AsURI, RFC8141, "unencoded@10-11"},
		{"http://a/b\x01c", AsURI, RFC8141, "unencoded@10-11"},
		{"http://a/{x}|y", AsURI, RFC8141, "unencoded@9-10 unencoded@11-13"},
		{"http://a/Москва?ü", AsURI, RFC8141, "non-ascii@9-21 non-ascii@22-24"},
		{"http://a/é b\u0085c", AsURI, RFC8141, "non-ascii@9-11 unencoded@11-12 unencoded@13-15"}, // a C1 control is no IRI character
		{"http://a/\ufdd0\U0010FFFE\u00a0", AsURI, RFC8141, "unencoded@9-16 non-ascii@16-18"},     // noncharacters are not either; NBSP is
		{"http://a/caf\xe9", AsURI, RFC8141, "unencoded@12-13"},
		{"http://例え.jp/", AsURI, RFC8141, "non-ascii@7-13"},
		{"http://a/b#c#d", AsURI, RFC8141, "unencoded@12-13"},
		{"http://a/[x]", AsURI, RFC8141, "unencoded@9-10 unencoded@11-12"},
		{"http://a@b@c/", AsURI, RFC8141, "userinfo-char@8-9"},
		{"http://a:8o/", AsURI, RFC8141, "port-char@9-11"},
		{"http://a:80:80/", AsURI, RFC8141, "port-char@9-14"},
		{"http://[::1/", AsURI, RFC8141, "ip-literal@7-11"},
		{"http://[::1%25lo]/", AsURI, RFC8141, "ip-literal@7-17"},
		{"http://[v1.]/", AsURI, RFC8141, "ip-literal@7-12"},
		// sip and sips put an IPv6 reference in what the generic syntax
		// reads as path (RFC 3261 section 25.1); other schemes do not.
		{"sip:alice@[2001:db8:9::2]", AsURI, RFC8141, ""},
		{"SIPS:[2001:db8::1]:5061;transport=tcp", AsURI, RFC8141, ""},
		{"sip:alice@[2001:db8::zz]", AsURI, RFC8141, "ip-literal@10-24"},
		{"sip:alice@[::1", AsURI, RFC8141, "unencoded@10-11"},
		{"sip:alice@x[::1]", AsURI, RFC8141, "unencoded@11-12 unencoded@15-16"},
		{"mailto:alice@[::1]", AsURI, RFC8141, "unencoded@13-14 unencoded@17-18"},
		{"sip://[::1]]/", AsURI, RFC8141, "host-char@11-12"},
		{"http://[v12.ip]8000/", AsURI, RFC8141, "host-char@15-19"},
		{"http://]/", AsURI, RFC8141, "unencoded@7-8"},
		{"http://exa mple/", AsURI, RFC8141, "unencoded@10-11"},
		// URNs, RFC 8141.
		{"urn:a:b", AsURN, RFC8141, "nid-too-short@4-5"},
		{"urn::x", AsURN, RFC8141, "nid-empty@4-4"},
		{"urn:-ab-:x", AsURN, RFC8141, "nid-leading-hyphen@4-5 nid-trailing-hyphen@7-8"},
		{"urn:abcdefghijklmnopqrstuvwxyz1234567:x", AsURN, RFC8141, "nid-too-long@4-37"},
		{"urn:a_b c:x", AsURN, RFC8141, "nid-char@5-6 nid-char@7-8"},
		{"urn:example", AsURN, RFC8141, "nss-missing@11-11"},
		{"urn:example:", AsURN, RFC8141, "nss-empty@12-12"},
		{"urn:example#f", AsURN, RFC8141, "nss-missing@11-11"},
		{"urn:example?x", AsURN, RFC8141, "nss-missing@11-11 unencoded-question@11-12"},
		{"urn:example:/a", AsURN, RFC8141, "nss-start@12-13"},
		{"urn:example:a?b", AsURN, RFC8141, "unencoded-question@13-14"},
		{"urn:example:a??b", AsURN, RFC8141, "unencoded-question@13-15"},
		{"urn:example:a?s=I2U", AsURN, RFC8141, "unencoded-question@13-14"},
		{"urn:example:a??=b", AsURN, RFC8141, "unencoded-question@13-14"},
		{"urn:ex:ex?+", AsURN, RFC8141, "r-component-empty@9-11"},
		{"urn:ex:ex?+?=q", AsURN, RFC8141, "r-component-empty@9-11"},
		{"urn:ex:ex?+r?=", AsURN, RFC8141, "q-component-empty@12-14"},
		{"urn:ex:ex?+/", AsURN, RFC8141, "component-start@11-12"},
		{"urn:ex:ex?=?", AsURN, RFC8141, "component-start@11-12"},
		{"urn:example:a%0", AsURN, RFC8141, "percent-malformed@13-14"},
		{"urn:example:a[b]", AsURN, RFC8141, "unencoded@13-14 unencoded@15-16"},
		{"urn:example:a%00", AsURN, RFC8141, ""},
		{"http://x", AsURN, RFC8141, "not-urn@0-4"},
		{"urn", AsURN, RFC8141, "not-urn@0-0"},
		// URNs, RFC 2141.
		{"urn:a:b", AsURN, RFC2141, ""},
		{"urn:X-:nss", AsURN, RFC2141, ""},
		{"urn:-a:nss", AsURN, RFC2141, "nid-leading-hyphen@4-5"},
		{"urn:urn:x", AsURN, RFC2141, "nid-reserved@4-7"},
		{"urn:abcdefghijklmnopqrstuvwxyz1234567:x", AsURN, RFC2141, "nid-too-long@4-37"},
		{"urn:ex:a/b?c#d~e&f", AsURN, RFC2141, "nss-char@8-9 nss-char@10-11 nss-char@12-13 nss-char@14-15 nss-char@16-17"},
		{"urn:ex:a%00", AsURN, RFC2141, ""}, // "%00" is a policy (urn-nul), not grammar
		{"urn:ex:", AsURN, RFC2141, "nss-empty@7-7"},
		{"urn:ex", AsURN, RFC2141, "nss-missing@6-6"},
		// Lengths count characters, not bytes.
		{"urn:é:x", AsURN, RFC8141, "nid-char@4-6 nid-too-short@4-6"},
		{"urn:" + strings.Repeat("é", 17) + ":x", AsURN, RFC8141, "nid-char@4-38"},
		{"urn:" + strings.Repeat("é", 33) + ":x", AsURN, RFC8141, "nid-char@4-70 nid-too-long@4-70"},
	}
	for _, tt := range tests {
		p := Parse(tt.in, tt.as, tt.syn)
		if got := problems(&p); got != tt.want {
			t.Errorf("Parse(%q, %v, %v) problems:\n got %s\nwant %s", tt.in, tt.as, tt.syn, got, tt.want)
		}
		for _, pr := range p.Problems {
			if m := pr.Message(tt.in); m == "" || strings.HasPrefix(m, "Code(") {
				t.Errorf("Parse(%q): no message for %v", tt.in, pr.Code)
			}
		}
	}
}

func TestParseAuto(t *testing.T) {
	tests := []struct {
		in   string
		want As
	}{
		{"urn:example:x", AsURN},
		{"URN:example:x", AsURN},
		{"urn", AsRelativeRef},
		{"urnx:foo", AsURI},
		{"http://x", AsURI},
		{"::", AsURI},
		{"/a:b", AsRelativeRef},
		{"a/b:c", AsRelativeRef},
		{"", AsRelativeRef},
	}
	for _, tt := range tests {
		if got := Parse(tt.in, AsAuto, RFC8141).As; got != tt.want {
			t.Errorf("Parse(%q, auto).As = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestIPLiteral(t *testing.T) {
	valid := []string{
		"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::2:3:4:5:6:7:8",
		"1:2:3:4:5:6:1.2.3.4", "::1.2.3.4", "1:2:3:4:5::1.2.3.4", "::FFFF:129.144.52.38",
		"2001:db8::7", "FEDC:BA98:7654:3210:FEDC:BA98:7654:3210", "v1.x", "V9F.a:b!$",
	}
	invalid := []string{
		"", ":", ":::", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8::", "1::2::3",
		":1::2", "1::2:", "12345::", "1:2:3:4:5:6::1.2.3.4", "::1.2.3", "::1.2.3.04", "::1.2.3.256",
		"::1.2.3.4:5", "g::", "v.x", "v1.", "v1", "vx.y", "::1%25eth0", "FADF:01",
	}
	for _, s := range valid {
		if !validIPLiteral(s) {
			t.Errorf("validIPLiteral(%q) = false, want true", s)
		}
	}
	for _, s := range invalid {
		if validIPLiteral(s) {
			t.Errorf("validIPLiteral(%q) = true, want false", s)
		}
	}
}

func TestParseValidDoesNotAllocate(t *testing.T) {
	for _, s := range []string{
		"https://user@example.com:8080/a/b?c=d#e",
		"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=a#b",
	} {
		if n := testing.AllocsPerRun(100, func() { Parse(s, AsAuto, RFC8141) }); n != 0 {
			t.Errorf("Parse(%q) allocates %v times", s, n)
		}
	}
}

func TestMessages(t *testing.T) {
	tests := []struct {
		in   string
		as   As
		want string
	}{
		{"http://a/b c", AsURI, "space must be percent-encoded as %20"},
		{"http://a/é", AsURI, `"é" (U+00E9) is not ASCII: a URI holds the percent-encoding of its UTF-8 octets, %C3%A9 (RFC 3986 section 2.5; as an IRI, RFC 3987, it is valid)`},
		{"http://a/\u0085", AsURI, "control character U+0085 must be percent-encoded as %C2%85"},
		{"http://a/\x7f", AsURI, "control character U+007F must be percent-encoded as %7F"},
		{"http://a/\xff", AsURI, "invalid UTF-8 byte 0xFF must be percent-encoded as %FF"},
		{"http://a/%g1", AsURI, `"%" not followed by two hexadecimal digits (found "%g1"); a literal "%" is written %25`},
		{"urn:example:a?b", AsURN, `"?" in the namespace-specific string: the 2015 URNbis draft started a q-component with "?"; RFC 8141 writes "?=" (q-component) or "?+" (r-component); a literal "?" is percent-encoded as %3F`},
		{"urn:example:a??b", AsURN, `"??" starts an r-component in the 2015 URNbis draft; RFC 8141 writes it "?+"; a literal "?" is percent-encoded as %3F`},
		{"urn:example:a??=b", AsURN, `"??" starts an r-component in the 2015 URNbis draft; RFC 8141 writes it "?+"; a literal "?" is percent-encoded as %3F`},
		{"urn:example:a?s=I2U#x", AsURN, `"?s=I2U" is a query directive of the 2012 URNbis draft (draft-ietf-urnbis-rfc2141bis-urn-03); RFC 8141 writes a q-component: "?=s=I2U"; a literal "?" is percent-encoded as %3F`},
		{"http://a/%€", AsURI, `"%" not followed by two hexadecimal digits (found "%€"); a literal "%" is written %25`},
		{"urn:éééééééééééééééééé:x", AsURN, `"éééééééééééééééééé" not allowed in a namespace identifier (NID): letters, digits and "-" only`},
	}
	for _, tt := range tests {
		p := Parse(tt.in, tt.as, RFC8141)
		if len(p.Problems) == 0 {
			t.Fatalf("Parse(%q): no problem", tt.in)
		}
		if got := p.Problems[0].Message(tt.in); got != tt.want {
			t.Errorf("message for %q:\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// TestParseProblemsCapped: past MaxProblemsPerCode problems of one code,
// the parse counts them and records no more (a string of a million "%"),
// while problems of the other codes are still recorded; a parse reusing
// the Parsed starts counting afresh.
func TestParseProblemsCapped(t *testing.T) {
	s := "http://a.example/" + strings.Repeat("%", MaxProblemsPerCode+500) + strings.Repeat("a ", 3)
	var p Parsed
	ParseTo(&p, s, AsURI, RFC8141)
	counts := map[Code]int{}
	for _, pr := range p.Problems {
		counts[pr.Code]++
	}
	if counts[PercentMalformed] != MaxProblemsPerCode || counts[Unencoded] != 3 {
		t.Errorf("recorded %v, want %d %v and 3 %v", counts, MaxProblemsPerCode, PercentMalformed, Unencoded)
	}
	if p.Omitted(PercentMalformed) != 500 || p.Omitted(Unencoded) != 0 || p.OmittedAll() != 500 {
		t.Errorf("omitted %d %v, %d %v, %d in all; want 500, 0, 500",
			p.Omitted(PercentMalformed), PercentMalformed, p.Omitted(Unencoded), Unencoded, p.OmittedAll())
	}
	if last := p.Problems[len(p.Problems)-1]; last.Code != Unencoded || last.Start != len(s)-1 || last.End != len(s) {
		t.Errorf("last problem %+v, want the last space", last)
	}
	ParseTo(&p, "http://a.example/%", AsURI, RFC8141)
	if len(p.Problems) != 1 || p.OmittedAll() != 0 {
		t.Errorf("the next parse: %v, %d omitted", p.Problems, p.OmittedAll())
	}
}
