// Package fileio is how urilint finds, reads and writes files: it chooses
// the files (Files: the walk, .gitignore, the configuration's include and
// exclude), reads them safely (regular files only, never binary or
// UTF-16; whole, or a large plain-text file and standard input in
// windows: TextWindows, ReadStream), and writes files whole or not at
// all, never losing a save made meanwhile and never outside the
// directories allowed (AtomicFile, FixFile, CreateOutput). The run over
// the files is package runner's.
package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/internal/osfile"
)

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

// WalkOptions select the files Files returns.
type WalkOptions struct {
	// Configs, when set, gives each path's include and exclude globs. A file
	// or directory they leave out is skipped, named on the command line or
	// found in a directory.
	Configs *config.Finder
	// NoIgnore turns off .gitignore: by default, inside a git repository,
	// what the repository's .gitignore files and .git/info/exclude ignore is
	// skipped when a directory is walked (not when named on the command
	// line).
	NoIgnore bool
	// Jobs is how many directories are read at once (at least 1).
	Jobs int
}

// forgeDir reports whether the hidden directory name holds documents that
// a forge shows: .github (its security policy, contributing guide, issue
// and pull request templates) and .gitlab. Only their Markdown is read
// (see within).
func forgeDir(name string) bool {
	return strings.EqualFold(name, ".github") || strings.EqualFold(name, ".gitlab")
}

// markdownName reports whether the file name is Markdown's (see
// extract.FormatOf).
func markdownName(name string) bool {
	return extract.FormatOf(name) == extract.FormatMarkdown
}

// testInputName reports whether the file name, in a directory of tests,
// is a test's input or expected output: HTML, XML, and plain text but for
// a document conventionally so named (README.txt, CHANGES.txt). bat's
// tests/benchmarks hold a grep's coloured output as .txt (145 reports of
// held-out set 36, all its terminal's escape sequences); Meson's and
// ssh-audit's hold expected outputs.
func testInputName(name string) bool {
	switch extract.FormatOf(name) {
	case extract.FormatHTML, extract.FormatXML:
		return true
	case extract.FormatText:
		return !config.IsDocumentName(strings.TrimSuffix(name, filepath.Ext(name)))
	}
	return false
}

// Files expands the paths named on the command line into the sorted list of
// files to read. A directory (or a symbolic link to one) is walked: hidden
// files and directories (names starting with "."; but .github and
// .gitlab, whose documents a forge shows), files with a binary
// extension, what .gitignore ignores, and symbolic links to directories
// found inside are skipped, and so are files that are not documents (see
// IsDocument) unless the configuration's include globs take them. A file
// named is read whatever its name. A path that cannot be read is returned as an
// error, and the others are still expanded; a broken symbolic link found
// inside a directory is returned as ErrBrokenLink, or ErrLinkLoop, which
// IsSkip recognises. A path named that is not a regular file or a
// directory, links followed, is an error (osfile.ErrNotRegular); one found inside
// a directory is skipped.
// A configuration file that cannot be loaded is returned as an error once,
// and the files it governs are skipped. Errors are sorted by path.
func Files(paths []string, opts WalkOptions) ([]string, []*FileError) {
	w := &walker{opts: opts, sem: make(chan struct{}, max(opts.Jobs, 1)-1), badConfig: map[string]bool{}, ids: map[string]any{}}
	for _, root := range paths {
		root = filepath.Clean(root)
		info, err := os.Stat(root)
		if err != nil {
			w.fail(root, osfile.CleanError(err))
			continue
		}
		if w.namedExcluded(root, info.IsDir()) {
			continue
		}
		if !info.IsDir() && !info.Mode().IsRegular() {
			w.fail(root, osfile.NotRegular(info.Mode())) // never read: a pipe blocks, a device never ends
			continue
		}
		if !info.IsDir() {
			if id := infoID(info); id != nil {
				w.ids[root] = id // for dedupe, without a second stat
			}
			w.mu.Lock() // the walks of the directories named before may be under way
			w.files = append(w.files, root)
			w.aliases = append(w.aliases, root) // may be a link, or reach a file found elsewhere
			w.mu.Unlock()
			continue
		}
		var ign *ignores
		if !opts.NoIgnore {
			ign = gitIgnores(root, w.fail)
		}
		w.wg.Add(1)
		w.dir(root, ign, 0)
	}
	w.wg.Wait()
	slices.Sort(w.files)
	slices.SortStableFunc(w.errs, func(a, b *FileError) int { return strings.Compare(a.Path, b.Path) })
	files := slices.Compact(w.files)
	if len(paths) > 1 || len(w.aliases) > 0 {
		files = dedupe(files, w.ids)
	}
	return files, w.errs
}

