package lsp

import (
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	p "github.com/myleshyson/lsprotocol-go/protocol"
)

// encoding is the unit of the character offsets of positions, negotiated
// at initialize: UTF-16 code units (the protocol's default) or bytes of
// UTF-8.
type encoding uint8

const (
	utf16 encoding = iota
	utf8Bytes
)

// text is a document's content with the start of each line, for turning
// byte offsets into positions and back. A line ends at "\n", "\r\n" or a
// "\r" alone, as the protocol says.
//
// A UTF-16 position counts the units from the start of its line, and a
// line may be megabytes long (minified HTML, generated XML). So a text
// also keeps, made when a position on a line longer than shortLine is
// asked for, the UTF-16 units before every markEvery bytes: a position on
// any line, and an offset from a position, are then found with a binary
// search and a scan of at most a few markEvery bytes.
type text struct {
	s     string
	lines []int // byte offset where each line starts

	marksOnce sync.Once
	marks     []mark
}

// mark says how many UTF-16 units the text holds before byte off: for the
// k-th mark, the start of the first character at or after byte
// k*markEvery.
type mark struct{ off, units int }

// markEvery is the distance, in bytes, between two marks.
const markEvery = 256

// shortLine is the length up to which a line's positions are counted from
// its start: the marks are made only for a text with a longer line.
const shortLine = 4 * markEvery

func newText(s string) *text {
	t := &text{s: s, lines: []int{0}}
	if strings.IndexByte(s, '\r') < 0 {
		// Line feeds alone, found a word at a time.
		for i := 0; ; {
			k := strings.IndexByte(s[i:], '\n')
			if k < 0 {
				return t
			}
			i += k + 1
			t.lines = append(t.lines, i)
		}
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n':
			t.lines = append(t.lines, i+1)
		case '\r':
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			t.lines = append(t.lines, i+1)
		}
	}
	return t
}

// index returns the marks of the text, made on first use: a mark at the
// first character that starts at or after each k*markEvery, runs of ASCII
// counted eight bytes at a time (a byte is a unit), other characters
// decoded (one of four bytes is two units; an invalid byte is one, U+FFFD,
// as ranging over the string reads it).
func (t *text) index() []mark {
	t.marksOnce.Do(func() {
		s := t.s
		marks := make([]mark, 0, len(s)/markEvery+1)
		units := 0
		for i := 0; i < len(s); {
			if i >= len(marks)*markEvery {
				marks = append(marks, mark{i, units})
			}
			next := min(len(s), len(marks)*markEvery)
			j := i
			for j+8 <= next && (uint64(s[j])|uint64(s[j+1])<<8|uint64(s[j+2])<<16|uint64(s[j+3])<<24|
				uint64(s[j+4])<<32|uint64(s[j+5])<<40|uint64(s[j+6])<<48|uint64(s[j+7])<<56)&0x8080808080808080 == 0 {
				j += 8
			}
			for j < next && s[j] < utf8.RuneSelf {
				j++
			}
			units += j - i
			i = j
			if i < next {
				r, size := utf8.DecodeRuneInString(s[i:])
				units++
				if r >= 0x10000 {
					units++
				}
				i += size
			}
		}
		if len(marks) == 0 {
			marks = append(marks, mark{0, 0})
		}
		t.marks = marks
	})
	return t.marks
}

// units16 returns the UTF-16 units of the text before byte offset off (the
// start of a character).
func (t *text) units16(off int) int {
	marks := t.index()
	m := marks[min(off/markEvery, len(marks)-1)]
	if m.off > off { // off is inside the character the mark moved back to
		m = marks[max(off/markEvery-1, 0)]
	}
	return m.units + countUnits(t.s[m.off:off])
}

