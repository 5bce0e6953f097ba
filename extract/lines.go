package extract

import (
	"bytes"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// continuation finds the text at the start of the next line that plausibly
// continues a bare URI src[start:end] ending at a line break: the URI ends with
// a character a complete URI seldom ends with when it is cut ("-", "/", ".",
// "_", "=", "?", "&", "#", "%"), and the next line, after its indentation,
// starts with a word of URI characters that holds one of "/.-_=?&#%~" or a
// digit (a path segment, "icmp-parameters", "form.example"; not a word of
// prose such as "and", nor a label followed by ":" as a YAML key is). It
// returns that word's span.
//
// A URI that starts a column of a table (two spaces or more between it and
// the text before it on its line: "example     https://...") is in a cell:
// the next line is the next row, or the cell wrapped by the tool that laid
// the table out; either way no author cut it. So is one whose next line
// has its line's layout, a word and then another URI in the URI's column
// ("FITSview http://..." above "XMM-SAS  http://..."), and one on a line
// of its own whose next line is indented less (the next entry of a list).
//
// Only a URI that starts a word of prose and is likely one is looked at: not
// one that starts inside another token ("...&origin=https://...", the inner
// URI of a cut one), nor one right after a quote or a ">" (a string of a
// JSON or XML example, which its syntax keeps from being wrapped), nor a
// bare "scheme:" of a scheme whose syntax is not known ("DAV:query-").
func continuation(src []byte, start, end int) (int, int, bool) {
	if end == 0 || end >= len(src) || strings.IndexByte("-/._=?&#%", src[end-1]) < 0 || inColumn(src, start) ||
		!startsProse(src, start) || !likelyURI(src[start:end]) {
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
	next := k
	for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
		k++
	}
	if k >= len(src) || !grammar.IsAlnum(src[k]) && src[k] != '/' {
		return 0, 0, false
	}
	if in, ok := startsLine(src, start); ok && k-next < in {
		return 0, 0, false // the next line goes back out: a new entry, not more of the URI
	}
	if restTarget(src, start) {
		// A hyperlink target of reStructuredText (a Sphinx project's
		// sources named .txt: MapServer's): docutils joins the indented
		// lines of its URI, which is cut by no line break.
		return 0, 0, false
	}
	if literalBlock(src, start) {
		// A literal block of reStructuredText (an indented block after a
		// paragraph that ends with "::"): an example, laid out as its
		// author meant (a request split one parameter per line, a
		// configuration's options), not prose a tool wrapped.
		return 0, 0, false
	}
	if lineComment(src, start) {
		// A line comment ("#    see https://.../content_flags/"): a next
		// line without its mark is no more of the comment (the setting
		// it describes, Luanti's settingtypes.txt), and one with it
		// starts with the mark, which is no word of a URI.
		return 0, 0, false
	}
	e := trim(src, k, extend(src, k), false)
	word := src[k:e]
	if numbered(src, start) && allDigits(word) {
		return 0, 0, false // the next line's number, in a listing whose lines are numbered
	}
	if allDigits(word) && e+1 < len(src) && (src[e] == '.' || src[e] == ')') && (src[e+1] == ' ' || src[e+1] == '\t') {
		return 0, 0, false // the next item of a numbered list ("4. http://...")
	}
	if e == k || bytes.IndexByte(word, ':') >= 0 && startsURI(word) || !bytes.ContainsAny(word, "/.-_=?&#%~0123456789") ||
		!hasAlnum(word) || abbreviation(src[k:min(e+1, len(src))]) {
		// Not a word at all ("//" that starts the next line of a
		// comment), or an abbreviation of prose ("e.g.", "i.e.").
		return 0, 0, false
	}
	if c := e + colons(src[e:]); c > e && (c == len(src) || grammar.IsSpace(src[c])) {
		// A label ("key:" of YAML, a field name, an AsciiDoc description
		// list's term "2021-11-30::"), not more of the URI.
		return 0, 0, false
	}
	if at := bytes.IndexByte(word, '@'); at > 0 && src[end-1] == '/' && bytes.IndexByte(word, '/') < 0 && bytes.IndexByte(word[at:], '.') > 0 {
		// An e-mail address after a URI that ends a path, the next line
		// of a contact ("https://www.bodc.ac.uk/", "enquiries@bodc.ac.uk"):
		// not the rest of "mailto:i-d-", nor of a path.
		return 0, 0, false
	}
	if sameLayout(src, start, k, e) || sameColumns(src, start, k, e) {
		return 0, 0, false // the next row of a list of labels and URIs, or of a table
	}
	if nestedList(src, start, end, next, k, e) {
		return 0, 0, false // the first item of a list of names under the URI's line
	}
	if namesAndURIs(src, start, e) {
		return 0, 0, false // a name on a line of its own, then its URI: the next pair of a list
	}
	if fieldRecord(src, start, k-next) {
		return 0, 0, false // the next line of a record of fields, not indented as a field's value goes on
	}
	if hadRoom(src, end, k, e) {
		return 0, 0, false // no tool wrapped the line there, nor did its author
	}
	return k, e, true
}

// hadRoom reports whether the word src[k:e] that starts the next line would
// have fitted on the line that ends at src[end], with a space before it,
// within the width of the widest line of the paragraph: a line broken where
// the next word had room was not wrapped. A record per line ("Combine/3
// http://combine.it.lth.se/" then "Combine/x.0", a list of user agents), a
// sentence per line ("... use http://127.0.0.1:9091/" then "9091 is the
// default port"), or a comment line before the line it describes ("# SEE:
// https://docs.example.org/charset-normalizer/" then "charset-normalizer >=
// 3.1") is not a cut URI. A tool that wraps text breaks a URI only where the
// rest of it does not fit; so does an author who keeps to a width.
func hadRoom(src []byte, end, k, e int) bool {
	ls := bytes.LastIndexByte(src[:end], '\n') + 1
	need := lineWidth(src[ls:end]) + 1 + lineWidth(src[k:e])
	widest := 0
	// The paragraph's lines: on from the URI's line (the next one is
	// never blank), and back from it, up to a blank line, a bounded number
	// of lines each way.
	for i, n := ls, 0; n <= maxParagraphLines; n++ {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			j = len(src) - i
		}
		line := src[i : i+j]
		if blank(line) {
			break
		}
		widest = max(widest, lineWidth(line))
		if i+j >= len(src) {
			break
		}
		i += j + 1
	}
	for i, n := ls, 0; i > 0 && n < maxParagraphLines; n++ {
		j := bytes.LastIndexByte(src[:i-1], '\n') + 1
		line := src[j : i-1]
		if blank(line) {
			break
		}
		widest = max(widest, lineWidth(line))
		i = j
	}
	return need <= widest
}

