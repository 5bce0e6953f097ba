package lint_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.md")
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	// The file changed since it was read: nothing is written.
	err := lint.WriteFileAtomic(path, []byte("fixed"), []byte("what was read"))
	if !errors.Is(err, lint.ErrChanged) {
		t.Fatalf("error %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("file now %q", got)
	}
	if err := lint.WriteFileAtomic(path, []byte("fixed"), []byte("old")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "fixed" {
		t.Errorf("file now %q", got)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", info.Mode().Perm())
	}
	// A link is followed: the link stays, its target changes.
	link := filepath.Join(dir, "link.md")
	if err := os.Symlink("a.md", link); err != nil {
		t.Fatal(err)
	}
	if err := lint.WriteFileAtomic(link, []byte("again"), []byte("fixed")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file")
	}
	if got, _ := os.ReadFile(path); string(got) != "again" {
		t.Errorf("target now %q", got)
	}
	// A file that does not exist, with orig: an error, nothing created.
	if err := lint.WriteFileAtomic(filepath.Join(dir, "gone.md"), []byte("x"), []byte("y")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("error %v, want ErrNotExist", err)
	}
	// Read-only files and files with other names are not replaced.
	if err := os.Chmod(path, 0o440); err != nil {
		t.Fatal(err)
	}
	if err := lint.WriteFileAtomic(path, []byte("x"), []byte("again")); err == nil || err.Error() != "read-only: not fixed" {
		t.Errorf("read-only: error %v", err)
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, filepath.Join(dir, "hard.md")); err != nil {
		t.Fatal(err)
	}
	if err := lint.WriteFileAtomic(path, []byte("x"), []byte("again")); err == nil || err.Error() != "has 2 hard links, which replacing it would break: not fixed" {
		t.Errorf("hard link: error %v", err)
	}
	if err := os.Remove(filepath.Join(dir, "hard.md")); err != nil {
		t.Fatal(err)
	}
	// An aborted write leaves nothing behind.
	a, err := lint.CreateAtomic(filepath.Join(dir, "out.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Write([]byte("partial")); err != nil {
		t.Fatal(err)
	}
	a.Abort()
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("after Abort the directory holds %d entries, want a.md and link.md", len(entries))
	}
}

// TestFixSettles: Fix applies the safe fixes until none is left, and a
// second Fix changes nothing.
func TestFixSettles(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	src := []byte("See <URL:http://a.example/%7euser/%c3%a9> and http://a.example/50%zz\n")
	fixed, applied, diags, _ := ch.Fix("a.txt", lint.Text, src)
	const want = "See <http://a.example/~user/%C3%A9> and http://a.example/50%zz\n"
	if string(fixed) != want || applied != 3 {
		t.Errorf("Fix = %q, %d applied; want %q, 3", fixed, applied, want)
	}
	// The "%" is left to percent-malformed, whose fix is never safe.
	if s := summary(string(fixed), diags); s != "1:60 error percent-malformed" {
		t.Errorf("left: %s", s)
	}
	again, n, _, _ := ch.Fix("a.txt", lint.Text, fixed)
	if n != 0 || string(again) != want {
		t.Errorf("second Fix: %q, %d applied", again, n)
	}
}
