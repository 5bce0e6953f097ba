package extract

import (
	"bytes"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/iana"
	"golang.org/x/net/html"
)

// The inline pass of the AsciiDoc walker reads a stretch of text (a
// paragraph's segment, a title, a table cell) in two steps, as
// Asciidoctor substitutes it (NORMAL_SUBS, after the passthroughs are
// extracted):
//   - prepare finds the passthroughs and resolves the attribute references
//     outside them, giving a decoded text whose every byte maps back to the
//     source (a resolved reference maps as a whole);
//   - inline reads that text: monospace, macros, cross references, and
//     the runs of text between them, which go to the plain-text scanner.

// adocTextOpts says how a stretch of text is read.
type adocTextOpts struct {
	macros bool // macros are links (not in [subs=-macros] text)
	attrs  bool // attribute references are resolved
	code   bool // the text is monospace: bare URIs in it are code
	norepl bool // the replacements are not applied ([subs] without them)
	pass   bool // passthroughs are extracted (running text; not an attribute value or a macro's target)
	// The escapes of a table cell: "\" before the separator (delim) is
	// the separator; in CSV, "" is ".
	delim []byte
	csv   bool
}

// adocPass is a passthrough: its span, its content's, and what the content
// is.
type adocPass struct {
	start, end   int
	cstart, cend int
	kind         adocPassKind
}

type adocPassKind uint8

const (
	passLiteral adocPassKind = iota // +text+, ++text++, $$text$$: shown as written (code)
	passRaw                         // +++text+++, pass:[text]: raw HTML
	passMacros                      // pass:m[text] and the like: macros applied
	passMath                        // stem:[], latexmath:[], asciimath:[]
)

// adocSeg is a stretch of text prepared for the inline pass.
type adocSeg struct {
	d    decoded
	pass []adocPass // in d.text offsets, in order
	// blocked holds the spans of d.text that markup cannot end in: the
	// passthroughs (blockedPass) and also the bytes of resolved attribute
	// references (blockedAll), which Asciidoctor substitutes after the
	// quotes (so a "`" there is no monospace) but before the macros (so a
	// "]" there closes a macro).
	blockedPass, blockedAll []span2
}

type span2 struct{ s, e int }

// text reads the running text from s to e.
func (w *adocWalker) text(s, e int, o adocTextOpts) {
	if w.commentsOnly || e <= s {
		return
	}
	t := w.doc[s:e]
	if bytes.IndexByte(t, ':') < 0 && (!o.attrs || bytes.IndexByte(t, '{') < 0) && !bytes.Contains(t, []byte("+++")) &&
		(!w.targetsOn() || bytes.IndexByte(t, '[') < 0) && (!w.opts.CrossReferences || !bytes.Contains(t, []byte("<<"))) {
		return // no URI, anchor or cross reference can be there
	}
	o.pass = true
	seg := w.prepare(s, e, o)
	in := adocInline{w: w, seg: seg, t: seg.d.text, macros: o.macros}
	w.repl = !o.norepl
	in.read(0, len(in.t), o.code)
	w.repl = false
}

// prepare finds the passthroughs of doc[s:e] and resolves the attribute
// references outside them (when o.attrs), and the escapes of table cells.
func (w *adocWalker) prepare(s, e int, o adocTextOpts) *adocSeg {
	seg := &w.seg
	seg.pass = seg.pass[:0]
	seg.blockedPass, seg.blockedAll = seg.blockedPass[:0], seg.blockedAll[:0]
	doc := w.doc
	b := newDecoder(doc, s)
	// pos maps a source offset (at or after the last replacement) to the
	// decoded text's.
	pos := func(p int) int {
		if !b.changed {
			return p - s
		}
		return len(b.d.text) + p - b.copied
	}
	var cur adocCursors
	passes := o.pass
	for i := s; i < e; {
		c := doc[i]
		if !adocPrepareByte[c] {
			i++
			continue
		}
		switch c {
		case '\\':
			if i+1 < e {
				n := doc[i+1]
				if o.attrs && n == '{' {
					if k := adocRefLen(doc[i+1 : e]); k > 0 {
						b.replace(i, i+1+k, doc[i+1:i+1+k]) // \{name} reads {name}
						i += 1 + k
						continue
					}
				}
				if len(o.delim) > 0 && bytes.HasPrefix(doc[i+1:e], o.delim) {
					b.replace(i, i+1+len(o.delim), o.delim)
					i += 1 + len(o.delim)
					continue
				}
				if passes && (n == '+' || n == '$') {
					// An escaped passthrough is text: skip it whole.
					if p, ok := adocPassAt(doc, i+1, s, e, &cur); ok {
						i = p.end
						continue
					}
				}
				if passes && adocEscapedReplacement(doc[i+1:e]) {
					// \... reads "..." (not an ellipsis), \-- "--", \-> "->"...
					b.replace(i, i+2, doc[i+1:i+2])
					i += 2
					continue
				}
				if passes && n == '\'' && adocEscapedApostrophe(doc[s:e], i-s) {
					// it\'s reads "it's" (not a curved apostrophe).
					b.replace(i, i+2, doc[i+1:i+2])
					i += 2
					continue
				}
			}
			i++
		case '{':
			if o.attrs {
				if k, val, ok := w.reference(doc[i:e]); ok {
					b.replace(i, i+k, val)
					i += k
					continue
				} else if k > 0 {
					i += k
					continue
				}
			}
			i++
		case '+', '$':
			if passes {
				if p, ok := adocPassAt(doc, i, s, e, &cur); ok {
					end := p.end
					p.start, p.end, p.cstart, p.cend = pos(p.start), pos(p.end), pos(p.cstart), pos(p.cend)
					seg.pass = append(seg.pass, p)
					i = end
					continue
				}
			}
			i++
		case ':':
			if passes {
				if p, ok := adocPassMacroAt(doc, i, s, e, &cur); ok {
					if p.start < 0 {
						i = p.end // escaped: text
						continue
					}
					end := p.end
					p.start, p.end, p.cstart, p.cend = pos(p.start), pos(p.end), pos(p.cstart), pos(p.cend)
					seg.pass = append(seg.pass, p)
					i = end
					continue
				}
			}
			i++
		case '"':
			if o.csv && i+1 < e && doc[i+1] == '"' {
				j := i + 2
				for j < e && doc[j] == '"' {
					j++
				}
				b.replace(i, j, []byte{'"'}) // a run of quotes reads as one
				i = j
				continue
			}
			i++
		default:
			i++
		}
	}
	seg.d = b.finish(e)
	for _, p := range seg.pass {
		seg.blockedPass = append(seg.blockedPass, span2{p.start, p.end})
	}
	if seg.d.pieces != nil {
		// Merge the passthroughs and the decoded pieces, in order.
		k := 0
		for _, pc := range seg.d.pieces {
			if !pc.decoded || pc.n == 0 {
				continue
			}
			for k < len(seg.blockedPass) && seg.blockedPass[k].s < pc.uri {
				seg.blockedAll = append(seg.blockedAll, seg.blockedPass[k])
				k++
			}
			seg.blockedAll = append(seg.blockedAll, span2{pc.uri, pc.uri + pc.n})
		}
		seg.blockedAll = append(seg.blockedAll, seg.blockedPass[k:]...)
	} else {
		seg.blockedAll = append(seg.blockedAll, seg.blockedPass...)
	}
	return seg
}

