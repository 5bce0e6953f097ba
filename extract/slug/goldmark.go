package slug

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// goldmarkSpace is goldmark's util.IsSpace.
func goldmarkSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// asciiPunct is goldmark's util.IsPunct: ASCII punctuation.
func asciiPunct(c byte) bool {
	return '!' <= c && c <= '/' || ':' <= c && c <= '@' || '[' <= c && c <= '`' || '{' <= c && c <= '~'
}

// headingLine is the part of a heading's Source that goldmark reads for
// its id: the last line, the attribute block removed when attributes are
// on (with the block's explicit id), and, for a one-line (ATX) heading,
// the closing sequence.
type headingLine struct {
	text     string // the line, block and closing sequence removed
	block    string // the attribute block as written, if any
	id       string // the block's id
	hasBlock bool
	hasID    bool
}

func goldmarkLine(source string, attributes bool) headingLine {
	var hl headingLine
	line := source
	multi := false
	if i := strings.LastIndexByte(source, '\n'); i >= 0 {
		line, multi = source[i+1:], true
	}
	line = strings.TrimRightFunc(line, func(r rune) bool { return r < utf8.RuneSelf && goldmarkSpace(byte(r)) })
	if attributes {
		if at, end, id, hasID, ok := lastLineAttributes(line); ok {
			hl.block, hl.hasBlock = line[at:end], true
			hl.id, hl.hasID = id, hasID
			line = strings.TrimRightFunc(line[:at], func(r rune) bool { return r < utf8.RuneSelf && goldmarkSpace(byte(r)) })
		}
	}
	if !multi {
		line = atxClosing(line)
	}
	hl.text = line
	return hl
}

// atxClosing removes an ATX heading's closing sequence as goldmark does: a
// run of "#" at the end, preceded by a space or tab; a line of "#" only is
// an empty heading.
func atxClosing(line string) string {
	stop := len(line)
	if stop == 0 {
		return line
	}
	i := stop - 1
	for ; line[i] == '#' && i > 0; i-- {
	}
	if i == 0 && line[0] == '#' {
		return ""
	}
	if i != stop-1 && goldmarkSpace(line[i]) {
		return strings.TrimRightFunc(line[:i], func(r rune) bool { return r < utf8.RuneSelf && goldmarkSpace(byte(r)) })
	}
	return line
}

// lastLineAttributes finds the attribute block that ends a heading's last
// line, as goldmark's parseLastLineAttributes does: the first "{" (outside a
// backslash escape) where a valid block starts that only spaces follow.
func lastLineAttributes(line string) (at, end int, id string, hasID, ok bool) {
	p := attrParser{s: line}
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			if i+1 < len(line) && asciiPunct(line[i+1]) {
				i++
			}
		case '{':
			p.i = i
			r := p.block()
			if !r.ok {
				continue
			}
			if strings.TrimLeftFunc(line[r.end:], func(r rune) bool { return r < utf8.RuneSelf && goldmarkSpace(byte(r)) }) != "" {
				continue
			}
			return i, r.end, r.id, r.hasID, true
		}
	}
	return 0, 0, "", false, false
}

// attrParser reads goldmark's attribute syntax ({#id .class key=value ...},
// goldmark parser/attribute.go): ids and classes by shorthand, values quoted,
// numbers, booleans, null, names, arrays and nested blocks. It keeps only
// the id. The result of reading a block is the same wherever the reading
// started, so it is kept by position: a line is read in linear time
// however many "{" it has, where retrying each would take quadratic time.
type attrParser struct {
	s      string
	i      int
	blocks map[int]blockResult
}

type blockResult struct {
	end   int
	id    string
	hasID bool
	ok    bool
}

func (p *attrParser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *attrParser) spaces() {
	for p.i < len(p.s) && goldmarkSpace(p.s[p.i]) {
		p.i++
	}
}

func attrNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == ':'
}

