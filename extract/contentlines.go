package extract

import (
	"bytes"

	"github.com/urilint/urilint/extract/grammar"
)

// iCalendar (RFC 5545 section 3.1) and vCard (RFC 6350 section 3.2) fold
// their content lines: a line break followed by one space or tab is
// removed when the object is read, so
//
//	ATTACH:http://example.com/public/quarterly-report.doc?abc=def&ghi=ABC%
//	 20Industries
//	URL:h
//	 ttp://www.example.com/calendar/busy.ics
//
// holds the URIs "...&ghi=ABC%20Industries" and
// "http://www.example.com/calendar/busy.ics". Documents show such objects
// indented (an RFC's figures are): a continuation line is then indented
// one character more than the "BEGIN:" line. The scanner reads each object
// unfolded, from its "BEGIN:" line to the matching "END:" line (or the
// first blank or less indented line), and maps what it finds back to the
// document.

// maxContentBlock is the most bytes one object is read unfolded; past it,
// the rest is read as it is.
const maxContentBlock = 1 << 20

// contentBlock reports whether the colon at src[colon] ends "BEGIN" at the
// start of a line (after its indentation), followed by the name of an
// iCalendar or vCard object ("VCALENDAR", "VCARD", "VEVENT"...). It
// returns where the object starts (its "B"), where it ends (after the line
// break of its last line), and its indentation.
func contentBlock(src []byte, colon int) (start, end, indent int, ok bool) {
	if colon < 5 || colon+2 >= len(src) || !equalFoldASCII(src[colon-5:colon], "begin") || src[colon+1] != 'V' && src[colon+1] != 'v' {
		return 0, 0, 0, false
	}
	start = colon - 5
	ls := start
	for ls > 0 && (src[ls-1] == ' ' || src[ls-1] == '\t') {
		ls--
	}
	if ls > 0 && src[ls-1] != '\n' && src[ls-1] != '\r' {
		return 0, 0, 0, false
	}
	indent = start - ls
	n := colon + 1
	for n < len(src) && (grammar.IsAlnum(src[n]) || src[n] == '-') {
		n++
	}
	name := src[colon+1 : n]
	if e := lineEnd(src, n); len(bytes.TrimSpace(src[n:e])) != 0 {
		return 0, 0, 0, false // "BEGIN:VCARD" is the whole line
	}
	limit := min(len(src), start+maxContentBlock)
	end = nextLine(src, n)
	for end < limit {
		e := lineEnd(src, end)
		line := src[end:e]
		ind := 0
		for ind < len(line) && (line[ind] == ' ' || line[ind] == '\t') {
			ind++
		}
		if ind == len(line) || ind < indent {
			break // a blank or less indented line: the figure ended
		}
		end = nextLine(src, e)
		if ind == indent && len(line) >= ind+4+len(name) && equalFoldBytes(line[ind:ind+4], []byte("END:")) &&
			equalFoldBytes(line[ind+4:ind+4+len(name)], name) {
			break
		}
	}
	return start, min(end, limit), indent, true
}

// lineEnd returns the offset of the line break that ends the line holding
// src[i] (or len(src)).
func lineEnd(src []byte, i int) int {
	for i < len(src) && src[i] != '\n' && src[i] != '\r' {
		i++
	}
	return i
}

// nextLine returns the offset after the line break at or after src[i].
func nextLine(src []byte, i int) int {
	i = lineEnd(src, i)
	if i < len(src) && src[i] == '\r' {
		i++
	}
	if i < len(src) && src[i] == '\n' {
		i++
	}
	return i
}

// unfold returns the object src[start:end] read as its reader reads it:
// each line break followed by the object's indentation and one more space
// or tab removed, with the map back to src.
func unfold(src []byte, start, end, indent int) decoded {
	d := decoded{base: start}
	from := start
	var text []byte
	for i := start; i < end; {
		e := lineEnd(src, i)
		next := nextLine(src, e)
		if next >= end {
			break
		}
		ind := 0
		for next+ind < end && ind <= indent && (src[next+ind] == ' ' || src[next+ind] == '\t') {
			ind++
		}
		if ind == indent+1 && next+ind < end && src[next+ind] != '\n' && src[next+ind] != '\r' {
			// A folded line: the text goes on after the fold.
			if text == nil {
				text = make([]byte, 0, end-start)
			}
			d.pieces = addPiece(d.pieces, piece{uri: len(text), src: from, n: e - from, srcN: e - from})
			text = append(text, src[from:e]...)
			from = next + ind
		}
		i = next
	}
	if text == nil {
		return verbatim(src, start, end)
	}
	d.pieces = addPiece(d.pieces, piece{uri: len(text), src: from, n: end - from, srcN: end - from})
	text = append(text, src[from:end]...)
	d.text = text
	return d
}

// scanObject calls yield with the candidates of the iCalendar or vCard
// object src[start:end], read unfolded, placed in src (whose first byte is
// at offset base of its document).
func scanObject(c *Candidate, src []byte, base, start, end, indent int, yield func(*Candidate)) {
	d := unfold(src, start, end, indent)
	scan(c, d.text, 0, true, func(c *Candidate) {
		remap(c, &d, src)
		c.Shift(base)
		yield(c)
	})
}
