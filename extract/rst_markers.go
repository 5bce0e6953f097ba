package extract

import (
	"strconv"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// The markers that start body elements of reStructuredText, as docutils'
// Body.patterns recognise them (docutils/parsers/rst/states.py).

// enumeratorAt returns the length of an enumerated list's marker at
// src[t] on line i ("1.", "(a)", "iv)", "#."...), followed by spaces or the
// end of the line, or 0. As in docutils, the marker starts an item only
// when the next line is blank, indented, or starts with the next
// enumerator: "A. Einstein was..." followed by more text is a paragraph.
func (w *rstWalker) enumeratorAt(f *rstFrame, b *rblock, i, t int) int {
	src, end := f.src, f.lines[i].tend
	e, ok := parseEnumerator(src, t, end)
	if !ok {
		return 0
	}
	next := i + 1
	if next >= b.hi || f.blank(b, next) || f.rel(b, next) > 0 {
		return e.n
	}
	nt := f.textStart(b, next)
	rest := src[nt:f.lines[next].tend]
	for _, want := range [2]string{e.marker(e.ordinal + 1), e.marker(0)} {
		if want != "" && len(rest) > len(want) && string(rest[:len(want)]) == want && rest[len(want)] == ' ' {
			return e.n
		}
	}
	return 0
}

// enumerator is a parsed enumerated list marker.
type enumerator struct {
	n       int  // its length
	format  byte // '(' for "(E)", ')' for "E)", '.' for "E."
	seq     byte // '1' arabic, 'a' or 'A' a letter, 'i' or 'I' roman
	ordinal int
	auto    bool // "#"
}

// marker writes the enumerator of the given ordinal in e's sequence and
// format ("#" for 0 or an automatic sequence), or "" when there is none.
func (e *enumerator) marker(ordinal int) string {
	var v string
	switch {
	case ordinal == 0 || e.auto:
		v = "#"
	case e.seq == '1':
		v = strconv.Itoa(ordinal)
	case e.seq == 'a' || e.seq == 'A':
		if ordinal > 26 {
			return ""
		}
		v = string(rune('a' + ordinal - 1))
	default:
		if ordinal >= 5000 {
			return ""
		}
		v = toRoman(ordinal)
	}
	if e.seq == 'A' || e.seq == 'I' {
		v = strings.ToUpper(v)
	}
	switch e.format {
	case '(':
		return "(" + v + ")"
	case ')':
		return v + ")"
	}
	return v + "."
}

// parseEnumerator reads an enumerator at src[t:end], followed by spaces or
// the end of the line.
func parseEnumerator(src []byte, t, end int) (enumerator, bool) {
	var e enumerator
	i := t
	if i < end && src[i] == '(' {
		e.format = '('
		i++
	}
	s := i
	for i < end && (grammar.IsAlnum(src[i]) || src[i] == '#') && i-s < 10 {
		i++
	}
	if i == s || i >= end {
		return e, false
	}
	v := src[s:i]
	switch c := src[i]; {
	case c == ')':
	case c == '.' && e.format == 0:
		e.format = '.'
	default:
		return e, false
	}
	if e.format == 0 {
		e.format = ')'
	}
	i++
	if i < end && src[i] != ' ' && src[i] != '\t' {
		return e, false
	}
	e.n = i - t
	switch {
	case len(v) == 1 && v[0] == '#':
		e.auto, e.ordinal = true, 1
	case allDigits(v):
		e.seq = '1'
		for _, c := range v {
			e.ordinal = e.ordinal*10 + int(c-'0')
		}
	case len(v) == 1 && v[0] != 'i' && v[0] != 'I' && grammar.IsAlpha(v[0]):
		e.seq, e.ordinal = 'a', int(grammar.Lower(v[0])-'a'+1)
		if v[0] < 'a' {
			e.seq = 'A'
		}
	default:
		n, ok := romanValue(v)
		if !ok {
			return e, false
		}
		e.seq, e.ordinal = 'i', n
		if v[0] < 'a' {
			e.seq = 'I'
		}
	}
	return e, true
}

// romanValue reads a Roman numeral in one case ("iv", "XII"), as docutils'
// roman module does: in canonical form only.
func romanValue(v []byte) (int, bool) {
	upper := v[0] >= 'A' && v[0] <= 'Z'
	digits := map[byte]int{'i': 1, 'v': 5, 'x': 10, 'l': 50, 'c': 100, 'd': 500, 'm': 1000}
	n := 0
	for k, c := range v {
		if (c >= 'A' && c <= 'Z') != upper {
			return 0, false
		}
		d, ok := digits[grammar.Lower(c)]
		if !ok {
			return 0, false
		}
		if k+1 < len(v) && digits[grammar.Lower(v[k+1])] > d {
			n -= d
		} else {
			n += d
		}
	}
	if n <= 0 || n >= 5000 || !equalFoldASCII(v, toRoman(n)) {
		return 0, false
	}
	return n, true
}

// toRoman writes n in lower-case Roman numerals.
func toRoman(n int) string {
	vals := []int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := []string{"m", "cm", "d", "cd", "c", "xc", "l", "xl", "x", "ix", "v", "iv", "i"}
	var s []byte
	for k, v := range vals {
		for n >= v {
			s = append(s, syms[k]...)
			n -= v
		}
	}
	return string(s)
}

// fieldMarker reads a field list's marker at src[t:end] (":name: "): the
// name holds no unescaped ":" followed by a space, a backquote or the end
// of the line, does not start with ":" or a space nor end with a space,
// and the closing ":" is followed by spaces or the end of the line. It
// returns where the name ends and where the body starts.
func fieldMarker(src []byte, t, end int) (nameEnd, body int, ok bool) {
	i := t + 1
	if i >= end || src[i] == ':' || src[i] == ' ' || src[i] == '\t' {
		return 0, 0, false
	}
	for i < end {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case ':':
			if i+1 == end || src[i+1] == ' ' || src[i+1] == '\t' {
				if src[i-1] == ' ' || src[i-1] == '\t' {
					return 0, 0, false
				}
				return i, skipSpaces(src, i+1, end), true
			}
			if src[i+1] == '`' {
				return 0, 0, false
			}
		}
		i++
	}
	return 0, 0, false
}