func attrNameByte(c byte) bool {
	return attrNameStart(c) || '0' <= c && c <= '9' || c == '.' || c == '-'
}

// block reads "{...}" at p.i (spaces before it skipped) and moves past it
// if it is valid; its id is the last one of its own attributes.
func (p *attrParser) block() blockResult {
	p.spaces()
	start := p.i
	if p.peek() != '{' {
		return blockResult{}
	}
	if r, seen := p.blocks[start]; seen {
		if r.ok {
			p.i = r.end
		}
		return r
	}
	r := p.readBlock()
	if p.blocks == nil {
		p.blocks = make(map[int]blockResult)
	}
	p.blocks[start] = r
	if !r.ok {
		p.i = start
	}
	return r
}

func (p *attrParser) readBlock() blockResult {
	var r blockResult
	p.i++ // {
	for {
		if p.peek() == '}' {
			p.i++
			r.end, r.ok = p.i, true
			return r
		}
		if !p.attribute(&r) {
			return blockResult{}
		}
		p.spaces()
		if p.peek() == ',' {
			p.i++
			p.spaces()
		}
	}
}

func (p *attrParser) attribute(r *blockResult) bool {
	p.spaces()
	if c := p.peek(); c == '#' || c == '.' {
		p.i++
		start := p.i
		for p.i < len(p.s) && !goldmarkSpace(p.s[p.i]) &&
			(!asciiPunct(p.s[p.i]) || p.s[p.i] == '_' || p.s[p.i] == '-' || p.s[p.i] == ':' || p.s[p.i] == '.') {
			p.i++
		}
		if c == '#' {
			r.id, r.hasID = p.s[start:p.i], true
		}
		return true
	}
	if p.i >= len(p.s) || !attrNameStart(p.s[p.i]) {
		return false
	}
	start := p.i
	for p.i < len(p.s) && attrNameByte(p.s[p.i]) {
		p.i++
	}
	name := p.s[start:p.i]
	p.spaces()
	if p.peek() != '=' {
		return false
	}
	p.i++
	p.spaces()
	value, isBytes, ok := p.value()
	if !ok {
		return false
	}
	if name == "class" && !isBytes {
		return false
	}
	if name == "id" {
		// goldmark takes a non-string id as no id it can use.
		r.id, r.hasID = value, isBytes
	}
	return true
}

// value reads one attribute value; isBytes is false for numbers, booleans,
// null, arrays and blocks.
func (p *attrParser) value() (value string, isBytes, ok bool) {
	p.spaces()
	switch c := p.peek(); {
	case p.i >= len(p.s):
		return "", false, false
	case c == '{':
		return "", false, p.block().ok
	case c == '[':
		return "", false, p.array()
	case c == '"':
		v, ok := p.quoted()
		return v, true, ok
	case c == '-' || c == '+' || '0' <= c && c <= '9':
		return "", false, p.number()
	default:
		if !attrNameStart(c) {
			return "", false, false
		}
		start := p.i
		for p.i < len(p.s) && attrNameByte(p.s[p.i]) {
			p.i++
		}
		v := p.s[start:p.i]
		switch v {
		case "true", "false", "null":
			return "", false, true
		}
		return v, true, true
	}
}

func (p *attrParser) array() bool {
	p.i++ // [
	for n := 0; ; n++ {
		c := p.peek()
		comma := false
		if n != 0 && c == ',' {
			p.i++
			comma = true
		}
		if c == ']' {
			if comma {
				return false
			}
			p.i++
			return true
		}
		p.spaces()
		if _, _, ok := p.value(); !ok {
			return false
		}
		p.spaces()
	}
}

func (p *attrParser) quoted() (string, bool) {
	p.i++ // "
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '\\' && p.i != len(p.s)-1 {
			n := p.s[p.i+1]
			switch n {
			case '"', '/', '\\':
				b.WriteByte(n)
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte('\\')
				p.i++
				continue
			}
			p.i += 2
			continue
		}
		if c == '"' {
			p.i++
			return b.String(), true
		}
		if c == '\n' {
			return "", false
		}
		b.WriteByte(c)
		p.i++
	}
	return "", false
}

