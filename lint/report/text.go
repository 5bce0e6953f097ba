package report

import (
	"fmt"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// The text format: one line per item.
//
//	extract: file:line:col: kind uri
//	check:   file:line:col: severity rule: message
//
// as ESLint, markdownlint and ruff write theirs: the rule's documentation is
// "urilint explain RULE" away (the summary line says so), and its address
// is in the JSON, SARIF and GitHub outputs and the editor's diagnostics.
// With colour (a terminal, and NO_COLOR not set), the check format shows
// the place in bold, the severity in its colour and the rule in bold.

func appendTextCandidate(dst []byte, path string, c *extract.Candidate, loc *extract.Locator) []byte {
	p := loc.Pos(c.Start)
	return fmt.Appendf(dst, "%s:%d:%d: %s %s\n", DisplayPath(path), p.Line, p.Column, c.Kind, Printable(c.URI))
}

// ANSI colours of the text format.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
)

func appendTextDiagnostic(dst []byte, d *lint.Diagnostic, loc Positions, color bool) []byte {
	p := loc.Pos(d.Start)
	if !color {
		return fmt.Appendf(dst, "%s:%d:%d: %s %s: %s\n", DisplayPath(d.File), p.Line, p.Column,
			d.Severity, d.Rule.Name, Printable(d.Message))
	}
	sev := ansiBlue
	switch d.Severity {
	case lint.Error:
		sev = ansiRed
	case lint.Warning:
		sev = ansiYellow
	}
	return fmt.Appendf(dst, ansiBold+"%s:%d:%d:"+ansiReset+" "+sev+"%s"+ansiReset+" "+ansiBold+"%s"+ansiReset+": %s\n",
		DisplayPath(d.File), p.Line, p.Column, d.Severity, d.Rule.Name, Printable(d.Message))
}
