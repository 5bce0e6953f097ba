package extract

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

// readBig reads doc with the paragraphs of two lines or more read in
// pieces of a line or more (see mdbig.go), and with none, and returns both
// readings: whole candidates, targets and comments, in order.
func readBig(doc []byte, opts Options, piece int) (pieces, whole []any) {
	return readMarkdown(doc, opts, mdLimits{math.MaxInt, 1, piece}),
		readMarkdown(doc, opts, mdLimits{math.MaxInt, math.MaxInt, piece})
}

// bigCases hold paragraphs that a piece's end might cut: markup, comments
// and escapes over lines, in paragraphs past maxInlineWork or not, at the
// top level and in containers.
var bigCases = []string{
	"a `code\nspan http://a.example/` http://b.example/\nc *emphasis\nover* lines http://c.example/x_\ny_ z\n",
	"a <!-- urilint-disable-next-line\npercent-malformed --> http://a.example/%zz\nb http://b.example/%zz <!-- x\n-->\n",
	"a [link\ntext](http://a.example/\n\"title http://t.example/\") and [ref]\nhttp://b.example/ \\\n\\*x http://c.example/\n\n[ref]: http://r.example/\n",
	"> quoted http://a.example/\n> more `code\n> here` http://b.example/\nlazy line http://c.example/\n",
	"- item http://a.example/\n  continued <a\n  href=\"http://b.example/\">x</a>\n  end\n",
	"- [ ] task http://a.example/\n  more http://b.example/\n",
	"1. one\n2. two http://a.example/\n   three\n",
	"a line {#id}\nb {: .class #other }\n<span id=\"x\">y</span>\nc\n",
	"x &amp; http://a.example/?a=1&amp;b=2\nnext \\\\\\\nhttp://b.example/ &#x2F;\n",
	"<http://a.example/\nb> http://c.example/\n<http://d.example/>\n",
}

// bigOver is a paragraph past maxInlineWork: markup on each line, a
// comment and an escape over lines.
func bigOver() string {
	var b strings.Builder
	for i := 0; b.Len() < 40<<10; i++ {
		fmt.Fprintf(&b, "l%d *x* `y` [z](http://a.example/%d) http://b.example/%d_\n", i, i, i)
		switch i {
		case 100:
			b.WriteString("a <!-- comment\nover http://c.example/ lines --> http://d.example/%zz\n")
		case 200:
			b.WriteString("an escape \\\\\\\n*x http://e.example/\n")
		case 300:
			b.WriteString("<http://f.example/\ng> http://h.example/\n")
		}
	}
	return b.String()
}

// TestMarkdownBig: reading big paragraphs in pieces finds the same
// candidates, targets and comments as the parse of the whole, in the same
// order, over the cases, the test documents and the corpus.
func TestMarkdownBig(t *testing.T) {
	docs := map[string][]byte{"bigOver": []byte(bigOver())}
	for i, c := range bigCases {
		docs[fmt.Sprint("bigCases ", i)] = []byte(c)
	}
	names, texts := markdownTestDocs(t)
	for i, name := range names {
		docs[name] = texts[i]
	}
	for name, doc := range docs {
		pieceSizes := []int{1, 64}
		if !strings.HasPrefix(name, "big") {
			pieceSizes = pieceSizes[:1]
		}
		for _, opts := range plainOptions {
			for _, piece := range pieceSizes {
				if pieces, whole := readBig(doc, opts, piece); !reflect.DeepEqual(pieces, whole) {
					t.Errorf("%s (%+v, pieces of %d): read in pieces\n%v\nwhole\n%v", name, opts, piece, pieces, whole)
				}
			}
		}
	}
}

func FuzzMarkdownBig(f *testing.F) {
	for _, c := range bigCases {
		f.Add([]byte(c))
	}
	f.Add([]byte("so $[b]([a]G)$ x\ny\n")) // inline math (mdmath.go)
	f.Fuzz(func(t *testing.T, doc []byte) {
		for _, opts := range plainOptions {
			if pieces, whole := readBig(doc, opts, 1); !reflect.DeepEqual(pieces, whole) {
				t.Fatalf("%+v: read in pieces\n%v\nwhole\n%v", opts, pieces, whole)
			}
		}
	})
}

// TestMarkdownBigMemory: one paragraph of 8 MiB that the walker cannot
// read as plain (its lines hold markup, or start with a space), which no
// blank line cuts, holds a small constant times its size at once (issue
// 22, item 14: its syntax tree, 50 to 80 times it), and every URI is
// found, in order. What the heap holds at its peak is measured with the
// collector run often (GOGC=25), as the heap the process keeps from the
// operating system.
func TestMarkdownBigMemory(t *testing.T) {
	for _, tc := range []struct {
		name string
		line func(i int) string
	}{
		{"markup", func(i int) string { return fmt.Sprintf("urn:example:a%d *x\n", i) }},
		{"indented", func(i int) string { return fmt.Sprintf("  urn:example:a%d\n", i) }},
	} {
		var b strings.Builder
		b.WriteString("[a](http://a.example/)\n\n")
		urns := 0
		for i := 0; b.Len() < 8<<20; i++ {
			b.WriteString(tc.line(i))
			urns++
		}
		b.WriteString("\n[z](http://z.example/)\n")
		doc := []byte(b.String())
		n, last, ordered := 0, -1, true
		var finalURI string
		heldAtPeak(t, tc.name, len(doc), func() {
			Markdown(doc, Options{}, func(c *Candidate) {
				finalURI = c.URI
				ordered = ordered && c.Start > last
				last = c.Start
				n++
			})
		})
		if n != urns+2 || !ordered || finalURI != "http://z.example/" {
			t.Errorf("%s: %d candidates (ordered %v), last %q; want %d, %q", tc.name, n, ordered, finalURI, urns+2, "http://z.example/")
		}
	}
}
