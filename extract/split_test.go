package extract

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/urilint/urilint/internal/testcorpus"
)

// TestMarkdownSplits reads Markdown documents whole and cut at every
// point MarkdownSplits allows: the candidates must be the same, at the
// same offsets.
func TestMarkdownSplits(t *testing.T) {
	names, docs := markdownTestDocs(t)
	docs = append(docs, []byte(splitCases))
	names = append(names, "splitCases")
	cuts := 0
	for i, doc := range docs {
		for _, opts := range []Options{{}, {IncludeCodeBlocks: true}} {
			whole := candidates(doc, 0, opts)
			splits := MarkdownSplits(doc, 1)
			cuts += len(splits)
			var parts []string
			bounds := append(append([]int{0}, splits...), len(doc))
			for k := 0; k+1 < len(bounds); k++ {
				parts = append(parts, candidates(doc[bounds[k]:bounds[k+1]], bounds[k], opts)...)
			}
			if !slices.Equal(whole, parts) {
				for k := range max(len(whole), len(parts)) {
					var w, p string
					if k < len(whole) {
						w = whole[k]
					}
					if k < len(parts) {
						p = parts[k]
					}
					if w != p {
						t.Errorf("%s (%+v): candidate %d: whole %s, in parts %s (cuts at %v)", names[i], opts, k, w, p, splits)
						break
					}
				}
			}
		}
	}
	if cuts < 100 {
		t.Errorf("only %d cuts in all", cuts)
	}
}

func candidates(doc []byte, base int, opts Options) []string {
	var out []string
	Markdown(doc, opts, func(c *Candidate) {
		out = append(out, fmt.Sprintf("%d-%d %s %q %s %s", base+c.Start, base+c.End, c.Kind, c.URI, c.Context, c.Attribute))
	})
	return out
}

// splitCases are the constructs that run across blank lines.
const splitCases = `---
title: front matter

url: http://front.example/
---

A paragraph http://a.example/

` + "```" + `
fenced http://b.example/

at column 0 inside the fence: http://c.example/
` + "```" + `

<!--
a comment

http://d.example/ is commented out
-->

<pre>
preformatted

http://e.example/
</pre>

- a list item

  continued http://f.example/

next http://g.example/

> a quote http://h.example/

[ref]: http://i.example/

[a link][ref] and [http://j.example/][ref] and [*http://k.example/*][ref]

~~~~
a longer fence
~~~
http://l.example/ still inside
~~~~

    indented code http://m.example/

after http://n.example/

<script>
var u = "http://o.example/";

http://p.example/
</script>

the end http://q.example/

- a tight list http://r.example/
- of items [s](http://s.example/)
  continued http://t.example/
lazily continued http://u.example/
- next item
  - nested http://v.example/
- * * *
* a bullet of another list
* * *
1. ordered http://w.example/
2. second [x][ref]
3) another list http://x.example/
A paragraph
2. is not interrupted http://y.example/

<div>
- inside an HTML block http://z.example/
- still inside
</div>

Display math runs across blank lines (mdmath.go):

$$
a

[b](http://math.example/)
$$

After it http://after-math.example/
`

func TestMarkdownSplitsCuts(t *testing.T) {
	doc := []byte(splitCases)
	var starts []string
	for _, s := range MarkdownSplits(doc, 1) {
		line, _ := lineAt(doc, s)
		starts = append(starts, string(line))
	}
	want := []string{
		"A paragraph http://a.example/", "```", "<!--", "<pre>", "- a list item", "next http://g.example/",
		"> a quote http://h.example/", "[ref]: http://i.example/", "[a link][ref] and [http://j.example/][ref] and [*http://k.example/*][ref]",
		"~~~~", "after http://n.example/", "<script>", "the end http://q.example/",
		"- a tight list http://r.example/", "- of items [s](http://s.example/)", "- next item", "- * * *",
		"* a bullet of another list", "1. ordered http://w.example/", "2. second [x][ref]", "<div>",
		"Display math runs across blank lines (mdmath.go):", // and no cut from "$$" on
	}
	if !slices.Equal(starts, want) {
		t.Errorf("cuts before\n%q\nwant\n%q", starts, want)
	}
}

// TestMarkdownUnreferencedFootnotes: a footnote definition is read even
// when no footnote of the document is referred to (goldmark drops the
// whole list then), as it is in a part cut from the document.
func TestMarkdownUnreferencedFootnotes(t *testing.T) {
	got := candidates([]byte("Text.\n\n[^2]: See [RFC 1123](https://tools.ietf.org/html/rfc1123) and http://a.example/.\n"), 0, Options{})
	want := []string{
		`28-63 uri "https://tools.ietf.org/html/rfc1123" markdown-link `,
		`69-86 uri "http://a.example/" text `,
	}
	if !slices.Equal(got, want) {
		t.Errorf("candidates %q, want %q", got, want)
	}
}

