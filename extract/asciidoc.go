package extract

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Contexts the AsciiDoc walker adds to the scanner's. Each is a place whose
// boundaries the markup gives; all are links (Context.IsLink).
const (
	ContextAdocURLMacro  Context = "adoc-url-macro"    // https://example.com[text]
	ContextAdocLinkMacro Context = "adoc-link-macro"   // link:target[text]
	ContextAdocMailto    Context = "adoc-mailto-macro" // mailto:address[text]
	ContextAdocImage     Context = "adoc-image"        // image::target[], image:target[]
	ContextAdocImageLink Context = "adoc-image-link"   // the link= attribute of an image
	ContextAdocVideo     Context = "adoc-video"        // video::target[]
	ContextAdocAudio     Context = "adoc-audio"        // audio::target[]
	ContextAdocInclude   Context = "adoc-include"      // include::URL[] (a path is not a candidate)
	ContextAdocAttribute Context = "adoc-attribute"    // :name: URI, an attribute entry whose value is a URI
	ContextAdocPassHTML  Context = "adoc-pass-html"    // a URI attribute of the raw HTML of a passthrough
	// ContextAdocXref is an internal cross reference (KindXref, with
	// Options.CrossReferences): <<id>>, <<doc.adoc#id,text>> (Attribute
	// "<<"), xref:doc.adoc#id[text] (Attribute "xref").
	ContextAdocXref Context = "adoc-xref"
)

// AsciiDoc calls yield with each URI and URN candidate of an AsciiDoc
// document, read as Asciidoctor reads it (docs/extraction.md, "AsciiDoc"),
// in document order:
//   - the targets of URL macros (https://x[text]), link: and mailto:
//     macros, image, video and audio macros and an image's link=
//     attribute, an include:: directive's target when it is a URL, and the
//     value of an attribute entry that is a URI;
//   - the URI attributes of the raw HTML of passthroughs (++++ blocks,
//     +++...+++ and pass:[...]);
//   - bare URIs in running text (paragraphs, titles, list items, table
//     cells, the text of links), found by the plain-text scanner after the
//     document's attribute references are resolved;
//   - code (listing, literal and source blocks, literal paragraphs and
//     cells, monospace and passthrough text) only with
//     opts.IncludeCodeBlocks or opts.IncludeCodeSpans.
//
// Comments are not read; each is handed to opts.Comment (the span of its
// text: what follows "//" on the line, or the lines between "////"
// delimiters), all of them before the first candidate. Offsets are on the
// source bytes; a URI with an attribute reference resolved maps back to it
// as a whole.
func AsciiDoc(doc []byte, opts Options, yield func(*Candidate)) {
	w := newAdocWalker(doc, opts, yield)
	if opts.Comment != nil {
		// Comments go first: the candidates wait until the end.
		w.hold = true
	}
	w.walk()
	for i := range w.held {
		yield(&w.held[i])
	}
}

// AsciiDocComments calls yield with the span of the text of each comment
// of the AsciiDoc document doc, those AsciiDoc reports to
// Options.Comment, without reading the rest.
func AsciiDocComments(doc []byte, yield func(Comment)) {
	w := newAdocWalker(doc, Options{Comment: yield}, nil)
	w.commentsOnly = true
	w.walk()
}

// adocWalker reads an AsciiDoc document.
type adocWalker struct {
	doc          []byte
	opts         Options
	yield        func(*Candidate)
	commentsOnly bool // only comments are reported (AsciiDocComments)
	hold         bool // candidates are held until the end (comments first)
	held         []Candidate
	lastEnd      int // where the last candidate yielded ends
	buf          Candidate

	// attrs holds the document's attributes, as defined so far (names in
	// lower case), and the counters; unset, the defaults it unset.
	attrs map[string]string
	unset map[string]bool
	// cond holds, for each conditional preprocessor block open, whether
	// Asciidoctor takes it by default (no attribute set on the command
	// line): attribute entries inside one it does not take are not
	// applied (its text is read all the same); inactive counts them.
	cond     []bool
	inactive int
	// budget is how many bytes the attribute references may still add
	// (a few times the document's size): values made of references to
	// values made of references double at each step, and the walker's
	// memory and time stay linear in the document; past it, a reference
	// stays as written.
	budget int

	// included says an include directive was met: the attributes the
	// included document sets are not known.
	included bool

	// Scratch space of the inline pass, reused from one text to the next.
	seg adocSeg
	// repl says that the inline text being read goes through Asciidoctor's
	// replacements before its macros are found: the candidates emitted
	// now are marked so (Candidate.Replacements).
	repl bool
}

func newAdocWalker(doc []byte, opts Options, yield func(*Candidate)) *adocWalker {
	return &adocWalker{doc: doc, opts: opts, yield: yield, budget: 4*len(doc) + 1<<16}
}

