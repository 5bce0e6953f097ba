package extract

import (
	"bytes"
	"unicode"
	"unicode/utf8"
)

// The shapes of AsciiDoc lines, after Asciidoctor's (lib/asciidoctor/rx.rb
// and parser.rb): each function reads one line, its trailing whitespace
// left out.

// adocDelimiterInfo says whether a line opens (or closes) a delimited
// block, and which: tip is the delimiter's first four characters ("--" and
// "```" for the open block and fenced code).
type adocDelimiterInfo struct {
	ok  bool
	tip string
}

// adocDelimiter reads a delimiter line (is_delimited_block?): "--", or
// four or more of one of "-", ".", "=", "*", "_", "+", "/", "~", or
// "|===", ",===", ":===", "!===" with more "=", or "```" optionally
// followed by a language (not "````").
func adocDelimiter(line []byte) adocDelimiterInfo {
	n := len(line)
	if n < 2 {
		return adocDelimiterInfo{}
	}
	if n == 2 {
		if line[0] == '-' && line[1] == '-' {
			return adocDelimiterInfo{true, "--"}
		}
		return adocDelimiterInfo{}
	}
	if line[0] == '`' {
		if n >= 3 && line[1] == '`' && line[2] == '`' && (n == 3 || line[3] != '`') {
			return adocDelimiterInfo{true, "```"}
		}
		return adocDelimiterInfo{}
	}
	if n < 4 {
		return adocDelimiterInfo{}
	}
	var tip string
	switch string(line[:4]) {
	case "----", "....", "====", "****", "____", "++++", "////", "~~~~":
		tip = string(line[:4])
	case "|===", ",===", ":===", "!===":
		tip = string(line[:4])
	default:
		return adocDelimiterInfo{}
	}
	tail := tip[3]
	for _, c := range line[4:] {
		if c != tail {
			return adocDelimiterInfo{}
		}
	}
	return adocDelimiterInfo{true, tip}
}

// adocCommentLine reports whether line is a comment line: "//" not
// followed by another "/".
func adocCommentLine(line []byte) bool {
	return len(line) >= 2 && line[0] == '/' && line[1] == '/' && (len(line) == 2 || line[2] != '/')
}

// adocCommentBlockLine reports whether line delimits a comment block: four
// or more "/".
func adocCommentBlockLine(line []byte) bool {
	if len(line) < 4 {
		return false
	}
	for _, c := range line {
		if c != '/' {
			return false
		}
	}
	return true
}

// adocAttributeEntry reads an attribute entry, ":name: value" or ":name:"
// (AttributeEntryRx), and returns the length of ":name:", or 0.
func adocAttributeEntry(line []byte) int {
	if len(line) < 3 || line[0] != ':' {
		return 0
	}
	i := 1
	if line[i] == '!' {
		i++
	}
	if i >= len(line) {
		return 0
	}
	if r, _ := utf8.DecodeRune(line[i:]); !isWordRune(r) {
		return 0
	}
	colon := bytes.IndexByte(line[i:], ':')
	if colon < 0 {
		return 0
	}
	n := i + colon + 1
	if n < len(line) && line[n] != ' ' && line[n] != '\t' {
		return 0
	}
	return n
}

// isWordRune reports whether r is a word character as Ruby's \p{Word}
// reads one: a letter, a mark, a digit or a connector ("_").
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		c := byte(r)
		return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
	}
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) || unicode.Is(unicode.Pc, r)
}

// adocText is what the AsciiDoc helpers below read: a line as bytes, or a
// value as a string.
type adocText interface{ ~string | ~[]byte }

// runeAt returns the character that starts at t[i] (utf8.RuneError past
// the end).
func runeAt[T adocText](t T, i int) rune {
	if i < 0 || i >= len(t) {
		return utf8.RuneError
	}
	if t[i] < utf8.RuneSelf {
		return rune(t[i])
	}
	r, _ := utf8.DecodeRuneInString(string(t[i:min(len(t), i+utf8.UTFMax)]))
	return r
}

