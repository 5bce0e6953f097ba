package extract

import (
	"bytes"

	"github.com/urilint/urilint/extract/grammar"
)

// lineCursor finds the start of the line of offsets asked for in
// increasing order, in one pass over the text in all.
type lineCursor struct{ pos, start int }

// lineStart returns where the line holding src[i] starts (i at least the
// offset asked for before).
func (l *lineCursor) lineStart(src []byte, i int) int {
	if i > l.pos {
		if nl := bytes.LastIndexByte(src[l.pos:i], '\n'); nl >= 0 {
			l.start = l.pos + nl + 1
		}
		l.pos = i
	}
	return l.start
}

// minDumpGroups is how many groups of hexadecimal digits a line needs after
// its offset to be a line of a hex dump.
const minDumpGroups = 4

// inHexDump reports whether line[len(line)] (line runs from the start of a
// line to a candidate's first byte) is in the text column of a hex dump
// line, as hexdump -C, xxd and od write them:
//
//	00000020  74 72 65 61 6d 73 1f 68  74 74 70 3a 2f 2f 6a 61  |treams.http://ja|
//	00000020: 7472 6561 6d73 1f68 7474 703a 2f2f 6a61  treams.http://ja
//
// an offset of at least four hexadecimal digits (and an optional ":"), then
// at least four groups of two or four hexadecimal digits, then the column.
// That column shows the bytes as characters, a "." for each that is not
// printable: "treams.http://ja" is the end of one string, a separator byte
// and the start of the next, cut at sixteen bytes; no URI is written there.
// A line longer than maxRow is no dump's.
func inHexDump(line []byte) bool {
	if len(line) > maxRow {
		return false
	}
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	hexRun := func() int {
		j := i
		for j < len(line) && grammar.IsHex(line[j]) {
			j++
		}
		return j - i
	}
	n := hexRun()
	if n < 4 {
		return false
	}
	i += n
	if i < len(line) && line[i] == ':' {
		i++
	}
	groups := 0
	for {
		k := i
		for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
			k++
		}
		if k == i || k == len(line) {
			break
		}
		i = k
		n = hexRun()
		if n != 2 && n != 4 || i+n < len(line) && line[i+n] != ' ' && line[i+n] != '\t' {
			break // the text column, which may start with hexadecimal letters
		}
		i += n
		groups++
	}
	return groups >= minDumpGroups
}
