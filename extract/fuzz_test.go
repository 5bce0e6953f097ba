package extract

import (
	"strings"
	"testing"

	"github.com/urilint/urilint/extract/grammar"
)

var fuzzSeeds = []string{
	"", ":", "urn:", "urn:example:a123,z456?+abc?=xyz#789", "urn:ex:ex?+?=q", "urn:a:b??c",
	"http://[2001:db8::7]/c=GB?objectClass?one", "http://user@[v1.x]:80/%41%zz#a#b",
	"Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\nbut <ftp://foo.example.\ncom/rfc/>.",
	"<URL: http://a.example/b-\n c>", "(http://x.example/a_(b))", "*urn:example:x*", "http://é.example/Москва",
	"std::vector 10:30 C:\\x", "<xs:element name='x'/>", "\xef\xbb\xbfhttp://a\r\n", "http://a/\xff\x00",
	"<a:<b:<c:", "urn:urn:urn:urn:", strings.Repeat("(", 20) + "http://a/" + strings.Repeat(")", 20),
}

// FuzzText checks the scanner's invariants on any input: no panic,
// candidates in document order with spans in range, Raw equal to the source
// slice, URI equal to Raw without layout, positions that agree with a slow
// reference, and URIs that start with a scheme and hold no whitespace.
func FuzzText(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		cands := Text(doc)
		checkInvariants(t, doc, cands)
		for _, c := range cands {
			colon := strings.IndexByte(c.URI, ':')
			if colon < 1 || !grammar.IsAlpha(c.URI[0]) {
				t.Fatalf("URI %q does not start with a scheme", c.URI)
			}
			for i := 0; i < len(c.URI); i++ {
				if grammar.IsSpace(c.URI[i]) {
					t.Fatalf("URI %q holds whitespace", c.URI)
				}
			}
			for _, h := range c.HyphenBreaks {
				if h < c.Start || h >= c.End || doc[h] != '-' {
					t.Fatalf("hyphen break %d outside %d-%d or not a hyphen", h, c.Start, c.End)
				}
			}
		}
	})
}
