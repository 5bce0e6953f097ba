package lint_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestFileDiagnosticsCap: a file lists its first MaxFileDiagnostics
// diagnostics and counts the rest, by severity, with or without
// suppression comments.
func TestFileDiagnosticsCap(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	extra := 50
	doc := strings.Repeat("http://a.example/%zz\n", lint.MaxFileDiagnostics+extra)
	for _, tt := range []struct {
		name, doc string
		unlisted  int
	}{
		{"streamed", doc, extra},
		// A directive: the file is held, the first report suppressed.
		{"held", "# urilint-disable-next-line percent-malformed\n" + doc, extra - 1},
	} {
		var listed []*lint.Diagnostic
		u := ch.Check("doc.txt", extract.FormatText, []byte(tt.doc), func(d *lint.Diagnostic) { listed = append(listed, d) })
		if len(listed) != lint.MaxFileDiagnostics || u.N != tt.unlisted || u.BySeverity[lint.Error] != tt.unlisted {
			t.Errorf("%s: %d listed, %+v unlisted; want %d and %d errors", tt.name, len(listed), u, lint.MaxFileDiagnostics, tt.unlisted)
		}
		for i := 1; i < len(listed); i++ {
			if listed[i].Start <= listed[i-1].Start {
				t.Fatalf("%s: not in order at %d", tt.name, i)
			}
		}
	}
}

// TestDirectiveAfterFindings: a directive at the end of an HTML or XML
// document suppresses what comes before it (the comments are read first,
// as the walkers report them only as they go).
func TestDirectiveAfterFindings(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		format extract.Format
		doc    string
	}{
		{extract.FormatHTML, `<a href="http://a.example/a b">x</a>` + "\n<!-- urilint-disable-file percent-unencoded -->\n"},
		{extract.FormatXML, `<doc><link href="http://a.example/a b"/>` + "\n<!-- urilint-disable-file percent-unencoded --></doc>\n"},
	} {
		var got []string
		ch.Check("doc", tt.format, []byte(tt.doc), func(d *lint.Diagnostic) { got = append(got, d.Rule.Name) })
		if len(got) != 0 {
			t.Errorf("%v: diagnostics %q, want none", tt.format, got)
		}
	}
}

// TestFileMemoryBounded: a document with suppression comments and half a
// million findings holds no more than the diagnostics it lists (before,
// every diagnostic was held until the end of the file).
func TestFileMemoryBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a large document")
	}
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := []byte("# urilint-disable-next-line percent-malformed\n" + strings.Repeat("http://a.example/%zz\n", 500_000))
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base, peak := m.HeapAlloc, uint64(0)
	n := 0
	u := ch.Check("doc.txt", extract.FormatText, doc, func(*lint.Diagnostic) {
		if n++; n%2000 == 0 {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	})
	runtime.ReadMemStats(&m)
	peak = max(peak, m.HeapAlloc)
	if u.N != 500_000-1-lint.MaxFileDiagnostics {
		t.Errorf("%d unlisted", u.N)
	}
	// 10,000 diagnostics and their strings take a few megabytes; the
	// half million found took hundreds.
	if grown := int64(peak) - int64(base); grown > 64<<20 {
		t.Errorf("the heap grew by %d MB while checking", grown>>20)
	}
}

// TestOneURIMemoryBounded: one URI written with a million times the same
// thing, a mistake, a character reference, an escape or a layout break
// (issue 22, item 14: 50 MB of "%" took 3.8 GB, 20 MB of "&amp;" in one
// href 735 MB), allocates a small constant times its size in all, and its
// finding still counts every problem. Bytes allocated (not the heap's size
// at some moment) do not depend on when the collector runs: the test
// cannot flake.
func TestOneURIMemoryBounded(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 1 << 23
	pct := fmt.Sprintf(`percent-malformed: "%%" not followed by two hexadecimal digits (found "%%%%%%"); a literal "%%" is written %%25 (and %d more in this URI)`, n-1)
	for _, tc := range []struct {
		name string
		f    extract.Format
		doc  string
		want []string // the diagnostics' rules and messages
	}{
		{"doc.txt", extract.FormatText, "http://a.example/" + strings.Repeat("%", n) + "\n", []string{pct}},
		{"doc.md", extract.FormatMarkdown, "<http://a.example/" + strings.Repeat("%", n) + ">\n", []string{pct}},
		{"refs.html", extract.FormatHTML, `<a href="http://a.example/?` + strings.Repeat("&amp;", n/4) + `%zz">x</a>`,
			[]string{`percent-malformed: "%" not followed by two hexadecimal digits (found "%zz"); a literal "%" is written %25`}},
		{"refs.html", extract.FormatHTML, `<a href="http://a.example/?` + strings.Repeat("&amp;x", n/4) + `">x</a>`, nil},
		{"escapes.md", extract.FormatMarkdown, "http://a.example/?" + strings.Repeat("\\!x", n/2) + " t\n", nil},
		{"layout.txt", extract.FormatText, "<http://a.example/" + strings.Repeat("a ", n/2) + ">\n", nil},
	} {
		doc := []byte(tc.doc)
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		before := m.TotalAlloc
		var msgs []string
		ch.Check(tc.name, tc.f, doc, func(d *lint.Diagnostic) { msgs = append(msgs, d.Rule.Name+": "+d.Message) })
		runtime.ReadMemStats(&m)
		grown := m.TotalAlloc - before
		t.Logf("%s: %.1f times the document allocated", tc.name, float64(grown)/float64(len(doc)))
		if grown > 10*uint64(len(doc)) {
			t.Errorf("%s: %d MB allocated for a document of %d MB", tc.name, grown>>20, len(doc)>>20)
		}
		if !slices.Equal(msgs, tc.want) {
			t.Errorf("%s: diagnostics %q, want %q", tc.name, msgs, tc.want)
		}
	}
}

