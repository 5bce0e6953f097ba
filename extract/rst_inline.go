package extract

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urilint/urilint/extract/grammar"
)

// Inline markup of reStructuredText, recognised as docutils' Inliner
// recognises it (docutils/parsers/rst/states.py, "Inline markup
// recognition rules" in the specification): a start-string must start the
// text or follow whitespace, an opening bracket or quote, or a delimiter
// ("-", "/", ":" and Unicode dashes and punctuation), and be followed by
// other than whitespace; an end-string must follow other than whitespace
// and be followed by whitespace, a closing bracket or quote, a delimiter, an
// escape or the end of the text; neither may be escaped with "\". Inline
// markup does not nest. Standalone URIs are looked for in the text between
// constructs, by the plain-text scanner.

// roleKind says how the text of an interpreted text role is read.
type roleKind uint8

const (
	roleSkip  roleKind = iota // not running text and not a URI: a reference, a label, a number
	roleProse                 // shown as text (emphasis, a title, an abbreviation...)
	roleCode                  // code: read only with IncludeCodeSpans
)

// rstRoles are the roles of docutils (docs/ref/rst/roles.rst) and Sphinx
// (sphinx/roles.py) whose text is prose or code; every other role (rfc,
// pep, ref, doc, download, term, the domains' roles, extlinks...) holds a
// reference, read by neither.
var rstRoles = func() map[string]roleKind {
	m := map[string]roleKind{}
	for _, r := range strings.Fields(`emphasis strong title-reference title t abbreviation ab acronym ac
		subscript sub superscript sup dfn abbr`) {
		m[r] = roleProse
	}
	for _, r := range strings.Fields(`code literal math raw samp file kbd command program option envvar
		makevar mimetype newsgroup regexp mailheader menuselection guilabel`) {
		m[r] = roleCode
	}
	return m
}()

// roleOf returns how the role named name (in lower case) is read: a role
// the document defined, else a known one.
func (w *rstWalker) roleOf(name string) roleKind {
	if name == "" {
		return roleProse // the default role, title-reference
	}
	if k, ok := w.roles[name]; ok {
		return k
	}
	return rstRoles[name]
}

// defineRole reads the argument of a role directive, "name" or
// "name(base)": the new role reads as its base does, or as text.
func (w *rstWalker) defineRole(arg []byte) {
	arg = bytes.TrimSpace(arg)
	e := simplenameEnd(arg, 0, len(arg))
	if e == 0 {
		return
	}
	name := strings.ToLower(string(arg[:e]))
	kind := roleProse
	if rest := bytes.TrimSpace(arg[e:]); len(rest) > 2 && rest[0] == '(' && rest[len(rest)-1] == ')' {
		kind = w.roleOf(strings.ToLower(string(bytes.TrimSpace(rest[1 : len(rest)-1]))))
	}
	if w.roles == nil {
		w.roles = map[string]roleKind{}
	}
	w.roles[name] = kind
}

// The end-strings looked for.
const (
	endEmph    = iota // *
	endStrong         // **
	endLiteral        // ``
	endTarget         // ` of _`target`
	endSubst          // |, |_ or |__
	endInterp         // ` with a role or a reference's "_" or "__"
	nEndKinds
)

// endMemo remembers the last search for an end-string of a kind: the first
// one at or after from is at pos (-1: none). Searches start further on
// each time, so no stretch of the text is searched twice.
type endMemo struct {
	from, pos, n int
	ok           bool
	role, ref    int // for endInterp: the length of the role suffix (":role:") and of "_" or "__"
}

