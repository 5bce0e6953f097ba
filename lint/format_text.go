package lint

import (
	"fmt"

	"github.com/urilint/urilint/extract"
)

// The text format: one line per item.
//
//	extract: file:line:col: kind uri
//	check:   file:line:col: severity rule: message

func appendTextCandidate(dst []byte, path string, c *extract.Candidate) []byte {
	return fmt.Appendf(dst, "%s:%d:%d: %s %s\n", DisplayPath(path), c.Start.Line, c.Start.Column, c.Kind, Printable(c.URI))
}

func appendTextDiagnostic(dst []byte, d *Diagnostic) []byte {
	return fmt.Appendf(dst, "%s:%d:%d: %s %s: %s\n", DisplayPath(d.File), d.Start.Line, d.Start.Column, d.Severity, d.Rule.Name, Printable(d.Message))
}
