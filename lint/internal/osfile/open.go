// Package osfile opens and reads files the way urilint must: regular files
// only (a named pipe would block a reader for ever, a device would never
// end), opened without waiting, and errors without the path and operation
// that os repeats.
package osfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is why a named pipe, a device or a socket is not read: a
// pipe can block a reader for ever, and a device such as /dev/zero never
// ends. Only regular files are read, symbolic links followed.
var ErrNotRegular = errors.New("not a regular file")

// errIsDir is the error for a directory where a file is expected.
var errIsDir = errors.New("is a directory")

// NotRegular returns the error for a file of the type mode that is not
// a regular file.
func NotRegular(mode fs.FileMode) error {
	var kind string
	switch {
	case mode.IsDir():
		return errIsDir
	case mode&fs.ModeNamedPipe != 0:
		kind = "a named pipe"
	case mode&fs.ModeCharDevice != 0:
		kind = "a character device"
	case mode&fs.ModeDevice != 0:
		kind = "a block device"
	case mode&fs.ModeSocket != 0:
		kind = "a socket"
	default:
		return ErrNotRegular
	}
	return fmt.Errorf("%w (%s)", ErrNotRegular, kind)
}

// OpenRegular opens the file at path for reading, links followed, when it
// is a regular file, and returns it with its information; else it returns
// an error (ErrNotRegular, or "is a directory"). The type is that of the
// file opened, not of a path looked at before, so a file replaced by a
// named pipe between a walk and a read is refused too, and opening the
// pipe does not wait for a writer (see openNoBlock).
func OpenRegular(path string) (*os.File, fs.FileInfo, error) {
	f, err := openNoBlock(path)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, NotRegular(info.Mode())
	}
	return f, info, nil
}

// ReadRegular reads the whole regular file at path (see OpenRegular), for
// small files: configuration and .gitignore files. Errors are as
// os.ReadFile's.
func ReadRegular(path string) ([]byte, error) {
	f, info, err := OpenRegular(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: CleanError(err)}
	}
	defer f.Close()
	data := make([]byte, 0, min(info.Size(), 1<<20)+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow
		}
	}
}

// CleanError drops the path and operation that os errors repeat, for a
// caller that names the path itself: the paths of a *fs.PathError, of an
// *os.LinkError (a rename's: the temporary file's name, which the user
// never chose) and the call of an *os.SyscallError.
func CleanError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		return se.Err
	}
	return err
}

// Exists reports whether something is at path (a link counts, whatever it
// points to); an error other than "does not exist" counts as something.
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil || !errors.Is(err, os.ErrNotExist)
}
