package lint_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestXMLFixesKeepWellFormed applies every fix, unsafe ones included, to an
// XML document whose URIs hold entities: the fixes are written with
// entities where they go, so the document stays well-formed, and reads as
// the fixes meant.
func TestXMLFixesKeepWellFormed(t *testing.T) {
	doc := []byte("<doc xmlns:p=\"urn:example:a b\">\n" +
		"<t>See https://www.example.org/a?x=1&amp;y=\nb-c for the list.</t>\n" +
		"<link href=\"http://a.example/&quot;x&quot; y\"/>\n" +
		"</doc>\n")
	ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	var diags []*lint.Diagnostic
	ch.Check("doc.xml", extract.FormatXML, doc, func(d *lint.Diagnostic) { diags = append(diags, d) })
	fixed, n := lint.ApplyFixes(doc, diags, false)
	if n < 3 {
		t.Fatalf("%d fixes applied:\n%s", n, fixed)
	}
	d := xml.NewDecoder(bytes.NewReader(fixed))
	var text, href string
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("the fixed document is not well-formed: %v\n%s", err, fixed)
		}
		switch tok := tok.(type) {
		case xml.CharData:
			text += string(tok)
		case xml.StartElement:
			for _, a := range tok.Attr {
				if a.Name.Local == "href" {
					href = a.Value
				}
			}
		}
	}
	if want := "See https://www.example.org/a?x=1&y=b-c for the list."; !bytes.Contains([]byte(text), []byte(want)) {
		t.Errorf("text %q, want it to hold %q", text, want)
	}
	if want := "http://a.example/%22x%22%20y"; href != want {
		t.Errorf("href %q, want %q", href, want)
	}
}

// TestXMLLineBreakInURIAttribute: a URI attribute written over two lines
// holds a line break, which XML reads as a space and browsers drop: what
// was meant is the author's to say, and --fix leaves it alone.
func TestXMLLineBreakInURIAttribute(t *testing.T) {
	doc := []byte("<link href='xmpp:a.example?;\n      node=b'/>\n")
	ch, err := lint.NewChecker(rules.All, &lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var diags []*lint.Diagnostic
	ch.Check("doc.xml", extract.FormatXML, doc, func(d *lint.Diagnostic) { diags = append(diags, d) })
	if len(diags) != 1 || diags[0].Rule.Name != "percent-unencoded" || diags[0].Start != 28 {
		t.Fatalf("diagnostics %+v", diags)
	}
	for _, f := range diags[0].Fixes {
		if f.Safe {
			t.Errorf("the fix %q is safe", f.Message)
		}
	}
	if _, n := lint.ApplyFixes(doc, diags, true); n != 0 {
		t.Errorf("--fix applies %d fixes", n)
	}
}
