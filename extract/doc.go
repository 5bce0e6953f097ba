// Package extract finds the URIs and URNs of a document: one walker per
// format (Text for plain text, Markdown, HTML) reads the document and
// yields each candidate, with its span in the document, its context (link
// destination, attribute, running text) and how it was delimited (RFC 3986
// Appendix C). What a candidate means, and what is wrong with it, is the
// business of the grammar (package grammar, under this one) and of the
// rules; extract only finds.
package extract
