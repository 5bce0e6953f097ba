package lsp

import (
	"sort"
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
type text struct {
	s     string
	lines []int // byte offset where each line starts
}

func newText(s string) *text {
	t := &text{s: s, lines: []int{0}}
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
	off, end := t.lines[l], t.lineEnd(l)
	for n := uint32(0); off < end; {
		r, size := utf8.DecodeRuneInString(t.s[off:end])
		w := uint32(size)
		if enc == utf16 {
			w = 1
			if r >= 0x10000 {
				w = 2
			}
		}
		if n+w > pos.Character {
			break
		}
		n += w
		off += size
	}
	return off
}

// cursor turns a run of offsets in increasing order into positions in one
// pass over each line, however long: a minified HTML file is one line, and
// may have thousands of diagnostics.
type cursor struct {
	line, off int    // the last offset placed, and its line
	units     uint32 // its character, in the encoding
	ok        bool
}

func (c *cursor) position(t *text, off int, enc encoding) p.Position {
	off = min(max(off, 0), len(t.s))
	if !c.ok || off < c.off || c.line+1 < len(t.lines) && off >= t.lines[c.line+1] {
		c.line = sort.Search(len(t.lines), func(i int) bool { return t.lines[i] > off }) - 1
		c.off, c.units, c.ok = t.lines[c.line], 0, true
	}
	if enc == utf8Bytes {
		c.units += uint32(off - c.off)
	} else {
		for _, r := range t.s[c.off:off] {
			c.units++
			if r >= 0x10000 {
				c.units++
			}
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
