package extract

import (
	"bytes"
	"unicode/utf8"

	"github.com/urilint/urilint/extract/grammar"
)

// xmlLexer splits an XML document into the tokens that encoding/xml's
// Decoder.RawToken reads, at the same boundaries, straight from the
// document's bytes: the walker needs only each token's kind and span, and a
// tag's name and attribute spans, so it does without the Decoder's reader,
// its copies and an allocation per token.
//
// RawToken is the reference: TestXMLLexerCorpus and FuzzXMLLexer compare
// the two token by token (kinds, spans, names, attributes and their values
// decoded). Where RawToken reads a token, the lexer reads the same one;
// where it reports a syntax error, the lexer either stops at that token
// too (xmlMalformed) or, where the token's end is not in doubt, reads it
// and goes on. It is more lenient than RawToken in strict mode in these
// places only: entity references it cannot expand (a document's own
// entities, declared in a DTD it does not read, are kept as written), a "&"
// that starts no reference, "]]>" in text, "--" inside a comment,
// characters that XML does not allow (controls, bytes that are not UTF-8,
// names with characters outside XML's name tables or with two colons), and
// the version and encoding of the XML declaration. Like RawToken, it knows
// nothing of the tree: an end tag is a token, whatever is open.
type xmlLexer struct {
	src []byte
	pos int // where the next token starts

	// The current token: src[start:pos].
	start int
	// nameEnd is where the name of a tag or the target of a processing
	// instruction ends; it starts at start+1 (a start tag), start+2 (an
	// end tag, a processing instruction).
	nameEnd int
	// attrs are a start tag's attributes, in order: its first
	// maxXMLAttrs; more says that it has more (see eachAttr).
	attrs []xmlAttr
	more  bool
	extra []xmlAttr // the attributes past maxXMLAttrs read again (attrChunks)
	// reason says what is malformed, after xmlMalformed.
	reason string
	done   bool
}

// xmlAttr is where an attribute's name and value (without its quotes) are
// in the document.
type xmlAttr struct {
	keyStart, keyEnd, valStart, valEnd int
}

// xmlToken is a kind of token.
type xmlToken uint8

const (
	xmlEOF       xmlToken = iota // the end of the document
	xmlMalformed                 // the markup at start cannot be read: see reason
	xmlText                      // character data up to the next "<"
	xmlCDATA                     // "<![CDATA[" ... "]]>"
	xmlStartTag                  // "<name attr='value'>"
	xmlEmptyTag                  // "<name attr='value'/>"
	xmlEndTag                    // "</name>"
	xmlComment                   // "<!--" ... "-->"
	xmlPI                        // "<?target data?>"
	xmlDirective                 // "<!DOCTYPE ...>", "<!ENTITY ...>", ...: up to the ">" outside quotes and nested "<...>"
)

// next reads the next token and returns its kind. After xmlMalformed, it
// returns xmlEOF.
func (z *xmlLexer) next() xmlToken {
	src := z.src
	i := z.pos
	z.start = i
	if z.done || i >= len(src) {
		return xmlEOF
	}
	if src[i] != '<' {
		if j := bytes.IndexByte(src[i:], '<'); j >= 0 {
			z.pos = i + j
		} else {
			z.pos = len(src)
		}
		return xmlText
	}
	if i+1 == len(src) {
		return z.fail("the document ends after \"<\"")
	}
	switch src[i+1] {
	case '/':
		n := xmlNameEnd(src, i+2)
		if n == i+2 {
			return z.fail("no element name after \"</\"")
		}
		z.nameEnd = n
		j := skipXMLSpace(src, n)
		switch {
		case j == len(src):
			return z.fail("the document ends inside an end tag")
		case src[j] != '>':
			return z.fail("an end tag holds more than its name")
		}
		z.pos = j + 1
		return xmlEndTag
	case '?':
		n := xmlNameEnd(src, i+2)
		if n == i+2 {
			return z.fail("no target name after \"<?\"")
		}
		z.nameEnd = n
		k := bytes.Index(src[n:], []byte("?>"))
		if k < 0 {
			return z.fail("a processing instruction without \"?>\"")
		}
		z.pos = n + k + 2
		return xmlPI
	case '!':
		return z.markupDeclaration(i)
	}
	return z.startTag(i)
}

