package linttest

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/urilint/urilint/extract"
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
//
// reStructuredText and AsciiDoc have comments of their own, in which an
// HTML comment would be text: there the expectation is a comment line of
// the format, alone on its line, about the line N above or below it (an
// offset is required, since the comment's own line holds nothing else):
//
//	.. want-2 RULE@COL[-END] "regexp" ...
//	// want-1 RULE@COL[-END] "regexp" ...
//
// In reStructuredText the comment may be indented (inside a list item or
// a directive's content) and, as every comment there, follows a blank
// line; in AsciiDoc "//" starts the line. It must stand where the format
// reads a comment (not in a literal block). Blank keeps its ".." or "//"
// and blanks the rest of the line: the comment stays an (empty) comment,
// so that the document's blocks are those written. In these formats an
// HTML comment holding "want" is an error of the document.
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
	// wantLine is a want comment line of reStructuredText or AsciiDoc:
	// its marker (group 1, which Blank keeps), its offset and its items.
	wantLine = map[extract.Format]*regexp.Regexp{
		extract.FormatReStructuredText: regexp.MustCompile(`^([ \t]*\.\.)[ \t]+want([+-]\d+)?(?:[ \t]+(.*?))?[ \t]*\r?$`),
		extract.FormatAsciiDoc:         regexp.MustCompile(`^(//)[ \t]*want([+-]\d+)?(?:[ \t]+(.*?))?[ \t]*\r?$`),
	}
	wantItem = regexp.MustCompile(`^\s*([a-z0-9-]+)@(\d+)(?:-(\d+))?\s+("(?:[^"\\]|\\.)*")`)
)

// ParseWants reads the expectations written in the document src, of
// format f.
func ParseWants(f extract.Format, src []byte) ([]*Want, error) {
	var wants []*Want
	lineRE := wantLine[f]
	for i, line := range bytes.Split(src, []byte("\n")) {
		if lineRE != nil {
			if wantComment.Match(line) {
				return nil, fmt.Errorf("line %d: an HTML comment is text in %s: write the expectation as a comment line of its own, %s", i+1, f.Title(), lineExample(f))
			}
			m := lineRE.FindSubmatch(line)
			if m == nil {
				continue
			}
			if len(m[2]) == 0 {
				return nil, fmt.Errorf("line %d: a want comment line of %s is about another line: give its offset, %s", i+1, f.Title(), lineExample(f))
			}
			ws, err := parseItems(i+1, m[2], string(m[3]))
			if err != nil {
				return nil, err
			}
			wants = append(wants, ws...)
			continue
		}
		for _, m := range wantComment.FindAllSubmatch(line, -1) {
			ws, err := parseItems(i+1, m[1], string(m[2]))
			if err != nil {
				return nil, err
			}
			wants = append(wants, ws...)
		}
	}
	return wants, nil
}

// lineExample shows a want comment line of format f.
func lineExample(f extract.Format) string {
	if f == extract.FormatAsciiDoc {
		return `"// want-1 RULE@COL \"regexp\""`
	}
	return `".. want-2 RULE@COL \"regexp\""`
}

// parseItems reads the expectations of a want comment on line (1-based),
// with the offset written after "want" (or none) and the items after it.
func parseItems(line int, offset []byte, rest string) ([]*Want, error) {
	n := 0
	if len(offset) > 0 {
		n, _ = strconv.Atoi(string(offset))
	}
	if strings.TrimSpace(rest) == "" {
		return nil, fmt.Errorf("line %d: a want comment without an expectation", line)
	}
	var wants []*Want
	for strings.TrimSpace(rest) != "" {
		item := wantItem.FindStringSubmatch(rest)
		if item == nil {
			return nil, fmt.Errorf("line %d: cannot read expectation %q", line, rest)
		}
		w := &Want{Line: line + n, Rule: item[1]}
		w.Col, _ = strconv.Atoi(item[2])
		if item[3] != "" {
			w.End, _ = strconv.Atoi(item[3])
		}
		pattern := strings.ReplaceAll(item[4][1:len(item[4])-1], `\"`, `"`)
		var err error
		if w.Message, err = regexp.Compile(pattern); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		wants = append(wants, w)
		rest = rest[len(item[0]):]
	}
	return wants, nil
}

// Blank returns src, a document of format f, with its want comments
// replaced by spaces (in reStructuredText and AsciiDoc, all but their
// ".." or "//"), so that they are not linted and no offset moves.
func Blank(f extract.Format, src []byte) []byte {
	out := bytes.Clone(src)
	if lineRE := wantLine[f]; lineRE != nil {
		start := 0
		for _, line := range bytes.SplitAfter(src, []byte("\n")) {
			text := bytes.TrimSuffix(line, []byte("\n"))
			if m := lineRE.FindSubmatchIndex(text); m != nil {
				end := len(bytes.TrimSuffix(text, []byte("\r")))
				for i := m[3]; i < end; i++ {
					out[start+i] = ' '
				}
			}
			start += len(line)
		}
		return out
	}
	for _, m := range wantComment.FindAllIndex(src, -1) {
		for i := m[0]; i < m[1]; i++ {
			out[i] = ' '
		}
	}
	return out
}
