package links

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/treepath"
	"github.com/urilint/urilint/lint/fileio/gitignore"
)

// Tree is the files links are looked up in: the checkout, as the
// operating system shows it. Names are compared exactly, letter case
// included, whatever the file system does: a link that works on macOS or
// Windows, whose file systems ignore case, breaks on Linux and on most
// web servers. It is safe for concurrent use, and reads each directory at
// most once.
type Tree struct {
	mu      sync.Mutex
	dirs    map[string]map[string]bool     // directory -> its entries' names (true: a directory)
	stats   map[string]Entry               // path -> what Stat found
	docs    map[string]*Doc                // documents read for their targets
	ignores map[string][]gitignore.Pattern // ignore file -> its patterns (see GitIgnored)
	names   map[string]namesUnder          // directory -> the file names under it (see Names)
	small   map[string]smallFile           // path -> a small file's bytes (see Small)
	// Read reads a document that the run did not check, for its targets
	// (nil: os.ReadFile, bounded by MaxDocument).
	Read func(path string) ([]byte, error)
}

// MaxDocument is the most bytes of a document read for its targets alone.
const MaxDocument = 64 << 20

// NewTree returns a tree of the operating system's files.
func NewTree() *Tree {
	return &Tree{dirs: map[string]map[string]bool{}, stats: map[string]Entry{}, docs: map[string]*Doc{}, ignores: map[string][]gitignore.Pattern{},
		names: map[string]namesUnder{}, small: map[string]smallFile{}}
}

// Entry is what the tree knows of a path.
type Entry struct {
	Exists bool
	Dir    bool
	// Case, when the path exists only with other letter case, is its
	// name as it exists ("Guide.md" for a link to "guide.md").
	Case string
}

// Stat looks up the absolute, clean path p, each of its names compared
// exactly; what it finds is kept.
func (t *Tree) Stat(p string) Entry {
	t.mu.Lock()
	e, ok := t.stats[p]
	t.mu.Unlock()
	if ok {
		return e
	}
	e = t.stat(p)
	t.mu.Lock()
	t.stats[p] = e
	t.mu.Unlock()
	return e
}

func (t *Tree) stat(p string) Entry {
	dir, name := filepath.Split(p)
	dir = filepath.Clean(dir)
	if name == "" || dir == p { // the root
		fi, err := os.Stat(p)
		return Entry{Exists: err == nil, Dir: err == nil && fi.IsDir()}
	}
	if d := t.Stat(dir); !d.Exists || !d.Dir {
		if d.Case != "" {
			return Entry{Case: filepath.Join(d.Case, name)}
		}
		return Entry{}
	}
	entries := t.list(dir)
	if entries == nil { // a directory that cannot be listed may still be searched
		fi, err := os.Stat(p)
		return Entry{Exists: err == nil, Dir: err == nil && fi.IsDir()}
	}
	if isDir, ok := entries[name]; ok {
		return Entry{Exists: true, Dir: isDir}
	}
	for n := range entries {
		if strings.EqualFold(n, name) {
			return Entry{Case: n}
		}
	}
	return Entry{}
}

// Variant returns a file of the tree that a server may send for the
// absolute path p, which names none and has no extension: a file of p's
// directory named p's name, a dot and more ("markup.en.html" for
// "markup", as Apache's MultiViews negotiates it), the first by name; or
// "".
func (t *Tree) Variant(p string) string {
	dir, name := filepath.Split(p)
	if name == "" || strings.Contains(name, ".") {
		return ""
	}
	dir = filepath.Clean(dir)
	if d := t.Stat(dir); !d.Exists || !d.Dir {
		return ""
	}
	best := ""
	for n, isDir := range t.list(dir) {
		if !isDir && strings.HasPrefix(n, name+".") && (best == "" || n < best) {
			best = n
		}
	}
	if best == "" {
		return ""
	}
	return filepath.Join(dir, best)
}

