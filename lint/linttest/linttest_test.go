package linttest_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/linttest"
	"github.com/urilint/urilint/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files of the fixes")

// noExampleNet is a rule as someone outside this module would write one:
// it reports the host example.net, and offers example.org as a safe fix.
var noExampleNet = &lint.Rule{
	Name:     "no-example-net",
	Category: lint.Policy,
	Severity: lint.Warning,
	Doc: lint.Doc{
		Title: "The example host of this project is example.org",
		Text:  "Our documents use one example host.",
		Bad:   "http://example.net/", Good: "http://example.org/",
		Fix: "Fix (safe): write example.org.",
	},
	Kinds:     []extract.Kind{extract.KindURI},
	Certainty: extract.Weak,
	Run: func(p *lint.Pass) {
		u := p.URI
		if u.Host.Present() && strings.EqualFold(u.Host.In(u.Input), "example.net") {
			p.Report(lint.Finding{Start: u.Host.Start, End: u.Host.End, Message: "example.net: this project writes example.org",
				Fixes: []lint.Fix{{Message: "write example.org", Safe: true, Edits: []lint.Edit{{Start: u.Host.Start, End: u.Host.End, New: "example.org"}}}}})
		}
	},
}

// The rules of this module, and the one of the test: every grammar
// problem code must be claimed by a rule (see lint.NewChecker).
var withRule = append(slices.Clone(rules.All), noExampleNet)

// The documents of testdata/no-example-net, in five formats, hold what
// they expect, and have golden fixes: safe in a link (Markdown's,
// reStructuredText's, AsciiDoc's) and an XML attribute, suggestions
// elsewhere.
func TestRun(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("testdata", "no-example-net", "*"))
	if err != nil {
		t.Fatal(err)
	}
	docs = slices.DeleteFunc(docs, func(d string) bool { return strings.HasSuffix(d, ".fixed") || strings.HasSuffix(d, ".fixes") })
	if len(docs) != 5 {
		t.Fatalf("documents %q", docs)
	}
	linttest.Run(t, linttest.Options{Rules: withRule, Update: *update}, docs...)
}