// dedupe drops from the sorted files those that are the same file as one
// listed before: reached through a symbolic link (to the file, or to a
// directory it is in), named twice, or found under two paths given
// ("urilint check . .."). The same file is the same device and inode, so
// hard links named both count once too. Each file is read, reported and
// fixed once: two workers fixing one file under two names would race.
//
// ids are the identities known already (of the files named).
func dedupe(files []string, ids map[string]any) []string {
	seen := make(map[any]bool, len(files))
	out := files[:0]
	for _, f := range files {
		id, ok := ids[f]
		if !ok {
			id = fileID(f)
		}
		if id != nil {
			if seen[id] {
				continue
			}
			seen[id] = true
		}
		out = append(out, f)
	}
	return out
}

// walker walks directories, several at once.
type walker struct {
	opts WalkOptions
	sem  chan struct{} // a token for each directory read by a goroutine of its own
	wg   sync.WaitGroup

	mu        sync.Mutex
	files     []string
	aliases   []string // named files and links found: other names a file may have
	errs      []*FileError
	badConfig map[string]bool // configuration files reported
	ids       map[string]any  // the identities of the files named (see dedupe); only Files' own loop sets it
}

func (w *walker) fail(path string, err error) {
	w.mu.Lock()
	w.errs = append(w.errs, &FileError{Path: path, Err: err})
	w.mu.Unlock()
}

// excluded reports whether the configuration leaves path out; a path
// whose configuration cannot be loaded is left out, and the error reported
// once.
func (w *walker) excluded(path string, isDir bool) bool {
	// A directory is entered or not by the configuration it is in, not by
	// one of its own: a nested .urilint.yaml cannot undo its parent's
	// exclude.
	abs, err := w.opts.Configs.Abs(path)
	if err != nil {
		return false
	}
	cf, ok := w.configIn(filepath.Dir(abs))
	return !ok || cf != nil && cf.Excluded(abs, isDir)
}

