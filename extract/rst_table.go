package extract

import (
	"bytes"
	"unicode/utf8"
)

// Tables: grid tables (cells drawn with "+", "-", "=" and "|") and simple
// tables (columns under runs of "="). Each cell's text is read as a small
// document of its own (docutils parses it with a nested parse), joined
// from its lines: the borders, and the other cells on its lines, are never
// part of it.

// seg is a line of a cell: the bytes [start, end) of the frame.
type seg struct{ start, end int }

// cell reads the text of a table's cell, its lines segs, as a document of
// its own.
func (w *rstWalker) cell(f *rstFrame, segs []seg, depth int) {
	blank := true
	for _, s := range segs {
		for _, c := range f.src[s.start:s.end] {
			if !isSpaceByte(c) {
				blank = false
				break
			}
		}
	}
	if blank {
		return
	}
	// The cell's text: its lines joined with "\n", each of which maps to
	// nothing in the frame (it stands for the border and the other cells).
	m := &decoded{}
	prev := 0
	for k, s := range segs {
		if k > 0 {
			m.pieces = addPiece(m.pieces, piece{uri: len(m.text), src: prev, n: 1, decoded: true})
			m.text = append(m.text, '\n')
		}
		m.pieces = addPiece(m.pieces, piece{uri: len(m.text), src: s.start, n: s.end - s.start, srcN: s.end - s.start})
		m.text = append(m.text, f.src[s.start:s.end]...)
		prev = s.end
	}
	cf := &rstFrame{src: m.text, lines: splitRSTLines(m.text, 0, nil)}
	cf.emit = func(c *Candidate) {
		remap(c, m, f.src)
		f.emit(c)
	}
	cf.comment = func(s, e int) {
		s, e = m.span(s, e)
		f.comment(s, e)
	}
	if f.target != nil {
		cf.target = func(t Target) {
			t.Start, t.End = m.span(t.Start, t.End)
			f.target(t)
		}
	}
	base := -1
	for _, l := range cf.lines {
		if l.text < l.tend && (base < 0 || l.ind < base) {
			base = l.ind
		}
	}
	w.body(cf, rblock{lo: 0, hi: len(cf.lines), base: max(base, 0), first: -1}, depth+1)
}

// columns maps the columns of a line to byte offsets: at(col) is where the
// character at column col (counted from the table's left edge) starts, or
// the end of the line's text past it.
type columns struct {
	src   []byte
	start int // where the line starts
	end   int // where its text ends
	col0  int // the table's left edge, in columns of the line
	i, c  int // a position reached so far and its column (columns are asked in order)
}

func newColumns(src []byte, l *rline, col0 int) columns {
	return columns{src: src, start: l.start, end: l.tend, col0: col0, i: l.start, c: -col0}
}

// at returns the offset of the character at column col, or of the first
// one after it (a wide character covers two columns), or the end of the
// text. Columns must be asked in increasing order.
func (cs *columns) at(col int) int {
	for cs.i < cs.end && cs.c < col {
		c := cs.src[cs.i]
		switch {
		case c == '\t':
			abs := cs.c + cs.col0
			cs.c += 8 - abs%8
			cs.i++
		case c < utf8.RuneSelf:
			cs.c++
			cs.i++
		default:
			r, size := utf8.DecodeRune(cs.src[cs.i:cs.end])
			cs.c += runeWidth(r)
			cs.i += size
		}
	}
	return cs.i
}