// adocPrepareByte marks the bytes prepare looks at.
var adocPrepareByte = func() (t [256]bool) {
	for _, c := range []byte("\\{+$:\"") {
		t[c] = true
	}
	return t
}()

// maxAdocRef bounds the length of an attribute reference: a longer one
// is none (no name is that long), so that looking for the end of each
// costs a bounded time.
const maxAdocRef = 256

// adocRefLen returns the length of the attribute reference at the start of
// b ("{name}", "{set:...}", "{counter:...}"), or 0.
func adocRefLen(b []byte) int {
	if len(b) < 3 || b[0] != '{' {
		return 0
	}
	if len(b) > maxAdocRef {
		b = b[:maxAdocRef]
	}
	if bytes.HasPrefix(b[1:], []byte("set:")) || bytes.HasPrefix(b[1:], []byte("counter:")) || bytes.HasPrefix(b[1:], []byte("counter2:")) {
		// (set|counter2?):.+?} on one line
		colon := bytes.IndexByte(b, ':')
		for j := colon + 2; j < len(b) && b[j] != '\n'; j++ {
			if b[j] == '}' {
				return j + 1
			}
		}
		return 0
	}
	r, size := utf8.DecodeRune(b[1:])
	if !isWordRune(r) {
		return 0
	}
	for j := 1 + size; j < len(b); {
		r, size := utf8.DecodeRune(b[j:])
		switch {
		case r == '}':
			return j + 1
		case r == '\\' && j+1 < len(b) && b[j+1] == '}':
			return j + 2
		case isWordRune(r) || r == '-':
			j += size
		default:
			return 0
		}
	}
	return 0
}

// adocIntrinsics are the attributes every document has
// (INTRINSIC_ATTRIBUTES), as the characters they stand for.
var adocIntrinsics = map[string]string{
	"startsb": "[", "endsb": "]", "vbar": "|", "caret": "^", "asterisk": "*", "tilde": "~",
	"plus": "+", "backslash": "\\", "backtick": "`", "blank": "", "empty": "", "sp": " ",
	"two-colons": "::", "two-semicolons": ";;", "nbsp": "\u00a0", "deg": "\u00b0", "zwsp": "\u200b",
	"quot": "\"", "apos": "'", "lsquo": "\u2018", "rsquo": "\u2019", "ldquo": "\u201c", "rdquo": "\u201d",
	"wj": "\u2060", "brvbar": "\u00a6", "pp": "++", "cpp": "C++", "cxx": "C++", "amp": "&", "lt": "<", "gt": ">",
}

// reference reads the attribute reference at the start of b: its length
// (0 when there is none), and what it reads as when it resolves: an
// attribute the document defined before, an intrinsic one, a counter, or
// nothing ({set:...}, {counter2:...}). An escaped one ("{name\}") reads as
// written without the "\"; an unknown one stays as written.
func (w *adocWalker) reference(b []byte) (int, []byte, bool) {
	k := adocRefLen(b)
	if k == 0 {
		return 0, nil, false
	}
	inner := b[1 : k-1]
	if inner[len(inner)-1] == '\\' {
		out := make([]byte, 0, k-1)
		out = append(append(append(out, '{'), inner[:len(inner)-1]...), '}')
		return k, out, true
	}
	if i := bytes.IndexByte(inner, ':'); i > 0 {
		switch string(inner[:i]) {
		case "set":
			args := bytes.SplitN(inner[i+1:], []byte(":"), 2)
			name := args[0]
			unset := false
			if len(name) > 0 && name[len(name)-1] == '!' {
				name, unset = name[:len(name)-1], true
			}
			key := adocAttrName(name)
			if unset {
				w.unsetAttr(key)
			} else {
				v := ""
				if len(args) > 1 {
					v = string(args[1])
				}
				w.setAttr(key, v)
			}
			return k, nil, true
		case "counter", "counter2":
			args := bytes.SplitN(inner[i+1:], []byte(":"), 2)
			v := w.counter(adocAttrName(args[0]), args[1:])
			if string(inner[:i]) == "counter2" {
				return k, nil, true
			}
			return k, []byte(v), true
		}
	}
	if v, ok := w.attr(string(inner)); ok {
		if len(v) > w.budget {
			return k, nil, false // past the budget: a placeholder
		}
		w.budget -= len(v)
		return k, []byte(v), true
	}
	return k, nil, false
}

// attr returns the value of the attribute name: the document's, a
// default of Asciidoctor's for HTML, or an intrinsic one.
func (w *adocWalker) attr(name string) (string, bool) {
	if v, ok := w.attrs[name]; ok {
		return v, true
	}
	lower := strings.ToLower(name)
	if v, ok := w.attrs[lower]; ok {
		return v, true
	}
	if w.unset[lower] {
		return "", false
	}
	if v, ok := adocDefaults[lower]; ok {
		return v, true
	}
	v, ok := adocIntrinsics[lower]
	return v, ok
}

// adocDefaults are attributes Asciidoctor sets for a document it converts
// to HTML with no attribute given on the command line (the ones links and
// conditionals use).
var adocDefaults = map[string]string{
	"asciidoctor": "", "backend": "html5", "backend-html5": "", "basebackend": "html", "basebackend-html": "",
	"doctype": "article", "doctype-article": "", "filetype": "html", "filetype-html": "", "htmlsyntax": "html",
	"outfilesuffix": ".html", "iconsdir": "./images/icons", "sectids": "", "embedded": "",
}

// setAttr defines the attribute key (a name in lower case).
func (w *adocWalker) setAttr(key, v string) {
	if w.attrs == nil {
		w.attrs = make(map[string]string)
	}
	w.attrs[key] = v
	delete(w.unset, key)
}

// unsetAttr removes the attribute key.
func (w *adocWalker) unsetAttr(key string) {
	delete(w.attrs, key)
	if w.unset == nil {
		w.unset = make(map[string]bool)
	}
	w.unset[key] = true
}

