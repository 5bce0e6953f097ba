package extract

import (
	"slices"
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

var rstSeeds = []string{
	"Title http://a.example/\n=====\n\n* `x <http://b.example/\n  y>`_ and ``code http://c/``\n",
	".. _t: http://a.example/\n   b\\ c\n\n.. |s| image:: i.png\n   :target: http://t/\n\n.. note:: x http://n/\n",
	"+---+---+\n| a | b |\n+===+===+\n| http://c/ | d |\n+---+---+\n\n===  ===\na    b\n===  ===\nhttp://e/  f\n===  ===\n",
	"Para::\n\n    code http://x/\n\n>>> http://y/\n\n.. code-block:: py\n\n   http://z/\n\n..\n   comment http://c/\n",
	"\xef\xbb\xbf:field: `a <b>`__ |sub|_ [1]_ *http://e/x* **s** :role:`t` `u`:r: name_ \\* http://u/pkg-|v|.tgz\r\n",
	"1. a\n2. b\n\n-o  option http://o/\n\n| line http://l/\n\nterm\n   def http://d/\n\n.. [#] foot http://f/\n",
	"=====  =====\na      b\n=====  =====\nx      .. c http://a/\n-----  -----\n=====  =====\n\n* +---+\n  | a |\n  +---+\n",
}

// FuzzRST checks the reStructuredText walker's invariants on any input: no
// panic, candidates in document order with spans in range, Raw equal to the
// source slice, pieces consistent, positions right; comments in order,
// each after "..", all of them before the first candidate, the same as
// RSTComments finds.
func FuzzRST(f *testing.F) {
	for _, s := range rstSeeds {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, doc []byte, code bool) {
		var cands []Candidate
		var comments [][2]int
		opts := Options{IncludeCodeBlocks: code, IncludeCodeSpans: code, Comment: func(s, e int) {
			if len(cands) > 0 {
				t.Fatalf("comment %d-%d after a candidate", s, e)
			}
			comments = append(comments, [2]int{s, e})
		}}
		ReStructuredText(doc, opts, func(c *Candidate) { cands = append(cands, *c) })
		checkInvariants(t, doc, cands)
		prev := 0
		for _, c := range comments {
			s, e := c[0], c[1]
			before := strings.TrimRight(string(doc[:min(s, len(doc))]), " \t")
			if s < prev || e < s || e > len(doc) || !strings.HasSuffix(before, "..") {
				t.Fatalf("comment %d-%d (%q) out of order or not after \"..\"", s, e, doc[min(s, len(doc)):min(e, len(doc))])
			}
			prev = s
		}
		var again [][2]int
		RSTComments(doc, func(s, e int) { again = append(again, [2]int{s, e}) })
		if !slices.Equal(again, comments) {
			t.Fatalf("RSTComments %v, the walker %v", again, comments)
		}
	})
}
