package scheme

import (
	"strings"
	"testing"

	"github.com/urilint/urilint/extract/grammar"
)

// badURIs are URIs that a check fails on, with where and why.
var badURIs = []struct {
	uri        string
	code       Code
	start, end int
	msg        string
}{
	{"http:example.com", NoSlashes, 4, 5, `"http:" must be followed by "//"`},
	{"https:/example.com/a", NoSlashes, 5, 7, `browsers read "https:/example.com/a" as "https://example.com/a"`},
	{"wss:x", NoSlashesTo, 3, 4, "RFC 6455 section 3"},
	{"http:header", NoSlashesTo, 4, 5, `browsers read "http:header" as "http://header"`},
	{"http:/https", NoSlashesTo, 4, 6, `"http:" must be followed by "//"`},
	{"http:/jabber.org/protocol/pubsub", NoSlashes, 4, 6, `"http:" must be followed by "//"`},
	{"http:///a", HostEmpty, 5, 7, "needs a host"},
	{"https:///github.com/o/r", HostEmpty, 6, 8, `browsers skip the extra "/" and take "github.com" for the host`},
	{"https:////github.com?q", HostEmpty, 6, 8, `take "github.com" for the host`},
	{"http:///", HostEmpty, 5, 7, "browsers reject it"},
	{"https://:443/", HostEmpty, 6, 12, "host-missing"},
	{"http://", PrefixAlone, 5, 7, "needs a host"},
	{"http://user:pw@example.com/", Userinfo, 7, 15, `userinfo "user:pw@": a sender must not generate it`},
	{"http://mailto:josh@example.org", Userinfo, 7, 19, `"mailto:" inside an http URI: "example.org" is the host`},
	{"ws://u@example.com/", Userinfo, 5, 7, "a ws URI has none"},
	{"http://example.com:65536/", PortRange, 19, 24, "port 65536 is above 65535"},
	{"http://example.com:0000080000/", PortRange, 19, 29, "above 65535"},
	{"http://1.2.3.256/", IPv4, 7, 16, "256 is above 255"},
	{"http://1.2.3.4.5/", IPv4, 7, 16, "5 parts, not 4"},
	{"http://test.42/", IPv4, 7, 14, `"test" is not a number`},
	{"http://010.1.1.1/", IPv4, 7, 16, "hexadecimal or octal (\"010\"), which browsers read as 8.1.1.1;"},
	{"http://0x7f.1/", IPv4, 7, 13, "which browsers read as 127.0.0.1;"},
	{"http://0x42.0x0000066.0x7.0x93/", IPv4, 7, 30, "which browsers read as 66.102.7.147;"},
	{"http://0102.0146.0007.00000223/", IPv4, 7, 30, "which browsers read as 66.102.7.147;"},
	{"http://09.1.1.1/", IPv4, 7, 15, "browsers read it as an IPv4 address, and it is not one: \"09\" is read as a hexadecimal or octal number"},
	{"http://0x100.1.1.1/", IPv4, 7, 18, "and it is not one: \"0x100\""},
	{"http://127.0.0.1./", IPv4, 7, 17, `ends with "."`},
	{"http://1..2/", IPv4, 7, 11, "an empty part"},
	{"http://www..example.com/", EmptyLabel, 11, 12, `a "." follows a "."`},
	{"http://.example.com/", EmptyLabel, 7, 8, `a "." starts it`},
	{"http://" + strings.Repeat("a", 64) + ".com/", LongLabel, 7, 71, "label of 64 characters"},
	{"wss://example.com/chat#x", WSFragment, 22, 24, "MUST NOT be used"},

	{"mailto:someone", MailtoNoAt, 7, 14, `"someone" is not an email address`},
	{"mailto:a@example.com,,b@example.com", MailtoEmpty, 21, 21, "between two commas"},
	{"mailto:a@example.com,", MailtoEmpty, 21, 21, `after the last ","`},
	{"mailto:a@example.com;b@example.com", MailtoSemicolon, 20, 21, `";" between two addresses`},
	{"mailto:a@example.com&subject=hi", MailtoAmpersand, 20, 21, `start with "?"`},
	{"mailto:@example.com", MailtoLocalPart, 7, 7, "empty"},
	{"mailto:a..b@example.com", MailtoLocalPart, 7, 11, `holds ".."`},
	{"mailto:.a@example.com", MailtoLocalPart, 7, 9, `starts with "."`},
	{"mailto:a@", MailtoDomain, 9, 9, "empty"},
	{"mailto:a@example.com.", MailtoDomain, 9, 21, `ends with "."`},
	{"mailto:a@example.com?subject", MailtoHeaderField, 21, 28, `header field "subject" has no "="`},
	{"mailto:a@example.com?=x", MailtoHeaderField, 21, 23, "no name"},

	{"tel:555-1234", TelNoContext, 4, 12, `without ";phone-context="`},
	{"tel:+1-800-FLOWERS", TelDigits, 11, 12, `the letter 'F'`},
	{"tel:+1%20555", TelDigits, 6, 9, "a space"},
	{"tel:+", TelEmpty, 4, 5, "no digit"},
	{"tel:+1-555;ext=abc", TelParameter, 10, 18, "an extension is digits"},
	{"tel:1234;phone-context=", TelParameter, 8, 23, "a domain name or a global number"},
	{"tel:+1;a_b=1", TelParameter, 6, 12, "pname"},

	{"file:etc/hosts", FileRelative, 5, 14, "the relative path"},
	{"file://me@host/x", FileUserinfo, 7, 10, `userinfo "me@"`},
	{"file://host:80/x", FilePort, 11, 14, `port ":80"`},
	{"file://c:/windows", FileDriveHost, 7, 9, `write "file:///c:"`},
	{"file://home/me/x", FilePathHost, 7, 11, `did you mean "file:///home/me/x"`},
	{"file://host.example.com", FileNoPath, 5, 23, "no path"},

	{"data:text/plain", DataNoComma, 15, 15, `without ","`},
	{"data:text,x", DataMediaType, 5, 9, `"text" is not type "/" subtype`},
	{"data:text/plain;charset,x", DataParameter, 15, 23, `";charset" has no "="`},
	{"data:image/svg+xml;utf8,<svg/>", DataParameter, 18, 23, `";utf8" has no "="`},
	{"data:;base64;charset=x,AAAA", DataParameter, 5, 12, `";base64" must come last`},
	{"data:;a=,x", DataParameter, 5, 8, "not attribute"},
	{"data:;base64,SGVsbG8", DataUnpadded, 20, 20, "7 base64 characters, not a multiple of 4: the \"=\" padding is missing"},
	{"data:;base64,SGVsbA", DataUnpadded, 19, 19, "6 base64 characters"},
	{"data:;base64,SGVsbG8hI", DataBase64, 22, 22, "9 base64 characters, not a multiple of 4: padding \"=\" is missing or the data is cut"},
	{"data:;base64,SGVsbG=", DataBase64, 20, 20, "7 base64 characters"},
	{"data:;base64,SGV$bG8=", DataBase64, 16, 17, `'$' is not a base64 character`},
	{"data:;base64,SG=sbG8=", DataBase64, 16, 17, "after the"},
}