// configIn returns the configuration of the files in the absolute
// directory dir, or false when it cannot be loaded, which is reported once.
func (w *walker) configIn(dir string) (*config.File, bool) {
	cf, err := w.opts.Configs.For(dir, true)
	if err == nil {
		return cf, true
	}
	var ce *config.Error
	key := dir
	if errors.As(err, &ce) {
		key = ce.Path
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.badConfig[key] {
		w.badConfig[key] = true
		w.errs = append(w.errs, &FileError{Path: key, Err: err})
	}
	return nil, false
}

// Excluded reports whether the configuration leaves out a path named on
// the command line (itself, or a directory it is in); a configuration that
// cannot be loaded leaves it out.
func Excluded(c *config.Finder, path string, isDir bool) bool {
	w := &walker{opts: WalkOptions{Configs: c}, badConfig: map[string]bool{}}
	return w.namedExcluded(path, isDir)
}

// namedExcluded reports whether a path named on the command line is left
// out by the configuration: itself, or a directory it is in (which a walk
// would not have entered).
func (w *walker) namedExcluded(path string, isDir bool) bool {
	if w.excluded(path, isDir) {
		return true
	}
	abs, err := w.opts.Configs.Abs(path)
	if err != nil {
		return false
	}
	for d := filepath.Dir(abs); filepath.Dir(d) != d; d = filepath.Dir(d) {
		if w.excluded(d, true) {
			return true
		}
	}
	return false
}

// within says what the directories a walk went through on its way to a
// directory are (but the one named: a directory named is read as any).
type within uint8

const (
	inForge within = 1 << iota // a forge's hidden directory (see forgeDir): only its Markdown is read
	inTests                    // a directory of tests (see testsDir): its HTML, XML and plain text are test inputs
)

// testsDir reports whether the directory name holds a project's tests or
// their expected outputs (config.TestsDirs). Their Markdown, reStructuredText and AsciiDoc are documents
// (how to run the tests); their HTML, XML and plain text are test inputs
// and expected outputs (rclone's saved server listings, a documentation
// generator's expected pages, which must match its output byte for byte,
// libxml2's result/ of what its parser wrote for each of test/'s inputs,
// "urn:a" and all: 29 reports of held-out sets 45 to 52, none true), whose
// links lead where the pages came from or go.
//
// A .NET test project is one too, named after the project it tests and
// ".Tests" ("Castle.Windsor.Tests", whose XML configurations are
// fixtures: 12 reports of held-out set 43), ".Test", ".UnitTests" or
// ".IntegrationTests".
func testsDir(name string) bool {
	for _, t := range config.TestsDirs {
		if strings.EqualFold(name, t) {
			return true
		}
	}
	if i := strings.LastIndexByte(name, '.'); i > 0 {
		last := name[i+1:]
		return last == "Test" || strings.HasSuffix(last, "Tests")
	}
	return false
}

// dir walks the directory dir, where the gitignore patterns ign are in
// force, then calls w.wg.Done; in says what it is within.
func (w *walker) dir(dir string, ign *ignores, in within) {
	defer w.wg.Done()
	entries, err := os.ReadDir(dir)
	if err != nil {
		w.fail(dir, osfile.CleanError(err))
		return
	}
	// Every entry is judged by the configuration of this directory.
	absDir, err := w.opts.Configs.Abs(dir)
	if err != nil {
		w.fail(dir, osfile.CleanError(err))
		return
	}
	w.opts.Configs.Listed(absDir, entries)
	// Looked up for the first entry that needs it: a broken configuration
	// in a directory of nothing to read (images, hidden files) is not
	// reported, as a file it governs would be.
	var cf *config.File
	looked, cfOK := false, false
	var files []string
	for _, d := range entries {
		name := d.Name()
		if strings.HasPrefix(name, ".") && (!d.IsDir() || !forgeDir(name)) {
			continue
		}
		path := filepath.Join(dir, name)
		isDir := d.IsDir()
		if d.Type()&fs.ModeSymlink != 0 {
			info, err := os.Stat(path)
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					err = ErrBrokenLink
				} else if isLinkLoop(err) {
					err = ErrLinkLoop
				}
				w.fail(path, osfile.CleanError(err))
				continue
			}
			if info.IsDir() {
				continue // not followed: a link may lead back up the tree
			}
			if !info.Mode().IsRegular() {
				continue // a named pipe or a device, skipped as one found here is
			}
			w.mu.Lock()
			w.aliases = append(w.aliases, path)
			w.mu.Unlock()
		} else if !isDir && !d.Type().IsRegular() {
			continue
		}
		if !isDir && binaryExtensions[strings.ToLower(filepath.Ext(name))] || ign.ignored(name, isDir) {
			continue
		}
		if !looked {
			cf, cfOK = w.configIn(absDir)
			looked = true
		}
		if !cfOK || cf != nil && cf.Excluded(joinName(absDir, name), isDir) {
			continue
		}
		if !isDir && (cf == nil || len(cf.Include) == 0) && (!config.IsDocument(name) || in&inForge != 0 && !markdownName(name) ||
			in&inTests != 0 && testInputName(name)) {
			continue // not a document: linted only when included or named
		}
		if isDir && (cf == nil || len(cf.Include) == 0) && (config.IsTestData(dir, name) || config.IsThirdParty(name)) {
			continue // test data, or another project's copy: linted only when included or named
		}
		if !isDir {
			files = append(files, path)
			continue
		}
		sub, subIn := ign.child(name, path, w.fail), in
		if forgeDir(name) {
			subIn |= inForge
		}
		if testsDir(name) {
			subIn |= inTests
		}
		w.wg.Add(1)
		select {
		case w.sem <- struct{}{}:
			go func() {
				defer func() { <-w.sem }()
				w.dir(path, sub, subIn)
			}()
		default:
			w.dir(path, sub, subIn)
		}
	}
	w.mu.Lock()
	w.files = append(w.files, files...)
	w.mu.Unlock()
}

