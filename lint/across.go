package lint

import (
	"cmp"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint/links"
)

// Rules that look across the documents of a run, in the spirit of
// go/analysis facts: a rule's Run records facts about candidates
// (Pass.Record) as each document is checked; the engine keeps them, with
// their places, in an Across; and once every document is read, the rule's
// Across step sees all of them, in the run's order, and reports. Facts are
// few and small (a key and a value per candidate), so a run keeps them all
// and no document.

// A Fact is what a rule recorded about a candidate: Key groups the facts
// about one thing (two facts with the same key are about the same thing),
// Value is what this place says of it.
type Fact struct {
	Key, Value string
	// File, URI, Start and End (document offsets, End exclusive) are the
	// place, and StartPos and EndPos its positions, resolved when the
	// document was checked.
	File             string
	URI              string
	Start, End       int
	StartPos, EndPos extract.Pos

	rule     *Rule
	severity Severity
}

// Across collects the facts of the documents of one run, and runs the
// Across steps of the rules that recorded them. It is safe for concurrent
// use: files are checked in parallel, and Finish orders what they gave.
type Across struct {
	mu    sync.Mutex
	facts map[string][]Fact // by file
	// docs are the targets of the documents checked, and settings their
	// link settings, by absolute path (see Rule.Targets); tree finds the
	// other files links name.
	docs     map[string]*links.Doc
	settings map[string]*links.Settings
	tree     *links.Tree
	// wd is the working directory when the collection was made: the
	// engine makes every document's path absolute, and os.Getwd costs
	// system calls.
	wd string
}

// NewAcross returns an empty collection, whose link rules look files up in
// the operating system's tree.
func NewAcross() *Across {
	wd, _ := os.Getwd()
	return &Across{facts: map[string][]Fact{}, docs: map[string]*links.Doc{}, settings: map[string]*links.Settings{}, tree: links.NewTree(), wd: wd}
}

// absolute returns path made absolute (against the working directory when
// the collection was made) and clean, as the local link rules name
// documents; path itself when it cannot be.
func (a *Across) absolute(path string) string {
	switch {
	case path == "":
		return ""
	case filepath.IsAbs(path):
		return filepath.Clean(path)
	case a == nil || a.wd == "":
		return path
	}
	return filepath.Join(a.wd, path)
}

// setDoc gives the targets of the document at the absolute path p, and the
// link settings it was checked with.
func (a *Across) setDoc(p string, d *links.Doc, s *links.Settings) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.docs[p], a.settings[p] = d, s
}

// set gives the facts of file: with replace, instead of those it gave
// before (a document checked whole: again when fixes were applied, or in
// the language server after an edit); else after them (the next window of
// a large file).
func (a *Across) set(file string, fs []Fact, replace bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if replace {
		delete(a.facts, file)
	}
	switch {
	case len(fs) == 0:
	case len(a.facts[file]) == 0:
		a.facts[file] = fs // collect made fs for this: kept, not copied
	default:
		a.facts[file] = append(a.facts[file], fs...)
	}
}

// Forget drops the facts of file (a document closed in the language
// server), and reports whether it had any.
func (a *Across) Forget(file string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	_, had := a.facts[file]
	delete(a.facts, file)
	if p := a.absolute(file); a.docs[p] != nil {
		delete(a.docs, p)
		delete(a.settings, p)
	}
	return had
}

// ForgetFiles drops what the tree knows of the files at the absolute paths ps
// (created, changed or deleted on disk: the language server's watched
// files), so that links to them are looked up again.
func (a *Across) ForgetFiles(ps ...string) {
	a.tree.Forget(ps...)
}

// AcrossPass is what a rule's Across step sees: every fact its Run
// recorded in the run, in the run's order of files and then by offset, and
// where it reports.
type AcrossPass struct {
	Facts []*Fact
	out   *[]Placed
	a     *Across
	// included and includedName are what Included answers from, made on
	// its first question; aliases what PageAlias answers from.
	included, includedName map[string]bool
	aliases                map[string]bool
	// file and abs are the last file Absolute was asked about and its
	// answer: the facts come file by file, and a file's many links (a
	// table of contents) need its path made absolute once.
	file, abs string
}

// Doc returns the targets of the document at the absolute path p: those
// kept when it was checked in the run, else read from the file (nil when
// it cannot be read, or is no document urilint reads).
func (p *AcrossPass) Doc(path string, s *links.Settings) *links.Doc {
	if d, ok := p.a.docs[path]; ok {
		return d
	}
	return p.a.tree.Doc(path, s)
}