// conditional follows a conditional preprocessor line (ifdef::, ifndef::,
// ifeval:: opening a block, endif:: closing one), target its attribute
// names ("a,b": any of them; "a+b": all).
func (w *adocWalker) conditional(name string, target []byte) {
	if name == "endif" {
		if n := len(w.cond); n > 0 {
			if !w.cond[n-1] {
				w.inactive--
			}
			w.cond = w.cond[:n-1]
		}
		return
	}
	active := true
	if name != "ifeval" {
		sep := byte(',')
		if bytes.IndexByte(target, '+') >= 0 {
			sep = '+'
		}
		any := false
		all := true
		for _, n := range bytes.Split(target, []byte{sep}) {
			_, ok := w.attr(adocAttrName(n))
			any = any || ok
			all = all && ok
		}
		defined := any
		if sep == '+' {
			defined = all
		}
		active = defined == (name == "ifdef")
	}
	if len(w.cond) < 1<<16 {
		w.cond = append(w.cond, active)
		if !active {
			w.inactive++
		}
	}
}

// counter steps the counter name and returns its value: 1 (or the start
// given) the first time, then the next number or letter.
func (w *adocWalker) counter(name string, start [][]byte) string {
	if w.attrs == nil {
		w.attrs = make(map[string]string)
	}
	v, ok := w.attrs[name]
	switch {
	case !ok && len(start) > 0 && len(start[0]) > 0:
		v = string(start[0])
	case !ok:
		v = "1"
	default:
		if n, err := strconv.Atoi(v); err == nil {
			v = strconv.Itoa(n + 1)
		} else if len(v) == 1 {
			v = string(rune(v[0]) + 1)
		} else {
			v = "1"
		}
	}
	w.attrs[name] = v
	return v
}

// adocCursors find where markup closes, each looking forward from where
// the last search stopped: searches for the closers of successive openers
// (whose offsets grow) cost one pass over the text in all.
type adocCursors struct {
	plus3, plus2, dollar2, plus1, bracket adocCursor
}

// adocCursor is a search for the first offset at or after some offset
// where a closer is, cached: it searched from searched up to limit, and
// found is the first closer there, or -1.
type adocCursor struct {
	searched, limit, found int
	valid                  bool
}

// next returns the first offset i in [from, end) where ok(i), or -1.
// Successive calls must not decrease from (else it searches anew); end
// may change (the text of a monospace span ends before its paragraph).
func (c *adocCursor) next(from, end int, ok func(i int) bool) int {
	start, cached := c.reuse(from, end)
	if cached {
		return c.result(end)
	}
	for i := start; i < end; i++ {
		if ok(i) {
			c.found = i
			return i
		}
	}
	return -1
}

// nextSeq returns the first offset in [from, end) where seq starts in t,
// or -1.
func (c *adocCursor) nextSeq(t []byte, from, end int, seq string) int {
	start, cached := c.reuse(from, end)
	if cached {
		return c.result(end)
	}
	if start < end {
		if k := bytes.Index(t[start:end], []byte(seq)); k >= 0 {
			c.found = start + k
			return c.found
		}
	}
	return -1
}

// reuse says whether the last search answers a search of [from, end), or
// else where the new search starts (past what the last one found empty),
// which it records.
func (c *adocCursor) reuse(from, end int) (int, bool) {
	start := from
	if c.valid && from >= c.searched {
		switch {
		case c.found >= from:
			return 0, true
		case c.found < 0 && end <= c.limit:
			return 0, true
		case c.found < 0 && from < c.limit:
			start = c.limit // nothing up to there
		}
	}
	c.valid, c.searched, c.limit, c.found = true, from, end, -1
	return start, false
}

// result is the cached answer for a search that ends at end.
func (c *adocCursor) result(end int) int {
	if c.found >= end {
		return -1
	}
	return c.found
}

// adocPassAt reads the passthrough at doc[i] ("+" or "$"), in the text
// doc[s:e]: +++text+++ and ++text++ and $$text$$ (InlinePassMacroRx,
// anywhere), or +text+ (InlinePassRx, constrained: not after a word
// character, ";", ":" or "\"; the text neither starts nor ends with a
// space; no word character after).
func adocPassAt(doc []byte, i, s, e int, cur *adocCursors) (adocPass, bool) {
	c := doc[i]
	if c == '$' {
		if i+1 < e && doc[i+1] == '$' {
			if q := cur.dollar2.nextSeq(doc, i+2, e, "$$"); q >= 0 {
				return adocPass{i, q + 2, i + 2, q, passLiteral}, true
			}
		}
		return adocPass{}, false
	}
	if i+2 < e && doc[i+1] == '+' && doc[i+2] == '+' {
		if q := cur.plus3.nextSeq(doc, i+3, e, "+++"); q >= 0 {
			return adocPass{i, q + 3, i + 3, q, passRaw}, true
		}
	}
	if i+1 < e && doc[i+1] == '+' {
		if q := cur.plus2.nextSeq(doc, i+2, e, "++"); q >= 0 {
			return adocPass{i, q + 2, i + 2, q, passLiteral}, true
		}
		return adocPass{}, false
	}
	// Constrained.
	if i > s && doc[i-1] != '\n' && (wordBefore(doc, i) || doc[i-1] == ';' || doc[i-1] == ':' || doc[i-1] == '\\') {
		return adocPass{}, false
	}
	if i+2 >= e || isSpaceByte(doc[i+1]) {
		return adocPass{}, false
	}
	q := cur.plus1.next(i+2, e, func(q int) bool {
		return doc[q] == '+' && !isSpaceByte(doc[q-1]) && !wordAt(doc[:e], q+1)
	})
	if q < 0 {
		return adocPass{}, false
	}
	return adocPass{i, q + 1, i + 1, q, passLiteral}, true
}

