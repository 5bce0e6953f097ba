package extract

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// goldmarkFootnotes is the walker's parser as it was before mdfootnotes.go:
// goldmark's footnote extension whole, with a transformer that kept the
// definitions nothing refers to. The walker must find with its parser what
// it found with this one.
var goldmarkFootnotes = func() parser.Parser {
	return goldmark.New(
		goldmark.WithParser(parser.NewParser(parser.WithBlockParsers(blockParsers()...),
			parser.WithInlineParsers(parser.DefaultInlineParsers()...),
			parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...))),
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList, extension.Footnote),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(keepAllFootnotes{}, 998)),
			parser.WithInlineParsers(util.Prioritized(inlineLimit{}, -1)),
			parser.WithParagraphTransformers(util.Prioritized(definitionRuns{}, 99))),
	).Parser()
}()

// keepAllFootnotes keeps the footnote definitions that goldmark's
// transformer (which runs after it) would drop.
type keepAllFootnotes struct{}

func (keepAllFootnotes) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if list, ok := n.(*extast.FootnoteList); ok && entering {
			list.Count = max(list.Count, 1)
		}
		if fn, ok := n.(*extast.Footnote); ok && entering && fn.Index < 0 {
			fn.Index = math.MaxInt32
		}
		return ast.WalkContinue, nil
	})
}

// footnoteDocs are documents with footnotes in the places they may be.
var footnoteDocs = []string{
	"a[^1] b[^x]\n\n[^1]: http://a.example/\n[^1]: http://dup.example/\n",
	"![^1] and ![x](http://img.example/) ![^2](http://after.example/)\n\n[^1]: note http://n.example/\n",
	"> [^q]: in a quote http://q.example/\n\nref[^q] http://r.example/\n",
	"- item [^l]\n\n  [^l]: in a list http://l.example/\n- next[^l]\n",
	"[^a]: outer http://o.example/\n    [^b]: nested http://nb.example/\n\nx[^a][^b]\n",
	"[^]: empty http://e.example/\n[^ ]: blank http://b.example/\n[^] [^ ]\n",
	"[^a]: http://a.example/\n\n[link][^a] [^a][] [^a](http://inline.example/) [^a]: no\n",
	"text [^a\n\n[^a]: x http://x.example/\n",
	"http://x.example/[^1] http://y.example/![^1]\n\n[^1]:http://nospace.example/\n",
	"[^" + strings.Repeat("l", 1000) + "]: long http://long.example/\n\n[^" + strings.Repeat("l", 1000) + "]\n",
	"[^a]: first\n\n    indented http://ind.example/\n\nafter http://after.example/ [^a]\n",
	"para\n[^a]: interrupts http://int.example/\n\n[^a]\n",
	"[^a]: x\n\n[^A] [^a]\n\n[^A]: upper http://up.example/\n",
	"| a | b[^t] |\n|---|---|\n| http://c.example/[^t] | d |\n\n[^t]: cell http://t.example/\n",
	"[^nested [brackets]]: n http://nb.example/\n\n[^nested [brackets]]\n",
	"[^a]: def [^a] self http://self.example/\n",
	"*em [^a]* ~~st[^a]~~ `code [^a]`\n\n[^a]: http://a.example/\n",
	"[^1]: http://one.example/\n[ref]: http://ref.example/\n[^2]: http://two.example/\n\n[ref] [^2] [^1]\n",
}