// Included reports whether an AsciiDoc document checked in the run
// includes the document at the absolute path doc (include::), or a
// Markdown one does (a snippet of pymdownx.snippets, "--8<--"), so that it
// is rendered as a part of that one, and its relative links and images
// are read from there. A target that holds an attribute reference
// ("{partialsdir}/b.adoc"), and a snippet's, include every document of
// its file name. Paths
// are compared with their symbolic links resolved.
func (p *AcrossPass) Included(doc string) bool {
	if p.included == nil {
		p.included, p.includedName = map[string]bool{}, map[string]bool{}
		for from, d := range p.a.docs { // Finish holds the lock

			for _, t := range d.IncludeTargets {
				switch {
				case strings.Contains(t, "://"):
				case extract.FormatOf(from) == extract.FormatMarkdown:
					// A Markdown include's path is read from the
					// document's directory (mdBook, MyST) or from a base
					// path the document does not say (the directory of
					// mkdocs.yml for a snippet, a site's for a build
					// hook's marker): the file it names from the
					// document's directory or the nearest above it, else
					// any of its name.
					if real, ok := p.includedFrom(from, t); ok {
						p.included[real] = true
					} else {
						p.includedName[path.Base(t)] = true
					}
				case strings.ContainsRune(t, '{'):
					p.includedName[path.Base(t)] = true
				default:
					// Books reach their parts through symbolic links
					// (Strimzi's deploying/assemblies -> ../assemblies):
					// a part is named by its real path.
					t := filepath.Join(filepath.Dir(from), filepath.FromSlash(t))
					if real, err := filepath.EvalSymlinks(t); err == nil {
						t = real
					}
					p.included[t] = true
				}
			}
		}
	}
	if p.included[doc] || len(p.includedName) > 0 && p.includedName[filepath.Base(doc)] {
		return true
	}
	real, err := filepath.EvalSymlinks(doc)
	return err == nil && real != doc && p.included[real]
}

// includedFrom finds the file t, a relative path that the document at
// from includes, from the document's directory or the nearest directory
// above it that holds it, up to the top of its tree, and returns its path
// with symbolic links resolved.
func (p *AcrossPass) includedFrom(from, t string) (string, bool) {
	t = filepath.FromSlash(strings.TrimLeft(t, "/"))
	top := p.Settings(from).Top
	for dir := filepath.Dir(from); ; dir = filepath.Dir(dir) {
		f := filepath.Join(dir, t)
		if e := p.Stat(f); e.Exists && !e.Dir {
			if real, err := filepath.EvalSymlinks(f); err == nil {
				return real, true
			}
			return f, true
		}
		if dir == top || filepath.Dir(dir) == dir {
			return "", false
		}
	}
}

// PageAlias reports whether a page of an Antora component checked in the
// run answers to the page at the absolute path doc, which is not there, by
// its ":page-aliases:" ("end-user-guide:old-name.adoc" in a page of
// another module): Antora resolves a cross reference to an alias to the
// page that declares it.
func (p *AcrossPass) PageAlias(doc string) bool {
	if p.aliases == nil {
		p.aliases = map[string]bool{}
		for from, d := range p.a.docs { // Finish holds the lock
			if len(d.PageAliases) == 0 {
				continue
			}
			modules, own, ok := links.AntoraModule(from)
			if !ok {
				continue
			}
			for _, a := range d.PageAliases {
				if strings.Contains(a, "@") || strings.Count(a, ":") > 1 {
					continue // another version's or component's
				}
				module := own
				if m, rest, ok := strings.Cut(a, ":"); ok {
					module, a = cmp.Or(m, "ROOT"), rest
				}
				if path.Ext(a) == "" {
					a += ".adoc"
				}
				p.aliases[filepath.Join(modules, module, "pages", filepath.FromSlash(a))] = true
			}
		}
	}
	return p.aliases[doc]
}

// Absolute returns the path of a fact's file made absolute, as the engine
// names documents (Pass.File), without a system call.
func (p *AcrossPass) Absolute(file string) string {
	if file != p.file || p.abs == "" {
		p.file, p.abs = file, p.a.absolute(file)
	}
	return p.abs
}

// Variant returns a file a server may send for the absolute path p, which
// names none and has no extension (see links.Tree.Variant), or "".
func (p *AcrossPass) Variant(path string) string { return p.a.tree.Variant(path) }