// rstInline parses the inline markup of one text block.
type rstInline struct {
	w    *rstWalker
	f    *rstFrame
	src  []byte
	a, b int
	esc  []bool // esc[i-a]: src[i] is escaped by the "\" before it
	ends [nEndKinds]endMemo

	// The reference name (simplename) around the current position: from
	// snFrom to snEnd, and the "_" of the longest reference ("name_" or
	// "name__") it makes, at snRef (-1: none), snRefN underscores.
	snFrom, snEnd, snRef, snRefN int
	nextUS                       int // the next "_" at or after the position, or b

	run  int   // where the running text not yet scanned starts
	subs []int // the substitution references in it: start and end of each

	linksOnly bool // read the embedded URIs only: no running text, no code

	// title, when not nil, collects the text of the block as docutils'
	// astext() gives it (a section title's, whose name it is), and
	// nothing is scanned.
	title *[]byte

	// shown, when not nil, is the URI a phrase reference embeds, as
	// docutils reads it (its whitespace removed), while the reference's
	// text is scanned: a URI of the text that is the same one is that URI
	// shown, not a candidate of its own (one defect, one report), and one
	// a line break cuts is shown, not followed, so not taken as continued.
	shown []byte
}

// text reads src[a:b] of f, a text block (a paragraph's lines, a title, a
// cell's text...), for URIs: its inline markup first, then the running
// text between.
func (w *rstWalker) text(f *rstFrame, a, b int) {
	if w.commentsOnly || a >= b {
		return
	}
	s := f.src[a:b]
	if bytes.IndexByte(s, ':') < 0 && bytes.IndexByte(s, '<') < 0 && (f.target == nil || !bytes.Contains(s, []byte("_`"))) {
		return // no URI, no embedded URI, no inline target
	}
	p := &w.inl
	p.reset(w, f, a, b)
	p.parse()
}

// links reads src[a:b] of f, a directive's arguments the walker does not
// know the meaning of (a signature, a name, a title...), for the URIs
// embedded in phrase references only (`text <URI>`_): those are links
// whatever the directive makes of the text around them.
func (w *rstWalker) links(f *rstFrame, a, b int) {
	if w.commentsOnly || a >= b || bytes.IndexByte(f.src[a:b], '<') < 0 {
		return
	}
	p := &w.inl
	p.reset(w, f, a, b)
	p.linksOnly = true
	p.parse()
}

// titleText returns the text of the section title src[a:b] of f as
// docutils reads it, whose name the title's id is made of (title.astext()
// before transforms): the text of inline markup without its marks,
// escapes removed (an escaped whitespace character with its backslash),
// a reference's text, a substitution reference's name, a numbered
// footnote reference's number, RFC and PEP references as "RFC n" and "PEP
// n", trimmed.
func (w *rstWalker) titleText(f *rstFrame, a, b int) string {
	var out []byte
	p := &w.inl
	p.reset(w, f, a, b)
	p.title = &out
	p.parse()
	p.title = nil
	return string(bytes.TrimSpace(out))
}

// literal adds src[s:e], as written, to the title's text.
func (p *rstInline) literal(s, e int) {
	if p.title != nil && s < e {
		*p.title = append(*p.title, p.src[s:e]...)
	}
}

// titleRun adds the running text src[s:e] to the title's text: escapes
// removed, and each substitution reference of subs read as its name.
func (p *rstInline) titleRun(s, e int, subs []int) {
	src := p.src
	out := *p.title
	for i := s; i < e; i++ {
		if len(subs) > 0 && subs[0] == i {
			out = append(out, bytes.Trim(src[i:subs[1]], "|_")...)
			i = subs[1] - 1
			subs = subs[2:]
			continue
		}
		if src[i] == '\\' && !p.esc[i-p.a] {
			if i+1 < e && isSpaceByte(src[i+1]) {
				i++
			}
			continue
		}
		out = append(out, src[i])
	}
	*p.title = out
}

func (p *rstInline) reset(w *rstWalker, f *rstFrame, a, b int) {
	p.w, p.f, p.src, p.a, p.b = w, f, f.src, a, b
	n := b - a
	if cap(p.esc) < n {
		p.esc = make([]bool, n)
	}
	p.esc = p.esc[:n]
	clear(p.esc)
	for i := a; i < b; i++ {
		if p.src[i] == '\\' {
			if i+1 < b {
				p.esc[i+1-a] = true
			}
			i++
		}
	}
	p.ends = [nEndKinds]endMemo{}
	p.snFrom, p.snEnd, p.snRef = -1, -1, -1
	p.nextUS = -1
	p.run = a
	p.subs = p.subs[:0]
	p.linksOnly = false
}