// randomFootnoteDoc makes a document of pieces that footnotes are made of.
func randomFootnoteDoc(r *rand.Rand) string {
	pieces := []string{
		"[^a]", "[^b]", "[^a]: ", "[^b]:", "![^a]", "![^c]", "[^", "]", "[", "^", "!", ":", " ", "\n", "\n\n",
		"    ", "> ", "- ", "1. ", "http://x.example/", "urn:x:y", "[t](http://l.example/)", "[t][^a]",
		"[^a][]", "[^a](http://p.example/)", "`", "*", "|", "|---|\n", "\\", "&amp;", "<b>", "text",
	}
	var b strings.Builder
	for range r.IntN(40) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// sameAsGoldmarkFootnotes fails t unless the walker finds in doc what it
// found with goldmark's footnote extension.
func sameAsGoldmarkFootnotes(t *testing.T, doc []byte) {
	t.Helper()
	for _, opts := range []Options{{}, {IncludeCodeSpans: true, IncludeCodeBlocks: true}} {
		got := parseMarkdown(markdownParser(), doc, opts, nil)
		want := parseMarkdown(goldmarkFootnotes, doc, opts, nil)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q (%+v):\ngot  %+v\nwant %+v", doc, opts, got, want)
		}
	}
}

// TestFootnotesAsGoldmark: the walker finds what it found when goldmark's
// footnote extension parsed footnotes, in the documents of testdata, the
// walkers' fuzz seeds, documents with footnotes in each place, and random
// ones.
func TestFootnotesAsGoldmark(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("..", "testdata", "markdown", "*.md"))
	if err != nil || len(docs) == 0 {
		t.Fatalf("no documents in testdata/markdown: %v", err)
	}
	for _, name := range docs {
		doc, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sameAsGoldmarkFootnotes(t, doc)
	}
	for _, doc := range append(footnoteDocs, walkerSeeds...) {
		sameAsGoldmarkFootnotes(t, []byte(doc))
	}
	r := rand.New(rand.NewPCG(22, 6))
	for range 3000 {
		sameAsGoldmarkFootnotes(t, []byte(randomFootnoteDoc(r)))
	}
}

// TestFootnotesFound: a footnote definition's text is read wherever it is,
// and a reference is not read as text or as a link.
func TestFootnotesFound(t *testing.T) {
	got := markdownKinds(footnoteDocs[2] + "\n" + footnoteDocs[4] + "\n[^z]: unreferenced http://z.example/\n")
	want := []string{"text http://q.example/", "text http://r.example/", "text http://o.example/", "text http://nb.example/", "text http://z.example/"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	// A reference to a label that has a definition is a footnote link, not
	// text; one to a label that has none is text ("[^x]").
	root := markdownParser().Parse(text.NewReader([]byte("a[^1] b[^x]\n\n[^1]: note\n")))
	var links, texts []string
	src := []byte("a[^1] b[^x]\n\n[^1]: note\n")
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		switch n := n.(type) {
		case *extast.FootnoteLink:
			if entering {
				links = append(links, fmt.Sprint(n.Index))
			}
		case *ast.Text:
			if entering {
				texts = append(texts, string(n.Segment.Value(src)))
			}
		}
		return ast.WalkContinue, nil
	})
	if !reflect.DeepEqual(links, []string{"1"}) || !bytes.Contains([]byte(strings.Join(texts, "")), []byte("[^x]")) {
		t.Errorf("footnote links %q, texts %q", links, texts)
	}
}

// FuzzMarkdownFootnotes: on any input, the walker finds what it found with
// goldmark's footnote extension.
func FuzzMarkdownFootnotes(f *testing.F) {
	for _, s := range footnoteDocs {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		if len(doc) > 1<<12 {
			return // goldmark's extension takes quadratic time
		}
		sameAsGoldmarkFootnotes(t, doc)
	})
}

// BenchmarkFootnotes walks a document of 2,000 footnotes, each referred to,
// with the walker's parser and with goldmark's footnote extension.
func BenchmarkFootnotes(b *testing.B) {
	var s strings.Builder
	for x := range 2000 {
		fmt.Fprintf(&s, "a[^%d] http://a.example/\n\n", x)
	}
	for x := range 2000 {
		fmt.Fprintf(&s, "[^%d]: http://x.example/\n", x)
	}
	doc := []byte(s.String())
	for _, p := range []struct {
		name string
		p    parser.Parser
	}{{"walker", markdownParser()}, {"goldmark", goldmarkFootnotes}} {
		b.Run(p.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				parseMarkdown(p.p, doc, Options{}, nil)
			}
		})
	}
}
