package extract

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func checkText(t *testing.T, doc string, want ...string) {
	t.Helper()
	got := renderAll([]byte(doc), Text([]byte(doc)))
	if !slices.Equal(got, want) {
		t.Errorf("Text(%q):\n got %s\nwant %s", doc, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}

// RFC 3986 Appendix C, as published (the copy of the 2003 draft in
// shared/specs lost the bracketed text in conversion).
func TestTextAppendixCExample(t *testing.T) {
	checkText(t, ""+
		"      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"+
		"      but you can probably pick it up from <ftp://foo.example.\n"+
		"      com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n"+
		"      ietf/uri/historical.html#WARNING>.\n",
		`1:35-1:64 34-63 uri quoted "http://www.w3.org/Addressing/"`,
		`2:45-3:15 110-143 uri angle "ftp://foo.example.com/rfc/" raw="ftp://foo.example.\n      com/rfc/"`,
		`3:40-4:39 168-234 uri angle "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING" raw="http://www.ics.uci.edu/pub/\n      ietf/uri/historical.html#WARNING"`,
	)
}

// The same example as RFC 2396 Appendix E and draft-fielding-uri-rfc2396bis-01
// Appendix E give it.
func TestTextAppendixEExample2003Draft(t *testing.T) {
	checkText(t, ""+
		"   Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n"+
		"   but you can probably pick it up from <ftp://ds.internic.\n"+
		"   net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n"+
		"   ietf/uri/historical.html#WARNING>.\n",
		`1:32-1:61 31-60 uri quoted "http://www.w3.org/Addressing/"`,
		`2:42-3:12 104-134 uri angle "ftp://ds.internic.net/rfc/" raw="ftp://ds.internic.\n   net/rfc/"`,
		`3:37-4:36 159-222 uri angle "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING" raw="http://www.ics.uci.edu/pub/\n   ietf/uri/historical.html#WARNING"`,
	)
}

// The wrapper example of the 1993 URL draft, section 1.3, and a reference
// from its bibliography where a ">" inside the URI ends the wrapper.
func TestText1993WrapperExample(t *testing.T) {
	checkText(t, ""+
		"Yes, Jim, I found it under <ftp://info.cern.ch/pub> but\n"+
		"you can probably pick it up from <ftp://ds.internic.net/rfc>.\n"+
		"See also <gopher://gopher.micro.umn.edu/00>About Gopher/About Gopher>\n",
		`1:29-1:51 28-50 uri angle "ftp://info.cern.ch/pub"`,
		`2:35-2:60 90-115 uri angle "ftp://ds.internic.net/rfc"`,
		`3:11-3:43 128-160 uri angle "gopher://gopher.micro.umn.edu/00"`,
	)
}

// RFC 3986 section 1.1.2, laid out as in the RFC.
func TestTextRFC3986Examples(t *testing.T) {
	checkText(t, ""+
		"      ftp://ftp.is.co.za/rfc/rfc1808.txt\n"+
		"      http://www.ietf.org/rfc/rfc2396.txt\n"+
		"      ldap://[2001:db8::7]/c=GB?objectClass?one\n"+
		"      mailto:John.Doe@example.com\n"+
		"      news:comp.infosystems.www.servers.unix\n"+
		"      tel:+1-816-555-1212\n"+
		"      telnet://192.0.2.16:80/\n"+
		"      urn:oasis:names:specification:docbook:dtd:xml:4.1.2\n",
		`1:7-1:41 6-40 uri text "ftp://ftp.is.co.za/rfc/rfc1808.txt"`,
		`2:7-2:42 47-82 uri text "http://www.ietf.org/rfc/rfc2396.txt"`,
		`3:7-3:48 89-130 uri text "ldap://[2001:db8::7]/c=GB?objectClass?one"`,
		`4:7-4:34 137-164 uri text "mailto:John.Doe@example.com"`,
		`5:7-5:45 171-209 uri text "news:comp.infosystems.www.servers.unix"`,
		`6:7-6:26 216-235 uri text "tel:+1-816-555-1212"`,
		`7:7-7:30 242-265 uri text "telnet://192.0.2.16:80/"`,
		`8:7-8:58 272-323 urn text "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"`,
	)
}

// The URNs of RFC 8141 section 3.2 in a bulleted list.
func TestTextRFC8141Examples(t *testing.T) {
	checkText(t, ""+
		"   o  urn:example:a123,z456\n"+
		"   o  URN:example:a123,z456\n"+
		"   o  urn:EXAMPLE:a123,z456?+abc\n"+
		"   o  urn:example:a123,z456?=xyz\n"+
		"   o  urn:example:a123,z456#789\n"+
		"   o  urn:example:a123%2Cz456\n"+
		"   o  urn:example:%D0%B0123,z456\n",
		`1:7-1:28 6-27 urn text "urn:example:a123,z456"`,
		`2:7-2:28 34-55 urn text "URN:example:a123,z456"`,
		`3:7-3:33 62-88 urn text "urn:EXAMPLE:a123,z456?+abc"`,
		`4:7-4:33 95-121 urn text "urn:example:a123,z456?=xyz"`,
		`5:7-5:32 128-153 urn text "urn:example:a123,z456#789"`,
		`6:7-6:30 160-183 urn text "urn:example:a123%2Cz456"`,
		`7:7-7:33 190-216 urn text "urn:example:%D0%B0123,z456"`,
	)
}

func TestTextNotCandidates(t *testing.T) {
	for _, doc := range []string{
		"Note: this", "Note:this", "at 10:30 today", `C:\x`, `C:\Windows\x.txt`, "std::vector<int>",
		"localhost:8080", "key:value", "a:b", "http://", "see the http:// prefix", "https:// and",
		"mailto:", "mailto: x", "fe80::1", "2001:db8::1", "e.g.: this", "X-Custom:value",
		"urn:", "urn: x", "urn::", `"urn:"`, "urn:<NID>:<NSS>", "http:.", "(http:)", "<>", "<http:>",
		"<http: >", `"urn:xmpp:"`, "urn:ietf: namespace", "<URL:>", "<URL:foo>", "< http://", "foo@bar.example.com", "www.example.com",
		"::::", "://", "x:", "1:1", ":foo", "1abc://foo", "2http://a.example/",
		// Patterns that match URIs, not URIs: regular expressions (a NAPTR
		// record, a Perl match) and a string escaped for one.
		`"!^urn:cid:.+@([^\.]+\.)(.*)$!\2!i"`, `/urn:ietf:(\w*):(\d*)/i`, `"http://cdni\\.example/"`,
		`^https?://example\.com/`, "https://(?:www\\.)?example.com/", "http://example.com/.*",
		// SOAP elements whose namespace prefix is urn.
		"<urn:spppAddRequest>", "</urn:spppAddRequest>", "<urn:x/>",
	} {
		if got := renderAll([]byte(doc), Text([]byte(doc))); got != nil {
			t.Errorf("Text(%q) = %s, want no candidate", doc, got)
		}
	}
}

func TestTextDelimiting(t *testing.T) {
	tests := []struct {
		doc  string
		want []string // the URIs found
	}{
		// Sentence punctuation after a URI is not part of it.
		{"see http://a.example/x.", []string{"http://a.example/x"}},
		{"see http://a.example/x...", []string{"http://a.example/x"}},
		{"http://a.example/x, and", []string{"http://a.example/x"}},
		{"http://a.example/x; and", []string{"http://a.example/x"}},
		{"http://a.example/x: and", []string{"http://a.example/x"}},
		{"is it http://a.example/x?", []string{"http://a.example/x"}},
		{"http://a.example/x!", []string{"http://a.example/x"}},
		{"http://a.example/x?!.", []string{"http://a.example/x"}},
		{"urn:example:foo.", []string{"urn:example:foo"}},
		{"the urn:example namespace", nil}, // a namespace name, not a URN
		{"the \"URN:NBN\" namespace", nil},
		{"<urn:example>", nil}, // an element whose namespace prefix is "urn"
		{"<urn:example:a>", []string{"urn:example:a"}},
		{"urn:example?=q", nil},
		{"xmlns='urn:example:a'/>", []string{"urn:example:a"}},
		{"'http://a.example/x'more", []string{"http://a.example/x"}},
		// A "|" before the URI separates values, and so does the next.
		{`luks="passphrase|file:///path/to/keyfile|random"`, []string{"file:///path/to/keyfile"}},
		{"^import.*|http://|ftp://|@see|@link", nil},
		{"x|http://a.example/y", []string{"http://a.example/y"}},
		{"see http://a.example/a|b", []string{"http://a.example/a|b"}},
		{"urn:ietf:params:xml:ns: prefix", []string{"urn:ietf:params:xml:ns"}},
		{"<urn:xmpp:>", []string{"urn:xmpp:"}},
		{"urn:xmpp:*", []string{"urn:xmpp:*"}}, // "*" is a pchar: a valid URN
		{"http://a.example/x.y", []string{"http://a.example/x.y"}},
		{"http://a.example/?q=1", []string{"http://a.example/?q=1"}},
		{"http://a.example/#", []string{"http://a.example/#"}},
		{"http://a.example/x=", []string{"http://a.example/x="}},
		{"http://a.example/x-", []string{"http://a.example/x-"}},
		{"http://a.example/x_", []string{"http://a.example/x_"}},
		// Emphasis in plain text.
		{"*http://a.example/x*", []string{"http://a.example/x"}},
		{"see http://a.example/search?q=* now", []string{"http://a.example/search?q=*"}},
		{"http://a.example/x*.", []string{"http://a.example/x*"}},
		{"**urn:example:b**", []string{"urn:example:b"}},
		{"_http://a.example/x_", []string{"http://a.example/x_"}},
		// Brackets: balanced ones are kept, an unmatched closer ends the URI.
		{"http://example.com/x_(y)", []string{"http://example.com/x_(y)"}},
		{"(see http://example.com/x_(y))", []string{"http://example.com/x_(y)"}},
		{"(http://example.com/x), and", []string{"http://example.com/x"}},
		{"(http://example.com/x)more", []string{"http://example.com/x"}},
		{"[http://example.com/x]", []string{"http://example.com/x"}},
		{"http://[2001:db8::7]/c=GB", []string{"http://[2001:db8::7]/c=GB"}},
		{"http://example.com/a_(b_(c))", []string{"http://example.com/a_(b_(c))"}},
		{"http://example.com/users/{id}", []string{"http://example.com/users/{id}"}},
		{"{http://example.com/users/{id}}", []string{"http://example.com/users/{id}"}},
		{"http://example.com/a(b", []string{"http://example.com/a(b"}},
		{"see http://example.com/x( and", []string{"http://example.com/x"}},
		{"see http://example.com/x[. and", []string{"http://example.com/x"}},
		// Quotes.
		{`"http://a.example/x"`, []string{"http://a.example/x"}},
		{`"http://a.example/x."`, []string{"http://a.example/x"}},
		{"'http://a.example/x'", []string{"http://a.example/x"}},
		{"http://a.example/it's", []string{"http://a.example/it's"}},
		{"http://a.example/it's'", []string{"http://a.example/it's"}},
		{"http://a.example/'a'", []string{"http://a.example/'a'"}},
		{`{"url":"http://a.example/x"}`, []string{"http://a.example/x"}},
		// Excluded characters stay inside when more of the URI follows.
		{"http://a.example/a|b", []string{"http://a.example/a|b"}},
		{"http://a.example/a|", []string{"http://a.example/a"}},
		{"http://a.example/a\\b^c`d", []string{"http://a.example/a\\b^c`d"}},
		{"`http://a.example/a`, `urn:example:b`", []string{"http://a.example/a", "urn:example:b"}},
		{"http://a.example/a\x01b", []string{"http://a.example/a\x01b"}},
		{"http://a.example/a\x01 b", []string{"http://a.example/a"}},
		{"http://a.example/a{", []string{"http://a.example/a"}},
		// "%" always belongs to the candidate.
		{"http://a.example/50%", []string{"http://a.example/50%"}},
		{"http://a.example/50%.", []string{"http://a.example/50%"}},
		{"urn:example:a%2", []string{"urn:example:a%2"}},
		// Non-ASCII: letters, marks and digits continue, anything else ends.
		{"http://a.example/été.", []string{"http://a.example/été"}},
		{"http://中国.中国/中国。", []string{"http://中国.中国/中国"}},
		{"http://उदाहरण.परीकषा", []string{"http://उदाहरण.परीकषा"}},
		{"“http://a.example/x”", []string{"http://a.example/x"}},
		{"http://a.example/x\u00a0y", []string{"http://a.example/x"}},
		// A byte that is not UTF-8 continues where more of the URI follows
		// (percent-unencoded then names it); where the URI would end with
		// it, it is the document's text in a legacy encoding: Latin-1
		// "caf\xe9", Windows-1251's "»" (0xBB) after a URI in pwsafe's
		// Russian help, GBK's punctuation and words.
		{"http://a.example/x\xffy", []string{"http://a.example/x\xffy"}},
		{"http://a.example/\xff\xfe/x", []string{"http://a.example/\xff\xfe/x"}},
		{"see http://a.example/caf\xe9 now", []string{"http://a.example/caf"}},
		{"\xab http://www.foo.net\xbb \xe8\xeb\xe8", []string{"http://www.foo.net"}},
		{"http://www.foo.net\xa1\xb1\xa1\xa3\xd5\xe2", []string{"http://www.foo.net"}},
		// The start of a UTF-8 character whose last byte a conversion
		// replaced by "?" (a closing quote, jumbo6's blog): a damaged
		// character, which ends the URI; a legacy letter before "?" does not.
		{"http://www.xml-cml.org/schema\xe2\x80?/ x", []string{"http://www.xml-cml.org/schema"}},
		{"http://a.example/caf\xe9?q=1", []string{"http://a.example/caf\xe9?q=1"}},
		{"http://a.example/x\xe2\x80/y", []string{"http://a.example/x\xe2\x80/y"}},
		{"see http://a.example/ko\x9cci\xf3\xb3?id=1 now", []string{"http://a.example/ko\x9cci\xf3\xb3?id=1"}},
		{"http://a.example/\xe8\x9a?q=1", []string{"http://a.example/\xe8\x9a?q=1"}},
		{"http://a.example/x—y", []string{"http://a.example/x"}},
		// Delimiters.
		{"<http://a.example/x>y", []string{"http://a.example/x"}},
		{"http://a.example/x<y", []string{"http://a.example/x"}},
		{"http://a.example/x>y", []string{"http://a.example/x"}},
		{"http://a.example/x\ty", []string{"http://a.example/x"}},
		{"http://a.example/x-\nyz", []string{"http://a.example/x-"}},
		// Where candidates start.
		{"mailto:John.Doe@example.com", []string{"mailto:John.Doe@example.com"}},
		{"MAILTO:foo@example.com", []string{"MAILTO:foo@example.com"}},
		// A scheme that is also a word starts a URI only where its syntax
		// starts (docs/extraction.md).
		{"MAILTO:foo", nil},
		{"file:line:column", nil},
		{"tel:now and data:text and http:foo", nil},
		{"decompress_file:compress_file Guide_for_file:_URIs", nil},
		// A variable's sigil: a shell's "$file:" in a sed address
		// (postfixadmin's POSTFIX_CONF.txt, held-out set 213).
		{`sed -n "/$file:/,/^$/ p" and $http://a.example/`, nil},
		{"_http://a.example/x_", []string{"http://a.example/x_"}},
		{"TEL:tel:+1-201-555-0123", []string{"tel:+1-201-555-0123"}},
		{"http:a.example/x https:/a.example/y", []string{"http:a.example/x", "https:/a.example/y"}},
		{"<file:notes.txt> <tel:NUMBER>", []string{"file:notes.txt", "tel:NUMBER"}},
		{"mailto:i-d-\n   announce@ietf.org", []string{"mailto:i-d-"}},
		{"RL<sessid:1> and <sessid:1>", []string{"sessid:1"}},
		// Layout of plain text.
		{"   uri,http://a.example/x,urn:example:y", []string{"http://a.example/x", "urn:example:y"}},
		{"&lt;urn:example:a&gt; &quot;http://a.example/&#34;", []string{"urn:example:a", "http://a.example/"}},
		{"foo://bar", []string{"foo://bar"}},
		{"postgres://u@h:5432/db", []string{"postgres://u@h:5432/db"}},
		{"URN:ISBN:0-395-36341-1", []string{"URN:ISBN:0-395-36341-1"}},
		{"uRn:x:y", []string{"uRn:x:y"}},
		{"foorandom:bar", nil},
		// A registered scheme without "//" does not start inside a token.
		{"a4:8f:b8:6a:fe:89:bb:30:e6:98", nil},
		{"GET /restconf/data/example:interfaces/interface=eth1", nil},
		{"a=mid:1", []string{"mid:1"}},
		{"Location:http://a.example/", []string{"http://a.example/"}},
		{"id:urn:example:x", []string{"urn:example:x"}},
		{"x1http://a.example/", []string{"x1http://a.example/"}},
		{"1http://a.example/", nil}, // the scheme as written starts with a digit
		{".http://a.example/", []string{"http://a.example/"}},
		{".http://a.example/", []string{"http://a.example/"}},
		{strings.Repeat(".", 70) + "http://a.example/", []string{"http://a.example/"}},
		{strings.Repeat("-", 70) + "urn:ex:a", []string{"urn:ex:a"}},
		{strings.Repeat("a", 70) + "://x", []string{strings.Repeat("a", 70) + "://x"}},
		{"https://web.archive.org/web/2020/http://example.com/", []string{"https://web.archive.org/web/2020/http://example.com/"}},
		{"http://a.example/ http://b.example/", []string{"http://a.example/", "http://b.example/"}},
		{"data:text/plain,hi", []string{"data:text/plain,hi"}},
		{"data:,hi data:;base64,aGk= data:text,hi", []string{"data:,hi", "data:;base64,aGk=", "data:text,hi"}},
		// A script's keys, not data URIs: the media type names no
		// top-level type (minified jQuery in an XSL style sheet).
		{"x={data:function(a,b){var c}} and {data:d,handler:c}", nil},
		{"tag:example.com,2005:x", []string{"tag:example.com,2005:x"}},
		// content-type is a registered (provisional) scheme, so this is a
		// candidate; it is also a valid URI, so nothing is reported on it.
		{"Content-Type:text/html", []string{"Content-Type:text/html"}},
		// Angle brackets: any scheme, whitespace is layout.
		{"<m:abc>", nil}, // an XML element as much as a URI: see xmlName
		{"<xsd:annotation>", nil},
		{"<D:prop/>text</D:prop>", nil},
		{"<iodef:Contact role=\"creator\">", nil},
		{"<a:b/c>", []string{"a:b/c"}},
		{"<xs:element name='x' type='xs:string'/>", nil},
		{"<stream:stream\n    xmlns:stream='http://etherx.jabber.org/streams'\n    to='a.lit'>", []string{"http://etherx.jabber.org/streams"}},
		{"<xmpp:x a='1'>", nil}, // a tag: "xmpp:" before a word with no "@" or "." is no address
		{"<made-up:a/b c>", []string{"made-up:a/bc"}},
		{"<sip:user@domain>", []string{"sip:user@domain"}},
		{"<urn:xsd>", nil},
		{"<dav:prop>", []string{"dav:prop"}}, // registered scheme
		{"<a+b+c:d>", []string{"a+b+c:d"}},
		{"<localhost:5001/foo>", []string{"localhost:5001/foo"}},
		{"<http://a.example/ x y >", []string{"http://a.example/xy"}},
		{"<http://a.example/x.>", []string{"http://a.example/x."}},
		{"<http://a.example/\n\nx>", []string{"http://a.example/"}},
		{"<http://a.example/x <b>", []string{"http://a.example/x"}},
		{`<http://a.example/x" y>`, []string{"http://a.example/x"}},
		{"<http://a.example/x", []string{"http://a.example/x"}},
		{"<URL:http://a.example/x>", []string{"http://a.example/x"}},
		{"<http:\n  //a.example/x>", nil}, // nothing may follow the ":" but URI characters
		{"<URL:\nhttp://a.example/x>", []string{"http://a.example/x"}},
		{"<http://a.example/\r\rx>", []string{"http://a.example/"}}, // a blank line of lone CRs
		{"<TODO: fix this>", nil},
		{"<Note: see the text>", nil},
		{"std::map<std::string, int> m;", nil},
		{"Result<io::Error>", nil},
		{"<fe80::1>", nil},
		{"<URL: http://a.example/x>", []string{"http://a.example/x"}},
		{"<url:urn:example:x>", []string{"urn:example:x"}},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range Text([]byte(tt.doc)) {
			got = append(got, c.URI)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("Text(%q) = %q, want %q", tt.doc, got, tt.want)
		}
	}
}

func TestTextLayoutAndPositions(t *testing.T) {
	checkText(t, "see <urn:example:long-\n    name> and <URL: http://a.example/b\r\n c>.",
		`1:6-2:9 5-31 urn angle "urn:example:long-name" raw="urn:example:long-\n    name" hyphens=[21]`,
		`2:21-3:3 43-65 uri angle-url "http://a.example/bc" raw="http://a.example/b\r\n c" prefix=38`,
	)
	// A BOM is not counted in columns; tabs count as one character; so does
	// an invalid UTF-8 byte; CRLF line ends.
	// A line break right after the "<" is layout before the URI: the
	// candidate starts at its first character (found by fuzzing).
	checkText(t, "a <\nhttp://a.example/x> b <\n  http://b.example/\n  y>",
		`2:1-2:19 4-22 uri angle "http://a.example/x"`,
		`3:3-4:4 30-51 uri angle "http://b.example/y" raw="http://b.example/\n  y"`,
	)
	checkText(t, "\xef\xbb\xbfhttp://a.example/\r\n\tét\xff urn:example:x\r\n",
		`1:1-1:18 3-20 uri text "http://a.example/"`,
		`2:6-2:19 28-41 urn text "urn:example:x"`,
	)
	checkText(t, "„Привет“ http://a.example/x",
		`1:10-1:28 19-37 uri text "http://a.example/x"`,
	)
	checkText(t, `he said "http://a.example/x" then "urn:example:y`,
		`1:10-1:28 9-27 uri quoted "http://a.example/x"`,
		`1:36-1:49 35-48 urn text "urn:example:y"`,
	)
}

// A problem found in a candidate's URI maps back to where it was written,
// across removed layout whitespace.
func TestCandidateSourceSpan(t *testing.T) {
	doc := "x <http://a.example/a b\n  c-\n d>"
	cands := Text([]byte(doc))
	if len(cands) != 1 {
		t.Fatalf("got %d candidates", len(cands))
	}
	c := cands[0]
	if c.URI != "http://a.example/abc-d" {
		t.Fatalf("URI = %q", c.URI)
	}
	tests := []struct {
		start, end int
		want       string
	}{
		{0, 4, "http"},
		{17, 18, "a"},
		{17, 19, "a b"},
		{18, 19, "b"},
		{19, 21, "c-"},
		{20, 22, "-\n d"},
		{21, 22, "d"},
		{0, 22, "http://a.example/a b\n  c-\n d"},
		{22, 22, ""},
	}
	for _, tt := range tests {
		s, e := c.SourceSpan(tt.start, tt.end)
		if got := doc[s:e]; got != tt.want {
			t.Errorf("SourceSpan(%d, %d) = %d, %d = %q, want %q", tt.start, tt.end, s, e, got, tt.want)
		}
	}
	if len(c.HyphenBreaks) != 1 || doc[c.HyphenBreaks[0]] != '-' {
		t.Errorf("HyphenBreaks = %v", c.HyphenBreaks)
	}
}

func TestTextEveryCandidateInOrder(t *testing.T) {
	doc := []byte(strings.Repeat("a <urn:x:y> http://b.example/(c) \"urn:ex:z\" std::x 10:30 ", 50))
	cands := Text(doc)
	if len(cands) != 150 {
		t.Fatalf("%d candidates, want 150", len(cands))
	}
	checkInvariants(t, doc, cands)
}

// TestEqualFoldASCII checks that only ASCII letters are folded: "\r" + 32
// is "-" and 0x1A + 32 is ":", which once made "xmlns\x1Aa" an xmlns:
// attribute.
func TestEqualFoldASCII(t *testing.T) {
	for _, tt := range []struct {
		b, lower string
		want     bool
	}{
		{"HTTP-Equiv", "http-equiv", true},
		{"http\requiv", "http-equiv", false},
		{"XMLNS:", "xmlns:", true},
		{"xmlns\x1a", "xmlns:", false},
		{"@", "`", false},
		{"urn", "urn:", false},
	} {
		if got := equalFoldASCII([]byte(tt.b), tt.lower); got != tt.want {
			t.Errorf("equalFoldASCII(%q, %q) = %v", tt.b, tt.lower, got)
		}
	}
	var got []string
	HTML([]byte("<p xmlns\x1aa=\"urn:example:a\" xmlns:b=\"urn:example:b\">"), Options{}, func(c *Candidate) { got = append(got, c.Attribute+" "+c.URI) })
	if want := []string{"xmlns:b urn:example:b"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("HTML: %q, want %q", got, want)
	}
}

// A line folded with "\" (RFC 8792, and the RFCs before it: "backslashes
// shown for line folding only", RFC 8224 section 4.1) inside <...> is
// layout: the URI is rejoined without the "\". A "\" that does not end a
// line belongs to the URI.
func TestTextFoldedInAngleBrackets(t *testing.T) {
	checkText(t, "info=<https://biloxi.example.org \\\n   /biloxi.cert>\n",
		`1:7-2:16 6-50 uri angle "https://biloxi.example.org/biloxi.cert" raw="https://biloxi.example.org \\\n   /biloxi.cert"`)
	checkText(t, "<https://a.example/x\\ \t\r\n  y> <https://a.example/p\\q>\n",
		`1:2-2:4 1-28 uri angle "https://a.example/xy" raw="https://a.example/x\\ \t\r\n  y"`,
		`2:7-2:28 31-52 uri angle "https://a.example/p\\q"`)
	// Outside <...>, a bare URI ends at the line break, and a "\" that
	// ends it is trimmed like any excluded character.
	checkText(t, "see https://a.example/x\\\n  y\n",
		`1:5-1:24 4-23 uri text "https://a.example/x"`)
}

// The layouts of real documents (issue "Boundaries and recall"): each case
// is from a document where the scanner misread a URI.
func TestTextRealLayouts(t *testing.T) {
	// CJK and Hangul prose glued to a URI ends it; CJK letters after a
	// delimiter, or in a URI already written in them, continue it.
	checkText(t, "about:config对指定的配置选项进行修改",
		`1:1-1:13 0-12 uri text "about:config"`)
	checkText(t, "URL就变成chrome://browser/skin，",
		`1:7-1:28 12-33 uri text "chrome://browser/skin"`)
	checkText(t, "mailto:someone@hotmail.com의 주소",
		`1:1-1:27 0-26 uri text "mailto:someone@hotmail.com"`)
	checkText(t, "https://zh.wikipedia.org/wiki/中文 and /wiki/Straße",
		`1:1-1:33 0-36 uri text "https://zh.wikipedia.org/wiki/中文"`)
	checkText(t, "https://ja.wikipedia.org/wiki/東京都",
		`1:1-1:34 0-39 uri text "https://ja.wikipedia.org/wiki/東京都"`)
	// Zero-width joiners between letters continue it (Persian).
	checkText(t, "https://fa.wikipedia.org/wiki/زبان\u200cشناسی است",
		`1:1-1:41 0-51 uri text "https://fa.wikipedia.org/wiki/زبان\u200cشناسی"`)
	checkText(t, "http://a.example/x\u200d y", `1:1-1:19 0-18 uri text "http://a.example/x"`)
	// Separators: a "|" in a row of a plain-text table, and an excluded
	// character right before another URI.
	checkText(t, "| urn:ietf:params:jmap:core|[RFC8620] |\n",
		`1:3-1:28 2-27 urn text "urn:ietf:params:jmap:core"`)
	checkText(t, "proxy http://localhost:8080|socks5://localhost:9050 now",
		`1:7-1:28 6-27 uri text "http://localhost:8080"`,
		`1:29-1:52 28-51 uri text "socks5://localhost:9050"`)
	checkText(t, "not a table: http://a.example/x|y\n",
		`1:14-1:34 13-33 uri text "http://a.example/x|y"`)
	checkText(t, "http://a.example/x{https://b.example/y and http://c.example/{id}",
		`1:1-1:19 0-18 uri text "http://a.example/x"`,
		`1:20-1:39 19-38 uri text "https://b.example/y"`,
		`1:44-1:65 43-64 uri text "http://c.example/{id}"`)
	// "urn::" is a URN with an empty NID, the typo to report.
	checkText(t, "xmlns='urn::xmpp:styling:0'/>",
		`1:8-1:27 7-26 urn text "urn::xmpp:styling:0"`)
	checkText(t, "<urn::a:b>", `1:2-1:10 1-9 urn angle "urn::a:b"`)
	// "file:///" is complete.
	checkText(t, "see file:/// here", `1:5-1:13 4-12 uri text "file:///"`)
	// Field lines of iCalendar, vCard, SIP and HTTP examples.
	checkText(t, "   ORGANIZER:mailto:jsmith@example.com\n",
		`1:14-1:39 13-38 uri text "mailto:jsmith@example.com"`)
	checkText(t, "TEL;VALUE=uri:tel:+1-555-555-5555\n",
		`1:15-1:34 14-33 uri text "tel:+1-555-555-5555"`)
	checkText(t, "ATTENDEE;CN=\"John Smith\";RSVP=TRUE:mailto:john@example.com\n",
		`1:36-1:59 35-58 uri text "mailto:john@example.com"`)
	checkText(t, "Contact:sip:alice@example.com\n",
		`1:9-1:30 8-29 uri text "sip:alice@example.com"`)
	// Hex dumps and paths are no field lines.
	checkText(t, "3f:bb:30:e6:mailto:x 00:tel:1 /a/b:tel:1 x y:tel:1\n")
}

// In a document that declares RFC 8792 line folding, a bare URI folded
// with "\" at the end of a line goes on after the indentation of the next
// (and after a "\" there, in the "\\" strategy), RFC 8792 section 7.
func TestTextRFC8792Folding(t *testing.T) {
	checkText(t, "NOTE: '\\' line wrapping per RFC 8792\n\n   https://example.com/a/very/long/path\\\n   /and/more?q=1 end\n",
		`3:4-4:17 41-95 uri text "https://example.com/a/very/long/path/and/more?q=1" raw="https://example.com/a/very/long/path\\\n   /and/more?q=1"`)
	checkText(t, "NOTE: '\\\\' line wrapping per RFC 8792\n\n   urn:example:a-very-long-name\\\n   \\-and-more end\n",
		`3:4-4:14 42-85 urn text "urn:example:a-very-long-name-and-more" raw="urn:example:a-very-long-name\\\n   \\-and-more"`)
	// Without the declaration, or at a blank line, the URI ends there.
	checkText(t, "   https://example.com/a\\\n   /more\n", `1:4-1:25 3-24 uri text "https://example.com/a"`)
	checkText(t, "NOTE: '\\' line wrapping per RFC 8792\n   https://example.com/a\\\n\n   /more\n",
		`2:4-2:25 40-61 uri text "https://example.com/a"`)
}

// The text of an AsciiDoc link ends a bare URI, as AsciiDoc.py sources
// named .txt write it (the LTTng manuals): after a directory's "/", where
// it holds what no URI holds (a backtick, a brace, a character not ASCII),
// and where the URI, ended by a space, leaves its "[" open until later on
// the line. A group in a name's path, as xurls reads it, or around an IP
// literal stays (one left open in the query is trimmed, as before).
func TestTextAsciiDocLinkText(t *testing.T) {
	checkText(t, "A https://en.wikipedia.org/wiki/Flight_recorder[flight recorder]: see\n"+
		"https://lagabiere.com/[Lagabière], https://www.python.org/[Python{nbsp}3],\n"+
		"http://diamon.org/babeltrace[`babeltrace`] and irc://irc.oftc.net/lttng[IRC channel].\n"+
		"But http://foo.com/path_[more], http://a.example/x?f[a b] and http://[::1]/ stay.\n",
		`1:3-1:48 2-47 uri text "https://en.wikipedia.org/wiki/Flight_recorder"`,
		`2:1-2:23 70-92 uri text "https://lagabiere.com/"`,
		`2:36-2:59 106-129 uri text "https://www.python.org/"`,
		`3:1-3:29 146-174 uri text "http://diamon.org/babeltrace"`,
		`3:48-3:72 193-217 uri text "irc://irc.oftc.net/lttng"`,
		`4:5-4:31 236-262 uri text "http://foo.com/path_[more]"`,
		`4:33-4:53 264-284 uri text "http://a.example/x?f"`,
		`4:63-4:76 294-307 uri text "http://[::1]/"`,
	)
	// A reference's number glued after a web URI's path or fragment, as a
	// change log that lost its line breaks writes it (OpenOCD's), is not
	// the URI's; an index in the query or after another scheme is.
	checkText(t, "See https://a.example/gdb/Formats.html#Types[2] and https://a.example/view[12].\n"+
		"But http://a.example/x?a[0] and cfg://handlers.email[0] stay.\n",
		`1:5-1:45 4-44 uri text "https://a.example/gdb/Formats.html#Types"`,
		`1:53-1:75 52-74 uri text "https://a.example/view"`,
		`2:5-2:28 84-107 uri text "http://a.example/x?a[0]"`,
		`2:33-2:56 112-135 uri text "cfg://handlers.email[0]"`,
	)
	// The URI itself as the link's text (OpenCL's specification, AsciiDoc
	// saved as .txt), and text glued after the group in a language written
	// without spaces (yash's Japanese manual); not a Latin word glued on.
	checkText(t, "At https://hal.inria.fr/inria-00070503/document[https://hal.inria.fr/inria-00070503/document].\n"+
		"Yash の https://github.com/magicant/yash[ソースコードレポジトリ]および https://a.example/x[y]é\n",
		`1:4-1:48 3-47 uri text "https://hal.inria.fr/inria-00070503/document"`,
		`1:49-1:93 48-92 uri text "https://hal.inria.fr/inria-00070503/document"`, // the text, a URI of its own
		`2:8-2:40 104-136 uri text "https://github.com/magicant/yash"`,
		`2:57-2:80 181-205 uri text "https://a.example/x[y]é"`,
	)
	// Two Markdown link reference definitions run together (a Kubernetes
	// enhancement proposal): the group is the next label, a slip in the
	// URI, kept to be reported.
	checkText(t, "[kubernetes.io]: https://kubernetes.io/[kubernetes/enhancements]: https://git.k8s.io/enhancements\n"+
		"[kubernetes/website]: https://git.k8s.io/website[Configuration Functions Specification]:\nhttps://github.com/a/b\n",
		`1:18-1:65 17-64 uri text "https://kubernetes.io/[kubernetes/enhancements]"`,
		`1:67-1:98 66-97 uri text "https://git.k8s.io/enhancements"`,
		`2:23-2:63 120-160 uri text "https://git.k8s.io/website[Configuration"`,
		`3:1-3:23 187-209 uri text "https://github.com/a/b"`,
	)
}

// A URI whose unregistered scheme ends names joined by ":" is read whole
// from its first name: JDBC's URLs (H2's documentation,
// "jdbc:h2:ssl://localhost/~/test", whose "ssl" is H2's mode, no slip of
// "ssh"). A registered scheme glued to a label starts there.
// TestTextQualifiedName: a scheme after the "::" of a qualified name of a
// program ("uri::urn::quote", Tcl's uri package) starts no URI; one after
// a label's ":" does.
func TestTextQualifiedName(t *testing.T) {
	checkText(t, "Use uri::urn::quote, Foo::http::get and see:http://a.example/.\n",
		`1:45-1:62 44-61 uri text "http://a.example/"`,
	)
	// A name after "::" that is no part of a qualified name is a scheme
	// (AsciiDoc's "link::", which Asciidoctor does not read as its macro).
	checkText(t, "link::http://b.example/ x\n", `1:7-1:24 6-23 uri text "http://b.example/"`)
}

func TestTextCompoundScheme(t *testing.T) {
	checkText(t, "Use jdbc:h2:ssl://localhost/~/test or jdbc:mysql://localhost:3306/db; Note:http://a.example/x\n",
		`1:5-1:35 4-34 uri text "jdbc:h2:ssl://localhost/~/test"`,
		`1:39-1:69 38-68 uri text "jdbc:mysql://localhost:3306/db"`,
		`1:76-1:94 75-93 uri text "http://a.example/x"`,
	)
}

// In plain text, a URI quoted in backticks is code, as Markdown, AsciiDoc
// and reStructuredText write it (Cherokee's manual, AsciiDoc saved as
// .txt: "`http://^1/admin/$1`", a rewrite rule's substitution); a quote of
// TeX's, a backtick not right before the URI, and a span with whitespace
// before its close are not.
func TestTextBackticks(t *testing.T) {
	const doc = "Substitute `http://^1/admin/$1` or `https://${host}[:-4].com/$1`.\n" +
		"It returns `http://example.net/nonexistent.htm`-the page.\n" +
		"TeX quotes `http://www.gnu.org/' are prose, and so is `curl http://a.example/x`,\n" +
		"and `http://b.example/y z`.\n"
	uris := func(opts Options) []string {
		var got []string
		formats[FormatText].walk([]byte(doc), opts, func(c *Candidate) {
			got = append(got, c.URI+" "+map[Context]string{ContextText: "text", ContextCodeSpan: "code-span"}[c.Context])
		})
		return got
	}
	prose := []string{"http://www.gnu.org/ text", "http://a.example/x text", "http://b.example/y text"}
	if got := uris(Options{}); !slices.Equal(got, prose) {
		t.Errorf("default:\n got %q\nwant %q", got, prose)
	}
	all := []string{"http://^1/admin/$1 code-span", "https://${host}[:-4].com/$1 code-span",
		"http://example.net/nonexistent.htm code-span", "http://www.gnu.org/ text", "http://a.example/x text", "http://b.example/y text"}
	if got := uris(Options{IncludeCodeSpans: true}); !slices.Equal(got, all) {
		t.Errorf("code spans included:\n got %q\nwant %q", got, all)
	}
}