// runeBefore returns the character that ends right before t[i]
// (utf8.RuneError at the start).
func runeBefore[T adocText](t T, i int) rune {
	if i <= 0 || i > len(t) {
		return utf8.RuneError
	}
	if t[i-1] < utf8.RuneSelf {
		return rune(t[i-1])
	}
	r, _ := utf8.DecodeLastRuneInString(string(t[max(0, i-utf8.UTFMax):i]))
	return r
}

// wordAt reports whether a word character starts at t[i].
func wordAt[T adocText](t T, i int) bool {
	return i >= 0 && i < len(t) && isWordRune(runeAt(t, i))
}

// wordBefore reports whether a word character ends right before t[i].
func wordBefore[T adocText](t T, i int) bool {
	return i > 0 && i <= len(t) && isWordRune(runeBefore(t, i))
}

// adocBlockAttributeLine reports whether line is a block attribute list
// ("[source,java]", "[#id.role]", "[]") or a block anchor ("[[id]]",
// "[[id,reftext]]"): BlockAttributeLineRx.
func adocBlockAttributeLine(line []byte) bool {
	n := len(line)
	if n < 2 || line[0] != '[' || line[n-1] != ']' {
		return false
	}
	if n == 2 {
		return true
	}
	if line[1] == '[' {
		// [[]] or [[id]] or [[id, reftext]]
		if n < 4 || line[n-2] != ']' {
			return false
		}
		in := line[2 : n-2]
		if len(in) == 0 {
			return true
		}
		r, size := utf8.DecodeRune(in)
		if !unicode.IsLetter(r) && r != '_' && r != ':' {
			return false
		}
		for i := size; i < len(in); {
			r, size := utf8.DecodeRune(in[i:])
			if r == ',' {
				return true
			}
			if !isWordRune(r) && r != '-' && r != ':' && r != '.' {
				return false
			}
			i += size
		}
		return true
	}
	c := line[1]
	if c == '.' || c == '#' || c == '%' || c == '{' || c == ',' || c == '"' || c == '\'' {
		return true
	}
	r, _ := utf8.DecodeRune(line[1:])
	return isWordRune(r)
}

// adocBlockTitle reports whether line is a block title, ".Title"
// (BlockTitleRx: "." then an optional "." then a character other than a
// space, a tab or ".").
func adocBlockTitle(line []byte) bool {
	if len(line) < 2 || line[0] != '.' {
		return false
	}
	i := 1
	if line[i] == '.' {
		i++
	}
	return i < len(line) && line[i] != ' ' && line[i] != '\t' && line[i] != '.'
}

// adocATXTitle reads a section title, "== Title" (one to six "=" or "#",
// then a space or a tab), and returns where its text starts and its level.
func adocATXTitle(line []byte) (start, level int, ok bool) {
	if len(line) == 0 || line[0] != '=' && line[0] != '#' {
		return 0, 0, false
	}
	m := line[0]
	i := 0
	for i < len(line) && line[i] == m {
		i++
	}
	if i > 6 || i >= len(line) || line[i] != ' ' && line[i] != '\t' {
		return 0, 0, false
	}
	j := i
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j == len(line) {
		return 0, 0, false
	}
	return j, i - 1, true
}

// adocSetextTitle reports whether line is the title of a two-line section
// title whose underline is n characters long: it does not start with ".",
// holds a letter or digit, and its length is within one of n.
func adocSetextTitle(line []byte, n int) bool {
	if len(line) == 0 || line[0] == '.' {
		return false
	}
	l := utf8.RuneCount(line)
	if l-n > 1 || n-l > 1 {
		return false
	}
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
		i += size
	}
	return false
}

// adocBreak reports whether line is a thematic or page break: "”'",
// "<<<" (three or more), or Markdown's "---", "***", "___", "- - -" ...
func adocBreak(line []byte) bool {
	if len(line) >= 3 && (line[0] == '\'' || line[0] == '<') {
		for _, c := range line {
			if c != line[0] {
				return false
			}
		}
		return true
	}
	if len(line) != 3 && len(line) != 5 || line[0] != '-' && line[0] != '*' && line[0] != '_' {
		return false
	}
	if len(line) == 3 {
		return line[1] == line[0] && line[2] == line[0]
	}
	return line[1] == ' ' && line[2] == line[0] && line[3] == ' ' && line[4] == line[0]
}