// TestNoFixInCoarseMap: where a very long value maps to the document only
// in proportion (past its first 65,536 references), a fix could not be
// placed exactly: it is offered, never applied by --fix. The same problem
// after the value's last reference maps exactly, and its fix is safe.
func TestNoFixInCoarseMap(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	refs := strings.Repeat("&amp;", 70_000)
	for _, tc := range []struct {
		doc  string
		safe bool
		at   int
	}{
		{"See https://a.example/a" + refs + "^" + refs + ".html[t] now.\n", false, -1},
		{"See https://a.example/a" + refs + "x^y.html[t] now.\n", true, len("See https://a.example/a" + refs + "x")},
	} {
		var ds []*lint.Diagnostic
		ch.Check("doc.adoc", extract.FormatAsciiDoc, []byte(tc.doc), func(d *lint.Diagnostic) { ds = append(ds, d) })
		if len(ds) != 1 || ds[0].Rule.Name != "percent-unencoded" || len(ds[0].Fixes) != 1 {
			t.Fatalf("diagnostics %v, want one of percent-unencoded with a fix", ds)
		}
		d := ds[0]
		if d.Fixes[0].Safe != tc.safe || tc.at >= 0 && (d.Start != tc.at || d.End != tc.at+1) {
			t.Errorf("%d-%d: fix %q safe %v; want safe %v at %d", d.Start, d.End, d.Fixes[0].Message, d.Fixes[0].Safe, tc.safe, tc.at)
		}
		if !tc.safe && !strings.Contains(d.Fixes[0].Message, "too long to place this edit exactly") {
			t.Errorf("fix message %q does not say why it is not applied", d.Fixes[0].Message)
		}
	}
}

// TestDocumentMemoryBounded: the shapes that made a walker hold much more
// than the document (issue 22, item 14) allocate less than ten times it
// in all: one Markdown paragraph of URN lines that no blank line cuts
// (82 times before: goldmark's node per line, every candidate gathered),
// and one XML tag of a million attributes (13.6 times: every attribute
// kept). Each candidate is still checked: one defect at the end of each
// is reported.
func TestDocumentMemoryBounded(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	var urns, attrs strings.Builder
	for i := 0; urns.Len() < 8<<20; i++ {
		fmt.Fprintf(&urns, "urn:example:a%d\n", i)
	}
	urns.WriteString("http://a.example/%zz\n")
	attrs.WriteString("<r")
	for i := 0; attrs.Len() < 8<<20; i++ {
		fmt.Fprintf(&attrs, " a%d='x'", i)
	}
	attrs.WriteString(" href='http://a.example/%zz'/>\n")
	for _, tc := range []struct {
		name string
		f    extract.Format
		doc  string
	}{
		{"paragraph.md", extract.FormatMarkdown, urns.String()},
		{"attributes.xml", extract.FormatXML, attrs.String()},
	} {
		doc := []byte(tc.doc)
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		before := m.TotalAlloc
		var got []string
		ch.Check(tc.name, tc.f, doc, func(d *lint.Diagnostic) { got = append(got, fmt.Sprintf("%s@%d", d.Rule.Name, d.Start)) })
		runtime.ReadMemStats(&m)
		grown := m.TotalAlloc - before
		t.Logf("%s: %.1f times the document allocated", tc.name, float64(grown)/float64(len(doc)))
		if grown > 10*uint64(len(doc)) {
			t.Errorf("%s: %d MB allocated for a document of %d MB", tc.name, grown>>20, len(doc)>>20)
		}
		if want := []string{fmt.Sprintf("percent-malformed@%d", strings.LastIndex(tc.doc, "%zz"))}; !slices.Equal(got, want) {
			t.Errorf("%s: diagnostics %q, want %q", tc.name, got, want)
		}
	}
}
