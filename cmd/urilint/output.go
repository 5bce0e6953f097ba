package main

import (
	"io"
	"os"
	"path/filepath"

	"github.com/urilint/urilint/lint/driver"
)

// openOutput opens the file of --output: an AtomicFile that replaces it,
// or, when path is the process's own standard output or error
// (/dev/stdout, or the file stdout is redirected to), that stream itself,
// with a nil AtomicFile: replacing the file would lose what the stream
// wrote before and after.
func openOutput(path string, stdout, stderr io.Writer) (io.Writer, *driver.AtomicFile, error) {
	if w := sameFile(path, stdout, stderr); w != nil {
		return w, nil, nil
	}
	if dir := filepath.Dir(path); dir != "." {
		_ = os.MkdirAll(dir, 0o755) // CreateAtomic reports what fails
	}
	a, err := driver.CreateAtomic(path)
	if err != nil {
		return nil, nil, err
	}
	return a, a, nil
}

// sameFile returns the first of streams that is an *os.File open on the
// file at path (the same device and inode, links followed), or nil.
func sameFile(path string, streams ...io.Writer) io.Writer {
	info, err := os.Stat(path)
	if err != nil {
		return nil
	}
	for _, w := range streams {
		if f, ok := w.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && os.SameFile(info, fi) {
				return w
			}
		}
	}
	return nil
}
