package lint

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// ignores are the gitignore patterns in force in a directory of a git
// repository: those of .git/info/exclude and of the .gitignore files from
// the repository's root down to the directory. The patterns are parsed
// and matched by go-git's gitignore package. A nil *ignores ignores
// nothing (outside a repository, or with --no-ignore). Global excludes
// (core.excludesFile) are not read: they are one person's, and CI would
// not see them.
type ignores struct {
	rel      []string // the directory's path from the repository's root
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
	for !exists(filepath.Join(root, ".git")) {
		parent := filepath.Dir(root)
		if parent == root {
			return nil
		}
		root = parent
	}
	ign := &ignores{}
	if info, err := os.Stat(filepath.Join(root, ".git", "info", "exclude")); err == nil && !info.IsDir() {
		ign.patterns = readPatterns(filepath.Join(root, ".git", "info", "exclude"), nil)
	}
	ign.patterns = append(ign.patterns, readPatterns(filepath.Join(root, ".gitignore"), nil)...)
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
	rel := append(slices.Clip(ign.rel), name)
	more := readPatterns(filepath.Join(path, ".gitignore"), rel)
	if len(more) == 0 {
		return &ignores{rel: rel, patterns: ign.patterns}
	}
	return &ignores{rel: rel, patterns: append(slices.Clip(ign.patterns), more...)}
}

// ignored reports whether the entry name of the directory is ignored.
func (ign *ignores) ignored(name string, isDir bool) bool {
	if ign == nil || len(ign.patterns) == 0 {
		return false
	}
	path := append(slices.Clip(ign.rel), name)
	return gitignore.NewMatcher(ign.patterns).Match(path, isDir)
}

// readPatterns reads a gitignore file of the directory at domain (its path
// from the repository's root); a file that cannot be read has none.
func readPatterns(path string, domain []string) []gitignore.Pattern {
	data, err := readRegular(path) // not a named pipe or a device
	if err != nil {
		return nil
	}
	var ps []gitignore.Pattern
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(gitPattern(line), domain))
	}
	return ps
}

// gitPattern works around a difference between go-git's matcher and git:
// go-git lets "dir/**" (and "dir/**/") match the directory dir itself,
// which git does not ("docs/**" with "!docs/a.md" keeps docs/a.md in git).
// Written "dir/**/*", the pattern matches what git's does.
func gitPattern(line string) string {
	trimmed := strings.TrimRight(line, " ")
	switch {
	case strings.HasSuffix(trimmed, "/**"):
		return trimmed + "/*"
	case strings.HasSuffix(trimmed, "/**/"):
		return trimmed[:len(trimmed)-1] + "/*/"
	}
	return line
}
