package extract

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
)

// Format is a kind of document: how its files are named, how editors name
// its language, which walker finds its URIs and how its comments, where
// suppression directives are written, are found. The table below is the
// one place that says so: configuration, the language server, the lint
// engine and the command line read it. A new format is one entry in it,
// and its walker.
type Format uint8

// The formats.
const (
	FormatText             Format = iota // plain text: any other extension, or none
	FormatMarkdown                       // .md .markdown .mdown .mkd .mdx
	FormatHTML                           // .html .htm .xhtml
	FormatXML                            // .xml .xsd .wsdl .rdf .xsl .xslt .svg
	FormatReStructuredText               // .rst .rest
	FormatAsciiDoc                       // .adoc .asciidoc .asc
)

// formatInfo is what the table knows of a format.
type formatInfo struct {
	// name is the format's name in configuration and output; title names
	// it in messages and the docs (name when empty).
	name, title string
	// extensions are the file name extensions of the format, in lower
	// case, with their dot.
	extensions []string
	// languages are the editors' identifiers of the format's language
	// (the Language Server Protocol's languageId).
	languages []string
	// walk finds the candidates of a document (see Format.Walk).
	walk func(doc []byte, opts Options, yield func(*Candidate))
	// window, for a format a large document of which is read in windows
	// of lines (see Format.Windowed), finds the candidates of a window
	// whose first byte is at offset base of the document; nil for the
	// others.
	window func(doc []byte, base int, opts Options, yield func(*Candidate))
	// splits, for a format whose documents an editor's can be read in
	// parts of (see Format.Splits), says where a document can be cut;
	// nil for the others.
	splits func(doc []byte, minPart int) []int
	// syntaxError, for a format whose walker reads on as running text
	// where its markup breaks, says where and why (see
	// Format.SyntaxError); nil for the others.
	syntaxError func(doc []byte) (offset int, reason string, ok bool)
	// comments finds the comments of a document in a pass of its own, or
	// is nil when only the walker finds them: it then reports every one
	// to Options.Comment before its first candidate (see Format.Comments).
	comments func(doc []byte, yield func(Comment))
	// inPieces says that a document of the format, when nothing in it
	// reaches across it (a suppression comment, the note of RFC 8792
	// folding), can be read in pieces with the same result as whole: the
	// windows of a large text file, the parts of a Markdown document an
	// editor changes.
	inPieces bool
}

var formats = [...]formatInfo{
	FormatText: {
		name: "text", title: "plain text", languages: []string{"plaintext"},
		walk:     func(doc []byte, opts Options, yield func(*Candidate)) { scanTextWindow(doc, 0, opts, yield) },
		window:   scanTextWindow,
		comments: TextComments, inPieces: true,
	},
	FormatMarkdown: {
		name: "markdown", title: "Markdown", extensions: []string{".md", ".markdown", ".mdown", ".mkd", ".mdx"}, languages: []string{"markdown", "mdx"},
		walk: Markdown, splits: MarkdownSplits, inPieces: true,
	},
	FormatHTML: {
		// XHTML too: the HTML walker knows its URI attributes, its code
		// and its scripts, which the XML walker does not.
		name: "html", title: "HTML", extensions: []string{".html", ".htm", ".xhtml"}, languages: []string{"html", "xhtml"},
		walk: HTML, comments: HTMLComments,
	},
	FormatXML: {
		name: "xml", title: "XML", extensions: []string{".xml", ".xsd", ".wsdl", ".rdf", ".xsl", ".xslt", ".svg"}, languages: []string{"xml", "xsl"},
		walk: XML, comments: XMLComments, syntaxError: XMLSyntaxError,
	},
	FormatReStructuredText: {
		name: "restructuredtext", title: "reStructuredText", extensions: []string{".rst", ".rest"}, languages: []string{"restructuredtext", "rst"},
		walk: ReStructuredText, comments: RSTComments,
	},
	FormatAsciiDoc: {
		name: "asciidoc", title: "AsciiDoc", extensions: []string{".adoc", ".asciidoc", ".asc"}, languages: []string{"asciidoc"},
		walk: AsciiDoc, comments: AsciiDocComments,
	},
}

// Formats lists every format, FormatText first.
func Formats() []Format {
	out := make([]Format, len(formats))
	for i := range formats {
		out[i] = Format(i)
	}
	return out
}

func (f Format) info() *formatInfo {
	if int(f) < len(formats) {
		return &formats[f]
	}
	return &formats[FormatText]
}

// String is the format's name: "text", "markdown", "html", "xml", "restructuredtext", "asciidoc".
func (f Format) String() string { return f.info().name }

// Title is how messages and the docs name the format: "plain text",
// "Markdown", "HTML", "XML".
func (f Format) Title() string {
	if t := f.info().title; t != "" {
		return t
	}
	return f.info().name
}

// MarshalText writes the format's name, for JSON.
func (f Format) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// Extensions are the file name extensions of the format, in lower case,
// with their dot; none for FormatText, the format of every other file.
func (f Format) Extensions() []string { return slices.Clone(f.info().extensions) }

// Languages are the identifiers editors give the format's language.
func (f Format) Languages() []string { return slices.Clone(f.info().languages) }

// InPieces reports whether a document of the format whose text reaches
// nothing across it (see lint.CheckableInPieces) can be read in pieces.
func (f Format) InPieces() bool { return f.info().inPieces }

// FormatOf returns the format of a file by the extension of its name, in
// any letter case: FormatText for any other. A source that a site shows
// as text, "page.rst.txt" (Sphinx's _sources/: its html_sourcelink_suffix),
// "page.md.txt", "page.adoc.txt", is read in the format of its source
// (see ShownSource).
func FormatOf(path string) Format {
	ext := strings.ToLower(filepath.Ext(path))
	if ext == "" {
		return FormatText
	}
	if ext == ".txt" {
		if f, ok := shownSource(path); ok {
			return f
		}
		return FormatText
	}
	return formatOfExt(ext)
}

func formatOfExt(ext string) Format {
	for i := range formats {
		if slices.Contains(formats[i].extensions, ext) {
			return Format(i)
		}
	}
	return FormatText
}

// ShownSource reports whether path names a copy of a source that a site
// shows as text ("_sources/page.rst.txt"): a file nobody edits, whose
// relative links were written for where its source is.
func ShownSource(path string) bool {
	_, ok := shownSource(path)
	return ok
}

// shownSource: "NAME.EXT.txt" where EXT is an extension of Markdown,
// reStructuredText or AsciiDoc, the formats sites render from sources.
func shownSource(path string) (Format, bool) {
	stem := path[:len(path)-len(filepath.Ext(path))]
	if !strings.EqualFold(path[len(stem):], ".txt") {
		return FormatText, false
	}
	switch f := formatOfExt(strings.ToLower(filepath.Ext(stem))); f {
	case FormatMarkdown, FormatReStructuredText, FormatAsciiDoc:
		return f, true
	}
	return FormatText, false
}

// FormatOfLanguage returns the format of an editor's language identifier,
// and whether there is one.
func FormatOfLanguage(id string) (Format, bool) {
	for i := range formats {
		if slices.Contains(formats[i].languages, id) {
			return Format(i), true
		}
	}
	return FormatText, false
}

// Walk calls yield with each URI and URN candidate of a document of the
// format, in document order. It reports the document's comments to
// opts.Comment (when set) as they are read; for a format without a
// comment pass of its own (see Comments), all of them before the first
// candidate.
func (f Format) Walk(doc []byte, opts Options, yield func(*Candidate)) {
	f.info().walk(doc, opts, yield)
}

// Windowed reports whether a large document of the format can be read in
// windows of lines, each walked alone by WalkWindow, with the candidates
// of the whole document (the windows of fileio.TextWindows, cut where the
// walker looks across nothing): plain text.
func (f Format) Windowed() bool { return f.info().window != nil }

// WalkWindow calls yield with each candidate of a window of a document of
// a windowed format (see Windowed), in order: doc's first byte is at
// offset base of the document, and so are the candidates' offsets. For a
// whole document (base 0) it finds what Walk finds with opts. It panics
// for a format that is not windowed.
func (f Format) WalkWindow(doc []byte, base int, opts Options, yield func(*Candidate)) {
	f.info().window(doc, base, opts, yield)
}

// Splittable reports whether a document of the format can be cut into
// parts that its walker reads independently (see Splits): the language
// server then reads again only the part an edit touched.
func (f Format) Splittable() bool { return f.info().splits != nil }

// Splits returns the offsets where a document of a splittable format can
// be cut into parts of at least minPart bytes, each read by the walker
// alone with the candidates of the whole (MarkdownSplits); none for a
// format that is not splittable.
func (f Format) Splits(doc []byte, minPart int) []int {
	if s := f.info().splits; s != nil {
		return s(doc, minPart)
	}
	return nil
}

// SyntaxError reports where the markup of a document of the format breaks
// and why, for a format whose walker then reads the rest as running text
// (XML): ok is false when the markup reads to the end, and for every
// other format.
func (f Format) SyntaxError(doc []byte) (offset int, reason string, ok bool) {
	if e := f.info().syntaxError; e != nil {
		return e(doc)
	}
	return 0, "", false
}

// Comments calls yield with each comment of a document of the format, in
// order, and reports true; or, for a format whose comments only its walker
// finds (Markdown, whose comments are in its raw HTML), it reports false
// at once: the walker then reports every comment to Options.Comment
// before its first candidate.
func (f Format) Comments(doc []byte, yield func(Comment)) bool {
	c := f.info().comments
	if c == nil {
		return false
	}
	c(doc, yield)
	return true
}

// Comment is a comment of a document, where suppression directives are
// written: Start and End span it whole, delimiters included; TextStart and
// TextEnd span its text.
type Comment struct {
	Start, End         int
	TextStart, TextEnd int
}

// markupComment returns the comment doc[start:end] of HTML or XML: an
// "<!--" comment has its text inside the delimiters, and what else HTML
// reads as a comment ("<!x>", "</ x>", "<?x>") has none.
func markupComment(doc []byte, start, end int) Comment {
	c := Comment{Start: start, End: end, TextStart: end, TextEnd: end}
	if bytes.HasPrefix(doc[start:end], []byte("<!--")) {
		c.TextStart, c.TextEnd = start+len("<!--"), end
		if bytes.HasSuffix(doc[c.TextStart:end], []byte("-->")) {
			c.TextEnd -= len("-->")
		}
	}
	return c
}

// commentMarkers start a comment in the plain-text files directives are
// written in.
var commentMarkers = []string{"<!--", "//", "/*", "--", "#", ";", "*", "%"}

// TextComments calls yield with the comments of a plain-text document that
// hold a suppression directive: a comment marker ("#", "//", "--", "<!--",
// ...) then "urilint-disable" or "urilint-enable" (spaces between), to the end of the line or a closing
// "*/" or "-->". Plain text has no comments of its own; these are the
// comments of the configuration files, scripts and notes it may be. A line
// holds one, from its first directive. Each byte is looked at a bounded
// number of times, however many "urilint-" a line holds.
func TextComments(src []byte, yield func(Comment)) {
	// lineStart and lineEnd delimit the line of the last "urilint-" found
	// (lineEnd is found once per line, when needed: -1 until then); seen
	// is where that "urilint-" is.
	lineStart, lineEnd, seen := 0, -1, 0
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("urilint-"))
		if k < 0 {
			return
		}
		at := i + k
		i = at + 1
		if nl := bytes.LastIndexByte(src[seen:at], '\n'); nl >= 0 {
			lineStart, lineEnd = seen+nl+1, -1
		}
		seen = at
		// The marker before the directive, spaces between: the walk back
		// stops at the previous "urilint-" at the latest.
		b := at
		for b > lineStart && (src[b-1] == ' ' || src[b-1] == '\t') {
			b--
		}
		before := src[lineStart:b]
		if !slices.ContainsFunc(commentMarkers, func(m string) bool { return bytes.HasSuffix(before, []byte(m)) }) ||
			!bytes.HasPrefix(src[at:], []byte("urilint-disable")) && !bytes.HasPrefix(src[at:], []byte("urilint-enable")) {
			continue
		}
		if lineEnd < 0 {
			lineEnd = len(src)
			if nl := bytes.IndexByte(src[at:], '\n'); nl >= 0 {
				lineEnd = at + nl
			}
		}
		line := bytes.TrimRight(src[at:lineEnd], " \t\r")
		for _, closer := range []string{"*/", "-->"} {
			line = bytes.TrimSuffix(line, []byte(closer))
		}
		yield(Comment{Start: lineStart, End: lineEnd, TextStart: at, TextEnd: at + len(line)})
		i = lineEnd // one a line
	}
}
