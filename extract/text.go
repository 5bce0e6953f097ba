package extract

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/iana"
)

// How the plain-text scanner delimits a URI in running text, following RFC
// 3986 Appendix C (Appendix E of draft-fielding-uri-rfc2396bis-01), the 1993
// URL draft's <...> wrapper (section 1.3) and the excluded characters of
// RFC 2396bis 2.4.3. The decisions the RFCs leave open are documented in
// docs/extraction.md; each has a test in text_test.go.
//
// A candidate starts at a scheme and its ":" where
//   - the scheme is "urn" in any case; or
//   - the scheme is syntactically valid and "//" follows the ":"; or
//   - the scheme is in the IANA registry; or
//   - "<" comes right before the scheme (any valid scheme, and "<URL:").
//
// In each case the character after the ":" must be able to continue a URI:
// not whitespace (even inside angle brackets, where "<TODO: fix this>" is
// no URI), not a delimiter, and not another ":" ("std::vector", "fe80::1").

// Classes of bytes while a bare candidate is extended.
const (
	sURI   uint8 = iota // continues the candidate (including excluded characters)
	sStop               // ends it: whitespace, "<", ">", DQUOTE
	sOpen               // "(", "[", "{": counted, so that a matching closer is kept
	sClose              // ")", "]", "}": ends the candidate when nothing inside opened it
	sMulti              // starts a non-ASCII character: letters, marks and digits continue
	sExcl               // an excluded character ("|", "\\", "^", backtick, a control): continues, unless it separates (see separates)
)

var scanClass = func() (t [256]uint8) {
	for c := 0x80; c < 0x100; c++ {
		t[c] = sMulti
	}
	for _, c := range []byte(" \t\n\v\f\r<>\"") {
		t[c] = sStop
	}
	for _, c := range []byte("([{") {
		t[c] = sOpen
	}
	for _, c := range []byte(")]}") {
		t[c] = sClose
	}
	for c := 0; c < 0x20; c++ {
		if t[c] == sURI {
			t[c] = sExcl
		}
	}
	for _, c := range []byte("|\\^`\x7f") {
		t[c] = sExcl
	}
	return t
}()

// Text returns the URI and URN candidates in the plain text doc, in
// document order.
func Text(doc []byte) []Candidate {
	var cands []Candidate
	ScanText(doc, 0, func(c *Candidate) { cands = append(cands, *c) })
	return cands
}

// ScanText calls yield with each URI and URN candidate found in the plain
// text src, whose first byte is at offset base of its document (0 for a
// whole document), in document order. Nothing is kept between calls, so
// memory does not grow with the number of candidates; the candidate passed
// is valid only during the call.
func ScanText(src []byte, base int, yield func(*Candidate)) {
	var c Candidate
	scanText(&c, src, base, yield)
}

// scanText is ScanText filling in c, the caller's buffer, for each
// candidate: walkers that scan many small texts allocate none per text.
func scanText(c *Candidate, src []byte, base int, yield func(*Candidate)) {
	floor := 0       // no candidate starts before the end of the previous one
	var folding int8 // whether src declares RFC 8792 line folding: 0 not known yet, 1 yes, -1 no
	var lines lineCursor
	for i := 0; i < len(src); {
		k := bytes.IndexByte(src[i:], ':')
		if k < 0 {
			break
		}
		colon := i + k
		i = colon + 1
		s := schemeStart(src, floor, colon)
		if s < 0 || inHexDump(src[lines.lineStart(src, s):s]) {
			continue
		}
		if s-1 >= floor && src[s-1] == '<' {
			if end, ok := angle(c, src, base, s, colon); ok {
				if !pattern(c.URI) {
					yield(c)
				}
				floor, i = end, end
				continue
			}
		}
		if end, ok := bare(c, src, base, s, colon, &folding); ok {
			if !pattern(c.URI) && (s == 0 || src[s-1] != '^') {
				yield(c)
			}
			floor, i = end, end
		}
	}
}

// schemeStart returns where the scheme ending at src[colon] starts: the
// first letter of the run of scheme characters before the colon, or -1 when
// there is none or a digit comes right before that letter. (The runs looked at for successive colons never overlap, so
// this costs one pass over the text in all.)
func schemeStart(src []byte, floor, colon int) int {
	s := colon
	for s > floor && grammar.IsSchemeChar(src[s-1]) {
		s--
	}
	for s < colon && !grammar.IsAlpha(src[s]) {
		s++
	}
	if s == colon || s > 0 && grammar.IsDigit(src[s-1]) {
		// No scheme, or a digit right before its first letter: "1abc://x"
		// is no "abc://x" with text before it. (Punctuation before it,
		// ".http://x" or "----urn:a:b", is not part of it.)
		return -1
	}
	return s
}

// bare delimits a candidate in running text that starts with the scheme
// src[s:colon]. It fills in c and returns the offset after the candidate.
// folding caches whether src declares RFC 8792 line folding (see
// rejoinFolded).
func bare(c *Candidate, src []byte, base, s, colon int, folding *int8) (int, bool) {
	n := len(src)
	if colon+1 >= n {
		return 0, false
	}
	scheme := src[s:colon]
	urn := isURNScheme(scheme)
	if !continues(src[colon+1]) && (!urn || !emptyNID(src, colon)) {
		return 0, false
	}
	slashes := colon+2 < n && src[colon+1] == '/' && src[colon+2] == '/'
	// A registered scheme without "//" starts a candidate only where a word
	// starts: not inside a colon-separated token ("3f:bb:30:e6", a hex
	// dump) or a path ("/restconf/data/example:interfaces"); but after the
	// name of a field at the start of a line ("ORGANIZER:mailto:a@b.c").
	if !urn && !slashes && (!iana.IsScheme(scheme) || s > 0 && continuesToken(src[s-1]) && (src[s-1] != ':' || !fieldName(src, s-1))) {
		return 0, false
	}
	stop := extend(src, colon+1)
	if s > 0 && src[s-1] == '\'' {
		// Single quotes delimit like double quotes when one opens the
		// candidate: xmlns='urn:example:a'/> ends before the "'".
		if q := bytes.IndexByte(src[colon+1:stop], '\''); q >= 0 {
			stop = colon + 1 + q
		}
	}
	end := trim(src, s, stop, s > 0 && src[s-1] == '*')
	// Something other than slashes must follow the ":": "see the http://
	// prefix" names a scheme, it is not a URI.
	j := colon + 1
	for j < end && src[j] == '/' {
		j++
	}
	if j >= end && (end-colon != 4 || !equalFoldASCII(scheme, "file")) { // "file:///" is complete
		return 0, false
	}
	// Likewise "urn:NID" or "urn:NID:" with no NSS names a namespace ("the
	// urn:xmpp namespace", "URNs starting with "urn:xmpp:""); it is not a
	// URN with a missing NSS. Inside <...> it is one.
	if urn && bytes.IndexByte(src[colon+1:end], ':') < 0 {
		return 0, false
	}
	ctx := ContextText
	if s > 0 && src[s-1] == '"' && stop < n && src[stop] == '"' {
		ctx = ContextQuoted
	}
	if end < n && src[end] == '\\' && folds(src, end) && declaresFolding(src, folding) {
		return rejoinFolded(c, src, base, s, end, kindOf(urn), ctx), true
	}
	uri := string(src[s:end])
	*c = Candidate{
		URI: uri, Raw: uri, Kind: kindOf(urn), Context: ctx,
		Start: base + s, End: base + end, PrefixStart: -1,
	}
	if ctx == ContextText && end == stop {
		if k, e, ok := continuation(src, end); ok {
			c.Continued, c.ContinuedEnd = string(src[k:e]), base+e
		}
	}
	return end, true
}

// continuation finds the text at the start of the next line that plausibly
// continues a bare URI ending at src[end], a line break: the URI ends with
// a character a complete URI seldom ends with when it is cut ("-", "/", ".",
// "_", "=", "?", "&", "#", "%"), and the next line, after its indentation,
// starts with a word of URI characters that holds one of "/.-_=?&#%~" or a
// digit (a path segment, "icmp-parameters", "form.example"; not a word of
// prose such as "and", nor a label followed by ":" as a YAML key is). It
// returns that word's span.
func continuation(src []byte, end int) (int, int, bool) {
	if end == 0 || end >= len(src) || strings.IndexByte("-/._=?&#%", src[end-1]) < 0 {
		return 0, 0, false
	}
	k := end
	if src[k] == '\r' {
		k++
	}
	if k >= len(src) || src[k] != '\n' && src[k-1] != '\r' {
		return 0, 0, false
	}
	if src[k] == '\n' {
		k++
	}
	for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
		k++
	}
	if k >= len(src) || !grammar.IsAlnum(src[k]) && src[k] != '/' {
		return 0, 0, false
	}
	e := trim(src, k, extend(src, k), false)
	word := src[k:e]
	if e == k || bytes.IndexByte(word, ':') >= 0 && startsURI(word) || !bytes.ContainsAny(word, "/.-_=?&#%~0123456789") {
		return 0, 0, false
	}
	if e < len(src) && src[e] == ':' && (e+1 == len(src) || grammar.IsSpace(src[e+1])) {
		return 0, 0, false // a label ("key:" of YAML, a field name), not more of the URI
	}
	return k, e, true
}

// FoldingNote is what a document that folds long lines as RFC 8792 does
// says of it ("NOTE: '\\' line wrapping per RFC 8792"). The scanner rejoins
// the URIs of such a document that a "\\" folds (see rejoinFolded); a
// reader of large text in windows reads such a file whole.
const FoldingNote = "line wrapping per RFC 8792"

// declaresFolding reports whether src says that its figures fold long
// lines as RFC 8792 does ("NOTE: '\\' line wrapping per RFC 8792", or
// "'\\\\'"), looking once and keeping the answer in *cache.
func declaresFolding(src []byte, cache *int8) bool {
	if *cache == 0 {
		*cache = -1
		if bytes.Contains(src, []byte(FoldingNote)) {
			*cache = 1
		}
	}
	return *cache > 0
}

// rejoinFolded fills in c with the bare candidate that starts at src[s] and
// whose first line ends at src[end], a "\\" that folds it (RFC 8792, in a
// document that declares it): each folding "\\", the line break and the
// indentation after it (and, in the "\\\\" strategy, the "\\" that starts the
// continuation) are layout, and the URI goes on. It returns the offset after
// the candidate.
func rejoinFolded(c *Candidate, src []byte, base, s, end int, kind Kind, ctx Context) int {
	*c = Candidate{Kind: kind, Context: ctx, Start: base + s, PrefixStart: -1}
	uri := make([]byte, 0, 2*(end-s))
	add := func(from, to int) {
		c.pieces = append(c.pieces, piece{uri: len(uri), src: base + from, n: to - from, srcN: to - from})
		uri = append(uri, src[from:to]...)
		c.End = base + to
	}
	add(s, end)
	for end < len(src) && src[end] == '\\' && folds(src, end) {
		k := end + 1
		for k < len(src) && grammar.IsSpace(src[k]) && lineBreaks(src[end+1:k+1]) <= 1 {
			k++
		}
		if k < len(src) && src[k] == '\\' {
			k++
		}
		if k >= len(src) || !continues(src[k]) || lineBreaks(src[end+1:k]) != 1 {
			break
		}
		next := trim(src, k, extend(src, k), false)
		if next == k {
			break
		}
		add(k, next)
		end = next
	}
	c.URI = string(uri)
	c.Raw = string(src[s : c.End-base])
	if len(c.pieces) == 1 {
		c.pieces = nil
	}
	return c.End - base
}

// continues reports whether c, right after a scheme's ":", can continue a
// URI: not whitespace, "<", ">", DQUOTE or another ":".
func continues(c byte) bool { return c != ':' && scanClass[c] != sStop }

// continuesToken reports whether a scheme after c would continue a token
// rather than start a word: c is ":", "/" or a scheme character that
// schemeStart skipped because no scheme may start with it.
func continuesToken(c byte) bool { return c == ':' || c == '/' || grammar.IsSchemeChar(c) }

// extend returns where a bare candidate whose scheme ends before src[i]
// stops: at whitespace, "<", ">", DQUOTE, a closing bracket that nothing in
// the candidate opened, a non-ASCII character that is not a letter, mark or
// digit (a zero-width joiner between letters is part of the word), Han,
// Kana or Hangul glued to an ASCII letter or digit, an excluded character
// that separates (see separates), or the end of src. (An invalid UTF-8 byte
// continues it.)
func extend(src []byte, i int) int {
	var paren, square, curly int
	sawCJK := false
	var row int8 // whether the line is a table row: 0 not known yet, 1 yes, -1 no (a bare URI is on one line)
	n := len(src)
	for i < n {
		b := src[i]
		switch scanClass[b] {
		case sURI:
			i++
			for i < n && scanClass[src[i]] == sURI {
				i++
			}
		case sExcl:
			if startsURI(src[i+1:]) {
				return i
			}
			if b == '|' {
				if row == 0 {
					row = -1
					if tableRow(src, i) {
						row = 1
					}
				}
				if row > 0 {
					return i
				}
			}
			i++
		case sStop:
			return i
		case sOpen:
			switch b {
			case '(':
				paren++
			case '[':
				square++
			default:
				curly++
			}
			i++
		case sClose:
			d := &paren
			switch b {
			case ']':
				d = &square
			case '}':
				d = &curly
			}
			if *d == 0 {
				return i
			}
			*d--
			i++
		case sMulti:
			r, size := utf8.DecodeRune(src[i:])
			if r == utf8.RuneError && size == 1 {
				// Not UTF-8: most likely a letter of a legacy encoding
				// (Latin-1 "caf\xe9"). It stays in the candidate, where
				// percent-unencoded names the byte, rather than cut the
				// URI short without a word.
				i++
				continue
			}
			switch {
			case r == zwnj || r == zwj:
				if !joins(src, i, size) {
					return i
				}
			case !unicode.IsLetter(r) && !unicode.IsMark(r) && !unicode.IsDigit(r):
				return i
			case cjk(r):
				// Han, Kana or Hangul right after an ASCII letter or digit is
				// prose glued to the URI ("about:config对指定的配置",
				// "hotmail.com의"): in CJK text no space separates words.
				// Not in a URI that is written in those scripts already
				// ("http://中国.中国/foo中国").
				if !sawCJK && i > 0 && src[i-1] < 0x80 && grammar.IsAlnum(src[i-1]) {
					return i
				}
				sawCJK = true
			}
			i += size
		}
	}
	return n
}

