package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/urilint/urilint/lint/internal/osfile"
)

// ErrChanged says that a file changed on disk after it was read, so fixes
// computed from what was read were not written (or, when the change came
// as the fixed file was put in place, were undone).
var ErrChanged = errors.New("changed since it was read: not fixed (run again)")

// WriteFileAtomic replaces the file at path with data, through an
// AtomicFile. When orig is nil, that is all (an output, a baseline).
//
// When orig is not nil, data is a fix of the file, which must exist and
// still hold orig: else ErrChanged, and nothing is written. A file that is
// read-only, or has other names (hard links, which the rename would cut
// off from the new content), is refused. No save made by someone else
// while the fix is written is lost: the file is held open from the start;
// the last look at it (the same file at path, its size and modification
// time unchanged, its content still orig) comes once the new content is
// written, owned, moded and synced, right before it is put in place; and
// after that, the file put aside is looked at again. If it changed, or
// another file took its place at path, it goes back (ErrChanged).
//
// How the fixed file is put in place decides what can go back: swapped
// with the file in one step where the system and file system can
// (Linux's renameat2, macOS's renamex_np), else the file is kept under a
// second name (a hard link) while the fixed one is renamed over it, else,
// where neither works (some network and FAT file systems), the fixed file
// is renamed over it and a change made through a descriptor open on the
// old file is written back from the descriptor held. That last way alone
// loses a file renamed over the path in the instant between the last look
// and the rename.
func WriteFileAtomic(path string, data, orig []byte) error {
	return FixFile(path, data, orig, nil)
}

// FixFile is WriteFileAtomic, for a fix (orig not nil) that may only be
// written where allowed, when not nil, lets it: allowed is given the
// absolute path the file's symbolic links lead to, the file that would be
// replaced, and returns why it may not be, or nil. (The walk of a
// directory meets links that lead out of it: check --fix DIR writes only
// inside DIR.)
func FixFile(path string, data, orig []byte, allowed func(real string) error) error {
	if orig == nil {
		return writeAll(CreateAtomic(path))(data)
	}
	real, err := filepath.EvalSymlinks(path)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err != nil {
		return osfile.CleanError(err)
	}
	if allowed != nil {
		if err := allowed(real); err != nil {
			return err
		}
	}
	f, info, err := osfile.OpenRegular(real) // not a named pipe put there since
	if err != nil {
		return osfile.CleanError(err)
	}
	defer f.Close()
	if info.Mode().Perm()&0o200 == 0 {
		return errors.New("read-only: not fixed")
	}
	if n := hardLinks(info); n > 1 {
		return fmt.Errorf("has %d hard links, which replacing it would break: not fixed", n)
	}
	a, err := createAtomicLike(real, info)
	if err != nil {
		return err
	}
	defer a.Abort()
	if _, err := a.Write(data); err != nil {
		return err
	}
	atomicHook("written")
	if err := a.prepare(); err != nil {
		return err
	}
	return a.replaceHeld(&heldFile{f: f, info: info, orig: orig})
}

// atomicHook is called at each point of WriteFileAtomic's work on a fix,
// by name; tests set it to change the file there.
var atomicHook = func(point string) {}

// AtomicFile writes a file that appears whole or not at all: the data goes
// to a temporary file in the same directory, which Commit renames over the
// file. A symbolic link is followed, and an existing file keeps its owner,
// group and mode, setuid, setgid and sticky bits included (a new one gets
// 0644). SIGINT, SIGTERM and SIGHUP can remove the temporary file: see
// RemoveTemporaries.
//
// An output that exists and is not a regular file (/dev/null, a named
// pipe, a terminal) is written directly instead (see CreateOutput).
type AtomicFile struct {
	tmp     *os.File
	tmpInfo os.FileInfo // the temporary file once written (prepare)
	path    string      // the file replaced, links followed
	mode    os.FileMode
	owner   *fileOwner // of the file replaced; nil for a new file
	done    bool
	direct  bool // tmp is the file itself, not a temporary file
}

// CreateAtomic starts writing the file at path.
func CreateAtomic(path string) (*AtomicFile, error) {
	real, err := resolve(path)
	if err != nil {
		return nil, err
	}
	return createAtomic(real)
}

// resolve returns path with its symbolic links followed, or path itself
// when it does not exist.
func resolve(path string) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err == nil {
		return real, nil
	}
	if errors.Is(err, os.ErrNotExist) {
		return path, nil
	}
	return "", osfile.CleanError(err)
}

// CreateOutput starts writing the output file at path (--output, --format
// NAME:PATH, --write-baseline): as CreateAtomic does, but a file there that
// is not a regular file (/dev/null, a named pipe, a terminal) is opened
// and written directly, as a shell's ">" would, and not replaced. A
// directory is an error.
func CreateOutput(path string) (*AtomicFile, error) {
	real, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if info, err := os.Stat(real); err == nil && !info.Mode().IsRegular() {
		if info.IsDir() {
			return nil, osfile.NotRegular(info.Mode())
		}
		// Opening a named pipe waits for a reader, as a shell's ">" does.
		f, err := os.OpenFile(real, os.O_WRONLY, 0)
		if err != nil {
			return nil, osfile.CleanError(err)
		}
		return &AtomicFile{tmp: f, path: real, direct: true}, nil
	}
	return createAtomic(real)
}

