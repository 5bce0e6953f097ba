package extract

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// adocTitleText returns the text of a section title, its attribute
// references resolved and its passthroughs found (seg), as Asciidoctor
// converts it before it makes the section's id of it (Section.generate_id
// reads the converted title, its tags and character references removed):
// the text of formatted spans without their marks, of a link, a cross
// reference or a menu without their targets, passthroughs as written (raw
// HTML without its tags), anchors, images and footnotes left out, an icon
// as "[name]", and the characters of Asciidoctor's replacements ("--",
// "...", "->", "(C)" ...) in place of their sources.
func adocTitleText(seg *adocSeg) string {
	c := adocTitleConv{t: seg.d.text, pass: seg.pass}
	c.conv(0, len(c.t))
	return strings.TrimSpace(string(c.out))
}

type adocTitleConv struct {
	t    []byte
	pass []adocPass
	out  []byte
}

// passAt returns the passthrough that starts at t[i].
func (c *adocTitleConv) passAt(i int) (adocPass, bool) {
	for _, p := range c.pass {
		if p.start == i {
			return p, true
		}
		if p.start > i {
			break
		}
	}
	return adocPass{}, false
}

// conv converts t[a:b].
func (c *adocTitleConv) conv(a, b int) {
	t := c.t
	for i := a; i < b; {
		if p, ok := c.passAt(i); ok && p.end <= b {
			if p.kind == passRaw {
				c.out = append(c.out, stripTags(t[p.cstart:p.cend])...)
			} else {
				c.out = append(c.out, t[p.cstart:p.cend]...)
			}
			i = p.end
			continue
		}
		if n := c.markup(i, b); n > i {
			i = n
			continue
		}
		c.out = append(c.out, t[i])
		i++
	}
}

// markup converts the markup that starts at t[i], if any, and returns
// where the text goes on (i when there is none).
func (c *adocTitleConv) markup(i, b int) int {
	t := c.t
	switch ch := t[i]; ch {
	case '\\':
		// An escape: the next character is text.
		if i+1 < b {
			_, n := utf8.DecodeRune(t[i+1 : b])
			c.out = append(c.out, t[i+1:i+1+n]...)
			return i + 1 + n
		}
	case '[':
		if i+1 < b && t[i+1] == '[' {
			// [[id]] or [[id, reftext]]: an anchor, no text.
			if k := bytes.Index(t[i+2:b], []byte("]]")); k >= 0 {
				id := t[i+2 : i+2+k]
				if j := bytes.IndexByte(id, ','); j >= 0 {
					id = id[:j]
				}
				if adocID(id) {
					return i + 2 + k + 2
				}
			}
			return i
		}
		// [attributes] before formatted text: not text.
		if k := bytes.IndexByte(t[i+1:b], ']'); k > 0 {
			if e := i + 1 + k + 1; e < b && strings.IndexByte("*_`#^~", t[e]) >= 0 && c.quote(e, b, true) {
				return c.quoteAt(e, b)
			}
		}
	case '<':
		if i+1 < b && t[i+1] == '<' {
			if k := bytes.Index(t[i+2:b], []byte(">>")); k > 0 {
				ref := t[i+2 : i+2+k]
				if j := bytes.IndexByte(ref, ','); j >= 0 {
					// The text, its leading spaces left out.
					from := len(c.out)
					c.conv(i+2+j+1, i+2+k)
					n := from
					for n < len(c.out) && c.out[n] == ' ' {
						n++
					}
					c.out = append(c.out[:from], c.out[n:]...)
				} else {
					c.out = append(append(append(c.out, '['), ref...), ']')
				}
				return i + 2 + k + 2
			}
		}
		return c.replacement(i, b)
	case '-':
		if i+1 < b && t[i+1] == '-' && (i == 0 || t[i-1] == ' ') && (i+2 == b || t[i+2] == ' ') {
			// " -- ": the spaces taken in.
			trimSpaceEnd(&c.out)
			c.out = append(c.out, adocSpacedDash...)
			return min(i+3, b)
		}
		return c.replacement(i, b)
	case '=', '.', '(', '\'':
		return c.replacement(i, b)
	case '*', '_', '`', '#', '^', '~':
		if c.quote(i, b, false) {
			return c.quoteAt(i, b)
		}
	case ':':
		return c.macro(i, b)
	}
	return i
}

// replacement converts the replacement of Asciidoctor's table that
// starts at t[i] (adocReplacementAt), if any, and returns where the text
// goes on.
func (c *adocTitleConv) replacement(i, b int) int {
	into, n := adocReplacementAt(c.t[:b], i)
	c.out = append(c.out, into...)
	return i + n
}

// quote reports whether a formatted span (strong, emphasis, monospace,
// highlight, superscript, subscript) opens at t[i]: a doubled mark
// anywhere, a single one not after a word character (constrained), closed
// further on. attrs: an attribute list comes right before it.
func (c *adocTitleConv) quote(i, b int, attrs bool) bool {
	_, _, ok := c.quoteSpan(i, b, attrs)
	return ok
}

