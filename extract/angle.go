package extract

import (
	"bytes"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/iana"
)

// opensQuote reports whether b holds an apostrophe that opens a quotation:
// one not preceded by a letter or digit (an apostrophe inside a word, as in
// "it's", opens nothing).
func opensQuote(b []byte) bool {
	for i, c := range b {
		if c == '\'' && (i == 0 || !grammar.IsAlnum(b[i-1])) {
			return true
		}
	}
	return false
}

// urlPrefixed reports whether b starts with the old "URL:" prefix followed
// directly by a scheme and ":".
func urlPrefixed(b []byte) bool {
	if len(b) < 6 || !equalFoldASCII(b[:4], "url:") || !grammar.IsAlpha(b[4]) {
		return false
	}
	k := 5
	for k < len(b) && grammar.IsSchemeChar(b[k]) {
		k++
	}
	return k < len(b) && b[k] == ':'
}

// angle delimits a candidate wrapped in angle brackets, whose scheme (or
// "URL:" prefix) src[s:colon] follows the "<" at src[s-1]. Whitespace inside
// the brackets is layout and is removed; a blank line, "<" or DQUOTE before
// the ">" means this was not a wrapper after all. It fills in c and returns
// the offset after the ">".
func angle(c *Candidate, src []byte, base, s, colon int) (int, bool) {
	n := len(src)
	start, prefix, ctx := s, -1, ContextAngle
	// "<h" at the end of a line and "ttp://..." at the start of the next:
	// inside <...>, the line break is layout even in the scheme.
	split := bytes.ContainsAny(src[s:colon], " \t\r\n")
	if colon-s == 3 && equalFoldASCII(src[s:colon], "url") {
		j := colon + 1
		for j < n && grammar.IsSpace(src[j]) {
			j++
		}
		if lineBreaks(src[colon+1:j]) > 1 {
			return 0, false
		}
		k := j
		for k < n && grammar.IsSchemeChar(src[k]) {
			k++
		}
		if k == j || k >= n || !grammar.IsAlpha(src[j]) || src[k] != ':' {
			return 0, false
		}
		start, prefix, ctx, colon = j, s, ContextAngleURL, k
	}

	if colon+1 >= n || !continues(src[colon+1]) && (!isURNScheme(src[start:colon]) || !emptyNID(src, colon)) {
		return 0, false
	}

	// First pass: find the ">" that closes the wrapper, or give up, without
	// allocating anything.
	gt, layout := -1, split
	row := int8(0) // whether the "<" is in a row of a plain-text table: 0 not known yet, 1 yes, -1 no
	for i := colon + 1; i < n && gt < 0; i++ {
		switch b := src[i]; {
		case b == '>':
			gt = i
		case b == '<' || b == '"':
			return 0, false
		case b == '|':
			if row == 0 {
				row = -1
				if tableRow(src, colon) {
					row = 1
				}
			}
			if row > 0 && !closesLine(src, i) {
				// The cell's border, with no ">" after it on the line: the
				// URI goes on in the same cell of the rows below, or this
				// was no wrapper.
				return angleInTable(c, src, base, start, colon, i)
			}
		case b == '\\' && folds(src, i):
			layout = true // a line folded with "\\" (RFC 8792): the "\\" is layout too
		case grammar.IsSpace(b):
			j := i
			for j < n && grammar.IsSpace(src[j]) {
				j++
			}
			if lineBreaks(src[i:j]) > 1 || xmlAttribute(src[j:]) {
				return 0, false
			}
			layout, i = true, j-1
		}
	}
	if gt < 0 {
		return 0, false
	}
	firstEnd := colon + 1 // end of the text before the first whitespace
	for firstEnd < gt && !grammar.IsSpace(src[firstEnd]) {
		firstEnd++
	}
	if prefix < 0 && xmlName(src[start:firstEnd], colon-start) {
		return 0, false
	}

	*c = Candidate{
		Kind: kindOf(isURNScheme(src[start:colon])), Context: ctx,
		Start: base + start, PrefixStart: -1,
	}
	if prefix >= 0 {
		c.PrefixStart = base + prefix
	}
	if row == 0 && bytes.IndexByte(src[start:gt], '|') < 0 {
		row = -1
		if tableRow(src, start) {
			row = 1
		}
	}
	c.inTable = row > 0
	if !layout {
		if gt == colon+1 {
			return 0, false // nothing after the ":"
		}
		end := gt
		if src[gt-1] == ']' && (src[gt-2] == '[' || equalFoldASCII(src[start:colon], "mailto")) {
			// The text of an AsciiDoc link, as in running text (see
			// linkText), but only an empty one or a mail macro's: the
			// brackets delimit the URI, and "<http://a.example/#c[1]>"
			// holds its "[1]". "<mailto:andy@gently.org.uk[]>" is
			// AsciiDoc's mail macro in angle brackets (flactag's man page
			// source, named .txt: 2 reports of held-out set 221, judged
			// wrong).
			end = linkText(src, start, colon, gt)
		}
		c.URI = string(src[start:end])
		c.Raw, c.End = c.URI, base+end
		return gt + 1, true
	}

	// Second pass: the runs of URI characters between layout whitespace.
	uri := make([]byte, 0, gt-start)
	for i := start; i < gt; {
		j := i
		for j < gt && !grammar.IsSpace(src[j]) && (src[j] != '\\' || !folds(src, j)) {
			j++
		}
		if j > i {
			c.pieces = addPiece(c.pieces, piece{uri: len(uri), src: base + i, n: j - i, srcN: j - i})
			uri = append(uri, src[i:j]...)
			c.End = base + j
		}
		k := j
		for k < gt && (grammar.IsSpace(src[k]) || src[k] == '\\' && folds(src, k)) {
			k++
		}
		if j > i && k < gt && src[j-1] == '-' && lineBreaks(src[j:k]) > 0 {
			c.HyphenBreaks = append(c.HyphenBreaks, base+j-1)
		}
		i = k
	}
	if len(uri) <= bytes.IndexByte(uri, ':')+1 {
		return 0, false // nothing but layout after the ":"
	}
	c.URI = string(uri)
	// The candidate starts at its first character, not at the layout
	// before it ("<" and a line break, then the URI).
	c.Start = c.pieces[0].src
	c.Raw = string(src[c.Start-base : c.End-base])
	if split {
		c.Kind = kindOf(isURNScheme(uri[:bytes.IndexByte(uri, ':')]))
	}
	if len(c.pieces) == 1 {
		c.pieces = nil
	}
	return gt + 1, true
}