// adocPassMacroAt reads the pass macro whose ":" is at doc[i], in the text
// doc[s:e]: pass:[text], pass:SUBS[text], and the math macros stem:[...],
// latexmath:[...], asciimath:[...]. An escaped one is returned with start
// -1 and its end: it is text.
func adocPassMacroAt(doc []byte, i, s, e int, cur *adocCursors) (adocPass, bool) {
	var name string
	switch {
	case i-4 >= s && string(doc[i-4:i]) == "pass":
		name = "pass"
	case i-4 >= s && string(doc[i-4:i]) == "stem":
		name = "stem"
	case i-9 >= s && (string(doc[i-9:i]) == "latexmath" || string(doc[i-9:i]) == "asciimath"):
		name = "math"
	default:
		return adocPass{}, false
	}
	start := i - len(name)
	if name == "math" {
		start = i - 9
	}
	// Optional substitutions, then "[".
	j := i + 1
	for j < e && (doc[j] >= 'a' && doc[j] <= 'z' || doc[j] == ',' || doc[j] == '-') {
		j++
	}
	if j >= e || doc[j] != '[' {
		return adocPass{}, false
	}
	subs := doc[i+1 : j]
	k := adocCloseBracket(doc, j, e, &cur.bracket, nil)
	if k < 0 || name != "pass" && k == j+1 {
		return adocPass{}, false
	}
	if start > s && doc[start-1] == '\\' {
		return adocPass{start: -1, end: k + 1}, true
	}
	kind := passRaw
	switch {
	case name != "pass":
		kind = passMath
	case len(subs) > 0:
		kind = passLiteral
		for _, sub := range bytes.Split(subs, []byte(",")) {
			switch string(sub) {
			case "m", "macros", "n", "normal":
				kind = passMacros
			}
		}
	}
	return adocPass{start, k + 1, j + 1, k, kind}, true
}

// adocCloseBracket returns the offset of the "]" that closes the "[" at
// t[j] (the first one not escaped with "\"; "[]" is empty), before end, or
// -1. A "]" in one of spans (passthroughs) closes nothing.
func adocCloseBracket(t []byte, j, end int, c *adocCursor, spans []span2) int {
	if j+1 < end && t[j+1] == ']' {
		return j + 1
	}
	return c.next(j+2, end, func(k int) bool {
		return t[k] == ']' && t[k-1] != '\\' && !blocked(spans, k)
	})
}

// adocInline reads a prepared stretch of text.
type adocInline struct {
	w      *adocWalker
	seg    *adocSeg
	t      []byte
	macros bool
	run    int // where the text not read yet starts
	cur    struct {
		bracket, ticks, tick, gtgt, bracket2, open adocCursor
		// Where targets stop: at whitespace or "["; also at "]"; at "["
		// or a line break.
		stopLink, stopURL, stopImage adocCursor
	}
}

// adocInlineByte marks the bytes the inline pass looks at.
var adocInlineByte = func() (t [256]bool) {
	for _, c := range []byte("`:<[^~") {
		t[c] = true
	}
	return t
}()

// read reads t[a:b]; code says it is monospace (bare URIs there are code,
// macros are links all the same).
func (in *adocInline) read(a, b int, code bool) {
	t := in.t
	pass := in.seg.pass
	pi := sort.Search(len(pass), func(k int) bool { return pass[k].start >= a })
	in.run = a
	for i := a; i < b; {
		next := b
		if pi < len(pass) && pass[pi].start < b {
			next = pass[pi].start
		}
		for i < next && !adocInlineByte[t[i]] {
			i++
		}
		if i >= b {
			break
		}
		if i == next && pi < len(pass) && pass[pi].start == i {
			p := pass[pi]
			pi++
			if p.end > b {
				i++
				continue
			}
			in.flush(i, code)
			in.passthrough(p)
			i, in.run = p.end, p.end
			continue
		}
		j := i + 1
		switch t[i] {
		case '`':
			if !code {
				j = in.monospace(i, b)
			}
		case ':':
			switch {
			case in.macros:
				j = in.colon(i, b, code)
			case i+2 < b && t[i+1] == '/' && t[i+2] == '/':
				j = in.urlMacro(i, b, code) // not a link: text up to the "["
			}
		case '<':
			if in.macros {
				j = in.xref(i, b, code)
			}
		case '[':
			j = in.anchor(i, b, code)
		case '^', '~':
			if !code {
				j = in.supsub(i, b)
			}
		}
		i = max(j, i+1)
		for pi < len(pass) && pass[pi].start < i {
			pi++
		}
	}
	in.flush(b, code)
}

// flush scans the text from in.run to to as running text (code when code
// is set: only with Options.IncludeCodeSpans).
func (in *adocInline) flush(to int, code bool) {
	from := in.run
	in.run = max(in.run, to)
	if to <= from {
		return
	}
	w := in.w
	t := in.t
	if code && !w.opts.IncludeCodeSpans || !mayHoldURI(t[from:to]) {
		return
	}
	d := &in.seg.d
	emit := func(c *Candidate) {
		if code {
			c.Context = ContextCodeSpan
		} else {
			adocTrimMarks(c, t)
		}
		remap(c, d, w.doc)
		w.emit(c)
	}
	if bytes.IndexByte(t[from:to], '&') >= 0 {
		// Character references are passed on to the HTML: the reader
		// sees what they stand for (&amp; is "&").
		if d2 := adocDecodeRefs(t, from, to); d2.pieces != nil {
			scanText(&w.buf, d2.text, 0, func(c *Candidate) {
				remap(c, &d2, t)
				emit(c)
			})
			return
		}
	}
	scanText(&w.buf, t[from:to], from, emit)
}

// cut scans the text up to from, and skips what is up to to (markup).
func (in *adocInline) cut(from, to int, code bool) {
	in.flush(from, code)
	in.run = to
}

// adocTrimMarks removes from the end of a candidate in running text the
// marks of AsciiDoc formatting that enclose it: "_", "#" (constrained),
// "__", "##" (unconstrained), when the same marks come right before it
// (emphasis or highlight around a URI: _https://a.example/_). The scanner
// removes "*" so already.
func adocTrimMarks(c *Candidate, t []byte) {
	if c.pieces != nil || c.Start == 0 {
		return
	}
	m := t[c.Start-1]
	if m != '_' && m != '#' {
		return
	}
	n := 1
	if c.Start >= 2 && t[c.Start-2] == m {
		n = 2
	}
	for n > 0 && !strings.HasSuffix(c.URI, strings.Repeat(string(m), n)) {
		n--
	}
	if n == 0 || len(c.URI) <= n {
		return
	}
	c.URI = c.URI[:len(c.URI)-n]
	c.Raw = c.URI
	c.End -= n
	c.Continued, c.ContinuedEnd = "", 0
}

// emitValue emits d.text[s:e], a macro's target, in context ctx.
func (in *adocInline) emitValue(s, e int, ctx Context) {
	in.w.emitTarget(&in.seg.d, s, e, ctx)
}

// emitTarget emits d.text[s:e], a macro's target, in context ctx, with
// the character references Asciidoctor passes on to the HTML (and the
// browser decodes) decoded: link:My&#32;Documents/a.pdf[] is a link to
// "My Documents/a.pdf".
func (w *adocWalker) emitTarget(d *decoded, s, e int, ctx Context) {
	t := d.text
	if s >= e || adocUnresolved(t[s:e]) || ctx != ContextAdocLinkMacro && ctx != ContextAdocURLMacro && adocResourceID(t[s:e]) {
		return
	}
	w.emitRefsDecoded(d, s, e, ctx)
}

