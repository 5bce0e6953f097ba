package main

import (
	"fmt"
	"strings"
)

// fixWriteError is the error of a file that was linted, and its findings
// reported, but whose fixes could not be written: the summary counts it
// apart from the paths that could not be linted.
type fixWriteError struct{ err error }

func (e *fixWriteError) Error() string { return "writing fixes: " + e.err.Error() }

func (e *fixWriteError) Unwrap() error { return e.err }

// note is what a file's processing has to say on stderr that is not a
// failure: the file was linted and its findings reported.
type note struct{ msg string }

func (n *note) Error() string { return n.msg }

// failedSummary is the end of check's summary line, after eachFile: how
// many paths could not be linted, and how many files linted could not be
// fixed.
func (s *selection) failedSummary() string {
	var b strings.Builder
	if n := s.failed - s.unfixed; n > 0 {
		fmt.Fprintf(&b, "; %s could not be linted", plural(int64(n), "path"))
	}
	if s.unfixed > 0 {
		fmt.Fprintf(&b, "; %s could not be fixed", plural(int64(s.unfixed), "file"))
	}
	return b.String()
}
