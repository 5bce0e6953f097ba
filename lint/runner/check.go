package runner

import (
	"errors"
	"runtime"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/baseline"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/report"
)

// checkRun is what Check does with each file: lint it, fix it or write
// the diff of its fixes, and report its diagnostics. Its methods run on
// the run's workers.
type checkRun struct {
	opts   *Options
	files  *Files
	counts counts
	// across collects the facts of the rules that look across files (nil
	// when they do not run); withProblems holds the names of the files
	// with a diagnostic reported, which finish's reports of them must not
	// count again.
	across       *lint.Across
	withProblems sync.Map
}

// PartsFrom is the size from which check reads a Markdown document
// checkable in pieces (lint.CheckableInPieces) in parts of about PartSize
// bytes (extract.Format.Splits), with the same result: its walker then
// holds the syntax tree of one part at a time, not the whole document's,
// which is about ten times its size.
const (
	PartsFrom = 4 << 20
	PartSize  = 1 << 20
)

// inParts: a Markdown document of PartsFrom bytes or more, when its
// diagnostics are only reported and nothing in it reaches across the
// document (lint.CheckableInPieces: a suppression comment or the folding
// note does), cut where f.Splits allows, in parts of PartSize or more; as
// many parts at once as the run has jobs (and Go uses cores), so long as
// their syntax trees weigh maxHeldWeight together at most.
func (c *checkRun) inParts(f extract.Format, src []byte) *docParts {
	if c.opts.Mode != Report || len(src) < PartsFrom || !f.Splittable() || !lint.CheckableInPieces(src) {
		return nil
	}
	p := &docParts{splits: f.Splits(src, PartSize)}
	start := 0
	for _, s := range append(p.splits, len(src)) {
		p.largest = max(p.largest, s-start)
		start = s
	}
	p.jobs = max(1, min(c.opts.Jobs, runtime.GOMAXPROCS(0), maxHeldWeight/max(1, treeWeight*p.largest)))
	return p
}

// windowed: a large plain-text file is read in windows when its
// diagnostics are only reported (fixes need the whole).
func (c *checkRun) windowed() bool { return c.opts.Mode == Report }

func (c *checkRun) format(name string) extract.Format { return c.opts.Resolver.Format(name) }

// document checks the file name read as src, fixes it (Fix) or writes the
// diff of its fixes (Diff), and writes its diagnostics to out.
func (c *checkRun) document(name string, src []byte, parts *docParts, out *sink) error {
	if c.opts.BeforeCheck != nil {
		c.opts.BeforeCheck(name)
	}
	p, err := c.opts.Resolver.Resolve(name)
	if err != nil {
		return err
	}
	f := p.FormatOf(name)
	c.counts.files.Add(1)
	var doc Document
	if parts != nil {
		doc.Unlisted = p.Checker.CheckParts(name, f, src, parts.splits, parts.jobs, func(d *lint.Diagnostic) { doc.Diagnostics = append(doc.Diagnostics, d) })
	} else {
		doc = Lint(p, name, f, src, c.opts.Mode != Report)
	}
	r := c.newFileReport(name, out, p)
	var writeErr error
	switch {
	case c.opts.Mode == Diff:
		r.bufs[0] = append(r.bufs[0], report.UnifiedDiff(name, src, doc.Fixed)...)
	case c.opts.Mode == Fix && doc.Applied > 0:
		if err := fileio.FixFile(name, doc.Fixed, src, c.files.fixAllowed(name)); err != nil {
			// Nothing was fixed: what is left is what was found.
			doc = Lint(p, name, f, src, false)
			writeErr = &fixWriteError{err}
		}
	}
	if doc.Applied > 0 { // counted once written
		c.counts.fixes.Add(int64(doc.Applied))
		c.counts.fixedFiles.Add(1)
	}
	// The diagnostics are of the fixed document with Fix, once written
	// (else of the document read).
	loc := extract.NewLocator(src)
	if c.opts.Mode == Fix && doc.Applied > 0 {
		loc = extract.NewLocator(doc.Fixed)
	}
	for _, d := range doc.Diagnostics {
		r.add(d, loc)
	}
	r.close()
	return errors.Join(writeErr, c.counts.unlisted(doc.Unlisted, p.FailLevel, c.opts.ReportLevel), malformed(f, src))
}

// windows checks a large document a window at a time (see
// fileio.TextWindows).
func (c *checkRun) windows(name string, _ extract.Format, windows *fileio.TextWindows, out *sink) error {
	p, err := c.opts.Resolver.Resolve(name)
	if err != nil {
		windows.Close()
		return err
	}
	c.counts.files.Add(1)
	r := c.newFileReport(name, out, p)
	var held int64
	defer out.drop(&held)
	// The gate lists the document's diagnostics (lint.Gate), and may hold
	// one past its window: its positions are resolved while the window is
	// at hand.
	var loc *extract.Locator
	var placed map[*lint.Diagnostic]resolved
	g := p.Checker.NewGate(func(d *lint.Diagnostic) {
		if pos, ok := placed[d]; ok {
			delete(placed, d)
			r.add(d, pos)
			return
		}
		r.add(d, loc)
	})
	err = windows.Each(func(win fileio.Window) {
		out.grow(int64(len(win.Src)), &held)
		loc = extract.NewLocatorAt(win.Src, win.Base)
		p.Checker.CheckWindow(name, win.Src, win.Base, func(d *lint.Diagnostic) {
			if g.Add(d); g.Holds(d) {
				if placed == nil {
					placed = map[*lint.Diagnostic]resolved{}
				}
				placed[d] = resolve(d, loc)
			}
		})
	})
	unlisted := g.Finish()
	r.close()
	return errors.Join(err, c.counts.unlisted(unlisted, p.FailLevel, c.opts.ReportLevel))
}

// resolved are the positions of a diagnostic's offsets (report.Positions),
// resolved while its document, or window, was at hand.
type resolved map[int]extract.Pos

// resolve returns the positions of every offset of d, by loc.
func resolve(d *lint.Diagnostic, loc *extract.Locator) resolved {
	pos := resolved{}
	at := func(off int) { pos[off] = loc.Pos(off) }
	at(d.Start)
	at(d.End)
	for _, rg := range d.Ranges {
		at(rg.Start)
		at(rg.End)
	}
	for _, f := range d.Fixes {
		for _, e := range f.Edits {
			at(e.Start)
			at(e.End)
		}
	}
	return pos
}

// Pos returns the position of off, one of the diagnostic's offsets.
func (r resolved) Pos(off int) extract.Pos { return r[off] }

// finish reports, once every file is read, the diagnostics of the rules
// that look across files, in the order of the files (names), through what
// a file's diagnostics go through, and writes them to out. With Diff, it
// reports nothing.
func (c *checkRun) finish(names []string, out chunkSink) {
	if c.across == nil || c.opts.Mode == Diff {
		return
	}
	placed := c.across.Finish(names)
	for i := 0; i < len(placed); {
		name := placed[i].File
		j := i + 1
		for j < len(placed) && placed[j].File == name {
			j++
		}
		if p, err := c.opts.Resolver.Resolve(name); err == nil { // else reported with the file
			r := c.newFileReport(name, out, p)
			r.sharesFile = true
			for k := i; k < j; k++ {
				r.add(placed[k].Diagnostic, &placed[k])
			}
			r.close()
		}
		i = j
	}
}

// fileReport is what the diagnostics of one file go through: each is
// numbered (report.Occurrences), counted, and written to every output
// (but with Diff, which writes the diff instead).
type fileReport struct {
	c        *checkRun
	prof     *config.Profile
	occ      report.Occurrences
	base     *baseline.Matcher    // with a baseline
	record   *baseline.FileRecord // with a baseline to write
	problems bool                 // a diagnostic was reported
	// sharesFile says the file was reported before (this is finish's
	// report of it): the baseline's entries not matched were counted then,
	// so those matched now are taken off that count.
	sharesFile bool
	hidden     int // diagnostics the baseline hid
	name       string
	fileOut
}

func (c *checkRun) newFileReport(name string, out chunkSink, p *config.Profile) *fileReport {
	r := &fileReport{c: c, prof: p, name: name, fileOut: fileOut{out: out, bufs: make([][]byte, len(c.opts.Outputs))}}
	if c.opts.Baseline != nil {
		r.base = c.opts.Baseline.Matcher(name)
	}
	if c.opts.Record != nil {
		r.record = c.opts.Record.File(name)
	}
	return r
}

// add reports the diagnostic d, whose positions loc gives.
func (r *fileReport) add(d *lint.Diagnostic, loc report.Positions) {
	n := r.occ.Next(d) // of every diagnostic listed, reported or not
	switch {
	case d.Severity < r.c.opts.ReportLevel:
		return
	case r.record != nil:
		r.record.Add(d)
		r.c.counts.baselined.Add(1)
		return
	case r.base != nil && r.base.Hide(d):
		r.c.counts.baselined.Add(1)
		r.hidden++
		return
	}
	r.problems = true
	r.c.counts.count(d, r.prof.FailLevel)
	if r.c.opts.Mode == Diff {
		return
	}
	for i, o := range r.c.opts.Outputs {
		r.bufs[i] = o.Writer.AppendDiagnostic(r.bufs[i], d, loc, n)
		r.flush(i)
	}
}

// close passes on what is left of the file's output, and counts it among
// the files with problems if it has any.
func (r *fileReport) close() {
	if r.problems {
		if _, had := r.c.withProblems.LoadOrStore(r.name, true); !had {
			r.c.counts.problemFiles.Add(1)
		}
	}
	switch {
	case r.base != nil && r.sharesFile:
		r.c.counts.gone.Add(-int64(r.hidden))
	case r.base != nil:
		r.c.counts.gone.Add(int64(r.base.Left()))
	}
	if r.record != nil {
		r.record.Close()
	}
	r.fileOut.close()
}

// fileOut is the output of one file for each output of the run: a buffer
// each, passed on in chunks.
type fileOut struct {
	out  chunkSink
	bufs [][]byte // by output
}

// flush passes on the output i when it has grown to a chunk.
func (o *fileOut) flush(i int) { o.bufs[i] = o.out.flush(i, o.bufs[i]) }

// close passes on what is left of each output.
func (o *fileOut) close() {
	for i, b := range o.bufs {
		o.out.close(i, b)
	}
}
