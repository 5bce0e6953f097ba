package extract

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urilint/urilint/extract/grammar"
)

// xmlExpected is a namespace name or schema location that encoding/xml
// reads in a start tag: the tag's span, the attribute's local name and
// what it holds, the URI.
type xmlExpected struct {
	tagStart, tagEnd int
	local            string
	ctx              Context
	uri              string
}

// readNamespaces reads doc[start:end] with encoding/xml's Decoder.Token (in
// strict mode, told of the document's entities, prefixes translated to
// namespace names) up to its end or its first error, and returns every
// non-empty namespace declaration and schema location it holds, in order,
// and where the reading stopped.
func readNamespaces(doc []byte, start, end int) (exp []xmlExpected, stop int) {
	const xsdNS, xsiNS = "http://www.w3.org/2001/XMLSchema", "http://www.w3.org/2001/XMLSchema-instance"
	src := doc[start:end]
	d := xml.NewDecoder(bytes.NewReader(src))
	d.Strict = true
	d.Entity = map[string]string{}
	for _, m := range xmlEntityName.FindAllSubmatch(src, -1) {
		d.Entity[string(m[1])] = "&" + string(m[1]) + ";"
	}
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	for {
		off := int(d.InputOffset())
		tok, err := d.Token()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return exp, end
			}
			return exp, start + off
		}
		el, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		ts, te := start+off, start+int(d.InputOffset())
		add := func(local string, ctx Context, v string) {
			if v = strings.Trim(v, " \t\r\n"); v != "" && !grammar.IsPlaceholder(v) {
				exp = append(exp, xmlExpected{ts, te, local, ctx, v})
			}
		}
		elemNS := el.Name.Space
		if elemNS == "xs" || elemNS == "xsd" { // undeclared: the conventional prefixes
			elemNS = xsdNS
		}
		for _, a := range el.Attr {
			switch {
			case a.Name.Space == "" && a.Name.Local == "xmlns" || a.Name.Space == "xmlns":
				add("xmlns", ContextXMLNamespace, a.Value)
			case a.Name.Local == "schemaLocation" && (a.Name.Space == xsiNS || a.Name.Space == "xsi"):
				for i, f := range strings.Fields(a.Value) {
					ctx := ContextXMLNamespace
					if i%2 == 1 {
						ctx = ContextXMLAttribute
					}
					add("schemaLocation", ctx, f)
				}
			case a.Name.Local == "schemaLocation" && a.Name.Space == "" && elemNS == xsdNS &&
				slices.Contains([]string{"import", "include", "redefine", "override"}, el.Name.Local):
				add("schemaLocation", ContextXMLAttribute, a.Value)
			}
		}
	}
}

// TestXMLCorpusNamespaces checks that every namespace declaration and
// schema location of the XEPs in the shared corpus, in their markup and in
// the examples of their CDATA sections, is found with exact boundaries, as
// encoding/xml reads them (up to where it stops, in a document or an
// example that is not well-formed).
func TestXMLCorpusNamespaces(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "corpus", "xml")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no %s", dir)
	}
	var paths []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".xml") {
			paths = append(paths, p)
		}
		return nil
	})
	counts := map[string]int{}
	examples := 0
	for _, p := range paths {
		doc, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		cands, _ := xmlCandidates(doc)
		// The document, then each CDATA section that starts with "<".
		regions := [][2]int{{0, len(doc)}}
		for l := (xmlLexer{src: doc}); ; {
			tt := l.next()
			if tt == xmlEOF || tt == xmlMalformed {
				break
			}
			if s, e := l.start+len("<![CDATA["), l.pos-len("]]>"); tt == xmlCDATA && bytes.HasPrefix(bytes.TrimLeft(doc[s:e], " \t\r\n"), []byte("<")) {
				regions = append(regions, [2]int{s, e})
				examples++
			}
		}
		var want []xmlExpected
		var ranges [][2]int // where encoding/xml read the markup
		for _, r := range regions {
			exp, stop := readNamespaces(doc, r[0], r[1])
			want = append(want, exp...)
			ranges = append(ranges, [2]int{r[0], stop})
		}
		slices.SortFunc(want, func(a, b xmlExpected) int { return a.tagStart - b.tagStart })
		var got []Candidate
		for _, c := range cands {
			// In the innermost region (an example, else the document), before
			// encoding/xml stopped there.
			k := len(regions) - 1
			for k > 0 && (c.Start < regions[k][0] || regions[k][1] < c.End) {
				k--
			}
			inRange := c.End <= ranges[k][1]
			_, local := splitQName([]byte(c.Attribute))
			if inRange && (c.Context == ContextXMLNamespace || c.Context == ContextXMLAttribute) &&
				(c.Attribute == "xmlns" || strings.HasPrefix(c.Attribute, "xmlns:") || string(local) == "schemaLocation") {
				got = append(got, c)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: %d namespace names and schema locations, encoding/xml reads %d", p, len(got), len(want))
			continue
		}
		for i, w := range want {
			c := got[i]
			local := "schemaLocation"
			if c.Attribute == "xmlns" || strings.HasPrefix(c.Attribute, "xmlns:") {
				local = "xmlns"
			}
			s, e := c.Start, c.End
			exact := s > 0 && e < len(doc) && strings.IndexByte("\"' \t\r\n", doc[s-1]) >= 0 && strings.IndexByte("\"' \t\r\n", doc[e]) >= 0
			if c.URI != w.uri || c.Context != w.ctx || local != w.local || s < w.tagStart || e > w.tagEnd || !exact {
				t.Errorf("%s: %s, encoding/xml reads %s %s %q in the tag at %d-%d", p, render(doc, c), w.local, w.ctx, w.uri, w.tagStart, w.tagEnd)
				break
			}
			counts[w.local]++
		}
	}
	t.Logf("%d documents, %d examples: %d namespace declarations, %d schema locations", len(paths), examples, counts["xmlns"], counts["schemaLocation"])
	if counts["xmlns"] < 1000 {
		t.Errorf("only %d namespace declarations compared", counts["xmlns"])
	}
}

