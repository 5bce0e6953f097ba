package driver

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/urilint/urilint/lint/internal/osfile"
)

// ErrChanged says that a file changed on disk after it was read, so fixes
// computed from what was read were not written.
var ErrChanged = errors.New("changed since it was read: not fixed (run again)")

// WriteFileAtomic replaces the file at path with data, through an
// AtomicFile. When orig is not nil, the file must exist and still hold orig
// (else ErrChanged, and nothing is written).
// Fixing a file (orig not nil) that is read-only, or has other names (hard
// links, which the rename would cut off from the new content), is refused.
func WriteFileAtomic(path string, data, orig []byte) error {
	if orig != nil {
		info, err := os.Stat(path)
		if err != nil {
			return osfile.CleanError(err)
		}
		if info.Mode().Perm()&0o200 == 0 {
			return errors.New("read-only: not fixed")
		}
		if n := hardLinks(info); n > 1 {
			return fmt.Errorf("has %d hard links, which replacing it would break: not fixed", n)
		}
	}
	a, err := CreateAtomic(path)
	if err != nil {
		return err
	}
	defer a.Abort()
	if _, err := a.Write(data); err != nil {
		return err
	}
	if orig != nil {
		now, err := osfile.ReadRegular(a.path) // not a named pipe put there since
		if err != nil {
			return osfile.CleanError(err)
		}
		if !bytes.Equal(now, orig) {
			return ErrChanged
		}
	}
	return a.Commit()
}

// AtomicFile writes a file that appears whole or not at all: the data goes
// to a temporary file in the same directory, which Commit renames over the
// file. A symbolic link is followed, and an existing file keeps its owner,
// group and mode, setuid, setgid and sticky bits included (a new one gets
// 0644). SIGINT and SIGTERM can remove the temporary file: see
// RemoveTemporaries.
type AtomicFile struct {
	tmp   *os.File
	path  string // the file replaced, links followed
	mode  os.FileMode
	owner *fileOwner // of the file replaced; nil for a new file
	done  bool
}

// CreateAtomic starts writing the file at path.
func CreateAtomic(path string) (*AtomicFile, error) {
	real := path
	if r, err := filepath.EvalSymlinks(path); err == nil {
		real = r
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, osfile.CleanError(err)
	}
	return createAtomic(real)
}

// createAtomic starts writing the file at path; a symbolic link there is
// replaced, not followed.
func createAtomic(path string) (*AtomicFile, error) {
	a := &AtomicFile{path: path, mode: 0o644}
	if info, err := os.Lstat(path); err == nil && info.Mode()&os.ModeSymlink == 0 {
		if !info.Mode().IsRegular() {
			return nil, errors.New("not a regular file")
		}
		a.mode = info.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)
		a.owner = ownerOf(info)
	}
	tmp, err := createTemp(filepath.Dir(path), "."+filepath.Base(path)+".urilint-*")
	if err != nil {
		return nil, osfile.CleanError(err)
	}
	a.tmp = tmp
	return a, nil
}

func (a *AtomicFile) Write(p []byte) (int, error) { return a.tmp.Write(p) }

// Commit replaces the file with what was written.
func (a *AtomicFile) Commit() error {
	if a.done {
		return errors.New("already committed")
	}
	// The owner first: a change of owner may clear the setuid and setgid
	// bits, which Chmod then sets.
	err := a.keepOwner()
	if err == nil {
		err = a.tmp.Chmod(a.mode)
	}
	if err == nil {
		err = a.tmp.Sync()
	}
	if cerr := a.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = renameTemp(a.tmp.Name(), a.path)
	}
	if err != nil {
		removeTemp(a.tmp.Name())
		return osfile.CleanError(err)
	}
	a.done = true
	return nil
}

// keepOwner gives the temporary file the owner and group of the file it
// replaces, when they differ (a file of another user fixed by root, or of
// another of the user's groups). When that is not allowed, the file is not
// replaced: a rename would hand it to the user running urilint.
func (a *AtomicFile) keepOwner() error {
	if a.owner == nil {
		return nil
	}
	info, err := a.tmp.Stat()
	if err != nil {
		return err
	}
	if now := ownerOf(info); now != nil && *now == *a.owner {
		return nil
	}
	if err := a.tmp.Chown(a.owner.uid, a.owner.gid); err != nil {
		return fmt.Errorf("cannot keep its owner (uid %d, gid %d): %w", a.owner.uid, a.owner.gid, osfile.CleanError(err))
	}
	return nil
}

// Abort drops what was written, unless it was committed. It may be called
// on a nil AtomicFile, which does nothing.
func (a *AtomicFile) Abort() {
	if a != nil && !a.done {
		a.done = true
		_ = a.tmp.Close()
		removeTemp(a.tmp.Name())
	}
}