// maxParagraphLines bounds the lines hadRoom reads each way, and
// maxLineBytes the bytes of a line it measures: longer than that, a line is
// as wide as any wrap needs.
const (
	maxParagraphLines = 30
	maxLineBytes      = 1024
)

// lineWidth returns the columns line takes up to its last visible character
// (see displayWidth), measuring at most maxLineBytes of it.
func lineWidth(line []byte) int {
	return displayWidth(bytes.TrimRight(line[:min(len(line), maxLineBytes)], " \t\r"))
}

// sameColumns reports whether the word src[k:e] that starts a line is the
// first cell of the next row of the table the URI at src[start] is in: both
// lines have the same indentation, the URI's line has a gap (two spaces or
// more, or a tab) before the URI, and the word is followed by a gap and
// more text ("APBSDx  HamBSD https://hambsd.org/" then "APBT62  BTech DMR
// 6x2", Dire Wolf's table of APRS tocalls). The columns need not line up: a
// cell wider than its column, or a tab, pushes the rest of its row
// ("quic_ping_443.pkt     ... Generated using https://github.com/kelmenhorst/quic-ping/"
// then "rdp_3389.pkt            This probe ...", zmap's list of UDP probes).
func sameColumns(src []byte, start, k, e int) bool {
	ls := bytes.LastIndexByte(src[:start], '\n') + 1
	lk := bytes.LastIndexByte(src[:k], '\n') + 1
	if k-lk != indentOf(src, ls, start) || start-ls > maxRow {
		return false
	}
	gapped := false // a gap on the URI's line before the URI
	for i := ls + (k - lk); i < start && !gapped; i++ {
		gapped = gapAt(src[i:start])
	}
	return gapped && gapAt(src[e:]) && hasTextAfterGap(src[e:])
}

