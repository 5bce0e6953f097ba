package lint

import (
	"path/filepath"
	"strings"

	"github.com/urilint/urilint/extract"
)

// Format is the kind of document a file holds, chosen by its extension.
type Format uint8

// Formats of documents.
const (
	Text     Format = iota // any other extension, or none
	Markdown               // .md .markdown .mdown .mkd .mdx
	HTML                   // .html .htm .xhtml
	XML                    // .xml .xsd .wsdl .rdf .xsl .xslt .svg
)

func (f Format) String() string {
	switch f {
	case Markdown:
		return "markdown"
	case HTML:
		return "html"
	case XML:
		return "xml"
	}
	return "text"
}

// FormatOf returns the format of a file by its extension, ignoring case.
func FormatOf(path string) Format {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".md", ".markdown", ".mdown", ".mkd", ".mdx":
		return Markdown
	case ".html", ".htm", ".xhtml": // XHTML too: the HTML walker knows its URI attributes and code
		return HTML
	case ".xml", ".xsd", ".wsdl", ".rdf", ".xsl", ".xslt", ".svg":
		return XML
	}
	return Text
}

// Extract calls yield with each URI and URN candidate of a document, in
// document order, found by the walker for the document's format.
func Extract(f Format, src []byte, opts extract.Options, yield func(*extract.Candidate)) {
	switch f {
	case Markdown:
		extract.Markdown(src, opts, yield)
	case HTML:
		extract.HTML(src, opts, yield)
	case XML:
		extract.XML(src, opts, yield)
	default:
		extract.ScanText(src, 0, yield)
	}
}

// FileError is a file that could not be processed, and why.
type FileError struct {
	Path string
	Err  error
}

func (e *FileError) Error() string { return e.Path + ": " + e.Err.Error() }

func (e *FileError) Unwrap() error { return e.Err }
