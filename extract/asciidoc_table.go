package extract

import (
	"bytes"
	"strconv"
)

// Tables, read as Asciidoctor's Parser.parse_table and Table::ParserContext
// read them: PSV ("|===", cells start at "|", a cell spec before it),
// CSV (",===" or format=csv, quoted cells) and DSV (":===" or format=dsv,
// "\:" escapes). Each cell's text is read on its own, by its style (from
// its spec or its column's in cols=): AsciiDoc ("a") as a document, literal
// ("l") as code, monospace ("m") as code with links, the rest as text. The
// separators are never part of a cell's text.

// maxAdocColumns bounds the columns cols= may declare (a repeat count such
// as "100000*" would otherwise allocate as much).
const maxAdocColumns = 1 << 12

// adocCellSpec is what a cell spec says ("2+", ".3+", "3*", "a", "2+^.^m").
type adocCellSpec struct {
	colspan, rowspan, repeat int
	style                    byte
}

// adocTableState follows the rows and columns of a table, to give each
// cell its column's style.
type adocTableState struct {
	w        *adocWalker
	nested   int
	format   byte // 'p', 'c' or 'd'
	delim    []byte
	styles   []byte // the style of each column declared by cols= (0: none)
	colcount int    // -1 until the first row sets it
	columns  int    // columns made while colcount is -1
	header   bool   // the first row is a header row
	rows     int
	cells    int // cells in the current row
	visits   int
	rowspans []int // columns taken in the rows to come by cells spanning rows
	linenum  int
	specs    []adocCellSpec

	// The text of the cell being read: segments (a comment line inside a
	// cell splits it), the last one from segStart on.
	segs     [][2]int
	segStart int
	open     bool
	// For a CSV cell: where its text starts after spaces, and how many
	// quotes start it (-1: not known yet).
	quoteStart, quotes int
}

// table reads a table whose content is doc[cs:ce], with the block
// attributes a.
func (w *adocWalker) table(cs, ce int, a *adocAttrs, nested int) {
	doc := w.doc
	st := &adocTableState{w: w, nested: nested, format: 'p', delim: []byte("|"), colcount: -1, linenum: -1, quotes: -1}
	switch a.tip {
	case ",===":
		st.format, st.delim = 'c', []byte(",")
	case ":===":
		st.format, st.delim = 'd', []byte(":")
	case "!===":
		st.delim = []byte("!")
	}
	if nested > 0 && st.format == 'p' {
		st.delim = []byte("!")
	}
	switch a.format {
	case "csv":
		st.format, st.delim = 'c', []byte(",")
	case "tsv":
		st.format, st.delim = 'c', []byte("\t")
	case "dsv":
		st.format, st.delim = 'd', []byte(":")
	case "psv":
		st.format = 'p'
		if nested == 0 {
			st.delim = []byte("|")
		}
	}
	switch a.separator {
	case "":
	case `\t`:
		st.delim = []byte("\t")
	default:
		st.delim = []byte(a.separator)
	}
	st.styles = adocColStyles(a.cols)
	if len(st.styles) > 0 {
		st.colcount = len(st.styles)
	}

	// The lines, comment lines left out (and reported).
	first := true
	skipped := 0
	for pos := cs; pos < ce; {
		le := ce
		if i := bytes.IndexByte(doc[pos:ce], '\n'); i >= 0 {
			le = pos + i
		}
		lce := rstrip(doc, pos, le)
		next := min(le+1, ce)
		line := doc[pos:lce]
		switch {
		case adocCommentLine(line):
			w.comment(pos+2, lce)
			st.breakSegment(pos, next)
		case len(line) > 0 && line[len(line)-1] == ']' && bytes.Contains(line, []byte("::")) && adocIsDirective(line):
			k, _ := adocDirective(line)
			st.breakSegment(pos, next)
			if k.include {
				w.include(pos+k.targetStart, pos+k.targetEnd)
			} else if k.textStart == 0 {
				w.conditional(k.name, doc[pos+k.targetStart:pos+k.targetEnd])
			}
		case first && len(line) == 0:
			skipped++
		default:
			if first {
				first = false
				switch {
				case a.header > 0:
					st.header = true
				case a.header == 0 && skipped == 0:
					// An implicit header row: the first line, then a blank
					// line.
					if ns, _ := adocNextLine(doc, next, ce); next < ce && ns == next {
						st.header = true
					}
				}
				st.segStart = pos
			}
			st.line(pos, lce)
		}
		pos = next
	}
	if st.open {
		st.closeCell(ce, true)
	}
}

// adocIsDirective reports whether line is a preprocessor line.
func adocIsDirective(line []byte) bool {
	_, ok := adocDirective(line)
	return ok
}

