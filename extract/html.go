package extract

import (
	"bytes"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
	"golang.org/x/net/html"
)

// Options select what the Markdown and HTML walkers read.
type Options struct {
	// IncludeCodeBlocks scans fenced and indented code blocks in Markdown and
	// <pre> (and <xmp>) elements in HTML, which are skipped by default.
	IncludeCodeBlocks bool
	// IncludeCodeSpans scans Markdown code spans and the text of HTML <code>,
	// <kbd> and <samp> elements, which are skipped by default: code is not
	// prose.
	IncludeCodeSpans bool
	// Comment, when set, is called with each comment the walker reads (its
	// offsets in the document): in an HTML or XML document, in the raw HTML
	// of a Markdown document (not in its code). The lint engine reads
	// suppression comments there. See Format.Walk for when.
	Comment func(Comment)
	// Target, when set, is called with each target of the document (its
	// headings and ids, see Target), in document order.
	Target func(Target)
	// CrossReferences reports the internal cross references of AsciiDoc
	// ("<<id>>", "<<doc.adoc#id,text>>", "xref:doc.adoc#id[text]") as
	// candidates of kind KindXref: names of places, not URIs, which only
	// the local link rules read. Off, they are not reported.
	CrossReferences bool
}

// Contexts the HTML walker adds to the scanner's.
const (
	ContextHTMLAttribute   Context = "html-attribute"    // a URI attribute; Candidate.Attribute names it
	ContextHTMLMetaRefresh Context = "html-meta-refresh" // the URL of <meta http-equiv="refresh" content="N; url=...">
)

// uriAttrs are the attributes whose values are URIs, and how a value holds
// them: one URI, a list separated by whitespace, or a srcset.
var uriAttrs = func() map[string]attrInfo {
	m := map[string]attrKind{
		"href": oneURI, "src": oneURI, "action": oneURI, "formaction": oneURI, "cite": oneURI,
		"data": oneURI, "poster": oneURI, "background": oneURI, "longdesc": oneURI, "manifest": oneURI,
		"icon": oneURI, "usemap": oneURI, "codebase": oneURI, "classid": oneURI, "itemid": oneURI,
		"xmlns":    oneURI, // and every "xmlns:prefix"
		"srcset":   srcsetList,
		"itemtype": spaceList, "profile": spaceList,
		"archive": archiveList, // HTML 4 <object archive>: whitespace; <applet archive>: commas
		// Text for people, where authors write URIs too: scanned as text.
		"title": textAttr, "alt": textAttr,
	}
	info := make(map[string]attrInfo, len(m))
	for name, kind := range m {
		info[name] = attrInfo{name, kind}
	}
	return info
}()

// uriAttrElements are the elements on which an attribute of uriAttrs holds
// a URI, as the HTML standard's index of attributes gives them ("Valid
// URL" values), with HTML 4's for the obsolete ones (background, longdesc,
// codebase, classid, archive, profile, icon): elsewhere such an attribute
// is the author's own (<p data="...">, <div src=...>, a script's data).
// An attribute not listed here holds a URI on every element: href (HTML's
// a, area, base and link, and every SVG and MathML element that links; not
// DocFX's <xref>, whose href is an API's documentation ID),
// the global microdata attributes itemid and itemtype, xmlns and xmlns:*,
// and the text attributes title and alt.
var uriAttrElements = map[string][]string{
	"src":        {"img", "script", "iframe", "embed", "source", "track", "audio", "video", "input", "frame"},
	"srcset":     {"img", "source"},
	"data":       {"object"},
	"action":     {"form"},
	"formaction": {"button", "input"},
	"cite":       {"blockquote", "q", "del", "ins"},
	"poster":     {"video"},
	"background": {"body", "table", "td", "th"},
	"longdesc":   {"img", "iframe", "frame"},
	"manifest":   {"html"},
	"icon":       {"command", "menuitem"},
	"usemap":     {"img", "object", "input"},
	"codebase":   {"object", "applet"},
	"classid":    {"object"},
	"archive":    {"object", "applet"},
	"profile":    {"head"},
}