// walk reads the whole document.
func (w *adocWalker) walk() {
	start := 0
	if bytes.HasPrefix(w.doc, bom) {
		start = len(bom)
	}
	if bytes.HasPrefix(w.doc[start:], []byte("---")) {
		// Front matter (Jekyll, Hugo, Asciidoctor's skip-front-matter):
		// plain text, as in Markdown.
		if fm, ok := findFrontMatter(w.doc); ok && bytes.HasPrefix(w.doc[start:], []byte("---")) {
			if !w.commentsOnly && mayHoldURI(w.doc[fm.contentStart:fm.contentEnd]) {
				scanText(&w.buf, w.doc[fm.contentStart:fm.contentEnd], fm.contentStart, w.emit)
			}
			start = fm.end
		}
	}
	w.blocks(start, len(w.doc), 0)
}

// adocAutolinked reports whether Asciidoctor makes a link of uri written
// bare in running text: its scheme is http, https, ftp, irc or file, then
// "://".
func adocAutolinked(uri string) bool {
	scheme, rest, ok := strings.Cut(uri, ":")
	if !ok || !strings.HasPrefix(rest, "//") {
		return false
	}
	switch strings.ToLower(scheme) {
	case "http", "https", "ftp", "irc", "file":
		return true
	}
	return false
}

// emit hands over a candidate, in document order: one that starts before
// the previous one ends (two URIs in one attribute value, which map to the
// same reference) is left out.
func (w *adocWalker) emit(c *Candidate) {
	if c.Start < w.lastEnd || c.End <= c.Start {
		return
	}
	w.lastEnd = c.End
	c.Base, c.BaseUnknown = "", false
	c.replaced = w.repl
	// "https://a.example/docs... for more": Asciidoctor turns the "..."
	// into an ellipsis before it finds the bare URL, which then takes the
	// ellipsis in (it ends at no ";").
	c.ellipsisAfter = w.repl && c.Context == ContextText && c.End+3 <= len(w.doc) &&
		string(w.doc[c.End:c.End+3]) == "..." && adocAutolinked(c.URI)
	if c.Kind == KindRelativeRef && (c.Context == ContextAdocImage || c.Context == ContextAdocVideo || c.Context == ContextAdocAudio) {
		// Asciidoctor puts the imagesdir attribute before a relative
		// target of the image, video and audio macros.
		switch dir, ok := w.attrs["imagesdir"]; {
		case ok && (strings.Contains(dir, "{") || strings.Contains(dir, "://")):
			c.BaseUnknown = true
		case ok:
			c.Base = dir
		case w.included:
			c.BaseUnknown = true
		}
	}
	if w.hold {
		w.held = append(w.held, *c)
		return
	}
	w.yield(c)
}

// comment reports the comment whose text is doc[start:end]: the comment
// spans the lines of its text, and a block comment's "////" delimiters
// (the line before and the line after its text).
func (w *adocWalker) comment(start, end int) {
	if w.opts.Comment == nil {
		return
	}
	doc := w.doc
	c := Comment{Start: start, End: end, TextStart: start, TextEnd: end}
	for c.Start > 0 && doc[c.Start-1] != '\n' {
		c.Start--
	}
	c.End = lineEnd(doc, end)
	if c.Start > 0 {
		prev := c.Start - 1
		for prev > 0 && doc[prev-1] != '\n' {
			prev--
		}
		if bytes.HasPrefix(bytes.TrimSpace(doc[prev:c.Start]), []byte("////")) {
			c.Start = prev
		}
	}
	if next := nextLine(doc, c.End); next < len(doc) && bytes.HasPrefix(doc[next:], []byte("////")) {
		c.End = lineEnd(doc, next)
	}
	w.opts.Comment(c)
}

// maxAdocNesting bounds how deep AsciiDoc table cells ("a|") nest
// documents: deeper cells are read as text.
const maxAdocNesting = 4

// The kinds of delimited blocks, by what their content is.
type adocKind uint8

const (
	adocCompound  adocKind = iota // sidebar, example, quote, open: blocks of prose
	adocCode                      // listing, literal, source, fenced code, math: verbatim
	adocPassBlock                 // passthrough: raw HTML
	adocComment                   // comment block
	adocVerse                     // verse, or a verbatim block with macros: one stretch of text
	adocTable                     // table
)

// adocOpen is a delimited block not closed yet.
type adocOpen struct {
	delim        string // the line that closes it
	kind         adocKind
	verbatim     bool // a verbatim block read as text for its macros ([subs=+macros])
	contentStart int
	attrs        adocAttrs // the block attributes above it (tables, subs)
}

// The kinds of paragraphs.
type adocParaKind uint8

const (
	paraProse   adocParaKind = iota
	paraLiteral              // indented, or styled literal, listing or source: code
	paraPass                 // [pass]: raw HTML
	paraComment              // [comment]
)

// adocPara is the paragraph being read: lines up to a blank line or the
// start of a block. Comment and preprocessor lines inside it are left out,
// which splits it into segments read one by one.
type adocPara struct {
	active           bool
	kind             adocParaKind
	start, end       int // where the paragraph starts, and its last line ends
	segStart, segEnd int // the segment being read
	text             adocTextOpts
}

