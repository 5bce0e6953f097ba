package fileio

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

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