// The zero-width joiners: between two letters they are part of a word
// (Persian, Malayalam, emoji sequences), and so of an IRI.
const (
	zwnj = '\u200c'
	zwj  = '\u200d'
)

// joins reports whether the joiner of size bytes at src[i] sits between two
// letters (or marks), and so continues the word it is in.
func joins(src []byte, i, size int) bool {
	before, _ := utf8.DecodeLastRune(src[:i])
	after, _ := utf8.DecodeRune(src[i+size:])
	return (unicode.IsLetter(before) || unicode.IsMark(before)) && (unicode.IsLetter(after) || unicode.IsMark(after))
}

// cjk reports whether r is of the Han, Hiragana, Katakana or Hangul script.
func cjk(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hangul, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r)
}

// startsURI reports whether b starts with a URI a scanner would take: a
// scheme and "://", or "urn:" in any case.
func startsURI(b []byte) bool {
	if len(b) < 4 || !grammar.IsAlpha(b[0]) {
		return false
	}
	if equalFoldASCII(b[:4], "urn:") {
		return true
	}
	k := 1
	for k < len(b) && grammar.IsSchemeChar(b[k]) {
		k++
	}
	return bytes.HasPrefix(b[k:], []byte("://"))
}

// tableRow reports whether the line holding src[i] is a row of a
// plain-text table: its first and last characters, whitespace aside, are
// "|". A line of more than maxRow bytes is no table's row (and looking
// at it costs no more than that).
func tableRow(src []byte, i int) bool {
	from := max(i-maxRow, 0)
	start := bytes.LastIndexByte(src[from:i], '\n') + 1
	if start == 0 && from > 0 {
		return false
	}
	start += from
	end := bytes.IndexByte(src[i:min(i+maxRow, len(src))], '\n')
	switch {
	case end >= 0:
		end += i
	case i+maxRow < len(src):
		return false
	default:
		end = len(src)
	}
	line := bytes.TrimSpace(src[start:end])
	return len(line) > 1 && line[0] == '|' && line[len(line)-1] == '|'
}

// maxRow is the longest line that tableRow and fieldName look at.
const maxRow = 1024

// emptyNID reports whether "urn:" ending at src[colon] is followed by a
// second ":" and more ("urn::xmpp:styling:0"), the typo of an empty
// namespace identifier: a candidate, for urn-nid-syntax to report.
func emptyNID(src []byte, colon int) bool {
	return colon+2 < len(src) && src[colon+1] == ':' && continues(src[colon+2])
}

// fieldName reports whether the line holding src[colon] starts, after its
// indentation, with the name of a field ending at that colon: a token (a
// letter, then letters, digits and "-"), optionally followed by
// parameters (";" token "=" value, the value quoted or not), as iCalendar,
// vCard, SIP and HTTP examples write them ("ORGANIZER:mailto:...",
// "TEL;VALUE=uri:tel:+1-555-555-5555", "Contact:sip:alice@example.com").
// A hex dump ("3f:bb:30") has no such name.
func fieldName(src []byte, colon int) bool {
	from := max(colon-maxRow, 0)
	i := bytes.LastIndexByte(src[from:colon], '\n') + 1
	if i == 0 && from > 0 {
		return false // too far from the start of the line for a field's name
	}
	i += from
	for i < colon && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	token := func() bool {
		if i >= colon || !grammar.IsAlpha(src[i]) {
			return false
		}
		for i < colon && (grammar.IsAlnum(src[i]) || src[i] == '-') {
			i++
		}
		return true
	}
	if !token() {
		return false
	}
	for i < colon && src[i] == ';' {
		i++
		if !token() || i >= colon || src[i] != '=' {
			return false
		}
		i++
		if i < colon && src[i] == '"' {
			q := bytes.IndexByte(src[i+1:colon], '"')
			if q < 0 {
				return false
			}
			i += q + 2
			continue
		}
		for i < colon && src[i] != ';' && src[i] != '"' && src[i] != '\n' {
			i++
		}
	}
	return i == colon
}