func (p *rstInline) parse() {
	src := p.src
	for i := p.a; i < p.b; {
		c := src[i]
		next := 0
		switch {
		case c == '*' || c == '`' || c == '|' || c == '[' || c == ':' || c == '_':
			next = p.markup(i)
		case c >= utf8.RuneSelf || isASCIIWord(c):
			next = p.word(i)
		}
		if next > i {
			i = next
		} else {
			i++
		}
	}
	p.flush(p.b)
}

// prevRune returns the character before src[i], i > a.
func (p *rstInline) prevRune(i int) (rune, int) {
	c := p.src[i-1]
	if c < utf8.RuneSelf {
		return rune(c), i - 1
	}
	r, size := utf8.DecodeLastRune(p.src[p.a:i])
	return r, i - size
}

// startPrefix reports whether a start-string may start at src[i]: at the
// start of the text, or after whitespace, an opener or a delimiter (not
// after an escape).
func (p *rstInline) startPrefix(i int) bool {
	if i == p.a {
		return true
	}
	if p.esc[i-p.a] {
		return false
	}
	r, _ := p.prevRune(i)
	return unicode.IsSpace(r) || rstOpener(r) || rstDelimiter(r)
}

// endSuffix reports whether an end-string may end before src[j]: at the
// end of the text, or before whitespace, an escape, a closing delimiter, a
// delimiter or a closer.
func (p *rstInline) endSuffix(j int) bool {
	if j >= p.b {
		return true
	}
	c := p.src[j]
	if c < utf8.RuneSelf {
		return c == '\\' || isSpaceByte(c) || strings.IndexByte(`.,;!?-/:"')>]}`, c) >= 0
	}
	r, _ := utf8.DecodeRune(p.src[j:p.b])
	return unicode.IsSpace(r) || rstCloser(r) || rstDelimiter(r)
}

// nonSpaceAt reports whether src[q] is not whitespace (or q is the end).
func (p *rstInline) nonSpaceAt(q int) bool {
	if q >= p.b {
		return true
	}
	if c := p.src[q]; c < utf8.RuneSelf {
		return !isSpaceByte(c)
	}
	r, _ := utf8.DecodeRune(p.src[q:p.b])
	return !unicode.IsSpace(r)
}

// endBefore reports whether an end-string may start at src[q]: neither
// whitespace nor an escape comes before it.
func (p *rstInline) endBefore(q int) bool {
	if p.esc[q-p.a] {
		return false
	}
	r, _ := p.prevRune(q)
	return !unicode.IsSpace(r)
}

// quotedStart reports whether the start-string src[s:e] is quoted: between
// an opener and its closer ("(*)", '"*"'), or at the end of the text.
func (p *rstInline) quotedStart(s, e int) bool {
	if s == p.a {
		return false
	}
	if e >= p.b {
		return true
	}
	if p.esc[s-p.a] {
		return false
	}
	pre, _ := p.prevRune(s)
	post, _ := utf8.DecodeRune(p.src[e:p.b])
	return rstMatchChars(pre, post)
}