// GitIgnored reports whether git ignores the absolute path p in the
// checkout whose top is top (see links.Tree.GitIgnored).
func (p *AcrossPass) GitIgnored(top, path string) bool { return p.a.tree.GitIgnored(top, path) }

// Stat looks up the file at the absolute path p in the tree, its names
// compared exactly.
func (p *AcrossPass) Stat(path string) links.Entry { return p.a.tree.Stat(path) }

// Subdirs returns the names of the directories in the absolute, clean
// directory dir, sorted.
func (p *AcrossPass) Subdirs(dir string) []string { return p.a.tree.Subdirs(dir) }

// Names returns the names of the files under the absolute, clean
// directory dir, and whether every directory under it could be read (see
// links.Tree.Names).
func (p *AcrossPass) Names(dir string) (map[string]bool, bool) { return p.a.tree.Names(dir) }

// Small returns the bytes of the small file at the absolute path p, read
// once (see links.Tree.Small).
func (p *AcrossPass) Small(path string) ([]byte, error) { return p.a.tree.Small(path) }

// Settings returns the link settings the document at the absolute path p
// was checked with.
func (p *AcrossPass) Settings(path string) *links.Settings {
	if s := p.a.settings[path]; s != nil {
		return s
	}
	return &links.Settings{}
}

// Report reports a finding of the running rule at the place of the fact at.
func (p *AcrossPass) Report(at *Fact, message string) {
	*p.out = append(*p.out, Placed{
		Diagnostic: &Diagnostic{File: at.File, Rule: at.rule, Severity: at.severity, Message: boundMessage(message), URI: at.URI, Start: at.Start, End: at.End},
		StartPos:   at.StartPos, EndPos: at.EndPos,
	})
}

// Placed is a diagnostic of an Across step, with its positions: its
// document is no longer at hand to resolve them.
type Placed struct {
	*Diagnostic
	StartPos, EndPos extract.Pos
}

// Pos returns the position of the diagnostic's start or end offset, as an
// extract.Locator of its document would.
func (p *Placed) Pos(off int) extract.Pos {
	if off == p.Start {
		return p.StartPos
	}
	return p.EndPos
}

// Finish runs the Across step of every rule that recorded facts over them,
// files in the order given (the run's; files not in it after them, by
// name), and returns the diagnostics in that order of files, then by offset
// and rule. The result does not depend on the order in which the files
// were checked.
func (a *Across) Finish(files []string) []Placed {
	a.mu.Lock()
	defer a.mu.Unlock()
	rank := make(map[string]int, len(files))
	for i, f := range files {
		rank[f] = i
	}
	order := func(file string) int {
		if i, ok := rank[file]; ok {
			return i
		}
		return len(files)
	}
	// The facts of a file are in order of offset (collect sorts them): the
	// files taken in the run's order, then the others by name, give every
	// rule its facts in order without sorting them.
	byFile := slices.Collect(maps.Keys(a.facts))
	slices.SortFunc(byFile, func(x, y string) int { return cmp.Or(cmp.Compare(order(x), order(y)), cmp.Compare(x, y)) })
	// Each rule is given pointers to its facts, in a slice of their
	// number: the facts themselves stay where collect put them.
	count := map[*Rule]int{}
	var rules []*Rule
	for _, fs := range a.facts {
		for i := range fs {
			if count[fs[i].rule] == 0 {
				rules = append(rules, fs[i].rule)
			}
			count[fs[i].rule]++
		}
	}
	slices.SortFunc(rules, func(x, y *Rule) int { return cmp.Compare(x.Name, y.Name) })
	byRule := make(map[*Rule][]*Fact, len(rules))
	for _, r := range rules {
		byRule[r] = make([]*Fact, 0, count[r])
	}
	for _, file := range byFile {
		fs := a.facts[file]
		for i := range fs {
			byRule[fs[i].rule] = append(byRule[fs[i].rule], &fs[i])
		}
	}
	var out []Placed
	for _, r := range rules {
		r.Across(&AcrossPass{Facts: byRule[r], out: &out, a: a})
	}
	slices.SortFunc(out, func(x, y Placed) int {
		return cmp.Or(cmp.Compare(order(x.File), order(y.File)), cmp.Compare(x.File, y.File), cmp.Compare(x.Start, y.Start), cmp.Compare(x.Rule.Name, y.Rule.Name), cmp.Compare(x.Message, y.Message))
	})
	return out
}