func (p *attrParser) number() bool {
	start := p.i
	if c := p.peek(); c == '-' || c == '+' {
		p.i++
	}
	digits := func() {
		for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
			p.i++
		}
	}
	if c := p.peek(); c < '0' || c > '9' {
		return false
	}
	digits()
	if p.peek() == '.' {
		p.i++
		digits()
	}
	if c := p.peek(); c == 'e' || c == 'E' {
		p.i++
		if c := p.peek(); c == '-' || c == '+' {
			p.i++
		}
		digits()
	}
	_, err := strconv.ParseFloat(strings.TrimLeft(p.s[start:p.i], "+"), 64)
	return err == nil
}

// goldmarkSlug is goldmark's ids.Generate (parser/parser.go, v1.8.7): trim
// spaces, then byte by byte: every byte of a multi-byte character dropped,
// ASCII letters and digits kept (lower-cased), each space, "-" and "_" a
// "-", the rest dropped.
func goldmarkSlug(line string) string {
	line = strings.TrimFunc(line, func(r rune) bool { return r < utf8.RuneSelf && goldmarkSpace(byte(r)) })
	b := make([]byte, 0, len(line))
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c >= utf8.RuneSelf:
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
			b = append(b, c)
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		case goldmarkSpace(c) || c == '-' || c == '_':
			b = append(b, '-')
		}
	}
	return string(b)
}

// goldmarkProfile is goldmark's parser.WithAutoHeadingID (yuin/goldmark
// v1.8.7, the version urilint builds on), with or without
// parser.WithAttribute.
func goldmarkProfile(name, summary string, attributes bool) *Profile {
	p := &Profile{
		name:    name,
		summary: summary,
		base: func(_ *Slugger, h Heading) string {
			return goldmarkSlug(goldmarkLine(h.Source, attributes).text)
		},
		dedup: dedup{kind: dedupCollision, sep: "-", start: 1, empty: "heading"},
	}
	if attributes {
		p.explicit = func(h Heading) (string, bool) {
			hl := goldmarkLine(h.Source, true)
			return hl.id, hl.hasID
		}
		p.explicitTaken = true
	}
	return p
}

// goldmarkPlain is goldmark with parser.WithAutoHeadingID() alone: the id
// is made of the heading's raw source line (the last one of a setext
// heading; an ATX heading's closing sequence removed), not of its rendered
// text: markup characters are simply dropped ("[link](http://x.y/z)" is
// "linkhttpxyz"), every non-ASCII character too ("Café" is "caf"); an empty
// id is "heading"; duplicates are "-1", "-2"... skipping ids taken.
var goldmarkPlain = goldmarkProfile("goldmark",
	"goldmark v1.8.7 parser.WithAutoHeadingID: ASCII-only ids of the raw source line, empty is heading", false)

// goldmarkAttributes is goldmark with WithAutoHeadingID and WithAttribute:
// as goldmark, but an attribute block ending the heading's last line
// ("## Title {#id .class}") is removed from the text, and its id, if it
// has one, is the heading's id; headings' explicit ids are taken, so later
// generated ids avoid them. Ids in raw HTML are not (Reserve does nothing).
var goldmarkAttributes = goldmarkProfile("goldmark-attributes",
	"goldmark v1.8.7 with WithAutoHeadingID and WithAttribute: {#id} blocks ending a heading are its id", true)

