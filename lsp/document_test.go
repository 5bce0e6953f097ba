package lsp

import (
	"testing"
	"unicode/utf8"

	p "github.com/myleshyson/lsprotocol-go/protocol"
)

func TestTextPositions(t *testing.T) {
	// Lines end with "\n", "\r\n" and a lone "\r"; 𝄞 is two UTF-16 units
	// and four bytes, é one unit and two bytes.
	tx := newText("aé𝄞b\r\nx\ry\n\nlast")
	for _, tt := range []struct {
		off       int
		u16, u8   p.Position
		fromU16At int // the offset of u16 read back (the same, unless inside a character)
	}{
		{0, pos(0, 0), pos(0, 0), 0},
		{1, pos(0, 1), pos(0, 1), 1},
		{3, pos(0, 2), pos(0, 3), 3},
		{7, pos(0, 4), pos(0, 7), 7},
		{8, pos(0, 5), pos(0, 8), 8},
		{10, pos(1, 0), pos(1, 0), 10},
		{12, pos(2, 0), pos(2, 0), 12},
		{14, pos(3, 0), pos(3, 0), 14},
		{15, pos(4, 0), pos(4, 0), 15},
		{19, pos(4, 4), pos(4, 4), 19},
	} {
		var c cursor
		if got := c.position(tx, tt.off, utf16); got != tt.u16 {
			t.Errorf("offset %d: UTF-16 position %+v, want %+v", tt.off, got, tt.u16)
		}
		c = cursor{}
		if got := c.position(tx, tt.off, utf8Bytes); got != tt.u8 {
			t.Errorf("offset %d: UTF-8 position %+v, want %+v", tt.off, got, tt.u8)
		}
		if got := tx.offset(tt.u16, utf16); got != tt.fromU16At {
			t.Errorf("UTF-16 %+v: offset %d, want %d", tt.u16, got, tt.fromU16At)
		}
		if got := tx.offset(tt.u8, utf8Bytes); got != tt.off {
			t.Errorf("UTF-8 %+v: offset %d, want %d", tt.u8, got, tt.off)
		}
	}
	// Inside 𝄞 (UTF-16 unit 3): its start. Past a line's end: the line's end,
	// before "\r\n". Past the last line: the end.
	for _, tt := range []struct {
		pos  p.Position
		enc  encoding
		want int
	}{
		{pos(0, 3), utf16, 3}, {pos(0, 99), utf16, 8}, {pos(0, 5), utf8Bytes, 3}, {pos(9, 0), utf16, 19}, {pos(1, 5), utf16, 11},
	} {
		if got := tx.offset(tt.pos, tt.enc); got != tt.want {
			t.Errorf("%+v (%d): offset %d, want %d", tt.pos, tt.enc, got, tt.want)
		}
	}
	// Positions in order through one cursor agree with fresh ones (at the
	// start of characters: offsets from the linter always are).
	var c cursor
	for off := 0; off <= len(tx.s); off++ {
		if off < len(tx.s) && !utf8.RuneStart(tx.s[off]) {
			continue
		}
		var fresh cursor
		if got, want := c.position(tx, off, utf16), fresh.position(tx, off, utf16); got != want {
			t.Fatalf("offset %d: cursor %+v, fresh %+v", off, got, want)
		}
	}
	if got := tx.edit(p.Range{Start: pos(0, 1), End: pos(0, 4)}, "-", utf16).s; got != "a-b\r\nx\ry\n\nlast" {
		t.Errorf("edit: %q", got)
	}
}

func pos(line, char uint32) p.Position { return p.Position{Line: line, Character: char} }
