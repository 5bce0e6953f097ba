package main

import (
	"errors"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/driver"
	"github.com/urilint/urilint/lint/report"
)

// checkRun is one urilint check: what its flags chose, and what it has
// counted so far. Its methods process one file each, on the driver's
// workers.
type checkRun struct {
	env       *env
	sel       *selection
	resolver  *config.Resolver
	w         *report.Writer
	fix, diff bool
	sum       summary
}

// window checks a large plain-text file a window at a time (see
// driver.TextWindows).
func (c *checkRun) window(name string, windows *driver.TextWindows, sink *driver.Sink) error {
	p, err := c.resolver.Resolve(name)
	if err != nil {
		windows.Close()
		return err
	}
	c.sum.files.Add(1)
	var b []byte
	problems := false
	var l lint.Lister
	var occ report.Occurrences
	err = windows.Each(func(win driver.Window) {
		loc := extract.NewLocatorAt(win.Src, win.Base)
		p.Checker.CheckWindow(name, win.Src, win.Base.Offset, func(d *lint.Diagnostic) {
			problems = true
			if l.List(d) {
				c.sum.count(d, p.FailLevel)
				b = sink.Flush(c.w.AppendDiagnostic(b, d, loc, occ.Next(d)))
			}
		})
	})
	if problems {
		c.sum.problemFiles.Add(1)
	}
	sink.Close(b)
	return errors.Join(err, c.sum.unlisted(l.Unlisted, p.FailLevel))
}

// file checks the file name read as src, fixes it (--fix) or writes the
// diff of its fixes (--diff), and writes its diagnostics to sink.
func (c *checkRun) file(name string, src []byte, sink *driver.Sink) error {
	if c.env.beforeCheck != nil {
		c.env.beforeCheck(name)
	}
	p, err := c.resolver.Resolve(name)
	if err != nil {
		return err
	}
	f := lint.FormatOf(name)
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
	var b []byte
	var writeErr error
	switch {
	case c.diff:
		b = append(b, report.UnifiedDiff(name, src, fixed)...)
	case c.fix && applied > 0:
		if writeErr = driver.WriteFileAtomic(name, fixed, src); writeErr != nil {
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
	if len(diags) > 0 {
		c.sum.problemFiles.Add(1)
	}
	// The diagnostics are of the fixed document with --fix, once written
	// (else of the document read).
	doc := src
	if c.fix && applied > 0 {
		doc = fixed
	}
	loc := extract.NewLocator(doc)
	var occ report.Occurrences
	for _, d := range diags {
		c.sum.count(d, p.FailLevel)
		if !c.diff {
			b = sink.Flush(c.w.AppendDiagnostic(b, d, loc, occ.Next(d)))
		}
	}
	sink.Close(b)
	return errors.Join(writeErr, c.sum.unlisted(unlisted, p.FailLevel), malformedXML(f, src))
}
