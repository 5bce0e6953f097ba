package extract

import (
	"fmt"
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/urilint/urilint/internal/cputime"
)

// pathologicalMarkdown are the inputs CommonMark parsers are held to
// (cmark's and cmark-gfm's test/pathological_tests.py, and the cases added
// since), and a few more that goldmark takes more than linear time on; gen
// makes one of about n bytes (a repeat count for n bytes is searched for).
var pathologicalMarkdown = []struct {
	name string
	gen  func(k int) string // k repeats
}{
	{"nested strong emph", func(k int) string { return strings.Repeat("*a **a ", k) + "b" + strings.Repeat(" a** a*", k) }},
	{"many emph closers with no openers", repeatK("a_ ")},
	{"many emph openers with no closers", repeatK("_a ")},
	{"many link closers with no openers", repeatK("a]")},
	{"many link openers with no closers", repeatK("[a")},
	{"many Liquid tag openers on a line", repeatK("{% a")},
	{"many Liquid highlight blocks, none closed", repeatK("{% highlight a %}\n")},
	{"many Liquid highlight blocks", repeatK("{% highlight a %}\nhttp://a.example/\n{% endhighlight %}\n")},
	{"a Liquid tag name on a long line", func(k int) string { return strings.Repeat("{% highlight", k) }},
	{"mismatched openers and closers", repeatK("*a_ ")},
	{"issue #389", func(k int) string { return strings.Repeat("*a ", k) + strings.Repeat("_a*_ ", k) }},
	{"openers and closers multiple of 3", func(k int) string { return "a**b" + strings.Repeat("c* ", k) }},
	{"link openers and emph closers", repeatK("[ a_")},
	{"pattern [ (]( repeated", repeatK("[ (](")},
	{"pattern ![[]() repeated", repeatK("![[]()")},
	{"hard link/emph case", repeatK("**x [a*b**c*](d)\n")},
	{"nested brackets", func(k int) string { return strings.Repeat("[", k) + "a" + strings.Repeat("]", k) }},
	{"nested block quotes", func(k int) string { return strings.Repeat("> ", k) + "a" }},
	{"deeply nested lists", func(k int) string {
		var b strings.Builder
		for x := range k {
			b.WriteString(strings.Repeat("  ", x) + "* a\n")
		}
		return b.String()
	}},
	{"U+0000 in input", repeatK("abc\x00de\x00")},
	{"backticks", func(k int) string {
		var b strings.Builder
		for x := 1; x <= k; x++ {
			b.WriteString("e" + strings.Repeat("`", x))
		}
		return b.String()
	}},
	{"unclosed links A", repeatK("[a](<b")},
	{"unclosed links B", repeatK("[a](b")},
	{"unclosed <!--", func(k int) string { return "</" + strings.Repeat("<!--", k) }},
	{"<! repeated", repeatK("<!")},
	{"<? repeated", repeatK("<?")},
	{"<![CDATA[ repeated", repeatK("<![CDATA[")},
	{"a***b repeated", repeatK("a***b")},
	{"empty lines in deeply nested lists", func(k int) string { return strings.Repeat("- ", k) + "x" + strings.Repeat("\n", k) }},
	{"empty lines in deeply nested lists in blockquote", func(k int) string {
		return "> " + strings.Repeat("- ", k) + "x\n" + strings.Repeat(">\n", k)
	}},
	{"emph in deep blockquote", func(k int) string { return strings.Repeat(">", k) + strings.Repeat("a*", k) }},
	{"nested inlines", func(k int) string { return strings.Repeat("*", k) + "a" + strings.Repeat("*", k) }},
	{"many references", func(k int) string {
		var b strings.Builder
		for x := 1; x <= k; x++ {
			fmt.Fprintf(&b, "[%d]: u\n", x)
		}
		return b.String() + strings.Repeat("[0] ", k)
	}},
	{"reference definitions in a row", repeatK("[a]: http://a.example/\n")},
	{"tables", repeatK("aaa\rbbb\n-\v\n")},
	{"[ repeated", repeatK("[")},
	{"[a]( repeated", repeatK("[a](")},
	{"backticks in list items", func(k int) string {
		var b strings.Builder
		for x := 1; x <= k; x++ {
			b.WriteString("- e" + strings.Repeat("`", x) + "\n")
		}
		return b.String()
	}},
	{"block quote lines of growing depth", func(k int) string {
		var b strings.Builder
		for x := range k {
			b.WriteString(strings.Repeat(">", x) + " a\n")
		}
		return b.String()
	}},
	{"alternating blank quote lines in a deep list", func(k int) string {
		return "> " + strings.Repeat("- ", 100) + "x\n" + strings.Repeat(">\n > \n", k)
	}},
	{"blank lines in a deep indented list", func(k int) string {
		var b strings.Builder
		for x := range 100 {
			b.WriteString(strings.Repeat("  ", x) + "- a\n")
		}
		return b.String() + strings.Repeat("\n \n", k)
	}},
	// goldmark's footnote extension looked each reference up in a list of
	// the definitions and sorted that list by insertion (mdfootnotes.go).
	{"footnote references then definitions", func(k int) string {
		var b strings.Builder
		for x := range k {
			fmt.Fprintf(&b, "a[^%d]\n\n", x)
		}
		for x := range k {
			fmt.Fprintf(&b, "[^%d]: http://x.example/\n", x)
		}
		return b.String()
	}},
	{"footnote definitions then references", func(k int) string {
		var b strings.Builder
		for x := range k {
			fmt.Fprintf(&b, "[^%d]: b\n", x)
		}
		for x := range k {
			fmt.Fprintf(&b, "\na[^%d]\n", x)
		}
		return b.String()
	}},
	{"references to an unknown footnote", func(k int) string {
		var b strings.Builder
		for x := range k {
			fmt.Fprintf(&b, "[^%d]: b\n", x)
		}
		return b.String() + strings.Repeat("\na[^x]\n", k)
	}},
}