// adocListLine reports whether line starts a list item: "* ", "- ",
// ". ", "1. ", "a. ", "i) ", or a description list term ("term:: ",
// "term;;"), after optional indentation (UnorderedListRx, OrderedListRx,
// DescriptionListRx).
func adocListLine(line []byte) bool {
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	rest := line[i:]
	if len(rest) == 0 {
		return false
	}
	spaceAt := func(j int) bool { return j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') }
	switch c := rest[0]; {
	case c == '-' && spaceAt(1):
		return true
	case c == '*' || c == '.':
		j := 0
		for j < len(rest) && rest[j] == c {
			j++
		}
		if spaceAt(j) {
			return true
		}
	case bytes.HasPrefix(rest, []byte("\u2022")) && spaceAt(3):
		return true
	case c >= '0' && c <= '9':
		j := 0
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if j < len(rest) && rest[j] == '.' && spaceAt(j+1) {
			return true
		}
	case isASCIILetter(c) && len(rest) > 1 && rest[1] == '.' && spaceAt(2):
		return true
	}
	// [IVXivx]+) roman numerals
	j := 0
	for j < len(rest) && bytes.IndexByte([]byte("IVXivx"), rest[j]) >= 0 {
		j++
	}
	if j > 0 && j < len(rest) && rest[j] == ')' && spaceAt(j+1) {
		return true
	}
	return adocTerm(line) >= 0
}

// adocTerm reads a description list item ("term:: text", "term::",
// "term;;"; DescriptionListRx) and returns where its text starts (the end
// of the line when it has none), or -1.
func adocTerm(line []byte) int {
	if adocCommentLine(line) {
		return -1
	}
	i := 0
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if i == len(line) {
		return -1
	}
	// The term is at least one character; the marker is the first "::",
	// ":::", "::::" or ";;" after it followed by a space, a tab or the end.
	for j := i + 1; j+1 < len(line); j++ {
		var m int
		switch {
		case line[j] == ':' && line[j+1] == ':':
			m = 2
			for m < 4 && j+m < len(line) && line[j+m] == ':' {
				m++
			}
		case line[j] == ';' && line[j+1] == ';':
			m = 2
		default:
			continue
		}
		k := j + m
		if k == len(line) {
			return k
		}
		if line[k] == ' ' || line[k] == '\t' {
			for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
				k++
			}
			return k
		}
	}
	return -1
}

// adocEmptyTerm reports whether line is a description list term with no
// text on its line ("term::"): an indented paragraph after it, even past
// blank lines, is its text, not a literal block.
func adocEmptyTerm(line []byte) bool {
	t := adocTerm(line)
	return t == len(line)
}

// adocDirectiveInfo describes a preprocessor line.
type adocDirectiveInfo struct {
	name                   string // include, ifdef, ifndef, ifeval or endif
	include                bool
	targetStart, targetEnd int // the include's target, in the line
	textStart, textEnd     int // the text of ifdef::name[text], in the line
}

