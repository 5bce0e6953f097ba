package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestOutputNeverAnInput runs check with every flag that writes a file
// (--format NAME:PATH, --output, --write-baseline, and --fix beside an
// output) naming, in every way a path can, a file the run reads (a
// document named, or found in a directory walked) or the baseline it
// reads. Each is refused before anything is written: exit 2, the message
// names both, and every file is left as it was, with nothing beside it.
func TestOutputNeverAnInput(t *testing.T) {
	const doc = "See http://example.com/a%7eb and <http://example.com/a b.html>.\n"
	// Ways to name the file docs/a.md, from the directory holding docs.
	names := map[string]func(dir string) string{
		"same":     func(string) string { return "docs/a.md" },
		"dotted":   func(string) string { return "./docs/../docs/a.md" },
		"absolute": func(dir string) string { return filepath.Join(dir, "docs", "a.md") },
		"symlink":  func(string) string { return "link.md" },
		"hardlink": func(string) string { return "hard.md" },
	}
	// Ways to read docs/a.md: named, or found by walking docs.
	inputs := map[string][]string{"named": {"docs/a.md"}, "walked": {"docs"}}
	// Flags that write PATH.
	writers := map[string]func(path string) []string{
		"format":         func(p string) []string { return []string{"--format", "json:" + p} },
		"output":         func(p string) []string { return []string{"--output", p} },
		"write-baseline": func(p string) []string { return []string{"--write-baseline", p} },
		"fix-format":     func(p string) []string { return []string{"--fix", "--format", "text", "--format", "sarif:" + p} },
	}
	for name, path := range names {
		for input, roots := range inputs {
			for writer, flags := range writers {
				t.Run(name+"/"+input+"/"+writer, func(t *testing.T) {
					dir := setUpOutputTree(t, doc)
					p := path(dir)
					args := append(append([]string{"check"}, flags(p)...), roots...)
					checkRefused(t, dir, args, p, "the input docs/a.md")
				})
			}
		}
	}
	// The baseline read, as an output.
	for name, path := range names {
		t.Run("baseline/"+name, func(t *testing.T) {
			dir := setUpOutputTree(t, `{"version":1,"findings":[]}`+"\n")
			p := path(dir)
			checkRefused(t, dir, []string{"check", "--baseline", "docs/a.md", "--format", "json:" + p, "other.md"}, p, "--baseline docs/a.md")
		})
	}
	// Two outputs that are one file under two names.
	t.Run("two outputs", func(t *testing.T) {
		dir := setUpOutputTree(t, doc)
		checkRefused(t, dir, []string{"check", "--format", "json:docs/a.md", "--format", "sarif:link.md", "other.md"}, "link.md", "--format json:docs/a.md")
	})
	// The baseline written and an output, by one path not there yet.
	t.Run("baseline written and an output", func(t *testing.T) {
		dir := setUpOutputTree(t, doc)
		var stdout, stderr bytes.Buffer
		code := run([]string{"check", "--write-baseline", "new.json", "--format", "json:./new.json", "other.md"}, strings.NewReader(""), &stdout, &stderr)
		if code != exitError || !strings.Contains(stderr.String(), "--format json:./new.json and --write-baseline new.json are the same file") {
			t.Errorf("exit %d, stderr %q", code, stderr.String())
		}
		assertTreeIntact(t, dir, doc)
	})
	// Standard input redirected from the file.
	t.Run("stdin", func(t *testing.T) {
		dir := setUpOutputTree(t, doc)
		f, err := os.Open(filepath.Join(dir, "docs", "a.md"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var stdout, stderr bytes.Buffer
		code := run([]string{"check", "--output", "docs/a.md", "--stdin-filename", "x.md", "-"}, f, &stdout, &stderr)
		if code != exitError || !strings.Contains(stderr.String(), "(--output docs/a.md) and standard input are the same file") {
			t.Errorf("exit %d, stderr %q", code, stderr.String())
		}
		assertTreeIntact(t, dir, doc)
	})
}

// setUpOutputTree makes, in a new directory it changes to, docs/a.md
// holding content, a symbolic link link.md and a hard link hard.md to it,
// and other.md; and returns the directory.
func setUpOutputTree(t *testing.T, content string) string {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, err := range []error{
		os.Mkdir("docs", 0o755),
		os.WriteFile("docs/a.md", []byte(content), 0o644),
		os.WriteFile("other.md", []byte("http://example.com/\n"), 0o644),
		os.Symlink("docs/a.md", "link.md"),
		os.Link("docs/a.md", "hard.md"),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// checkRefused runs args and checks that they are refused, naming the
// output path and the other file (other), and that nothing changed.
func checkRefused(t *testing.T, dir string, args []string, path, other string) {
	t.Helper()
	content, _ := os.ReadFile(filepath.Join(dir, "docs", "a.md"))
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	if code != exitError {
		t.Errorf("%q: exit %d, want 2", args, code)
	}
	if msg := stderr.String(); !strings.Contains(msg, path) || !strings.Contains(msg, other) || !strings.Contains(msg, "are the same file") {
		t.Errorf("%q: stderr %q, want it to name %s and %s as the same file", args, msg, path, other)
	}
	if stdout.Len() > 0 {
		t.Errorf("%q: stdout %q, want nothing", args, stdout.String())
	}
	assertTreeIntact(t, dir, string(content))
}

// assertTreeIntact checks that docs/a.md holds content and that nothing
// was added beside the files setUpOutputTree made.
func assertTreeIntact(t *testing.T, dir, content string) {
	t.Helper()
	if got, _ := os.ReadFile(filepath.Join(dir, "docs", "a.md")); string(got) != content {
		t.Errorf("docs/a.md now holds %q", got)
	}
	var found []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if p != dir {
			rel, _ := filepath.Rel(dir, p)
			found = append(found, rel)
		}
		return nil
	})
	slices.Sort(found)
	if want := []string{"docs", "docs/a.md", "hard.md", "link.md", "other.md"}; !slices.Equal(found, want) {
		t.Errorf("the directory holds %q, want %q", found, want)
	}
}