// XMLSyntaxError reports where the markup of the XML document doc cannot be
// read on, and why: the offset from which the XML walker reads the rest of
// the document as running text. ok is false when the markup reads to the
// end.
func XMLSyntaxError(doc []byte) (offset int, reason string, ok bool) {
	z := xmlLexer{src: doc}
	for {
		switch z.next() {
		case xmlEOF:
			return 0, "", false
		case xmlMalformed:
			return z.start, z.reason, true
		}
	}
}

// fail ends the token stream at the current token.
func (z *xmlLexer) fail(reason string) xmlToken {
	z.done, z.reason = true, reason
	return xmlMalformed
}

// markupDeclaration reads the token that starts "<!" at src[i]: a comment,
// a CDATA section or a directive.
func (z *xmlLexer) markupDeclaration(i int) xmlToken {
	src := z.src
	if i+2 >= len(src) {
		return z.fail("the document ends after \"<!\"")
	}
	switch src[i+2] {
	case '-':
		if i+3 >= len(src) || src[i+3] != '-' {
			return z.fail("\"<!-\" does not start a comment")
		}
		k := bytes.Index(src[i+4:], []byte("-->"))
		if k < 0 {
			return z.fail("a comment without \"-->\"")
		}
		z.pos = i + 4 + k + 3
		return xmlComment
	case '[':
		rest := src[i+3:]
		if !bytes.HasPrefix(rest, []byte("CDATA[")) {
			return z.fail("\"<![\" does not start a CDATA section")
		}
		k := bytes.Index(rest[6:], []byte("]]>"))
		if k < 0 {
			return z.fail("a CDATA section without \"]]>\"")
		}
		z.pos = i + 9 + k + 3
		return xmlCDATA
	}
	end, ok := directiveEnd(src, i+3)
	if !ok {
		return z.fail("a declaration without its closing \">\"")
	}
	z.pos = end
	return xmlDirective
}

// directiveEnd returns where the directive whose text goes on at src[i]
// ends, after "<!" and one more byte, as RawToken finds it: at a ">" outside
// quotes (either kind) and outside nested "<...>", comments skipped. (The
// byte after "<!" is taken as it is, and a byte after a "<" that does not
// start a comment is read as RawToken reads it, without the test for the
// end.) It returns false when the document ends first.
func directiveEnd(src []byte, i int) (int, bool) {
	var inquote byte
	depth := 0
	for i < len(src) {
		b := src[i]
		i++
		if inquote == 0 && b == '>' && depth == 0 {
			return i, true
		}
	handle:
		switch {
		case b == inquote:
			inquote = 0
		case inquote != 0:
		case b == '\'' || b == '"':
			inquote = b
		case b == '>':
			depth--
		case b == '<':
			const open = "!--"
			k := 0
			for ; k < len(open); k++ {
				if i == len(src) {
					return 0, false
				}
				b = src[i]
				i++
				if b != open[k] {
					break
				}
			}
			if k < len(open) {
				depth++
				goto handle
			}
			j := bytes.Index(src[i:], []byte("-->"))
			if j < 0 {
				return 0, false
			}
			i += j + 3
		}
	}
	return 0, false
}

// startTag reads the start tag at src[i].
func (z *xmlLexer) startTag(i int) xmlToken {
	src := z.src
	n := xmlNameEnd(src, i+1)
	if n == i+1 {
		return z.fail("\"<\" not followed by a name")
	}
	z.nameEnd = n
	z.attrs, z.more = z.attrs[:0], false
	for j := n; ; {
		j = skipXMLSpace(src, j)
		if j == len(src) {
			return z.fail("the document ends inside a tag")
		}
		switch src[j] {
		case '/':
			if j+1 == len(src) || src[j+1] != '>' {
				return z.fail("\"/\" not followed by \">\" in a tag")
			}
			z.pos = j + 2
			return xmlEmptyTag
		case '>':
			z.pos = j + 1
			return xmlStartTag
		}
		a, reason := xmlAttrAt(src, j)
		if reason != "" {
			return z.fail(reason)
		}
		if len(z.attrs) < maxXMLAttrs {
			z.attrs = append(z.attrs, a)
		} else {
			z.more = true
		}
		j = a.valEnd + 1
	}
}

