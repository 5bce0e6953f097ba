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

// Formats lists the output formats of urilint extract.
var Formats = []string{"text", "json", "jsonl"}

// CandidateWriter writes the output of urilint extract. Append formats the
// candidates of one file and may run concurrently for different files;
// Write and Close are called in file order, from one goroutine.
type CandidateWriter struct {
	w      io.Writer
	format string
	items  int // items written so far
}

// NewCandidateWriter returns a writer of one of Formats to w.
func NewCandidateWriter(format string, w io.Writer) (*CandidateWriter, error) {
	switch format {
	case "text", "json", "jsonl":
		return &CandidateWriter{w: w, format: format}, nil
	}
	return nil, fmt.Errorf("unknown format %q (want text, json or jsonl)", format)
}

// Append appends to dst one candidate found in the file path.
func (cw *CandidateWriter) Append(dst []byte, path string, c *extract.Candidate) []byte {
	switch cw.format {
	case "json":
		dst = append(dst, ",\n"...) // Write drops the comma before the first item
		return appendJSON(dst, newJSONCandidate(path, c))
	case "jsonl":
		return append(appendJSON(dst, newJSONCandidate(path, c)), '\n')
	}
	return fmt.Appendf(dst, "%s:%d:%d: %s %s\n", DisplayPath(path), c.Start.Line, c.Start.Column, c.Kind, Printable(c.URI))
}

// Write writes the output Append produced for one file.
func (cw *CandidateWriter) Write(out []byte) error {
	if len(out) == 0 {
		return nil
	}
	if cw.format == "json" {
		if cw.items == 0 {
			out = out[1:]
			if _, err := io.WriteString(cw.w, `{"version":1,"candidates":[`); err != nil {
				return err
			}
		}
	}
	cw.items++
	_, err := cw.w.Write(out)
	return err
}

// Close writes what follows the last file; errs are the files that could
// not be read (the json format lists them).
func (cw *CandidateWriter) Close(errs []*FileError) error {
	if cw.format != "json" {
		return nil
	}
	var b []byte
	if cw.items == 0 {
		b = append(b, `{"version":1,"candidates":[`...)
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
	_, err := cw.w.Write(b)
	return err
}

// jsonCandidate is a candidate as the json and jsonl formats write it.
// Strings are UTF-8: an invalid byte in a file name or URI is written as
// U+FFFD, while offsets still count the bytes of the file.
type jsonCandidate struct {
	File      string          `json:"file"`
	URI       string          `json:"uri"`
	Raw       string          `json:"raw"`
	Kind      extract.Kind    `json:"kind"`
	Context   extract.Context `json:"context"`
	Attribute string          `json:"attribute,omitempty"`
	Start     extract.Pos     `json:"start"`
	End       extract.Pos     `json:"end"`
	// Equivalence is the RFC 8141 equivalence key of a valid URN.
	Equivalence string `json:"equivalence,omitempty"`
}

func newJSONCandidate(path string, c *extract.Candidate) jsonCandidate {
	j := jsonCandidate{
		File: path, URI: c.URI, Raw: c.Raw, Kind: c.Kind, Context: c.Context,
		Attribute: c.Attribute, Start: c.Start, End: c.End,
	}
	if c.Kind == extract.KindURN {
		if p := extract.Parse(c.URI, extract.AsURN, extract.RFC8141); p.Valid() {
			j.Equivalence = p.EquivalenceKey()
		}
	}
	return j
}

// jsonError is a file that could not be read, in the json format.
type jsonError struct {
	File    string `json:"file"`
	Message string `json:"message"`
}

// appendJSON appends the JSON encoding of v, without a newline and without
// escaping "<", ">" and "&" (URIs are full of them).
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
