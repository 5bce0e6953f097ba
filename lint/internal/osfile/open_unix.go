//go:build unix

package osfile

import (
	"io/fs"
	"os"
	"syscall"
)

// openNoBlock opens the file at path for reading without waiting: a named
// pipe opened for reading otherwise blocks until a writer opens it. The
// descriptor is put back in blocking mode once opened (O_NONBLOCK means
// nothing for a regular file today, but Linux reserves the right), and
// opening a terminal does not make it the process's controlling one.
func openNoBlock(path string) (*os.File, error) {
	var fd int
	var err error
	for {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	if err := syscall.SetNonblock(fd, false); err != nil {
		syscall.Close(fd)
		return nil, &fs.PathError{Op: "fcntl", Path: path, Err: err}
	}
	return os.NewFile(uintptr(fd), path), nil
}
