package runner

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
)

// Document is a document linted by Lint.
type Document struct {
	// Diagnostics are the document's (the fixed document's, with fix), in
	// order of offset: the first lint.MaxFileDiagnostics of them.
	Diagnostics []*lint.Diagnostic
	// Unlisted counts those past lint.MaxFileDiagnostics.
	Unlisted lint.Unlisted
	// Fixed is, with fix, the document with its safe fixes applied (src
	// itself when there was none), and Applied how many were.
	Fixed   []byte
	Applied int
}

// Lint lints the document src, the file name in format f, with the
// checker of its profile p: as it is, or, with fix, with its safe fixes
// applied until none is left (lint.Checker.Fix). It is how urilint check
// lints each file it reads whole, and how the language server lints an
// open document it does not read in parts.
func Lint(p *config.Profile, name string, f extract.Format, src []byte, fix bool) Document {
	var doc Document
	if fix {
		doc.Fixed, doc.Applied, doc.Diagnostics, doc.Unlisted = p.Checker.Fix(name, f, src)
		return doc
	}
	doc.Unlisted = p.Checker.Check(name, f, src, func(d *lint.Diagnostic) { doc.Diagnostics = append(doc.Diagnostics, d) })
	return doc
}
