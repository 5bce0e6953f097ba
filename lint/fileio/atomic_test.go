//go:build unix

package fileio_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/urilint/urilint/lint/fileio"
)

// TestWriteKeepsOwnerAndMode checks that a fix keeps the file's setuid,
// setgid and sticky bits and, run as root, its owner and group.
func TestWriteKeepsOwnerAndMode(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.md")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	const mode = 0o750 | os.ModeSetuid | os.ModeSetgid | os.ModeSticky
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		uid, gid = 1234, 5678
		if err := os.Chown(path, uid, gid); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, mode); err != nil { // chown may clear setuid and setgid
			t.Fatal(err)
		}
	}
	if err := fileio.WriteFileAtomic(path, []byte("new"), []byte("old")); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode(); got != mode {
		t.Errorf("mode %v, want %v", got, mode)
	}
	st := info.Sys().(*syscall.Stat_t)
	if int(st.Uid) != uid || int(st.Gid) != gid {
		t.Errorf("owner %d:%d, want %d:%d", st.Uid, st.Gid, uid, gid)
	}
	if got, _ := os.ReadFile(path); string(got) != "new" {
		t.Errorf("file now %q", got)
	}
}

// TestRemoveTemporaries checks what a signal during --fix or --output
// leaves: RemoveTemporaries removes the temporary file of a write under
// way, and the write can no longer replace its file.
func TestRemoveTemporaries(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.md")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	a, err := fileio.CreateAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Fatalf("%d entries in the directory, want a.md and a temporary file", len(entries))
	}
	fileio.RemoveTemporaries()()
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("after RemoveTemporaries: %d entries in the directory, want a.md only", len(entries))
	}
	if err := a.Commit(); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Commit after RemoveTemporaries: error %v, want ErrNotExist", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("file now %q, want it unchanged", got)
	}
	a.Abort()
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.md")
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	// The file changed since it was read: nothing is written.
	err := fileio.WriteFileAtomic(path, []byte("fixed"), []byte("what was read"))
	if !errors.Is(err, fileio.ErrChanged) {
		t.Fatalf("error %v, want ErrChanged", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "old" {
		t.Errorf("file now %q", got)
	}
	if err := fileio.WriteFileAtomic(path, []byte("fixed"), []byte("old")); err != nil {
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
	if err := fileio.WriteFileAtomic(link, []byte("again"), []byte("fixed")); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a file")
	}
	if got, _ := os.ReadFile(path); string(got) != "again" {
		t.Errorf("target now %q", got)
	}
	// A file that does not exist, with orig: an error, nothing created.
	if err := fileio.WriteFileAtomic(filepath.Join(dir, "gone.md"), []byte("x"), []byte("y")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("error %v, want ErrNotExist", err)
	}
	// Read-only files and files with other names are not replaced.
	if err := os.Chmod(path, 0o440); err != nil {
		t.Fatal(err)
	}
	if err := fileio.WriteFileAtomic(path, []byte("x"), []byte("again")); err == nil || err.Error() != "read-only: not fixed" {
		t.Errorf("read-only: error %v", err)
	}
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, filepath.Join(dir, "hard.md")); err != nil {
		t.Fatal(err)
	}
	if err := fileio.WriteFileAtomic(path, []byte("x"), []byte("again")); err == nil || err.Error() != "has 2 hard links, which replacing it would break: not fixed" {
		t.Errorf("hard link: error %v", err)
	}
	if err := os.Remove(filepath.Join(dir, "hard.md")); err != nil {
		t.Fatal(err)
	}
	// An aborted write leaves nothing behind.
	a, err := fileio.CreateAtomic(filepath.Join(dir, "out.sarif"))
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
