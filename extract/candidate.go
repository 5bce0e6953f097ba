package extract

import (
	"fmt"
	"sort"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Kind says what a candidate is.
type Kind uint8

// Candidate kinds.
const (
	KindURI         Kind = iota + 1 // a URI with a scheme other than urn
	KindURN                         // a URI with the scheme urn
	KindRelativeRef                 // a relative reference (from markup attributes only, never from running text)
	// KindXref is an internal cross reference of AsciiDoc, with
	// Options.CrossReferences only: "<<id>>", "<<doc.adoc#id>>",
	// "xref:doc.adoc#id[]", its URI the reference as written ("id",
	// "doc.adoc#id", "Section Title"). It is no URI: the rules that read
	// URIs never see it, the local link rules do.
	KindXref
)

var kindNames = [...]string{KindURI: "uri", KindURN: "urn", KindRelativeRef: "relative-ref", KindXref: "xref"}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// MarshalText writes the kind's name, for JSON.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// KindOf returns the kind of a candidate that parses as the production as.
func KindOf(as grammar.As) Kind {
	switch as {
	case grammar.AsURN:
		return KindURN
	case grammar.AsRelativeRef:
		return KindRelativeRef
	}
	return KindURI
}

// As returns the production a candidate of kind k is parsed as.
func (k Kind) As() grammar.As {
	switch k {
	case KindURN:
		return grammar.AsURN
	case KindRelativeRef, KindXref:
		return grammar.AsRelativeRef
	}
	return grammar.AsURI
}

// Context says where in a document a candidate was found.
type Context string

// Contexts the plain-text scanner produces. The Markdown and HTML walkers
// add their own.
const (
	ContextText     Context = "text"      // bare in running text, delimited by whitespace
	ContextQuoted   Context = "quoted"    // between double quotes: "http://example.com/"
	ContextAngle    Context = "angle"     // between angle brackets: <http://example.com/>
	ContextAngleURL Context = "angle-url" // with the old prefix: <URL:http://example.com/>
)

// IsLink reports whether a candidate found in context c is a link a browser
// follows: a Markdown link, image or reference definition destination, an
// autolink, a URI attribute of HTML (in Markdown too) or a meta refresh's
// URL. Browsers read links under the WHATWG URL Standard, which admits
// non-ASCII characters, reads "\" as "/" and drops tabs and line breaks.
// Links have certain boundaries, and their text is not shown to readers but
// for an autolink's.
//
// In XML, the attributes that locate a resource (href, xlink:href, src,
// schemaLocation, ...: ContextXMLAttribute), the href of a style sheet or
// schema processing instruction and a DTD's system identifiers are links
// too: their boundaries are the quotes, nobody reads them as text, and the
// specifications that define them (XLink, XML Schema's anyURI, XML 1.0
// section 4.2.2) have the processor percent-encode what a URI cannot hold,
// as browsers do. Namespace names and RDF's IRIs are not: they are names,
// compared character by character (Namespaces in XML 1.0 section 2.3, RDF
// 1.1 Concepts section 3.2), never followed, and a fix, however harmless to
// a URI, makes another name.
//
// In AsciiDoc, the targets of the URL, link, mailto, image, video and
// audio macros, an image's link= attribute, a URL an include directive
// fetches, the URI attributes of raw HTML in a passthrough, and an
// attribute entry whose value is a URI (which the document uses as a
// link's target, ":url-repo: https://...", "{url-repo}[repo]") are links:
// their boundaries are the markup's.
// In reStructuredText, the URI embedded in a phrase reference, a hyperlink
// target's link block, an image's URI and a directive's URI option are
// links: their boundaries are the markup's, and docutils writes them into
// the output's href or src as they are (whitespace inside them removed).
func (c Context) IsLink() bool {
	switch c {
	case ContextMarkdownLink, ContextMarkdownImage, ContextMarkdownDefinition, ContextMarkdownAutolink,
		ContextMarkdownHTML, ContextHTMLAttribute, ContextHTMLMetaRefresh,
		ContextXMLAttribute, ContextXMLInstruction, ContextXMLSystemID,
		ContextAdocURLMacro, ContextAdocLinkMacro, ContextAdocMailto, ContextAdocImage, ContextAdocImageLink,
		ContextAdocVideo, ContextAdocAudio, ContextAdocInclude, ContextAdocAttribute, ContextAdocPassHTML,
		ContextRSTLink, ContextRSTTarget, ContextRSTImage, ContextRSTDirective, ContextAdocXref:
		return true
	}
	return false
}

// IsName reports whether a candidate found in context c is a name that
// XML compares character by character: a namespace name or an RDF IRI. No
// fix may be applied to it without review, since any change, even one
// RFC 3986 calls equivalent, names something else.
func (c Context) IsName() bool { return c == ContextXMLNamespace || c == ContextXMLIdentifier }

// Candidate is a URI or URN found in a document.
type Candidate struct {
	// URI is the identifier as understood: delimiters and layout whitespace
	// removed, and (in markup) escapes and entities decoded.
	URI string
	// Raw is the source text from Start to End. It equals URI unless layout
	// whitespace was removed or escapes were decoded.
	Raw     string
	Kind    Kind
	Context Context
	// Attribute names the markup attribute the candidate came from, if any.
	Attribute string
	// Start and End are the offsets of Raw in the document; End is
	// exclusive. (Lines and columns are computed at output: see Locator.)
	Start, End int
	// PrefixStart is the offset of the "URL:" prefix for ContextAngleURL
	// (the prefix ends where the URI starts); otherwise -1.
	PrefixStart int
	// HyphenBreaks holds the document offset of each "-" that was followed by
	// a line break inside angle brackets: the line break was removed, but the
	// hyphen may have been added by a typesetter (RFC 3986 Appendix C).
	HyphenBreaks []int
	// Continued, for a bare URI in running text that ends at a line break,
	// is the text that starts the next line when it plausibly continues the
	// URI ("https://www.iana.org/assignments/" then "icmp-parameters"), and
	// ContinuedEnd the document offset where that text ends; Continued is
	// "" otherwise. The URI itself never takes it in (RFC 3986 Appendix C: a
	// URI that may be broken across lines belongs in <...>).
	Continued    string
	ContinuedEnd int
	// Base, for a relative reference the markup resolves against another
	// directory than the document's, is that directory as the document
	// names it, relative to the document: an AsciiDoc image's imagesdir
	// attribute. BaseUnknown says such a directory may be set where the
	// walker does not see it (an AsciiDoc document that includes others,
	// whose attributes it does not read, and sets no imagesdir itself; an
	// imagesdir made of references to attributes it lacks): where the
	// reference leads is not known.
	Base        string
	BaseUnknown bool
	// Example says the candidate is in an example the document shows, not
	// in its own markup: an XML document in a CDATA section (a protocol's
	// stanza, a schema's customisation). Its URIs are the example's; a
	// relative reference there leads from wherever the example is used,
	// not from the document.
	Example bool

	// pieces maps URI bytes to document bytes when URI is not Raw.
	pieces []piece
	// escape says how text written where the candidate is must be escaped
	// (see Escape).
	escape escape
	// inTable says that the candidate, in <...>, sits in a row of a
	// plain-text table, where "|" may be a border as well as a character
	// of the URI (see Certainty).
	inTable bool
	// replaced says that the AsciiDoc text the candidate was read from goes
	// through Asciidoctor's replacements before its links are found (see
	// Replacements).
	replaced bool
	// ellipsisAfter says that "..." follows the candidate, a bare URL of
	// AsciiDoc running text, which Asciidoctor's replacements make part of
	// the link (see EllipsisAfter).
	ellipsisAfter bool
}

// EllipsisAfter reports whether the candidate, a bare URL in AsciiDoc
// running text, is followed by "..." ("see https://a.example/docs... for
// more"), which Asciidoctor turns into an ellipsis before it finds the
// URL: the link takes the ellipsis in and leads elsewhere.
func (c *Candidate) EllipsisAfter() bool { return c.ellipsisAfter }

// Replacements reports whether the candidate was read from AsciiDoc text
// that Asciidoctor passes through its replacements substitution before it
// finds the links and macros in it ("..." becomes an ellipsis, "(C)" a
// copyright sign, "->" an arrow): the running text of paragraphs, titles,
// list items, table cells and verses, monospace included, and the targets
// and link= attributes of the inline macros there, and the text an
// attribute reference brings into them. It is false for every other
// candidate: the block macros (image::, video::, audio::, include::), an
// attribute entry's value, code, passthroughs, text whose subs leave the
// replacements out, and every format but AsciiDoc.
func (c *Candidate) Replacements() bool { return c.replaced }

// escape is how the document holds text where a candidate was found.
type escape uint8

const (
	escNone    escape = iota // as it is
	escXMLText               // XML character data: "&", "<" and ">" as references
	escXMLAttr               // an XML attribute value: the quotes too
)

// Escape returns s written as the document must hold it where c was found,
// for a fix that writes s there: in XML character data, "&", "<" and ">"
// as "&amp;", "&lt;" and "&gt;" (an XML processor reads a bare "&" as the
// start of a reference), and in an XML attribute value also '"' and "'" as
// "&quot;" and "&apos;". Elsewhere (plain text, Markdown, HTML, a CDATA
// section, a DTD's system literal), s as it is.
func (c *Candidate) Escape(s string) string {
	if c.escape == escNone || !strings.ContainsAny(s, "&<>\"'") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; {
		case ch == '&':
			b.WriteString("&amp;")
		case ch == '<':
			b.WriteString("&lt;")
		case ch == '>':
			b.WriteString("&gt;")
		case ch == '"' && c.escape == escXMLAttr:
			b.WriteString("&quot;")
		case ch == '\'' && c.escape == escXMLAttr:
			b.WriteString("&apos;")
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// piece maps the URI bytes [uri, uri+n) to the document bytes [src, src+srcN).
// A piece that is not decoded maps byte for byte (n == srcN, the same bytes);
// a decoded one (an escape or character reference, a line end HTML reads
// as LF) maps as a whole.
type piece struct {
	uri, src, n, srcN int
	decoded           bool
	// coarse marks a piece that stands for many: past maxPieces, a map
	// takes in each further piece into its last one (see addPiece).
	coarse bool
}

// maxPieces is how many pieces a map keeps exactly. A URI of a million
// character references, escapes or layout breaks would take a piece (40
// bytes) for every two or three bytes of the document; past maxPieces, the
// rest of the map is one coarse piece (but for the text after its last
// reference, kept exact), so that a map never holds more than 2.5 MB.
// Offsets there map in proportion (piece.approx), and no fix is applied
// there (Candidate.Coarse). No real document comes near: that many
// references in one attribute value, one run of text or one URI is hostile
// input.
const maxPieces = 1 << 16

// approx maps the text offset i inside the coarse piece p to a document
// offset in proportion: not exact, but in order (a later offset never maps
// before an earlier one), so that candidates found there stay in order.
func (p piece) approx(i int) int {
	if p.n <= 0 {
		return p.src
	}
	return p.src + int(int64(i-p.uri)*int64(p.srcN)/int64(p.n))
}

// addPiece appends p to the map ps. Once ps holds maxPieces pieces, its
// last one widens to take in each further piece (a coarse piece, which
// maps in proportion), but for the piece after the last decoded one, kept
// exact: the text after the last reference of a long value, where its
// problems usually are, maps exactly.
func addPiece(ps []piece, p piece) []piece {
	if len(ps) < maxPieces {
		return append(ps, p) // small enough to inline: the path of every real document
	}
	return addCoarse(ps, p)
}

// addCoarse is addPiece past maxPieces pieces.
func addCoarse(ps []piece, p piece) []piece {
	if len(ps) > maxPieces { // the exact piece: it is not the last any more
		ps[maxPieces-1] = ps[maxPieces-1].widen(ps[maxPieces])
		ps = ps[:maxPieces]
	}
	if !p.decoded && p.n == p.srcN {
		return append(ps, p)
	}
	ps[maxPieces-1] = ps[maxPieces-1].widen(p)
	return ps
}

// widen returns the coarse piece that maps p and q, which comes after it.
func (p piece) widen(q piece) piece {
	p.n = q.uri + q.n - p.uri
	p.srcN = max(q.src+q.srcN, p.src+p.srcN) - p.src
	p.decoded, p.coarse = true, true
	return p
}

// Shift moves a candidate found in a stretch of a document to where that
// stretch is, at offset base: its offsets (of its span, its "URL:" prefix,
// its hyphen breaks and the map SourceSpan reads) move by base.
func (c *Candidate) Shift(base int) {
	c.Start, c.End = c.Start+base, c.End+base
	if c.PrefixStart >= 0 {
		c.PrefixStart += base
	}
	for i := range c.HyphenBreaks {
		c.HyphenBreaks[i] += base
	}
	if c.Continued != "" {
		c.ContinuedEnd += base
	}
	for i := range c.pieces {
		c.pieces[i].src += base
	}
}

// SourceSpan maps the URI bytes [start, end) to the document bytes that hold
// them, so that a problem found in the URI can be reported where it was
// written. An empty span maps to an empty span.
func (c *Candidate) SourceSpan(start, end int) (int, int) {
	if c.pieces == nil {
		return c.Start + start, c.Start + end
	}
	return mapSpan(c.pieces, start, end)
}

// Coarse reports whether the URI bytes [start, end) touch a part of the
// URI that maps to the document only as a whole: one past the first
// thousands of character references, escapes or layout breaks of a URI
// (see maxPieces). An edit there could not be placed exactly.
func (c *Candidate) Coarse(start, end int) bool {
	for _, p := range c.pieces {
		if p.coarse && start < p.uri+p.n && p.uri < max(end, start+1) {
			return true
		}
	}
	return false
}

// Substituted reports whether the URI bytes [start, end) are, or touch,
// part of a substitution: text that stands in the URI for a reference
// written otherwise in the document and longer than one character, such
// as the value of an AsciiDoc attribute reference ("{url-repo}"). An edit
// there would replace the reference, not the text.
func (c *Candidate) Substituted(start, end int) bool {
	for _, p := range c.pieces {
		if p.decoded && p.n > 1 && start < p.uri+p.n && p.uri < max(end, start+1) {
			return true
		}
	}
	return false
}

// mapSpan maps the bytes [start, end) through pieces.
func mapSpan(ps []piece, start, end int) (int, int) {
	s := mapOffset(ps, start, false)
	if end == start {
		return s, s
	}
	return s, mapOffset(ps, end, true)
}

// mapOffset maps an offset through pieces. An end offset that falls between
// two pieces maps to the end of the earlier one, so that a span never takes
// in what lies between pieces (layout whitespace).
func mapOffset(ps []piece, i int, isEnd bool) int {
	var k int
	if isEnd {
		k = sort.Search(len(ps), func(k int) bool { return ps[k].uri+ps[k].n >= i })
	} else {
		k = sort.Search(len(ps), func(k int) bool { return ps[k].uri+ps[k].n > i })
	}
	if k == len(ps) {
		last := ps[len(ps)-1]
		return last.src + last.srcN
	}
	p := ps[k]
	switch {
	case p.coarse:
		return p.approx(i)
	case !p.decoded:
		return p.src + (i - p.uri)
	case isEnd && i > p.uri:
		return p.src + p.srcN
	}
	return p.src
}