// optionMarker reads an option list's marker at src[t:end]: options such
// as "-a", "-a FILE", "--long=ARG", "/V", "+o", separated by ", ", followed
// by two spaces or more (then the description) or the end of the line. It
// returns where the description starts.
func optionMarker(src []byte, t, end int) (int, bool) {
	for i := t; ; {
		j, argEnd, ok := option(src, i, end)
		if !ok {
			return 0, false
		}
		next := -1
		// With the argument, or else without it.
		for _, k := range [2]int{argEnd, j} {
			switch {
			case k == end:
				return end, true
			case k+1 < end && src[k] == ' ' && src[k+1] == ' ':
				return skipSpaces(src, k, end), true
			case next < 0 && k+2 < end && src[k] == ',' && src[k+1] == ' ':
				next = k + 2
			}
		}
		if next < 0 {
			return 0, false
		}
		i = next
	}
}

// option reads one option at src[i:end]: it returns the end of the option
// string without its argument, and with it (the same when it has none).
func option(src []byte, i, end int) (int, int, bool) {
	alnum := func(k int) bool { return k < end && grammar.IsAlnum(src[k]) }
	var j int
	long := false
	switch {
	case i+1 < end && src[i] == '-' && src[i+1] == '-' || i < end && src[i] == '/':
		j = i + 1
		if src[i] == '-' {
			j++
		}
		if !alnum(j) {
			return 0, 0, false
		}
		for j < end && (grammar.IsAlnum(src[j]) || src[j] == '_' || src[j] == '-') {
			j++
		}
		long = true
	case i < end && (src[i] == '-' || src[i] == '+'):
		if !alnum(i + 1) {
			return 0, 0, false
		}
		j = i + 2
	default:
		return 0, 0, false
	}
	// The argument: " ARG" or "=ARG" (long), " ARG" or "ARG" (short); ARG a
	// word or "<...>".
	k := j
	if k < end && (src[k] == ' ' || long && src[k] == '=') {
		k++
	} else if long {
		return j, j, true
	}
	switch {
	case k < end && grammar.IsAlpha(src[k]):
		for k < end && (grammar.IsAlnum(src[k]) || src[k] == '_' || src[k] == '-') {
			k++
		}
		return j, k, true
	case k < end && src[k] == '<':
		for m := k + 1; m < end; m++ {
			if src[m] == '>' && m > k+1 {
				return j, m + 1, true
			}
			if src[m] == '<' {
				break
			}
		}
	}
	return j, j, true
}

// gridBorder reports whether text is a grid table's top or bottom border:
// "+-" then "-" and "+", ending with "-+".
func gridBorder(text []byte) bool {
	n := len(text)
	if n < 5 || text[0] != '+' || text[1] != '-' || text[n-2] != '-' || text[n-1] != '+' {
		return false
	}
	for _, c := range text {
		if c != '-' && c != '+' {
			return false
		}
	}
	return true
}

// simpleTableTop reports whether text is a simple table's top border: runs
// of "=" separated by spaces, two runs at least.
func simpleTableTop(text []byte) bool {
	runs, in := 0, false
	for _, c := range text {
		switch c {
		case '=':
			if !in {
				runs++
			}
			in = true
		case ' ':
			in = false
		default:
			return false
		}
	}
	return runs >= 2
}

// simpleTableBorder reports whether text is a simple table's border or
// head/body separator: "=" then "=" and spaces.
func simpleTableBorder(text []byte) bool {
	if len(text) == 0 || text[0] != '=' {
		return false
	}
	for _, c := range text {
		if c != '=' && c != ' ' {
			return false
		}
	}
	return true
}