// emitRefsDecoded emits d.text[s:e] in context ctx with the character
// references Asciidoctor passes on to the HTML decoded (adocDecodeRefs).
func (w *adocWalker) emitRefsDecoded(d *decoded, s, e int, ctx Context) {
	t := d.text
	if bytes.IndexByte(t[s:e], '&') < 0 {
		emitValue(&w.buf, w.doc, d, s, e, ctx, "", w.emit)
		return
	}
	d2 := adocDecodeRefs(t, s, e)
	emitValue(&w.buf, t, &d2, 0, len(d2.text), ctx, "", func(c *Candidate) {
		remap(c, d, w.doc)
		w.emit(c)
	})
}

// adocDecodeRefs returns t[s:e] with the character references
// Asciidoctor keeps (adocCharRef) decoded, as the browser reads them.
func adocDecodeRefs(t []byte, s, e int) decoded {
	b := newDecoder(t, s)
	for i := s; i < e; i++ {
		if t[i] != '&' {
			continue
		}
		if n := adocCharRef(t[i:e]); n > 0 {
			if rep := html.UnescapeString(string(t[i : i+n])); rep != string(t[i:i+n]) {
				b.replace(i, i+n, []byte(rep))
				i += n - 1
			}
		}
	}
	return b.finish(e)
}

// adocCharRef returns the length of the character reference at the start
// of b that Asciidoctor keeps as a reference (its replacements restore
// "&name;", "&#nn;" to "&#nnnnn;" and "&#xhhh;" to "&#xhhhhh;"), or 0.
func adocCharRef(b []byte) int {
	if len(b) < 4 || b[0] != '&' {
		return 0
	}
	i := 1
	switch {
	case b[1] == '#' && (b[2] == 'x' || b[2] == 'X'):
		i = 3
		for i < len(b) && i < 8 && grammar.IsHex(b[i]) {
			i++
		}
		if i < 6 {
			return 0
		}
	case b[1] == '#':
		i = 2
		for i < len(b) && i < 7 && grammar.IsDigit(b[i]) {
			i++
		}
		if i < 4 {
			return 0
		}
	default:
		for i < len(b) && isASCIILetter(b[i]) {
			i++
		}
		if i < 3 {
			return 0
		}
		for k := 0; k < 2 && i < len(b) && grammar.IsDigit(b[i]); k++ {
			i++
		}
	}
	if i < len(b) && b[i] == ';' {
		return i + 1
	}
	return 0
}

// blocked reports whether t[i] is in one of spans (in order).
func blocked(spans []span2, i int) bool {
	if len(spans) == 0 {
		return false
	}
	k := sort.Search(len(spans), func(k int) bool { return spans[k].e > i })
	return k < len(spans) && spans[k].s <= i
}

// monospace reads the monospace text whose opening "`" is at t[i]:
// “text“ anywhere, or `text` where a word character, ";", ":", a quote
// or "}" does not come right before it and none follows it. Its text is
// read as code: macros there are links, bare URIs are code. It returns
// where to go on.
func (in *adocInline) monospace(i, b int) int {
	t := in.t
	all := in.seg.blockedAll
	if blocked(all, i) || i > 0 && t[i-1] == '\\' {
		return i + 1
	}
	var cs, ce, end int
	if i+1 < b && t[i+1] == '`' {
		q := in.cur.ticks.next(i+3, b-1, func(q int) bool {
			return t[q] == '`' && t[q+1] == '`' && !blocked(all, q) && !blocked(all, q+1)
		})
		if q < 0 {
			return i + 2
		}
		cs, ce, end = i+2, q, q+2
	} else {
		if i > 0 && t[i-1] != '\n' && (wordBefore(t, i) || strings.IndexByte(";:\"'`}", t[i-1]) >= 0) {
			return i + 1
		}
		if i+2 > b || i+1 < b && isSpaceByte(t[i+1]) {
			return i + 1
		}
		q := in.cur.tick.next(i+2, b, func(q int) bool {
			if t[q] != '`' || isSpaceByte(t[q-1]) || blocked(all, q) {
				return false
			}
			return q+1 >= b || !wordAt(t[:b], q+1) && t[q+1] != '"' && t[q+1] != '\'' && t[q+1] != '`'
		})
		if q < 0 {
			return i + 1
		}
		cs, ce, end = i+1, q, q+1
	}
	in.cut(i, cs, false)
	in.read(cs, ce, true)
	in.run = end
	return end
}

// supsub reads superscript or subscript text, ^text^ or ~text~ (no
// space in it), whose mark at t[i] starts a word: the marks are not part
// of a URI in it (^https://a.example/^), and its macros are read as
// anywhere (^https://a.example/pull/807[#807]^). Marks inside a word
// (https://a.example/a^b^c) are left to the scanner: Asciidoctor cuts the
// URL there, and the candidate is the URL as written.
func (in *adocInline) supsub(i, b int) int {
	t := in.t
	if i > 0 && !isSpaceByte(t[i-1]) && strings.IndexByte("([{\"'<>", t[i-1]) < 0 {
		return i + 1
	}
	m := t[i]
	j := i + 1
	for j < b && t[j] != m && !isSpaceByte(t[j]) {
		j++
	}
	if j >= b || t[j] != m || j == i+1 || blocked(in.seg.blockedAll, i) {
		return i + 1
	}
	in.flush(i, false)
	// Asciidoctor makes the tag before it finds links: a URL macro
	// inside links as anywhere ("^https://github.com/o/r/pull/807[#807]^",
	// a changelog's superscript reference to its pull request).
	in.read(i+1, j, false)
	in.run = j + 1
	return j + 1
}

// passthrough reads a passthrough: its text is code, or raw HTML, or
// text whose macros apply.
func (in *adocInline) passthrough(p adocPass) {
	w := in.w
	// A passthrough's text is kept from the replacements (pass:m[] and
	// the like too, unless its subs name them: taken as not).
	repl := w.repl
	w.repl = false
	defer func() { w.repl = repl }()
	switch p.kind {
	case passLiteral, passMath:
		if w.opts.IncludeCodeSpans {
			in.run = p.cstart
			in.flush(p.cend, true)
		}
	case passRaw:
		w.html(&in.seg.d, p.cstart, p.cend, ContextCodeSpan)
	case passMacros:
		in.read(p.cstart, p.cend, false)
	}
}