func repeatK(s string) func(k int) string { return func(k int) string { return strings.Repeat(s, k) } }

// ofSize returns the longest input gen makes in at most n bytes.
func ofSize(gen func(k int) string, n int) []byte {
	lo, hi := 1, 2
	for len(gen(hi)) <= n {
		lo, hi = hi, 2*hi
	}
	for hi-lo > 1 {
		if m := (lo + hi) / 2; len(gen(m)) <= n {
			lo = m
		} else {
			hi = m
		}
	}
	return []byte(gen(lo))
}

// TestMarkdownPathologicalLinear runs the Markdown walker on each
// pathological input at two sizes, 64 KiB and 640 KiB: the larger must take
// at most twenty-five times as long. Timings are the process's CPU time, the
// best of five runs, and a shape gets three attempts (as in
// TestWalkersLinearTime); runs under 10 ms pass. Before the walker's
// bounds (mdlimits.go), "mismatched openers and closers" took 37 s at
// 320 KiB, "unclosed links B" 27 s, "empty lines in deeply nested lists
// in blockquote" ran out of memory in goldmark at 32 KiB.
func TestMarkdownPathologicalLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	walk := func(doc []byte) { Markdown(doc, Options{}, func(*Candidate) {}) }
	for _, s := range pathologicalMarkdown {
		t.Run(s.name, func(t *testing.T) {
			small, large := ofSize(s.gen, 64<<10), ofSize(s.gen, 640<<10)
			cputime.Linear(t, len(small), len(large), func(l bool) { walk(pick(l, small, large)) }, 0, 0)
		})
	}
}

// markdownKinds returns each candidate of doc as "context uri".
func markdownKinds(doc string) []string {
	var out []string
	Markdown([]byte(doc), Options{}, func(c *Candidate) { out = append(out, fmt.Sprintf("%s %s", c.Context, c.URI)) })
	return out
}

// A paragraph, heading or table cell with more markup than maxInlineWork
// allows for its length is read as plain text: its links are found by the
// text scanner, as bare URIs.
func TestMarkdownInlineLimit(t *testing.T) {
	link := "[a](http://a.example/) "
	// The most links a paragraph of n links may hold: 2 markup characters
	// each, times the paragraph's length.
	fits := 1
	for (fits+1)*2*(fits+1)*len(link) <= maxInlineWork {
		fits++
	}
	for _, tt := range []struct {
		name, doc, want string
		n               int
	}{
		{"paragraph within the bound", strings.Repeat(link, fits-1), "markdown-link http://a.example/", fits - 1},
		{"paragraph past the bound", strings.Repeat(link, fits+2), "text http://a.example/", fits + 2},
		{"heading past the bound", "# " + strings.Repeat(link, fits+2), "text http://a.example/", fits + 2},
		{"table cell past the bound", "| a |\n|---|\n| " + strings.Repeat(link, fits+2) + "|\n", "text http://a.example/", fits + 2},
		{"escapes decoded past the bound", strings.Repeat(`[a](http://a.example/x\_y) `, fits+2), "text http://a.example/x_y", fits + 2},
	} {
		got := markdownKinds(tt.doc)
		if len(got) != tt.n || got[0] != tt.want || got[len(got)-1] != tt.want {
			t.Errorf("%s: %d candidates, the first %q, want %d of %q", tt.name, len(got), got[0], tt.n, tt.want)
		}
	}
	// HTML comments are still read past the bound: suppression comments.
	doc := strings.Repeat("[a](http://a.example/) <!-- c --> x\n", 2000)
	comments := 0
	var cands []Candidate
	Markdown([]byte(doc), Options{Comment: func(c Comment) {
		if doc[c.Start:c.End] == "<!-- c -->" && doc[c.TextStart:c.TextEnd] == " c " {
			comments++
		}
	}}, func(c *Candidate) { cands = append(cands, *c) })
	if comments != 2000 || len(cands) != 2000 || cands[0].Context != ContextText {
		t.Errorf("past the bound: %d comments read, %d candidates, the first %q", comments, len(cands), cands[0].Context)
	}
	// Past the bound, the rest of the document is read as usual.
	got := markdownKinds(strings.Repeat("[", 100000) + "\n\n[a](http://b.example/)\n")
	if len(got) != 1 || got[0] != "markdown-link http://b.example/" {
		t.Errorf("after a paragraph past the bound: %q", got)
	}
}

