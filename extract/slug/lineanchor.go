package slug

import (
	"math"
	"strconv"
)

// LineAnchor reads a GitHub line anchor, the fragment of a blob URL that
// selects lines: "L10", "L10-L20", "L10C5-L20C3" (without the "#"). The
// form is markdownlint MD051's: "L" and "C" upper case; a column only in a
// range, on either end. first and last are the line numbers (equal for a
// single line; last may be less than first, as written); a number too large
// for an int is math.MaxInt, beyond any file's end. A fragment of another
// form gives ok false: "#readme" and "#top" are anchors of the page, not
// line anchors.
func LineAnchor(fragment string) (first, last int, ok bool) {
	first, col1, rest, ok := lineRef(fragment)
	if !ok {
		return 0, 0, false
	}
	if rest == "" {
		if col1 {
			// A single line takes no column.
			return 0, 0, false
		}
		return first, first, true
	}
	if rest[0] != '-' {
		return 0, 0, false
	}
	last, _, rest, ok = lineRef(rest[1:])
	if !ok || rest != "" {
		return 0, 0, false
	}
	return first, last, true
}

// lineRef reads "L<digits>" and an optional "C<digits>" at the start of s.
func lineRef(s string) (line int, hasCol bool, rest string, ok bool) {
	if len(s) < 2 || s[0] != 'L' {
		return 0, false, "", false
	}
	n := digits(s[1:])
	if n == 0 {
		return 0, false, "", false
	}
	line = atoiClamped(s[1 : 1+n])
	rest = s[1+n:]
	if rest != "" && rest[0] == 'C' {
		m := digits(rest[1:])
		if m == 0 {
			return 0, false, "", false
		}
		return line, true, rest[1+m:], true
	}
	return line, false, rest, true
}

func digits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

func atoiClamped(s string) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return math.MaxInt
	}
	return n
}
