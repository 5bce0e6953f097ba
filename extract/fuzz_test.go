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

// adocFuzzSeeds are AsciiDoc inputs that reach the walker's constructs.
var adocFuzzSeeds = []string{
	"", ":", "= T\nA <a@b.c>\n:u: https://a.example \\\n b\n\n{u}[x] {u}/y[z] \\{u}",
	"https://a.example/[x] link:b.html[y] link:++c d++[] mailto:e@f.example[g] image:h.png[i,link=https://j.example/]",
	"image::k.svg[]\nvideo::l[youtube]\naudio::m.mp3[]\ninclude::https://n.example/o.adoc[]\ninclude::p.adoc[]",
	"`https://q.example/` ``r`` +https://s.example/+ ++t++ +++<a href=\"u\">v</a>+++ pass:[w] pass:m[x] $$y$$ stem:[z]",
	"----\n// c\nhttps://a.example/\n----\n....\nb\n....\n```js\nc\n```\n++++\n<a href=\"d\">\n++++\n////\ne\n////",
	"[source]\n--\nx\n--\n[cols=\"1,2a,l\",options=header]\n|===\n|a |b\n\n2+|c a|* d\n!===\n!e\n!===\n|f\\|g\n|===",
	",===\na,\"b,\"\"c\"\"\"\n,===\n:===\nd:e\\:f\n:===\n[format=tsv]\n|===\na\tb\n|===",
	"* a\n  b\n\n  c\nterm::\n\n  d\n\n== Title [[id]]\nTitle\n-----\n.T\n[[x]]\n<<x,y>> xref:z[w] [[a]] anchor:b[c]",
	"ifdef::x[]\n:u: https://a.example/\nendif::[]\nifndef::y[text https://b.example/]\n{set:v:w}{counter:n}{counter2:m}{v}",
	"\ufeff---\na: https://a.example/\n---\n_https://b.example/_ #https://c.example/# https://d.example/v\\...w[e] &#32;&amp;",
	strings.Repeat("`", 50) + strings.Repeat("+", 50) + strings.Repeat("[", 50) + strings.Repeat("{", 50) + strings.Repeat("<<", 50),
}

// FuzzAsciiDoc checks the AsciiDoc walker's invariants on any input: no
// panic, candidates in order with spans in range, Raw the source slice,
// pieces consistent; comments in order, inside the document, all handed
// over before any candidate, the same as AsciiDocComments finds; and the
// same candidates whatever the code switches, but for code.
func FuzzAsciiDoc(f *testing.F) {
	for _, s := range adocFuzzSeeds {
		f.Add([]byte(s))
	}
	for _, s := range adocCases {
		f.Add([]byte(s.in))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		var cands []Candidate
		var comments [][2]int
		prev := 0
		AsciiDoc(doc, Options{Comment: func(c Comment) {
			s, e := c.TextStart, c.TextEnd
			if c.Start > s || c.End < e || c.End > len(doc) {
				t.Fatalf("comment %+v: its text is not inside it", c)
			}
			if len(cands) > 0 {
				t.Fatalf("comment %d-%d after a candidate", s, e)
			}
			if s < prev || e < s || e > len(doc) {
				t.Fatalf("comment %d-%d out of order or range (previous end %d, len %d)", s, e, prev, len(doc))
			}
			prev = e
			comments = append(comments, [2]int{s, e})
		}}, func(c *Candidate) { cands = append(cands, *c) })
		checkInvariants(t, doc, cands)
		var only [][2]int
		AsciiDocComments(doc, func(c Comment) { only = append(only, [2]int{c.TextStart, c.TextEnd}) })
		if !slices.Equal(only, comments) {
			t.Fatalf("AsciiDocComments %v, the walker's comments %v", only, comments)
		}
		var plain, code []Candidate
		AsciiDoc(doc, Options{}, func(c *Candidate) { plain = append(plain, *c) })
		AsciiDoc(doc, Options{IncludeCodeBlocks: true, IncludeCodeSpans: true}, func(c *Candidate) { code = append(code, *c) })
		checkInvariants(t, doc, code)
		if len(plain) != len(cands) {
			t.Fatalf("%d candidates with comments reported, %d without", len(cands), len(plain))
		}
		// Every candidate read without code is read with it.
		k := 0
		for _, c := range plain {
			for k < len(code) && code[k].Start < c.Start {
				k++
			}
			if k == len(code) || code[k].Start != c.Start || code[k].URI != c.URI {
				t.Fatalf("%q at %d is not a candidate with the code switches", c.URI, c.Start)
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
		opts := Options{IncludeCodeBlocks: code, IncludeCodeSpans: code, Comment: func(c Comment) {
			s, e := c.TextStart, c.TextEnd
			if c.Start > s || c.End < e || c.End > len(doc) {
				t.Fatalf("comment %+v: its text is not inside it", c)
			}
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
		RSTComments(doc, func(c Comment) { again = append(again, [2]int{c.TextStart, c.TextEnd}) })
		if !slices.Equal(again, comments) {
			t.Fatalf("RSTComments %v, the walker %v", again, comments)
		}
	})
}
