package extract

import (
	"bytes"

	"golang.org/x/net/html"
)

// htmlLexer splits an HTML document into the tokens that x/net/html's
// Tokenizer reads, at the same boundaries, straight from the document's
// bytes: the walker needs only each token's kind and span, and a tag's
// name and attribute spans, so it does without the Tokenizer's reader,
// buffer and copies. That makes the walker about twice as fast (issue 3
// holds it to 0.8x the bare Tokenizer).
//
// The Tokenizer is the reference: TestHTMLLexerCorpus and FuzzHTMLLexer
// compare the two token by token, raw bytes and attributes, and the content
// of <script>, whose end follows the byzantine script-data states of the
// HTML standard, is measured by the Tokenizer itself when it holds "<!--"
// (scriptEnd). Like the
// Tokenizer, the lexer does not stop at a NUL and knows nothing of the
// tree: an end tag is a token, whatever is open.
type htmlLexer struct {
	src []byte
	pos int // where the next token starts

	// rawTag is the element whose raw text (or RCDATA) comes next, after
	// its start tag: "script", "style", "textarea", "title", "xmp",
	// "iframe", "noembed", "noframes", "noscript" or "plaintext"; tagStart
	// is where that start tag began.
	rawTag   string
	tagStart int
	done     bool // an ErrorToken was returned

	// The current token: src[start:pos].
	start int
	// nameEnd is where a tag's name ends; its name starts at start+1 (a
	// start tag) or start+2 (an end tag).
	nameEnd int
	// attrs are a start tag's attributes, in order, as the Tokenizer
	// reads them before it drops empty and repeated names: all of them up
	// to maxTagAttrs; past that, only those keep names, each name once,
	// and the tag's last attribute.
	attrs []htmlAttr
	// keep, if set, names the attributes kept past maxTagAttrs.
	keep func(key []byte) bool
	// kept are the names (in lower case) kept past maxTagAttrs.
	kept map[string]bool
	// rawText names the element a text token is the raw text of, or is
	// empty for ordinary text.
	rawText string
}

// htmlAttr is where an attribute's key and value are in the document. An
// attribute without a value has an empty value span at the end of its key.
type htmlAttr struct {
	keyStart, keyEnd, valStart, valEnd int
}

// next reads the next token and returns its kind: a text, start tag,
// self-closing tag, end tag, comment (which includes "<?...>", "</>" and
// other bogus comments) or doctype token, or html.ErrorToken at the end of
// the document, or at a tag the document ends inside of (the Tokenizer
// drops such a tag and stops).
func (z *htmlLexer) next() html.TokenType {
	src := z.src
	start := z.pos
	z.start = start
	z.rawText = ""
	if z.done {
		return html.ErrorToken
	}
	if tag := z.rawTag; tag != "" {
		z.rawTag = ""
		var end int
		switch tag {
		case "plaintext":
			end = len(src)
		case "script":
			end = scriptEnd(src, z.tagStart, start)
		default:
			end = rawTextEnd(src, start, tag)
		}
		if end > start {
			z.pos, z.rawText = end, tag
			return html.TextToken
		}
	}
	for i := start; ; {
		j := bytes.IndexByte(src[i:], '<')
		if j < 0 || i+j+1 == len(src) {
			break // text to the end, a last "<" included
		}
		p := i + j
		c := src[p+1]
		tag := isASCIILetter(c)
		if !tag && c != '/' && c != '!' && c != '?' {
			i = p + 1 // the "<" is text
			continue
		}
		if p > start {
			z.pos = p // the text before it first
			return html.TextToken
		}
		switch {
		case tag:
			return z.startTag(p)
		case c == '/':
			if p+2 == len(src) {
				z.pos = len(src) // "</" at the end is text
				return html.TextToken
			}
			switch c := src[p+2]; {
			case c == '>':
				z.pos = p + 3 // "</>" is an empty comment
				return html.CommentToken
			case isASCIILetter(c):
				end, ok := z.readTag(p + 3)
				if !ok {
					return z.fail()
				}
				z.pos = end
				return html.EndTagToken
			}
			z.pos = closeAngle(src, p+2) // "</ x>" and the like: a bogus comment
			return html.CommentToken
		case c == '!':
			return z.markupDeclaration(p + 2)
		default: // "<?": a bogus comment
			z.pos = closeAngle(src, p+1)
			return html.CommentToken
		}
	}
	if start < len(src) {
		z.pos = len(src)
		return html.TextToken
	}
	return z.fail()
}

