package extract

import (
	"bytes"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"

	"github.com/urilint/urilint/internal/cputime"
)

// Deeply nested or repetitive input takes linear time: ten times the input
// takes at most fifteen times as long. Timings are the process's CPU time
// (not the wall clock, which other packages' tests, run at the same time,
// disturb), the best of five runs,
// and a shape passes if one of three attempts is within the limit: a noisy
// machine cannot fail a linear walker, while a quadratic one (a hundredfold)
// fails every attempt. For HTML, the bare tokenizer is timed on the same
// input too: where it grows faster than linearly (a tag with tens of
// thousands of attributes), the walker may grow as fast, plus 30%.
func TestWalkersLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	// The collector as the urilint command sets it (cmd/urilint tuneGC).
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	md := func(doc []byte) { Markdown(doc, Options{}, func(*Candidate) {}) }
	ht := func(doc []byte) { HTML(doc, Options{}, func(*Candidate) {}) }
	ad := func(doc []byte) {
		AsciiDoc(doc, Options{IncludeCodeBlocks: true, IncludeCodeSpans: true, Comment: func(Comment) {}}, func(*Candidate) {})
	}
	shapes := []struct {
		name string
		gen  func(n int) string
		walk func([]byte)
		n    int
	}{
		{"markdown blockquotes", func(n int) string { return strings.Repeat("> ", n) + "http://x.example/\n" }, md, 4000},
		{"markdown quote markers", func(n int) string { return strings.Repeat(">", n) + " http://x.example/\n" }, md, 4000},
		{"markdown lists", func(n int) string { return strings.Repeat("- ", n) + "http://x.example/\n" }, md, 4000},
		{"markdown ordered lists", func(n int) string { return strings.Repeat("1. ", n) + "http://x.example/\n" }, md, 4000},
		{"markdown links on a line", func(n int) string { return strings.Repeat("[a](http://x.example/) ", n) }, md, 4000},
		{"markdown brackets", func(n int) string { return strings.Repeat("[", n) }, md, 40000},
		{"markdown front matter and nesting", func(n int) string {
			return "---\na: b\n---\n" + strings.Repeat("> ", n) + "http://x.example/\n"
		}, md, 4000},
		{"html nested divs", func(n int) string {
			return strings.Repeat("<div>", n) + "http://x.example/" + strings.Repeat("</div>", n)
		}, ht, 20000},
		// AsciiDoc: markup that opens and never closes (each opener
		// looks for its closer: the search goes on from where the last
		// stopped), blocks nested by delimiters of growing length, big
		// tables, long values, many references.
		{"asciidoc backticks", func(n int) string { return strings.Repeat("`a ", n) + "https://x.example/" }, ad, 10000},
		{"asciidoc growing backticks", func(n int) string {
			var b strings.Builder
			for x := 1; x <= n; x++ {
				b.WriteString("e" + strings.Repeat("`", x%50))
			}
			return b.String()
		}, ad, 4000},
		{"asciidoc pluses", func(n int) string { return strings.Repeat("+a ++b +++c $$d ", n) }, ad, 4000},
		{"asciidoc open brackets", func(n int) string {
			return strings.Repeat("link:x[ https://a.example/[ image:b.png[ xref:c pass:[ stem:[ [[d ", n)
		}, ad, 2000},
		{"asciidoc cross references", func(n int) string { return strings.Repeat("<<a ", n) + "\n" + strings.Repeat("<<b>> ", n) }, ad, 10000},
		{"asciidoc nested blocks", func(n int) string {
			var b strings.Builder
			for x := range n {
				b.WriteString(strings.Repeat("=", 4+x) + "\nhttps://x.example/\n")
			}
			return b.String()
		}, ad, 300},
		{"asciidoc nested open blocks", func(n int) string {
			return strings.Repeat("****\n====\n____\n--\n", n) + strings.Repeat("--\n____\n====\n****\n", n)
		}, ad, 2000},
		{"asciidoc table cells", func(n int) string {
			return "[cols=\"1,2a,l,m\"]\n|===\n" + strings.Repeat("|https://x.example/ a|* y |z |w\n", n) + "|===\n"
		}, ad, 2000},
		{"asciidoc one long cell", func(n int) string { return "|===\n|" + strings.Repeat("a\\|b https://x.example/ ", n) + "\n|===\n" }, ad, 4000},
		{"asciidoc CSV quotes", func(n int) string { return ",===\n\"" + strings.Repeat("a,\"\"b,", n) + "\"\n,===\n" }, ad, 4000},
		{"asciidoc long attribute value", func(n int) string {
			return ":a: https://x.example/ \\\n" + strings.Repeat("  b \\\n", n) + "  c\n\n{a}[x]\n"
		}, ad, 4000},
		{"asciidoc many references", func(n int) string {
			return ":a: https://x.example/\n:b: {a}{a}\n\n" + strings.Repeat("{b}/{a}[x] {counter:n} ", n)
		}, ad, 4000},
		{"asciidoc many attributes", func(n int) string {
			var b strings.Builder
			for x := range n {
				fmt.Fprintf(&b, ":a%d: https://x.example/%d\n{a%d}[y]\n\n", x, x, x)
			}
			return b.String()
		}, ad, 2000},
		{"asciidoc comment lines in a paragraph", func(n int) string { return "a\n" + strings.Repeat("// c\nhttps://x.example/ b\n", n) }, ad, 4000},
		{"asciidoc targets with no end", func(n int) string {
			return strings.Repeat("link:mailto:image:icon:xref:http://https://a.b/", n)
		}, ad, 2000},
		{"asciidoc references with no end", func(n int) string { return strings.Repeat("{set:{counter:{a", n) }, ad, 10000},
		{"asciidoc values of values", func(n int) string {
			var b strings.Builder
			b.WriteString(":a0: https://x.example/\n")
			for x := 1; x <= n; x++ {
				fmt.Fprintf(&b, ":a%d: {a%d}{a%d}\n", x, x-1, x-1)
			}
			fmt.Fprintf(&b, "\n{a%d}[x]\n", n)
			return b.String()
		}, ad, 2000},
		{"asciidoc CSV cell of quotes", func(n int) string {
			return ",===\n" + strings.Repeat(" ", n) + strings.Repeat("\"", n) + "a" + strings.Repeat(",\"\"", n) + "\n,===\n"
		}, ad, 10000},
		{"asciidoc conditionals", func(n int) string {
			return strings.Repeat("ifdef::x[]\n", n) + ":a: https://x.example/\n" + strings.Repeat("endif::[]\n", n)
		}, ad, 4000},
		{"html duplicate attributes", func(n int) string { return "<a " + strings.Repeat("href=x ", n) + ">" }, ht, 20000},
		{"html namespace attributes", func(n int) string {
			var b strings.Builder
			b.WriteString("<a ")
			for i := range n {
				fmt.Fprintf(&b, "xmlns:p%d=x ", i)
			}
			return b.String() + ">"
		}, ht, 20000},
	}
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			small, large := []byte(s.gen(s.n)), []byte(s.gen(10*s.n))
			best := func(walk func([]byte), doc []byte) time.Duration {
				d := time.Duration(1 << 62)
				for range 5 {
					d = min(d, cputime.Of(func() { walk(doc) }))
				}
				return d
			}
			limit := 15.0
			if strings.HasPrefix(s.name, "html") {
				tokenize := func(doc []byte) {
					z := html.NewTokenizer(bytes.NewReader(doc))
					for z.Next() != html.ErrorToken {
					}
				}
				base := float64(best(tokenize, large)) / float64(best(tokenize, small))
				limit = max(limit, 1.3*base)
			}
			cputime.Linear(t, len(small), len(large), func(l bool) { s.walk(pick(l, small, large)) }, limit, 50*time.Millisecond)
		})
	}
}