// Link reference definitions in a row are parsed a run of lines at a
// time: every one is found, one that spans two runs too, and the paragraph
// after them is read.
func TestMarkdownDefinitionRuns(t *testing.T) {
	var b strings.Builder
	for i := range 3 * maxDefinitionRun {
		if i == maxDefinitionRun-1 {
			// A definition over the first run's last line and the second's
			// first.
			fmt.Fprintf(&b, "[d%d]:\n  http://a.example/%d\n", i, i)
			continue
		}
		fmt.Fprintf(&b, "[d%d]: http://a.example/%d\n", i, i)
	}
	b.WriteString("text http://b.example/ and [d5]\n")
	got := markdownKinds(b.String())
	if len(got) != 3*maxDefinitionRun+1 {
		t.Fatalf("%d candidates, want %d", len(got), 3*maxDefinitionRun+1)
	}
	for i, g := range got[:3*maxDefinitionRun] {
		if want := fmt.Sprintf("markdown-definition http://a.example/%d", i); g != want {
			t.Fatalf("candidate %d: %q, want %q", i, g, want)
		}
	}
	if last := got[len(got)-1]; last != "text http://b.example/" {
		t.Errorf("the paragraph after the definitions: %q", last)
	}
}

// Block quotes and list items nest at most maxNesting deep, across lines
// as on one: a deeper marker is text, and URIs there are still found.
func TestMarkdownNestingLimit(t *testing.T) {
	var b strings.Builder
	for x := range 2 * maxNesting {
		fmt.Fprintf(&b, "%s- [l](http://a.example/%d)\n", strings.Repeat("  ", x), x)
	}
	doc := b.String()
	root := markdownParser().Parse(text.NewReader([]byte(doc)))
	depth := 0
	var walk func(n ast.Node, d int)
	walk = func(n ast.Node, d int) {
		if n.Kind() == ast.KindListItem || n.Kind() == ast.KindBlockquote {
			d++
		}
		depth = max(depth, d)
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			walk(c, d)
		}
	}
	walk(root, 0)
	if depth != maxNesting {
		t.Errorf("list items nest %d deep, want %d", depth, maxNesting)
	}
	got := markdownKinds(doc)
	if len(got) != 2*maxNesting || got[0] != "markdown-link http://a.example/0" || got[len(got)-1] != fmt.Sprintf("markdown-link http://a.example/%d", 2*maxNesting-1) {
		t.Errorf("%d candidates: %q ... %q", len(got), got[0], got[len(got)-1])
	}
}