// fail ends the token stream.
func (z *htmlLexer) fail() html.TokenType {
	z.done = true
	return html.ErrorToken
}

// startTag reads the start tag at src[p], "<" and a letter.
func (z *htmlLexer) startTag(p int) html.TokenType {
	end, ok := z.readTag(p + 2)
	if !ok {
		return z.fail()
	}
	z.pos = end
	if tag := rawTextElement(z.src[p+1 : z.nameEnd]); tag != "" {
		// As the Tokenizer does, even when the tag is self-closing.
		z.rawTag, z.tagStart = tag, p
	}
	// Self-closing when the last byte before ">" is "/", unless that "/"
	// ends the value of the last attribute the Tokenizer keeps (<a href=/>).
	if z.src[end-2] == '/' {
		if a, ok := z.lastKeptAttr(); !ok || end-2 != a.valEnd-1 {
			return html.SelfClosingTagToken
		}
	}
	return html.StartTagToken
}

// rawTextElements are the elements after whose start tag the Tokenizer
// reads raw text or RCDATA up to the matching end tag.
var rawTextElements = [...]string{"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext"}

// rawTextElement returns the lower-case name of the raw text element the
// tag name names, or "".
func rawTextElement(name []byte) string {
	if len(name) < 3 || len(name) > 9 {
		return ""
	}
	for _, el := range rawTextElements {
		if equalFoldASCII(name, el) {
			return el
		}
	}
	return ""
}

// readTag reads the rest of a tag whose name starts at src[i-1], to its
// closing ">", as the Tokenizer does: the name ends at whitespace, "/" or
// ">"; a key ends at whitespace, "/", ">" or "=" (which it may start with);
// a value is quoted with " or ', or runs to whitespace or ">". It sets
// nameEnd and attrs and returns where the tag ends, or false when the
// document ends first.
func (z *htmlLexer) readTag(i int) (int, bool) {
	src := z.src
	n := len(src)
	for i < n && !isHTMLSpace(src[i]) && src[i] != '/' && src[i] != '>' {
		i++
	}
	z.nameEnd = i
	z.attrs = z.attrs[:0]
	seeded := false   // z.kept holds the names of the first maxTagAttrs
	var last htmlAttr // the last attribute read, when it was not kept
	hasLast := false
	for {
		for i < n && isHTMLSpace(src[i]) {
			i++
		}
		if i == n {
			return 0, false
		}
		if src[i] == '>' {
			if hasLast {
				z.attrs = append(z.attrs, last)
			}
			return i + 1, true
		}
		ks := i
		for i < n {
			if c := src[i]; c == '=' && i > ks || c == '/' || c == '>' || isHTMLSpace(c) {
				break
			}
			i++
		}
		a := htmlAttr{keyStart: ks, keyEnd: i, valStart: i, valEnd: i}
		for i < n && isHTMLSpace(src[i]) {
			i++
		}
		if i == n {
			return 0, false
		}
		switch src[i] {
		case '/':
			i++
		case '=':
			i++
			for i < n && isHTMLSpace(src[i]) {
				i++
			}
			if i == n {
				return 0, false
			}
			switch q := src[i]; q {
			case '>':
			case '"', '\'':
				j := bytes.IndexByte(src[i+1:], q)
				if j < 0 {
					return 0, false
				}
				a.valStart, a.valEnd = i+1, i+1+j
				i += j + 2
			default:
				a.valStart = i
				for i < n && !isHTMLSpace(src[i]) && src[i] != '>' {
					i++
				}
				if i == n {
					return 0, false
				}
				a.valEnd = i
			}
		}
		if len(z.attrs) < maxTagAttrs {
			z.attrs = append(z.attrs, a)
			continue
		}
		// A tag with thousands of attributes: the walker reads a few
		// names, the first of each (the Tokenizer drops the others).
		key := src[a.keyStart:a.keyEnd]
		last, hasLast = a, true
		if z.keep != nil && z.keep(key) {
			if !seeded {
				if z.kept == nil {
					z.kept = make(map[string]bool)
				}
				clear(z.kept)
				for _, b := range z.attrs {
					z.kept[string(asciiLower(src[b.keyStart:b.keyEnd]))] = true
				}
				seeded = true
			}
			if lower := string(asciiLower(key)); !z.kept[lower] {
				z.kept[lower] = true
				z.attrs = append(z.attrs, a)
				hasLast = false
			}
		}
	}
}

