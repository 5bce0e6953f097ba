package extract

import (
	"bytes"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// MarkdownSplits returns offsets where a Markdown document can be cut into
// parts that the Markdown walker reads independently: the candidates of the
// parts, their offsets moved by where each part starts, are those of the
// whole document. The language server uses it to read again only the part
// that an edit touched.
//
// A cut is made only at the start of a line that follows a blank line and
// starts at column 0 with a character that is not whitespace: there no
// paragraph, list item content, block quote or indented code block goes on
// (a blank line ends the first and third, and the others need indentation
// or a marker on the line). Never inside front matter, a fenced code block
// (up to its closing fence, or the end), or an HTML block of CommonMark
// types 1 to 5 (<script>, <pre>, <style>, <textarea>, comments, processing
// instructions, declarations, CDATA), which run across blank lines to
// their end marker, nor from the first line that may open display math on
// (see firstMathOpener). Parts are at least minPart bytes, so that there are
// few. Link reference definitions are resolved within a part only; a
// reference left unresolved reads as text, where the scanner finds the same
// URIs (the tests compare the two readings over the corpus).
//
// A tight list has no blank line: a cut is made too at the start of a
// list item at column 0, where whatever comes before ends and the item
// starts the same: a bullet item with text ("- a", which interrupts even a
// paragraph), any item after a blank line, an item of the list of the line
// before ("- a" then "-", "1. a" then "2. b"), an ordered item numbered 1
// with text. Not an ordered item of another number after text ("2020. was
// a year" goes on a paragraph), not after a line starting with "<" since
// the last blank line (an HTML block of types 6 and 7 runs to a blank
// line; one of type 7 starts after any line but a paragraph's, a heading's
// too), nor at a thematic break ("- - -", "* * *"). A fence opened with
// spaces before it and closed at column 0 is read both ways (in a list
// item, that line opens a fence of its own; elsewhere it closes the
// first): a cut is made only where both readings allow it, until they
// stand at the same place again (at the end of the next fence with an
// info string, which opens a block in either reading), and beyond
// maxReadings readings at once no more cuts are made.
//
// The blocks are recognised as goldmark, which parses the parts, does:
// HTML blocks of type 4 start "<!" and an upper-case letter, and one of
// type 1 ends at any of "</script>", "</pre>", "</style>", "</textarea>".
func MarkdownSplits(doc []byte, minPart int) []int {
	var splits []int
	last := 0 // the last cut
	noCut := firstMathOpener(doc)
	blockStarts(doc, func(i int, _, first bool) {
		if !first && i-last >= minPart && i < noCut {
			splits = append(splits, i)
			last = i
		}
	})
	return splits
}

// blockStarts calls at with each offset where MarkdownSplits may cut doc
// (see there), whatever the size of the parts, in order, and with the
// first line after front matter (or the document's first: first is set)
// when it starts a block at column 0; afterBlank says that the line before
// is blank (or that there is none).
func blockStarts(doc []byte, at func(i int, afterBlank, first bool)) {
	start := 0
	if fm, ok := findFrontMatter(doc); ok {
		start = fm.end
	}
	// The readings of the document so far: one, but after a line that
	// only a parse reads (see splitState.step), until they meet again.
	readings := []splitState{{blank: true}} // the start of the document starts a block
	for i := start; i < len(doc); {
		line, next := lineAt(doc, i)
		afterBlank := readings[0].blank // the same in every reading
		cut := true
		for k, n := 0, len(readings); k < n; k++ {
			c, other, ok := readings[k].step(line)
			cut = cut && c
			if ok {
				readings = append(readings, other)
			}
		}
		if cut && (i > start || !readings[0].html) {
			at(i, afterBlank, i == start)
		}
		if len(readings) > 1 {
			readings = distinct(readings)
			if len(readings) > maxReadings {
				return // no more cuts
			}
		}
		i = next
	}
}

// maxReadings bounds the readings of a document MarkdownSplits follows at
// once: past it, it makes no more cuts.
const maxReadings = 4

// splitState is where one reading of a Markdown document stands, between
// two lines (see MarkdownSplits).
type splitState struct {
	blank    bool   // the previous line was blank
	para     bool   // the previous line is a paragraph's, which an HTML block of type 7 cannot interrupt
	fence    []byte // the fence of the fenced code block open, or nil
	indented bool   // the open fence has spaces before it
	fence0   byte   // the open fence's character
	htmlEnd  []byte // the end marker of the HTML block of types 1 to 5 being read, or nil
	item     byte   // the list marker of the previous line if it starts an item at column 0: "-", "*", "+", "." or ")"; else 0
	html     bool   // in an HTML block of CommonMark types 6 or 7, which runs to a blank line
}

// step reads the next line, and reports whether this reading allows a cut
// before it. A fence opened with spaces before it ("  ~~~") and closed by
// a line at column 0 ("~~~") may have been a list item's, which that line
// ends with the item, to open a fence of its own; or the line closes the
// fence. Which, only a parse tells: step then reads the line as closing
// the fence and returns, in other (ok set), the reading where it opens one.
func (s *splitState) step(line []byte) (cut bool, other splitState, ok bool) {
	marker := byte(0)
	opened := false
	inBlock := s.html || s.fence != nil || s.htmlEnd != nil // the line is that block's
	if !inBlock && htmlBlock67(line, !s.para) {
		s.html, opened = true, true
	}
	switch {
	case s.html:
		// Raw HTML up to a blank line: no fence, no list, no cut but
		// before it.
		cut = opened && s.blank && !isMDSpace(line[0])
	case s.fence != nil:
		if closesFence(line, s.fence) {
			if s.indented && len(line) > 0 && line[0] == s.fence0 {
				other = splitState{fence: openingFence(line), fence0: line[0]}
				ok = true
			}
			s.fence = nil
		}
	case s.htmlEnd != nil:
		if closesHTML(line, s.htmlEnd) {
			s.htmlEnd = nil
		}
	default:
		m, one, text := listMarker(line)
		if m != 0 && (s.blank || m == s.item || text && (one || m == '-' || m == '*' || m == '+')) {
			marker = m // the line starts a list item
		}
		cut = s.blank && len(line) > 0 && !isMDSpace(line[0]) || marker != 0
		if f := openingFence(line); f != nil {
			s.fence, s.indented, s.fence0 = f, line[0] == ' ', f[0]
		} else if end := htmlBlockEnd(line); end != nil && !closesHTML(line[bytes.IndexByte(line, '<')+1:], end) {
			s.htmlEnd = end
		}
	}
	wasPara := s.para
	s.blank = onlySpace(line)
	if s.blank {
		s.html = false
	}
	// A line of text starts or goes on with a paragraph; a heading, a
	// thematic break, a setext underline, a line of indented code or a
	// line of another block does not.
	s.para = !s.blank && !inBlock && !s.html && s.fence == nil && s.htmlEnd == nil && !atxHeading(line) &&
		!breakLine(line) && (!wasPara || !setextUnderline(line)) && (wasPara || indent(line) != nil)
	s.item = marker
	return cut, other, ok
}

// breakLine reports whether line is a thematic break of "-", "*" or "_".
func breakLine(line []byte) bool {
	return len(line) > 0 && (line[0] == '-' || line[0] == '*' || line[0] == '_') && thematicBreak(line, line[0])
}

// setextUnderline reports whether line, after a paragraph's, underlines
// it: up to three spaces, then "=" or "-" only, then spaces.
func setextUnderline(line []byte) bool {
	rest := indent(line)
	if len(rest) == 0 || rest[0] != '=' && rest[0] != '-' {
		return false
	}
	c, n := rest[0], 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	return onlySpace(rest[n:])
}

// atxHeading reports whether line is an ATX heading: up to three spaces,
// one to six "#", then a space, a tab or the line's end.
func atxHeading(line []byte) bool {
	rest := indent(line)
	n := 0
	for n < len(rest) && rest[n] == '#' {
		n++
	}
	return n >= 1 && n <= 6 && (n == len(rest) || rest[n] == ' ' || rest[n] == '\t' || rest[n] == '\r' || rest[n] == '\n')
}

// distinct returns the readings without those that stand where an earlier
// one does (which read the rest of the document the same).
func distinct(readings []splitState) []splitState {
	out := readings[:1]
	for _, r := range readings[1:] {
		if !slices.ContainsFunc(out, r.same) {
			out = append(out, r)
		}
	}
	return out
}

func (s splitState) same(o splitState) bool {
	return s.blank == o.blank && bytes.Equal(s.fence, o.fence) && s.indented == o.indented && s.fence0 == o.fence0 &&
		bytes.Equal(s.htmlEnd, o.htmlEnd) && (s.htmlEnd == nil) == (o.htmlEnd == nil) && s.item == o.item && s.html == o.html
}

// listMarker returns, for a line that would start a list item at column
// 0, its marker: "-", "*" or "+" for a bullet, "." or ")" for an ordered
// item (one to nine digits before it), whether the number is 1, and
// whether text follows the marker; and 0 for any other line, a thematic
// break among them. A marker is followed by a space or a tab, or ends the
// line.
func listMarker(line []byte) (marker byte, one, text bool) {
	k := 0
	switch c := byte(0); {
	case len(line) == 0:
		return 0, false, false
	case line[0] == '-' || line[0] == '*' || line[0] == '+':
		c = line[0]
		if c != '+' && thematicBreak(line, c) {
			return 0, false, false
		}
		marker, k = c, 1
	default:
		for k < len(line) && k < 10 && grammar.IsDigit(line[k]) {
			k++
		}
		if k == 0 || k > 9 || k >= len(line) || line[k] != '.' && line[k] != ')' {
			return 0, false, false
		}
		one = bytes.Equal(bytes.TrimLeft(line[:k], "0"), []byte("1"))
		marker, k = line[k], k+1
	}
	if k < len(line) && line[k] != ' ' && line[k] != '\t' && line[k] != '\r' && line[k] != '\n' {
		return 0, false, false
	}
	return marker, one, !onlySpace(line[k:])
}

// thematicBreak reports whether line, which starts with c, is a thematic
// break: three or more c and nothing else but spaces and tabs.
func thematicBreak(line []byte, c byte) bool {
	n := 0
	for _, b := range line {
		switch b {
		case c:
			n++
		case ' ', '\t', '\r', '\n':
		default:
			return false
		}
	}
	return n >= 3
}

// onlySpace reports whether b holds only spaces, tabs and line ends (as
// len(bytes.Trim(b, " \t\r\n")) == 0 does, without building a set).
func onlySpace(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

func isMDSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// indent returns the line without up to three leading spaces, or nil when
// it has more (an indented code block, or a container's content).
func indent(line []byte) []byte {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	if n > 3 {
		return nil
	}
	return line[n:]
}

// openingFence returns the fence that opens a fenced code block on line
// ("```" or "~~~", or longer), or nil.
func openingFence(line []byte) []byte {
	rest := indent(line)
	if len(rest) < 3 || rest[0] != '`' && rest[0] != '~' {
		return nil
	}
	n := 0
	for n < len(rest) && rest[n] == rest[0] {
		n++
	}
	if n < 3 || rest[0] == '`' && bytes.IndexByte(rest[n:], '`') >= 0 {
		return nil // a backtick fence's info string holds no backtick
	}
	return rest[:n]
}

// closesFence reports whether line closes the fenced code block opened by
// fence: the same character, at least as many, and nothing after.
func closesFence(line, fence []byte) bool {
	rest := indent(line)
	n := 0
	for n < len(rest) && rest[n] == fence[0] {
		n++
	}
	return n >= len(fence) && len(bytes.Trim(rest[n:], " \t\r")) == 0
}

// htmlBlock67 reports whether line starts an HTML block of CommonMark type
// 6 ("<" or "</" and the name of a block element: "<div>", "</p") or type
// 7 (a complete start or end tag of another element alone on the line,
// which does not interrupt a paragraph: only after a blank line). Both
// run to the next blank line, their lines raw HTML.
func htmlBlock67(line []byte, afterBlank bool) bool {
	rest := indent(line)
	if len(rest) < 2 || rest[0] != '<' {
		return false
	}
	k := 1
	if rest[k] == '/' {
		k++
		for k < len(rest) && rest[k] == ' ' { // "</ div>", as goldmark reads it
			k++
		}
	}
	if k >= len(rest) {
		return false
	}
	n := k
	for n < len(rest) && (grammar.IsAlnum(rest[n]) || rest[n] == '-') {
		n++
	}
	if n == k || !grammar.IsAlpha(rest[k]) {
		return false
	}
	name := string(bytes.ToLower(rest[k:n]))
	if slices.Contains(htmlBlockNames, name) {
		return n == len(rest) || rest[n] == ' ' || rest[n] == '\t' || rest[n] == '\r' || rest[n] == '\n' || rest[n] == '>' ||
			rest[n] == '/' && n+1 < len(rest) && rest[n+1] == '>'
	}
	switch name {
	case "script", "pre", "style", "textarea":
		return false // types 1 to 5 (see htmlBlockEnd)
	}
	return afterBlank && completeTag(rest, rest[1] == '/', n)
}

// completeTag reports whether line, which starts with a tag whose name ends
// at line[n] (an end tag when end is set), holds that tag complete and only
// whitespace after it: attributes as CommonMark's raw HTML writes them,
// then "/>" or ">".
func completeTag(line []byte, end bool, n int) bool {
	i := n
	space := func() bool {
		k := i
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		return i > k
	}
	for !end {
		if !space() {
			break
		}
		if i >= len(line) || !grammar.IsAlpha(line[i]) && line[i] != '_' && line[i] != ':' {
			break
		}
		for i < len(line) && (grammar.IsAlnum(line[i]) || strings.IndexByte("_.:-", line[i]) >= 0) {
			i++
		}
		save := i
		space()
		if i < len(line) && line[i] == '=' {
			i++
			space()
			if i >= len(line) {
				return false
			}
			switch q := line[i]; q {
			case '"', '\'':
				j := bytes.IndexByte(line[i+1:], q)
				if j < 0 {
					return false
				}
				i += j + 2
			default:
				k := i
				for i < len(line) && strings.IndexByte(" \t\r\n\"'=<>`", line[i]) < 0 {
					i++
				}
				if i == k {
					return false
				}
			}
		} else {
			i = save
		}
	}
	space()
	switch {
	case !end && i+1 < len(line) && line[i] == '/' && line[i+1] == '>':
		i += 2
	case i < len(line) && line[i] == '>':
		i++
	default:
		return false
	}
	return len(bytes.Trim(line[i:], " \t\r\n")) == 0
}

// htmlBlockNames are the element names that start an HTML block of
// CommonMark type 6 (CommonMark 0.31.2, section 4.6).
var htmlBlockNames = []string{
	"address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
	"colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
	"footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
	"html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
	"optgroup", "option", "p", "param", "search", "section", "summary", "table", "tbody", "td", "tfoot",
	"th", "thead", "title", "tr", "track", "ul",
}

// htmlType1End stands for the end of an HTML block of type 1: as goldmark
// reads it, any of "</script>", "</pre>", "</style>", "</textarea>".
var htmlType1End = []byte("</script|pre|style|textarea>")

// closesHTML reports whether line holds end, the end marker of an HTML
// block of types 1 to 5.
func closesHTML(line, end []byte) bool {
	if &end[0] != &htmlType1End[0] {
		return bytes.Contains(line, end) // no letters: "-->", "?>", "]]>", ">"
	}
	if !bytes.Contains(line, []byte("</")) { // which lower case neither makes nor unmakes
		return false
	}
	lower := bytes.ToLower(line)
	for _, tag := range []string{"</script>", "</pre>", "</style>", "</textarea>"} {
		if bytes.Contains(lower, []byte(tag)) {
			return true
		}
	}
	return false
}

// htmlBlockEnd returns, for a line that starts an HTML block of CommonMark
// types 1 to 5, the marker that ends the block (in lower case), or nil.
func htmlBlockEnd(line []byte) []byte {
	rest := indent(line)
	if len(rest) < 2 || rest[0] != '<' {
		return nil
	}
	lower := bytes.ToLower(rest[1:min(len(rest), 12)])
	for _, tag := range []string{"script", "pre", "style", "textarea"} {
		if bytes.HasPrefix(lower, []byte(tag)) {
			if k := len(tag); k == len(lower) || lower[k] == ' ' || lower[k] == '>' || lower[k] == '\t' || lower[k] == '\r' || lower[k] == '\n' ||
				lower[k] == '/' && k+1 < len(lower) && lower[k+1] == '>' {
				return htmlType1End
			}
		}
	}
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		return []byte("-->")
	case bytes.HasPrefix(rest, []byte("<?")):
		return []byte("?>")
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		return []byte("]]>")
	case len(rest) > 2 && rest[1] == '!' && rest[2] >= 'A' && rest[2] <= 'Z': // goldmark's: upper case only
		return []byte(">")
	}
	return nil
}