// markup reads the inline markup that may start at src[i] (one of "*",
// "`", "|", "[", ":", "_") and returns where reading goes on, or 0.
func (p *rstInline) markup(i int) int {
	src, b := p.src, p.b
	if !p.startPrefix(i) {
		return 0
	}
	switch src[i] {
	case '*':
		if i+1 < b && src[i+1] == '*' {
			if !p.nonSpaceAt(i + 2) {
				return 0
			}
			return p.inlineObj(i, i+2, endStrong)
		}
		if !p.nonSpaceAt(i + 1) {
			return 0
		}
		return p.inlineObj(i, i+1, endEmph)
	case '`':
		if i+1 < b && src[i+1] == '`' {
			if !p.nonSpaceAt(i + 2) {
				return 0
			}
			return p.inlineObj(i, i+2, endLiteral)
		}
		if !p.nonSpaceAt(i + 1) {
			return 0
		}
		return p.interpreted(i, i, nil)
	case '_':
		if i+1 < b && src[i+1] == '`' && p.nonSpaceAt(i+2) {
			return p.inlineObj(i, i+2, endTarget)
		}
	case '|':
		if (i+1 >= b || src[i+1] != '|') && p.nonSpaceAt(i+1) {
			return p.inlineObj(i, i+1, endSubst)
		}
	case '[':
		return p.footnoteRef(i)
	case ':':
		// A role before interpreted text: ":role:`text`".
		e := simplenameEnd(src, i+1, b)
		if e > i+1 && e+1 < b && src[e] == ':' && src[e+1] == '`' && (e+2 >= b || src[e+2] != '`') && p.nonSpaceAt(e+2) {
			return p.interpreted(i, e+1, src[i+1:e])
		}
	}
	return 0
}

// inlineObj reads the construct whose start-string is src[s:e], of the
// given end kind: emphasis, strong, literal, inline target or substitution
// reference.
func (p *rstInline) inlineObj(s, e, kind int) int {
	if p.quotedStart(s, e) {
		return e // the start-string is text
	}
	q := p.findEnd(kind, e)
	if q < 0 || q == e {
		// No end-string: the start-string is text, but a construct of its
		// own (docutils' "problematic"), which ends the text before it.
		p.flush(s)
		p.literal(s, e)
		p.run = e
		return e
	}
	end := q + p.ends[kind].n
	switch kind {
	case endSubst:
		// Part of the running text, as a placeholder.
		p.subs = append(p.subs, s, end)
		return end
	case endLiteral:
		p.flush(s)
		p.codeSpan(e, q)
	default:
		p.flush(s)
		p.prose(e, q)
		if kind == endTarget && p.title == nil {
			p.w.label(p.f, TargetLabel, e, q) // _`name`
		}
	}
	p.run = end
	return end
}

// interpreted reads interpreted text or a phrase reference whose
// backquote is at bq, with the role role (":role:" starting at rs) or none.
func (p *rstInline) interpreted(rs, bq int, role []byte) int {
	e := bq + 1
	if role == nil && p.quotedStart(bq, e) {
		return e
	}
	q := p.findEnd(endInterp, e)
	if q < 0 || q == e {
		p.flush(bq)
		p.run = e
		return e
	}
	m := &p.ends[endInterp]
	end := q + m.n
	switch {
	case m.ref > 0 && role == nil && m.role == 0:
		p.flush(bq)
		p.phraseRef(e, q, m.ref == 1)
	case m.ref > 0 || m.role > 0 && role != nil:
		// A role and a reference, or two roles: an error, shown as text.
		p.flush(rs)
		p.literal(rs, end)
	default:
		name := role
		if m.role > 0 {
			name = p.src[q+2 : q+m.role-1]
		}
		p.flush(rs)
		kind := p.w.defaultRole
		if name != nil {
			kind = p.w.roleOf(strings.ToLower(string(name)))
		}
		switch kind {
		case roleProse:
			p.prose(e, q)
		case roleCode:
			p.codeSpan(e, q)
		default:
			p.roleTitle(name, e, q)
		}
	}
	p.run = end
	return end
}

// roleTitle adds to the title's text the text of a role that refers
// (src[s:e]): "RFC n" and "PEP n" for the rfc and pep roles; the title of
// "title <target>"; else the text.
func (p *rstInline) roleTitle(role []byte, s, e int) {
	if p.title == nil {
		return
	}
	switch strings.ToLower(string(role)) {
	case "rfc", "rfc-reference":
		*p.title = append(*p.title, "RFC "...)
	case "pep", "pep-reference":
		*p.title = append(*p.title, "PEP "...)
	default:
		if e-s > 2 && p.src[e-1] == '>' {
			if lt := bytes.LastIndexByte(p.src[s:e], '<'); lt > 0 && isSpaceByte(p.src[s+lt-1]) {
				e = s + lt
			}
		}
	}
	p.titleRun(s, e, nil)
}

