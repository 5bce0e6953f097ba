package lint_test

import (
	"runtime"
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