// Each check fails for the reason it names, at the place it names.
func TestCheckBad(t *testing.T) {
	for _, c := range badURIs {
		u := grammar.Parse(c.uri, grammar.AsURI, grammar.RFC8141)
		ps := check(&u)
		found := false
		for _, p := range ps {
			if p.Code == c.code {
				found = true
				if p.Start != c.start || p.End != c.end || !strings.Contains(p.Message, c.msg) {
					t.Errorf("%s: %s at [%d,%d) %q; want [%d,%d) with %q", c.uri, p.Code, p.Start, p.End, p.Message, c.start, c.end, c.msg)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s problem; got %v", c.uri, c.code, ps)
		}
	}
}

// What the specifications and browsers accept is not reported.
func TestCheckGood(t *testing.T) {
	for _, uri := range []string{
		"http://example.com/", "HTTPS://EXAMPLE.COM:443/a?b#c", "http://example.com:/", "http://example.com./",
		"http://[::1]:8080/", "http://1.2.3.4/", "http://1.2.3/", "http://4294967295/", "http://a_b.example.com/",
		"http://example.com:65535/", "ws://example.com/chat", "wss://example.com:443/?x", "http://exa%41mple.com/",
		"mailto:", "mailto:a@example.com", "mailto:a@example.com,b@example.com?subject=hi&body=x",
		"mailto:?to=a@example.com", `mailto:%22not%40me%22@example.org`, "mailto:a@[192.0.2.1]",
		"mailto:a%40b@example.com", "mailto:infobot@example.com?body=send%20current-issue",
		"tel:+1-201-555-0123", "tel:7042;phone-context=example.com", "tel:863-1234;phone-context=+1-914-555",
		"tel:+1(555)123.4567;ext=22", "tel:*21%23;phone-context=example.com",
		"file:///etc/hosts", "file:/etc/hosts", "file://localhost/etc/hosts", "file:c:/path", "file:///c:/path",
		"file:c|/path", "file://host.example.com/share/x", "file:////host.example.com/share", "file:///",
		"data:,A%20brief%20note", "data:text/plain;charset=utf-8,hi", "data:;base64,SGVsbG8=", "data:;base64,",
		`data:text/plain;charset="utf-8",x`, "data:image/png;base64,iVBO%2Bw==", "data:;BASE64,AAAA",
		"ftp:x", "sip:alice@example.com", "http://.../api", "http://…/api",
	} {
		u := grammar.Parse(uri, grammar.AsURI, grammar.RFC8141)
		if ps := check(&u); len(ps) > 0 {
			t.Errorf("%s: %s %q", uri, ps[0].Code, ps[0].Message)
		}
	}
}

func TestLookup(t *testing.T) {
	for name, want := range map[string]*Scheme{"http": &HTTP, "WSS": &HTTP, "MailTo": &Mailto, "tel": &Tel,
		"file": &File, "data": &Data, "ftp": nil, "https+x": nil, "": nil, "h": nil} {
		if got := Lookup(name); got != want {
			t.Errorf("Lookup(%q) = %v, want %v", name, got, want)
		}
	}
}

// check returns the problems of u under its scheme's syntax, or nil when u
// has no scheme with a checker. u must be a URI (not a URN, not a relative
// reference) whose scheme is well formed.
func check(u *grammar.Parsed) []grammar.Violation {
	if u.As == grammar.AsURN || !u.Scheme.Present() {
		return nil
	}
	s := Lookup(u.Scheme.In(u.Input))
	if s == nil {
		return nil
	}
	return s.Check(u)
}

// TestMessagesBounded: every URI of badURIs, with the character at any
// place repeated 3,000 times, gives messages of at most 2,000 bytes: input
// is quoted abbreviated (grammar.Messagef, grammar.Quote).
func TestMessagesBounded(t *testing.T) {
	for _, c := range badURIs {
		for at, r := range c.uri {
			long := c.uri[:at] + strings.Repeat(string(r), 3000) + c.uri[at:]
			u := grammar.Parse(long, grammar.AsURI, grammar.RFC8141)
			for _, p := range check(&u) {
				if len(p.Message) > 2000 || len(p.FixMessage) > 2000 {
					t.Errorf("%.60s...: a message of %d bytes, a fix message of %d: %.200s", long, len(p.Message), len(p.FixMessage), p.Message)
				}
			}
		}
	}
}
