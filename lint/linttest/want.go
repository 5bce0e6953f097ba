package linttest

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Want is an expectation written in a test document, in a comment of its
// own:
//
//	<!-- want[+N] RULE@COL[-END] "regexp" ... -->
//
// The diagnostic is on the comment's line plus N (minus, with -N), by
// RULE, starting at character column COL (ending at END, exclusive, if
// given, on the same line), with a message matching the regexp between the
// quotes (where \" stands for a quote, and any other backslash belongs to
// the regexp). One comment may hold several expectations. The comment is
// HTML's and XML's, and plain text and Markdown take it as it is; it is
// blanked (see Blank) before the document is linted, so that it neither
// reports nor moves anything.
type Want struct {
	Line, Col, End int
	Rule           string
	Message        *regexp.Regexp
	matched        bool
}

func (w *Want) String() string {
	return fmt.Sprintf("%d:%d: %s matching %q", w.Line, w.Col, w.Rule, w.Message)
}

var (
	wantComment = regexp.MustCompile(`<!-- want([+-]\d+)? (.*?) -->`)
	wantItem    = regexp.MustCompile(`^\s*([a-z0-9-]+)@(\d+)(?:-(\d+))?\s+("(?:[^"\\]|\\.)*")`)
)

// ParseWants reads the expectations written in the document src.
func ParseWants(src []byte) ([]*Want, error) {
	var wants []*Want
	for i, line := range bytes.Split(src, []byte("\n")) {
		for _, m := range wantComment.FindAllSubmatch(line, -1) {
			offset := 0
			if len(m[1]) > 0 {
				offset, _ = strconv.Atoi(string(m[1]))
			}
			rest := string(m[2])
			for strings.TrimSpace(rest) != "" {
				item := wantItem.FindStringSubmatch(rest)
				if item == nil {
					return nil, fmt.Errorf("line %d: cannot read expectation %q", i+1, rest)
				}
				w := &Want{Line: i + 1 + offset, Rule: item[1]}
				w.Col, _ = strconv.Atoi(item[2])
				if item[3] != "" {
					w.End, _ = strconv.Atoi(item[3])
				}
				pattern := strings.ReplaceAll(item[4][1:len(item[4])-1], `\"`, `"`)
				var err error
				if w.Message, err = regexp.Compile(pattern); err != nil {
					return nil, fmt.Errorf("line %d: %w", i+1, err)
				}
				wants = append(wants, w)
				rest = rest[len(item[0]):]
			}
		}
	}
	return wants, nil
}

// Blank returns src with its want comments replaced by spaces, so that
// they are not linted and no offset moves.
func Blank(src []byte) []byte {
	out := bytes.Clone(src)
	for _, m := range wantComment.FindAllIndex(src, -1) {
		for i := m[0]; i < m[1]; i++ {
			out[i] = ' '
		}
	}
	return out
}