// gridTable reads a grid table whose top border is line i, and returns the
// line after it. As docutils does, the table runs to a blank line; it ends
// early at a line that does not start with "+" or "|", then at its last
// border; a table whose lines are not all as wide as the top border and
// ending with "+" or "|" is malformed, and skipped (docutils shows it in an
// error message).
func (w *rstWalker) gridTable(f *rstFrame, b *rblock, i, depth int) int {
	src := f.src
	j := i
	for j < b.hi && !f.blank(b, j) && f.rel(b, j) == 0 {
		j++
	}
	end := j
	for k := i + 1; k < j; k++ {
		if c := src[f.textStart(b, k)]; c != '+' && c != '|' {
			end = k
			break
		}
	}
	last := end - 1
	text := func(k int) []byte { return src[f.textStart(b, k):f.lines[k].tend] }
	if !gridBorder(text(last)) {
		last = -1
		for k := end - 2; k >= i+2; k-- {
			if gridBorder(text(k)) {
				last = k
				break
			}
		}
		if last < 0 {
			return j
		}
	}
	width := displayWidth(text(i))
	for k := i; k <= last; k++ {
		t := text(k)
		if displayWidth(t) != width || t[len(t)-1] != '+' && t[len(t)-1] != '|' {
			return max(last+1, j)
		}
	}
	if w.commentsOnly && !tableMayHoldComment(f, b, i, last) {
		return last + 1
	}
	// The columns of the cells' borders: those of every "+" that joins a
	// horizontal border ("-" or "=" beside it).
	isCorner := make([]bool, width+1)
	for k := i; k <= last; k++ {
		t := text(k)
		col := 0
		for q := 0; q < len(t); {
			c := t[q]
			if c == '+' && (q > 0 && isBorderChar(t[q-1]) || q+1 < len(t) && isBorderChar(t[q+1])) && col <= width {
				isCorner[col] = true
			}
			if c >= utf8.RuneSelf {
				r, size := utf8.DecodeRune(t[q:])
				col += runeWidth(r)
				q += size
			} else {
				col++
				q++
			}
		}
	}
	isCorner[0], isCorner[width-1] = true, true
	var corners []int
	for c, ok := range isCorner {
		if ok {
			corners = append(corners, c)
		}
	}
	// Each line's segments between the separators on it ("|" or "+" at a
	// corner's column) are borders or cells' lines; a cell's line continues
	// the cell above it when that one spans the same columns on the line
	// before.
	type open struct {
		right, line, cell int
	}
	openAt := map[int]open{}
	var cells [][]seg
	offs := make([]int, len(corners)) // where the character at each corner's column is on the line, or -1
	var seps []int                    // the indexes of the corners where a separator is
	for k := i + 1; k < last; k++ {
		q, end, col, ci := f.textStart(b, k), f.lines[k].tend, 0, 0
		for q < end && ci < len(corners) {
			for ci < len(corners) && corners[ci] < col {
				offs[ci] = -1 // inside a wide character
				ci++
			}
			if ci < len(corners) && corners[ci] == col {
				offs[ci] = q
				ci++
			}
			if c := src[q]; c < utf8.RuneSelf {
				col++
				q++
			} else {
				r, size := utf8.DecodeRune(src[q:end])
				col += runeWidth(r)
				q += size
			}
		}
		for ; ci < len(corners); ci++ {
			offs[ci] = -1
		}
		seps = seps[:0]
		for ci, o := range offs {
			if o >= 0 && (src[o] == '|' || src[o] == '+') {
				seps = append(seps, ci)
			}
		}
		for s := 0; s+1 < len(seps); s++ {
			l, r := corners[seps[s]], corners[seps[s+1]]
			lo, hi := offs[seps[s]]+1, offs[seps[s+1]]
			if allBorder(src[lo:hi]) && hi > lo {
				delete(openAt, l)
				continue
			}
			if o, ok := openAt[l]; ok && o.right == r && o.line == k-1 {
				cells[o.cell] = append(cells[o.cell], seg{lo, hi})
				openAt[l] = open{r, k, o.cell}
				continue
			}
			cells = append(cells, []seg{{lo, hi}})
			openAt[l] = open{r, k, len(cells) - 1}
		}
	}
	for _, c := range cells {
		w.cell(f, c, depth)
	}
	return last + 1
}

// tableMayHoldComment reports whether the lines i to last of a table may
// hold a comment (".."): when finding comments only, a table without one
// is skipped.
func tableMayHoldComment(f *rstFrame, b *rblock, i, last int) bool {
	for k := i; k <= last; k++ {
		for q := f.textStart(b, k); q+1 < f.lines[k].tend; q++ {
			if f.src[q] == '.' && f.src[q+1] == '.' {
				return true
			}
		}
	}
	return false
}

func isBorderChar(c byte) bool { return c == '-' || c == '=' || c == '+' }

// allBorder reports whether b is a horizontal border: "-" or "=" (and "+").
func allBorder(b []byte) bool {
	for _, c := range b {
		if c != '-' && c != '=' && c != '+' {
			return false
		}
	}
	return true
}

// lineColumns returns the column map of line k of b, columns counted from
// col0, the table's left edge.
func (f *rstFrame) lineColumns(b *rblock, k, col0 int) columns {
	l := f.lines[k]
	cs := newColumns(f.src, &l, col0)
	if k == b.lo && b.first >= 0 {
		// After a marker: the table's first character is at its left
		// edge.
		cs.i, cs.c = b.first, 0
	}
	return cs
}