// adocNextLine returns where the line at pos ends without trailing
// whitespace (pos when it is blank) and where the next starts.
func adocNextLine(doc []byte, pos, end int) (int, int) {
	le := end
	if i := bytes.IndexByte(doc[pos:end], '\n'); i >= 0 {
		le = pos + i
	}
	return rstrip(doc, pos, le), min(le+1, end)
}

// breakSegment leaves the line from pos to next out of the cell being
// read.
func (st *adocTableState) breakSegment(pos, next int) {
	if st.segStart < pos {
		st.segs = append(st.segs, [2]int{st.segStart, pos})
	}
	st.segStart = next
}

// line reads a line of the table, from pos to ce.
func (st *adocTableState) line(pos, ce int) {
	doc := st.w.doc
	d := st.delim
	cur := pos
	if st.format == 'p' && pos < ce {
		if bytes.HasPrefix(doc[pos:ce], d) {
			st.closeOpenCell(adocCellSpec{}, pos)
			cur = pos + len(d)
			st.segStart = cur
		} else if k := bytes.Index(doc[pos:ce], d); k >= 0 {
			if spec, ok := adocCellSpecStart(doc[pos : pos+k]); ok {
				st.closeOpenCell(spec, pos)
				cur = pos + k + len(d)
				st.segStart = cur
			}
		}
	}
	for {
		k := -1
		if cur < ce && len(d) > 0 {
			k = bytes.Index(doc[cur:ce], d)
		}
		if k < 0 {
			// The rest of the line is the cell's.
			switch st.format {
			case 'c':
				if st.unclosedQuotes(ce) {
					st.open = true
				} else {
					st.closeCell(ce, true)
					st.segStart = ce + 1
				}
			case 'd':
				st.closeCell(ce, true)
				st.segStart = ce + 1
			default:
				st.open = true
			}
			return
		}
		m := cur + k
		switch {
		case st.format == 'c' && st.unclosedQuotes(m):
			cur = m + len(d) // a separator inside quotes
			continue
		case st.format != 'c' && m > cur && doc[m-1] == '\\':
			cur = m + len(d) // an escaped separator
			if cur >= ce {
				st.open = true
				return
			}
			continue
		case st.format == 'p':
			spec, textEnd := adocCellSpecEnd(doc, cur, m)
			st.specs = append(st.specs, spec)
			st.closeCell(textEnd, false)
		default:
			st.closeCell(m, false)
		}
		cur = m + len(d)
		st.segStart = cur
		if cur >= ce {
			// An empty cell may follow at the end of the line.
			st.open = st.format == 'p'
			return
		}
	}
}

// closeOpenCell closes the cell that is open, if any, at a new line that
// starts with a cell (at pos), whose spec is spec.
func (st *adocTableState) closeOpenCell(spec adocCellSpec, pos int) {
	st.specs = append(st.specs, spec)
	if st.open {
		end := pos
		if end > st.segStart && st.w.doc[end-1] == '\n' {
			end--
		}
		st.closeCell(end, true)
	}
	st.linenum++
}

// unclosedQuotes reports whether the CSV cell read so far, up to end,
// opens a quote it does not close (buffer_has_unclosed_quotes?): the
// separator there is then part of the cell.
func (st *adocTableState) unclosedQuotes(end int) bool {
	doc := st.w.doc
	if st.quotes < 0 {
		// Once per cell: where its text starts, and its leading quotes.
		s := st.segStart
		if len(st.segs) > 0 {
			s = st.segs[0][0]
		}
		for s < end && isSpaceByte(doc[s]) {
			s++
		}
		q := s
		for q < end && doc[q] == '"' {
			q++
		}
		if q < end {
			st.quoteStart, st.quotes = s, q-s // known: more than quotes follows
		}
	}
	s := st.quoteStart
	first := s + st.quotes
	if st.quotes < 0 {
		s = st.segStart
		if len(st.segs) > 0 {
			s = st.segs[0][0]
		}
		for s < end && isSpaceByte(doc[s]) {
			s++
		}
		first = s
		for first < end && doc[first] == '"' {
			first++
		}
	}
	e := end
	for e > s && isSpaceByte(doc[e-1]) {
		e--
	}
	if e <= s || doc[s] != '"' {
		return false
	}
	if e-s == 1 {
		return true
	}
	// The runs of quotes at each end, after "" pairs are removed: a run
	// of n quotes leaves n mod 2.
	first = min(first, e)
	last := e
	for last > s && doc[last-1] == '"' {
		last--
	}
	if first == e {
		// The whole record is quotes.
		return (e-s)%2 == 1
	}
	trailing := e-last > 0
	if trailing && e-last >= 2 || first-s >= 2 {
		return (first-s)%2 == 1 && (e-last)%2 == 0
	}
	return !trailing
}