// gapAt reports whether b starts with a gap between cells: a tab, or two
// spaces or more.
func gapAt(b []byte) bool {
	return len(b) > 0 && b[0] == '\t' || len(b) > 1 && b[0] == ' ' && b[1] == ' '
}

// hasTextAfterGap reports whether the gap that starts b is followed, on its
// line, by something other than whitespace.
func hasTextAfterGap(b []byte) bool {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i < len(b) && !grammar.IsSpace(b[i])
}

// indentOf returns how many spaces and tabs start the line at src[ls],
// up to src[end].
func indentOf(src []byte, ls, end int) int {
	i := ls
	for i < end && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i - ls
}

func hasAlnum(b []byte) bool {
	for _, c := range b {
		if grammar.IsAlnum(c) {
			return true
		}
	}
	return false
}

// abbreviation reports whether word is letters, one or two at a time,
// each followed by ".", twice or more: "e.g.", "i.e.", "a.k.a.".
func abbreviation(word []byte) bool {
	n, i := 0, 0
	for i < len(word) {
		j := i
		for j < len(word) && grammar.IsAlpha(word[j]) {
			j++
		}
		if j == i || j-i > 2 || j == len(word) || word[j] != '.' {
			return false
		}
		i, n = j+1, n+1
	}
	return n >= 2
}

// startsLine reports whether the URI at src[start] is the first thing on
// its line, and how far it is indented: a line of its own, such as the
// URI under an entry of a list of credits, whose next line, less indented,
// is the next entry ("  http://nbenoit.tuxfamily.org/" then "Jean-loup
// Gailly from gzip.org").
func startsLine(src []byte, start int) (indent int, ok bool) {
	i := start
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') && start-i < maxRow {
		i--
	}
	return start - i, i == 0 || src[i-1] == '\n' || src[i-1] == '\r'
}

// lineComment reports whether the line of src[start] is a line comment:
// after its indentation, "#", "//", "--", ";" or "%" and a space or a tab,
// then text up to the URI (maxRow bytes at most are looked back at).
func lineComment(src []byte, start int) bool {
	lo := max(0, start-maxRow)
	i := bytes.LastIndexByte(src[lo:start], '\n')
	if i < 0 && lo > 0 {
		return false // a line longer than maxRow: not looked at
	}
	line := bytes.TrimLeft(src[lo+i+1:start], " \t")
	for _, mark := range [...]string{"#", "//", "--", ";", "%"} {
		if rest, ok := bytes.CutPrefix(line, []byte(mark)); ok && len(rest) > 0 && (rest[0] == ' ' || rest[0] == '\t') {
			return true
		}
	}
	return false
}

