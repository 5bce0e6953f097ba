package extract

import (
	"strings"
	"unicode/utf8"
)

// Helpers of the package's tests.

// Text returns the URI and URN candidates in the plain text doc, in
// document order.
func Text(doc []byte) []Candidate {
	var cands []Candidate
	ScanText(doc, 0, func(c *Candidate) { cands = append(cands, *c) })
	return cands
}

// PosInString returns the position of byte offset off in a string given on
// its own, such as a value to validate: unlike a document's, every
// character counts, a leading byte order mark included.
func PosInString(s string, off int) Pos {
	before := s[:off]
	line := 1 + strings.Count(before, "\n")
	lineStart := strings.LastIndexByte(before, '\n') + 1
	return Pos{Offset: off, Line: line, Column: 1 + utf8.RuneCountInString(before[lineStart:])}
}

// pick returns large when l is set, else small: the input of a
// cputime.Linear run.
func pick(l bool, small, large []byte) []byte {
	if l {
		return large
	}
	return small
}
