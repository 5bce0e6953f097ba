package runner

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/urilint/urilint/internal/treepath"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/report"
)

// stdinPath is the path that stands for standard input in the list of
// files: no file can have this name.
const stdinPath = "\x00stdin"

// Files are the files a run reads, as Select found them.
type Files struct {
	list []string // in the run's order: stdinPath first, for standard input
	errs []*fileio.FileError
	// named are the paths named (cleaned), which a file skipped as not
	// text among them fails; stdinPath is one.
	named map[string]bool
	// roots are the directories named, each with the absolute path its
	// links lead to: Fix writes only inside them (see fixAllowed).
	roots     []fixRoot
	stdinName string
}

// fixRoot is a directory named: as given, and the absolute path its links
// lead to.
type fixRoot struct{ given, real string }

// Select lists the files to read: standard input first when "-" is among
// in.Paths (unless the configuration excludes the path it stands for),
// then the files found in the directories and the files named (see
// fileio.Files), the configuration files of configs deciding what is
// left out. Each path that cannot be read is named on stderr, and so is
// each file skipped as not text.
func Select(in Input, configs *config.Finder, stderr io.Writer) *Files {
	fs := &Files{named: map[string]bool{stdinPath: true}, stdinName: "<stdin>"}
	if in.StdinName != "" {
		fs.stdinName = in.StdinName
	}
	var paths []string
	stdin := false
	for _, p := range in.Paths {
		if p == "-" {
			stdin = true
			continue
		}
		paths = append(paths, p)
		fs.named[filepath.Clean(p)] = true
		if info, err := os.Stat(p); err == nil && info.IsDir() {
			if real, err := realPath(p); err == nil {
				fs.roots = append(fs.roots, fixRoot{given: filepath.Clean(p), real: real})
			}
		}
	}
	files, walkErrs := fileio.Files(paths, fileio.WalkOptions{Configs: configs, NoIgnore: in.NoIgnore, Jobs: in.Jobs})
	if stdin && (in.StdinName == "" || !fileio.Excluded(configs, in.StdinName, false)) {
		files = append([]string{stdinPath}, files...)
	}
	fs.list = files
	for _, e := range walkErrs {
		PrintFileError(stderr, e.Path, e.Err)
		if !fileio.IsSkip(e.Err) {
			fs.errs = append(fs.errs, e)
		}
	}
	return fs
}

// Names returns the files, in the run's order, standard input by the name
// it is shown with ("<stdin>", or its StdinName).
func (fs *Files) Names() []string {
	names := make([]string, len(fs.list))
	for i, path := range fs.list {
		names[i] = fs.name(path)
	}
	return names
}

// Paths returns the paths of the files read, without standard input, and
// whether standard input is read.
func (fs *Files) Paths() (paths []string, stdin bool) {
	for _, path := range fs.list {
		if path == stdinPath {
			stdin = true
		} else {
			paths = append(paths, path)
		}
	}
	return paths, stdin
}

// name is the name of the file at path in the run's output.
func (fs *Files) name(path string) string {
	if path == stdinPath {
		return fs.stdinName
	}
	return path
}

// realPath returns the absolute path the links of path lead to.
func realPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// fixAllowed returns what decides whether the fixes of the file name may
// be written where its links lead (see fileio.FixFile): anywhere for a
// file named (nil), only inside one of the directories named for a file
// found in a walk. A symbolic link in a cloned repository can lead
// anywhere the user can write.
func (fs *Files) fixAllowed(name string) func(real string) error {
	if fs.named[filepath.Clean(name)] {
		return nil
	}
	return func(real string) error {
		for _, r := range fs.roots {
			if treepath.Under(r.real, real) {
				return nil
			}
		}
		given := make([]string, len(fs.roots))
		for i, r := range fs.roots {
			given[i] = report.DisplayPath(r.given)
		}
		return fmt.Errorf("not fixed: it leads to %s, outside the directories given (%s); name the file itself to fix it", report.DisplayPath(real), strings.Join(given, ", "))
	}
}

// Failed counts the paths that could not be expanded into files (named on
// stderr by Select).
func (fs *Files) Failed() int { return len(fs.errs) }