// adocBlocks reads the blocks of a document, or of an AsciiDoc table cell,
// from start to end.
type adocBlocks struct {
	w          *adocWalker
	start, end int
	nested     int // 0 for the document, 1 and more in table cells
	stack      []adocOpen
	delims     map[string]int // the delimiters of the open blocks, to their place in stack
	para       adocPara
	pend       adocAttrs // block attributes waiting for their block
	header     int8      // 0: a document title may come; 1: in the header; 2: past it
	headerLine int       // lines of the header read besides attribute entries
	emptyTerm  bool      // the last line read was a description list term with no text
}

// blocks reads the blocks from start to end (a document, or a cell).
func (w *adocWalker) blocks(start, end, nested int) {
	p := &adocBlocks{w: w, start: start, end: end, nested: nested}
	if nested > 0 {
		p.header = 2
	}
	for pos := start; pos < end; {
		pos = p.line(pos)
	}
	p.endPara()
	if len(p.stack) > 0 {
		p.closeTo(0, end)
	}
}

// lineAt returns the line starting at pos: its content (from pos to ce,
// trailing whitespace left out, as Asciidoctor reads lines) and where the
// next line starts.
func (p *adocBlocks) lineAt(pos int) (ce, next int) {
	doc := p.w.doc[:p.end]
	le := len(doc)
	if i := bytes.IndexByte(doc[pos:], '\n'); i >= 0 {
		le = pos + i
		next = le + 1
	} else {
		next = le
	}
	return rstrip(doc, pos, le), next
}

// rstrip returns where doc[start:end] ends without trailing whitespace.
func rstrip(doc []byte, start, end int) int {
	for end > start {
		switch doc[end-1] {
		case ' ', '\t', '\r', '\f', '\v', 0:
			end--
		default:
			return end
		}
	}
	return end
}

// line reads the line at pos and returns where the next one starts.
func (p *adocBlocks) line(pos int) int {
	w := p.w
	ce, next := p.lineAt(pos)
	line := w.doc[pos:ce]
	if len(p.stack) > 0 && len(line) >= 2 {
		// A line equal to an open block's delimiter closes it, the
		// outermost first: Asciidoctor reads a block's lines up to it
		// before it parses what is inside.
		if i, ok := p.delims[string(line)]; ok {
			p.endPara()
			p.closeTo(i, pos)
			return next
		}
	}
	if top := p.top(); top != nil && top.kind != adocCompound {
		return next // content, read when the block closes
	}
	if len(line) > 0 && line[len(line)-1] == ']' && bytes.Contains(line, []byte("::")) {
		if k, ok := adocDirective(line); ok {
			// Preprocessor lines are not text; the text around them
			// reads as if they were not there.
			p.breakSegment(pos)
			p.directive(pos, k)
			return next
		}
	}
	if p.para.active {
		if p.continues(pos, ce) {
			return next
		}
		p.endPara()
	}
	if p.header == 1 {
		if n, ok := p.readHeaderLine(pos, ce, next); ok {
			return n
		}
	}
	return p.blockStart(pos, ce, next)
}

// top returns the innermost open block, or nil.
func (p *adocBlocks) top() *adocOpen {
	if len(p.stack) == 0 {
		return nil
	}
	return &p.stack[len(p.stack)-1]
}

// readHeaderLine reads a line of the document header (after the document
// title, up to a blank line): attribute entries and comments as anywhere,
// the author and revision lines as text. It reports whether it read the
// line.
func (p *adocBlocks) readHeaderLine(pos, ce, next int) (int, bool) {
	line := p.w.doc[pos:ce]
	switch {
	case len(line) == 0:
		p.header = 2
		return next, true
	case adocCommentLine(line) || line[0] == ':' && adocAttributeEntry(line) > 0 || adocCommentBlockLine(line):
		return 0, false // read as anywhere
	case p.headerLine < 2:
		p.headerLine++
		p.w.text(pos, ce, adocTextOpts{macros: true, attrs: true})
		return next, true
	}
	p.header = 2
	return 0, false
}

// continues reads the line of an active paragraph at pos, and reports
// whether the paragraph goes on.
func (p *adocBlocks) continues(pos, ce int) bool {
	w := p.w
	line := w.doc[pos:ce]
	switch {
	case len(line) == 0:
		return false
	case len(line) == 1 && line[0] == '+':
		return false // a list continuation
	case p.para.kind == paraProse && adocCommentLine(line):
		p.breakSegment(pos)
		w.comment(pos+2, ce)
		return true
	case adocDelimiter(line).ok || line[0] == '[' && adocBlockAttributeLine(line):
		return false
	}
	if p.para.kind == paraProse {
		p.emptyTerm = adocEmptyTerm(line)
	}
	if p.para.segEnd < 0 {
		p.para.segStart = pos
	}
	p.para.segEnd, p.para.end = ce, ce
	return true
}

