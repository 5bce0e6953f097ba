package extract

import (
	"bytes"
	"math"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Contexts the reStructuredText walker adds to the scanner's. Each is a
// link destination with boundaries the markup gives (Context.IsLink).
const (
	// ContextRSTLink is the URI embedded in a phrase reference,
	// `text <URI>`_ or `<URI>`__, or an external entry of a toctree.
	ContextRSTLink Context = "rst-link"
	// ContextRSTTarget is the link block of a hyperlink target, .. _name:
	// URI, .. __: URI or __ URI, its lines joined as docutils joins them.
	ContextRSTTarget Context = "rst-target"
	// ContextRSTImage is the URI argument of an image or figure directive
	// (in a substitution definition too).
	ContextRSTImage Context = "rst-image"
	// ContextRSTDirective is a directive option whose value is a URI: the
	// :target: of an image or figure, the :url: of raw and csv-table, and
	// on a directive the walker does not know, an option named target,
	// url, uri, href, link or src holding an absolute URI.
	// Candidate.Attribute names the option.
	ContextRSTDirective Context = "rst-directive"
)

// ReStructuredText calls yield with each URI and URN candidate of a
// reStructuredText document, in document order, with byte-exact positions.
// The walker is a lexer of its own that follows docutils' parser
// (docutils/parsers/rst/states.py) and Sphinx's directives:
//   - running text (paragraphs, section titles, list items, field lists,
//     definition lists, line blocks, block quotes, footnotes, citations,
//     the cells of grid and simple tables, the content of directives that
//     hold body elements) is cut at inline markup by docutils' recognition
//     rules, escapes are decoded, and the text is handed to the plain-text
//     scanner; a substitution reference (|name|) reads as a placeholder;
//   - embedded URIs (`text <URI>`_), hyperlink targets (.. _name: URI,
//     whose link block is joined across lines with its whitespace removed,
//     as docutils joins it), image and figure URIs and URI options of
//     directives get contexts of their own (rst-link, rst-target,
//     rst-image, rst-directive), relative references included;
//   - code is skipped: inline literals, code roles, literal blocks,
//     doctest blocks, and the content of code, raw and math directives,
//     unless opts.IncludeCodeSpans or opts.IncludeCodeBlocks;
//   - comments are not read: opts.Comment is called with each comment,
//     whose text is what follows ".." and its spaces, through its indented
//     lines, all of them before the first candidate;
//   - with opts.Target, the targets of the document go to it, in document
//     order, before the first candidate: its section titles (their text
//     as docutils reads it, their level by the order of the adornment
//     styles) and the names docutils makes ids of (TargetLabel: hyperlink
//     targets, inline targets, directives' :name: options, labelled
//     footnotes and citations; TargetLink: the names of targets that link
//     elsewhere).
//
// docs/extraction.md says what is read and skipped, and why.
func ReStructuredText(doc []byte, opts Options, yield func(*Candidate)) {
	w := newRSTWalker(doc, opts, false)
	if opts.Comment == nil {
		// Without comments to report before the first candidate (the
		// engine reads them in a pass of their own, RSTComments), the
		// candidates and targets of each block of the document are handed
		// over once it is read: memory holds a block's, not the
		// document's (a list of 38 MB of URIs held 14 times its size).
		w.stream = yield
		w.walk()
		w.drain(math.MaxInt)
		w.release()
		return
	}
	w.walk()
	if opts.Target != nil {
		slices.SortStableFunc(w.targets, func(a, b Target) int { return a.Start - b.Start })
		for _, t := range w.targets {
			opts.Target(t)
		}
	}
	if opts.Comment != nil {
		slices.SortStableFunc(w.comments, func(a, b [2]int) int { return a[0] - b[0] })
		for _, c := range w.comments {
			opts.Comment(rstComment(doc, c[0], c[1]))
		}
	}
	slices.SortStableFunc(w.out, func(a, b Candidate) int { return a.Start - b.Start })
	for i := range w.out {
		yield(&w.out[i])
	}
	w.release()
}

// RSTComments calls yield with the span of each comment's text in the
// reStructuredText document doc, in document order: the spans
// ReStructuredText hands to Options.Comment, found without reading the
// text for URIs.
func RSTComments(doc []byte, yield func(Comment)) {
	w := newRSTWalker(doc, Options{}, true)
	w.walk()
	slices.SortStableFunc(w.comments, func(a, b [2]int) int { return a[0] - b[0] })
	for _, c := range w.comments {
		yield(rstComment(doc, c[0], c[1]))
	}
	w.release()
}

// rstComment returns the comment whose text is doc[start:end]: from the
// start of the line of its "..", through the blank lines after it. docutils
// wants a blank line after a comment that a paragraph follows, so the line
// a comment's "disable-next-line" means is the first that is not blank.
func rstComment(doc []byte, start, end int) Comment {
	c := Comment{Start: start, End: end, TextStart: start, TextEnd: end}
	for c.Start > 0 && doc[c.Start-1] != '\n' && doc[c.Start-1] != '\r' {
		c.Start--
	}
	c.End = lineEnd(doc, end)
	for next := nextLine(doc, c.End); next < len(doc); next = nextLine(doc, next) {
		e := lineEnd(doc, next)
		if len(bytes.TrimSpace(doc[next:e])) != 0 {
			break
		}
		c.End = nextLine(doc, e) // the blank line, its line break included
	}
	return c
}

// maxRSTDepth is how deep the walker follows nested constructs (list
// items in list items, directives in block quotes...); past it, the text
// of a construct is read as running text. No document nests so deep, and
// the bound keeps the time linear whatever the input.
const maxRSTDepth = 64

// rstWalker finds the candidates of a reStructuredText document.
type rstWalker struct {
	doc          []byte
	opts         Options
	commentsOnly bool // find the comments only (RSTComments)

	out      []Candidate
	comments [][2]int
	buf      Candidate // filled in for each candidate before it is copied to out

	// stream, when set, takes the candidates in order as soon as each
	// block of the document's own text is read (see drain); the targets
	// go to Options.Target then too.
	stream func(*Candidate)

	// Roles defined by the role directive, and the default role (the role
	// of `text` with none given), as the document sets them.
	roles       map[string]roleKind
	defaultRole roleKind

	inl   rstInline // reused from one text block to the next
	lines []rline   // the document's lines (cells have their own)

	// With Options.Target: the targets found (in the order found, sorted
	// at the end), and the adornment styles of section titles, in the
	// order met (a title's level is its style's place, from 1).
	targets []Target
	styles  [][2]byte
}

var rstOutPool = sync.Pool{New: func() any { return new([]Candidate) }}

func newRSTWalker(doc []byte, opts Options, commentsOnly bool) *rstWalker {
	w := &rstWalker{doc: doc, opts: opts, commentsOnly: commentsOnly, defaultRole: roleProse}
	w.out = (*rstOutPool.Get().(*[]Candidate))[:0]
	return w
}

// drain hands the candidates and targets found that start before bound
// over, in order (stream, Options.Target), and keeps the others: a block
// of the document's text is read whole before the next, so that nothing
// found later starts before it (a table's cells are read column by
// column, in a frame of their own, and drained with the table).
func (w *rstWalker) drain(bound int) {
	w.out = handOver(w.out, bound, w.stream)
	if w.opts.Target == nil || len(w.targets) == 0 {
		return
	}
	slices.SortStableFunc(w.targets, func(a, b Target) int { return a.Start - b.Start })
	k := 0
	for k < len(w.targets) && w.targets[k].Start < bound {
		w.opts.Target(w.targets[k])
		k++
	}
	w.targets = append(w.targets[:0], w.targets[k:]...)
}

// drainBefore drains what starts before line i of the frame f, when f is
// the document's own text and the walker streams (see drain).
func (w *rstWalker) drainBefore(f *rstFrame, i int) {
	if w.stream == nil || !f.top {
		return
	}
	bound := len(w.doc)
	if i < len(f.lines) {
		bound = f.lines[i].start
	}
	w.drain(bound)
}

// release returns the candidate slice to the pool.
func (w *rstWalker) release() {
	if cap(w.out) > maxPooledCandidates {
		return
	}
	clear(w.out)
	s := w.out[:0]
	rstOutPool.Put(&s)
}

func (w *rstWalker) walk() {
	start := 0
	if bytes.HasPrefix(w.doc, bom) {
		start = len(bom)
	}
	w.lines = splitRSTLines(w.doc, start, w.lines[:0])
	f := &rstFrame{src: w.doc, lines: w.lines, top: true}
	f.emit = func(c *Candidate) { w.out = append(w.out, *c) }
	f.comment = func(s, e int) { w.comments = append(w.comments, [2]int{s, e}) }
	if w.opts.Target != nil && !w.commentsOnly {
		f.target = func(t Target) { w.targets = append(w.targets, t) }
	}
	w.body(f, rblock{lo: 0, hi: len(f.lines), first: -1}, 0)
}

// rstFrame is a text the walker parses as a document: the document
// itself, or the text of a table's cell, joined from its lines.
type rstFrame struct {
	src   []byte
	lines []rline
	top   bool // the document itself: section titles may appear at its top level

	// emit takes a candidate whose offsets, pieces and raw text are in src
	// and passes it on, moved onto the document.
	emit func(*Candidate)
	// comment takes the span of a comment's text in src.
	comment func(s, e int)
	// target, when the targets are asked for (else nil), takes a target
	// whose offsets are in src and passes it on, moved onto the document.
	target func(Target)
}

// rline is a line of a frame: where it starts, its text (from the first
// byte that is not a space or a tab), where its text ends (trailing
// whitespace left out), where the next line starts, and the column of its
// text (tabs stop every 8 columns, as docutils expands them).
type rline struct {
	start, text, tend, next int
	ind                     int
}

// splitRSTLines splits src, from offset start, into lines: a line ends at
// "\n", "\r\n" or "\r".
func splitRSTLines(src []byte, start int, lines []rline) []rline {
	for i := start; i < len(src); {
		l := rline{start: i}
		col := 0
		j := i
	indent:
		for ; j < len(src); j++ {
			switch src[j] {
			case ' ', '\v', '\f':
				col++
			case '\t':
				col += 8 - col%8
			default:
				break indent
			}
		}
		l.text, l.ind = j, col
		e := len(src)
		if k := bytes.IndexAny(src[j:], "\r\n"); k >= 0 {
			e = j + k
		}
		l.tend = e
		for l.tend > l.text && isRSTSpace(src[l.tend-1]) {
			l.tend--
		}
		l.next = e
		if e < len(src) {
			l.next++
			if src[e] == '\r' && e+1 < len(src) && src[e+1] == '\n' {
				l.next++
			}
		}
		lines = append(lines, l)
		i = l.next
	}
	return lines
}

// isRSTSpace reports whether c is whitespace docutils strips from the end
// of a line (or expands to spaces in its indentation).
func isRSTSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// rblock is a run of lines parsed as body elements: the lines [lo, hi) of
// a frame, with base columns of indentation removed (docutils' nested
// parse of an indented block). When a marker (a bullet, a field name,
// "..") starts the first line, first is where the text after it starts;
// that text is at the block's own indentation.
type rblock struct {
	lo, hi int
	base   int
	first  int // -1: the first line's text is its own
}

func (f *rstFrame) textStart(b *rblock, i int) int {
	if i == b.lo && b.first >= 0 {
		return b.first
	}
	return f.lines[i].text
}

func (f *rstFrame) blank(b *rblock, i int) bool { return f.textStart(b, i) >= f.lines[i].tend }

// col returns the column where the text of line i starts in the block:
// the block's base for a first line after a marker.
func (f *rstFrame) col(b *rblock, i int) int {
	if i == b.lo && b.first >= 0 {
		return b.base
	}
	return f.lines[i].ind
}

func (f *rstFrame) rel(b *rblock, i int) int { return f.col(b, i) - b.base }

// indented returns the end of the block of lines from `from` that are blank
// or indented past the block (docutils' get_indented), trailing blank lines
// left out, and the least indentation of its lines (-1 when all are blank).
// With untilBlank, the block ends at the first blank line.
func (f *rstFrame) indented(b *rblock, from int, untilBlank bool) (int, int) {
	j, base := from, -1
	for j < b.hi {
		if f.blank(b, j) {
			if untilBlank {
				break
			}
			j++
			continue
		}
		if f.rel(b, j) <= 0 {
			break
		}
		if c := f.col(b, j); base < 0 || c < base {
			base = c
		}
		j++
	}
	for j > from && f.blank(b, j-1) {
		j--
	}
	return j, base
}

// knownIndented returns the end of the block of lines after `from` that are
// blank or indented by at least col columns (docutils' get_known_indented),
// trailing blank lines left out.
func (f *rstFrame) knownIndented(b *rblock, from, col int) int {
	j := from + 1
	for j < b.hi && (f.blank(b, j) || f.col(b, j) >= col) {
		j++
	}
	for j > from+1 && f.blank(b, j-1) {
		j--
	}
	return j
}

// firstKnown returns the block of a construct whose text starts at first
// on line i and goes on in the lines after it that are blank or indented
// (docutils' get_first_known_indented).
func (f *rstFrame) firstKnown(b *rblock, i, first int, untilBlank bool) rblock {
	j, base := f.indented(b, i+1, untilBlank)
	if base < 0 {
		base = f.col(b, i)
	}
	return rblock{lo: i, hi: j, base: base, first: first}
}

// body parses the lines of b as body elements.
func (w *rstWalker) body(f *rstFrame, b rblock, depth int) {
	if depth > maxRSTDepth {
		w.flat(f, &b)
		return
	}
	for i := b.lo; i < b.hi; {
		if f.blank(&b, i) {
			i++
			continue
		}
		if f.rel(&b, i) > 0 {
			// A block quote (its attribution is a paragraph of its own).
			j, base := f.indented(&b, i, false)
			w.body(f, rblock{lo: i, hi: j, base: base, first: -1}, depth+1)
			i = j
			w.drainBefore(f, i)
			continue
		}
		i = w.construct(f, &b, i, depth)
		w.drainBefore(f, i)
	}
}

// flat reads the text of b as running text, paragraph by paragraph: past
// maxRSTDepth.
func (w *rstWalker) flat(f *rstFrame, b *rblock) {
	for i := b.lo; i < b.hi; {
		if f.blank(b, i) {
			i++
			continue
		}
		j := i + 1
		for j < b.hi && !f.blank(b, j) {
			j++
		}
		w.text(f, f.textStart(b, i), f.lines[j-1].tend)
		i = j
	}
}

// construct parses the body element whose first line is line i (not
// blank, at the block's indentation), in the order docutils tries them
// (states.py, Body.initial_transitions), and returns the line after it.
func (w *rstWalker) construct(f *rstFrame, b *rblock, i, depth int) int {
	src, l := f.src, &f.lines[i]
	t := f.textStart(b, i)
	c := src[t]
	if n := bulletAt(src, t, l.tend); n > 0 {
		return w.listItem(f, b, i, t, n, depth)
	}
	if n := w.enumeratorAt(f, b, i, t); n > 0 {
		return w.listItem(f, b, i, t, n, depth)
	}
	if c == ':' {
		if nameEnd, bodyStart, ok := fieldMarker(src, t, l.tend); ok {
			w.text(f, t+1, nameEnd)
			fb := f.firstKnown(b, i, bodyStart, false)
			w.body(f, fb, depth+1)
			return max(fb.hi, i+1)
		}
	}
	if c == '-' || c == '+' || c == '/' {
		if desc, ok := optionMarker(src, t, l.tend); ok {
			fb := f.firstKnown(b, i, desc, false)
			if desc < l.tend || fb.hi > i+1 {
				w.body(f, fb, depth+1)
				return fb.hi
			}
		}
	}
	switch {
	case c == '>' && bytes.HasPrefix(src[t:l.tend], []byte(">>>")) && (t+3 == l.tend || src[t+3] == ' ' || src[t+3] == '\t'):
		// A doctest block, up to a blank line.
		j := i + 1
		for j < b.hi && !f.blank(b, j) {
			j++
		}
		w.codeBlock(f, t, f.lines[j-1].tend)
		return j
	case c == '|' && (t+1 == l.tend || src[t+1] == ' ' || src[t+1] == '\t'):
		return w.lineBlock(f, b, i)
	case c == '+' && gridBorder(src[t:l.tend]):
		return w.gridTable(f, b, i, depth)
	case c == '=' && simpleTableTop(src[t:l.tend]):
		return w.simpleTable(f, b, i, depth)
	case c == '.' && t+1 < l.tend && src[t+1] == '.' && (t+2 == l.tend || src[t+2] == ' ' || src[t+2] == '\t'):
		return w.explicit(f, b, i, depth)
	case c == '_' && t+1 < l.tend && src[t+1] == '_' && (t+2 == l.tend || src[t+2] == ' ' || src[t+2] == '\t'):
		// An anonymous target: __ URI.
		tb := f.firstKnown(b, i, skipSpaces(src, t+2, l.tend), true)
		w.linkBlock(f, &tb, i, tb.first, false)
		return max(tb.hi, i+1)
	case adornment(src[t:l.tend]):
		return w.lineState(f, b, i, depth)
	}
	return w.textState(f, b, i, depth)
}

// skipSpaces returns the offset of the first byte from i that is not a
// space or a tab, or end.
func skipSpaces(src []byte, i, end int) int {
	for i < end && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// bulletAt returns the length of a bullet list marker at src[t] ("-", "+",
// "*", "•", "‣", "⁃" followed by spaces or the end of the line), or 0.
func bulletAt(src []byte, t, end int) int {
	n := 0
	switch c := src[t]; {
	case c == '-' || c == '+' || c == '*':
		n = 1
	case c == 0xe2 && t+2 < end && (src[t+1] == 0x80 && (src[t+2] == 0xa2 || src[t+2] == 0xa3) || src[t+1] == 0x81 && src[t+2] == 0x83):
		n = 3
	default:
		return 0
	}
	if t+n < end && src[t+n] != ' ' && src[t+n] != '\t' {
		return 0
	}
	return n
}

// listItem parses a bullet or an enumerated list's item whose marker of n
// bytes starts at src[t] on line i: its text starts after the marker's
// spaces and goes on in the lines indented at least as far (docutils'
// get_known_indented), or, when the marker is alone on its line, in the
// indented lines below it.
func (w *rstWalker) listItem(f *rstFrame, b *rblock, i, t, n, depth int) int {
	src, l := f.src, &f.lines[i]
	text := skipSpaces(src, t+n, l.tend)
	if text == l.tend {
		// The marker alone: the item is the indented lines below it.
		ib := f.firstKnown(b, i, text, false)
		w.body(f, ib, depth+1)
		return max(ib.hi, i+1)
	}
	col := f.col(b, i) + f.width(b, i, t, text)
	j := f.knownIndented(b, i, col)
	w.body(f, rblock{lo: i, hi: j, base: col, first: text}, depth+1)
	return j
}

// width returns the number of columns of src[from:to] on line i of b, a
// marker and the spaces after it, with tabs expanded at their true
// columns.
func (f *rstFrame) width(b *rblock, i, from, to int) int {
	src := f.src
	if bytes.IndexByte(src[from:to], '\t') < 0 {
		return displayWidth(src[from:to])
	}
	// A tab stops at a multiple of 8 columns of the line as written.
	col := f.lines[i].ind
	if i == b.lo && b.first >= 0 {
		col = displayWidthCols(src[f.lines[i].text:from], f.lines[i].ind)
	}
	return displayWidthCols(src[from:to], col) - col
}

// displayWidth returns the columns src takes: two for an East Asian wide
// character, none for a combining mark, one for any other.
func displayWidth(src []byte) int { return displayWidthCols(src, 0) }

// displayWidthCols returns the column after src when it starts at col, tabs
// stopping every 8 columns.
func displayWidthCols(src []byte, col int) int {
	for i := 0; i < len(src); {
		c := src[i]
		if c < utf8.RuneSelf {
			if c == '\t' {
				col += 8 - col%8
			} else {
				col++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:])
		col += runeWidth(r)
		i += size
	}
	return col
}

// runeWidth is the columns of a non-ASCII character (see displayWidth).
func runeWidth(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		return 0
	case wideRune(r):
		return 2
	}
	return 1
}

// wideRune reports whether r is East Asian wide or fullwidth (the ranges of
// Unicode's EastAsianWidth.txt W and F, in outline).
func wideRune(r rune) bool {
	return r >= 0x1100 && r <= 0x115f || r >= 0x2e80 && r <= 0x303e || r >= 0x3041 && r <= 0x33ff ||
		r >= 0x3400 && r <= 0x4dbf || r >= 0x4e00 && r <= 0x9fff || r >= 0xa000 && r <= 0xa4cf ||
		r >= 0xac00 && r <= 0xd7a3 || r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f ||
		r >= 0xff00 && r <= 0xff60 || r >= 0xffe0 && r <= 0xffe6 || r >= 0x1f300 && r <= 0x1f64f ||
		r >= 0x1f900 && r <= 0x1f9ff || r >= 0x20000 && r <= 0x3fffd
}

// isAdornChar reports whether c may adorn a section title or make a
// transition: printable ASCII that is neither a letter nor a digit.
func isAdornChar(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// adornment reports whether the text of a line is one adornment character
// repeated (docutils' "line" pattern).
func adornment(text []byte) bool {
	if len(text) == 0 || !isAdornChar(text[0]) {
		return false
	}
	for _, c := range text[1:] {
		if c != text[0] {
			return false
		}
	}
	return true
}

// lineState parses what starts with an adornment line i: a transition, a
// section title with an overline, or (when the line is too short for
// either) a paragraph.
func (w *rstWalker) lineState(f *rstFrame, b *rblock, i, depth int) int {
	over := f.src[f.textStart(b, i):f.lines[i].tend]
	if !f.top || depth > 0 {
		// Where sections may not be, a short line is text and a longer one
		// an error.
		if string(over) == "::" || len(over) < 4 {
			return w.textState(f, b, i, depth)
		}
		return i + 1
	}
	next := i + 1
	if next >= b.hi || f.blank(b, next) {
		if len(over) < 4 {
			return w.textState(f, b, i, depth)
		}
		return next // a transition
	}
	if f.rel(b, next) == 0 && adornment(f.src[f.textStart(b, next):f.lines[next].tend]) {
		if len(over) < 4 {
			return w.textState(f, b, i, depth)
		}
		return next + 1 // an error: two adornment lines
	}
	under := next + 1
	ok := under < b.hi && !f.blank(b, under) && f.rel(b, under) == 0 &&
		bytes.Equal(f.src[f.textStart(b, under):f.lines[under].tend], over)
	if !ok {
		if len(over) < 4 {
			return w.textState(f, b, i, depth)
		}
		return min(under+1, b.hi) // an error, shown as a literal block
	}
	w.text(f, f.lines[next].text, f.lines[next].tend)
	w.heading(f, f.lines[next].text, f.lines[next].tend, over[0], f.src[f.textStart(b, under)])
	return under + 1
}

// textState parses what starts with a line of text: a section title (the
// next line is its underline), a definition list item (the next line is
// indented), or a paragraph, which may announce a literal block.
func (w *rstWalker) textState(f *rstFrame, b *rblock, i, depth int) int {
	src := f.src
	t := f.textStart(b, i)
	next := i + 1
	if next < b.hi && !f.blank(b, next) {
		switch {
		case f.rel(b, next) > 0:
			// A definition list item: the term (with its classifiers) and
			// the definition.
			w.text(f, t, f.lines[i].tend)
			j, base := f.indented(b, next, false)
			w.body(f, rblock{lo: next, hi: j, base: base, first: -1}, depth+1)
			return j
		case adornment(src[f.lines[next].text:f.lines[next].tend]):
			under := f.lines[next].tend - f.lines[next].text
			if displayWidth(src[t:f.lines[i].tend]) <= under || under >= 4 {
				if f.top && depth == 0 {
					w.text(f, t, f.lines[i].tend)
					w.heading(f, t, f.lines[i].tend, 0, src[f.lines[next].text])
				}
				// Elsewhere a title is an error, shown as a literal block.
				return next + 1
			}
		}
	}
	// A paragraph: up to a blank or an indented line.
	j := next
	for j < b.hi && !f.blank(b, j) && f.rel(b, j) == 0 {
		j++
	}
	end := f.lines[j-1].tend
	textEnd, literal := paragraphEnd(src, t, end)
	w.text(f, t, textEnd)
	if literal {
		return w.literalBlock(f, b, j)
	}
	return j
}

// heading reports the section title src[start:end] of f as a target, its
// adornment style an overline of the character over (0: none) and an
// underline of under: docutils gives a title's level by the order in
// which the document first uses each style.
func (w *rstWalker) heading(f *rstFrame, start, end int, over, under byte) {
	if f.target == nil || start >= end {
		return
	}
	style := [2]byte{over, under}
	level := slices.Index(w.styles, style) + 1
	if level == 0 {
		w.styles = append(w.styles, style)
		level = len(w.styles)
	}
	text := w.titleText(f, start, end)
	f.target(Target{Kind: TargetHeading, Text: text, TextWithAlt: text, Source: string(f.src[start:end]),
		Level: level, Start: start, End: end})
}

// label reports the name src[start:end] of f, as written, as a target of
// kind k (TargetLabel or TargetLink): its escapes removed and its runs of
// whitespace one space (docutils' normalize_name, without the lower case
// its make_id gives).
func (w *rstWalker) label(f *rstFrame, k TargetKind, start, end int) {
	if f.target == nil || start >= end {
		return
	}
	name := rstName(f.src[start:end])
	if name == "" {
		return
	}
	f.target(Target{Kind: k, ID: name, Start: start, End: end})
}

// rstName is a reference name as docutils reads it: escapes removed
// (an escaped whitespace character with its backslash), runs of
// whitespace one space, trimmed.
func rstName(b []byte) string {
	out := make([]byte, 0, len(b))
	space := false
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c == '\\' && i+1 < len(b) {
			i++
			if isSpaceByte(b[i]) {
				continue
			}
			c = b[i]
		} else if isSpaceByte(c) {
			space = len(out) > 0
			continue
		}
		if space {
			out = append(out, ' ')
			space = false
		}
		out = append(out, c)
	}
	return string(out)
}

// paragraphEnd returns where the text of the paragraph src[t:end] ends and
// whether it announces a literal block: it ends with "::" not escaped
// ("::" alone is no text, " ::" is removed, and "text::" shows one colon).
func paragraphEnd(src []byte, t, end int) (int, bool) {
	if end-t < 2 || src[end-1] != ':' || src[end-2] != ':' {
		return end, false
	}
	k := end - 2
	for k > t && src[k-1] == '\\' {
		k--
	}
	if (end-2-k)%2 == 1 {
		return end, false // "\::"
	}
	switch {
	case end-t == 2:
		return t, true
	case isRSTSpace(src[end-3]) || src[end-3] == '\n' || src[end-3] == '\r':
		k := end - 2
		for k > t && (isRSTSpace(src[k-1]) || src[k-1] == '\n' || src[k-1] == '\r') {
			k--
		}
		return k, true
	}
	return end - 1, true
}

// literalBlock reads the literal block after a paragraph that ends with
// "::", from line j: the indented lines after it, or else a quoted literal
// block (lines that all start with the same punctuation character, up to a
// blank line). It returns the line after the block.
func (w *rstWalker) literalBlock(f *rstFrame, b *rblock, j int) int {
	k, _ := f.indented(b, j, false)
	for j < k && f.blank(b, j) {
		j++
	}
	if j < k {
		w.codeBlock(f, f.lines[j].start, f.lines[k-1].tend)
		return k
	}
	for j < b.hi && f.blank(b, j) {
		j++
	}
	if j >= b.hi || f.rel(b, j) != 0 {
		return j
	}
	q := f.src[f.textStart(b, j)]
	if !isAdornChar(q) {
		return j // "Literal block expected; none found."
	}
	k = j
	for k < b.hi && !f.blank(b, k) && f.rel(b, k) == 0 && f.src[f.textStart(b, k)] == q {
		k++
	}
	w.codeBlock(f, f.textStart(b, j), f.lines[k-1].tend)
	return k
}

// lineBlock parses a line block: lines starting with "|", each with the
// indented lines after it, up to a blank line.
func (w *rstWalker) lineBlock(f *rstFrame, b *rblock, i int) int {
	src := f.src
	for i < b.hi && !f.blank(b, i) {
		t := f.textStart(b, i)
		if f.rel(b, i) != 0 || src[t] != '|' || t+1 < f.lines[i].tend && src[t+1] != ' ' && src[t+1] != '\t' {
			break
		}
		j := i + 1
		for j < b.hi && !f.blank(b, j) && f.rel(b, j) > 0 {
			j++
		}
		w.text(f, skipSpaces(src, t+1, f.lines[i].tend), f.lines[j-1].tend)
		i = j
	}
	return i
}

// codeBlock hands src[start:end] of f, a literal or doctest block or a
// code directive's content, to the scanner as code, with
// opts.IncludeCodeBlocks.
func (w *rstWalker) codeBlock(f *rstFrame, start, end int) {
	if !w.opts.IncludeCodeBlocks || w.commentsOnly || start >= end || !mayHoldURI(f.src[start:end]) {
		return
	}
	scanText(&w.buf, f.src[start:end], start, func(c *Candidate) {
		c.Context = ContextCodeBlock
		f.emit(c)
	})
}

// codeSpan hands src[start:end] of f, the text of an inline literal or of a
// code role, to the scanner as code, with opts.IncludeCodeSpans.
func (w *rstWalker) codeSpan(f *rstFrame, start, end int) {
	if !w.opts.IncludeCodeSpans || start >= end || !mayHoldURI(f.src[start:end]) {
		return
	}
	scanText(&w.buf, f.src[start:end], start, func(c *Candidate) {
		c.Context = ContextCodeSpan
		f.emit(c)
	})
}
