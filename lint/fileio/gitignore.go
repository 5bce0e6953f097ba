package fileio

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urilint/urilint/lint/fileio/gitignore"
	"github.com/urilint/urilint/lint/internal/osfile"
)

// ignores are the gitignore patterns in force in a directory of a git
// repository: those of .git/info/exclude and of the .gitignore files from
// the repository's root down to the directory, matched as git matches them
// (package gitignore). A nil *ignores ignores nothing (outside a
// repository, or with --no-ignore). Global excludes (core.excludesFile)
// are not read: they are one person's, and CI would not see them.
type ignores struct {
	rel      string // the directory's slash-separated path from the repository's root ("" at the root)
	patterns []gitignore.Pattern
}

// gitIgnores returns the patterns in force in the directory dir, or nil
// when dir is not in a git repository. A gitignore file that is there but
// cannot be read is passed to fail, and the walk goes on without its
// patterns, as git does (with a warning).
func gitIgnores(dir string, fail func(path string, err error)) *ignores {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil
	}
	root := abs
	for !osfile.Exists(filepath.Join(root, ".git")) {
		parent := filepath.Dir(root)
		if parent == root {
			return nil
		}
		root = parent
	}
	if !filepath.IsAbs(dir) {
		// The files above dir are named as dir is: from the working
		// directory.
		report := fail
		fail = func(path string, err error) {
			if wd, werr := filepath.Abs("."); werr == nil {
				if r, rerr := filepath.Rel(wd, path); rerr == nil {
					path = r
				}
			}
			report(path, err)
		}
	}
	ign := &ignores{}
	if info, err := os.Stat(filepath.Join(root, ".git", "info", "exclude")); err == nil && !info.IsDir() {
		ign.patterns = readPatterns(filepath.Join(root, ".git", "info", "exclude"), "", fail)
	}
	ign.patterns = append(ign.patterns, readPatterns(filepath.Join(root, ".gitignore"), "", fail)...)
	rel, err := filepath.Rel(root, abs)
	if err != nil || rel == "." {
		return ign
	}
	path := root
	for _, name := range strings.Split(rel, string(filepath.Separator)) {
		if ign.ignored(name, true) {
			// A directory named on the command line that .gitignore
			// ignores is read whole: it was asked for.
			return nil
		}
		path = filepath.Join(path, name)
		ign = ign.child(name, path, fail)
	}
	return ign
}

// child returns the patterns in force in the subdirectory name, at path;
// fail is as for gitIgnores.
func (ign *ignores) child(name, path string, fail func(path string, err error)) *ignores {
	if ign == nil {
		return nil
	}
	rel := ign.join(name)
	more := readPatterns(filepath.Join(path, ".gitignore"), rel, fail)
	if len(more) == 0 {
		return &ignores{rel: rel, patterns: ign.patterns}
	}
	return &ignores{rel: rel, patterns: append(slices.Clip(ign.patterns), more...)}
}

// ignored reports whether the entry name of the directory is ignored. The
// walk does not enter an ignored directory, so that, as in git, nothing in
// it can be re-included.
func (ign *ignores) ignored(name string, isDir bool) bool {
	if ign == nil || len(ign.patterns) == 0 {
		return false
	}
	return gitignore.Match(ign.patterns, ign.join(name), isDir)
}

// join returns the path of the entry name of the directory from the
// repository's root.
func (ign *ignores) join(name string) string {
	if ign.rel == "" {
		return name
	}
	return ign.rel + "/" + name
}

// readPatterns reads the gitignore file at path, of the directory dir (its
// slash-separated path from the repository's root). A file that is not
// there has none; one that cannot be read (no permission, a named pipe)
// has none either, and is passed to fail.
func readPatterns(path, dir string, fail func(path string, err error)) []gitignore.Pattern {
	data, err := osfile.ReadRegular(path) // not a named pipe or a device
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			fail(path, fmt.Errorf("%w; its patterns are not applied", osfile.CleanError(err)))
		}
		return nil
	}
	return gitignore.Parse(data, dir)
}
