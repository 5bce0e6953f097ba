package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
)

// Formats lists the output formats of urilint extract and urilint check;
// each is written by the code in format_<name>.go.
var Formats = []string{"text", "json", "jsonl"}

// Writer writes the output of urilint extract (candidates) or urilint check
// (diagnostics) in one of Formats. The Append methods format one item and
// may run concurrently for different files; Write and Close are called in
// file order, from one goroutine.
type Writer struct {
	w      io.Writer
	format string
	key    string // the JSON list: "candidates" or "diagnostics"
	items  int    // chunks written so far
}

// NewCandidateWriter returns a writer of candidates (urilint extract).
func NewCandidateWriter(format string, w io.Writer) (*Writer, error) {
	return newWriter(format, "candidates", w)
}

// NewDiagnosticWriter returns a writer of diagnostics (urilint check).
func NewDiagnosticWriter(format string, w io.Writer) (*Writer, error) {
	return newWriter(format, "diagnostics", w)
}

func newWriter(format, key string, w io.Writer) (*Writer, error) {
	switch format {
	case "text", "json", "jsonl":
		return &Writer{w: w, format: format, key: key}, nil
	}
	return nil, fmt.Errorf("unknown format %q (want text, json or jsonl)", format)
}

// AppendCandidate appends one candidate found in the file path.
func (w *Writer) AppendCandidate(dst []byte, path string, c *extract.Candidate) []byte {
	switch w.format {
	case "json":
		return appendJSONItem(dst, newJSONCandidate(path, c))
	case "jsonl":
		return appendJSONLine(dst, newJSONCandidate(path, c))
	}
	return appendTextCandidate(dst, path, c)
}

// AppendDiagnostic appends one diagnostic.
func (w *Writer) AppendDiagnostic(dst []byte, d *Diagnostic) []byte {
	switch w.format {
	case "json":
		return appendJSONItem(dst, newJSONDiagnostic(d))
	case "jsonl":
		return appendJSONLine(dst, newJSONDiagnostic(d))
	}
	return appendTextDiagnostic(dst, d)
}

// Write writes the output the Append methods produced for one file.
func (w *Writer) Write(out []byte) error {
	if len(out) == 0 {
		return nil
	}
	if w.format == "json" && w.items == 0 {
		out = out[1:] // the comma before the first item
		if _, err := fmt.Fprintf(w.w, `{"version":1,%q:[`, w.key); err != nil {
			return err
		}
	}
	w.items++
	_, err := w.w.Write(out)
	return err
}

// Close writes what follows the last file; errs are the files that could
// not be read (the json format lists them).
func (w *Writer) Close(errs []*FileError) error {
	if w.format != "json" {
		return nil
	}
	var b []byte
	if w.items == 0 {
		b = fmt.Appendf(b, `{"version":1,%q:[`, w.key)
	} else {
		b = append(b, '\n')
	}
	b = append(b, `],"errors":[`...)
	for i, e := range errs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSON(b, jsonError{File: e.Path, Message: e.Err.Error()})
	}
	b = append(b, "]}\n"...)
	_, err := w.w.Write(b)
	return err
}

// appendJSON appends the JSON encoding of v, without a newline and without
// escaping "<", ">" and "&" (URIs are full of them). Strings are UTF-8: an
// invalid byte in a file name or URI is written as U+FFFD, while offsets
// still count the bytes of the file.
func appendJSON(dst []byte, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // the values written here always encode
	}
	return append(dst, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// Printable returns s, or s Go-quoted when it holds invalid UTF-8 or a
// character that is not printable (controls, format characters such as
// bidirectional overrides or a byte order mark), which must never reach a
// terminal as they are.
func Printable(s string) string {
	if !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	for _, r := range s {
		if r != ' ' && !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}

// DisplayPath returns a file path for messages and text output: quoted
// when it holds characters a terminal would interpret.
func DisplayPath(path string) string { return Printable(path) }
