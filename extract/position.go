package extract

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unicode/utf8"
)

// Pos is a position in a document. Offset counts bytes from 0. Line counts
// from 1; Column counts Unicode characters from 1 (an invalid UTF-8 byte
// counts as one character, the "\r" of a "\r\n" line end and a leading UTF-8
// byte order mark are not counted). The walkers and the engine work in
// offsets; positions are computed at output, by a Locator.
type Pos struct {
	Offset int `json:"offset"`
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Locator turns byte offsets of one document into line and column
// positions. It keeps a cursor and moves it from one requested offset to the
// next, so a run of requests in document order costs one pass over the
// document in all, however long its lines are.
type Locator struct {
	doc       []byte
	base      Pos  // where doc starts in the document
	bom       bool // the document starts with a UTF-8 byte order mark
	off       int  // cursor: an offset in doc ...
	line, col int  // ... and its line and column, counted as if no BOM or "\r" existed
}

// NewLocator returns a Locator for doc.
func NewLocator(doc []byte) *Locator {
	return &Locator{doc: doc, base: Pos{Line: 1, Column: 1}, bom: bytes.HasPrefix(doc, bom), line: 1, col: 1}
}

// NewLocatorAt returns a Locator for a stretch of a document that starts a
// line, at base, such as a window of a large file: it takes and returns
// the document's offsets.
func NewLocatorAt(stretch []byte, base Pos) *Locator {
	l := NewLocator(stretch)
	l.base, l.bom = base, l.bom && base.Offset == 0
	return l
}

var bom = []byte("\xef\xbb\xbf")

// Pos returns the position of the byte offset off (0 <= off <= len(doc),
// counted from base for NewLocatorAt).
func (l *Locator) Pos(off int) Pos {
	off -= l.base.Offset
	doc := l.doc
	switch {
	case off >= l.off:
		seg := doc[l.off:off]
		if bytes.IndexByte(seg, '\n') >= 0 {
			l.line += bytes.Count(seg, []byte{'\n'})
			lineStart := l.off + bytes.LastIndexByte(seg, '\n') + 1
			l.col = 1 + runeCount(doc[lineStart:off])
		} else {
			l.col += runeCount(seg)
		}
	default:
		seg := doc[off:l.off]
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			l.line -= n
			lineStart := bytes.LastIndexByte(doc[:off], '\n') + 1
			l.col = 1 + runeCount(doc[lineStart:off])
		} else {
			l.col -= runeCount(seg)
		}
	}
	l.off = off
	return Pos{Offset: l.base.Offset + off, Line: l.base.Line + l.line - 1, Column: l.col - l.uncounted(off)}
}

// uncounted is how many characters the cursor's column, at off, counts that
// the position's does not: the three bytes of a byte order mark on the
// first line count as one character, and the "\r" of "\r\n" belongs to
// the line end, not the line.
func (l *Locator) uncounted(off int) int {
	n := 0
	if l.bom && l.line == 1 && off >= len(bom) {
		n++
	}
	if off < len(l.doc) && l.doc[off] == '\n' && off > 0 && l.doc[off-1] == '\r' {
		n++
	}
	return n
}

// runeCount is utf8.RuneCount with a fast path for ASCII, which most text
// between two positions is: 8 bytes at a time up to the first non-ASCII
// byte, then utf8.RuneCount for the rest.
func runeCount(b []byte) int {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		if binary.LittleEndian.Uint64(b[i:])&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(b); i++ {
		if b[i] >= 0x80 {
			return i + utf8.RuneCount(b[i:])
		}
	}
	return len(b)
}

// StringLocator returns the positions of the characters of a string given
// on its own, such as a value to validate: unlike a document's, every
// character counts, a leading byte order mark included. It serves many
// offsets of one string, such as the findings on a value to validate. Like Locator, it
// keeps a cursor: offsets asked for in order cost one pass over the string
// in all, where PosInString counts each from the start.
type StringLocator struct {
	s string
	// The cursor: an offset where a character starts (or an invalid byte
	// is), so that counts on either side of it add up, and its position.
	off, line, col int
}

// NewStringLocator returns a StringLocator for s.
func NewStringLocator(s string) *StringLocator { return &StringLocator{s: s, line: 1, col: 1} }

// Pos returns the position of byte offset off in the string.
func (l *StringLocator) Pos(off int) Pos {
	s := l.s
	// An offset inside a character counts the bytes of it before the
	// offset as invalid bytes, one character each: the cursor goes to the
	// character's start.
	at := off
	for k := 1; k < utf8.UTFMax && off-k >= 0 && off < len(s); k++ {
		if utf8.RuneStart(s[off-k]) {
			if _, size := utf8.DecodeRuneInString(s[off-k:]); size > k {
				at = off - k
			}
			break
		}
	}
	switch {
	case at >= l.off:
		seg := s[l.off:at]
		if nl := strings.LastIndexByte(seg, '\n'); nl >= 0 {
			l.line += strings.Count(seg, "\n")
			l.col = 1 + utf8.RuneCountInString(seg[nl+1:])
		} else {
			l.col += utf8.RuneCountInString(seg)
		}
	default:
		seg := s[at:l.off]
		if n := strings.Count(seg, "\n"); n > 0 {
			l.line -= n
			l.col = 1 + utf8.RuneCountInString(s[strings.LastIndexByte(s[:at], '\n')+1:at])
		} else {
			l.col -= utf8.RuneCountInString(seg)
		}
	}
	l.off = at
	return Pos{Offset: off, Line: l.line, Column: l.col + utf8.RuneCountInString(s[at:off])}
}
