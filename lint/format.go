package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/urilint/urilint/extract"
)

// Formats lists the output formats of urilint extract.
var Formats = []string{"text", "json", "jsonl"}

// CandidateWriter writes the output of urilint extract, one file at a time
// in the order the files are given.
type CandidateWriter interface {
	// File writes the candidates found in one file.
	File(path string, cands []extract.Candidate) error
	// Finish writes what follows the last file; errs are the files that
	// could not be read.
	Finish(errs []*FileError) error
}

// NewCandidateWriter returns a writer for one of Formats.
func NewCandidateWriter(format string, w io.Writer) (CandidateWriter, error) {
	switch format {
	case "text":
		return &textCandidates{w: w}, nil
	case "json":
		return &jsonCandidates{w: w}, nil
	case "jsonl":
		return &jsonlCandidates{w: w}, nil
	}
	return nil, fmt.Errorf("unknown format %q (want text, json or jsonl)", format)
}

// jsonCandidate is a candidate as the json and jsonl formats write it.
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
