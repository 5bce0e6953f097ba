package extract

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/testcorpus"
	"golang.org/x/net/html"
)

// lexerSeeds are documents on the edges of the Tokenizer's states: the
// end of the document inside each kind of token, comments' odd endings,
// raw text, self-closing detection and attributes without values.
var lexerSeeds = []string{
	"", "a", "<", "a<", "<a", "</", "a</", "<!", "<!-", "<?", "</>", "</ x>", "<!>", "<!x>", "a< b", "<<a>",
	"<a>", "<a/>", "<a/ >", "<a b/>", "<a b=/>", "<a b=c/>", "<a b='c'/>", "<a b=c/ b=d/>", "<a =b>", "<a ==b>",
	"<a b = c d= 'e' f =\"g\" h>", "<a b='c", "<a b=\"c", "<a b=c", "<a b=", "<a b", "<a\tb\fc\rd\ne>", "<A HREF=x>",
	"<!-->", "<!--->", "<!---->", "<!--x-->", "<!--x--!>", "<!--x--!->-->", "<!--!>-->", "<!--x", "<!--x-", "<!--x--",
	"<!--x--!", "<!---!>-->", "<!----!>", "<!DOCTYPE html>", "<!doctype", "<!DOCTYPE", "<!DOC", "<!DOCTYPEx>", "<!DOCTYPE  >",
	"<![CDATA[x]]>", "<?xml version=\"1.0\"?>", "</a b='>'>", "</a", "</a b", "</1>",
	"<script>a</b>c</script>d", "<script>x<!--<script>y</script>-->z</script>w", "<script/>a</script>", "<SCRIPT>a</ScRiPt >",
	"<script>a", "<script>", "<script><!--</script>x", "<script><!-- a --></script>", "<script><!--<script></script>x</script>y",
	"<script><!-</script>", "<script>a<!--b--></script>", "<script><!--<scriptx></script>", "<style>a<b>c</style>", "<style>a</stylex></style >", "<title>a&amp;<b></title>",
	"<textarea>x</textarea/>", "<xmp><a href=x></xmp>", "<plaintext>a</plaintext><b>", "<noscript><a></noscript>",
	"<iframe>x</iframe", "<title></title>", "<script></script>", "<p>a\x00b</p>", "<a\x00b href=c\x00d>",
	"<p x=1 x=2 X=3/>", "<p x=1 y=2 x=3/>",
}

// checkLexer compares the lexer's tokens for doc with the Tokenizer's:
// kinds, raw bytes, tag names, and the attributes the Tokenizer keeps.
func checkLexer(t *testing.T, doc []byte) {
	t.Helper()
	z := html.NewTokenizer(bytes.NewReader(doc))
	// Every name kept past maxTagAttrs: the first of each, as the
	// Tokenizer keeps them.
	l := htmlLexer{src: doc, keep: func([]byte) bool { return true }}
	for n := 0; ; n++ {
		want, got := z.Next(), l.next()
		if got != want {
			t.Fatalf("%q: token %d is a %v, the Tokenizer reads a %v at %d", doc, n, got, want, l.start)
		}
		if want == html.ErrorToken {
			return
		}
		if raw := doc[l.start:l.pos]; !bytes.Equal(raw, z.Raw()) {
			t.Fatalf("%q: token %d (%v) is %q, the Tokenizer reads %q", doc, n, got, raw, z.Raw())
		}
		switch want {
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			nameStart := l.start + 1
			if want == html.EndTagToken {
				nameStart++
			}
			name, _ := z.TagName()
			if got := tokenizerCase(doc[nameStart:l.nameEnd]); got != string(name) {
				t.Fatalf("%q: token %d is named %q, the Tokenizer reads %q", doc, n, got, name)
			}
			if want == html.EndTagToken {
				continue
			}
			var wantAttrs []string
			for more := true; more; {
				var k, v []byte
				k, v, more = z.TagAttr()
				if k != nil {
					wantAttrs = append(wantAttrs, fmt.Sprintf("%s=%q", k, v))
				}
			}
			var gotAttrs []string
			seen := map[string]bool{}
			for _, a := range l.attrs {
				key := tokenizerCase(doc[a.keyStart:a.keyEnd])
				if key == "" || seen[key] {
					continue
				}
				seen[key] = true
				d := decodeHTML(doc, a.valStart, a.valEnd, true)
				gotAttrs = append(gotAttrs, fmt.Sprintf("%s=%q", key, d.text))
			}
			if fmt.Sprint(gotAttrs) != fmt.Sprint(wantAttrs) {
				t.Fatalf("%q: token %d has attributes\n %s\nthe Tokenizer reads\n %s", doc, n, gotAttrs, wantAttrs)
			}
		}
	}
}