// hugoSlug is Hugo's sanitizeAnchorName (markup/goldmark/autoid.go) for
// the autoIDType github and github-ascii.
func hugoSlug(text string, asciiOnly bool) string {
	if asciiOnly {
		text = removeAccents(text)
	}
	text = strings.TrimSpace(text)
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		switch {
		case asciiOnly && r >= utf8.RuneSelf:
		case r == '-' || r == ' ':
			b.WriteByte('-')
		case r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

// blackfridaySlug is blackfriday's SanitizedAnchorName, Hugo's autoIDType
// blackfriday: letters and numbers lower-cased, each run of anything else
// between two of them one "-".
func blackfridaySlug(text string) string {
	var b strings.Builder
	b.Grow(len(text))
	dash := false
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(unicode.ToLower(r))
		} else {
			dash = true
		}
	}
	return b.String()
}

// hugoText is the text Hugo slugs: the heading's plain text with image alt
// (render.TextPlain), the attribute block the parser took from the source
// removed, and of a heading of several lines the last.
func hugoText(h Heading, hl headingLine) string {
	t := h.TextWithAlt
	if hl.hasBlock {
		t = stripBlock(t, hl.block)
	}
	if i := strings.LastIndexByte(t, '\n'); i >= 0 {
		t = t[i+1:]
	}
	return t
}

// stripBlock removes an attribute block, as written in the source, from
// the end of the heading's rendered text; when rendering changed the block
// (an escape or a character reference inside it), the text from its last
// "{" on.
func stripBlock(text, block string) string {
	t := strings.TrimRight(text, " \t")
	if strings.HasSuffix(t, block) {
		return strings.TrimRight(t[:len(t)-len(block)], " \t")
	}
	if i := strings.LastIndexByte(t, '{'); i >= 0 {
		return strings.TrimRight(t[:i], " \t")
	}
	return text
}

// hugoProfile is Hugo's heading ids (gohugoio/hugo markup/goldmark
// autoid.go, as of 0.14x): goldmark with attributes on for titles
// (markup.goldmark.parser.attribute.title, on by default), ids made of the
// heading's plain text by markup.goldmark.parser.autoIDType.
func hugoProfile(name, summary string, slug func(string) string) *Profile {
	return &Profile{
		name:    name,
		summary: summary,
		explicit: func(h Heading) (string, bool) {
			hl := goldmarkLine(h.Source, true)
			return hl.id, hl.hasID
		},
		explicitTaken: true,
		base: func(_ *Slugger, h Heading) string {
			return slug(hugoText(h, goldmarkLine(h.Source, true)))
		},
		dedup: dedup{kind: dedupCollision, sep: "-", start: 1, empty: "heading"},
	}
}

// hugo is Hugo with autoIDType "github" (the default): the text trimmed,
// then "-" and " " each a "-", "_", letters and decimal digits lower-cased
// (Go's unicode.ToLower), everything else (marks, tabs, no-break spaces,
// other numbers) dropped; empty is "heading"; duplicates "-1", "-2"...
// skipping ids taken, headings' explicit {#id} included (explicit ids
// themselves are not de-duplicated; ids in raw HTML are not taken, so
// Reserve does nothing).
var hugo = hugoProfile("hugo",
	"Hugo, autoIDType github (default): letters, digits, _ kept, space and - become -; attribute {#id} on titles",
	func(t string) string { return hugoSlug(t, false) })

// hugoASCII is Hugo with autoIDType "github-ascii": accents removed first,
// then as hugo but every non-ASCII character dropped.
var hugoASCII = hugoProfile("hugo-github-ascii",
	"Hugo, autoIDType github-ascii: as hugo, accents removed and non-ASCII dropped",
	func(t string) string { return hugoSlug(t, true) })

// hugoBlackfriday is Hugo with autoIDType "blackfriday": blackfriday's
// SanitizedAnchorName.
var hugoBlackfriday = hugoProfile("hugo-blackfriday",
	"Hugo, autoIDType blackfriday: runs of non-alphanumerics become one -, none at the ends",
	blackfridaySlug)

func init() {
	register(goldmarkPlain, goldmarkAttributes, hugo, hugoASCII, hugoBlackfriday)
}