// codeSpan scans d.text[s:e] as a code span.
func (w *adocWalker) codeSpan(d *decoded, s, e int) {
	if !mayHoldURI(d.text[s:e]) {
		return
	}
	scanText(&w.buf, d.text[s:e], s, func(c *Candidate) {
		c.Context = ContextCodeSpan
		remap(c, d, w.doc)
		w.emit(c)
	})
}

// The URL schemes Asciidoctor links (InlineLinkRx).
func adocLinkScheme(s []byte) bool {
	switch string(s) {
	case "http", "https", "ftp", "irc", "file":
		return true
	}
	return false
}

// colon reads what the ":" at t[c] may end the name of: a link:, mailto:,
// image:, icon:, xref: or anchor: macro, or a URL macro's scheme. It
// returns where to go on.
func (in *adocInline) colon(c, b int, code bool) int {
	t := in.t
	has := func(name string) bool {
		return c >= len(name) && string(t[c-len(name):c]) == name
	}
	switch {
	case has("link"):
		if j, ok := in.linkMacro(c, b, 4, ContextAdocLinkMacro, code); ok {
			return j
		}
	case has("mailto"):
		if j, ok := in.linkMacro(c, b, 6, ContextAdocMailto, code); ok {
			return j
		}
	case has("image"):
		if j, ok := in.image(c, b, 5, true, code); ok {
			return j
		}
	case has("icon"):
		if j, ok := in.image(c, b, 4, false, code); ok {
			return j
		}
	case has("xref"):
		if j, ok := in.xrefMacro(c, b, code); ok {
			return j
		}
	case has("anchor"):
		if j, ok := in.anchorMacro(c, b, code); ok {
			return j
		}
	}
	if c+2 < b && t[c+1] == '/' && t[c+2] == '/' {
		return in.urlMacro(c, b, code)
	}
	return c + 1
}

// stop returns the first offset in [from, b) where stop holds, or b: where
// a target that starts at from ends (the search goes on from the last).
func (in *adocInline) stop(c *adocCursor, from, b int, stop func(k int) bool) int {
	if k := c.next(from, b, stop); k >= 0 {
		return k
	}
	return b
}

// escaped reports whether the macro whose name starts at t[ns] is escaped
// with "\".
func (in *adocInline) escaped(ns int) bool { return ns > 0 && in.t[ns-1] == '\\' }

// passAt returns the passthrough that starts at t[i], if any.
func (in *adocInline) passAt(i int) (adocPass, bool) {
	pass := in.seg.pass
	k := sort.Search(len(pass), func(k int) bool { return pass[k].start >= i })
	if k < len(pass) && pass[k].start == i {
		return pass[k], true
	}
	return adocPass{}, false
}

// closeBracket returns where the attribute list opened at t[j] closes, or
// -1.
func (in *adocInline) closeBracket(j, b int) int {
	return adocCloseBracket(in.t, j, b, &in.cur.bracket, in.seg.blockedPass)
}

// linkMacro reads link:TARGET[text] or mailto:ADDRESS[text], whose ":"
// is at t[c] after a name n bytes long (InlineLinkMacroRx): the target
// has no whitespace nor "[", does not start with ":"; a passthrough may
// hold it whole (link:++URL++[], link:pass:[URL][]). The candidate is
// the target (for mailto:, with "mailto:"); the text is read on.
func (in *adocInline) linkMacro(c, b, n int, ctx Context, code bool) (int, bool) {
	t := in.t
	ns := c - n
	if c+1 >= b {
		return 0, false
	}
	if in.escaped(ns) {
		if k := schemeLen(t[c+1 : b]); k > 0 && adocLinkScheme(t[c+1:c+k]) && bytes.HasPrefix(t[c+1+k:b], []byte("//")) {
			// \link:https://x[text] is a URL macro after "link:" all the
			// same (with the "\" shown).
			return 0, false
		}
		// Text, which ends at the "[" of the attribute list.
		j := in.stop(&in.cur.stopLink, c+1, b, func(k int) bool { return isSpaceByte(t[k]) || t[k] == '[' })
		if j < b && t[j] == '[' && in.closeBracket(j, b) >= 0 {
			in.flush(j, code)
			return j + 1, true
		}
		return 0, false
	}
	ts := c + 1
	if p, ok := in.passAt(ts); ok && p.end < b && t[p.end] == '[' && ctx == ContextAdocLinkMacro {
		k := in.closeBracket(p.end, b)
		if k < 0 {
			return 0, false
		}
		in.cut(ns, p.end+1, code)
		repl := in.w.repl
		in.w.repl = false // link:++URL++[]: kept from the replacements
		in.emitValue(p.cstart, p.cend, ctx)
		in.w.repl = repl
		return p.end + 1, true
	}
	if t[ts] == ':' {
		return 0, false
	}
	te := in.stop(&in.cur.stopLink, ts, b, func(k int) bool { return isSpaceByte(t[k]) || t[k] == '[' })
	if te >= b || t[te] != '[' {
		return 0, false
	}
	k := in.closeBracket(te, b)
	if k < 0 {
		return 0, false
	}
	in.cut(ns, te+1, code)
	if te > ts {
		if ctx == ContextAdocMailto {
			in.emitValue(ns, te, ctx)
		} else {
			in.emitValue(ts, te, ctx)
		}
	}
	return te + 1, true
}

// image reads image:TARGET[attributes] or icon:NAME[attributes]
// (InlineImageMacroRx): the target does not start with ":" or a space,
// holds no "[" nor line break, and does not end with a space. The target
// of an image is a candidate, and so is a link= attribute; the rest is
// not text.
func (in *adocInline) image(c, b, n int, image, code bool) (int, bool) {
	t := in.t
	ns := c - n
	if in.escaped(ns) || c+1 >= b {
		return 0, false
	}
	ts := c + 1
	if t[ts] == ':' || isSpaceByte(t[ts]) || t[ts] == '[' {
		return 0, false
	}
	te := in.stop(&in.cur.stopImage, ts, b, func(k int) bool { return t[k] == '[' || t[k] == '\n' })
	if te >= b || t[te] != '[' || isSpaceByte(t[te-1]) {
		return 0, false
	}
	k := in.closeBracket(te, b)
	if k < 0 {
		return 0, false
	}
	in.cut(ns, k+1, code)
	if image {
		in.emitValue(ts, te, ContextAdocImage)
	}
	in.w.imageLink(&in.seg.d, te+1, k)
	return k + 1, true
}

