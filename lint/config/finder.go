package config

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/internal/treepath"
	"github.com/urilint/urilint/lint/internal/osfile"
)

// Finder finds the configuration file of each file: the nearest
// .urilint.yaml (or .urilint.yml) in its directory or above, up to the root
// of its git repository (the directory holding .git), or up to the root of
// the file system outside a repository. Only the nearest file counts:
// configuration files are not merged. It is safe for concurrent use.
type Finder struct {
	rules []string
	fixed *File  // --config FILE: for every file
	none  bool   // --no-config
	wd    string // the working directory, for Abs

	mu    sync.Mutex
	byDir map[string]dirConfig // absolute directory: its configuration
}

type dirConfig struct {
	cf  *File
	err error
}

// NewFinder returns the configuration finder: with path set (--config),
// that file is every file's configuration; with none set (--no-config),
// no file has one. ruleNames are the rules a configuration may name.
func NewFinder(ruleNames []string, path string, none bool) (*Finder, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	c := &Finder{rules: ruleNames, none: none, byDir: map[string]dirConfig{}, wd: wd}
	if path != "" {
		cf, err := Load(path, ruleNames)
		if err != nil {
			return nil, err
		}
		// Named on the command line, the file applies to everything linted:
		// its globs are relative to the working directory (as ESLint's
		// --config), not to where the file happens to be.
		cf.Dir = wd
		c.fixed = cf
	}
	return c, nil
}

// For returns the configuration file of the file or directory at path (nil
// when it has none), or the error of loading it: a *Error.
func (c *Finder) For(path string, isDir bool) (*File, error) {
	if c == nil || c.none {
		return nil, nil
	}
	if c.fixed != nil {
		return c.fixed, nil
	}
	abs, err := c.Abs(path)
	if err != nil {
		return nil, err
	}
	dir := abs
	if !isDir {
		dir = filepath.Dir(abs)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.find(dir)
}

// Listed tells c the entries of the absolute directory dir, which a walk
// has read, so that finding the configuration of the files in it takes no
// system call when it holds neither a configuration file nor .git: a
// directory tree of thousands of directories spent half its walk asking
// for files that were not there.
func (c *Finder) Listed(dir string, entries []fs.DirEntry) {
	if c == nil || c.none || c.fixed != nil {
		return
	}
	for _, e := range entries {
		// Compared ignoring case: on a file system that ignores it, find's
		// os.Stat would see ".URILINT.yaml" too.
		if name := e.Name(); strings.EqualFold(name, ".git") || slices.ContainsFunc(Names, func(c string) bool { return strings.EqualFold(c, name) }) {
			return // find looks at them
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byDir[dir]; ok {
		return
	}
	var dc dirConfig
	if parent := filepath.Dir(dir); parent != dir {
		dc.cf, dc.err = c.find(parent)
	}
	c.byDir[dir] = dc
}

// Abs returns the absolute path of path, against the working directory
// at NewFinder (read once: os.Getwd costs system calls, and every file
// needs its absolute path).
func (c *Finder) Abs(path string) (string, error) {
	if c == nil || c.wd == "" {
		return filepath.Abs(path)
	}
	if filepath.IsAbs(path) {
		return filepath.Clean(path), nil
	}
	return filepath.Join(c.wd, path), nil
}

// find returns the configuration of the files in the absolute directory
// dir, with c.mu held.
func (c *Finder) find(dir string) (*File, error) {
	if dc, ok := c.byDir[dir]; ok {
		return dc.cf, dc.err
	}
	var dc dirConfig
	var found []string
	for _, name := range Names {
		// Whatever is there under the name is the configuration: one
		// that cannot be read (a directory, a broken link, a named pipe)
		// is an error, as with --config, not passed over.
		if p := filepath.Join(dir, name); osfile.Exists(p) {
			found = append(found, relToWorkingDir(p))
		}
	}
	switch {
	case len(found) > 1:
		dc.err = &Error{Path: found[0], Msg: fmt.Sprintf("%s is in the same directory: keep one of them", filepath.Base(found[1]))}
	case len(found) == 1:
		dc.cf, dc.err = Load(found[0], c.rules)
	case osfile.Exists(filepath.Join(dir, ".git")):
		// the root of a repository: the search stops here
	default:
		if parent := filepath.Dir(dir); parent != dir {
			dc.cf, dc.err = c.find(parent)
		}
	}
	c.byDir[dir] = dc
	return dc.cf, dc.err
}

// relToWorkingDir returns the absolute path abs relative to the working
// directory when it is under it, for messages.
func relToWorkingDir(abs string) string {
	wd, err := os.Getwd()
	if err != nil {
		return abs
	}
	if rel, ok := treepath.Rel(wd, abs); ok {
		return rel
	}
	return abs
}