// phraseRef reads the text src[s:e] of a phrase reference: `text <URI>`_
// embeds a URI (or an alias, <name_>); otherwise the text is a reference
// name. The text shown is running text. A named reference (named: one
// "_") that embeds a URI or an alias makes a target of its text (or of the
// URI, when it has none), which takes an id.
func (p *rstInline) phraseRef(s, e int, named bool) {
	src := p.src
	gt := e - 1
	if gt > s && src[gt] == '>' && p.endBefore(gt) {
		// The "<" that opens it: the last "<" or ">" before, not escaped.
		q := gt - 1
		for q >= s && (src[q] != '<' && src[q] != '>' || p.esc[q-p.a]) {
			q--
		}
		if q >= s && src[q] == '<' && (q == s || isSpaceByte(src[q-1])) && q+1 < gt && p.nonSpaceAt(q+1) {
			if p.title == nil && (src[gt-1] != '_' || p.esc[gt-1-p.a] || uriLike(src[q+1:gt])) {
				p.w.uriValue(p.f, q+1, gt, ContextRSTLink, "", true)
			}
			t := q
			for t > s && isSpaceByte(src[t-1]) {
				t--
			}
			if t == s {
				// No text: the URI is the text, and the name.
				p.literal(q+1, gt)
				if named && p.title == nil {
					p.w.label(p.f, TargetLink, q+1, gt)
				}
				return
			}
			p.shown = bytes.Join(bytes.Fields(src[q+1:gt]), nil)
			p.prose(s, t)
			p.shown = nil
			if named && p.title == nil {
				p.w.label(p.f, TargetLink, s, t)
			}
			return
		}
	}
	p.prose(s, e)
}

// uriLike reports whether an embedded target ending in "_" is a URI rather
// than an alias: it starts with a scheme and ":", as docutils' standalone
// URI pattern matches it ("http:example.py.html#__init__"), or is an
// e-mail address.
func uriLike(b []byte) bool {
	if len(b) == 0 || !grammar.IsAlpha(b[0]) {
		return false
	}
	k := 1
	for k < len(b) && (isASCIIWord(b[k]) || b[k] == '.' || b[k] == '+' || b[k] == '-') {
		k++
	}
	if k < len(b) && b[k] == '@' {
		return true
	}
	return k+1 < len(b) && b[k] == ':'
}

// footnoteRef reads a footnote or citation reference at src[i] ("[1]_",
// "[#]_", "[#label]_", "[*]_", "[CIT2002]_"): not a URI.
func (p *rstInline) footnoteRef(i int) int {
	src, b := p.src, p.b
	j := i + 1
	switch {
	case j < b && src[j] == '*':
		j++
	case j < b && src[j] == '#':
		j = simplenameEnd(src, j+1, b)
	default:
		k := j
		for k < b && src[k] >= '0' && src[k] <= '9' {
			k++
		}
		if k > j && k < b && src[k] == ']' {
			j = k
		} else if j = simplenameEnd(src, j, b); j == i+1 {
			return 0
		}
	}
	if j+1 < b && src[j] == ']' && src[j+1] == '_' && p.endSuffix(j+2) {
		p.flush(i)
		if c := src[i+1]; c != '#' && c != '*' {
			p.literal(i+1, j) // a number or a citation's label
		}
		p.run = j + 2
		return j + 2
	}
	return 0
}