// GitIgnored reports whether git ignores the absolute path p in the
// checkout whose top is top: a file that a build or an install makes
// ("vendor/" for Composer, a generated package), which a checkout lacks by
// design. It reads .git/info/exclude and the .gitignore files from top
// down to p's directory (each once), and asks of p and of each directory
// it is in, from the top, as git would (gitignore.Match); p, which the
// tree lacks, is asked of as a file and as a directory.
func (t *Tree) GitIgnored(top, p string) bool {
	rel, ok := treepath.Rel(top, p)
	if !ok || rel == "." {
		return false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	pats := t.ignoreFile(filepath.Join(top, ".git", "info", "exclude"), "")
	dir := top
	for i := range parts {
		pats = append(pats[:len(pats):len(pats)], t.ignoreFile(filepath.Join(dir, ".gitignore"), strings.Join(parts[:i], "/"))...)
		sub := strings.Join(parts[:i+1], "/")
		if gitignore.Match(pats, sub, true) || i == len(parts)-1 && gitignore.Match(pats, sub, false) {
			return true
		}
		dir = filepath.Join(dir, parts[i])
	}
	return false
}

// ignoreFile returns the patterns of the ignore file at path, in the
// directory rel of the checkout (see gitignore.Parse), read once; none
// when there is no such file.
func (t *Tree) ignoreFile(path, rel string) []gitignore.Pattern {
	t.mu.Lock()
	pats, ok := t.ignores[path]
	t.mu.Unlock()
	if ok {
		return pats
	}
	if src, err := readBounded(path); err == nil {
		pats = gitignore.Parse(src, rel)
	}
	t.mu.Lock()
	t.ignores[path] = pats
	t.mu.Unlock()
	return pats
}

// Subdirs returns the names of the directories in the absolute, clean
// directory dir, sorted ("" when it is none).
func (t *Tree) Subdirs(dir string) []string {
	if d := t.Stat(dir); !d.Exists || !d.Dir {
		return nil
	}
	var names []string
	for n, isDir := range t.list(dir) {
		if isDir {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// list returns the entries of the directory dir, read once; nil when it
// cannot be read.
func (t *Tree) list(dir string) map[string]bool {
	t.mu.Lock()
	entries, ok := t.dirs[dir]
	t.mu.Unlock()
	if ok {
		return entries
	}
	if des, err := os.ReadDir(dir); err == nil {
		entries = make(map[string]bool, len(des))
		for _, de := range des {
			isDir := de.IsDir()
			if de.Type()&os.ModeSymlink != 0 {
				if fi, err := os.Stat(filepath.Join(dir, de.Name())); err == nil {
					isDir = fi.IsDir()
				}
			}
			entries[de.Name()] = isDir
		}
	}
	t.mu.Lock()
	t.dirs[dir] = entries
	t.mu.Unlock()
	return entries
}

// Doc returns the targets of the document at p, read and walked once for
// them, under the slug profiles of s; nil when it cannot be read.
func (t *Tree) Doc(p string, s *Settings) *Doc {
	t.mu.Lock()
	d, ok := t.docs[p]
	t.mu.Unlock()
	if ok {
		return d
	}
	read := t.Read
	if read == nil {
		read = readBounded
	}
	if src, err := read(p); err == nil {
		d = NewDoc(extract.FormatOf(p), src, s.Slugs).Located(extract.FormatOf(p), p, s.Top)
	}
	t.mu.Lock()
	t.docs[p] = d
	t.mu.Unlock()
	return d
}

type namesUnder struct {
	names    map[string]bool
	complete bool
}

// Names returns the names of the files under the absolute, clean
// directory dir, at any depth, walked once: hidden directories and the
// directories package managers and builds fill (node_modules, deps,
// _build) are left out. complete is false when a directory under dir
// could not be read: a name not in names may then be there.
func (t *Tree) Names(dir string) (names map[string]bool, complete bool) {
	t.mu.Lock()
	n, ok := t.names[dir]
	t.mu.Unlock()
	if ok {
		return n.names, n.complete
	}
	n = namesUnder{names: map[string]bool{}, complete: true}
	_ = filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			n.complete = false
			return nil
		}
		if !d.IsDir() {
			n.names[d.Name()] = true
		} else if path != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "deps" || d.Name() == "_build" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		return nil
	})
	t.mu.Lock()
	t.names[dir] = n
	t.mu.Unlock()
	return n.names, n.complete
}

type smallFile struct {
	src []byte
	err error
}

// MaxSmall is the most bytes Small reads.
const MaxSmall = 1 << 20

// Small returns the bytes of the small file (a configuration file, at
// most MaxSmall bytes) at the absolute path p, read once, or why it could
// not be read.
func (t *Tree) Small(p string) ([]byte, error) {
	t.mu.Lock()
	f, ok := t.small[p]
	t.mu.Unlock()
	if ok {
		return f.src, f.err
	}
	fi, err := os.Stat(p)
	switch {
	case err != nil:
		f.err = err
	case !fi.Mode().IsRegular() || fi.Size() > MaxSmall:
		f.err = os.ErrInvalid
	default:
		f.src, f.err = os.ReadFile(p)
	}
	t.mu.Lock()
	t.small[p] = f
	t.mu.Unlock()
	return f.src, f.err
}

// readBounded reads a regular file of at most MaxDocument bytes.
func readBounded(p string) ([]byte, error) {
	fi, err := os.Stat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > MaxDocument {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(p)
}

// countLines counts the lines of src as an editor numbers them.
func countLines(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// Forget drops what the tree read of the files at the absolute paths ps,
// and of their directories, which changed.
func (t *Tree) Forget(ps ...string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, p := range ps {
		p = filepath.Clean(p)
		delete(t.docs, p)
		delete(t.dirs, p)
		delete(t.dirs, filepath.Dir(p))
		delete(t.small, p)
		delete(t.ignores, p)
	}
	clear(t.stats) // a path's entry depends on its directories'
	clear(t.names) // and the names under a directory on all below it
}