// joinName joins the clean directory dir and a name in it, without the
// cost of filepath.Join cleaning the result again.
func joinName(dir, name string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir + name
	}
	return dir + string(filepath.Separator) + name
}

// Reasons a file is skipped rather than linted. They are not errors: the
// file holds no text to lint. (A file named on the command line that is
// skipped is one the user asked for, and the command line reports it as
// an error.)
var (
	ErrBinary     = errors.New("skipped: binary file")
	ErrUTF16      = errors.New("skipped: UTF-16 text (byte order mark); convert it to UTF-8 to lint it")
	ErrBrokenLink = errors.New("skipped: broken symbolic link")
	// ErrLinkLoop is a link that leads back to itself: broken too.
	ErrLinkLoop = fmt.Errorf("%w (a loop)", ErrBrokenLink)
)

// ReadFileInto reads a document to lint, into buf when it is large enough
// (its length does not matter; nil is fine), so that a worker can reuse one
// buffer for file after file rather than leave each to the garbage
// collector. A file that is not text is reported as CheckText says; one
// that is not a regular file (a named pipe, a device), links followed, is
// not read: osfile.ErrNotRegular.
func ReadFileInto(path string, buf []byte) ([]byte, error) {
	f, info, err := osfile.OpenRegular(path)
	if err != nil {
		return nil, osfile.CleanError(err)
	}
	defer f.Close()
	size := 0
	if info.Size() < 1<<40 {
		size = int(info.Size())
	}
	// One byte more than the size, so that a file that has not grown is
	// read to its end without growing the buffer.
	if cap(buf) < size+1 {
		buf = make([]byte, 0, size+1+size/8)
	}
	data := buf[:0]
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, osfile.CleanError(err)
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // grow
		}
	}
	return data, CheckText(data)
}

// CheckText reports whether data can be linted as text: ErrUTF16 for a
// UTF-16 byte order mark, ErrBinary (wrapped, with where) for a NUL byte in
// the first binarySniff bytes. That is how git tells a binary file: a file
// whose first kilobytes hold no NUL byte is text, and a stray NUL further
// on (old RFCs have one) is a control character in it, reported where it
// is in a URI.
func CheckText(data []byte) error { return checkText(data, 0) }

// binarySniff is how many bytes at the start of a file are looked at for a
// NUL byte, as git does ("buffer_is_binary" looks at the first 8000).
const binarySniff = 8000

// checkText is CheckText for data at offset off of its file: a byte order
// mark counts only at offset 0, and a NUL byte is named by its offset in
// the file.
func checkText(data []byte, off int) error {
	if off == 0 && (bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff})) {
		return ErrUTF16
	}
	if off >= binarySniff {
		return nil
	}
	if i := bytes.IndexByte(data[:min(len(data), binarySniff-off)], 0); i >= 0 {
		return fmt.Errorf("%w (a NUL byte at offset %d)", ErrBinary, off+i)
	}
	return nil
}

// IsSkip reports whether err says a file was skipped as not text.
func IsSkip(err error) bool {
	return errors.Is(err, ErrBinary) || errors.Is(err, ErrUTF16) || errors.Is(err, ErrBrokenLink)
}

// FileError is a file that could not be read or processed, and why.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *FileError) Unwrap() error { return e.Err }