// word reads a reference name at src[i] when it is one ("name_",
// "name__"), and returns where reading goes on.
func (p *rstInline) word(i int) int {
	src, b := p.src, p.b
	if src[i] >= utf8.RuneSelf {
		r, size := utf8.DecodeRune(src[i:b])
		if !unicode.IsLetter(r) && !unicode.IsNumber(r) {
			return i + size
		}
	}
	if p.nextUS < i {
		p.nextUS = b
		if k := bytes.IndexByte(src[i:b], '_'); k >= 0 {
			p.nextUS = i + k
		}
	}
	if p.nextUS >= b || !p.startPrefix(i) {
		return wordRun(src, i, b)
	}
	if i < p.snFrom || i >= p.snEnd {
		p.simplename(i)
	}
	if p.snRef > i {
		end := p.snRef + p.snRefN
		p.flush(i)
		p.literal(i, p.snRef) // the reference's name
		p.run = end
		return end
	}
	return wordRun(src, i, b)
}

// simplename finds the reference name starting at src[i] and the
// reference it makes: an "_" (or "__") right after it, followed by what may
// end an end-string. (An "_" inside the name joins two of its words, and is
// followed by a letter or digit, which may not end an end-string.)
func (p *rstInline) simplename(i int) {
	src, b := p.src, p.b
	e := simplenameEnd(src, i, b)
	p.snFrom, p.snEnd, p.snRef = i, e, -1
	switch {
	case e >= b || src[e] != '_':
	case e+1 < b && src[e+1] == '_' && p.endSuffix(e+2):
		p.snRef, p.snRefN = e, 2
	case p.endSuffix(e + 1):
		p.snRef, p.snRefN = e, 1
	}
}

// findEnd returns where the first end-string of kind starts at or after
// from, or -1; an end-string right at from (no text between) is returned
// as from, which the caller rejects. It remembers the search.
func (p *rstInline) findEnd(kind, from int) int {
	m := &p.ends[kind]
	if n, ok := p.endAt(kind, from, true); ok {
		m.n = n
		return from
	}
	s := from + 1
	if !m.ok || s < m.from || m.pos >= 0 && m.pos < s {
		m.ok, m.from, m.pos = true, s, -1
		c := byte('`')
		switch kind {
		case endEmph, endStrong:
			c = '*'
		case endSubst:
			c = '|'
		}
		for q := s; q < p.b; q++ {
			k := bytes.IndexByte(p.src[q:p.b], c)
			if k < 0 {
				break
			}
			q += k
			if _, ok := p.endAt(kind, q, false); ok {
				m.pos = q
				break
			}
		}
	}
	if m.pos >= 0 {
		m.n, _ = p.endAt(kind, m.pos, false) // and the role and reference of endInterp
	}
	return m.pos
}

// underscores reports whether b is all "_".
func underscores(b []byte) bool {
	for _, c := range b {
		if c != '_' {
			return false
		}
	}
	return true
}

// endAt reports whether an end-string of kind starts at src[q], and its
// length (for endInterp, with the role or reference after it, in
// ends[endInterp].role and .ref). atStart says q is right after the
// start-string, where docutils' search sees nothing before it.
func (p *rstInline) endAt(kind, q int, atStart bool) (int, bool) {
	src, b := p.src, p.b
	if q >= b {
		return 0, false
	}
	before := func() bool { return atStart || p.endBefore(q) }
	switch kind {
	case endEmph:
		if src[q] == '*' && before() && p.endSuffix(q+1) {
			return 1, true
		}
	case endStrong:
		if q+1 < b && src[q] == '*' && src[q+1] == '*' && before() && p.endSuffix(q+2) {
			return 2, true
		}
	case endLiteral:
		// A backslash before the end-string does not escape it.
		if q+1 < b && src[q] == '`' && src[q+1] == '`' && (atStart || !p.prevSpace(q)) && p.endSuffix(q+2) {
			return 2, true
		}
	case endTarget:
		if src[q] == '`' && before() && p.endSuffix(q+1) {
			return 1, true
		}
	case endSubst:
		if src[q] != '|' || !before() {
			return 0, false
		}
		for n := 2; n >= 0; n-- {
			if q+n < b && underscores(src[q+1:q+1+n]) && p.endSuffix(q+1+n) {
				return 1 + n, true
			}
		}
	case endInterp:
		if src[q] != '`' || !atStart && !p.interpBefore(q) {
			return 0, false
		}
		return p.interpSuffix(q)
	}
	return 0, false
}

