package lint

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

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
		{"c1\u009b\u0080 é \u00a0", "c1%C2%9B%C2%80 é \u00a0", "c1%C2%9B%C2%80 é \u00a0"},
		{"cut\xc2", "cut\xc2", "cut\xc2"},
	} {
		if got := string(appendGitHub(nil, tt.in, true)); got != tt.property {
			t.Errorf("property %q: %q, want %q", tt.in, got, tt.property)
		}
		if got := string(appendGitHub(nil, tt.in, false)); got != tt.data {
			t.Errorf("data %q: %q, want %q", tt.in, got, tt.data)
		}
	}
}

// TestFilesDedupeByIdentity checks that a directory named directly and
// through a link, and two hard links to one file, yield each file once.
func TestFilesDedupeByIdentity(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	write(t, filepath.Join(real, "a.md"), "x")
	write(t, filepath.Join(real, "b.md"), "x")
	link := filepath.Join(dir, "link")
	if err := os.Symlink("real", link); err != nil {
		t.Skip("no symbolic links:", err)
	}
	hard := filepath.Join(dir, "hard.md")
	if err := os.Link(filepath.Join(real, "a.md"), hard); err != nil {
		t.Skip("no hard links:", err)
	}
	files, errs := Files([]string{real, link, hard}, WalkOptions{Jobs: 2})
	want := []string{hard, filepath.Join(link, "b.md")}
	if !slices.Equal(files, want) || len(errs) > 0 {
		t.Errorf("Files = %q, %v; want %q", files, errs, want)
	}
}
