package lint

import (
	"io"

	"github.com/urilint/urilint/extract"
)

// jsonCandidates writes one JSON object:
//
//	{"version":1,"candidates":[...],"errors":[{"file","message"}]}
//
// It streams the candidates as the files come, so memory does not grow
// with the size of the output.
type jsonCandidates struct {
	w       io.Writer
	started bool
	n       int
}

func (j *jsonCandidates) File(path string, cands []extract.Candidate) error {
	var b []byte
	if !j.started {
		b = append(b, `{"version":1,"candidates":[`...)
		j.started = true
	}
	for i := range cands {
		if j.n > 0 {
			b = append(b, ',')
		}
		b = append(b, '\n')
		b = appendJSON(b, newJSONCandidate(path, &cands[i]))
		j.n++
	}
	_, err := j.w.Write(b)
	return err
}

func (j *jsonCandidates) Finish(errs []*FileError) error {
	var b []byte
	if !j.started {
		b = append(b, `{"version":1,"candidates":[`...)
	}
	if j.n > 0 {
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
	_, err := j.w.Write(b)
	return err
}