// prevSpace reports whether whitespace comes right before src[q].
func (p *rstInline) prevSpace(q int) bool {
	if p.esc[q-p.a] {
		return false
	}
	r, _ := p.prevRune(q)
	return unicode.IsSpace(r)
}

// interpBefore reports whether interpreted text may end at the backquote
// src[q]: what comes before it is neither an escape nor whitespace that is
// not escaped.
func (p *rstInline) interpBefore(q int) bool {
	if p.esc[q-p.a] {
		return false
	}
	r, at := p.prevRune(q)
	return !unicode.IsSpace(r) || p.esc[at-p.a]
}

// interpSuffix reads what follows the closing backquote src[q] of
// interpreted text: an optional role (":role:") and an optional "_" or
// "__", then what may end an end-string, as docutils' regular expression
// backtracks over them.
func (p *rstInline) interpSuffix(q int) (int, bool) {
	src, b := p.src, p.b
	m := &p.ends[endInterp]
	refs := func(at int) (int, bool) {
		for n := 2; n >= 0; n-- {
			if at+n <= b && underscores(src[at:at+n]) && p.endSuffix(at+n) {
				return n, true
			}
		}
		return 0, false
	}
	if q+2 < b && src[q+1] == ':' {
		e := simplenameEnd(src, q+2, b)
		// The role's name ends at a ":" after one of its words, the
		// longest first.
		for k := e; k > q+2; k-- {
			if k >= b || src[k] != ':' || !isRoleWordEnd(src, k) {
				continue
			}
			if n, ok := refs(k + 1); ok {
				m.role, m.ref = k+1-q, n
				return k + 1 - q + n, true
			}
		}
	}
	if n, ok := refs(q + 1); ok {
		m.role, m.ref = 0, n
		return 1 + n, true
	}
	return 0, false
}

// isRoleWordEnd reports whether src[k-1], before a ":", ends a word of a
// reference name.
func isRoleWordEnd(src []byte, k int) bool {
	c := src[k-1]
	if c >= utf8.RuneSelf {
		r, _ := utf8.DecodeLastRune(src[:k])
		return unicode.IsLetter(r) || unicode.IsNumber(r)
	}
	return isASCIIWord(c)
}

// prose scans src[s:e] as running text of its own (the text of emphasis,
// of a reference, of interpreted text).
func (p *rstInline) prose(s, e int) {
	if p.title != nil {
		p.titleRun(s, e, nil)
		return
	}
	p.scan(s, e, nil)
}

// flush scans the running text from p.run to end, with the substitution
// references in it.
func (p *rstInline) flush(end int) {
	if end > p.run {
		if p.title != nil {
			p.titleRun(p.run, end, p.subs)
		} else {
			p.scan(p.run, end, p.subs)
		}
	}
	p.subs = p.subs[:0]
	if p.w.stream != nil && p.f.top && p.title == nil {
		// The running text before end is read, and the markup before it:
		// nothing found later in the block starts before end (see
		// rstWalker.drain), so that a paragraph of 16 MiB holds its
		// candidates a run at a time.
		p.w.drain(end)
	}
}