// WriteOutput writes data to the output file at path through CreateOutput.
func WriteOutput(path string, data []byte) error {
	return writeAll(CreateOutput(path))(data)
}

// writeAll returns the function that writes data through the atomic file
// a, once created without err, and commits it; on any error, nothing is
// left of it.
func writeAll(a *AtomicFile, err error) func(data []byte) error {
	return func(data []byte) error {
		if err != nil {
			return err
		}
		defer a.Abort()
		if _, err := a.Write(data); err != nil {
			return err
		}
		return a.Commit()
	}
}

// createAtomic starts writing the file at path; a symbolic link there is
// replaced, not followed.
func createAtomic(path string) (*AtomicFile, error) {
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&os.ModeSymlink != 0 {
		info = nil
	}
	return createAtomicLike(path, info)
}

// createAtomicLike starts writing the file at path, which info describes
// (nil for a new file, or a link to be replaced).
func createAtomicLike(path string, info os.FileInfo) (*AtomicFile, error) {
	a := &AtomicFile{path: path, mode: 0o644}
	if info != nil {
		if !info.Mode().IsRegular() {
			return nil, osfile.NotRegular(info.Mode())
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

func (a *AtomicFile) Write(p []byte) (int, error) {
	n, err := a.tmp.Write(p)
	return n, osfile.CleanError(err) // not the temporary file's name
}

// Commit replaces the file with what was written.
func (a *AtomicFile) Commit() error {
	if a.done {
		return errors.New("already committed")
	}
	if a.direct {
		a.done = true
		return osfile.CleanError(a.tmp.Close())
	}
	if err := a.prepare(); err != nil {
		return err
	}
	if err := renameTemp(a.tmp.Name(), a.path); err != nil {
		removeTemp(a.tmp.Name())
		return osfile.CleanError(err)
	}
	a.done = true
	return nil
}

// prepare makes the temporary file ready to take the file's place: its
// owner, its mode, its content on disk; then it is closed. On an error, it
// is removed.
func (a *AtomicFile) prepare() error {
	// The owner first: a change of owner may clear the setuid and setgid
	// bits, which Chmod then sets.
	err := a.keepOwner()
	atomicHook("owner")
	if err == nil {
		err = a.tmp.Chmod(a.mode)
	}
	atomicHook("mode")
	if err == nil {
		err = a.tmp.Sync()
	}
	atomicHook("synced")
	if err == nil {
		a.tmpInfo, err = a.tmp.Stat()
	}
	if cerr := a.tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		a.done = true
		removeTemp(a.tmp.Name())
		return osfile.CleanError(err)
	}
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
// on a nil AtomicFile, which does nothing. A file written directly keeps
// what was written to it.
func (a *AtomicFile) Abort() {
	if a != nil && !a.done {
		a.done = true
		_ = a.tmp.Close()
		if !a.direct {
			removeTemp(a.tmp.Name())
		}
	}
}

// heldFile is the file a fix replaces, held open from before the fix was
// written: what it was (info) and held (orig).
type heldFile struct {
	f    *os.File
	info os.FileInfo
	orig []byte
}

// unchanged returns ErrChanged unless the held file still has its size,
// modification time and content.
func (h *heldFile) unchanged() error {
	now, err := h.f.Stat()
	if err != nil {
		return osfile.CleanError(err)
	}
	if now.Size() != h.info.Size() || !now.ModTime().Equal(h.info.ModTime()) || now.Size() != int64(len(h.orig)) {
		return ErrChanged
	}
	return h.holdsOrig()
}

// holdsOrig returns ErrChanged unless the held file's content is orig.
func (h *heldFile) holdsOrig() error {
	buf := make([]byte, min(len(h.orig)+1, 64<<10))
	for off := 0; ; {
		n, err := h.f.ReadAt(buf, int64(off))
		if !bytes.Equal(buf[:n], h.orig[off:min(off+n, len(h.orig))]) || off+n > len(h.orig) {
			return ErrChanged
		}
		off += n
		switch {
		case err == io.EOF && off == len(h.orig):
			return nil
		case err == io.EOF:
			return ErrChanged
		case err != nil:
			return osfile.CleanError(err)
		}
	}
}

// at returns ErrChanged unless the file at path is the held file,
// unchanged.
func (h *heldFile) at(path string) error {
	info, err := os.Lstat(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return ErrChanged
		}
		return osfile.CleanError(err)
	}
	if !os.SameFile(info, h.info) {
		return ErrChanged
	}
	return h.unchanged()
}

// ours reports whether the file at path is the temporary file as it was
// written.
func (a *AtomicFile) ours(path string) bool {
	info, err := os.Lstat(path)
	return err == nil && os.SameFile(info, a.tmpInfo) && info.Size() == a.tmpInfo.Size() && info.ModTime().Equal(a.tmpInfo.ModTime())
}

// Ways replaceHeld puts the fixed file in place, best first; tests start
// further down (setting firstMethod) to try each.
const (
	byExchange = iota
	byLink
	byRename
)

var firstMethod = byExchange

// replaceHeld puts the prepared temporary file in place of the held file,
// unless the held file changed (see WriteFileAtomic). It holds temps.mu
// throughout, so that a signal's RemoveTemporaries waits until the file at
// path is either the fix or the user's.
func (a *AtomicFile) replaceHeld(h *heldFile) error {
	tmp := a.tmp.Name()
	temps.mu.Lock()
	defer temps.mu.Unlock()
	if !temps.names[tmp] {
		return os.ErrNotExist // removed by RemoveTemporaries
	}
	a.done = true
	if err := h.at(a.path); err != nil {
		a.dropLocked(tmp)
		return err
	}
	atomicHook("compared")
	if firstMethod <= byExchange {
		if err := exchange(tmp, a.path); err == nil {
			atomicHook("renamed")
			return a.confirmExchanged(h)
		}
	}
	if firstMethod <= byLink {
		old := tmp + ".orig"
		if err := os.Link(a.path, old); err == nil {
			temps.names[old] = true
			if err := os.Rename(tmp, a.path); err != nil {
				a.dropLocked(old)
				a.dropLocked(tmp)
				return osfile.CleanError(err)
			}
			delete(temps.names, tmp)
			atomicHook("renamed")
			return a.confirmLinked(h, old)
		}
	}
	if err := os.Rename(tmp, a.path); err != nil {
		a.dropLocked(tmp)
		return osfile.CleanError(err)
	}
	delete(temps.names, tmp)
	atomicHook("renamed")
	return a.confirmRenamed(h)
}

// dropLocked removes the temporary file name, temps.mu held.
func (a *AtomicFile) dropLocked(name string) {
	delete(temps.names, name)
	_ = os.Remove(name)
}

// confirmExchanged ends a swap: the file now at the temporary name must be
// the held file, unchanged; else it is swapped back.
func (a *AtomicFile) confirmExchanged(h *heldFile) error {
	tmp := a.tmp.Name()
	if h.at(tmp) == nil {
		a.dropLocked(tmp)
		return nil
	}
	if err := exchange(tmp, a.path); err != nil {
		// Swapped once, it swaps back; if not, the user's file is put back
		// over the fix.
		if err := os.Rename(tmp, a.path); err != nil {
			delete(temps.names, tmp) // kept: the user's content
			return fmt.Errorf("%w; it could not be put back (%w): what it held is in %s", ErrChanged, osfile.CleanError(err), tmp)
		}
		delete(temps.names, tmp)
		return ErrChanged
	}
	if a.ours(tmp) {
		a.dropLocked(tmp)
		return ErrChanged
	}
	delete(temps.names, tmp) // written to since: kept
	return fmt.Errorf("%w; the fixed file, changed in the meantime, is kept in %s", ErrChanged, tmp)
}

// confirmLinked ends a rename made while the file was kept under the name
// old: old must still be the held file, unchanged; else it is renamed back.
func (a *AtomicFile) confirmLinked(h *heldFile, old string) error {
	if h.at(old) == nil {
		a.dropLocked(old)
		return nil
	}
	if err := os.Rename(old, a.path); err != nil {
		delete(temps.names, old) // kept: the user's content
		return fmt.Errorf("%w; it could not be put back (%w): what it held is in %s", ErrChanged, osfile.CleanError(err), old)
	}
	delete(temps.names, old)
	return ErrChanged
}

// confirmRenamed ends a plain rename: the held file, now without a name,
// must be unchanged; else what it holds is written back to path.
func (a *AtomicFile) confirmRenamed(h *heldFile) error {
	if h.unchanged() == nil {
		return nil
	}
	content, err := io.ReadAll(io.NewSectionReader(h.f, 0, 1<<62))
	if err == nil {
		err = a.restoreLocked(content)
	}
	if err != nil {
		return fmt.Errorf("%w; what it held could not be put back: %w", ErrChanged, osfile.CleanError(err))
	}
	return ErrChanged
}

// restoreLocked writes content over the fixed file at a.path, temps.mu
// held, with the owner and mode the fix was given.
func (a *AtomicFile) restoreLocked(content []byte) error {
	f, err := os.CreateTemp(filepath.Dir(a.path), "."+filepath.Base(a.path)+".urilint-*")
	if err != nil {
		return err
	}
	b := &AtomicFile{tmp: f, path: a.path, mode: a.mode, owner: a.owner}
	_, err = f.Write(content)
	if err == nil {
		err = b.keepOwner()
	}
	if err == nil {
		err = f.Chmod(a.mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), a.path)
	}
	if err != nil {
		_ = os.Remove(f.Name())
	}
	return err
}