// FuzzMarkdownSplits: any document read whole and cut at every point
// MarkdownSplits allows gives the same candidates at the same offsets,
// but for a document with link reference definitions ("]:"), which are
// resolved within a part only (see MarkdownSplits; the corpus test holds
// real documents with them to the same result).
func FuzzMarkdownSplits(f *testing.F) {
	f.Add([]byte(splitCases))
	for _, s := range []string{
		"- a http://a.example/\n- b [c](http://c.example/)\n* d\n* e <http://e.example/>\n",
		"1. a\n2. [b\n3. c](http://b.example/)\n10) d http://d.example/\n11) e\n",
		"<div>\n- a http://a.example/\n- b\n</div>\n- c http://c.example/\n- d\n",
		"- `code\n- span` http://a.example/\n- <a href=\"http://b.example/\n- x\">\n- [r]: http://r.example/\n- [r]\n",
		"> - a\n> - b http://a.example/\n- c\n- - -\n- d\n",
		"* a\n  ~~~\n~~~\n* http://a.example/\n~~~ info\n\n- b http://b.example/\n~~~\n\nafter http://c.example/\n",
		"  ```\ncode\n```\ntext\n```go\nhttp://a.example/\n```\n\n- x http://b.example/\n  ```\n```\n\n<div>\n\nc\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		if bytes.Contains(doc, []byte("]:")) {
			return
		}
		whole := candidates(doc, 0, Options{})
		var parts []string
		splits := MarkdownSplits(doc, 1)
		bounds := append(append([]int{0}, splits...), len(doc))
		for k := 0; k+1 < len(bounds); k++ {
			if len(splits) > 0 && bounds[k] >= bounds[k+1] {
				t.Fatalf("cuts out of order or at an end: %v", splits)
			}
			parts = append(parts, candidates(doc[bounds[k]:bounds[k+1]], bounds[k], Options{})...)
		}
		if !slices.Equal(whole, parts) {
			t.Fatalf("cuts at %v:\nwhole    %q\nin parts %q", bounds[1:len(bounds)-1], whole, parts)
		}
	})
}

// TestMarkdownSplitsAmbiguousFence: a fence opened with spaces before it
// and closed at column 0 may have been a list item's; no cut after it
// while the two readings differ, and, once they meet again (at the end of
// a fence with an info string), cuts as before, with the candidates of
// the whole.
func TestMarkdownSplitsAmbiguousFence(t *testing.T) {
	for _, doc := range []string{
		"* a\n  ~~~\n~~~\n* http://a.example/\n~~~\n\n- b http://b.example/\n",
		"  ~~~\ncode\n~~~\ntext\n~~~\n- http://a.example/\n~~~\n",
	} {
		if s := MarkdownSplits([]byte(doc), 1); len(s) != 0 {
			t.Errorf("%q: cuts at %v", doc, s)
		}
	}
	for _, tt := range []struct{ doc, cut string }{
		// Not in a list: the line at column 0 closes the fence.
		{"  ~~~\ncode\n~~~\ntext http://t.example/\n~~~ info\nhttp://a.example/\n\n- x\n~~~\n\nafter http://b.example/\n", "after http://b.example/"},
		// In a list item: it ends the item and opens a fence.
		{"* a\n  ~~~\n~~~\n* http://a.example/\n~~~ info\n\n- b http://b.example/\n~~~\n\nafter http://c.example/\n", "after http://c.example/"},
	} {
		doc := []byte(tt.doc)
		splits := MarkdownSplits(doc, 1)
		var starts []string
		for _, s := range splits {
			line, _ := lineAt(doc, s)
			starts = append(starts, string(line))
		}
		if !slices.Equal(starts, []string{tt.cut}) {
			t.Errorf("%q: cuts before %q, want before %q", tt.doc, starts, tt.cut)
			continue
		}
		whole := candidates(doc, 0, Options{})
		parts := append(candidates(doc[:splits[0]], 0, Options{}), candidates(doc[splits[0]:], splits[0], Options{})...)
		if !slices.Equal(whole, parts) || len(whole) == 0 {
			t.Errorf("%q: whole %q, in parts %q", tt.doc, whole, parts)
		}
	}
}

// markdownTestDocs returns the names and texts of the Markdown documents
// of testdata (the walker's and the rules') and of the corpus.
func markdownTestDocs(t *testing.T) (names []string, docs [][]byte) {
	t.Helper()
	for _, pattern := range []string{"../testdata/markdown/*.md", "../testdata/rules/*/*.md"} {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			src, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			docs, names = append(docs, src), append(names, p)
		}
	}
	corpus, _ := testcorpus.Load(t, "md", "URILINT_CORPUS_MD", ".md")
	for _, d := range corpus {
		docs, names = append(docs, d.Src), append(names, d.Path)
	}
	return names, docs
}
