package lint

import (
	"bytes"
	"encoding/binary"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
)

// directiveKind is what a suppression comment does.
type directiveKind uint8

const (
	disableNextLine directiveKind = iota + 1
	disableLine
	disableFile
	disableBlock
	enableBlock
)

var directiveKeywords = []struct {
	word string
	kind directiveKind
}{ // longest first: "disable" is a prefix of the others
	{"urilint-disable-next-line", disableNextLine},
	{"urilint-disable-line", disableLine},
	{"urilint-disable-file", disableFile},
	{"urilint-disable", disableBlock},
	{"urilint-enable", enableBlock},
}

// directive is one suppression comment.
type directive struct {
	kind       directiveKind
	word       string // the keyword, for messages
	start, end int    // the keyword's offsets
	// from and to are the offsets where the comment starts and ends, and
	// line and endLine their lines.
	from, to      int
	line, endLine int
	rules         []directiveRule // none: every rule
	used          bool            // a rule-less directive suppressed something
	// reported counts its unused-suppression reports; past
	// maxUnusedReports, more counts those left out and moreAt is where the
	// first of them is.
	reported, more, moreAt int
}

// directiveRule is a rule a directive names.
type directiveRule struct {
	name       string
	start, end int
	used       bool
}

// names reports whether the directive applies to rule, and the entry that
// names it (nil for a directive without rules).
func (d *directive) names(rule string) (bool, *directiveRule) {
	if len(d.rules) == 0 {
		return true, nil
	}
	for i := range d.rules {
		if d.rules[i].name == rule {
			return true, &d.rules[i]
		}
	}
	return false, nil
}

func (d *directive) use(r *directiveRule) {
	if r == nil {
		d.used = true
	} else {
		r.used = true
	}
}

// parseDirective reads the directive at the start of src[s:e] (after
// spaces), the text of a comment; ok is false when there is none.
func parseDirective(src []byte, s, e int) (d directive, ok bool) {
	for s < e && grammar.IsSpace(src[s]) {
		s++
	}
	text := src[s:e]
	for _, k := range directiveKeywords {
		if bytes.HasPrefix(text, []byte(k.word)) {
			d = directive{kind: k.kind, word: k.word, start: s, end: s + len(k.word)}
			break
		}
	}
	if d.kind == 0 || d.end < e && !grammar.IsSpace(src[d.end]) {
		return directive{}, false
	}
	// The rules: up to the reason (" --") or the end.
	i := d.end
	for i < e {
		for i < e && (grammar.IsSpace(src[i]) || src[i] == ',') {
			i++
		}
		if i+1 < e && src[i] == '-' && src[i+1] == '-' || i >= e {
			break
		}
		j := i
		for j < e && !grammar.IsSpace(src[j]) && src[j] != ',' {
			j++
		}
		// A comment over several lines of a Markdown block quote holds
		// the quote's ">" markers.
		if strings.Trim(string(src[i:j]), ">") != "" {
			d.rules = append(d.rules, directiveRule{name: string(src[i:j]), start: i, end: j})
		}
		i = j
	}
	return d, true
}

// commentDirectives returns the directives of comments, in order.
func commentDirectives(src []byte, comments []extract.Comment) []directive {
	// The comments that may hold a directive are counted first: growing
	// the slice of directives, which hold pointers, cost four times the
	// rest on a line of 100,000 of them.
	n := 0
	for _, c := range comments {
		if bytes.Contains(src[c.TextStart:c.TextEnd], []byte("urilint-")) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]directive, 0, n)
	for _, c := range comments {
		if c.TextStart >= c.TextEnd {
			continue
		}
		if d, ok := parseDirective(src, c.TextStart, c.TextEnd); ok {
			d.from, d.to = c.Start, c.End
			out = append(out, d)
		}
	}
	return out
}

// CheckableInPieces reports whether a document can be checked in pieces
// (the windows of a large plain-text file, the parts of a Markdown document
// in the language server) with the same result as checked whole: nothing
// in it reaches across the document. A suppression comment ("urilint-")
// does, and so does the note of RFC 8792 line folding, after which the
// scanner rejoins folded lines, and a Vim help file's modeline setting
// (extract.VimHelpMark), which tells its examples from its prose. A piece of a document that is not checkable
// in pieces may be; a document is, when each of its stretches, overlapping
// by len(extract.FoldingNote)-1 bytes, is.
func CheckableInPieces(src []byte) bool {
	if hasDirective(src) || bytes.Contains(src, []byte(extract.FoldingNote)) {
		return false
	}
	// A Vim help file's modeline, whose code is known once it is read.
	return !bytes.Contains(src, []byte(extract.VimHelpMark))
}

// hasDirective reports whether the plain text src holds "urilint-", which
// every directive starts with. It looks for the "-" (a byte much rarer in
// text than any letter of "urilint", so the search runs mostly inside
// bytes.IndexByte) and skips runs of "-", which tables are made of.
func hasDirective(src []byte) bool {
	const mark = "urilint-"
	want := binary.LittleEndian.Uint64([]byte(mark))
	for i := len(mark) - 1; i < len(src); {
		k := bytes.IndexByte(src[i:], '-')
		if k < 0 {
			return false
		}
		i += k
		if binary.LittleEndian.Uint64(src[i-len(mark)+1:]) == want {
			return true
		}
		for i++; i < len(src) && src[i] == '-'; i++ {
		}
	}
	return false
}