// breakSegment ends the current segment of the paragraph before the line
// at pos, which is left out of it.
func (p *adocBlocks) breakSegment(pos int) {
	if !p.para.active {
		return
	}
	p.flushSegment()
	p.para.segStart, p.para.segEnd = pos, -1
}

// flushSegment reads the current segment of the paragraph.
func (p *adocBlocks) flushSegment() {
	s, e := p.para.segStart, p.para.segEnd
	if e <= s {
		return
	}
	w := p.w
	switch p.para.kind {
	case paraProse:
		w.text(s, e, p.para.text)
	case paraLiteral:
		w.codeBlock(s, e)
	case paraPass:
		w.passBlock(s, e)
	}
}

// endPara ends the paragraph being read.
func (p *adocBlocks) endPara() {
	if !p.para.active {
		return
	}
	p.flushSegment()
	if p.para.kind == paraComment {
		p.w.comment(p.para.start, p.para.end)
	}
	p.para.active = false
}

// startPara starts a paragraph with the line at pos, of the given kind.
func (p *adocBlocks) startPara(pos, ce int, kind adocParaKind, text adocTextOpts) {
	p.para = adocPara{active: true, kind: kind, start: pos, end: ce, segStart: pos, segEnd: ce, text: text}
	if kind == paraProse {
		p.emptyTerm = adocEmptyTerm(p.w.doc[pos:ce])
	}
}

// blockStart reads the line at pos, which starts a block (or is blank).
func (p *adocBlocks) blockStart(pos, ce, next int) int {
	w := p.w
	doc := w.doc
	line := doc[pos:ce]
	if len(line) == 0 {
		return next // blank: a pending description list term stays pending
	}
	emptyTerm := p.emptyTerm
	p.emptyTerm = false
	indented := line[0] == ' ' || line[0] == '\t'

	switch {
	case adocCommentBlockLine(line):
		p.open(line, adocDelimiterInfo{ok: true, tip: "////"}, next)
		return next
	case adocCommentLine(line):
		w.comment(pos+2, ce)
		return next
	case line[0] == ':' && !indented:
		if n := adocAttributeEntry(line); n > 0 {
			return p.attributeEntry(pos, ce, next, n)
		}
	case line[0] == '[':
		if line[len(line)-1] == ']' && adocBlockAttributeLine(line) {
			id := p.pend.idSpan
			p.pend.parse(line, pos)
			if p.pend.idSpan != id {
				// The block's id, a target whatever the block is (a
				// section title's too: Heading.ID).
				w.target(Target{Kind: TargetID, ID: p.pend.id, Start: p.pend.idSpan[0], End: p.pend.idSpan[1]})
			}
			return next
		}
	case adocBlockTitle(line):
		w.text(pos+1, ce, adocTextOpts{macros: true, attrs: true})
		return next
	case len(line) == 1 && line[0] == '+':
		return next // a list continuation
	}
	if d := adocDelimiter(line); d.ok {
		p.header = 2
		p.open(line, d, next)
		return next
	}

	style := p.pend.style
	discrete := style == "discrete" || style == "float"
	if !indented && (len(p.stack) == 0 || discrete) {
		// A section title: "== Title", or a line underlined with "=",
		// "-", "~", "^" or "+" of about its length.
		if ts, level, ok := adocATXTitle(line); ok {
			p.title(pos+ts, ce, level)
			return next
		}
		if n, u, ok := p.setextUnderline(next); ok && adocSetextTitle(line, n) {
			level := 1
			if doc[u] == '=' {
				level = 0
			}
			p.title(pos, ce, level)
			_, after := p.lineAt(u)
			return after
		}
	}
	p.header = 2
	if !indented {
		if adocBreak(line) {
			p.pend = adocAttrs{}
			return next
		}
		if line[len(line)-1] == ']' && bytes.Contains(line, []byte("::")) {
			if p.mediaMacro(pos, ce) {
				p.pend = adocAttrs{}
				return next
			}
		}
	}

	// A paragraph.
	text := adocTextOpts{macros: true, attrs: true}
	kind := paraProse
	switch style {
	case "source", "listing", "literal":
		kind = paraLiteral
	case "pass":
		kind = paraPass
	case "comment":
		kind = paraComment
	case "":
		if indented && !emptyTerm && !adocListLine(line) {
			kind = paraLiteral
		}
	}
	if p.pend.subs != "" && (kind == paraProse || kind == paraLiteral) {
		// Substitutions change from the paragraph's defaults: normal
		// text's, or a literal paragraph's (verbatim: no macros).
		var repl bool
		text.macros, text.attrs, repl = adocSubs(p.pend.subs, kind == paraProse)
		text.norepl = !repl
		if kind == paraLiteral && text.macros {
			kind = paraProse
		}
	}
	p.pend = adocAttrs{}
	p.startPara(pos, ce, kind, text)
	return next
}

