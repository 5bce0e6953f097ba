package fileio

import (
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
// when dir is not in a git repository.
func gitIgnores(dir string) *ignores {
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
	ign := &ignores{}
	if info, err := os.Stat(filepath.Join(root, ".git", "info", "exclude")); err == nil && !info.IsDir() {
		ign.patterns = readPatterns(filepath.Join(root, ".git", "info", "exclude"), "")
	}
	ign.patterns = append(ign.patterns, readPatterns(filepath.Join(root, ".gitignore"), "")...)
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
		ign = ign.child(name, path)
	}
	return ign
}

// child returns the patterns in force in the subdirectory name, at path.
func (ign *ignores) child(name, path string) *ignores {
	if ign == nil {
		return nil
	}
	rel := ign.join(name)
	more := readPatterns(filepath.Join(path, ".gitignore"), rel)
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
// slash-separated path from the repository's root); a file that cannot be
// read has none.
func readPatterns(path, dir string) []gitignore.Pattern {
	data, err := osfile.ReadRegular(path) // not a named pipe or a device
	if err != nil {
		return nil
	}
	return gitignore.Parse(data, dir)
}
