package lint

import (
	"fmt"

	"github.com/urilint/urilint/extract"
)

// The text format: one line per item.
//
//	extract: file:line:col: kind uri
//	check:   file:line:col: severity rule: message (doc URL)
//
// With colour (a terminal, and NO_COLOR not set), the check format shows
// the place in bold, the severity in its colour and the link dimmed.

func appendTextCandidate(dst []byte, path string, c *extract.Candidate) []byte {
	return fmt.Appendf(dst, "%s:%d:%d: %s %s\n", DisplayPath(path), c.Start.Line, c.Start.Column, c.Kind, Printable(c.URI))
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

func appendTextDiagnostic(dst []byte, d *Diagnostic, color bool) []byte {
	if !color {
		return fmt.Appendf(dst, "%s:%d:%d: %s %s: %s (%s)\n", DisplayPath(d.File), d.Start.Line, d.Start.Column,
			d.Severity, d.Rule.Name, Printable(d.Message), d.Rule.DocURL())
	}
	sev := ansiBlue
	switch d.Severity {
	case Error:
		sev = ansiRed
	case Warning:
		sev = ansiYellow
	}
	return fmt.Appendf(dst, ansiBold+"%s:%d:%d:"+ansiReset+" "+sev+"%s"+ansiReset+" "+ansiBold+"%s"+ansiReset+": %s "+ansiDim+"(%s)"+ansiReset+"\n",
		DisplayPath(d.File), d.Start.Line, d.Start.Column, d.Severity, d.Rule.Name, Printable(d.Message), d.Rule.DocURL())
}