// title reads a section title, whose text is from ts to ce.
func (p *adocBlocks) title(ts, ce, level int) {
	w := p.w
	docTitle := p.header == 0 && level == 0 && p.nested == 0
	if docTitle {
		p.header, p.headerLine = 1, 0
	} else {
		p.header = 2
	}
	id := p.pend.id
	p.pend = adocAttrs{}
	// A trailing "[[id]]" is the section's id, not text (unless the block
	// has an id: it then stays in the title, as an inline anchor).
	end := ce
	if doc := w.doc; end-ts > 4 && doc[end-1] == ']' && doc[end-2] == ']' {
		if i := bytes.LastIndex(doc[ts:end], []byte(" [[")); i >= 0 {
			if a, ok := adocTitleAnchor(doc[ts+i+1 : end]); ok && id == "" {
				id = a
			}
			end = ts + i
		}
	}
	if docTitle || !w.targetsOn() {
		w.text(ts, end, adocTextOpts{macros: true, attrs: true})
		return
	}
	// The section's id: the one its markup gives, else one made of its
	// text, unless the document turned them off (:sectids!:).
	t := Target{Kind: TargetHeading, ID: id, Source: string(w.doc[ts:ce]), Level: level, Start: ts, End: ce}
	_, sectids := w.attr("sectids")
	if id == "" && !sectids {
		w.text(ts, end, adocTextOpts{macros: true, attrs: true})
		return
	}
	if v, ok := w.attrs["idprefix"]; ok {
		t.IDPrefix = &v
	}
	if v, ok := w.attrs["idseparator"]; ok {
		t.IDSeparator = &v
	}
	// The text as Asciidoctor converts it, from the same substitution of
	// its attributes as its URIs (a counter steps once).
	seg := w.prepare(ts, end, adocTextOpts{macros: true, attrs: true, pass: true})
	t.Text = adocTitleText(seg)
	t.TextWithAlt = t.Text
	w.target(t)
	in := adocInline{w: w, seg: seg, t: seg.d.text, macros: true}
	w.repl = true // a title's subs are normal text's
	in.read(0, len(in.t), false)
	w.repl = false
}

// adocTitleAnchor reads the anchor ending a section title, "[[id]]" or
// "[[id, reftext]]" (InlineSectionAnchorRx), and returns its id.
func adocTitleAnchor(a []byte) (string, bool) {
	if len(a) < 5 || a[0] != '[' || a[1] != '[' {
		return "", false
	}
	in := a[2 : len(a)-2]
	if c := bytes.IndexByte(in, ','); c >= 0 {
		in = in[:c]
	}
	if !adocID(in) {
		return "", false
	}
	return string(in), true
}

// adocID reports whether b is an id as Asciidoctor's anchors take one: a
// letter, "_" or ":", then word characters, "-", ":" or ".".
func adocID(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	r, size := utf8.DecodeRune(b)
	if !unicode.IsLetter(r) && r != '_' && r != ':' {
		return false
	}
	for i := size; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if !isWordRune(r) && r != '-' && r != ':' && r != '.' {
			return false
		}
		i += size
	}
	return true
}

// targetsOn reports whether the document's targets are asked for.
func (w *adocWalker) targetsOn() bool { return w.opts.Target != nil && !w.commentsOnly }

// target hands t to Options.Target, when the targets are asked for.
func (w *adocWalker) target(t Target) {
	if w.targetsOn() && t.Start < t.End {
		w.opts.Target(t)
	}
}

// setextUnderline returns the line after the one ending before next when
// it underlines a title: its length in characters and its start.
func (p *adocBlocks) setextUnderline(next int) (n, start int, ok bool) {
	if next >= p.end {
		return 0, 0, false
	}
	doc := p.w.doc
	ce, _ := p.lineAt(next)
	u := doc[next:ce]
	if len(u) == 0 || bytes.IndexByte([]byte("=-~^+"), u[0]) < 0 {
		return 0, 0, false
	}
	for _, c := range u {
		if c != u[0] {
			return 0, 0, false
		}
	}
	return len(u), next, true
}

// open opens a delimited block whose delimiter line is line, its content
// starting at next.
func (p *adocBlocks) open(line []byte, d adocDelimiterInfo, next int) {
	delim := string(line)
	if d.tip == "```" {
		delim = "```"
	}
	kind := adocCompound
	verbatim := false
	style := p.pend.style
	switch d.tip {
	case "--":
		switch style {
		case "source", "listing", "literal":
			kind = adocCode
		case "pass":
			kind = adocPassBlock
		case "comment":
			kind = adocComment
		case "verse":
			kind = adocVerse
		}
	case "----", "....", "```":
		kind = adocCode
	case "____":
		if style == "verse" {
			kind = adocVerse
		}
	case "++++":
		kind = adocPassBlock
		if style == "stem" || style == "latexmath" || style == "asciimath" {
			kind = adocCode
		}
	case "////":
		kind = adocComment
	case "|===", ",===", ":===", "!===":
		kind = adocTable
	}
	if kind == adocCode && p.pend.subs != "" {
		if macros, _, _ := adocSubs(p.pend.subs, false); macros {
			kind, verbatim = adocVerse, true
		}
	}
	if p.delims == nil {
		p.delims = make(map[string]int)
	}
	p.delims[delim] = len(p.stack)
	attrs := p.pend
	attrs.tip = d.tip
	p.stack = append(p.stack, adocOpen{delim: delim, kind: kind, verbatim: verbatim, contentStart: next, attrs: attrs})
	if d.tip != "////" {
		p.pend = adocAttrs{} // a comment block keeps the attributes above it for the next block
	}
}

