//go:build unix

package lint_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/urilint/urilint/lint"
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
	if err := lint.WriteFileAtomic(path, []byte("new"), []byte("old")); err != nil {
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
	a, err := lint.CreateAtomic(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Write([]byte("new")); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Fatalf("%d entries in the directory, want a.md and a temporary file", len(entries))
	}
	lint.RemoveTemporaries()()
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
