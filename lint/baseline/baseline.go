// Package baseline reads and writes baselines: the findings a tree had
// when urilint was adopted on it, which urilint check then leaves out, so
// that only new findings are reported.
//
// A baseline is a JSON document (docs/schema/baseline.schema.json):
//
//	{"version":1,"findings":[
//	{"file":"docs/a.md","rule":"percent-malformed","uri":"http://example.com/50%","count":2}
//	]}
//
// Each entry counts the findings of a rule in a URI (its text, as check's
// "uri" field gives it) in a file, whose path is relative to the
// baseline's directory, with "/". Lines and columns are left out, so that
// editing a file elsewhere does not make its known findings new. Entries
// are sorted by file, rule and URI (byte order), one a line, and nothing
// else is written (no date, no version of urilint): writing the baseline
// of an unchanged tree again gives the same bytes.
package baseline

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/internal/osfile"
)

// Version is the version of the baseline format this package reads and
// writes.
const Version = 1

// Entry is one entry of a baseline: how many findings of the rule in the
// URI the file has.
type Entry struct {
	File  string `json:"file"`
	Rule  string `json:"rule"`
	URI   string `json:"uri"`
	Count int    `json:"count"`
}

// finding is what a finding is matched by, within a file: its rule and
// its URI.
type finding struct{ rule, uri string }

func findingOf(d *lint.Diagnostic) finding {
	return finding{d.Rule.Name, jsonText(d.URI)}
}

// place resolves the paths of files to the baseline's keys: relative to
// the directory of the baseline file, with "/".
type place struct {
	path string // the baseline file, as given
	dir  string // its directory, absolute
}

func newPlace(path string) (place, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return place{}, fmt.Errorf("%s: %w", path, err)
	}
	return place{path: path, dir: filepath.Dir(abs)}, nil
}

// key returns the file's path in the baseline: relative to the baseline's
// directory (climbing out of it with "../" if need be), with "/"; absolute
// when there is no relative path (another volume).
func (p place) key(name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		return jsonText(filepath.ToSlash(name))
	}
	rel, err := filepath.Rel(p.dir, abs)
	if err != nil {
		rel = abs
	}
	return jsonText(filepath.ToSlash(rel))
}

// jsonText returns s as it reads back from JSON: each byte that is not
// UTF-8 replaced with U+FFFD, as encoding/json writes it. A path or URI
// holding such a byte then matches its entry after the round trip.
func jsonText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Baseline is a baseline read from a file. It is safe for concurrent use.
type Baseline struct {
	place
	files map[string]map[finding]int
}

// Load reads the baseline in the file path. Its errors name the file.
func Load(path string) (*Baseline, error) {
	p, err := newPlace(path)
	if err != nil {
		return nil, err
	}
	data, err := osfile.ReadRegular(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, osfile.CleanError(err))
	}
	entries, err := parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: not a urilint baseline: %w", path, err)
	}
	b := &Baseline{place: p, files: map[string]map[finding]int{}}
	for _, e := range entries {
		m := b.files[e.File]
		if m == nil {
			m = map[finding]int{}
			b.files[e.File] = m
		}
		m[finding{e.Rule, e.URI}] += e.Count
	}
	return b, nil
}

