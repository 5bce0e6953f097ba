package extract

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unicode/utf8"
)

// Locator turns byte offsets of one document into line and column
// positions. It keeps a cursor and moves it from one requested offset to the
// next, so a run of requests in document order costs one pass over the
// document in all, however long its lines are.
type Locator struct {
	doc       []byte
	bom       bool // the document starts with a UTF-8 byte order mark
	off       int  // cursor: an offset ...
	line, col int  // ... and its line and column, counted as if no BOM or "\r" existed
	lineStart int  // offset of the cursor's line
}

// NewLocator returns a Locator for doc.
func NewLocator(doc []byte) *Locator {
	return &Locator{doc: doc, bom: bytes.HasPrefix(doc, bom), line: 1, col: 1}
}

var bom = []byte("\xef\xbb\xbf")

// Pos returns the position of the byte offset off (0 <= off <= len(doc)).
func (l *Locator) Pos(off int) Pos {
	doc := l.doc
	switch {
	case off >= l.off:
		seg := doc[l.off:off]
		if bytes.IndexByte(seg, '\n') >= 0 {
			l.line += bytes.Count(seg, []byte{'\n'})
			l.lineStart = l.off + bytes.LastIndexByte(seg, '\n') + 1
			l.col = 1 + runeCount(doc[l.lineStart:off])
		} else {
			l.col += runeCount(seg)
		}
	default:
		seg := doc[off:l.off]
		if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
			l.line -= n
			l.lineStart = bytes.LastIndexByte(doc[:off], '\n') + 1
			l.col = 1 + runeCount(doc[l.lineStart:off])
		} else {
			l.col -= runeCount(seg)
		}
	}
	l.off = off
	col := l.col
	if l.bom && l.lineStart == 0 && off >= len(bom) {
		col-- // the three bytes of the BOM count as one character
	}
	if off < len(doc) && doc[off] == '\n' && off > l.lineStart && doc[off-1] == '\r' {
		col-- // the "\r" of "\r\n" belongs to the line end, not the line
	}
	return Pos{Offset: off, Line: l.line, Column: col}
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

// PosInString returns the position of byte offset off in a string given on
// its own, such as a value to validate: unlike a document's, every
// character counts, a leading byte order mark included.
func PosInString(s string, off int) Pos {
	before := s[:off]
	line := 1 + strings.Count(before, "\n")
	lineStart := strings.LastIndexByte(before, '\n') + 1
	return Pos{Offset: off, Line: line, Column: 1 + utf8.RuneCountInString(before[lineStart:])}
}