// closeCell closes the cell being read, whose text ends at end (eol: at
// the end of a line), and reads it.
func (st *adocTableState) closeCell(end int, eol bool) {
	st.open = false
	st.quotes = -1
	segs := st.segs
	if st.segStart < end {
		segs = append(segs, [2]int{st.segStart, end})
	}
	st.segs = st.segs[:0]
	var spec adocCellSpec
	if st.format == 'p' && len(st.specs) > 0 {
		spec = st.specs[0]
		st.specs = st.specs[1:]
	}
	repeat := max(spec.repeat, 1)
	for r := 1; r <= repeat && r <= maxAdocColumns; r++ {
		col := st.cells
		if st.colcount == -1 {
			col = st.columns
			st.columns += max(spec.colspan, 1)
		}
		if r == 1 {
			style := byte(0)
			if !st.header || st.rows > 0 {
				style = spec.style
				if style == 0 && col < len(st.styles) {
					style = st.styles[col]
				}
			}
			st.read(segs, style)
		}
		if spec.rowspan > 1 {
			for k := 1; k < spec.rowspan && k < maxAdocColumns; k++ {
				for len(st.rowspans) <= k {
					st.rowspans = append(st.rowspans, 0)
				}
				st.rowspans[k] += max(spec.colspan, 1)
			}
		}
		st.visits += max(spec.colspan, 1)
		st.cells++
		status := 0
		if st.colcount != -1 {
			v := st.visits
			if len(st.rowspans) > 0 {
				v += st.rowspans[0]
			}
			switch {
			case v < st.colcount:
				status = -1
			case v > st.colcount:
				status = 1
			}
		}
		if status > -1 && (st.colcount != -1 || st.linenum > 0 || eol && r == repeat) {
			st.closeRow()
		}
	}
}

// closeRow ends the current row.
func (st *adocTableState) closeRow() {
	st.rows++
	if st.colcount == -1 {
		st.colcount = st.visits
	}
	st.visits, st.cells = 0, 0
	if len(st.rowspans) > 0 {
		st.rowspans = st.rowspans[1:]
	}
}

// read reads the text of a cell (segments of the source) by its style.
func (st *adocTableState) read(segs [][2]int, style byte) {
	w := st.w
	doc := w.doc
	for _, sg := range segs {
		s, e := sg[0], sg[1]
		if style == 'a' && st.nested+1 < maxAdocNesting {
			// Leading blank lines are left out, and the indentation of
			// the first line unless a line break starts the cell.
			if s < e && (doc[s] == '\n' || doc[s] == '\r') {
				for s < e && (doc[s] == '\n' || doc[s] == '\r') {
					s++
				}
			} else {
				for s < e && isSpaceByte(doc[s]) {
					s++
				}
			}
			for e > s && isSpaceByte(doc[e-1]) {
				e--
			}
			if s < e {
				w.blocks(s, e, st.nested+1)
			}
			continue
		}
		for s < e && isSpaceByte(doc[s]) {
			s++
		}
		for e > s && isSpaceByte(doc[e-1]) {
			e--
		}
		if s >= e {
			continue
		}
		switch style {
		case 'l':
			w.codeBlock(s, e)
		default:
			o := adocTextOpts{macros: true, attrs: true, code: style == 'm'}
			switch st.format {
			case 'c':
				if e-s >= 2 && doc[s] == '"' && doc[e-1] == '"' {
					s, e = s+1, e-1
					for s < e && isSpaceByte(doc[s]) {
						s++
					}
					for e > s && isSpaceByte(doc[e-1]) {
						e--
					}
				}
				o.csv = true
			default:
				o.delim = st.delim
			}
			w.text(s, e, o)
		}
	}
}