// closeTo closes the open blocks from the innermost to stack[i], whose
// content ends where the line at end starts.
func (p *adocBlocks) closeTo(i, end int) {
	for len(p.stack) > i {
		b := p.stack[len(p.stack)-1]
		p.stack = p.stack[:len(p.stack)-1]
		delete(p.delims, b.delim)
		p.closeBlock(&b, end)
		if b.attrs.tip != "////" {
			p.pend = adocAttrs{}
		}
	}
}

// closeBlock reads the content of the block b, which ends where the line
// at end starts.
func (p *adocBlocks) closeBlock(b *adocOpen, end int) {
	w := p.w
	cs := b.contentStart
	ce := end
	if ce > cs && w.doc[ce-1] == '\n' {
		ce--
	}
	ce = max(cs, rstrip(w.doc, cs, ce))
	switch b.kind {
	case adocCode:
		w.codeBlock(cs, ce)
	case adocPassBlock:
		w.passBlock(cs, ce)
	case adocComment:
		w.comment(cs, ce)
	case adocVerse:
		text := adocTextOpts{macros: true, attrs: true}
		if b.attrs.subs != "" {
			// A verse's subs change normal text's; a verbatim block's
			// (listing, literal, source) with macros added stays
			// verbatim otherwise: no replacements.
			var repl bool
			text.macros, text.attrs, repl = adocSubs(b.attrs.subs, !b.verbatim)
			text.norepl = !repl
		}
		w.text(cs, ce, text)
	case adocTable:
		w.table(cs, ce, &b.attrs, p.nested)
	}
}

// directive reads a preprocessor line.
func (p *adocBlocks) directive(pos int, k adocDirectiveInfo) {
	w := p.w
	switch {
	case k.include:
		w.include(pos+k.targetStart, pos+k.targetEnd)
	case k.textStart == 0 && k.name != "include":
		w.conditional(k.name, w.doc[pos+k.targetStart:pos+k.targetEnd])
	case k.textStart > 0:
		// ifdef::name[text]: a line of text, if the attribute is set.
		w.text(pos+k.textStart, pos+k.textEnd, adocTextOpts{macros: true, attrs: true})
	}
}

// include reads the target of an include directive: a URL is a
// candidate, a path is not (it is a file the processor reads, not a
// URI reference).
func (w *adocWalker) include(s, e int) {
	w.included = true
	if w.commentsOnly {
		return
	}
	seg := w.prepare(s, e, adocTextOpts{attrs: true})
	if t := seg.d.text; adocURL(t) {
		emitValue(&w.buf, w.doc, &seg.d, 0, len(t), ContextAdocInclude, "", w.emit)
	}
}

// adocURL reports whether t starts with a scheme, ":" and "//", as
// Asciidoctor's UriSniffRx (a URL to fetch rather than a path).
func adocURL(t []byte) bool {
	if len(t) == 0 || !isASCIILetter(t[0]) {
		return false
	}
	i := 1
	for i < len(t) && (isASCIILetter(t[i]) || t[i] >= '0' && t[i] <= '9' || t[i] == '.' || t[i] == '+' || t[i] == '-') {
		i++
	}
	return i >= 2 && bytes.HasPrefix(t[i:], []byte("://"))
}

