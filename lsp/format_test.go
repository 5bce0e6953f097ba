package lsp

import (
	"testing"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/extract"
)

// TestFormatOf checks which walker reads a document: by its language, else
// by its file name.
func TestFormatOf(t *testing.T) {
	for _, tt := range []struct {
		lang p.LanguageKind
		path string
		want extract.Format
	}{
		{"markdown", "a.txt", extract.FormatMarkdown},
		{"xhtml", "a.xhtml", extract.FormatHTML},
		{"xml", "a.txt", extract.FormatXML},
		{"xsl", "a.xslt", extract.FormatXML},
		{"plaintext", "a.xml", extract.FormatText},
		{"", "schema.XSD", extract.FormatXML},
		{"yaml", "drawing.svg", extract.FormatXML},
		{"", "page.xhtml", extract.FormatHTML},
	} {
		if got := formatOf(tt.lang, tt.path); got != tt.want {
			t.Errorf("formatOf(%q, %q) = %v, want %v", tt.lang, tt.path, got, tt.want)
		}
	}
}
