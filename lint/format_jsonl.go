package lint

import (
	"io"

	"github.com/urilint/urilint/extract"
)

// jsonlCandidates writes one JSON object per candidate and line, the same
// objects as the json format. Files that could not be read appear only on
// standard error.
type jsonlCandidates struct{ w io.Writer }

func (j *jsonlCandidates) File(path string, cands []extract.Candidate) error {
	var b []byte
	for i := range cands {
		b = appendJSON(b, newJSONCandidate(path, &cands[i]))
		b = append(b, '\n')
	}
	_, err := j.w.Write(b)
	return err
}

func (j *jsonlCandidates) Finish([]*FileError) error { return nil }
