package runner

import (
	"errors"
	"fmt"
	"io"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/report"
)

// fixWriteError is the error of a file that was linted, and its findings
// reported, but whose fixes could not be written: the Summary counts it
// apart from the paths that could not be linted (Unfixed).
type fixWriteError struct{ err error }

func (e *fixWriteError) Error() string { return "writing fixes: " + e.err.Error() }

func (e *fixWriteError) Unwrap() error { return e.err }

// note is what a file's processing has to say on stderr that is not a
// failure: the file was linted and its findings reported.
type note struct{ msg string }

func (n *note) Error() string { return n.msg }

// malformed returns the note on the document src, of format f, when its
// markup breaks and its walker read the rest as running text (XML), else
// nil. It is a note on stderr, not an error: the file was linted, and the
// output and the exit status are what they would be without it.
func malformed(f extract.Format, src []byte) error {
	off, reason, ok := f.SyntaxError(src)
	if !ok {
		return nil
	}
	p := extract.NewLocator(src).Pos(off)
	return &note{fmt.Sprintf("malformed %s at line %d, column %d (%s): the rest is read as running text", f.Title(), p.Line, p.Column, reason)}
}

// PrintFileError writes on w, as urilint reports a path it could not
// read, lint or fix (or has a note on), "urilint: PATH: message"; the
// error of a configuration file is written as PrintConfigError writes it.
// Input is quoted by report.Printable.
func PrintFileError(w io.Writer, path string, err error) {
	var ce *config.Error
	if errors.As(err, &ce) {
		PrintConfigError(w, err) // it names the file, line and key
		return
	}
	fmt.Fprintf(w, "urilint: %s: %s\n", report.DisplayPath(path), report.Printable(err.Error()))
}

// PrintConfigError writes on w the problems of a configuration file that
// cannot be used, one a line: "urilint: FILE:LINE:COLUMN: message".
func PrintConfigError(w io.Writer, err error) {
	for _, p := range config.Problems(err) {
		var ce *config.Error
		switch {
		case !errors.As(p, &ce):
			fmt.Fprintf(w, "urilint: %s\n", report.Printable(p.Error()))
		case ce.Line == 0:
			fmt.Fprintf(w, "urilint: %s: %s\n", report.DisplayPath(ce.Path), report.Printable(ce.Msg))
		default:
			fmt.Fprintf(w, "urilint: %s:%d:%d: %s\n", report.DisplayPath(ce.Path), ce.Line, ce.Column, report.Printable(ce.Msg))
		}
	}
}