// imageLink emits the link= attribute of an image's attribute list
// d.text[s:e].
func (w *adocWalker) imageLink(d *decoded, s, e int) {
	t := d.text
	if !bytes.Contains(t[s:e], []byte("link=")) {
		return
	}
	for i := s; i <= e; {
		j := i
		var quote byte
	scan:
		for j < e {
			c := t[j]
			switch {
			case quote != 0:
				if c == quote {
					quote = 0
				}
			case c == '"' || c == '\'':
				quote = c
			case c == ',':
				break scan
			}
			j++
		}
		a, z := i, j
		for a < z && isSpaceByte(t[a]) {
			a++
		}
		for z > a && isSpaceByte(t[z-1]) {
			z--
		}
		if z-a > 5 && string(t[a:a+5]) == "link=" {
			a += 5
			for a < z && isSpaceByte(t[a]) {
				a++ // "link=" at a line's end, the value on the next: Asciidoctor strips it
			}
			if z-a >= 2 && (t[a] == '"' || t[a] == '\'') {
				// The quotes delimit the value, whatever follows them: an
				// attribute not set off by a comma ('link="u" alt="x"').
				if q := bytes.IndexByte(t[a+1:z], t[a]); q >= 0 {
					a, z = a+1, a+1+q
				}
			}
			w.emitTarget(d, a, z, ContextAdocImageLink)
		}
		i = j + 1
	}
}

// xrefMacro reads xref:TARGET[text] (InlineXrefMacroRx): the target, up to
// the first "[", is an internal reference, not a URI; the text is read on.
func (in *adocInline) xrefMacro(c, b int, code bool) (int, bool) {
	t := in.t
	ns := c - 4
	if in.escaped(ns) || c+1 >= b || !wordAt(t[:b], c+1) && strings.IndexByte("#/.:{", t[c+1]) < 0 {
		return 0, false
	}
	j := in.cur.open.nextSeq(t, c+1, b, "[")
	if j < 0 {
		return 0, false
	}
	if in.closeBracket(j, b) < 0 {
		return 0, false
	}
	in.cut(ns, j+1, code)
	if !code {
		in.crossReference(c+1, j, "xref")
	}
	return j + 1, true
}

// crossReference emits t[s:e], the target of a cross reference, with
// Options.CrossReferences.
func (in *adocInline) crossReference(s, e int, attr string) {
	w := in.w
	if !w.opts.CrossReferences || s >= e || w.commentsOnly {
		return
	}
	emitValue(&w.buf, w.doc, &in.seg.d, s, e, ContextAdocXref, attr, func(c *Candidate) {
		c.Kind = KindXref
		w.emit(c)
	})
}

// anchorTarget reports t[s:e], the id of an anchor, as a target.
func (in *adocInline) anchorTarget(s, e int) {
	w := in.w
	if !w.targetsOn() || s >= e {
		return
	}
	ds, de := in.seg.d.span(s, e)
	w.target(Target{Kind: TargetID, ID: string(in.t[s:e]), Start: ds, End: de})
}

// anchorMacro reads anchor:ID[reftext]: not text.
func (in *adocInline) anchorMacro(c, b int, code bool) (int, bool) {
	t := in.t
	ns := c - 6
	if in.escaped(ns) {
		return 0, false
	}
	j := c + 1
	for j < b && (wordAt(t[:b], j) || t[j] == '-' || t[j] == ':' || t[j] == '.') {
		j++
	}
	if j == c+1 || j >= b || t[j] != '[' {
		return 0, false
	}
	k := in.closeBracket(j, b)
	if k < 0 {
		return 0, false
	}
	in.cut(ns, k+1, code)
	if adocID(t[c+1 : j]) {
		in.anchorTarget(c+1, j)
	}
	return k + 1, true
}

// urlMacro reads a URL whose scheme ends at the ":" at t[c], followed by
// "//": when an attribute list follows it (https://x[text]) and
// Asciidoctor links it (InlineLinkRx: one of its schemes, after the start
// of a line, a space, "link:", "<", or one of >()[];"' — or a formatting
// mark), the URL is a candidate and the text is read on. A URL followed by
// "[" that Asciidoctor does not link is read as text up to the "[". Bare
// URLs are left to the scanner.
func (in *adocInline) urlMacro(c, b int, code bool) int {
	t := in.t
	s := c
	for s > in.run && c-s < 32 && (isASCIILetter(t[s-1]) || t[s-1] >= '0' && t[s-1] <= '9' || t[s-1] == '+' || t[s-1] == '-' || t[s-1] == '.') {
		s--
	}
	for s < c && !isASCIILetter(t[s]) {
		s++
	}
	if s == c {
		return c + 1
	}
	j := c + 3
	j = in.stop(&in.cur.stopURL, j, b, func(k int) bool { return isSpaceByte(t[k]) || t[k] == '[' || t[k] == ']' })
	if j == c+3 || j >= b || t[j] != '[' {
		return c + 1 // bare, or in angle brackets: the scanner's
	}
	k := in.closeBracket(j, b)
	if k < 0 {
		return c + 1
	}
	if in.macros && adocLinkScheme(t[s:c]) && !in.escaped(s) && in.linkPrefix(s) {
		in.cut(s, j+1, code)
		in.emitValue(s, j, ContextAdocURLMacro)
		return j + 1
	}
	// Not a link: text, which ends at the "[".
	in.flush(j, code)
	return j + 1
}

// linkPrefix reports whether what comes before t[s] lets a URL there be
// linked (InlineLinkRx's prefix): the start of the text or a line, a
// blank, "link:", "<", one of >()[];"', or a mark of formatting that
// Asciidoctor turns into a tag before it finds links.
func (in *adocInline) linkPrefix(s int) bool {
	t := in.t
	if s == 0 {
		return true
	}
	switch t[s-1] {
	case '\n', ' ', '\t', '>', '(', ')', '[', ']', ';', '"', '\'', '<', '*', '_', '#', '`', '^', '~':
		return true
	}
	if s >= 5 && string(t[s-5:s]) == "link:" {
		return true
	}
	if t[s-1] >= utf8.RuneSelf {
		r, _ := utf8.DecodeLastRune(t[:s])
		return unicode.Is(unicode.Zs, r)
	}
	return false
}