// maxXMLAttrs is how many attributes of a start tag the lexer keeps; the
// rest are read again from the tag when they are wanted (attrChunks). No
// real tag comes near; one of a million attributes (a few megabytes of
// hostile input) would hold 32 bytes for each.
const maxXMLAttrs = 1024

// xmlAttrAt reads the attribute whose name starts at src[j], or says why
// there is none.
func xmlAttrAt(src []byte, j int) (xmlAttr, string) {
	ks := j
	ke := xmlNameEnd(src, j)
	if ke == j {
		return xmlAttr{}, "no attribute name where one is expected in a tag"
	}
	j = skipXMLSpace(src, ke)
	if j == len(src) || src[j] != '=' {
		return xmlAttr{}, "an attribute name not followed by \"=\""
	}
	j = skipXMLSpace(src, j+1)
	if j == len(src) || src[j] != '"' && src[j] != '\'' {
		return xmlAttr{}, "an attribute value not in quotes"
	}
	k := bytes.IndexByte(src[j+1:], src[j])
	if k < 0 {
		return xmlAttr{}, "an attribute value without its closing quote"
	}
	vs, ve := j+1, j+1+k
	if bytes.IndexByte(src[vs:ve], '<') >= 0 {
		return xmlAttr{}, "\"<\" in an attribute value"
	}
	return xmlAttr{keyStart: ks, keyEnd: ke, valStart: vs, valEnd: ve}, ""
}

// attrChunks yields the attributes of the start tag just read, in order,
// in slices: those kept, then, past maxXMLAttrs, those read again from
// the tag (which the lexer has read whole, so that none fails), at most
// maxXMLAttrs at a time, in a buffer reused.
func (z *xmlLexer) attrChunks(yield func([]xmlAttr) bool) {
	if !yield(z.attrs) || !z.more {
		return
	}
	j := z.attrs[len(z.attrs)-1].valEnd + 1
	for {
		z.extra = z.extra[:0]
		for j = skipXMLSpace(z.src, j); z.src[j] != '/' && z.src[j] != '>' && len(z.extra) < maxXMLAttrs; j = skipXMLSpace(z.src, j) {
			a, _ := xmlAttrAt(z.src, j)
			z.extra = append(z.extra, a)
			j = a.valEnd + 1
		}
		if len(z.extra) == 0 || !yield(z.extra) {
			return
		}
	}
}

// xmlNameEnd returns where the name that starts at src[i] ends, or i when
// none starts there. As RawToken reads names, a name is a run of ASCII
// letters, digits, "_", ":", ".", "-" and of any byte past ASCII, starting
// with a letter, "_", ":" or a byte past ASCII.
func xmlNameEnd(src []byte, i int) int {
	if i == len(src) || !isXMLNameStart(src[i]) {
		return i
	}
	j := i + 1
	for j < len(src) && isXMLNameByte(src[j]) {
		j++
	}
	return j
}

func isXMLNameStart(c byte) bool { return xmlNameClass[c]&xnStart != 0 }

func isXMLNameByte(c byte) bool { return xmlNameClass[c] != 0 }

const (
	xnByte  uint8 = 1 << iota // continues a name
	xnStart                   // starts one
)

var xmlNameClass = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', c == '_', c == ':', c >= 0x80:
			t[c] = xnByte | xnStart
		case '0' <= c && c <= '9', c == '.', c == '-':
			t[c] = xnByte
		}
	}
	return t
}()