// Containers nested past maxNesting on one line are flattened for goldmark
// only: the URI at the end is still found where it is written.
func TestMarkdownFlattenNesting(t *testing.T) {
	for _, depth := range []int{maxNesting, maxNesting + 1, 200} {
		prefix := strings.Repeat("> ", depth)
		doc := []byte(prefix + "see http://deep.example/x\n")
		var got []string
		Markdown(doc, Options{}, func(c *Candidate) { got = append(got, render(doc, *c)) })
		col := len(prefix) + 5
		want := fmt.Sprintf("1:%d-1:%d %d-%d uri text %q", col, col+21, col-1, col+20, "http://deep.example/x")
		if len(got) != 1 || got[0] != want {
			t.Errorf("depth %d: got %q, want %q", depth, got, want)
		}
		if flattenNesting(doc, nil) != (depth > maxNesting) {
			t.Errorf("depth %d: flattenNesting = %v", depth, depth <= maxNesting)
		}
	}
}

// Every link, image and definition destination goldmark parses is found in
// the source: the walker relies on goldmark keeping destinations as slices
// of the source, and this fails if a new version stops doing so.
func TestMarkdownDestinationsInSource(t *testing.T) {
	doc := []byte("[a](http://a.example/) ![b](<b c.png> \"t\") [c]( d )\n\n> - [e](urn:x:y)\n\n[f]: http://f.example/\n" +
		"[g](h\\_i&amp;j) [nested [k]](l) [![m](n)](o) [p](\nq)\n\n| [r](s) |\n|---|\n| [t](u) |\n")
	root := markdownParser().Parse(text.NewReader(doc))
	n := 0
	_ = ast.Walk(root, func(node ast.Node, entering bool) (ast.WalkStatus, error) {
		var dest []byte
		switch node := node.(type) {
		case *ast.Link:
			dest = node.Destination
		case *ast.Image:
			dest = node.Destination
		case *ast.LinkReferenceDefinition:
			dest = node.Destination
		default:
			return ast.WalkContinue, nil
		}
		if entering {
			n++
			if _, ok := offsetIn(doc, dest); !ok {
				t.Errorf("destination %q of a %T is not a slice of the source", dest, node)
			}
		}
		return ast.WalkContinue, nil
	})
	if n != 12 {
		t.Errorf("%d destinations, want 12", n)
	}
}