// adocColStyles reads cols= (parse_colspecs): the style of each column it
// declares (0 for none), or nil when it declares none. "3" is three
// columns; "1,2a,3*l" five, of which the second is AsciiDoc and the last
// three literal.
func adocColStyles(cols string) []byte {
	c := bytes.ReplaceAll([]byte(cols), []byte(" "), nil)
	if len(c) == 0 {
		return nil
	}
	if n, err := strconv.Atoi(string(c)); err == nil {
		return make([]byte, min(max(n, 0), maxAdocColumns))
	}
	sep := []byte(",")
	if bytes.IndexByte(c, ',') < 0 {
		sep = []byte(";")
	}
	var styles []byte
	for _, rec := range bytes.Split(c, sep) {
		if len(styles) >= maxAdocColumns {
			break
		}
		if len(rec) == 0 {
			styles = append(styles, 0)
			continue
		}
		// (\d+\*)? alignment? (\d+%?|~)? ([a-z])?
		i, repeat := 0, 1
		j := 0
		for j < len(rec) && rec[j] >= '0' && rec[j] <= '9' {
			j++
		}
		if j > 0 && j < len(rec) && rec[j] == '*' {
			repeat, _ = strconv.Atoi(string(rec[:j]))
			i = j + 1
		}
		i = adocAlign(rec, i)
		if i < len(rec) && rec[i] == '~' {
			i++
		} else {
			for i < len(rec) && rec[i] >= '0' && rec[i] <= '9' {
				i++
			}
			if i < len(rec) && rec[i] == '%' && i > 0 && rec[i-1] >= '0' && rec[i-1] <= '9' {
				i++
			}
		}
		style := byte(0)
		if i < len(rec) && rec[i] >= 'a' && rec[i] <= 'z' {
			style = rec[i]
			i++
		}
		if i != len(rec) {
			continue // not a column spec: no column
		}
		for r := 0; r < repeat && len(styles) < maxAdocColumns; r++ {
			styles = append(styles, style)
		}
	}
	return styles
}

// adocAlign skips the alignment part of a column or cell spec at b[i:]
// ("<", "^.>", ".^"...) and returns where it ends.
func adocAlign(b []byte, i int) int {
	isAlign := func(k int) bool { return k < len(b) && (b[k] == '<' || b[k] == '^' || b[k] == '>') }
	hasX := isAlign(i)
	if hasX {
		i++
	}
	if i < len(b) && b[i] == '.' {
		if isAlign(i + 1) {
			i += 2
		} else if hasX {
			i++
		}
	}
	return i
}

// adocSpec reads a cell spec at b[i:] and returns it and where it ends.
func adocSpec(b []byte, i int) (adocCellSpec, int) {
	var spec adocCellSpec
	// (\d+(\.\d*)?|(\d*\.)?\d+)[*+]
	j := i
	for j < len(b) && b[j] >= '0' && b[j] <= '9' {
		j++
	}
	d1 := j - i
	k := j
	d2 := 0
	if k < len(b) && b[k] == '.' {
		k++
		for k < len(b) && b[k] >= '0' && b[k] <= '9' {
			k++
			d2++
		}
	}
	if d1+d2 > 0 && k < len(b) && (b[k] == '*' || b[k] == '+') {
		first, second := 1, 1
		if d1 > 0 {
			first, _ = strconv.Atoi(string(b[i:j]))
		}
		if d2 > 0 {
			second, _ = strconv.Atoi(string(b[k-d2 : k]))
		}
		if b[k] == '+' {
			spec.colspan, spec.rowspan = first, second
		} else {
			spec.repeat = first
		}
		i = k + 1
	}
	i = adocAlign(b, i)
	if i < len(b) && b[i] >= 'a' && b[i] <= 'z' {
		switch b[i] {
		case 'a', 'd', 'e', 'h', 'l', 'm', 's', 'v':
			spec.style = b[i]
		}
		i++
	}
	spec.colspan = min(max(spec.colspan, 0), maxAdocColumns)
	spec.rowspan = min(max(spec.rowspan, 0), maxAdocColumns)
	spec.repeat = min(max(spec.repeat, 0), maxAdocColumns)
	return spec, i
}

// adocCellSpecStart reads the text before the first separator of a line
// as a cell spec (CellSpecStartRx: optional spaces, then a spec, whole).
func adocCellSpecStart(b []byte) (adocCellSpec, bool) {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	spec, j := adocSpec(b, i)
	return spec, j == len(b)
}

// adocCellSpecEnd reads the end of the text of a cell, doc[s:m], where a
// separator follows, for the spec of the next cell (CellSpecEndRx: spaces,
// then a spec, at the end): it returns the spec and where the cell's text
// ends.
func adocCellSpecEnd(doc []byte, s, m int) (adocCellSpec, int) {
	// The spec is what follows the last space or tab.
	k := m
	for k > s && doc[k-1] != ' ' && doc[k-1] != '\t' && doc[k-1] != '\n' {
		k--
	}
	if k == s || doc[k-1] == '\n' {
		return adocCellSpec{}, m // no space before: no spec
	}
	spec, j := adocSpec(doc[k:m], 0)
	if j != m-k {
		return adocCellSpec{}, m
	}
	// The spaces before it are not the cell's either.
	for k > s && (doc[k-1] == ' ' || doc[k-1] == '\t') {
		k--
	}
	return spec, k
}
