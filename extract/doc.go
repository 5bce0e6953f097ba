// Package extract finds the URIs and URNs of a document: one walker per
// format reads the document and yields each candidate, with its span in
// the document, its context (link destination, attribute, running text),
// how it was delimited (RFC 3986 Appendix C) and how certain its
// boundaries are. What a candidate means, and what is wrong with it, is
// the business of the grammar (package grammar, under this one) and of
// the rules; extract only finds.
//
// The walkers are ScanText (plain text, and the running text of the
// others), Markdown (CommonMark and GFM, on goldmark), HTML and XML (each
// on a lexer of its own). The table of formats (Format: FormatOf by file
// name, FormatOfLanguage by an editor's language identifier) says which
// walker reads a document, how its comments are found (where suppression
// directives are written), whether it can be read in pieces or in
// windows, and whether its markup can break: it is the one place that
// knows the formats, and adding one is an entry in it and a walker.
//
// Offsets are bytes of the document; a Locator turns them into lines and
// columns, walking the document forward, only when they are printed.
package extract
