// Package lint is the engine between the command line and the extractors:
// it selects and reads files, runs the walker each file needs, runs the
// rules, and writes the results in the output formats.
package lint

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// FileError is a file that could not be processed, and why.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *FileError) Unwrap() error { return e.Err }

// binaryExtensions are skipped when a directory is walked, without reading
// them: documentation trees are full of images and archives, and a note for
// each would bury the notes that matter. Named on the command line, such a
// file is read like any other (and reported as binary).
var binaryExtensions = map[string]bool{
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".webp": true, ".ico": true, ".bmp": true,
	".tif": true, ".tiff": true, ".psd": true, ".pdf": true, ".zip": true, ".gz": true, ".tgz": true,
	".bz2": true, ".xz": true, ".zst": true, ".7z": true, ".tar": true, ".jar": true, ".war": true,
	".class": true, ".so": true, ".dll": true, ".dylib": true, ".exe": true, ".o": true, ".a": true,
	".woff": true, ".woff2": true, ".ttf": true, ".otf": true, ".eot": true, ".mp3": true, ".mp4": true,
	".mov": true, ".avi": true, ".webm": true, ".ogg": true, ".wav": true, ".flac": true, ".pyc": true,
}

// Files expands the paths named on the command line into the sorted list of
// files to read. A directory (or a symbolic link to one) is walked: hidden
// files and directories (names starting with "."), files with a binary
// extension, and symbolic links to directories found inside are skipped. A
// path that cannot be read is returned as an error, and the others are still
// expanded; a broken symbolic link found inside a directory is returned as
// ErrBrokenLink, which IsSkip recognises.
func Files(paths []string) ([]string, []*FileError) {
	var files []string
	var errs []*FileError
	for _, root := range paths {
		info, err := os.Stat(root)
		if err != nil {
			errs = append(errs, &FileError{root, cleanError(err)})
			continue
		}
		if !info.IsDir() {
			files = append(files, root)
			continue
		}
		walkRoot := root
		if l, err := os.Lstat(root); err == nil && l.Mode()&fs.ModeSymlink != 0 {
			walkRoot = root + string(filepath.Separator) // WalkDir does not follow a root link
		}
		err = filepath.WalkDir(walkRoot, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				errs = append(errs, &FileError{path, cleanError(err)})
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if path != walkRoot && strings.HasPrefix(d.Name(), ".") {
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			switch {
			case d.IsDir():
				return nil
			case d.Type()&fs.ModeSymlink != 0:
				if info, err := os.Stat(path); err != nil {
					if errors.Is(err, fs.ErrNotExist) {
						err = ErrBrokenLink
					}
					errs = append(errs, &FileError{path, cleanError(err)})
					return nil
				} else if info.IsDir() {
					return nil // not followed: a link may lead back up the tree
				}
			case !d.Type().IsRegular():
				return nil
			}
			if !binaryExtensions[strings.ToLower(filepath.Ext(path))] {
				files = append(files, path)
			}
			return nil
		})
		if err != nil {
			errs = append(errs, &FileError{root, cleanError(err)})
		}
	}
	slices.Sort(files)
	return slices.Compact(files), errs
}

// cleanError drops the path and operation that os errors repeat, since
// FileError names the path itself.
func cleanError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Reasons a file is skipped rather than linted. They are not errors: the
// file holds no text to lint.
var (
	ErrBinary     = errors.New("skipped: binary file (NUL byte in the first 8 KiB)")
	ErrUTF16      = errors.New("skipped: UTF-16 text (byte order mark); convert it to UTF-8 to lint it")
	ErrBrokenLink = errors.New("skipped: broken symbolic link")
)

// sniffLen is how much of a file is searched for a NUL byte.
const sniffLen = 8 << 10

// ReadFile reads a document to lint. A file that is not text is reported
// with ErrBinary or ErrUTF16 (test with errors.Is); a file that cannot be
// read, with the reason.
func ReadFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, cleanError(err)
	}
	return data, CheckText(data)
}

// CheckText reports whether data can be linted as text: ErrUTF16 for a
// UTF-16 byte order mark, ErrBinary for a NUL byte in the first 8 KiB.
func CheckText(data []byte) error {
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return ErrUTF16
	}
	if bytes.IndexByte(data[:min(len(data), sniffLen)], 0) >= 0 {
		return ErrBinary
	}
	return nil
}

// IsSkip reports whether err says a file was skipped as not text.
func IsSkip(err error) bool {
	return errors.Is(err, ErrBinary) || errors.Is(err, ErrUTF16) || errors.Is(err, ErrBrokenLink)
}

// internalError wraps a panic recovered while a file was processed.
func internalError(v any) error {
	return fmt.Errorf("internal error (please report it): %v", v)
}
