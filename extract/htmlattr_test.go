package extract

import (
	"fmt"
	"slices"
	"testing"
)

// TestHTMLURIAttributesByElement: an attribute holds a URI on the elements
// the HTML standard (and HTML 4, for the obsolete ones) gives it to, and
// nowhere else: <object data> is a URL, <p data> is the author's data.
// href, itemid, itemtype and xmlns are read on every element (SVG and
// MathML elements have href too; microdata attributes are global); xmlns
// and xmlns:* as namespace names, as in XML.
func TestHTMLURIAttributesByElement(t *testing.T) {
	for _, tt := range []struct {
		doc  string
		want []string
	}{
		{`<object data="a.swf" codebase="c/" classid="clsid:x" archive="p.jar q.jar" usemap="#m">`,
			[]string{`data "a.swf" @14`, `codebase "c/" @31`, `classid "clsid:x" @44`, `archive "p.jar" @62`, `archive "q.jar" @68`, `usemap "#m" @83`}},
		{`<p data="inside * attribute * content">`, nil},
		{`<div src="x.png" data="y" action="z" cite="w" poster="v" background="u" longdesc="t">`, nil},
		{`<span manifest="m" icon="i" profile="p" formaction="f" srcset="s 1x" usemap="#u">`, nil},
		{`<img src="i.png" srcset="a.png 1x, b.png 2x" longdesc="d.html" usemap="#m">`,
			[]string{`src "i.png" @10`, `srcset "a.png" @25`, `srcset "b.png" @35`, `longdesc "d.html" @55`, `usemap "#m" @71`}},
		{`<VIDEO poster="p.jpg" src="v.mp4"><form action="/go"><button formaction="/b"><IFRAME SRC="f.html">`,
			[]string{`poster "p.jpg" @15`, `src "v.mp4" @27`, `action "/go" @48`, `formaction "/b" @73`, `src "f.html" @90`}},
		{`<q cite="c1"><blockquote cite="c2"><del cite="c3"><ins cite="c4"><html manifest="m.appcache"><head profile="p1 p2">`,
			[]string{`cite "c1" @9`, `cite "c2" @31`, `cite "c3" @46`, `cite "c4" @61`, `manifest "m.appcache" @81`, `profile "p1" @108`, `profile "p2" @111`}},
		{`<body background="b.png"><td background="t.png"><source srcset="s.webp"><script src="s.js"></script>`,
			[]string{`background "b.png" @18`, `background "t.png" @41`, `srcset "s.webp" @64`, `src "s.js" @85`}},
		{`<div href="h" itemscope itemid="urn:isbn:0-330-34032-8" itemtype="https://schema.org/Book"><svg xmlns="http://www.w3.org/2000/svg"><use href="#i"/></svg>`,
			[]string{`href "h" @11`, `itemid "urn:isbn:0-330-34032-8" @32`, `itemtype "https://schema.org/Book" @66`, `xmlns "http://www.w3.org/2000/svg" @103 (name)`, `href "#i" @142`}},
		// A template's tag in a list of URIs is not cut at its spaces
		// (privacyguides.org's MkDocs theme), and the list still is.
		{`<div itemtype="https://schema.org/{{ author.type | default('Person') }} https://schema.org/Thing">`,
			[]string{`itemtype "https://schema.org/{{ author.type | default('Person') }}" @15`, `itemtype "https://schema.org/Thing" @72`}},
		// Nor in a srcset, at its spaces and commas (sdss/marvin's Flask
		// templates): the tag alone is no URI to check, and the candidates
		// after it are still found. A URL runs to whitespace, commas and
		// all, as HTML's "parse a srcset attribute" reads it.
		{`<source srcset="{{url_for('static', filename='a.webp')}} 2x, b.webp 1x,c.webp">`,
			[]string{`srcset "b.webp" @61`, `srcset "c.webp" @71`}},
		{`<source srcset="/s/{{ a }}.png, {{ b }},b.png 2x">`, []string{`srcset "/s/{{ a }}.png" @16`, `srcset "{{ b }},b.png" @32`}},
		{`<html xmlns="http://www.w3.org/1999/xhtml" xmlns:h="jakarta.faces.html" XMLNS:UI="jakarta.faces.facelets">`,
			[]string{`xmlns "http://www.w3.org/1999/xhtml" @13 (name)`, `xmlns:h "jakarta.faces.html" @52 (name)`, `xmlns:ui "jakarta.faces.facelets" @82 (name)`}},
	} {
		var got []string
		HTML([]byte(tt.doc), Options{}, func(c *Candidate) {
			switch c.Context {
			case ContextHTMLAttribute:
				got = append(got, fmt.Sprintf("%s %q @%d", c.Attribute, c.URI, c.Start))
			case ContextXMLNamespace:
				got = append(got, fmt.Sprintf("%s %q @%d (name)", c.Attribute, c.URI, c.Start))
			}
		})
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.doc, got, tt.want)
		}
	}
}
