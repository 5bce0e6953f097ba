package report

import (
	"slices"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a.example/x", "http://a.example/x"},
		{"docs/My Notes.md", "docs/My Notes.md"},
		{"http://a.example/café", "http://a.example/café"},
		{"new\nline.txt", `"new\nline.txt"`},
		{"red\x1b[31m.txt", `"red\x1b[31m.txt"`},
		{"\ufeffhttp://a/", `"\ufeffhttp://a/"`},
		{"a\u202eb", `"a\u202eb"`}, // bidirectional override
		{"a\u009bb", `"a\u009bb"`}, // C1 control
		{"bad\xffutf8", `"bad\xffutf8"`},
		{"a\u2028b", `"a\u2028b"`},             // line separator
		{"a\u2066b\u2069", `"a\u2066b\u2069"`}, // bidirectional isolate
		{"a\u00a0b", `"a\u00a0b"`},             // no-break space
		{"bel\a.md", `"bel\a.md"`},
		{"cr\r.md", `"cr\r.md"`},
		{"del\x7f.md", `"del\x7f.md"`},
		// GitHub Actions workflow commands: "::" at the start of a line,
		// "##[" anywhere.
		{"::warning::x.md", `"::warning::x.md"`},
		{"  ::error::x", `"  ::error::x"`},
		{":a.md", `":a.md"`},
		{"a::b.md", "a::b.md"},
		{"x##[warning]y", `"x#\x23[warning]y"`},
		{"x##[a##[b", `"x#\x23[a#\x23[b"`},
		{"x#[y##", "x#[y##"},
	}
	for _, tt := range tests {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

// TestDiffLabel checks the names in --diff headers against what git 2.39
// writes for the same files (git diff, core.quotePath at its default).
func TestDiffLabel(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"docs/a.md", "a/docs/a.md"},
		{"new\nline.md", `"a/new\nline.md"`},
		{"ta\tb.md", `"a/ta\tb.md"`},
		{"bell\a.md", `"a/bell\a.md"`},
		{"e\x1bsc.md", `"a/e\033sc.md"`},
		{"d\x7fel.md", `"a/d\177el.md"`},
		{"café.md", `"a/caf\303\251.md"`},
		{"bad\xe9.md", `"a/bad\351.md"`},
		{`q"uo\te.md`, `"a/q\"uo\\te.md"`},
		{"sp ace.md", "a/sp ace.md\t"},
		{`sp ace"q.md`, `"a/sp ace\"q.md"` + "\t"},
	} {
		if got := diffLabel("a/", tt.name); got != tt.want {
			t.Errorf("diffLabel(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestGitHubEscape checks that no control character reaches a workflow
// command raw.
func TestGitHubEscape(t *testing.T) {
	for _, tt := range []struct {
		in             string
		property, data string
	}{
		{"docs/a.md", "docs/a.md", "docs/a.md"},
		{"50%,a:b", "50%25%2Ca%3Ab", "50%25,a:b"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"e\x1b[31m\x00\t\x7f", "e%1B[31m%00%09%7F", "e%1B[31m%00%09%7F"},
		// C1 controls, and every other character that is not printable
		// (a no-break space, bidirectional controls, line separators),
		// byte by byte; printable non-ASCII stays.
		{"c1\u009b\u0080 é \u00a0", "c1%C2%9B%C2%80 é %C2%A0", "c1%C2%9B%C2%80 é %C2%A0"},
		{"a\u202eb\u2028c\u2066", "a%E2%80%AEb%E2%80%A8c%E2%81%A6", "a%E2%80%AEb%E2%80%A8c%E2%81%A6"},
		// Invalid UTF-8 too.
		{"cut\xc2", "cut%C2", "cut%C2"},
	} {
		if got := string(appendGitHub(nil, tt.in, true)); got != tt.property {
			t.Errorf("property %q: %q, want %q", tt.in, got, tt.property)
		}
		if got := string(appendGitHub(nil, tt.in, false)); got != tt.data {
			t.Errorf("data %q: %q, want %q", tt.in, got, tt.data)
		}
	}
}

// TestSARIFFingerprint checks the fingerprint against a value computed
// apart (Python: hashlib.sha256(b"percent-malformed\0a.md\0http://example.com/%zz\0" + b"1\0")).
func TestSARIFFingerprint(t *testing.T) {
	got := sarifFingerprint("percent-malformed", "a.md", "http://example.com/%zz", 1)
	if want := "588029e9cbda65d402b6178747941dbc7efa26a1ca562259d44bc80909cd415d"; got != want {
		t.Errorf("fingerprint %s, want %s", got, want)
	}
	// Each field ends with a NUL: moving a character from one field to
	// the next changes the fingerprint.
	if sarifFingerprint("a", "bc", "d", 0) == sarifFingerprint("ab", "c", "d", 0) {
		t.Error("fields run together")
	}
}

// TestOccurrences checks that diagnostics are numbered by rule and URI.
func TestOccurrences(t *testing.T) {
	r1, r2 := &lint.Rule{Name: "r1"}, &lint.Rule{Name: "r2"}
	var o Occurrences
	var got []int
	for _, d := range []*lint.Diagnostic{
		{Rule: r1, URI: "u"}, {Rule: r1, URI: "v"}, {Rule: r2, URI: "u"}, {Rule: r1, URI: "u"}, {Rule: r1, URI: "u"}, {Rule: r2, URI: "u"},
	} {
		got = append(got, o.Next(d))
	}
	if want := []int{0, 0, 0, 1, 2, 1}; !slices.Equal(got, want) {
		t.Errorf("occurrences %v, want %v", got, want)
	}
}

// columns is a one-line document's Positions: offset n is column n+1.
type columns struct{}

func (columns) Pos(off int) extract.Pos { return extract.Pos{Offset: off, Line: 1, Column: off + 1} }

// TestGitHubPaths: an annotation names its file with "/" on every system,
// as GitHub names the files of a repository. On Windows (separator "\")
// a walk yields docs\sub\a.md, which becomes docs/sub/a.md; on Unix a "\"
// is a character of the name and stays.
func TestGitHubPaths(t *testing.T) {
	rule := &lint.Rule{Name: "percent-malformed"}
	for _, tt := range []struct {
		file string
		sep  byte
		want string
	}{
		{`docs\sub\a.md`, '\\', "docs/sub/a.md"},
		{`C:\work\repo\a.md`, '\\', "C%3A/work/repo/a.md"},
		{"docs/a.md", '\\', "docs/a.md"},
		{"docs/a.md", '/', "docs/a.md"},
		{`odd\name.md`, '/', `odd\name.md`},
	} {
		d := &lint.Diagnostic{File: tt.file, Rule: rule, Severity: lint.Error, Message: "m", Start: 4, End: 5}
		got := string(appendGitHubDiagnostic(nil, d, columns{}, tt.sep))
		want := "::error file=" + tt.want + ",line=1,col=5,endLine=1,endColumn=5,title=percent-malformed::m (" + rule.DocURL() + ")\n"
		if got != want {
			t.Errorf("%q with separator %q:\n%s\nwant\n%s", tt.file, tt.sep, got, want)
		}
	}
}