// scan hands the running text src[s:e] to the scanner, escapes decoded
// ("\x" reads "x"; an escaped whitespace character stays a space, which
// ends a URI as it does for docutils) and each substitution reference of
// subs read as a placeholder "{{name}}".
func (p *rstInline) scan(s, e int, subs []int) {
	src := p.src
	if p.linksOnly || bytes.IndexByte(src[s:e], ':') < 0 {
		return
	}
	dec := newDecoder(src, s)
	for i := s; i < e; {
		if len(subs) > 0 && subs[0] == i {
			dec.replace(i, subs[1], substitutionPlaceholder(src[i:subs[1]]))
			i = subs[1]
			subs = subs[2:]
			continue
		}
		if src[i] == '\\' && !p.esc[i-p.a] {
			if i+1 >= e {
				dec.replace(i, i+1, nil)
				i++
				continue
			}
			n := 1
			if src[i+1] >= utf8.RuneSelf {
				_, n = utf8.DecodeRune(src[i+1 : e])
			}
			if src[i+1] == '\n' || src[i+1] == '\r' {
				// An escaped line break, "...os-fixed-ips/\" then
				// "192.168.1.1" (a request written as a shell writes a
				// long command): a space that ends the URI, not a line
				// break that may cut it (Nova's specifications).
				k := i + 2
				if src[i+1] == '\r' && k < e && src[k] == '\n' {
					k++
				}
				dec.replace(i, k, []byte(" "))
				i = k
				continue
			}
			dec.replace(i, i+1+n, src[i+1:i+1+n])
			i += 1 + n
			continue
		}
		i++
	}
	d := dec.finish(e)
	if shown := p.shown; shown != nil {
		scanDecoded(&p.w.buf, src, &d, func(c *Candidate) {
			if c.URI == string(shown) {
				return
			}
			c.Continued, c.ContinuedEnd = "", 0
			p.f.emit(c)
		})
		return
	}
	scanDecoded(&p.w.buf, src, &d, p.f.emit)
}

// substitutionPlaceholder returns what a substitution reference reads as
// in a URI: a template's placeholder, "{{name}}", which stands for text
// filled in later (|version| in "pkg-|version|.tar.gz").
func substitutionPlaceholder(ref []byte) []byte {
	out := []byte("{{")
	for _, c := range bytes.Trim(ref, "|_") {
		switch {
		case c < utf8.RuneSelf && !isASCIIWord(c) && c != '-' && c != '.' && c != '_':
			out = append(out, '_')
		default:
			out = append(out, c)
		}
	}
	return append(out, "}}"...)
}

// Docutils' punctuation classes (docutils/utils/punctuation_chars.py): the
// ASCII characters it lists, and Unicode's categories for the others.

func rstOpener(r rune) bool {
	if r < utf8.RuneSelf {
		return strings.IndexByte(`"'(<[{`, byte(r)) >= 0
	}
	return unicode.In(r, unicode.Ps, unicode.Pi, unicode.Pf)
}

func rstCloser(r rune) bool {
	if r < utf8.RuneSelf {
		return strings.IndexByte(`"')>]}`, byte(r)) >= 0
	}
	return unicode.In(r, unicode.Pe, unicode.Pi, unicode.Pf)
}

func rstDelimiter(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '\\' || r == '-' || r == '/' || r == ':'
	}
	return unicode.In(r, unicode.Pd, unicode.Po)
}

// rstMatchChars reports whether open and close are a pair of brackets or
// quotes (punctuation_chars.match_chars, with its quote_pairs).
func rstMatchChars(open, close rune) bool {
	switch open {
	case '"', '\'':
		return close == open
	case '(':
		return close == ')'
	case '<':
		return close == '>'
	case '[':
		return close == ']'
	case '{':
		return close == '}'
	case '«':
		return close == '»'
	case '»':
		return close == '«' || close == '»'
	case '‘':
		return close == '’' || close == '‚'
	case '’':
		return close == '‘' || close == '’'
	case '“':
		return close == '”' || close == '„'
	case '”':
		return close == '“' || close == '”'
	case '‹':
		return close == '›'
	case '›':
		return close == '‹' || close == '›'
	case '‚':
		return close == '‛' || close == '‘' || close == '’'
	case '„':
		return close == '‟' || close == '“' || close == '”'
	}
	if open >= utf8.RuneSelf && unicode.Is(unicode.Ps, open) {
		return unicode.Is(unicode.Pe, close) && close == open+1
	}
	return false
}

// codeSpan hands src[s:e], code, to the walker.
func (p *rstInline) codeSpan(s, e int) {
	if p.title != nil {
		p.literal(s, e)
		return
	}
	if !p.linksOnly {
		p.w.codeSpan(p.f, s, e)
	}
}