var xmlWalkerSeeds = []string{
	"<?xml version='1.0'?>\n<!DOCTYPE a SYSTEM 'a.dtd' [<!ENTITY e 'http://e/'>]><?xml-stylesheet href='s.xsl'?>" +
		"<a xmlns='urn:a:b' xmlns:x='http://www.w3.org/2001/XMLSchema' x:v='x:y' href=' h&amp;i '>t http://t/&amp;u" +
		"<![CDATA[<b xmlns:p='urn:p' p:q='p:r'/>]]><!-- urilint-disable --></a>",
	"<x:schema xmlns:x='http://www.w3.org/2001/XMLSchema'><x:import namespace='urn:n:1' schemaLocation='s.xsd'/></x:schema>",
	"<a xsi:schemaLocation='urn:a:1 a.xsd urn:b:2' xmlns:xsi='http://www.w3.org/2001/XMLSchema-instance'/>",
	"<a b=c>http://rest/ <!-- http://comment/ --> &lt;urn:a:b&gt;",
	"<![CDATA[<a href='http://x/'><b c=d>http://y/]]>http://z/",
}

// FuzzXML checks the XML walker's invariants on any input: no panic,
// candidates in document order with spans in range, Raw equal to the
// source slice, positions right, a URI for every candidate; comments in
// order, each a comment.
func FuzzXML(f *testing.F) {
	for _, s := range xmlWalkerSeeds {
		f.Add([]byte(s))
	}
	for _, s := range xmlLexerSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		cands, comments := xmlCandidates(doc)
		checkInvariants(t, doc, cands)
		checkComments(t, doc, comments)
	})
}

// TestXMLCorpusInvariants runs the walker over every XML document of the
// tests and of the shared corpus and checks the invariants of FuzzXML
// (positions against a table of every offset's, made as slowPos counts:
// slowPos itself, per candidate, would take minutes).
func TestXMLCorpusInvariants(t *testing.T) {
	docs, _ := xmlCorpus(t)
	for _, d := range docs {
		cands, comments := xmlCandidates(d.src)
		checkComments(t, d.src, comments)
		pos := allPositions(d.src)
		loc := NewLocator(d.src)
		prevEnd := 0
		for i := range cands {
			c := &cands[i]
			s, e := c.Start, c.End
			if s < prevEnd || e <= s || e > len(d.src) || c.Raw != string(d.src[s:e]) || c.URI == "" ||
				loc.Pos(s) != pos[s] || loc.Pos(e) != pos[e] {
				t.Fatalf("%s: candidate %d %s: out of order or range, or Raw or positions wrong (%v %v)", d.path, i, render(d.src, *c), pos[s], pos[e])
			}
			if a, b := c.SourceSpan(0, len(c.URI)); a != s || b != e {
				t.Fatalf("%s: candidate %d: SourceSpan of the whole URI = %d-%d, want %d-%d", d.path, i, a, b, s, e)
			}
			checkPieces(t, d.src, c)
			prevEnd = e
		}
	}
}

// allPositions returns the position of every offset of doc, 0 to len(doc),
// counted as slowPos counts.
func allPositions(doc []byte) []Pos {
	out := make([]Pos, len(doc)+1)
	line, col := 1, 1
	for i := 0; i < len(doc); {
		r, size := rune(doc[i]), 1
		if r >= 0x80 {
			r, size = utf8.DecodeRune(doc[i:])
		}
		for k := range size {
			out[i+k] = Pos{Offset: i + k, Line: line, Column: col}
		}
		switch {
		case r == '\n':
			line, col = line+1, 1
		case r == '\r' && i+1 < len(doc) && doc[i+1] == '\n':
		case i == 0 && r == 0xfeff:
		default:
			col++
		}
		i += size
	}
	out[len(doc)] = Pos{Offset: len(doc), Line: line, Column: col}
	return out
}