// recorder is a testing.TB that keeps the errors reported.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// Check fails a test for each diagnostic not expected and each expectation
// not met, and for a fixed document that differs from its golden file.
func TestCheckFails(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "a.md")
	src := "See [x](http://example.net/a) <!-- want no-example-net@16 \"example.net\" -->\n" +
		"and [y](http://example.net/b). <!-- want+1 no-example-net@1 \"example.net\" -->\n" +
		"There is nothing on this line.\n"
	if err := os.WriteFile(doc, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(doc+".fixes", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	fixed := strings.ReplaceAll(src, "http://example.net", "http://example.org")
	if err := os.WriteFile(doc+".fixed", []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &recorder{TB: t}
	diags := linttest.Check(r, linttest.Options{Rules: withRule}, doc)
	if len(diags) != 2 {
		t.Errorf("%d diagnostics, want 2", len(diags))
	}
	want := []string{
		doc + ":2:16-27: unexpected no-example-net: example.net: this project writes example.org",
		doc + `:3:1: expected no-example-net matching "example.net", got none`,
		doc + ".fixes differs",
	}
	if len(r.errs) != len(want) {
		t.Fatalf("errors:\n%s\nwant %d", strings.Join(r.errs, "\n"), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(r.errs[i], w) {
			t.Errorf("error %d: %q, want %q...", i, r.errs[i], w)
		}
	}
}

// Want comments are read with their offsets, and blanked without moving
// anything.
func TestParseWants(t *testing.T) {
	src := []byte("a <!-- want x@3 \"m\" y@4-9 \"n\\\"q\" -->\n<!-- want-1 z@1 \"^$\" -->\n")
	ws, err := linttest.ParseWants(extract.FormatMarkdown, src)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := wantStrings(ws), []string{`1:3-0 x m`, `1:4-9 y n"q`, `1:1-0 z ^$`}; !slices.Equal(got, want) {
		t.Errorf("wants %q, want %q", got, want)
	}
	if b := linttest.Blank(extract.FormatMarkdown, src); len(b) != len(src) || strings.Contains(string(b), "want") || b[0] != 'a' {
		t.Errorf("blanked %q", b)
	}
	for _, bad := range []string{"<!-- want x@ \"m\" -->", "<!-- want  -->"} {
		if _, err := linttest.ParseWants(extract.FormatText, []byte(bad)); err == nil {
			t.Errorf("%q: a malformed expectation is no error", bad)
		}
	}
}

// In reStructuredText and AsciiDoc, a want comment is a comment line of
// the format, about another line; Blank keeps its marker, so that it stays
// a comment, and moves nothing; an HTML comment there is an error, and so
// is a want line without an offset.
func TestParseWantsLines(t *testing.T) {
	for _, tc := range []struct {
		f        extract.Format
		src      string
		want     []string
		blanked  string
		notWants []string // not want comments of the format
	}{
		{
			f:       extract.FormatReStructuredText,
			src:     "a x\n\n.. want-2 x@3 \"m\" y@1-2 \"n\"\n\n- item\n\n  .. want+2 z@5 \"^$\"\r\n\n  b\n",
			want:    []string{`1:3-0 x m`, `1:1-2 y n`, `9:5-0 z ^$`},
			blanked: "a x\n\n..                         \n\n- item\n\n  ..                \r\n\n  b\n",
			notWants: []string{
				"..want-1 x@1 \"m\"\n",    // no space: no comment
				".. wanted-1 x@1 \"m\"\n", // another word
				"text .. want-1 x@1 \"m\"\n",
				"// want-1 x@1 \"m\"\n", // AsciiDoc's
			},
		},
		{
			f:       extract.FormatAsciiDoc,
			src:     "a x\n// want-1 x@3 \"m\"\n//want+1 y@2-4 \"n\"\nbc\n",
			want:    []string{`1:3-0 x m`, `4:2-4 y n`},
			blanked: "a x\n//               \n//                \nbc\n",
			notWants: []string{
				" // want-1 x@1 \"m\"\n", // indented: a literal paragraph
				"/// want-1 x@1 \"m\"\n",
				".. want-1 x@1 \"m\"\n", // reStructuredText's
			},
		},
	} {
		ws, err := linttest.ParseWants(tc.f, []byte(tc.src))
		if err != nil {
			t.Fatalf("%s: %v", tc.f, err)
		}
		if got := wantStrings(ws); !slices.Equal(got, tc.want) {
			t.Errorf("%s: wants %q, want %q", tc.f, got, tc.want)
		}
		if got := string(linttest.Blank(tc.f, []byte(tc.src))); got != tc.blanked {
			t.Errorf("%s: blanked\n%q, want\n%q", tc.f, got, tc.blanked)
		}
		for _, src := range tc.notWants {
			if ws, err := linttest.ParseWants(tc.f, []byte(src)); err != nil || len(ws) > 0 {
				t.Errorf("%s: %q read as %q, %v", tc.f, src, wantStrings(ws), err)
			}
			if got := string(linttest.Blank(tc.f, []byte(src))); got != src {
				t.Errorf("%s: %q blanked as %q", tc.f, src, got)
			}
		}
		for _, bad := range []string{
			"a\n<!-- want x@1 \"m\" -->\n",                // text in these formats
			"a\n\n.. want x@1 \"m\"\n// want x@1 \"m\"\n", // about which line?
			".. want-1\n// want-1\n",
			".. want-1 x@1 m\n// want-1 x@1 m\n",
		} {
			if _, err := linttest.ParseWants(tc.f, []byte(bad)); err == nil {
				t.Errorf("%s: %q is no error", tc.f, bad)
			}
		}
	}
}

func wantStrings(ws []*linttest.Want) []string {
	var out []string
	for _, w := range ws {
		out = append(out, fmt.Sprintf("%d:%d-%d %s %s", w.Line, w.Col, w.End, w.Rule, w.Message))
	}
	return out
}

// The examples of the package's doc hold: each document meets its
// expectation and gives nothing else (its golden fixes are written, in a
// temporary directory).
func TestDocExamples(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a.md":   "Mail <mailto:a@b;c@d> <!-- want uri-mailto-syntax@17 \"between two addresses\" -->\n",
		"a.rst":  "Mail <mailto:a@b;c@d>\n\n.. want-2 uri-mailto-syntax@17 \"between two addresses\"\n",
		"a.adoc": "Mail <mailto:a@b;c@d>\n// want-1 uri-mailto-syntax@17 \"between two addresses\"\n",
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		r := &recorder{TB: t}
		if diags := linttest.Check(r, linttest.Options{Rules: rules.All, Update: true}, path); len(diags) != 1 || len(r.errs) > 0 {
			t.Errorf("%s: %d diagnostics, errors %q", name, len(diags), r.errs)
		}
	}
}