// countUnits returns the UTF-16 units of s.
func countUnits(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// lineOf returns the line that holds byte offset off.
func (t *text) lineOf(off int) int {
	return sort.Search(len(t.lines), func(i int) bool { return t.lines[i] > off }) - 1
}

// lineEnd returns where the content of line l ends, before its line
// terminator.
func (t *text) lineEnd(l int) int {
	if l+1 >= len(t.lines) {
		return len(t.s)
	}
	end := t.lines[l+1]
	if end > 0 && t.s[end-1] == '\n' {
		end--
	}
	if end > t.lines[l] && t.s[end-1] == '\r' {
		end--
	}
	return end
}

// offset returns the byte offset of a position. A line past the end is the
// end of the text; a character past the end of its line is the line's end
// (as the protocol asks); one inside a character that takes two UTF-16
// units or several bytes moves to the character's start.
func (t *text) offset(pos p.Position, enc encoding) int {
	l := int(pos.Line)
	if l >= len(t.lines) {
		return len(t.s)
	}
	start, end := t.lines[l], t.lineEnd(l)
	if enc == utf8Bytes {
		return charStart(t.s, start, start+int(min(pos.Character, uint32(end-start))))
	}
	// On a long line, the last mark on the line at or before the position,
	// then a scan; on a short one, a scan from its start.
	off, units, target := start, 0, int(pos.Character)
	if end-start > shortLine {
		units = t.units16(start)
		target += units
		marks := t.index()
		lo, hi := start/markEvery+1, min(end/markEvery+1, len(marks))
		if k := lo + sort.Search(max(hi-lo, 0), func(i int) bool { return marks[lo+i].units > target }) - 1; k >= lo {
			off, units = marks[k].off, marks[k].units
		}
	}
	for off < end {
		r, size := utf8.DecodeRuneInString(t.s[off:end])
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if units+w > target {
			break
		}
		units += w
		off += size
	}
	return off
}

// charStart returns the start of the character of s that holds byte off,
// reading from lo: off itself, unless a valid multi-byte character starts
// before it and spans it (an invalid byte is a character of its own).
func charStart(s string, lo, off int) int {
	for j := off - 1; j >= max(lo, off-utf8.UTFMax+1); j-- {
		if utf8.RuneStart(s[j]) {
			if _, size := utf8.DecodeRuneInString(s[j:]); size > off-j {
				return j
			}
			break
		}
	}
	return off
}

// cursor turns a run of offsets in increasing order into positions: it
// moves forward through a line by counting what lies between, and jumps
// (to another line, back, or far ahead) with the text's marks, so that a
// position costs at most a scan of about markEvery bytes however long its
// line: a minified HTML file is one line, and may have thousands of
// diagnostics.
type cursor struct {
	line, off int    // the last offset placed, and its line
	units     uint32 // its character, in the encoding
	ok        bool
}

func (c *cursor) position(t *text, off int, enc encoding) p.Position {
	off = min(max(off, 0), len(t.s))
	near := c.ok && off >= c.off && off-c.off <= 2*markEvery && (c.line+1 >= len(t.lines) || off < t.lines[c.line+1])
	switch {
	case near && enc == utf8Bytes:
		c.units += uint32(off - c.off)
	case near:
		c.units += uint32(countUnits(t.s[c.off:off]))
	default:
		c.line, c.ok = t.lineOf(off), true
		switch start := t.lines[c.line]; {
		case enc == utf8Bytes:
			c.units = uint32(off - start)
		case off-start <= shortLine:
			c.units = uint32(countUnits(t.s[start:off]))
		default:
			c.units = uint32(t.units16(off) - t.units16(start))
		}
	}
	c.off = off
	return p.Position{Line: uint32(c.line), Character: c.units}
}

// edit returns the text with the range r replaced by s.
func (t *text) edit(r p.Range, s string, enc encoding) *text {
	start, end := t.offset(r.Start, enc), t.offset(r.End, enc)
	if end < start {
		start, end = end, start
	}
	return newText(t.s[:start] + s + t.s[end:])
}

// rangeOf returns the range of the byte offsets [start, end).
func (t *text) rangeOf(start, end int, enc encoding) p.Range {
	var c cursor
	return c.rangeOf(t, start, end, enc)
}

// rangeOf returns the range of the byte offsets [start, end), moving the
// cursor to start: ranges asked for in order of start are placed in one
// pass.
func (c *cursor) rangeOf(t *text, start, end int, enc encoding) p.Range {
	s := c.position(t, start, enc)
	saved := *c
	e := c.position(t, end, enc)
	*c = saved
	return p.Range{Start: s, End: e}
}