// attributeEntry reads an attribute entry (":name: value"), whose name ends
// at line[n-1] (the ":" after it), with the lines that continue its value,
// and returns where the next line starts.
func (p *adocBlocks) attributeEntry(pos, ce, next, n int) int {
	w := p.w
	doc := w.doc
	name := doc[pos+1 : pos+n-1]
	unset := false
	if len(name) > 0 && name[0] == '!' {
		name, unset = name[1:], true
	}
	if len(name) > 0 && name[len(name)-1] == '!' {
		name, unset = name[:len(name)-1], true
	}
	vs := pos + n
	for vs < ce && (doc[vs] == ' ' || doc[vs] == '\t') {
		vs++
	}
	// The value's lines: a line ending in " \" (or the old " +") goes on
	// at the next, the two joined with one space (a line break after a
	// hard line break " +").
	var parts [][2]int
	var joins []byte
	end := ce
	if vs < ce && ce-vs >= 2 && doc[ce-2] == ' ' && (doc[ce-1] == '\\' || doc[ce-1] == '+') {
		con := doc[ce-1]
		cur := [2]int{vs, rstrip(doc, vs, ce-2)}
		for next < p.end {
			lce, lnext := p.lineAt(next)
			ls := next
			for ls < lce && (doc[ls] == ' ' || doc[ls] == '\t') {
				ls++
			}
			if ls == lce {
				break
			}
			join := byte(' ')
			if cur[1]-cur[0] >= 2 && doc[cur[1]-2] == ' ' && doc[cur[1]-1] == '+' {
				join = '\n'
			}
			parts, joins = append(parts, cur), append(joins, join)
			next = lnext
			keep := lce-ls >= 2 && doc[lce-2] == ' ' && doc[lce-1] == con
			if keep {
				cur = [2]int{ls, rstrip(doc, ls, lce-2)}
			} else {
				cur = [2]int{ls, lce}
			}
			if !keep {
				break
			}
		}
		parts = append(parts, cur)
		end = cur[1]
	} else {
		parts = append(parts, [2]int{vs, ce})
	}
	if w.commentsOnly {
		return next
	}
	key := adocAttrName(name)
	if unset {
		if w.inactive == 0 {
			w.unsetAttr(key)
		}
		return next
	}
	d := w.attributeValue(parts, joins, end)
	if w.inactive == 0 {
		w.setAttr(key, string(d.text))
	}
	// A value that is a URI is a candidate; other values are text.
	t := d.text
	if s := schemeLen(t); s > 0 && !bytes.ContainsAny(doc[vs:parts[0][1]], " \t") && (s+2 < len(t) && t[s] == '/' && t[s+1] == '/' || adocKnownScheme(t[:s-1])) {
		end := len(t)
		if i := bytes.IndexByte(t, '['); i > s+2 && t[len(t)-1] == ']' {
			// "https://example.com/x[Text]": a URL macro, used where the
			// attribute is referenced; its attribute list is no part of it.
			end = i
		}
		// Its character references reach the HTML where it is used
		// (a paragraph's replacements restore them) and the browser
		// decodes them: "...?name=x&#91;0&#93;", written so that the
		// brackets do not end a macro (Vulkan-Guide's attributes).
		w.emitRefsDecoded(&d, 0, end, ContextAdocAttribute)
	} else if bytes.IndexByte(t, ':') >= 0 {
		// Other values are AsciiDoc text (the uses read it where they
		// are): macros are read as macros, not as prose.
		seg := &w.seg
		seg.d, seg.pass = d, seg.pass[:0]
		seg.blockedPass, seg.blockedAll = seg.blockedPass[:0], seg.blockedAll[:0]
		in := adocInline{w: w, seg: seg, t: d.text, macros: true}
		in.read(0, len(d.text), false)
	}
	return next
}

// schemeLen returns the length of the scheme and ":" at the start of t, or
// 0.
func schemeLen(t []byte) int {
	if len(t) == 0 || !isASCIILetter(t[0]) {
		return 0
	}
	i := 1
	for i < len(t) && (isASCIILetter(t[i]) || t[i] >= '0' && t[i] <= '9' || t[i] == '.' || t[i] == '+' || t[i] == '-') {
		i++
	}
	if i < len(t) && t[i] == ':' && i+1 < len(t) && !isSpaceByte(t[i+1]) {
		return i + 1
	}
	return 0
}

func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// adocAttrName returns an attribute's name as Asciidoctor keys it:
// characters other than word characters and "-" removed, in lower case.
func adocAttrName(name []byte) string {
	clean := true
	for _, c := range name {
		if c >= 'A' && c <= 'Z' || (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' && c != '-' && c < 0x80 {
			clean = false
			break
		}
	}
	if clean {
		return string(name)
	}
	out := make([]byte, 0, len(name))
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRune(name[i:])
		if r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) {
			out = utf8.AppendRune(out, unicode.ToLower(r))
		}
		i += size
	}
	return string(out)
}

// mediaMacro reads a block image, video or audio macro alone on its line
// and reports whether the line was one.
func (p *adocBlocks) mediaMacro(pos, ce int) bool {
	w := p.w
	line := w.doc[pos:ce]
	var ctx Context
	switch {
	case bytes.HasPrefix(line, []byte("image::")):
		ctx = ContextAdocImage
	case bytes.HasPrefix(line, []byte("video::")):
		ctx = ContextAdocVideo
	case bytes.HasPrefix(line, []byte("audio::")):
		ctx = ContextAdocAudio
	default:
		return false
	}
	// BlockMediaMacroRx: the target has no space at either end and runs to
	// the first "[" (after a character that is not a space); the
	// attributes run to the "]" that ends the line.
	ts := pos + 7
	if ts >= ce || isSpaceByte(w.doc[ts]) {
		return false
	}
	j := ts + 1
	for j < ce && (w.doc[j] != '[' || isSpaceByte(w.doc[j-1])) {
		j++
	}
	if j >= ce-1+1 || j == ts {
		return false
	}
	if w.commentsOnly {
		return true
	}
	seg := w.prepare(pos, ce, adocTextOpts{attrs: true})
	d := &seg.d
	// The same boundaries in the text with attributes resolved.
	t := d.text
	dts := 7
	dj := dts + 1
	for dj < len(t) && (t[dj] != '[' || isSpaceByte(t[dj-1])) {
		dj++
	}
	if dj >= len(t) {
		return true
	}
	attrs := t[dj+1 : len(t)-1]
	if ctx == ContextAdocVideo && adocVideoService(attrs) {
		return true // a YouTube, Vimeo or Wistia id, not a URI
	}
	if l := p.pend.link; ctx == ContextAdocImage && l[1] > l[0] {
		// [link=URL] on the line above: the image's link, before it.
		ls := w.prepare(l[0], l[1], adocTextOpts{attrs: true})
		w.emitTarget(&ls.d, 0, len(ls.d.text), ContextAdocImageLink)
		seg = w.prepare(pos, ce, adocTextOpts{attrs: true})
		d = &seg.d
		t = d.text
	}
	w.emitTarget(d, dts, dj, ctx)
	if ctx == ContextAdocImage {
		w.imageLink(d, dj+1, len(t)-1)
	}
	return true
}