// onElement reports whether the URI attribute a holds a URI on the element
// named tag (as written: any ASCII case).
func (a attrInfo) onElement(tag []byte) bool {
	if a.name == "href" && equalFoldASCII(tag, "xref") {
		return false // DocFX's <xref href="System.String">: an API's ID
	}
	els, ok := uriAttrElements[a.name]
	if !ok {
		return true
	}
	for _, el := range els {
		if equalFoldASCII(tag, el) {
			return true
		}
	}
	return false
}

// attrInfo is a URI attribute's lower-case name and how it holds URIs.
type attrInfo struct {
	name string
	kind attrKind
}

type attrKind uint8

const (
	oneURI attrKind = iota + 1
	spaceList
	archiveList
	srcsetList
	textAttr // running text, scanned like text content
)

// HTML calls yield with each URI and URN candidate of an HTML document or
// fragment, in document order: the values of URI attributes
// (with entities decoded; relative references included, as KindRelativeRef),
// the URL of a meta refresh, and URIs in text content and in the title and
// alt attributes, found by the plain-text scanner after entities are decoded
// (Attribute names the attribute). Comments and the content of
// <script> and <style> are skipped, and so are <pre> and <xmp> unless
// opts.IncludeCodeBlocks. YAML front matter at the start is scanned as plain
// text. Offsets are on the source bytes.
func HTML(doc []byte, opts Options, yield func(*Candidate)) {
	var buf Candidate
	walkHTML(&buf, doc, opts, true, yield)
}

// HTMLComments calls yield with each comment of the HTML document doc:
// those the HTML walker reports to Options.Comment as it reads them, for a
// reader that needs them before the candidates (suppression comments).
func HTMLComments(doc []byte, yield func(Comment)) {
	start := 0
	if fm, ok := findFrontMatter(doc); ok {
		start = fm.end
	}
	z := htmlLexer{src: doc, pos: start}
	for {
		switch z.next() {
		case html.ErrorToken:
			return
		case html.CommentToken:
			yield(markupComment(doc, z.start, z.pos))
		}
	}
}