// adocDirective reads a preprocessor line (ConditionalDirectiveRx,
// IncludeDirectiveRx): ifdef::, ifndef::, ifeval::, endif:: and include::,
// each ending with "[...]". An escaped one ("\include::") is text.
func adocDirective(line []byte) (adocDirectiveInfo, bool) {
	n := len(line)
	if n < 9 || line[n-1] != ']' || line[0] == '\\' {
		return adocDirectiveInfo{}, false
	}
	var name string
	switch {
	case bytes.HasPrefix(line, []byte("include::")):
		name = "include"
	case bytes.HasPrefix(line, []byte("ifdef::")):
		name = "ifdef"
	case bytes.HasPrefix(line, []byte("ifndef::")):
		name = "ifndef"
	case bytes.HasPrefix(line, []byte("ifeval::")):
		name = "ifeval"
	case bytes.HasPrefix(line, []byte("endif::")):
		name = "endif"
	default:
		return adocDirectiveInfo{}, false
	}
	ts := len(name) + 2
	if name == "include" {
		// A target without a "[" nor a space at either end, then "[...]"
		// to the end.
		open := bytes.IndexByte(line[ts:], '[')
		if open <= 0 {
			return adocDirectiveInfo{}, false
		}
		te := ts + open
		if isSpaceByte(line[ts]) || isSpaceByte(line[te-1]) {
			return adocDirectiveInfo{}, false
		}
		return adocDirectiveInfo{name: name, include: true, targetStart: ts, targetEnd: te}, true
	}
	// The attribute names have no whitespace; then "[", anything, "]".
	open := bytes.IndexByte(line[ts:], '[')
	if open < 0 || bytes.ContainsAny(line[ts:ts+open], " \t") {
		return adocDirectiveInfo{}, false
	}
	info := adocDirectiveInfo{name: name, targetStart: ts, targetEnd: ts + open}
	if (name == "ifdef" || name == "ifndef") && open > 0 && ts+open+1 < n-1 {
		info.textStart, info.textEnd = ts+open+1, n-1
	}
	return info, true
}

// adocKnownScheme reports whether an attribute value starting with
// scheme and ":" (without "//") is a URI: urn, and the registered schemes
// whose URIs authors put in attributes.
func adocKnownScheme(scheme []byte) bool {
	switch string(bytes.ToLower(scheme)) {
	case "urn", "mailto", "tel", "data", "file", "news", "xmpp", "sip", "sips", "geo", "magnet":
		return true
	}
	return false
}

// adocAttrs is what a block attribute line above a block says: its style
// (the first positional attribute, before any "#id", ".role" or
// "%option"), and the attributes the walker needs.
type adocAttrs struct {
	style     string
	subs      string
	cols      string
	format    string
	separator string
	header    int8   // 1: options include header; -1: noheader
	tip       string // set when the attributes are a delimited block's: its delimiter's tip
	// link is where the value of a link= attribute is in the document (an
	// image's link), when there is one.
	link [2]int
	// id is the block's id ("[[id]]", "[#id]", "[id=id]") and where it is
	// in the document, when there is one.
	id     string
	idSpan [2]int
}