func TestDecodeMarkdown(t *testing.T) {
	tests := []struct{ in, want string }{
		{`http://a.example/x\_y`, "http://a.example/x_y"},
		{`\*\[\]\\\a`, `*[]\\a`},
		{"a&amp;b&copy;c&#35;d&#x22;e", "a&b©c#d\"e"},
		{"&#0;&#1234567;&#12345678;&#xffffff;", "\ufffd\ufffd&#12345678;\ufffd"},
		{"&amp &nosuch; &#; &#x;", "&amp &nosuch; &#; &#x;"},
		{"no escapes", "no escapes"},
	}
	for _, tt := range tests {
		d := decodeMarkdown([]byte(tt.in), 0, len(tt.in))
		if string(d.text) != tt.want {
			t.Errorf("decodeMarkdown(%q) = %q, want %q", tt.in, d.text, tt.want)
		}
		checkDecoded(t, []byte(tt.in), &d)
	}
}

func TestDecodeHTML(t *testing.T) {
	tests := []struct {
		in       string
		attr     bool
		want     string
		wantAttr string
	}{
		{in: "a&amp;b &lt;x&gt; &#58; &#x3a; &colon;", want: "a&b <x> : : :"},
		{in: "&notit &not; &amp=x &ampx &amp", want: "¬it ¬ &=x &x &", wantAttr: "&notit ¬ &amp=x &ampx &"},
		{in: "a\r\nb\rc\x00d", want: "a\nb\nc\x00d", wantAttr: "a\nb\nc\ufffdd"},
		{in: "&#128;&#0;&#x110000;", want: "€\ufffd\ufffd"},
	}
	for _, tt := range tests {
		for _, attr := range []bool{false, true} {
			want := tt.want
			if attr && tt.wantAttr != "" {
				want = tt.wantAttr
			}
			d := decodeHTML([]byte(tt.in), 0, len(tt.in), attr)
			if string(d.text) != want {
				t.Errorf("decodeHTML(%q, attr=%v) = %q, want %q", tt.in, attr, d.text, want)
			}
			checkDecoded(t, []byte(tt.in), &d)
		}
	}
}

// checkDecoded checks a decoded stretch's map: pieces cover the text in
// order, byte-for-byte pieces match the source.
func checkDecoded(t *testing.T, src []byte, d *decoded) {
	t.Helper()
	if d.pieces == nil {
		if !bytes.Equal(d.text, src[d.base:d.base+len(d.text)]) {
			t.Fatalf("unmapped decoded text %q is not the source", d.text)
		}
		return
	}
	u, s := 0, d.base
	for _, p := range d.pieces {
		if p.uri != u || p.src != s {
			t.Fatalf("piece %+v after text %d, source %d", p, u, s)
		}
		if !p.decoded && (p.n != p.srcN || !bytes.Equal(d.text[p.uri:p.uri+p.n], src[p.src:p.src+p.srcN])) {
			t.Fatalf("piece %+v maps %q to %q", p, d.text[p.uri:p.uri+p.n], src[p.src:p.src+p.srcN])
		}
		u, s = p.uri+p.n, p.src+p.srcN
	}
	if u != len(d.text) {
		t.Fatalf("pieces cover %d of %d bytes", u, len(d.text))
	}
}