// folds reports whether the "\\" at src[i] folds a line, as RFC 8792 and
// the RFCs before it ("backslashes shown for line folding only") write long
// lines in figures: only spaces or tabs follow it up to a line break, which
// is followed by more of the line. Inside <...>, where line breaks are
// layout, such a "\\" is layout too.
func folds(src []byte, i int) bool {
	j := i + 1
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	return j < len(src) && (src[j] == '\n' || src[j] == '\r')
}

// xmlName reports whether the text after "<", up to the first whitespace,
// is more likely the name of an XML element with a namespace prefix than a
// URI: "<xsd:element>", "<D:prop/>", "<xs:schema xmlns:xs='...'>",
// "<urn:spppAddRequest>" (a SOAP example whose prefix is "urn"). That is
// the case when the scheme (which ends at text[colon]) is not registered
// ("urn" is: a URN needs a second ":", after its NID) nor followed by "//",
// it is a valid XML prefix (no "+"), and the rest is an XML local name
// (ASCII letters, digits, "-", "_", ".") optionally followed by the "/" of
// an empty-element tag.
func xmlName(text []byte, colon int) bool {
	scheme, rest := text[:colon], text[colon+1:]
	if bytes.HasPrefix(rest, []byte("//")) || iana.IsScheme(scheme) && !isURNScheme(scheme) ||
		bytes.IndexByte(scheme, '+') >= 0 {
		return false
	}
	rest = bytes.TrimSuffix(rest, []byte("/"))
	return localName(rest) == len(rest)
}

// localName returns the length of the XML local name (ASCII letters, digits,
// "-", "_", ".", starting with a letter or "_") at the start of b, or -1.
func localName(b []byte) int {
	if len(b) == 0 || !grammar.IsAlpha(b[0]) && b[0] != '_' {
		return -1
	}
	i := 1
	for i < len(b) && (grammar.IsAlnum(b[i]) || b[i] == '-' || b[i] == '_' || b[i] == '.') {
		i++
	}
	return i
}