// quoteSpan returns the text of the formatted span at t[i] and where it
// ends.
func (c *adocTitleConv) quoteSpan(i, b int, attrs bool) (int, int, bool) {
	t := c.t
	m := t[i]
	if m == '^' || m == '~' {
		// ^text^, ~text~: no space inside.
		for k := i + 1; k < b; k++ {
			if t[k] == m {
				return i + 1, k, k > i+1
			}
			if isSpaceByte(t[k]) {
				break
			}
		}
		return 0, 0, false
	}
	if i+1 < b && t[i+1] == m {
		if k := bytes.Index(t[i+2:b], []byte{m, m}); k > 0 {
			return i + 2, i + 2 + k, true
		}
	}
	if !attrs && i > 0 && (wordBefore(t, i) || strings.IndexByte(";:}", t[i-1]) >= 0) {
		return 0, 0, false
	}
	if i+1 >= b || isSpaceByte(t[i+1]) {
		return 0, 0, false
	}
	for k := i + 2; k < b; k++ {
		if t[k] == m && !isSpaceByte(t[k-1]) && !wordAt(t[:b], k+1) {
			return i + 1, k, true
		}
	}
	return 0, 0, false
}

// quoteAt converts the formatted span at t[i] and returns its end.
func (c *adocTitleConv) quoteAt(i, b int) int {
	s, e, _ := c.quoteSpan(i, b, true)
	if c.t[i] == '`' {
		c.out = append(c.out, c.t[s:e]...) // monospace: as written
	} else {
		c.conv(s, e)
	}
	return e + (s - i)
}

// macro converts the inline macro whose name ends at the ":" at t[i]
// (link:, mailto:, xref:, image:, icon:, footnote:, kbd:, btn:, menu:,
// anchor:, or a URL's scheme followed by "//"), and returns its end, or i.
func (c *adocTitleConv) macro(i, b int) int {
	t := c.t
	ns := i
	for ns > 0 && isASCIILetter(t[ns-1]) {
		ns--
	}
	name := string(t[ns:i])
	if name == "" || ns > 0 && wordBefore(t, ns) {
		return i
	}
	open := bytes.IndexByte(t[i+1:b], '[')
	if open < 0 {
		return i
	}
	open += i + 1
	target := t[i+1 : open]
	if bytes.ContainsAny(target, " \t\n") {
		return i
	}
	close := bytes.IndexByte(t[open+1:b], ']')
	if close < 0 {
		return i
	}
	close += open + 1
	text := t[open+1 : close]
	if bytes.IndexByte(text, '=') >= 0 {
		if k := bytes.IndexByte(text, ','); k >= 0 {
			text = text[:k]
		} else if bytes.IndexByte(text, '"') < 0 {
			text = nil
		}
	}
	text = bytes.TrimSpace(text)
	url := bytes.HasPrefix(target, []byte("//")) && adocLinkScheme([]byte(name))
	switch {
	case url || name == "link" || name == "mailto":
		// The shown text, else the target.
		c.out = c.out[:len(c.out)-(i-ns)]
		switch {
		case len(text) > 0:
			c.out = append(c.out, text...)
		case url:
			c.out = append(append(c.out, name+":"...), target...)
		default:
			c.out = append(c.out, target...)
		}
	case name == "xref":
		c.out = c.out[:len(c.out)-(i-ns)]
		if len(text) > 0 {
			c.out = append(c.out, text...)
		} else {
			c.out = append(append(append(c.out, '['), target...), ']')
		}
	case name == "kbd" || name == "btn":
		c.out = append(c.out[:len(c.out)-(i-ns)], text...)
	case name == "menu":
		c.out = append(append(c.out[:len(c.out)-(i-ns)], target...), text...)
	case name == "icon":
		c.out = append(append(append(c.out[:len(c.out)-(i-ns)], '['), target...), ']')
	case name == "image" || name == "footnote" || name == "footnoteref" || name == "anchor" || name == "indexterm" || name == "indexterm2":
		c.out = c.out[:len(c.out)-(i-ns)]
		if name == "indexterm2" {
			c.out = append(c.out, text...)
		}
	default:
		return i
	}
	return close + 1
}

// stripTags returns b without its HTML tags.
func stripTags(b []byte) []byte {
	if bytes.IndexByte(b, '<') < 0 {
		return b
	}
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		if b[i] == '<' {
			if k := bytes.IndexByte(b[i:], '>'); k > 0 {
				i += k
				continue
			}
		}
		out = append(out, b[i])
	}
	return out
}

func trimSpaceEnd(b *[]byte) {
	for len(*b) > 0 && (*b)[len(*b)-1] == ' ' {
		*b = (*b)[:len(*b)-1]
	}
}