// nestedList reports whether the word src[k:e], alone on the line that
// starts at src[next], is the first item of a list nested under the line of
// the URI src[start:end]: the word's line is indented more than the URI's,
// and the line after it is, at the same indentation, a word alone too that
// starts with a letter or a digit. A URI that ends with "?", "&" or "=", or
// a word that ends with a character a cut URI ends with, goes on (RFC
// 9207's "https://client.example/cb?", then "code=..." and "&state=...", a
// parameter a line). A catalogue whose entries each name a source and list
// its files below it ("O moga-mobo - Moga/Mobo fonts from Y.Oz Vox
// http://yozvox.web.fc2.com/" above "    mogam.ttc" and "    mogamb.ttc",
// TeX Live's ptex-fontmaps README: 2 reports of held-out set 185, judged
// wrong) is no cut URI: a tool that wraps a paragraph keeps its
// indentation, and the rest of a cut URI is followed by the rest of its
// sentence, not by a sibling.
func nestedList(src []byte, start, end, next, k, e int) bool {
	lo := max(0, start-maxRow)
	ls := bytes.LastIndexByte(src[lo:start], '\n') + 1
	if ls == 0 && lo > 0 {
		return false // a line longer than maxRow: not looked at
	}
	ls += lo
	if k-next <= indentOf(src, ls, start) || !blank(src[e:lineEnd(src, e)]) || strings.IndexByte("?&=", src[end-1]) >= 0 ||
		strings.IndexByte("-/._=?&#%", src[e-1]) >= 0 {
		return false // a query cut after its "?" or between its parameters; a word that goes on
	}
	i := nextLine(src, e) // the line after the word's
	j := i
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j-i != k-next || j >= len(src) || !grammar.IsAlnum(src[j]) {
		return false // not at the same indentation, or more of a URI ("&state=...": a query one parameter a line)
	}
	w := j
	for w < len(src) && !grammar.IsSpace(src[w]) {
		w++
	}
	return blank(src[w:lineEnd(src, w)])
}

// namesAndURIs reports whether the word that starts the next line, ending
// at src[e], is alone on it and the line after it holds a URI that starts in the
// column the URI at src[start] does: a list whose entries are a name on a
// line and its URI on the next (" SDL_mixer 1.2", " http://www.libsdl.org/
// projects/SDL_mixer/", " Vorbis.com", " http://www.vorbis.com", the
// credits of Kenta Cho's games' readme.txt: 3 reports of held-out set 221,
// judged wrong), not more of the URI.
func namesAndURIs(src []byte, start, e int) bool {
	if !blank(src[e:lineEnd(src, e)]) {
		return false
	}
	col, ok := startsLine(src, start)
	if !ok {
		return false
	}
	i := nextLine(src, e)
	j := i
	for j < len(src) && j-i < col && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	return j-i == col && j < len(src) && src[j] != ' ' && src[j] != '\t' && startsURI(src[j:min(len(src), j+maxSchemeRun)])
}

// fieldRecord reports whether the URI at src[start] is the value of a
// field of a record, "Label: URI" on its line after a line that is
// another field of it ("Project: https://..." then "Source:
// http://hg.openjdk.java.net/code-tools/jtharness/", a list of third-party
// licences), and the next line, indented indent, is no more indented than
// they are: a field's value goes on only on a line indented more (as RFC
// 5322 folds a header), so the next line is the next field or record
// ("normalize.css (3.0.2)", the next licence; Helidon's, held-out set
// 207). A field is recordField's.
func fieldRecord(src []byte, start, indent int) bool {
	lo := max(0, start-maxRow)
	ls := bytes.LastIndexByte(src[lo:start], '\n') + 1
	if ls == 0 && lo > 0 || ls < 2 {
		return false // a line longer than maxRow, or the first line
	}
	ls += lo
	in := indentOf(src, ls, start)
	if indent > in {
		return false
	}
	l := recordField(src, ls+in, start)
	if l < 0 || !blank(src[l:start]) {
		return false
	}
	pe := ls - 1 // the previous line's end
	if pe > 0 && src[pe-1] == '\r' {
		pe--
	}
	plo := max(0, pe-maxRow)
	ps := bytes.LastIndexByte(src[plo:pe], '\n') + 1
	if ps == 0 && plo > 0 {
		return false // a line longer than maxRow: not looked at
	}
	ps += plo
	return indentOf(src, ps, pe) == in && recordField(src, ps+in, pe) >= 0
}

// recordField returns the end of the field's name and ":" that start the
// text src[i:end] of a line (fieldName's, the name capitalised:
// "Source:"), followed by a space, a tab or end; or -1.
func recordField(src []byte, i, end int) int {
	c := bytes.IndexByte(src[i:end], ':')
	if c < 0 || src[i] < 'A' || src[i] > 'Z' {
		return -1
	}
	c += i
	if !fieldName(src, c) || c+1 < end && src[c+1] != ' ' && src[c+1] != '\t' && src[c+1] != '\r' {
		return -1
	}
	return c + 1
}

// sameLayout reports whether the word src[k:e] that starts a line is
// followed, after spaces, by another URI where the line of the URI at
// src[start] has the same layout: the next row of a list of labels and
// URIs, whose first column is a label, not more of the URI. Either the two
// URIs start in the same column ("FITSview http://.../fitsview/" then
// "XMM-SAS  http://..."), or each line, at the same indentation, is one
// word, spaces and its URI ("hg https://www.mercurial-scm.org/wiki/" then
// "h2g2 http://h2g2.com/dna/h2g2/", MoinMoin's map of interwiki names).
func sameLayout(src []byte, start, k, e int) bool {
	j := e
	for j < len(src) && src[j] == ' ' {
		j++
	}
	if j == e || j >= len(src) || src[j] == '\n' || src[j] == '\r' || !startsURI(src[j:min(len(src), j+maxSchemeRun)]) {
		return false
	}
	lineStart := func(i int) int { return bytes.LastIndexByte(src[:i], '\n') + 1 }
	ls, lk := lineStart(start), lineStart(k)
	if j-lk == start-ls {
		return true
	}
	// The URI's line: the next line's indentation, one word, spaces.
	i := ls + (k - lk)
	if start-ls > maxRow || indentOf(src, ls, start) != k-lk {
		return false
	}
	for i < start && !grammar.IsSpace(src[i]) {
		i++
	}
	if i == ls+(k-lk) || i == start {
		return false
	}
	for i < start && src[i] == ' ' {
		i++
	}
	return i == start
}

// maxSchemeRun bounds the text sameLayout reads for a URI's start: a
// scheme and "://".
const maxSchemeRun = 64

// startsProse reports whether a URI at src[start] starts a word of prose:
// at the start of src or after whitespace or an opening bracket or
// punctuation that is not a URI's or a quote's.
func startsProse(src []byte, start int) bool {
	if start == 0 {
		return true
	}
	switch c := src[start-1]; {
	case grammar.IsSpace(c):
		return true
	case c == '(' || c == '[' || c == '{' || c == '*' || c == ',' || c == ';':
		return true
	}
	return false
}

// likelyURI reports whether the bare candidate uri is likely a URI: a URN,
// "//" after its scheme, or a scheme whose syntax the scanner knows (see
// startsAsSyntax). (Whether it starts as that syntax says was decided
// before, with the next line's help.)
func likelyURI(uri []byte) bool {
	colon := bytes.IndexByte(uri, ':')
	if colon < 0 {
		return false
	}
	return isURNScheme(uri[:colon]) || bytes.HasPrefix(uri[colon+1:], []byte("//")) ||
		startsAsSyntax(string(uri[:colon]), "") != syntaxUnknown
}

// numbered reports whether the line holding src[i] starts, after its
// indentation, with a number followed by a space or a tab: a line of a
// listing whose lines are numbered ("     9 Homepage: http://...").
func numbered(src []byte, i int) bool {
	ls := i
	for ls > 0 && src[ls-1] != '\n' && src[ls-1] != '\r' && i-ls < maxRow {
		ls--
	}
	for ls < i && (src[ls] == ' ' || src[ls] == '\t') {
		ls++
	}
	j := ls
	for j < i && grammar.IsDigit(src[j]) {
		j++
	}
	return j > ls && j < i && (src[j] == ' ' || src[j] == '\t')
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if !grammar.IsDigit(c) {
			return false
		}
	}
	return len(b) > 0
}