// parse reads a baseline document, strictly: every field known and
// present, counts of at least 1, nothing after the document.
func parse(data []byte) ([]Entry, error) {
	var doc struct {
		Version  *int     `json:"version"`
		Findings *[]Entry `json:"findings"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, jsonError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("more after the JSON document")
	}
	switch {
	case doc.Version == nil:
		return nil, errors.New(`no "version"`)
	case *doc.Version != Version:
		return nil, fmt.Errorf("version %d (this urilint reads version %d)", *doc.Version, Version)
	case doc.Findings == nil:
		return nil, errors.New(`no "findings"`)
	}
	for i, e := range *doc.Findings {
		switch {
		case e.File == "":
			return nil, fmt.Errorf("findings[%d]: no file", i)
		case e.Rule == "":
			return nil, fmt.Errorf("findings[%d]: no rule", i)
		case e.Count < 1:
			return nil, fmt.Errorf("findings[%d]: count %d (at least 1)", i, e.Count)
		}
	}
	return *doc.Findings, nil
}

// jsonError words the errors of encoding/json for a reader of the file.
func jsonError(err error) error {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Errorf("%w (at byte %d)", err, syn.Offset)
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		if typ.Field == "" {
			return fmt.Errorf("a JSON %s where an object is wanted", typ.Value)
		}
		return fmt.Errorf("%s: a JSON %s where %s is wanted", typ.Field, typ.Value, typ.Type)
	}
	if errors.Is(err, io.EOF) {
		return errors.New("empty")
	}
	return err
}

// Matcher matches the findings of one file against its entries in a
// baseline, in the order they come (document order): an entry of count N
// hides the first N findings of its rule and URI, and the ones after them
// are new. So when a file has one more finding of a rule in a URI than its
// baseline counts, the last of them in the file is reported.
type Matcher struct {
	left  map[finding]int
	total int // the counts left, together
}

// Matcher returns the matcher of the file name (a path as given to check:
// relative to the working directory, or absolute).
func (b *Baseline) Matcher(name string) *Matcher {
	m := &Matcher{left: map[finding]int{}}
	for f, n := range b.files[b.key(name)] {
		m.left[f] = n
		m.total += n
	}
	return m
}

// Hide reports whether d is in the baseline, and counts it as matched.
func (m *Matcher) Hide(d *lint.Diagnostic) bool {
	if m.total == 0 {
		return false
	}
	f := findingOf(d)
	if m.left[f] == 0 {
		return false
	}
	m.left[f]--
	m.total--
	return true
}

// Left returns how many findings of the file's entries were not matched:
// findings the baseline knows that are gone.
func (m *Matcher) Left() int { return m.total }

// Recorder gathers the findings of a run, for a baseline. It is safe for
// concurrent use.
type Recorder struct {
	place
	mu    sync.Mutex
	files map[string]map[finding]int
}

// NewRecorder returns a recorder of the baseline to be written to the file
// path.
func NewRecorder(path string) (*Recorder, error) {
	p, err := newPlace(path)
	if err != nil {
		return nil, err
	}
	return &Recorder{place: p, files: map[string]map[finding]int{}}, nil
}

// Path returns the path of the baseline file, as given.
func (r *Recorder) Path() string { return r.path }

// FileRecord gathers the findings of one file.
type FileRecord struct {
	r    *Recorder
	key  string
	seen map[finding]int
}

// File returns the record of the file name (a path as given to check).
func (r *Recorder) File(name string) *FileRecord {
	return &FileRecord{r: r, key: r.key(name), seen: map[finding]int{}}
}

// Add records the finding d.
func (f *FileRecord) Add(d *lint.Diagnostic) { f.seen[findingOf(d)]++ }

// Close adds the file's findings to the recorder.
func (f *FileRecord) Close() {
	if len(f.seen) == 0 {
		return
	}
	f.r.mu.Lock()
	defer f.r.mu.Unlock()
	m := f.r.files[f.key]
	if m == nil {
		m = map[finding]int{}
		f.r.files[f.key] = m
	}
	for k, n := range f.seen {
		m[k] += n
	}
}

// Entries returns the entries recorded, sorted by file, rule and URI.
func (r *Recorder) Entries() []Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	var entries []Entry
	for file, m := range r.files {
		for f, n := range m {
			entries = append(entries, Entry{File: file, Rule: f.rule, URI: f.uri, Count: n})
		}
	}
	slices.SortFunc(entries, func(a, b Entry) int {
		return cmp.Or(strings.Compare(a.File, b.File), strings.Compare(a.Rule, b.Rule), strings.Compare(a.URI, b.URI))
	})
	return entries
}

// Marshal writes entries as a baseline document.
func Marshal(entries []Entry) []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `{"version":%d,"findings":[`, Version)
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // URIs are full of "&", "<" and ">"
	for i, e := range entries {
		if i > 0 {
			buf.Truncate(buf.Len() - 1) // the encoder's newline
			buf.WriteString(",\n")
		} else {
			buf.WriteByte('\n')
		}
		if err := enc.Encode(e); err != nil {
			panic(err) // strings and an int always encode
		}
	}
	buf.WriteString("]}\n")
	return buf.Bytes()
}

// Write writes the baseline to its file, atomically (its directory is made
// if need be; a file that is not a regular file, such as /dev/null, is
// written directly), and returns its entries. Its errors name the file.
func (r *Recorder) Write() ([]Entry, error) {
	entries := r.Entries()
	if dir := filepath.Dir(r.path); dir != "." {
		_ = os.MkdirAll(dir, 0o755) // the write reports what fails
	}
	if err := fileio.WriteOutput(r.path, Marshal(entries)); err != nil {
		return nil, fmt.Errorf("%s: %w", r.path, err)
	}
	return entries, nil
}