var walkerSeeds = []string{
	"[a](http://a.example/x\\_y&amp;z) <http://auto> `urn:x:y` *http://em.example/*",
	"---\nurl: http://front/\n---\n# h\n\n> - [q](<a b>)\n\n[d]: urn:d:e\n",
	"\xef\xbb\xbf<p>x</p>\r\n<a href='http://a/?b&amp;c' srcset=\"a 1x, b 2x\">http://t/&amp;u</a>",
	"<meta http-equiv=refresh content=\"0; url='http://r/'\"><pre>http://p/</pre><!-- http://c/ -->",
	"<div>\n<a href=\"/x\">y</a>\n</div>\n\n```\nhttp://code/\n```\n",
	strings.Repeat("> ", 70) + "http://deep/\n",
}

// FuzzMarkdown checks the Markdown walker's invariants on any input.
func FuzzMarkdown(f *testing.F) {
	for _, s := range walkerSeeds {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, doc []byte, code bool) {
		var cands []Candidate
		Markdown(doc, Options{IncludeCodeBlocks: code}, func(c *Candidate) { cands = append(cands, *c) })
		checkInvariants(t, doc, cands)
	})
}

// FuzzHTML checks the HTML walker's invariants on any input.
func FuzzHTML(f *testing.F) {
	for _, s := range walkerSeeds {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, doc []byte, code bool) {
		var cands []Candidate
		HTML(doc, Options{IncludeCodeBlocks: code}, func(c *Candidate) { cands = append(cands, *c) })
		checkInvariants(t, doc, cands)
	})
}

// FuzzHTMLAttributes checks the attribute reader and decoder against the
// tokenizer: for every URI attribute of a tag, the value the tokenizer
// decodes is the value the walker finds.
func FuzzHTMLAttributes(f *testing.F) {
	for _, s := range []string{
		`href="a&amp;b" HREF=dup src='x y' srcset=a`, `=href=x href = "y" /href="z"`,
		`href=a&notit&amp=b data="&#x26;&#38;" xmlns:A=u xmlns:a=v`, "href=\"a\r\nb\x00c\"", `href='unterminated`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, attrs string) {
		doc := []byte("<a " + attrs + ">")
		z := html.NewTokenizer(bytes.NewReader(doc))
		if tt := z.Next(); tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			return
		}
		if len(z.Raw()) != len(doc) {
			return // the tag ended early (a ">" in the fuzzed text): compare whole tags only
		}
		want := map[string]string{}
		for more := true; more; {
			var k, v []byte
			k, v, more = z.TagAttr()
			if a := lookupAttr(k); a.kind != 0 && a.onElement([]byte("a")) {
				want[string(k)] = string(v)
			}
		}
		l := htmlLexer{src: doc}
		if tt := l.next(); tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			t.Fatalf("tag %q: the lexer reads a %v", doc, tt)
		}
		got := map[string]string{}
		for _, a := range uriAttributes(doc, []byte("a"), l.attrs, nil) {
			d := decodeHTML(doc, a.valStart, a.valEnd, true)
			checkDecoded(t, doc, &d)
			got[a.info.name] = string(d.text)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("tag %q:\n walker    %q\n tokenizer %q", doc, got, want)
		}
	})
}

// FuzzHTMLText checks the text decoder against the tokenizer's reading of
// text: newlines normalised, then character references decoded.
func FuzzHTMLText(f *testing.F) {
	for _, s := range []string{"a&amp;b&notit&#58;&#x3A;&colon;", "\r\n\r&#13;", "&ampx&lt&gt;&#128;&#0;", "&#xD800;&#55296;&NotANamedRef;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d := decodeHTML([]byte(s), 0, len(s), false)
		checkDecoded(t, []byte(s), &d)
		want := html.UnescapeString(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s))
		if string(d.text) != want {
			t.Fatalf("decodeHTML(%q) = %q, tokenizer reads %q", s, d.text, want)
		}
	})
}