// tokenizerCase is a name as the Tokenizer returns it: NUL replaced,
// ASCII letters in lower case.
func tokenizerCase(b []byte) string {
	return string(asciiLower(bytes.ReplaceAll(b, []byte{0}, []byte("\ufffd"))))
}

func TestHTMLLexer(t *testing.T) {
	for _, s := range lexerSeeds {
		checkLexer(t, []byte(s))
		// The same at the end of a longer document, after text and a tag.
		checkLexer(t, []byte("text <b>bold</b> "+s))
	}
	for _, s := range walkerSeeds {
		checkLexer(t, []byte(s))
	}
}

// TestHTMLLexerSelfClosing pins the cases where self-closing turns on the
// attributes the Tokenizer keeps.
func TestHTMLLexerSelfClosing(t *testing.T) {
	for _, tt := range []struct {
		doc  string
		want html.TokenType
	}{
		{"<br/>", html.SelfClosingTagToken},
		{"<a href=/>", html.StartTagToken},          // the "/" ends the value
		{"<a href='/'/>", html.SelfClosingTagToken}, // quoted: the "/" is after it
		{"<a b=c/ b=d/>", html.SelfClosingTagToken}, // the second b is dropped, so the last kept value is "c/"
		{"<a b=c/ d=e/>", html.StartTagToken},
		{"<a b/>", html.SelfClosingTagToken},
	} {
		l := htmlLexer{src: []byte(tt.doc)}
		if got := l.next(); got != tt.want {
			t.Errorf("%q is a %v, want %v", tt.doc, got, tt.want)
		}
	}
}

// TestHTMLLexerLinear checks that a tag with many repeated attributes, which
// the self-closing rule must look through, is read in linear time.
func TestHTMLLexerLinear(t *testing.T) {
	var b strings.Builder
	b.WriteString("<a ")
	for i := range 50000 {
		fmt.Fprintf(&b, "k%d=v k%d=w ", i, 49999-i)
	}
	b.WriteString("z=/>")
	checkLexer(t, []byte(b.String()))
}

// TestHTMLLexerCorpus compares the lexer with the Tokenizer over every HTML
// document of the tests and of the shared corpus, when it is there.
func TestHTMLLexerCorpus(t *testing.T) {
	var docs []testcorpus.Doc
	for _, dir := range []string{"../testdata/html", "../testdata/markdown", "../../shared/corpus/html", "../../shared/corpus/xml"} {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if src, err := os.ReadFile(p); err == nil {
					docs = append(docs, testcorpus.Doc{Path: p, Src: src})
				}
			}
			return nil
		})
	}
	if len(docs) < 10 {
		t.Fatalf("%d documents", len(docs))
	}
	for _, d := range docs {
		t.Run(d.Path, func(t *testing.T) { checkLexer(t, d.Src) })
	}
}

// FuzzHTMLLexer compares the lexer with the Tokenizer on any input.
func FuzzHTMLLexer(f *testing.F) {
	for _, s := range lexerSeeds {
		f.Add([]byte(s))
	}
	for _, s := range walkerSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) { checkLexer(t, doc) })
}

// TestHTMLLexerManyAttributes: past maxTagAttrs attributes, a tag keeps
// the first of each name the walker reads and its last attribute (issue
// 22, item 14: a tag of 3 million attributes held 29 times the document).
// What the walker finds is what it finds with every attribute kept.
func TestHTMLLexerManyAttributes(t *testing.T) {
	filler := strings.Repeat("x=1 ", maxTagAttrs+10)
	doc := `<a ` + filler + `href="http://a.example/" ` + filler + `id=top HREF="http://b.example/" data-x="http://c.example/"/>` +
		`<img ` + filler + `src=/>x`
	var got []string
	HTML([]byte(doc), Options{Target: func(tg Target) { got = append(got, fmt.Sprintf("target %s %d", tg.ID, tg.Start)) }},
		func(c *Candidate) { got = append(got, fmt.Sprintf("%s %s %d-%d", c.Attribute, c.URI, c.Start, c.End)) })
	href := strings.Index(doc, "http://a.example/")
	id := strings.Index(doc, "id=top") + 3
	src := strings.Index(doc, "src=/") + 4
	want := []string{ // a tag's targets are handed over before its candidates
		fmt.Sprintf("target top %d", id),
		fmt.Sprintf("href http://a.example/ %d-%d", href, href+17),
		fmt.Sprintf("src / %d-%d", src, src+1),
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	// The last attribute is kept: its value "/" ends before the "/>", so
	// the tag is not self-closing; the first tag's is.
	z := htmlLexer{src: []byte(doc), keep: readsAttr}
	if tt := z.next(); tt != html.SelfClosingTagToken || len(z.attrs) > maxTagAttrs+4 {
		t.Errorf("first tag: %v with %d attributes", tt, len(z.attrs))
	}
	if tt := z.next(); tt != html.StartTagToken {
		t.Errorf("second tag: %v", tt)
	}
}