// walkHTML finds the candidates of the HTML src, with offsets in src, in
// order, filling in buf for each. Front matter is looked for only when
// withFrontMatter is set.
func walkHTML(buf *Candidate, src []byte, opts Options, withFrontMatter bool, emit func(*Candidate)) {
	start := 0
	if withFrontMatter {
		if fm, ok := findFrontMatter(src); ok {
			scanText(buf, src[fm.contentStart:fm.contentEnd], fm.contentStart, emit)
			start = fm.end
		}
	}
	z := htmlLexer{src: src, pos: start, keep: readsAttr}
	tmpl := newTemplateTags(src)
	inPre := 0  // how many <pre> elements are open
	inCode := 0 // how many <code>, <kbd> and <samp> elements are open in the current block
	// href is the destination of the <a> element open, as decoded and as
	// written: a URI of its text that is that destination,
	// <a href="https:x.org">https:x.org</a>, is the destination shown, and
	// the attribute's candidate is the one reported (one defect, one report).
	var href anchorHref
	inLink := func(c *Candidate) { // made once, not per text
		if !href.is(src, c) {
			emit(c)
		}
	}
	var scratch []tagAttr
	for {
		tt := z.next()
		off, end := z.start, z.pos
		switch tt {
		case html.ErrorToken: // the end, or a tag left open at the end
			return
		case html.CommentToken:
			if opts.Comment != nil {
				opts.Comment(markupComment(src, off, end))
			}
		case html.TextToken:
			pre, code := inPre > 0, inCode > 0 && inPre == 0 // code in a <pre> is a code block
			if (!pre || opts.IncludeCodeBlocks) && (!code || opts.IncludeCodeSpans) && !skippedRawText(z.rawText, opts) && mayHoldURI(src[off:end]) {
				d := decodeHTML(src, off, end, false)
				yield := emit
				if href.set() {
					yield = inLink
				}
				if code {
					scanDecoded(buf, src, &d, func(c *Candidate) {
						c.Context = ContextCodeSpan
						yield(c)
					})
				} else {
					scanDecoded(buf, src, &d, yield)
				}
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			name := src[off+1 : z.nameEnd]
			if opts.Target != nil && len(z.attrs) > 0 {
				htmlTargets(src, name, z.attrs, opts.Target)
			}
			if (inPre == 0 || opts.IncludeCodeBlocks) && len(z.attrs) > 0 && !tmpl.holds(off) {
				scratch = htmlAttributes(buf, src, name, z.attrs, scratch, emit)
			}
			if tt == html.StartTagToken && equalFoldASCII(name, "pre") {
				inPre++
			}
			if tt == html.StartTagToken && equalFoldASCII(name, "a") {
				href = newAnchorHref(src, z.attrs)
			}
			inCode = codeDepth(inCode, name, true)
		case html.EndTagToken:
			name := src[off+2 : z.nameEnd]
			if inPre > 0 && equalFoldASCII(name, "pre") {
				inPre--
			}
			if equalFoldASCII(name, "a") {
				href = anchorHref{}
			}
			inCode = codeDepth(inCode, name, false)
		}
	}
}

// anchorHref is the href attribute of an <a> element, as written; it is
// decoded only when a URI of the element's text is compared with it (a
// long value full of references is not decoded twice for nothing).
type anchorHref struct {
	start, end int // the value, in the document
	decoded    []byte
	done       bool // decoded is set
}

// newAnchorHref returns the href of an <a> element of attributes attrs
// (the first of two, as in browsers), or the zero anchorHref if it has
// none.
func newAnchorHref(src []byte, attrs []htmlAttr) anchorHref {
	for _, a := range attrs {
		if equalFoldASCII(src[a.keyStart:a.keyEnd], "href") {
			return anchorHref{start: a.valStart, end: a.valEnd}
		}
	}
	return anchorHref{}
}

func (h *anchorHref) set() bool { return h.end > h.start }

// is reports whether c, found in the element's text, is its href shown:
// the same as written or as decoded, spaces around the value aside.
func (h *anchorHref) is(src []byte, c *Candidate) bool {
	trim := func(b []byte) []byte {
		return bytes.TrimFunc(b, func(r rune) bool { return r < 0x80 && isHTMLSpace(byte(r)) })
	}
	if c.Raw == string(trim(src[h.start:h.end])) {
		return true
	}
	if !h.done {
		h.decoded, h.done = trim(decodeHTML(src, h.start, h.end, true).text), true
	}
	return c.URI == string(h.decoded)
}

// codeDepth returns how many code elements (<code>, <kbd>, <samp>: code,
// keyboard input, program output) are open after the tag of the element
// name, given depth before it. The text of a code element is code, not
// prose (skipped unless Options.IncludeCodeSpans). Code is phrasing
// content: a tag of a block (<p>, <div>, <li>, <td>, ...) ends every code
// element open, so that one left open does not swallow the document.
// "<code/>" opens one, as in browsers.
func codeDepth(depth int, name []byte, start bool) int {
	switch {
	case equalFoldASCII(name, "code") || equalFoldASCII(name, "kbd") || equalFoldASCII(name, "samp"):
		if start {
			return depth + 1
		}
		return max(depth-1, 0)
	case depth > 0 && blockElement(name):
		return 0
	}
	return depth
}

// blockElement reports whether name is an element that code cannot hold.
func blockElement(name []byte) bool {
	if len(name) > 10 {
		return false
	}
	var lower [10]byte
	for i, c := range name {
		lower[i] = c | 0x20
	}
	switch string(lower[:len(name)]) {
	case "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "td", "th", "tr", "table", "h1", "h2", "h3", "h4",
		"h5", "h6", "blockquote", "section", "article", "aside", "header", "footer", "nav", "main",
		"body", "figure", "figcaption", "details", "summary", "form", "fieldset", "hr":
		return true
	}
	return false
}

// skippedRawText reports whether the walker skips the raw text of the
// element el ("" for ordinary text): programs and style sheets always, and
// <xmp>, preformatted text, unless code is included. Their end tags end
// their raw text, so unlike <pre> they need no count of what is open.
func skippedRawText(el string, opts Options) bool {
	return el == "script" || el == "style" || el == "xmp" && !opts.IncludeCodeBlocks
}

// tagAttr is an attribute of a tag that the walker reads: the spans of its
// key and value in the document, and what it is.
type tagAttr struct {
	htmlAttr
	info attrInfo // a URI attribute, or (in <meta>) metaHTTPEquiv / metaContent
}

// The attributes of <meta> a refresh needs.
var (
	metaHTTPEquiv = attrInfo{name: "http-equiv"}
	metaContent   = attrInfo{name: "content"}
)

// htmlAttributes emits the candidates in the URI attributes among the
// attributes all of a tag of the element named tag.
func htmlAttributes(buf *Candidate, src, tag []byte, all []htmlAttr, attrs []tagAttr, emit func(*Candidate)) []tagAttr {
	attrs = uriAttributes(src, tag, all, attrs[:0])
	var httpEquiv, content *tagAttr
	for i := range attrs {
		a := &attrs[i]
		switch a.info {
		case metaHTTPEquiv:
			httpEquiv = a
		case metaContent:
			content = a
		default:
			if v := src[a.valStart:a.valEnd]; len(v) >= 2 && v[0] == '\\' && (v[1] == '"' || v[1] == '\'') {
				// href=\"...\": the tag is written inside a string of
				// code (a template's printf, a script), which gives its
				// value at run time.
				continue
			}
			if a.info.kind == textAttr {
				if mayHoldURI(src[a.valStart:a.valEnd]) {
					d := decodeHTML(src, a.valStart, a.valEnd, true)
					name := a.info.name
					scanDecoded(buf, src, &d, func(c *Candidate) {
						c.Attribute = name
						emit(c)
					})
				}
				continue
			}
			d := decodeHTML(src, a.valStart, a.valEnd, true)
			ctx := ContextHTMLAttribute
			if a.info.name == "xmlns" || strings.HasPrefix(a.info.name, "xmlns:") {
				// A namespace name, as in XML (an XHTML page, SVG or
				// MathML inline): a name, never retrieved.
				ctx = ContextXMLNamespace
			}
			uriList(&d, a.info.kind, func(s, e int) {
				emitValue(buf, src, &d, s, e, ctx, a.info.name, emit)
			})
		}
	}
	if httpEquiv != nil && content != nil {
		he := decodeHTML(src, httpEquiv.valStart, httpEquiv.valEnd, true)
		if equalFoldASCII(bytes.TrimFunc(he.text, func(r rune) bool { return r < 0x80 && isHTMLSpace(byte(r)) }), "refresh") {
			d := decodeHTML(src, content.valStart, content.valEnd, true)
			if s, e, ok := refreshURL(d.text); ok {
				emitValue(buf, src, &d, s, e, ContextHTMLMetaRefresh, "content", emit)
			}
		}
	}
	return attrs
}

// readsAttr reports whether the walker reads the attribute named key: a
// URI or text attribute, a meta refresh's, an id or an anchor's name.
func readsAttr(key []byte) bool {
	return lookupAttr(key).kind != 0 || equalFoldASCII(key, "http-equiv") || equalFoldASCII(key, "content") ||
		equalFoldASCII(key, "id") || equalFoldASCII(key, "name")
}

// lookupAttr finds a URI attribute by name, ignoring ASCII case; the zero
// attrInfo when the attribute holds no URI. Only an "xmlns:prefix" name is
// allocated.
func lookupAttr(key []byte) attrInfo {
	if len(key) > 6 && equalFoldASCII(key[:6], "xmlns:") {
		// Named as the tokenizer names it: ASCII lower case, NUL as U+FFFD.
		return attrInfo{string(bytes.ReplaceAll(asciiLower(key), []byte{0}, []byte("\ufffd"))), oneURI}
	}
	if len(key) > 10 {
		return attrInfo{}
	}
	var lower [10]byte
	for i, c := range key {
		lower[i] = c | 0x20 // ASCII letters only matter here; others never match
	}
	return uriAttrs[string(lower[:len(key)])]
}

// emitValue emits the URI d.text[s:e] of an attribute value or link
// destination, filled in c.
func emitValue(c *Candidate, src []byte, d *decoded, s, e int, ctx Context, attr string, emit func(*Candidate)) {
	if s >= e || strings.IndexByte("{%<$@(", d.text[s]) >= 0 && (grammar.IsPlaceholder(string(d.text[s:e])) || grammar.IsTemplateLogic(string(d.text[s:e]))) {
		return // a template's link: no URI to see
	}
	*c = Candidate{
		URI: string(d.text[s:e]), Context: ctx, Attribute: attr,
		Start: s, End: e, PrefixStart: -1,
	}
	c.Kind = kindOfValue(c.URI)
	remap(c, d, src)
	emit(c)
}

// kindOfValue is the kind of a URI found in a markup attribute or link
// destination, where relative references are URIs too.
func kindOfValue(uri string) Kind { return KindOf(grammar.Detect(uri)) }

// isHTMLSpace reports whether c is ASCII whitespace as HTML defines it.
func isHTMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// uriList calls fn with the span of each URI in an attribute value of the
// given kind, with the leading and trailing whitespace that URL parsing
// strips left out. In a list of URIs separated by spaces, and in a srcset,
// a template's tag is not cut at its spaces or commas
// ('itemtype="https://schema.org/{{ page.meta.type | default('Article')
// }}"', a theme's template; see srcset).
func uriList(d *decoded, kind attrKind, fn func(s, e int)) {
	t := d.text
	switch kind {
	case oneURI:
		s, e := 0, len(t)
		for s < e && isHTMLSpace(t[s]) {
			s++
		}
		for e > s && isHTMLSpace(t[e-1]) {
			e--
		}
		fn(s, e)
	case spaceList, archiveList, srcsetList:
		tags := newListTags(t)
		inTag := tags.holds
		if kind == srcsetList {
			srcset(t, inTag, &tags.end, fn)
			return
		}
		sep := func(c byte) bool { return isHTMLSpace(c) || kind == archiveList && c == ',' }
		for i := 0; i < len(t); {
			for i < len(t) && sep(t[i]) {
				i++
			}
			j := i
			for j < len(t) && (!sep(t[j]) || inTag(j)) {
				j++
			}
			fn(i, j)
			i = j
		}
	}
}

// listTags are the tags of a template in the value of a list of URIs,
// which hold spaces and commas that separate nothing: "a {{ .X }}.xsd b"
// is two URIs, the first with a template's tag in it.
type listTags struct {
	spans []grammar.Span
	end   int // the end of the last tag holds found t[j] in
}

func newListTags(t []byte) listTags {
	// As grammar.MayHavePlaceholder, without making a string of t.
	if bytes.ContainsAny(t, grammar.Openers) || bytes.Contains(t, []byte("::")) {
		return listTags{spans: grammar.Placeholders(string(t))}
	}
	return listTags{}
}

// holds reports whether t[j] is inside a tag; j must not decrease from
// one call to the next.
func (l *listTags) holds(j int) bool {
	for len(l.spans) > 0 && l.spans[0].End <= j {
		l.spans = l.spans[1:]
	}
	if len(l.spans) > 0 && j >= l.spans[0].Start {
		l.end = l.spans[0].End
		return true
	}
	return false
}

// srcset finds the URLs of a srcset attribute's value t, as HTML's "parse a
// srcset attribute" does: a URL is a run of non-whitespace; commas after it
// end the candidate, else descriptors follow up to a comma outside
// parentheses. A template's tag (inTag, asked of offsets that only grow;
// covered is the end of the last one asked of) is part of the URL, its
// spaces and commas too ('srcset="{{url_for('static',
// filename='a.webp')}}"', a Flask template's).
func srcset(t []byte, inTag func(int) bool, covered *int, fn func(s, e int)) {
	for i := 0; i < len(t); {
		for i < len(t) && (isHTMLSpace(t[i]) || t[i] == ',') {
			i++
		}
		j := i
		for j < len(t) && (!isHTMLSpace(t[j]) || inTag(j)) {
			j++
		}
		e := j
		for e > i && t[e-1] == ',' && e > *covered {
			e--
		}
		fn(i, e)
		if e < j {
			i = j
			continue
		}
		paren := false
		for ; j < len(t); j++ {
			if c := t[j]; c == '(' {
				paren = true
			} else if c == ')' {
				paren = false
			} else if c == ',' && !paren && !inTag(j) {
				break
			}
		}
		i = j
	}
}

// refreshURL finds the URL in the content of a meta refresh, following the
// HTML "shared declarative refresh steps": a time, then ";" or ",", then
// optionally "URL=" and a quote.
func refreshURL(t []byte) (int, int, bool) {
	i := 0
	skip := func() {
		for i < len(t) && isHTMLSpace(t[i]) {
			i++
		}
	}
	skip()
	digits := i
	for i < len(t) && grammar.IsDigit(t[i]) {
		i++
	}
	if i < len(t) && t[i] == '.' {
		for i < len(t) && (grammar.IsDigit(t[i]) || t[i] == '.') {
			i++
		}
	} else if i == digits {
		return 0, 0, false
	}
	skip()
	if i < len(t) && (t[i] == ';' || t[i] == ',') {
		i++
	} else if i < len(t) {
		return 0, 0, false
	}
	skip()
	if i+3 <= len(t) && equalFoldASCII(t[i:i+3], "url") {
		j := i + 3
		for j < len(t) && isHTMLSpace(t[j]) {
			j++
		}
		if j < len(t) && t[j] == '=' {
			i = j + 1
			skip()
		}
	}
	end := len(t)
	if i < len(t) && (t[i] == '\'' || t[i] == '"') {
		if q := bytes.IndexByte(t[i+1:], t[i]); q >= 0 {
			end = i + 1 + q
		}
		i++
	}
	for end > i && isHTMLSpace(t[end-1]) {
		end--
	}
	return i, end, i < end
}

// uriAttributes appends the attributes among all, those of a tag of the
// element named tag, that the walker reads: the URI attributes of the
// element, and http-equiv and content of a <meta>. Like the Tokenizer, it
// keeps only the first attribute of each name. (FuzzHTMLAttributes checks
// it against the Tokenizer.)
func uriAttributes(src, tag []byte, all []htmlAttr, out []tagAttr) []tagAttr {
	meta := equalFoldASCII(tag, "meta")
	first := len(out)
	var seen map[string]bool // past a few URI attributes (xmlns:* can be many), names are looked up here
	for _, sp := range all {
		a := tagAttr{htmlAttr: sp}
		key := src[a.keyStart:a.keyEnd]
		a.info = lookupAttr(key)
		if a.info.kind != 0 && !a.info.onElement(tag) {
			a.info = attrInfo{}
		}
		if meta && a.info.kind == 0 {
			switch {
			case equalFoldASCII(key, "http-equiv"):
				a.info = metaHTTPEquiv
			case equalFoldASCII(key, "content"):
				a.info = metaContent
			}
		}
		if a.info.name != "" {
			var dup bool
			if seen != nil {
				dup = seen[a.info.name]
				seen[a.info.name] = true
			} else {
				dup = seenAttr(out[first:], a.info.name)
				if !dup && len(out)-first == 8 {
					seen = make(map[string]bool)
					for _, b := range out[first:] {
						seen[b.info.name] = true
					}
					seen[a.info.name] = true
				}
			}
			if !dup {
				out = append(out, a)
			}
		}
	}
	return out
}

// seenAttr reports whether an attribute named name is among attrs (a tag's
// URI attributes, which are few).
func seenAttr(attrs []tagAttr, name string) bool {
	for _, b := range attrs {
		if b.info.name == name {
			return true
		}
	}
	return false
}

// asciiLower returns b with ASCII letters in lower case, as the tokenizer
// folds attribute names.
func asciiLower(b []byte) []byte {
	out := make([]byte, len(b))
	for i, c := range b {
		out[i] = grammar.Lower(c)
	}
	return out
}

// templateTags finds, in order, the tags of a template language in an HTML
// document: "{% ... %}" (Liquid, Jinja, Django, Nunjucks), "{{ ... }}"
// (Go's templates, Hugo's, Handlebars, Jinja's expressions), "[% ... %]"
// (Perl's Template Toolkit) and "<% ... %>" (ERB, EJS, JSP, ASP). HTML
// written inside one is a string of the template's program, which it
// pieces together: "{% assign s = s | append: '<a href="' | append:
// page.url | append: '">' %}" (a Jekyll include), "{{ $re := `(<a)(
// href="#([^"]+)">)` }}" (a Hugo partial's regular expression), "[% ...
// '<a href="'; transaction.$column.href; '">' %]" (LedgerSMB's pages, held-out set
// 146). The tags the HTML lexer reads there are not the page's: their
// attributes are not read. A tag of the template ends at the first closer
// of its kind after its start, within maxTemplateTag bytes; an opener with
// none is text.
type templateTags struct {
	src        []byte
	from       int // where the next search starts
	start, end int // the last tag found: src[start:end]
	done       bool
	// clear holds, for each closer, the offset before which the last
	// search for one found none: a later search starts there, so that a
	// document of openers without closers is read once.
	clear [len(templateOpeners)]int
	// next holds where the next opener whose second byte is "%" is, of
	// kind kind, and where the next "{{" is (see nextTag); before from,
	// not yet looked for.
	next [2]int
	kind int
}

// newTemplateTags returns a templateTags that finds the tags of src.
func newTemplateTags(src []byte) templateTags {
	t := templateTags{src: src}
	for k := range t.next {
		t.next[k] = -1
	}
	return t
}

// maxTemplateTag bounds the bytes of a tag of a template language.
const maxTemplateTag = 4 << 10

// holds reports whether the offset off, at or after the offsets asked
// before, is inside a tag of a template language.
func (t *templateTags) holds(off int) bool {
	for !t.done && off >= t.end {
		if !t.nextTag() {
			t.done = true
		}
	}
	return !t.done && off > t.start && off < t.end
}

// nextTag finds the next tag after t.from, and reports whether there is one.
func (t *templateTags) nextTag() bool {
	for t.from < len(t.src) {
		// The next "{{" and the next opener whose second byte is "%",
		// each kept until passed: "{{" found by bytes.Index, a search for
		// the pair (much faster than stopping at every "{" of a page's
		// scripts), the others by their "%", rarer in a page than "<".
		if t.next[0] < t.from {
			t.next[0], t.kind = t.percentOpener()
		}
		if t.next[1] < t.from {
			if j := bytes.Index(t.src[t.from:], templateOpeners[1]); j >= 0 {
				t.next[1] = t.from + j
			} else {
				t.next[1] = len(t.src)
			}
		}
		i, k := t.next[0], t.kind
		if t.next[1] < i {
			i, k = t.next[1], 1
		}
		if i >= len(t.src) {
			break
		}
		t.from = i + 1
		limit := min(len(t.src), i+maxTemplateTag)
		from := max(i+2, t.clear[k])
		if from >= limit {
			continue
		}
		if j := bytes.Index(t.src[from:limit], templateClosers[k]); j >= 0 {
			t.start, t.end = i, from+j+2
			t.from = t.end
			return true
		}
		t.clear[k] = limit - 1 // a closer may start at the last byte looked at
	}
	return false
}

// percentOpener returns where the first opener at or after t.from whose
// second byte is "%" ("{%", "[%", "<%") starts, and its kind; or
// len(t.src).
func (t *templateTags) percentOpener() (int, int) {
	for pos := t.from + 1; pos < len(t.src); {
		j := bytes.IndexByte(t.src[pos:], '%')
		if j < 0 {
			break
		}
		i := pos + j - 1
		for k, opener := range templateOpeners {
			if k != 1 && t.src[i] == opener[0] {
				return i, k
			}
		}
		pos += j + 1
	}
	return len(t.src), 0
}

// templateOpeners and templateClosers start and end the tags of templates,
// by kind: "{% ... %}", "{{ ... }}", "[% ... %]" and "<% ... %>". Every
// opener but "{{" (kind 1) has "%" for its second byte (see nextTag).
var (
	templateOpeners = [...][]byte{[]byte("{%"), []byte("{{"), []byte("[%"), []byte("<%")}
	templateClosers = [len(templateOpeners)][]byte{[]byte("%}"), []byte("}}"), []byte("%]"), []byte("%>")}
)