// simpleTable reads a simple table whose top border is line i and returns
// the line after it. The table ends at its second border of "=" after the
// top, or at one followed by a blank line or the end; the columns are the
// top border's runs of "=" (the last one runs to the end of the line). A
// line whose first column is blank continues the row above; a line of "-"
// under a row joins its columns.
func (w *rstWalker) simpleTable(f *rstFrame, b *rblock, i, depth int) int {
	src := f.src
	text := func(k int) []byte { return src[f.textStart(b, k):f.lines[k].tend] }
	top := text(i)
	end := -1
	found := 0
	for k := i + 1; k < b.hi; k++ {
		if f.blank(b, k) || f.rel(b, k) != 0 || !simpleTableBorder(text(k)) {
			continue
		}
		if len(text(k)) != len(top) {
			return k + 1 // malformed: shown in an error message
		}
		found++
		if found == 2 || k == b.hi-1 || f.blank(b, k+1) {
			end = k
			break
		}
	}
	if end < 0 {
		return b.hi // no bottom border: malformed
	}
	if w.commentsOnly && !tableMayHoldComment(f, b, i, end) {
		return end + 1
	}
	col0 := f.col(b, i)
	cols := dashRuns(top, '=')
	// The rows, with the columns of each; a row with text in the margin
	// between two columns makes the table malformed.
	type row struct {
		from, to int
		spec     [][2]int
	}
	var rows []row
	from := -1 // the first line of the row being read
	end0 := end
	endRow := func(to int, spec [][2]int) bool {
		if from < 0 {
			return true
		}
		for k := from; k < to; k++ {
			cs := f.lineColumns(b, k, col0)
			for c := 0; c+1 < len(spec); c++ {
				lo, hi := cs.at(spec[c][1]), cs.at(spec[c+1][0])
				for _, ch := range src[lo:hi] {
					if !isSpaceByte(ch) {
						return false
					}
				}
			}
		}
		rows = append(rows, row{from, to, spec})
		from = -1
		return true
	}
	for k := i + 1; k <= end0; k++ {
		t := text(k)
		if k == end0 || f.rel(b, k) == 0 && len(t) > 0 && (simpleTableBorder(t) || spanLine(t)) {
			spec := cols
			if k != end0 && spanLine(t) {
				spec = dashRuns(t, '-')
				if len(spec) > 0 {
					spec[len(spec)-1][1] = cols[len(cols)-1][1]
				}
			}
			if !endRow(k, spec) {
				return end + 1 // malformed: shown in an error message
			}
			continue
		}
		cs := f.lineColumns(b, k, col0)
		lo, hi := cs.at(cols[0][0]), cs.at(cols[0][1])
		if len(bytes.TrimSpace(src[lo:hi])) > 0 {
			if !endRow(k, cols) {
				return end + 1
			}
			from = k
		}
	}
	for _, r := range rows {
		w.simpleRow(f, b, r.from, r.to, r.spec, col0, depth)
	}
	return end + 1
}

// simpleRow reads the cells of a simple table's row, the lines [from, to)
// of b, in the columns spec.
func (w *rstWalker) simpleRow(f *rstFrame, b *rblock, from, to int, spec [][2]int, col0, depth int) {
	cms := make([]columns, to-from)
	for k := from; k < to; k++ {
		cms[k-from] = f.lineColumns(b, k, col0)
	}
	segs := make([]seg, 0, to-from)
	for c, sp := range spec {
		segs = segs[:0]
		for k := from; k < to; k++ {
			cs := &cms[k-from]
			lo := cs.at(sp[0])
			hi := cs.end
			if c < len(spec)-1 {
				hi = cs.at(sp[1])
			}
			segs = append(segs, seg{lo, max(lo, hi)})
		}
		w.cell(f, segs, depth)
	}
}

// spanLine reports whether t is a simple table's column span underline:
// "-" then "-" and spaces.
func spanLine(t []byte) bool {
	if len(t) == 0 || t[0] != '-' {
		return false
	}
	for _, c := range t {
		if c != '-' && c != ' ' {
			return false
		}
	}
	return true
}

// dashRuns returns the columns [start, end) of the runs of c in t.
func dashRuns(t []byte, c byte) [][2]int {
	var runs [][2]int
	col := 0
	for q := 0; q < len(t); {
		r, size := rune(t[q]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRune(t[q:])
		}
		w := 1
		if r >= utf8.RuneSelf {
			w = runeWidth(r)
		}
		if t[q] == c {
			if len(runs) == 0 || runs[len(runs)-1][1] != col {
				runs = append(runs, [2]int{col, col})
			}
			runs[len(runs)-1][1] = col + w
		}
		col += w
		q += size
	}
	return runs
}