// xref reads <<TARGET>> or <<TARGET,text>> whose "<" is at t[i]: an
// internal reference, not a URI; its text is read. <<URL>> with no space
// is no cross reference: Asciidoctor links the URL in it (the scanner
// reads it in its angle brackets).
func (in *adocInline) xref(i, b int, code bool) int {
	t := in.t
	if i+2 >= b || t[i+1] != '<' || i > 0 && t[i-1] == '\\' {
		return i + 1
	}
	if !wordAt(t[:b], i+2) && strings.IndexByte("#/.:{", t[i+2]) < 0 {
		return i + 1
	}
	q := in.cur.gtgt.nextSeq(t, i+3, b, ">>")
	if q < 0 {
		return i + 2
	}
	target := t[i+2 : q]
	if adocURL(target) && !bytes.ContainsAny(target, " \t\n") {
		return i + 2
	}
	in.flush(i, code)
	ref := q
	if comma := bytes.IndexByte(target, ','); comma >= 0 {
		ref = i + 2 + comma
		in.run = ref + 1
		in.flush(q, code)
	}
	if !code {
		// In monospace it is shown as an example, which the author does
		// not follow.
		in.crossReference(i+2, ref, "<<")
	}
	in.run = q + 2
	return q + 2
}

// anchor reads an inline anchor, [[id]] or [[id, reftext]] (InlineAnchorRx),
// whose first "[" is at t[i]: not text.
func (in *adocInline) anchor(i, b int, code bool) int {
	t := in.t
	if i+1 < b && t[i+1] == '#' && in.w.targetsOn() && (i == 0 || t[i-1] != '\\') {
		in.quoteID(i, b)
		return i + 1
	}
	if i+4 >= b || t[i+1] != '[' || i > 0 && t[i-1] == '\\' {
		return i + 1
	}
	r, size := utf8.DecodeRune(t[i+2:])
	if !unicode.IsLetter(r) && r != '_' && r != ':' {
		return i + 1
	}
	j := i + 2 + size
	for j < b && (wordAt(t[:b], j) || t[j] == '-' || t[j] == ':' || t[j] == '.') {
		j++
	}
	if j >= b {
		return i + 1
	}
	var q int
	switch {
	case t[j] == ']' && j+1 < b && t[j+1] == ']':
		q = j
	case t[j] == ',' || t[j] == ' ':
		q = in.cur.bracket2.nextSeq(t, j, b, "]]")
		if q < 0 {
			return i + 1
		}
		if nl := bytes.IndexByte(t[j:q], '\n'); nl >= 0 {
			return i + 1
		}
	default:
		return i + 1
	}
	in.cut(i, q+2, code)
	in.anchorTarget(i+2, j)
	return q + 2
}

// quoteID reports the id of formatted text with an attribute list,
// "[#id]#text#", "[#id.role]*text*", whose "[" is at t[i]: the element
// Asciidoctor makes of the text has that id. The text is read on.
func (in *adocInline) quoteID(i, b int) {
	t := in.t
	j := i + 2
	for j < b && t[j] != ']' && t[j] != '.' && t[j] != '%' && t[j] != '#' && !isSpaceByte(t[j]) {
		j++
	}
	k := j
	for k < b && t[k] != ']' && !isSpaceByte(t[k]) {
		k++
	}
	if k+1 >= b || t[k] != ']' || strings.IndexByte("#*_`^~", t[k+1]) < 0 || !adocID(t[i+2:j]) {
		return
	}
	in.anchorTarget(i+2, j)
}

// attributeValue returns the value of an attribute entry made of the
// source parts (its lines), joined by joins (a space, or a line break
// after a hard line break), with the attribute references in it resolved
// (Asciidoctor applies the header substitutions to a value: special
// characters and attributes). A value pass:[text] is text as written.
func (w *adocWalker) attributeValue(parts [][2]int, joins []byte, end int) decoded {
	doc := w.doc
	if first := parts[0]; len(parts) == 1 {
		v := doc[first[0]:first[1]]
		if bytes.HasPrefix(v, []byte("pass:")) && len(v) > 6 && v[len(v)-1] == ']' {
			j := 5
			for j < len(v) && (v[j] >= 'a' && v[j] <= 'z' || v[j] == ',') {
				j++
			}
			if j < len(v) && v[j] == '[' {
				return verbatim(doc, first[0]+j+1, first[1]-1)
			}
		}
	}
	b := newDecoder(doc, parts[0][0])
	for k, pt := range parts {
		if k > 0 {
			b.replace(parts[k-1][1], pt[0], joins[k-1:k])
		}
		for i := pt[0]; i < pt[1]; {
			switch doc[i] {
			case '\\':
				if i+1 < pt[1] && doc[i+1] == '{' {
					if n := adocRefLen(doc[i+1 : pt[1]]); n > 0 {
						b.replace(i, i+1+n, doc[i+1:i+1+n])
						i += 1 + n
						continue
					}
				}
			case '{':
				if n, val, ok := w.reference(doc[i:pt[1]]); ok {
					b.replace(i, i+n, val)
					i += n
					continue
				} else if n > 0 {
					i += n
					continue
				}
			}
			i++
		}
	}
	return b.finish(end)
}

// adocEscapedReplacement reports whether b, after a "\", starts with text
// that Asciidoctor replaces with a character ("..." with an ellipsis, "--"
// with a dash, "->" with an arrow, "(C)" with a sign): escaped, it reads as
// written, without the "\".
func adocEscapedReplacement(b []byte) bool {
	for _, r := range []string{"...", "--", "->", "=>", "<-", "<=", "(C)", "(R)", "(TM)"} {
		if bytes.HasPrefix(b, []byte(r)) {
			return true
		}
	}
	return false
}

// adocEscapedApostrophe reports whether the "\'" at t[i] is an escaped
// apostrophe: after a letter or a digit, before a letter ("it\'s"),
// where Asciidoctor's replacements would curve it. Escaped, it reads "'";
// elsewhere the "\" stays.
func adocEscapedApostrophe(t []byte, i int) bool {
	before, _ := utf8.DecodeLastRune(t[:i])
	after, _ := utf8.DecodeRune(t[i+2:])
	return i > 0 && i+2 < len(t) && (unicode.IsLetter(before) || unicode.IsDigit(before)) && unicode.IsLetter(after)
}

// adocUnresolved reports whether t is an attribute reference and nothing
// else ("{url-docs}" where the document does not define url-docs): a
// placeholder, with no URI to see.
func adocUnresolved(t []byte) bool {
	return len(t) > 2 && t[0] == '{' && adocRefLen(t) == len(t)
}

// adocResourceID reports whether an image's (or a media's) target is an
// Antora resource id ("module:image.png", "2.0@component:module:x.png"):
// a name with a ":" that is no registered scheme, nor followed by "//".
func adocResourceID(t []byte) bool {
	colon := bytes.IndexByte(t, ':')
	if colon <= 0 || bytes.HasPrefix(t[colon:], []byte("://")) {
		return false
	}
	scheme := t[:colon]
	for i, c := range scheme {
		if !grammar.IsSchemeChar(c) || i == 0 && !isASCIILetter(c) {
			return true // "2.0@component:..."
		}
	}
	return !iana.IsScheme(scheme)
}