// pattern reports whether a candidate is a pattern that matches URIs rather
// than a URI: a regular expression ("urn:cid:.+@([^\\.]+\\.)(.*)$" in a NAPTR
// record, "urn:ietf:(\\w*):(\\d*)") or a string escaped for one
// ("http://cdni\\\\.example/"). It holds an escaped dot "\\.", a class escape
// with a quantifier ("\\d+", "\\w*", "\\s?"), or ".*", ".+", "[^" or "(?".
// (A "^" right before the scheme anchors a pattern too; the scanner looks
// at that.) A backslash in a Windows path ("file:///C:\\dir") is no
// pattern.
func pattern(uri string) bool {
	for i := 0; i+1 < len(uri); i++ {
		switch uri[i] {
		case '\\':
			switch c := uri[i+1]; {
			case c == '.':
				return true
			case (c == 'd' || c == 'w' || c == 's') && i+2 < len(uri) && strings.IndexByte("*+?{", uri[i+2]) >= 0:
				return true
			}
		case '.':
			if c := uri[i+1]; c == '*' || c == '+' {
				return true
			}
		case '[':
			if uri[i+1] == '^' {
				return true
			}
		case '(':
			if uri[i+1] == '?' {
				return true
			}
		}
	}
	return false
}

// trim removes from the end of the candidate src[s:end] what is punctuation
// of the sentence rather than part of the URI: ". , ; : ! ?", "*" when a "*"
// came right before the candidate (emphasis: "*http://a.example/x*"), an
// apostrophe that closes a quotation opened before the candidate, an opening
// bracket that nothing closes, and excluded characters (which stay inside a
// candidate only when more of it follows them). "%" is never removed: a
// malformed percent-encoding is reported, not cut off.
func trim(src []byte, s, end int, emphasis bool) int {
	for end > s {
		switch b := src[end-1]; {
		case b == '.' || b == ',' || b == ';' || b == ':' || b == '!' || b == '?' || b == '*' && emphasis:
			end--
		case b == '(' || b == '[':
			end--
		case b == '\'':
			if opensQuote(src[s : end-1]) {
				return end
			}
			end--
		case b == ')' || b == ']' || b == '}':
			return end // extend kept only closers that match an opener
		case b < 0x80 && grammar.IsExcluded(b):
			end--
		default:
			return end
		}
	}
	return end
}

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

// angle delimits a candidate wrapped in angle brackets, whose scheme (or
// "URL:" prefix) src[s:colon] follows the "<" at src[s-1]. Whitespace inside
// the brackets is layout and is removed; a blank line, "<" or DQUOTE before
// the ">" means this was not a wrapper after all. It fills in c and returns
// the offset after the ">".
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

func angle(c *Candidate, src []byte, base, s, colon int) (int, bool) {
	n := len(src)
	start, prefix, ctx := s, -1, ContextAngle
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
	gt, layout := -1, false
	for i := colon + 1; i < n && gt < 0; i++ {
		switch b := src[i]; {
		case b == '>':
			gt = i
		case b == '<' || b == '"':
			return 0, false
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
	if !layout {
		if gt == colon+1 {
			return 0, false // nothing after the ":"
		}
		c.URI = string(src[start:gt])
		c.Raw, c.End = c.URI, base+gt
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
			c.pieces = append(c.pieces, piece{uri: len(uri), src: base + i, n: j - i, srcN: j - i})
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
	if len(uri) == colon+1-start {
		return 0, false // nothing but layout after the ":"
	}
	c.URI = string(uri)
	c.Raw = string(src[start : c.End-base])
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

func kindOf(urn bool) Kind {
	if urn {
		return KindURN
	}
	return KindURI
}

func isURNScheme(scheme []byte) bool { return equalFoldASCII(scheme, "urn") }

// equalFoldASCII reports whether b equals the lower-case ASCII string lower,
// ignoring the case of ASCII letters.
func equalFoldASCII(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i := range b {
		if c := b[i]; c != lower[i] && (c < 'A' || c > 'Z' || c+'a'-'A' != lower[i]) {
			return false
		}
	}
	return true
}

// equalFoldBytes reports whether a and b are equal, ignoring the case of
// ASCII letters.
func equalFoldBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if grammar.Lower(a[i]) != grammar.Lower(b[i]) {
			return false
		}
	}
	return true
}