// Long runs of blank lines (inside block quotes or not) are merged in the
// copy goldmark parses: the first maxBlankRun lines stay, the rest become
// spaces, and what the walker finds is the same.
func TestMarkdownBlankRuns(t *testing.T) {
	run := strings.Repeat
	for _, tt := range []struct{ doc, want string }{
		{"a\n" + run("\n", maxBlankRun) + "b\n", "a\n" + run("\n", maxBlankRun) + "b\n"},
		{"a\n" + run("\n", maxBlankRun+2) + "b\n", "a\n" + run("\n", maxBlankRun-1) + "  \nb\n"},
		{"> a\n" + run(">\n", maxBlankRun+1) + "> b\n", "> a\n" + run(">\n", maxBlankRun-1) + ">  \n> b\n"},
		{"> a\n" + run(">\n \t> \r\n", maxBlankRun/2+1) + "x\n", "> a\n" + run(">\n \t> \r\n", maxBlankRun/2-1) + ">\n \t> \r" + run(" ", 8) + "\nx\n"},
		{"a" + run("\n", maxBlankRun+5), "a" + run("\n", maxBlankRun) + "    \n"},
	} {
		fix := []byte(tt.doc)
		found := mergeBlankRuns([]byte(tt.doc), fix)
		if string(fix) != tt.want || found != (tt.doc != tt.want) {
			t.Errorf("mergeBlankRuns(%q) = %v, %q; want %q", tt.doc, found, fix, tt.want)
		}
	}
	// needsCopy says what flattenNesting and mergeBlankRuns say.
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(60) {
			b.WriteString([]string{" ", "\t", ">", "> ", "- ", "1. ", "\r", "\n", "\n", "a", "\n\n\n\n", strings.Repeat("> ", 40)}[rng.IntN(12)])
		}
		doc := []byte(b.String())
		deep, blanks := needsCopy(doc)
		if deep != flattenNesting(doc, nil) || blanks != mergeBlankRuns(doc, nil) {
			t.Fatalf("needsCopy(%q) = %v, %v; flattenNesting %v, mergeBlankRuns %v", doc, deep, blanks, flattenNesting(doc, nil), mergeBlankRuns(doc, nil))
		}
	}
	for _, tt := range []struct{ head, line, tail string }{
		{"- a\n", "\n", "  http://a.example/ in the item\n"},
		{"- a\n", "\n", "      http://a.example/ in code\n"},
		{"> - a\n", ">\n", ">   http://a.example/ in the item\n"},
		{"> - a\n", "> \n", "> http://a.example/ after the list\n"},
		{"```\n", "\n", "http://a.example/ in code\n```\n"},
		{"<pre>\n", "\n", "<a href=\"http://a.example/\">x</a>\n</pre>\n"},
	} {
		long, short := tt.head+run(tt.line, 20)+tt.tail, tt.head+run(tt.line, maxBlankRun)+tt.tail
		if !mergeBlankRuns([]byte(long), nil) || mergeBlankRuns([]byte(short), nil) {
			t.Fatalf("%q: mergeBlankRuns wrong", long)
		}
		for _, opts := range []Options{{}, {IncludeCodeBlocks: true}} {
			// The same document with the run cut to maxBlankRun lines,
			// where nothing is merged: the same candidates, moved.
			var got, want []string
			Markdown([]byte(long), opts, func(c *Candidate) { got = append(got, render([]byte(long), *c)) })
			bytes := (20 - maxBlankRun) * len(tt.line)
			Markdown([]byte(short), opts, func(c *Candidate) {
				c.Start, c.End = c.Start+bytes, c.End+bytes
				want = append(want, render([]byte(long), *c))
			})
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%q (%+v):\n got  %q\n want %q", long, opts, got, want)
			}
		}
	}
}