// TestWalkersContinuedEnd checks that where the continuation of a wrapped
// bare URI ends is an offset in the document, in every walker (the
// scanner finds it in text that does not start the document, and may have
// been decoded).
func TestWalkersContinuedEnd(t *testing.T) {
	for _, tt := range []struct {
		name string
		walk func([]byte, Options, func(*Candidate))
		doc  string
	}{
		{"markdown", Markdown, "# A\n\nSee https://www.iana.org/assignments/\nicmp-parameters for the list.\n"},
		{"html", HTML, "<p>&amp; See https://www.iana.org/assignments/\nicmp-parameters for the list.</p>"},
		{"xml", XML, "<t>&amp; See https://www.iana.org/assignments/\nicmp-parameters for the list.</t>"},
	} {
		var got []Candidate
		tt.walk([]byte(tt.doc), Options{}, func(c *Candidate) { got = append(got, *c) })
		want := strings.Index(tt.doc, "icmp-parameters") + len("icmp-parameters")
		if len(got) != 1 {
			t.Errorf("%s: %s", tt.name, renderAll([]byte(tt.doc), got))
		} else if c := got[0]; c.Continued != "icmp-parameters" || c.ContinuedEnd != want {
			t.Errorf("%s: continued by %q up to %d, want %q up to %d", tt.name, c.Continued, c.ContinuedEnd, "icmp-parameters", want)
		}
	}
}

// TestMarkdownLinkTextIsDestination checks that a URI of a link's text
// that is the link's destination is not a candidate of its own: the
// destination is ("[https:x.org](https:x.org)" in u-root's notes, held-out
// set 154: one slip, two reports). Another URI in a link's text is.
func TestMarkdownLinkTextIsDestination(t *testing.T) {
	checkURIs(t, "Markdown", Markdown, []uriCase{
		{"the same", "[https:github.com/a](https:github.com/a)\n", []string{"https:github.com/a"}},
		{"among words", "[see https://a.example/x](https://a.example/x)\n", []string{"https://a.example/x"}},
		{"another", "[https://a.example/](https://b.example/)\n", []string{"https://a.example/", "https://b.example/"}},
		{"an escape", "[https://a.example/a\\_b](https://a.example/a\\_b)\n", []string{"https://a.example/a_b"}},
		{"a reference", "[https://a.example/?a&amp;b](https://a.example/?a&amp;b)\n", []string{"https://a.example/?a&b"}},
		{"nested", "[[https://a.example/](https://a.example/)](https://c.example/)\n", []string{"https://a.example/", "https://c.example/"}},
	})
}

// TestHTMLLinkTextIsDestination checks the same for HTML: a URI of an <a>
// element's text that is its href is not a candidate of its own (as
// written or as decoded); another URI there is, and so is one after the
// element's end.
func TestHTMLLinkTextIsDestination(t *testing.T) {
	checkURIs(t, "HTML", HTML, []uriCase{
		{"the same", `<a href="https:github.com/a">https:github.com/a</a>`, []string{"https:github.com/a"}},
		{"spaces around", `<a href=" https://a.example/x ">see https://a.example/x</a>`, []string{"https://a.example/x"}},
		{"a reference", `<a href="https://a.example/?a&amp;b">https://a.example/?a&b</a>`, []string{"https://a.example/?a&b"}},
		{"as written", `<A HREF='https://a.example/&#x41;'>https://a.example/&#x41;</A>`, []string{"https://a.example/A"}},
		{"another", `<a href="https://b.example/">https://a.example/</a>`, []string{"https://b.example/", "https://a.example/"}},
		{"after the end", `<a href="https://a.example/">x</a> https://a.example/`, []string{"https://a.example/", "https://a.example/"}},
		{"no href", `<a name="x">https://a.example/</a>`, []string{"https://a.example/"}},
	})
}

// TestRSTLinkTextIsDestination checks the same for reStructuredText: a URI
// of a phrase reference's text that is the URI it embeds (as docutils
// reads it, whitespace removed) is not a candidate of its own; another is,
// and is not taken as continued on the next line (the text is shown, the
// embedded URI followed).
func TestRSTLinkTextIsDestination(t *testing.T) {
	checkURIs(t, "ReStructuredText", ReStructuredText, []uriCase{
		{"the same", "`https://a.example/x <https://a.example/x>`_\n", []string{"https://a.example/x"}},
		{"wrapped", "`https://a.example/a-\nb <https://a.example/a-\nb>`_\n", []string{"https://a.example/a-", "https://a.example/a-b"}},
		{"another", "`https://b.example/ <https://a.example/>`_\n", []string{"https://b.example/", "https://a.example/"}},
	})
	var cont []string
	ReStructuredText([]byte("`see https://a.example/path/\nmore <https://c.example/>`_\n"), Options{}, func(c *Candidate) { cont = append(cont, c.Continued) })
	if !slices.Equal(cont, []string{"", ""}) {
		t.Errorf("continued %q, want none", cont)
	}
}