// isXMLSpace reports whether c is whitespace in XML markup (the S
// production: space, tab, CR, LF).
func isXMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// skipXMLSpace returns the offset of the first byte at or after src[i] that
// is not XML whitespace.
func skipXMLSpace(src []byte, i int) int {
	for i < len(src) && isXMLSpace(src[i]) {
		i++
	}
	return i
}

// startsMarkup reports whether b, after whitespace, starts with an XML
// tag, comment, declaration or processing instruction.
func startsMarkup(b []byte) bool {
	i := skipXMLSpace(b, 0)
	if i+1 >= len(b) || b[i] != '<' {
		return false
	}
	c := b[i+1]
	return isXMLNameStart(c) || c == '/' || c == '!' || c == '?'
}

// Replacement texts of the decoder.
var (
	xmlLF         = []byte{'\n'}
	xmlPredefined = map[string][]byte{"lt": []byte("<"), "gt": []byte(">"), "amp": []byte("&"), "apos": []byte("'"), "quot": []byte(`"`)}
)

// decodeXML decodes doc[start:end], XML character data or an attribute
// value, as encoding/xml does: the predefined entities (&lt; &gt; &amp;
// &apos; &quot;), the character references (&#N; &#xH;) that name a
// character XML allows, and line ends ("\r\n" and a lone "\r" read as
// "\n"). Other references, which a DTD the walker does not read may
// declare, are kept as written, and so is a "&" that starts none.
//
// Unlike XML (section 3.3.3), and like encoding/xml, a line end or a tab
// in an attribute value is not made a space: in a URI attribute written
// over several lines, the line break is reported as the line break it is,
// and what was meant (the spaces XML reads, the one space an anyURI's
// whitespace collapses to, or nothing, as browsers read it) is left to the
// author; --fix never encodes it.
func decodeXML(doc []byte, start, end int) decoded {
	s := doc[start:end]
	if bytes.IndexByte(s, '&') < 0 && bytes.IndexByte(s, '\r') < 0 {
		return verbatim(doc, start, end)
	}
	b := newDecoder(doc, start)
	for i := start; i < end; {
		switch doc[i] {
		case '\r':
			j := i + 1
			if j < end && doc[j] == '\n' {
				j++
			}
			b.replace(i, j, xmlLF)
			i = j
			continue
		case '&':
			if n, rep := xmlReference(doc[i:end]); n > 0 {
				b.replace(i, i+n, rep)
				i += n
				continue
			}
		}
		i++
	}
	return b.finish(end)
}

// xmlReference reads a predefined entity or a character reference at the
// start of s (which starts with "&"), as encoding/xml does: "&#x" takes a
// lower-case "x", and the reference must end with ";". It returns the
// reference's length and what it stands for, or 0 when there is none.
func xmlReference(s []byte) (int, []byte) {
	if len(s) > 2 && s[1] == '#' {
		i, hex := 2, false
		if s[2] == 'x' {
			i, hex = 3, true
		}
		base := 10
		if hex {
			base = 16
		}
		j, v := i, 0
	digits:
		for ; j < len(s); j++ {
			var d int
			switch c := s[j]; {
			case grammar.IsDigit(c):
				d = int(c - '0')
			case hex && grammar.IsHex(c):
				d = int(grammar.Lower(c) - 'a' + 10)
			default:
				break digits
			}
			v = min(v*base+d, utf8.MaxRune+1)
		}
		if j == i || j == len(s) || s[j] != ';' || !xmlChar(rune(v)) {
			return 0, nil
		}
		return j + 1, utf8.AppendRune(nil, rune(v))
	}
	j := 1
	for j < len(s) && isXMLNameByte(s[j]) {
		j++
	}
	if j == len(s) || s[j] != ';' {
		return 0, nil
	}
	if rep, ok := xmlPredefined[string(s[1:j])]; ok {
		return j + 1, rep
	}
	return 0, nil
}

// xmlChar reports whether XML allows the character r (the Char production
// of XML 1.0 section 2.2).
func xmlChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || 0x20 <= r && r <= 0xD7FF || 0xE000 <= r && r <= 0xFFFD ||
		0x10000 <= r && r <= utf8.MaxRune
}
