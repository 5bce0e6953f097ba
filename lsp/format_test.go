package lsp

import (
	"testing"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/lint"
)

// TestFormatOf checks which walker reads a document: by its language, else
// by its file name.
func TestFormatOf(t *testing.T) {
	for _, tt := range []struct {
		lang p.LanguageKind
		path string
		want lint.Format
	}{
		{"markdown", "a.txt", lint.Markdown},
		{"xhtml", "a.xhtml", lint.HTML},
		{"xml", "a.txt", lint.XML},
		{"xsl", "a.xslt", lint.XML},
		{"plaintext", "a.xml", lint.Text},
		{"", "schema.XSD", lint.XML},
		{"yaml", "drawing.svg", lint.XML},
		{"", "page.xhtml", lint.HTML},
	} {
		if got := formatOf(tt.lang, tt.path); got != tt.want {
			t.Errorf("formatOf(%q, %q) = %v, want %v", tt.lang, tt.path, got, tt.want)
		}
	}
}