// inColumn reports whether the URI at src[start] starts a column of a
// plain-text table: two spaces or more separate it from text before it on
// its line.
func inColumn(src []byte, start int) bool {
	i := start
	for i > 0 && src[i-1] == ' ' {
		i--
	}
	if start-i < 2 || i == 0 || src[i-1] == '\n' || src[i-1] == '\r' || src[i-1] == '\t' {
		return false
	}
	return true
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
// with a quantifier ("\\d+", "\\w*", "\\s?"), a class of a range with one
// ("[0-9]+", "[a-z]*"), or ".*", ".+", "[^" or "(?".
// (A "^" right before the scheme anchors a pattern too; the scanner looks
// at that.) A backslash in a Windows path ("file:///C:\\dir") is no
// pattern.
func pattern(uri string) bool {
	// Each form needs one of "\\*+^?": most URIs have none, and IndexByte
	// says so faster than the loop.
	if strings.IndexByte(uri, '\\') < 0 && strings.IndexByte(uri, '*') < 0 && strings.IndexByte(uri, '+') < 0 &&
		strings.IndexByte(uri, '^') < 0 && strings.IndexByte(uri, '?') < 0 {
		return false
	}
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
			// A character class with a quantifier: "rfc[0-9]+".
			if k := strings.IndexByte(uri[i+1:], ']'); k > 0 && i+k+2 < len(uri) && strings.IndexByte("*+?{", uri[i+k+2]) >= 0 &&
				strings.IndexByte(uri[i+1:i+1+k], '-') > 0 {
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

// LastLineCut returns the last offset in the plain text b, the start of a
// line, where b may be cut in two with ScanText finding in the parts (the
// second's offsets moved by the cut) exactly what it finds in the whole, or
// -1. It is for text without a blank line, where a cut is otherwise never
// made: the scanner looks across a line break only
//
//   - inside angle brackets, where a URI may wrap across lines: no cut
//     while the last "<" may open a wrapper still open (no ">" nor DQUOTE
//     after it, either of which ends or cancels one; a "<" after it
//     cancels it too, and is the last);
//   - for a bare URI that runs to the line's end with a character a cut URI
//     often ends with (see continuation): no cut after a line ending with
//     one of "-/._=?&#%", "\r" aside;
//   - for the width of the paragraph around such a line, when its last
//     word holds a ":" and may be a URI (see hadRoom): no cut within
//     cutReach lines of it either way, and so none before cutReach lines
//     of b have followed the cut, as a line not yet read may be such a one;
//   - in an iCalendar or vCard object, whose content lines are folded: no
//     cut from a line "BEGIN:V..." (after its indentation, in any case) to
//     the next "END:V..." line (or a blank line, where there is no cut to
//     make here);
//   - for RFC 8792 line folding, which the caller rules out (the text must
//     not hold FoldingNote).
//
// Nor is a cut made right before a byte order mark (which a Locator counts
// only at the start of a document), nor where fewer than three bytes
// follow. b must start where no wrapper or object is open and no such
// paragraph reaches back (at the start of a document, or at a cut).
func LastLineCut(b []byte) int {
	last := -1
	open := false   // a "<" may open a wrapper still open
	object := false // in an iCalendar or vCard object
	lineStart := 0
	// cuts holds, for each of the last cutReach+1 lines, the offset after
	// it where a cut may be made as far as that line goes, or -1; line
	// counts the lines read and wide the last whose paragraph hadRoom may
	// measure (-cutReach-1: none yet).
	var cuts [cutReach + 1]int
	line, wide := 0, -cutReach-1
	for i := 0; i < len(b); {
		k := bytes.IndexAny(b[i:], "<>\"\n")
		if k < 0 {
			break
		}
		i += k
		switch b[i] {
		case '<':
			open = true
		case '>', '"':
			open = false
		case '\n':
			text := bytes.TrimLeft(b[lineStart:i], " \t")
			switch {
			case hasPrefixFold(text, "begin:v"):
				object = true
			case hasPrefixFold(text, "end:v"):
				object = false
			}
			e := i
			for e > lineStart && b[e-1] == '\r' {
				e--
			}
			cont := e > lineStart && strings.IndexByte("-/._=?&#%", b[e-1]) >= 0
			if cont && bytes.IndexByte(b[lineStart+bytes.LastIndexAny(b[lineStart:e], " \t")+1:e], ':') >= 0 {
				wide = line
			}
			cuts[line%len(cuts)] = -1
			if !open && !object && !cont && i+1+len(bom) <= len(b) && !bytes.HasPrefix(b[i+1:], bom) {
				cuts[line%len(cuts)] = i + 1
			}
			// The line cutReach lines back may end a window when no line
			// within cutReach of it either way may be measured.
			if j := line - cutReach; j >= 0 && wide <= j-cutReach && cuts[j%len(cuts)] >= 0 {
				last = cuts[j%len(cuts)]
			}
			line++
			lineStart = i + 1
		}
		i++
	}
	return last
}

// cutReach is how many lines LastLineCut keeps between a cut and a line
// whose paragraph hadRoom may measure, which reads maxParagraphLines each
// way.
const cutReach = maxParagraphLines + 1

// hasPrefixFold reports whether b starts with the lower-case ASCII prefix,
// in any case.
func hasPrefixFold(b []byte, prefix string) bool {
	return len(b) >= len(prefix) && equalFoldASCII(b[:len(prefix)], prefix)
}

// colons returns how many ":" b starts with.
func colons(b []byte) int {
	n := 0
	for n < len(b) && b[n] == ':' {
		n++
	}
	return n
}

// restTarget reports whether the URI at src[start] is the URI of a
// hyperlink target of reStructuredText: its line starts with ".. _" and
// the label's ":" (".. _`Query DSL`: https://..."), or it starts an
// indented line after a line ".. _label:" (2*maxRow bytes at most are
// looked back at).
func restTarget(src []byte, start int) bool {
	lo := max(0, start-2*maxRow)
	ls := bytes.LastIndexByte(src[lo:start], '\n') + 1 + lo
	if ls == lo && lo > 0 {
		return false // a line longer than maxRow: not looked at
	}
	before := bytes.TrimLeft(src[ls:start], " \t")
	if bytes.HasPrefix(before, []byte(".. _")) {
		return bytes.HasSuffix(bytes.TrimRight(before, " \t"), []byte(":"))
	}
	if len(before) > 0 || ls == start || ls < 2 {
		return false
	}
	ps := bytes.LastIndexByte(src[lo:ls-1], '\n') + 1 + lo
	prev := bytes.TrimSpace(src[ps : ls-1])
	return bytes.HasPrefix(prev, []byte(".. _")) && bytes.HasSuffix(prev, []byte(":"))
}

// literalBlock reports whether the line of src[start] is in a literal block
// of reStructuredText: it is indented, and the nearest line above it that
// is indented less, blank lines aside, ends with "::" (a Sphinx project's
// sources named .txt: MapServer's example requests, buildout's tutorial).
// At most maxParagraphLines lines and 2*maxRow bytes are looked back at.
func literalBlock(src []byte, start int) bool {
	lo := max(0, start-2*maxRow)
	ls := bytes.LastIndexByte(src[lo:start], '\n') + 1 + lo
	if ls == lo && lo > 0 {
		return false
	}
	in := indentOf(src, ls, start)
	if in == 0 {
		return false
	}
	for end, n := ls-1, 0; end > lo && n < maxParagraphLines; n++ {
		ps := bytes.LastIndexByte(src[lo:end], '\n') + 1 + lo
		if ps == lo && lo > 0 {
			return false // the line may start before what is looked at
		}
		line := bytes.TrimRight(src[ps:end], " \t\r")
		if len(line) > 0 && indentOf(src, ps, ps+len(line)) < in {
			return bytes.HasSuffix(line, []byte("::"))
		}
		end = ps - 1
	}
	return false
}