// parse reads a block attribute line into a, the line starting at offset
// base of the document. An anchor line ("[[id]]", "[[id, reftext]]")
// sets the id only; attributes of several lines add up.
func (a *adocAttrs) parse(line []byte, base int) {
	if len(line) < 2 {
		return
	}
	if line[1] == '[' {
		if len(line) > 4 {
			in := line[2 : len(line)-2]
			if c := bytes.IndexByte(in, ','); c >= 0 {
				in = in[:c]
			}
			a.setID(in, base+2)
		}
		return
	}
	in := line[1 : len(line)-1]
	pos := 0
	for i := 0; i <= len(in); {
		// One attribute: up to a "," outside quotes.
		j := i
		for j < len(in) && (in[j] == ' ' || in[j] == '\t') {
			j++
		}
		start := j
		var quote byte
	scan:
		for j < len(in) {
			c := in[j]
			switch {
			case quote != 0:
				if c == quote && in[j-1] != '\\' {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == ',':
				break scan
			}
			j++
		}
		item := bytes.TrimSpace(in[start:j])
		if eq := bytes.IndexByte(item, '='); eq > 0 && adocAttrNameOK(item[:eq]) {
			name := string(bytes.TrimSpace(item[:eq]))
			raw := bytes.TrimSpace(item[eq+1:])
			value := string(unquote(raw))
			switch name {
			case "link":
				// The value's offset: past the line's "[", the item's
				// start, the "=", the spaces and a quote.
				vs := base + 1 + start + eq + 1
				for k := eq + 1; k < len(item) && (item[k] == ' ' || item[k] == '\t'); k++ {
					vs++
				}
				if len(value) < len(raw) {
					vs++
				}
				a.link = [2]int{vs, vs + len(value)}
			case "subs":
				a.subs = value
			case "cols":
				a.cols = value
			case "format":
				a.format = value
			case "separator":
				a.separator = value
			case "options", "opts":
				a.options(value)
			case "style":
				a.style = value
			case "id":
				a.setID([]byte(value), base+1+start+eq+1+bytes.Index(item[eq+1:], []byte(value)))
			}
		} else {
			if pos == 0 {
				a.first(item, base+1+start)
			}
			pos++
		}
		i = j + 1
	}
}

// adocAttrNameOK reports whether b can be the name of a named attribute.
func adocAttrNameOK(b []byte) bool {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return false
	}
	for _, c := range b {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// unquote removes the quotes around a quoted attribute value.
func unquote(b []byte) []byte {
	if len(b) >= 2 && (b[0] == '"' || b[0] == '\'') && b[len(b)-1] == b[0] {
		return b[1 : len(b)-1]
	}
	return b
}

// setID sets the block's id to id, which starts at offset at of the
// document.
func (a *adocAttrs) setID(id []byte, at int) {
	if len(id) == 0 {
		return
	}
	a.id, a.idSpan = string(id), [2]int{at, at + len(id)}
}

// first reads the first positional attribute, which starts at offset at
// of the document: a style, with shorthand "#id", ".role" and "%option"
// parts.
func (a *adocAttrs) first(item []byte, at int) {
	if u := unquote(item); len(u) < len(item) {
		item, at = u, at+1
	}
	if bytes.ContainsAny(item, " \t") {
		a.style = string(item)
		return
	}
	end := len(item)
	if k := bytes.IndexAny(item, "#.%"); k >= 0 {
		end = k
		// Options in the shorthand: %header, %noheader; the id: #id.
		for rest := item[k:]; len(rest) > 0; {
			m := 1
			for m < len(rest) && bytes.IndexByte([]byte("#.%"), rest[m]) < 0 {
				m++
			}
			switch rest[0] {
			case '%':
				a.options(string(rest[1:m]))
			case '#':
				a.setID(rest[1:m], at+len(item)-len(rest)+1)
			}
			rest = rest[m:]
		}
	}
	if end > 0 {
		a.style = string(item[:end])
	}
}

// options reads options ("header", "noheader") of a list.
func (a *adocAttrs) options(list string) {
	for _, o := range bytes.FieldsFunc([]byte(list), func(r rune) bool { return r == ',' || r == ' ' }) {
		switch string(o) {
		case "header":
			a.header = 1
		case "noheader":
			a.header = -1
		}
	}
}

// adocSubs reads the subs attribute of a block (a list of substitutions,
// each replacing the default set or, with "+" or "-", changing it) and
// reports whether the macros, attributes and replacements substitutions
// apply, given whether they apply by default (normal text) or not
// (verbatim).
func adocSubs(subs string, normal bool) (macros, attrs, repl bool) {
	macros, attrs, repl = normal, normal, normal
	replaced := false
	for _, e := range bytes.Split([]byte(subs), []byte(",")) {
		e = bytes.TrimSpace(e)
		if len(e) == 0 {
			continue
		}
		op := byte(0)
		switch {
		case e[0] == '+' || e[0] == '-':
			op, e = e[0], e[1:]
		case e[len(e)-1] == '+':
			op, e = '+', e[:len(e)-1]
		}
		var m, a, r bool
		switch string(e) {
		case "macros", "m":
			m = true
		case "attributes", "a":
			a = true
		case "replacements", "r":
			r = true
		case "normal", "n":
			m, a, r = true, true, true
		case "header":
			a = true
		}
		switch op {
		case '+':
			macros, attrs, repl = macros || m, attrs || a, repl || r
		case '-':
			macros, attrs, repl = macros && !m, attrs && !a, repl && !r
		default:
			if !replaced {
				macros, attrs, repl, replaced = false, false, false, true
			}
			macros, attrs, repl = macros || m, attrs || a, repl || r
		}
	}
	return macros, attrs, repl
}
