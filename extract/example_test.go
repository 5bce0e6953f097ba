package extract_test

import (
	"fmt"

	"github.com/urilint/urilint/extract"
)

// ScanText finds the URIs and URNs of plain text, delimited as RFC 3986
// Appendix C says: a URI in angle brackets may wrap across lines (its span
// in the document holds the line break, its URI does not), and a bare one
// ends before the punctuation that ends its sentence.
func ExampleScanText() {
	doc := []byte("See http://example.com/a, or <http://example.com/\n  b>, and urn:isbn:0-395-36341-1.\n")
	extract.ScanText(doc, 0, func(c *extract.Candidate) {
		fmt.Printf("%d-%d %s %s %q\n", c.Start, c.End, c.Kind, c.Context, c.URI)
	})
	// Output:
	// 4-24 uri text "http://example.com/a"
	// 30-53 uri angle "http://example.com/b"
	// 60-82 urn text "urn:isbn:0-395-36341-1"
}

// The table of formats chooses the walker by file name; the Markdown
// walker knows links from running text, and leaves code alone.
func ExampleFormat_Walk() {
	doc := []byte("# Links\n\nA [link](http://example.com/a) and `http://example.com/code`.\n")
	f := extract.FormatOf("README.md")
	fmt.Println(f, f.Extensions())
	f.Walk(doc, extract.Options{}, func(c *extract.Candidate) {
		fmt.Println(c.Context, c.URI, c.Certainty())
	})
	// Output:
	// markdown [.md .markdown .mdown .mkd .mdx]
	// markdown-link http://example.com/a certain
}

// A Locator turns offsets into lines and columns (in characters), walking
// forward through the document: ask for the positions in order.
func ExampleLocator() {
	doc := []byte("première ligne\nsee http://example.com/\n")
	loc := extract.NewLocator(doc)
	extract.ScanText(doc, 0, func(c *extract.Candidate) {
		p := loc.Pos(c.Start)
		fmt.Printf("%d:%d %s\n", p.Line, p.Column, c.URI)
	})
	// Output:
	// 2:5 http://example.com/
}