// pathologicalRST are inputs made to take a reStructuredText reader more
// than linear time: markup that opens and never closes (each start-string
// looks for its end to the end of the paragraph), constructs nested on one
// line or over lines, long names and link blocks, large tables, many
// escapes and substitutions in one URI. gen makes one of k repeats (ofSize
// finds k for a size in bytes).
var pathologicalRST = []struct {
	name string
	gen  func(k int) string
}{
	{"backticks", repeatK("`")},
	{"unclosed interpreted text", repeatK("`a ")},
	{"unclosed literals", repeatK("``a ")},
	{"unclosed emphasis", repeatK("*a ")},
	{"unclosed strong", repeatK("**a ")},
	{"unclosed substitutions", repeatK("|a ")},
	{"unclosed targets", repeatK("_`a ")},
	{"roles without text", repeatK(":a:b ")},
	{"a long role name", func(k int) string { return ":" + strings.Repeat("a:", k) + "`x`" }},
	{"a long reference name", func(k int) string { return "x " + strings.Repeat("a-", k) + "a_" }},
	{"reference names", repeatK("a_ ")},
	{"delimited words", repeatK("-a")},
	{"unclosed embedded URIs", repeatK("`a <")},
	{"embedded URIs", repeatK("`a <http://x.example/>`_ ")},
	{"phrase references ending in angle brackets", func(k int) string { return "`" + strings.Repeat("a <", k) + "b>`_" }},
	{"footnote references", repeatK("[1]_ [#a]_ [")},
	{"escapes in a URI", func(k int) string { return "http://x.example/" + strings.Repeat("a\\*", k) }},
	{"URIs with escapes", repeatK("http://x.example/a\\* ")},
	{"URIs with substitutions", repeatK("http://x.example/a-|v| ")},
	{"substitutions in a URI", func(k int) string { return "http://x.example/pkg" + strings.Repeat("-|v|", k) }},
	{"bullets on a line", func(k int) string { return strings.Repeat("* ", k) + "http://x.example/\n" }},
	{"enumerators on a line", func(k int) string { return strings.Repeat("1. ", k) + "http://x.example/\n" }},
	{"fields on a line", func(k int) string { return strings.Repeat(":a: ", k) + "http://x.example/\n" }},
	{"field names not closed", func(k int) string { return "* :" + strings.Repeat("a ", k) + "\n" }},
	{"options on a line", func(k int) string { return strings.Repeat("-a  ", k) + "http://x.example/\n" }},
	{"directives on a line", func(k int) string { return strings.Repeat(".. note:: ", k) + "http://x.example/\n" }},
	{"footnotes on a line", func(k int) string { return strings.Repeat(".. [1] ", k) + "http://x.example/\n" }},
	{"nested directives", func(k int) string {
		var b strings.Builder
		for x := range k {
			fmt.Fprintf(&b, "%s.. note::\n\n", strings.Repeat(" ", 3*x))
		}
		return b.String() + strings.Repeat(" ", 3*k) + "http://x.example/\n"
	}},
	{"nested block quotes", func(k int) string {
		var b strings.Builder
		for x := range k {
			fmt.Fprintf(&b, "%shttp://x.example/%d\n\n", strings.Repeat(" ", x), x)
		}
		return b.String()
	}},
	{"nested list items", func(k int) string {
		var b strings.Builder
		for x := range k {
			fmt.Fprintf(&b, "%s* http://x.example/%d\n", strings.Repeat("  ", x), x)
		}
		return b.String()
	}},
	{"a long target continuation", func(k int) string { return ".. _a: http://x.example/\n" + strings.Repeat("   a\n", k) }},
	{"a long target name", func(k int) string { return ".. _a" + strings.Repeat("\n   a", k) + ": http://x.example/\n" }},
	{"a long substitution name", func(k int) string { return ".. |a" + strings.Repeat("\n   a", k) + "| image:: x.png\n" }},
	{"a long comment", func(k int) string { return ".. a\n" + strings.Repeat("   http://x.example/\n", k) }},
	{"a grid table", func(k int) string {
		border := strings.Repeat("+---", k) + "+\n"
		row := strings.Repeat("| a ", k) + "|\n"
		return strings.Repeat(border+row, k) + border
	}},
	{"a wide grid table", func(k int) string {
		border := strings.Repeat("+---", k) + "+\n"
		row := strings.Repeat("| a ", k) + "|\n"
		return border + row + row + border
	}},
	{"a tall grid table", func(k int) string {
		return "+---+---+\n" + strings.Repeat("| a | b |\n+---+---+\n", k)
	}},
	{"a grid table of corners", func(k int) string {
		line := strings.Repeat("+-", k) + "+\n"
		return strings.Repeat(line, 8)
	}},
	{"a simple table", func(k int) string {
		border := strings.Repeat("=== ", k) + "\n"
		row := strings.Repeat("a   ", k) + "\n"
		return border + row + border + strings.Repeat(row, k) + border
	}},
	{"a tall simple table", func(k int) string {
		return "===  ===\n" + strings.Repeat("a    http://x.example/\n     b\n", k) + "===  ===\n"
	}},
	{"definition lists", repeatK("term\n  definition http://x.example/\n")},
	{"section titles", repeatK("http://x.example/\n=================\n\n")},
	{"literal blocks", repeatK("a::\n\n  http://x.example/\n\n")},
	{"line blocks", repeatK("| http://x.example/\n")},
	{"csv cells", func(k int) string {
		return ".. csv-table::\n\n   " + strings.Repeat("\"http://x.example/\", ", k) + "\n"
	}},
}

// TestRSTPathologicalLinear runs the reStructuredText walker on each
// pathological input at two sizes, 64 KiB and 640 KiB: the larger must
// take at most twenty-five times as long (CPU time, best of five runs, three
// attempts, as in TestMarkdownPathologicalLinear).
func TestRSTPathologicalLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	walk := func(doc []byte) {
		ReStructuredText(doc, Options{IncludeCodeBlocks: true, IncludeCodeSpans: true, Comment: func(Comment) {}}, func(*Candidate) {})
	}
	for _, s := range pathologicalRST {
		t.Run(s.name, func(t *testing.T) {
			small, large := ofSize(s.gen, 64<<10), ofSize(s.gen, 640<<10)
			cputime.Linear(t, len(small), len(large), func(l bool) { walk(pick(l, small, large)) }, 0, 0)
		})
	}
}
