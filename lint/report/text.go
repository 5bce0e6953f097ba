package report

import (
	"fmt"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// The text format: one line per item.
//
//	extract: file:line:col: kind uri
//	check:   file:line:col: severity rule: message (doc URL)
//
// With colour (a terminal, and NO_COLOR not set), the check format shows
// the place in bold, the severity in its colour and the link dimmed.

func appendTextCandidate(dst []byte, path string, c *extract.Candidate, loc *extract.Locator) []byte {
	p := loc.Pos(c.Start)
	return fmt.Appendf(dst, "%s:%d:%d: %s %s\n", DisplayPath(path), p.Line, p.Column, c.Kind, Printable(c.URI))
}

// ANSI colours of the text format.
const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiDim    = "\x1b[2m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiBlue   = "\x1b[34m"
)

func appendTextDiagnostic(dst []byte, d *lint.Diagnostic, loc Positions, color bool) []byte {
	p := loc.Pos(d.Start)
	if !color {
		return fmt.Appendf(dst, "%s:%d:%d: %s %s: %s (%s)\n", DisplayPath(d.File), p.Line, p.Column,
			d.Severity, d.Rule.Name, Printable(d.Message), d.Rule.DocURL())
	}
	sev := ansiBlue
	switch d.Severity {
	case lint.Error:
		sev = ansiRed
	case lint.Warning:
		sev = ansiYellow
	}
	return fmt.Appendf(dst, ansiBold+"%s:%d:%d:"+ansiReset+" "+sev+"%s"+ansiReset+" "+ansiBold+"%s"+ansiReset+": %s "+ansiDim+"(%s)"+ansiReset+"\n",
		DisplayPath(d.File), p.Line, p.Column, d.Severity, d.Rule.Name, Printable(d.Message), d.Rule.DocURL())
}
