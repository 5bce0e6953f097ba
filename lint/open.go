package lint

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

// notRegular returns the error for a file of the type mode that is not
// a regular file.
func notRegular(mode fs.FileMode) error {
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

// openRegular opens the file at path for reading, links followed, when it
// is a regular file, and returns it with its information; else it returns
// an error (ErrNotRegular, or "is a directory"). The type is that of the
// file opened, not of a path looked at before, so a file replaced by a
// named pipe between a walk and a read is refused too, and opening the
// pipe does not wait for a writer (see openNoBlock).
func openRegular(path string) (*os.File, fs.FileInfo, error) {
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
		return nil, nil, notRegular(info.Mode())
	}
	return f, info, nil
}

// readRegular reads the whole regular file at path (see openRegular), for
// small files: configuration and .gitignore files. Errors are as
// os.ReadFile's.
func readRegular(path string) ([]byte, error) {
	f, info, err := openRegular(path)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: cleanError(err)}
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