// adocVideoService reports whether a video macro's attributes name a video
// service (its first positional attribute, poster, is youtube, vimeo or
// wistia), whose target is the video's id.
func adocVideoService(attrs []byte) bool {
	first := attrs
	if i := bytes.IndexByte(first, ','); i >= 0 {
		first = first[:i]
	}
	first = bytes.TrimSpace(first)
	if bytes.HasPrefix(first, []byte("poster=")) {
		first = first[len("poster="):]
	}
	switch string(first) {
	case "youtube", "vimeo", "wistia":
		return true
	}
	for _, a := range bytes.Split(attrs, []byte(",")) {
		a = bytes.TrimSpace(a)
		switch string(a) {
		case "poster=youtube", "poster=vimeo", "poster=wistia":
			return true
		}
	}
	return false
}

// codeBlock reads code from s to e: scanned only with
// Options.IncludeCodeBlocks, literally. An include directive of a URL
// there is read all the same (the processor reads it, in a listing too).
func (w *adocWalker) codeBlock(s, e int) {
	if w.commentsOnly || e <= s {
		return
	}
	doc := w.doc
	if bytes.Contains(doc[s:e], []byte("include::")) {
		// Line by line: the directives in order with the code.
		from := s
		for pos := s; pos < e; {
			le := e
			if i := bytes.IndexByte(doc[pos:e], '\n'); i >= 0 {
				le = pos + i
			}
			ce := rstrip(doc, pos, le)
			if k, ok := adocDirective(doc[pos:ce]); ok && k.include {
				w.code(from, pos)
				w.include(pos+k.targetStart, pos+k.targetEnd)
				from = min(le+1, e)
			}
			pos = le + 1
		}
		w.code(from, e)
		return
	}
	w.code(s, e)
}

// code scans the code from s to e, with Options.IncludeCodeBlocks.
func (w *adocWalker) code(s, e int) {
	if !w.opts.IncludeCodeBlocks || e <= s || !mayHoldURI(w.doc[s:e]) {
		return
	}
	scanText(&w.buf, w.doc[s:e], s, func(c *Candidate) {
		c.Context = ContextCodeBlock
		w.emit(c)
	})
}

// passBlock reads the raw HTML of a passthrough block or paragraph from s
// to e: its URI attributes are links; its text is code.
func (w *adocWalker) passBlock(s, e int) {
	if w.commentsOnly || e <= s {
		return
	}
	d := verbatim(w.doc, s, e)
	w.html(&d, 0, e-s, ContextCodeBlock)
}

// html reads d.text[s:e] as raw HTML: the URI attributes are links
// (adoc-pass-html), the text is code, of context ctx, read only with the
// code switch for it.
func (w *adocWalker) html(d *decoded, s, e int, ctx Context) {
	if bytes.IndexByte(d.text[s:e], '<') < 0 {
		if ctx == ContextCodeBlock {
			w.code(d.base+s, d.base+e) // no markup: text
		}
		if ctx == ContextCodeSpan && w.opts.IncludeCodeSpans {
			w.codeSpan(d, s, e)
		}
		return
	}
	include := ctx == ContextCodeBlock && w.opts.IncludeCodeBlocks || ctx == ContextCodeSpan && w.opts.IncludeCodeSpans
	var buf Candidate
	walkHTML(&buf, d.text[s:e], Options{IncludeCodeBlocks: w.opts.IncludeCodeBlocks, IncludeCodeSpans: w.opts.IncludeCodeSpans}, false, func(c *Candidate) {
		switch {
		case c.Context == ContextHTMLAttribute || c.Context == ContextHTMLMetaRefresh:
			c.Context = ContextAdocPassHTML
		case c.Attribute == "":
			if !include {
				return
			}
			c.Context = ctx
		}
		c.Shift(s)
		remap(c, d, w.doc)
		w.emit(c)
	})
}
