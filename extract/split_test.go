package extract

import (
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
	var docs [][]byte
	var names []string
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