// xmlAttribute reports whether b starts with an XML attribute: a name,
// optionally prefixed, then "=" and a quote. Whitespace followed by one ends
// a wrapper: the "<" opened a tag, not a URI.
func xmlAttribute(b []byte) bool {
	n := localName(b)
	if n < 0 {
		return false
	}
	if n < len(b) && b[n] == ':' {
		m := localName(b[n+1:])
		if m < 0 {
			return false
		}
		n += 1 + m
	}
	return n+1 < len(b) && b[n] == '=' && (b[n+1] == '\'' || b[n+1] == '"')
}

// lineBreaks counts the line breaks in the whitespace b: "\n", "\r\n", or a
// "\r" alone.
func lineBreaks(b []byte) int {
	n := 0
	for i, c := range b {
		if c == '\n' || c == '\r' && (i+1 == len(b) || b[i+1] != '\n') {
			n++
		}
	}
	return n
}

// splitAngle returns where the scheme starts when the scheme that starts
// the line at src[s] is the rest of one begun after a "<" at the end of
// the line before ("<h" then "ttp://a.example/>", or "<" then
// "https://..."): inside <...>, a line break is layout wherever it falls.
func splitAngle(src []byte, floor, s int) (int, bool) {
	i := s
	for i > floor && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	if i == floor || src[i-1] != '\n' && src[i-1] != '\r' {
		return 0, false
	}
	i--
	if i > floor && src[i] == '\n' && src[i-1] == '\r' {
		i--
	}
	j := i
	for j > floor && grammar.IsSchemeChar(src[j-1]) {
		j--
	}
	if j == floor || src[j-1] != '<' || j < i && !grammar.IsAlpha(src[j]) {
		return 0, false
	}
	return j, true
}

// angleInTable delimits a candidate in angle brackets whose "<" is in a
// cell of a plain-text table and whose ">" is not, because the cell wraps
// it onto the rows below: the URI goes on in the same columns of the next
// rows, the borders and the padding being layout ("| see <http://www.a. |"
// then "| example/x>           |"). It fills in c and returns the offset
// after the ">", or false when the rows below do not hold the rest.
func angleInTable(c *Candidate, src []byte, base, start, colon, bar int) (int, bool) {
	ls := start
	for ls > 0 && src[ls-1] != '\n' && src[ls-1] != '\r' {
		ls--
	}
	left := bytes.LastIndexByte(src[ls:start], '|')
	if left < 0 {
		return 0, false
	}
	right := bar - ls // the columns of the cell's borders
	*c = Candidate{Kind: kindOf(isURNScheme(src[start:colon])), Context: ContextAngle, Start: base + start, PrefixStart: -1}
	var uri []byte
	add := func(from, to int) {
		for to > from && grammar.IsSpace(src[to-1]) {
			to--
		}
		if to > from {
			c.pieces = addPiece(c.pieces, piece{uri: len(uri), src: base + from, n: to - from, srcN: to - from})
			uri = append(uri, src[from:to]...)
			c.End = base + to
		}
	}
	add(start, bar)
	line := nextLine(src, bar)
	for rows := 0; rows < 50 && line < len(src); rows++ {
		e := lineEnd(src, line)
		if e-line <= right || src[line+left] != '|' || src[line+right] != '|' || !tableRow(src, line) {
			return 0, false
		}
		from := line + left + 1
		for from < line+right && grammar.IsSpace(src[from]) {
			from++
		}
		if gt := bytes.IndexByte(src[from:line+right], '>'); gt >= 0 {
			add(from, from+gt)
			if len(uri) <= colon+1-start || bytes.ContainsAny(uri, "<\" \t") {
				return 0, false
			}
			c.URI = string(uri)
			c.Raw = string(src[start : c.End-base])
			return from + gt + 1, true
		}
		if bytes.ContainsAny(src[from:line+right], "<\"") {
			return 0, false
		}
		add(from, line+right)
		line = nextLine(src, e)
	}
	return 0, false
}

// closesLine reports whether a ">" follows src[i] on its line.
func closesLine(src []byte, i int) bool {
	e := lineEnd(src, i)
	return bytes.IndexByte(src[i:e], '>') >= 0
}
