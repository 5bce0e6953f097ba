package lint

import (
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
)

// textCandidates writes one line per candidate: file:line:col: kind uri.
type textCandidates struct{ w io.Writer }

func (t *textCandidates) File(path string, cands []extract.Candidate) error {
	var b []byte
	for i := range cands {
		c := &cands[i]
		b = fmt.Appendf(b, "%s:%d:%d: %s %s\n", path, c.Start.Line, c.Start.Column, c.Kind, printable(c.URI))
	}
	_, err := t.w.Write(b)
	return err
}

func (t *textCandidates) Finish([]*FileError) error { return nil }

// printable returns s, or s quoted when it holds control characters or
// invalid UTF-8, which must never reach a terminal as they are.
func printable(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == 0x7f {
			return strconv.Quote(s)
		}
	}
	if !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	return s
}
