package extract

import (
	"bytes"
	"slices"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/urilint/urilint/extract/grammar"
	"golang.org/x/net/html"
)

// mayHoldURI reports whether text with character references or escapes
// (not yet decoded) can hold a URI: only if it holds a ":", or a reference
// that may stand for one ("&#58;", "&#x3A;", "&colon;").
func mayHoldURI(b []byte) bool {
	// A ":" right after a scheme character; French typography's "Note :"
	// and the like need not be scanned.
	for i := bytes.IndexByte(b, ':'); i >= 0; {
		if i > 0 && grammar.IsSchemeChar(b[i-1]) {
			return true
		}
		j := bytes.IndexByte(b[i+1:], ':')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	for i := bytes.IndexByte(b, '&'); i >= 0 && i+1 < len(b); {
		if colonReference(b[i:]) {
			return true
		}
		j := bytes.IndexByte(b[i+1:], '&')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// colonReference reports whether b starts with a character reference to
// ":": "&colon;", "&#58;", "&#x3A;" (any case, any leading zeros).
func colonReference(b []byte) bool {
	if bytes.HasPrefix(b, []byte("&colon;")) {
		return true
	}
	if len(b) < 3 || b[1] != '#' {
		return false
	}
	i, base := 2, 10
	if b[i] == 'x' || b[i] == 'X' {
		i, base = 3, 16
	}
	v := 0
	for ; i < len(b) && v <= 0x3a; i++ {
		switch c := b[i]; {
		case grammar.IsDigit(c):
			v = v*base + int(c-'0')
		case base == 16 && grammar.IsHex(c):
			v = v*base + int(grammar.Lower(c)-'a'+10)
		default:
			return v == 0x3a
		}
	}
	return v == 0x3a
}

// decoded is a stretch of a document with escapes or character references
// decoded, and the map from its bytes back to the document's.
type decoded struct {
	text []byte
	// pieces maps text offsets to document offsets. It is nil when text is
	// the document's bytes from base on, unchanged.
	pieces []piece
	base   int
}

// verbatim returns doc[start:end] as a decoded stretch that needs no map.
func verbatim(doc []byte, start, end int) decoded {
	return decoded{text: doc[start:end], base: start}
}

// decoder builds a decoded stretch from the document bytes doc[start:end],
// copying only once the first escape shows up.
type decoder struct {
	doc     []byte
	start   int
	copied  int // doc[start:copied] has been taken over into d
	d       decoded
	changed bool
}

func newDecoder(doc []byte, start int) *decoder {
	return &decoder{doc: doc, start: start, copied: start, d: decoded{base: start}}
}

// replace records that doc[i:j] reads as rep.
func (b *decoder) replace(i, j int, rep []byte) {
	if !b.changed {
		b.changed = true
		b.d.text = make([]byte, 0, j-b.start+64)
	}
	if i > b.copied {
		b.d.pieces = addPiece(b.d.pieces, piece{uri: len(b.d.text), src: b.copied, n: i - b.copied, srcN: i - b.copied})
		b.d.text = append(b.d.text, b.doc[b.copied:i]...)
	}
	b.d.pieces = addPiece(b.d.pieces, piece{uri: len(b.d.text), src: i, n: len(rep), srcN: j - i, decoded: true})
	b.d.text = append(b.d.text, rep...)
	b.copied = j
}

func (b *decoder) finish(end int) decoded {
	if !b.changed {
		return verbatim(b.doc, b.start, end)
	}
	if end > b.copied {
		b.d.pieces = addPiece(b.d.pieces, piece{uri: len(b.d.text), src: b.copied, n: end - b.copied, srcN: end - b.copied})
		b.d.text = append(b.d.text, b.doc[b.copied:end]...)
	}
	return b.d
}

// decodeMarkdown decodes the backslash escapes and character references of
// CommonMark (sections 2.4 and 2.5) in doc[start:end]: "\" before ASCII
// punctuation, and "&name;", "&#ddd;", "&#xhh;" (the ";" is required).
func decodeMarkdown(doc []byte, start, end int) decoded {
	return decodeMarkdownIn(doc, start, end, false)
}

// decodeMarkdownText is decodeMarkdown for running text, where an escaped
// "<" ("\<file:ext>", a route's parameter in Sanic's guide) is one its
// author kept from making an autolink: read as a space, it delimits no
// URI (RFC 3986 appendix C's "<" is a delimiter only as written).
func decodeMarkdownText(doc []byte, start, end int) decoded {
	return decodeMarkdownIn(doc, start, end, true)
}

var escapedAngle = []byte{' '}

func decodeMarkdownIn(doc []byte, start, end int, text bool) decoded {
	s := doc[start:end]
	if bytes.IndexByte(s, '\\') < 0 && bytes.IndexByte(s, '&') < 0 {
		return verbatim(doc, start, end)
	}
	b := newDecoder(doc, start)
	for i := start; i < end; {
		switch doc[i] {
		case '\\':
			if text && i+1 < end && doc[i+1] == '<' {
				b.replace(i, i+2, escapedAngle)
				i += 2
				continue
			}
			if i+1 < end && isASCIIPunct(doc[i+1]) {
				b.replace(i, i+2, doc[i+1:i+2])
				i += 2
				continue
			}
		case '&':
			if j, rep := markdownReference(doc[i:end]); j > 0 {
				b.replace(i, i+j, rep)
				i += j
				continue
			}
		}
		i++
	}
	return b.finish(end)
}

func isASCIIPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

// markdownReference reads a CommonMark character reference at the start of
// s (which starts with "&"). It returns its length and what it stands for,
// or 0 when s does not start with one.
func markdownReference(s []byte) (int, []byte) {
	if len(s) > 2 && s[1] == '#' {
		i, hex := 2, false
		if s[i] == 'x' || s[i] == 'X' {
			i, hex = 3, true
		}
		j := i
		for j < len(s) && j-i < 8 && (hex && grammar.IsHex(s[j]) || !hex && grammar.IsDigit(s[j])) {
			j++
		}
		if j == i || j >= len(s) || s[j] != ';' || hex && j-i > 6 || !hex && j-i > 7 {
			return 0, nil
		}
		base := 10
		if hex {
			base = 16
		}
		v, _ := strconv.ParseUint(string(s[i:j]), base, 32)
		r := rune(v)
		if r == 0 || !utf8.ValidRune(r) {
			r = utf8.RuneError
		}
		return j + 1, utf8.AppendRune(nil, r)
	}
	j := 1
	for j < len(s) && j < 40 && grammar.IsAlnum(s[j]) {
		j++
	}
	if j == 1 || j >= len(s) || s[j] != ';' {
		return 0, nil
	}
	ref := string(s[:j+1])
	if rep := html.UnescapeString(ref); rep != ref {
		return j + 1, []byte(rep)
	}
	return 0, nil
}

// decodeHTML decodes doc[start:end] as the HTML tokenizer reads text
// (attr false) or an attribute value (attr true): character references, a
// "\r\n" or lone "\r" as "\n", and (in attribute values) NUL as U+FFFD.
// Named references without ";" are decoded by their longest known prefix,
// except in attribute values where a letter, digit or "=" follows them.
func decodeHTML(doc []byte, start, end int, attr bool) decoded {
	s := doc[start:end]
	if bytes.IndexByte(s, '&') < 0 && bytes.IndexByte(s, '\r') < 0 && (!attr || bytes.IndexByte(s, 0) < 0) {
		return verbatim(doc, start, end)
	}
	b := newDecoder(doc, start)
	for i := start; i < end; {
		switch c := doc[i]; {
		case c == '\r':
			j := i + 1
			if j < end && doc[j] == '\n' {
				j++
			}
			b.replace(i, j, []byte{'\n'})
			i = j
			continue
		case c == 0 && attr:
			b.replace(i, i+1, []byte("\ufffd"))
			i++
			continue
		case c == '&':
			if j, rep := htmlReference(doc[i:end], attr); j > 0 {
				b.replace(i, i+j, rep)
				i += j
				continue
			}
		}
		i++
	}
	return b.finish(end)
}

// htmlReference reads an HTML character reference at the start of s (which
// starts with "&"), with the rules of golang.org/x/net/html, whose
// html.UnescapeString decodes each reference found here. It returns the
// reference's length and what it stands for, or 0 when there is none.
func htmlReference(s []byte, attr bool) (int, []byte) {
	if len(s) > 2 && s[1] == '#' {
		i := 2
		if s[i] == 'x' || s[i] == 'X' {
			i++
		}
		j := i
		for j < len(s) && (i == 3 && grammar.IsHex(s[j]) || i == 2 && grammar.IsDigit(s[j])) {
			j++
		}
		if j == i {
			return 0, nil
		}
		if j < len(s) && s[j] == ';' {
			j++
		}
		return j, []byte(html.UnescapeString(string(s[:j])))
	}
	j := 1
	for j < len(s) && j < 40 && grammar.IsAlnum(s[j]) {
		j++
	}
	if j == 1 {
		return 0, nil
	}
	// html.UnescapeString decodes text: a name it does not know whole, it
	// decodes by its longest legacy prefix ("&notit;" reads "¬it;"). The
	// name with ";" is a reference only if it reads otherwise than that.
	name := string(s[:j])
	whole := html.UnescapeString(name)
	if j < len(s) && s[j] == ';' {
		if full := html.UnescapeString(name + ";"); full != name+";" && full != whole+";" {
			return j + 1, []byte(full)
		}
	}
	// The longest prefix of the name that is a legacy reference (one the HTML
	// spec decodes without ";"), if any.
	if whole == name {
		return 0, nil
	}
	for k := 2; k <= j; k++ {
		if pre := html.UnescapeString(name[:k]); pre != name[:k] && pre+name[k:] == whole {
			if attr && k < len(s) && (grammar.IsAlnum(s[k]) || s[k] == '=') {
				return 0, nil
			}
			return k, []byte(pre)
		}
	}
	return 0, nil
}

// remap moves a candidate found in the decoded stretch d onto the document
// doc: its offsets, its raw text and the map from its URI to the document.
func remap(c *Candidate, d *decoded, doc []byte) {
	// Offsets that point into the text outside the URI's pieces.
	for i, h := range c.HyphenBreaks {
		c.HyphenBreaks[i], _ = d.span(h, h+1)
	}
	if c.PrefixStart >= 0 {
		c.PrefixStart, _ = d.span(c.PrefixStart, c.PrefixStart+1)
	}
	if c.Continued != "" {
		_, c.ContinuedEnd = d.span(c.ContinuedEnd-1, c.ContinuedEnd)
	}
	if d.pieces == nil {
		c.Start += d.base
		c.End += d.base
		for i := range c.pieces {
			c.pieces[i].src += d.base
		}
		c.setRaw(doc)
		return
	}
	uriPieces := c.pieces
	var whole [1]piece
	if uriPieces == nil {
		whole[0] = piece{uri: 0, src: c.Start, n: len(c.URI), srcN: len(c.URI)}
		uriPieces = whole[:]
	}
	var small [4]piece
	out := small[:0]
	for _, up := range uriPieces {
		if up.decoded { // maps as a whole: so does its whole text range
			s, e := d.span(up.src, up.src+up.srcN)
			out = addPiece(out, piece{uri: up.uri, src: s, n: up.n, srcN: e - s, decoded: true, coarse: up.coarse})
			continue
		}
		a, b := up.src, up.src+up.srcN
		for _, p := range d.overlapping(a, b) {
			lo, hi := max(a, p.uri), min(b, p.uri+p.n)
			u := up.uri + lo - a
			switch {
			case !p.decoded:
				out = addPiece(out, piece{uri: u, src: p.src + lo - p.uri, n: hi - lo, srcN: hi - lo})
			case p.coarse: // placed in proportion
				s, e := p.approx(lo), p.approx(hi)
				out = addPiece(out, piece{uri: u, src: s, n: hi - lo, srcN: e - s, decoded: true, coarse: true})
			case len(out) > 0 && out[len(out)-1].decoded && out[len(out)-1].src == p.src:
				out[len(out)-1].n += hi - lo // the rest of the same reference
			default:
				out = addPiece(out, piece{uri: u, src: p.src, n: hi - lo, srcN: p.srcN, decoded: true, coarse: p.coarse})
			}
		}
	}
	c.Start = out[0].src
	last := out[len(out)-1]
	c.End = last.src + last.srcN
	c.setRaw(doc)
	if len(out) == 1 && !out[0].decoded {
		c.pieces = nil
	} else {
		c.pieces = slices.Clone(out)
	}
}

// setRaw sets Raw to the document's bytes under the candidate, sharing the
// URI's string when they are the same.
func (c *Candidate) setRaw(doc []byte) {
	if raw := doc[c.Start:c.End]; string(raw) == c.URI {
		c.Raw = c.URI
	} else {
		c.Raw = string(raw)
	}
}

// overlapping returns the pieces of d that hold some of the text [a, b).
// The first is found by binary search, as mapOffset finds its piece: a
// stretch holds as many pieces as it has references, and scanning them from
// the start for each URI made a stretch with many of both quadratic. The
// rest are as many as the URI spans.
func (d *decoded) overlapping(a, b int) []piece {
	ps := d.pieces
	i := sort.Search(len(ps), func(k int) bool { return ps[k].uri+ps[k].n > a })
	j := i
	for j < len(ps) && ps[j].uri < b {
		j++
	}
	return ps[i:j]
}

// span maps the text [a, b) of d to document offsets.
func (d *decoded) span(a, b int) (int, int) {
	if d.pieces == nil {
		return d.base + a, d.base + b
	}
	return mapSpan(d.pieces, a, b)
}

// scanDecoded calls yield with the candidates of running text found in d,
// moved onto the document doc. buf is the caller's candidate buffer (see
// scanText).
func scanDecoded(buf *Candidate, doc []byte, d *decoded, yield func(*Candidate)) {
	scanText(buf, d.text, 0, func(c *Candidate) {
		remap(c, d, doc)
		yield(c)
	})
}