// maxTagAttrs is how many attributes of a tag the lexer keeps, all of
// them; past that, it keeps only those the walker reads (see
// htmlLexer.keep), so that a tag of millions of attributes holds memory for
// a few. Real tags have a few dozen at most.
const maxTagAttrs = 1024

// lastKeptAttr returns the last attribute of the tag that the Tokenizer
// keeps: it drops an attribute with an empty key, and one whose key (in
// ASCII lower case) an earlier attribute has.
func (z *htmlLexer) lastKeptAttr() (htmlAttr, bool) {
	attrs := z.attrs
	key := func(a htmlAttr) []byte { return z.src[a.keyStart:a.keyEnd] }
	var first map[string]int // with many attributes: the index of each key's first
	if len(attrs) > 16 {
		first = make(map[string]int, len(attrs))
		for k := len(attrs) - 1; k >= 0; k-- {
			first[string(asciiLower(key(attrs[k])))] = k
		}
	}
	for k := len(attrs) - 1; k >= 0; k-- {
		a := attrs[k]
		if a.keyStart == a.keyEnd {
			continue
		}
		kept := true
		if first != nil {
			kept = first[string(asciiLower(key(a)))] == k
		} else {
			for _, b := range attrs[:k] {
				if equalFoldBytes(key(b), key(a)) {
					kept = false
					break
				}
			}
		}
		if kept {
			return a, true
		}
	}
	return htmlAttr{}, false
}

// markupDeclaration reads the token starting "<!", with i just after it:
// a comment, a doctype, or a bogus comment up to the next ">".
func (z *htmlLexer) markupDeclaration(i int) html.TokenType {
	src := z.src
	switch {
	case len(src)-i < 2:
		z.pos = len(src)
	case src[i] == '-' && src[i+1] == '-':
		z.pos = commentEnd(src, i+2)
	case len(src)-i >= 7 && equalFoldASCII(src[i:i+7], "doctype"):
		j := i + 7
		for j < len(src) && isHTMLSpace(src[j]) {
			j++
		}
		z.pos = closeAngle(src, j)
		return html.DoctypeToken
	default:
		z.pos = closeAngle(src, i)
	}
	return html.CommentToken
}

// commentEnd returns where the comment whose text starts at src[i], after
// "<!--", ends: after "-->" or "--!>", after a ">" that only dashes come
// before ("<!-->", "<!--->"), or at the end of the document.
func commentEnd(src []byte, i int) int {
	dashes, beginning := 0, true
	for i < len(src) {
		c := src[i]
		i++
		switch c {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return i
			}
		case '!':
			if dashes >= 2 {
				if i == len(src) {
					return i
				}
				c = src[i]
				i++
				if c == '>' {
					return i
				}
				if c == '-' {
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
	return i
}

// closeAngle returns where a token that ends at the next ">" from src[i]
// ends: after it, or at the end of the document.
func closeAngle(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '>'); j >= 0 {
		return i + j + 1
	}
	return len(src)
}

// rawTextEnd returns where the raw text or RCDATA of element tag that
// starts at src[i] ends: at "</" and the tag name (in any case) followed
// by whitespace, "/" or ">", or at the end of the document.
func rawTextEnd(src []byte, i int, tag string) int {
	for {
		j := bytes.Index(src[i:], []byte("</"))
		if j < 0 {
			return len(src)
		}
		e := i + j + 2 + len(tag)
		if e < len(src) && equalFoldASCII(src[i+j+2:e], tag) {
			switch src[e] {
			case ' ', '\n', '\r', '\t', '\f', '/', '>':
				return i + j
			}
		}
		i += j + 2
	}
}

// scriptEnd returns where the script data that starts at src[i] ends,
// after the <script> start tag at src[tagStart]. Up to a "<!--", script
// data is raw text, ending at "</script"; after one, the "escaped" states
// of the HTML standard decide whether a "</script>" counts, and those are
// the Tokenizer's to know: it reads the start tag and the data, and the
// data's length is taken.
func scriptEnd(src []byte, tagStart, i int) int {
	end := rawTextEnd(src, i, "script")
	if !bytes.Contains(src[i:end], []byte("<!--")) {
		return end
	}
	t := html.NewTokenizer(bytes.NewReader(src[tagStart:]))
	t.Next()
	if t.Next() == html.TextToken {
		return i + len(t.Raw())
	}
	return i
}

// isASCIILetter reports whether c is an ASCII letter.
func isASCIILetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }
