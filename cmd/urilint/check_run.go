package main

import (
	"errors"
	"fmt"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/baseline"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/report"
)

// checkRun is one urilint check: what its flags chose, and what it has
// counted so far. Its methods process one file each, on the run's
// workers.
type checkRun struct {
	env       *env
	sel       *selection
	resolver  *config.Resolver
	outs      outputs
	fix, diff bool
	// reportLevel is --report-level: diagnostics below it are not
	// reported (nor counted).
	reportLevel lint.Severity
	// base is --baseline, whose findings are not reported; record, with
	// --write-baseline, takes every finding instead of reporting it.
	base   *baseline.Baseline
	record *baseline.Recorder
	sum    summary
	// across collects the facts of the rules that look across files;
	// withProblems holds the names of the files with a diagnostic
	// reported, which finish's reports of them must not count again.
	across       *lint.Across
	withProblems sync.Map
}

// finish reports, once every file is read, the diagnostics of the rules
// that look across files, in the order of the files (names), through
// what a file's diagnostics go through, and writes them to w.
func (c *checkRun) finish(names []string, w chunkWriter) error {
	placed := c.across.Finish(names)
	out := &directSink{w: w}
	for i := 0; i < len(placed); {
		name := placed[i].File
		prof, err := c.resolver.Resolve(name)
		j := i + 1
		for j < len(placed) && placed[j].File == name {
			j++
		}
		if err != nil { // reported with the file
			i = j
			continue
		}
		r := c.newFileReport(name, out, prof)
		r.sharesFile = true
		for k := i; k < j; k++ {
			r.add(placed[k].Diagnostic, &placed[k])
		}
		r.close()
		i = j
	}
	return out.err
}

// directSink passes a file's output straight to w, when it is closed: the
// output of finish, after the files'.
type directSink struct {
	w   chunkWriter
	err error
}

func (s *directSink) Flush(b []byte) []byte { return b }

func (s *directSink) Close(b []byte) {
	if s.err == nil {
		s.err = s.w.Write(b)
	}
}

// writeBaseline writes the findings recorded (--write-baseline), unless a
// path could not be linted or fixed, and returns the line that says so.
func (c *checkRun) writeBaseline() (string, error) {
	if c.sel.failed > 0 {
		return "", fmt.Errorf("%s: the baseline is not written: %s could not be linted or fixed (above)", c.record.Path(), plural(int64(c.sel.failed), "path"))
	}
	entries, err := c.record.Write()
	if err != nil {
		return "", fmt.Errorf("writing the baseline %w", err)
	}
	files, n := 0, 0
	for i, e := range entries {
		if i == 0 || e.File != entries[i-1].File {
			files++
		}
		n += e.Count
	}
	return fmt.Sprintf("urilint: wrote the baseline %s: %s in %s", report.DisplayPath(c.record.Path()), plural(int64(n), "problem"), plural(int64(files), "file")), nil
}

// window checks a large plain-text file a window at a time (see
// fileio.TextWindows).
func (c *checkRun) window(name string, windows *fileio.TextWindows, sink *fileio.Sink) error {
	p, err := c.resolver.Resolve(name)
	if err != nil {
		windows.Close()
		return err
	}
	c.sum.files.Add(1)
	r := c.newFileReport(name, sink, p)
	var l lint.Lister
	err = windows.Each(func(win fileio.Window) {
		loc := extract.NewLocatorAt(win.Src, win.Base)
		p.Checker.CheckWindow(name, win.Src, win.Base, func(d *lint.Diagnostic) {
			if l.List(d) {
				r.add(d, loc)
			}
		})
	})
	r.close()
	return errors.Join(err, c.sum.unlisted(l.Unlisted, p.FailLevel, c.reportLevel))
}

// file checks the file name read as src, fixes it (--fix) or writes the
// diff of its fixes (--diff), and writes its diagnostics to sink.
func (c *checkRun) file(name string, src []byte, sink *fileio.Sink) error {
	if c.env.beforeCheck != nil {
		c.env.beforeCheck(name)
	}
	p, err := c.resolver.Resolve(name)
	if err != nil {
		return err
	}
	f := extract.FormatOf(name)
	c.sum.files.Add(1)
	var diags []*lint.Diagnostic
	var fixed []byte
	var unlisted lint.Unlisted
	applied := 0
	if c.fix || c.diff {
		fixed, applied, diags, unlisted = p.Checker.Fix(name, f, src)
	} else {
		unlisted = p.Checker.Check(name, f, src, func(d *lint.Diagnostic) { diags = append(diags, d) })
	}
	r := c.newFileReport(name, sink, p)
	var writeErr error
	switch {
	case c.diff:
		r.bufs[0] = append(r.bufs[0], report.UnifiedDiff(name, src, fixed)...)
	case c.fix && applied > 0:
		if writeErr = fileio.FixFile(name, fixed, src, c.sel.fixAllowed(name)); writeErr != nil {
			// Nothing was fixed: what is left is what was found.
			applied, diags = 0, diags[:0]
			unlisted = p.Checker.Check(name, f, src, func(d *lint.Diagnostic) { diags = append(diags, d) })
			writeErr = &fixWriteError{writeErr}
		}
	}
	if applied > 0 { // counted once written
		c.sum.fixes.Add(int64(applied))
		c.sum.fixedFiles.Add(1)
	}
	// The diagnostics are of the fixed document with --fix, once written
	// (else of the document read).
	doc := src
	if c.fix && applied > 0 {
		doc = fixed
	}
	loc := extract.NewLocator(doc)
	for _, d := range diags {
		r.add(d, loc)
	}
	r.close()
	return errors.Join(writeErr, c.sum.unlisted(unlisted, p.FailLevel, c.reportLevel), malformedXML(f, src))
}

// fileReport is what the diagnostics of one file go through: each is
// numbered (report.Occurrences), counted, and written to every output
// (but with --diff, which writes the diff instead).
type fileReport struct {
	c        *checkRun
	prof     *config.Profile
	occ      report.Occurrences
	base     *baseline.Matcher    // with --baseline
	record   *baseline.FileRecord // with --write-baseline
	problems bool                 // a diagnostic was reported
	// sharesFile says the file was reported before (this is finish's
	// report of it): the baseline's entries not matched were counted then,
	// so those matched now are taken off that count.
	sharesFile bool
	hidden     int // diagnostics the baseline hid
	name       string
	fileOut
}

func (c *checkRun) newFileReport(name string, sink chunkSink, p *config.Profile) *fileReport {
	r := &fileReport{c: c, prof: p, name: name, fileOut: newFileOut(sink, len(c.outs))}
	if c.base != nil {
		r.base = c.base.Matcher(name)
	}
	if c.record != nil {
		r.record = c.record.File(name)
	}
	return r
}

// add reports the diagnostic d, whose positions loc gives.
func (r *fileReport) add(d *lint.Diagnostic, loc report.Positions) {
	n := r.occ.Next(d) // of every diagnostic listed, reported or not
	switch {
	case d.Severity < r.c.reportLevel:
		return
	case r.record != nil:
		r.record.Add(d)
		r.c.sum.baselined.Add(1)
		return
	case r.base != nil && r.base.Hide(d):
		r.c.sum.baselined.Add(1)
		r.hidden++
		return
	}
	r.problems = true
	r.c.sum.count(d, r.prof.FailLevel)
	if r.c.diff {
		return
	}
	for i, o := range r.c.outs {
		r.bufs[i] = o.w.AppendDiagnostic(r.bufs[i], d, loc, n)
		r.flush(i)
	}
}

// close passes on what is left of the file's output, and counts it among
// the files with problems if it has any.
func (r *fileReport) close() {
	if r.problems {
		if _, had := r.c.withProblems.LoadOrStore(r.name, true); !had {
			r.c.sum.problemFiles.Add(1)
		}
	}
	switch {
	case r.base != nil && r.sharesFile:
		r.c.sum.gone.Add(-int64(r.hidden))
	case r.base != nil:
		r.c.sum.gone.Add(int64(r.base.Left()))
	}
	if r.record != nil {
		r.record.Close()
	}
	r.fileOut.close()
}

// fileOut is the output of one file for each output of the run: a buffer
// each, passed to the sink in chunks whose first byte is the index of
// their output (which outputs.Write reads).
type fileOut struct {
	sink chunkSink
	bufs [][]byte
}

// chunkSink takes the chunks of a file's output: a *fileio.Sink, or
// finish's directSink.
type chunkSink interface {
	Flush(b []byte) []byte
	Close(b []byte)
}

func newFileOut(sink chunkSink, n int) fileOut {
	o := fileOut{sink: sink, bufs: make([][]byte, n)}
	for i := range o.bufs {
		o.bufs[i] = []byte{byte(i)}
	}
	return o
}

// flush passes on the output i when it has grown to a chunk.
func (o *fileOut) flush(i int) {
	if b := o.sink.Flush(o.bufs[i]); len(b) == 0 { // passed on
		o.bufs[i] = append(b, byte(i))
	} else {
		o.bufs[i] = b
	}
}

// close passes on what is left of each output.
func (o *fileOut) close() {
	for _, b := range o.bufs {
		if len(b) > 1 {
			o.sink.Close(b)
		}
	}
}
