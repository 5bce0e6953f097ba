package extract

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/cputime"
)

// xmlDocExtensions are the extensions of the documents in testdata/xml.
var xmlDocExtensions = []string{".xml", ".xsd", ".wsdl", ".rdf", ".svg", ".xsl", ".xslt"}

// xmlCandidates returns the candidates the XML walker finds in doc, and the
// comments it reports.
func xmlCandidates(doc []byte) (cands []Candidate, comments [][2]int) {
	XML(doc, Options{Comment: func(c Comment) { comments = append(comments, [2]int{c.Start, c.End}) }}, func(c *Candidate) {
		cands = append(cands, *c)
	})
	return cands, comments
}

// TestXMLGolden runs the XML walker over the hand-made documents in
// testdata/xml (an XML Schema, a WSDL description, SAML metadata, RDF, an
// xml2rfc draft, XEP-like examples, an SVG drawing, a malformed document)
// and, when ../shared is there, over a few XEPs of the shared corpus, and
// compares every candidate, with exact positions, with the .golden file
// next to each (under testdata/golden for the XEPs). go test -run Golden
// -update rewrites them; review the diff before committing.
func TestXMLGolden(t *testing.T) {
	var docs []string
	for _, ext := range xmlDocExtensions {
		m, _ := filepath.Glob(filepath.Join("..", "testdata", "xml", "*"+ext))
		docs = append(docs, m...)
	}
	if len(docs) < 8 {
		t.Fatalf("%d documents in testdata/xml", len(docs))
	}
	goldenOf := func(doc string) string { return strings.TrimSuffix(doc, filepath.Ext(doc)) + ".golden" }
	corpus := filepath.Join("..", "..", "shared", "corpus", "xml")
	xeps := []string{"xep-0045.xml", "xep-0485.xml", "xep-0463.xml", "xep-0056.xml", filepath.Join("inbox", "isr-sasl2.xml")}
	if _, err := os.Stat(corpus); err == nil {
		for _, x := range xeps {
			docs = append(docs, filepath.Join(corpus, x))
		}
	} else {
		t.Logf("no %s: the XEPs are not compared", corpus)
	}
	for _, doc := range docs {
		t.Run(filepath.Base(doc), func(t *testing.T) {
			src, err := os.ReadFile(doc)
			if err != nil {
				t.Fatal(err)
			}
			cands, comments := xmlCandidates(src)
			checkInvariants(t, src, cands)
			checkComments(t, src, comments)
			golden := goldenOf(doc)
			if strings.HasPrefix(doc, corpus) {
				golden = filepath.Join("..", "testdata", "golden", "xml", filepath.Base(golden))
			}
			checkGolden(t, golden, src, cands)
		})
	}
}

// checkComments checks the comments a walker reports: in order, in range,
// each "<!--" to "-->" (or to the end of the document).
func checkComments(t *testing.T, doc []byte, comments [][2]int) {
	t.Helper()
	prev := 0
	for _, c := range comments {
		s, e := c[0], c[1]
		if s < prev || e < s || e > len(doc) || !strings.HasPrefix(string(doc[s:e]), "<!--") ||
			e < len(doc) && !strings.HasSuffix(string(doc[s:e]), "-->") {
			t.Fatalf("comment %d-%d (%q) out of order or not a comment", s, e, doc[s:min(e, len(doc))])
		}
		prev = e
	}
}

// checkXML compares the candidates the XML walker finds in doc with want,
// rendered.
func checkXML(t *testing.T, doc string, want ...string) {
	t.Helper()
	cands, comments := xmlCandidates([]byte(doc))
	checkInvariants(t, []byte(doc), cands)
	checkComments(t, []byte(doc), comments)
	if got := renderAll([]byte(doc), cands); !slices.Equal(got, want) {
		t.Errorf("XML(%q):\n got %s\nwant %s", doc, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
	}
}

func TestXMLNamespaces(t *testing.T) {
	// Declarations, default and prefixed, decoded and trimmed; an empty one
	// (an undeclaration) is no URI.
	checkXML(t, `<a xmlns=" urn:example:a " xmlns:b='http://b.example/?x=1&amp;y=2' xmlns:c="">`,
		`1:12-1:25 11-24 urn xml-namespace "urn:example:a" attr=xmlns`,
		`1:37-1:66 36-65 uri xml-namespace "http://b.example/?x=1&y=2" raw="http://b.example/?x=1&amp;y=2" attr=xmlns:b`,
	)
	// A relative namespace name (deprecated) is reported as written.
	checkXML(t, `<a xmlns="ns/a"/>`, `1:11-1:15 10-14 relative-ref xml-namespace "ns/a" attr=xmlns`)
	// xsi:schemaLocation: pairs of a namespace name and a location, across
	// lines; by the prefix's namespace, whatever the prefix.
	checkXML(t, "<a xmlns:i='http://www.w3.org/2001/XMLSchema-instance' i:schemaLocation='urn:a:b\n a.xsd urn:c:d'/>",
		`1:13-1:54 12-53 uri xml-namespace "http://www.w3.org/2001/XMLSchema-instance" attr=xmlns:i`,
		`1:74-1:81 73-80 urn xml-namespace "urn:a:b" attr=i:schemaLocation`,
		`2:2-2:7 82-87 relative-ref xml-attribute "a.xsd" attr=i:schemaLocation`,
		`2:8-2:15 88-95 urn xml-namespace "urn:c:d" attr=i:schemaLocation`,
	)
	// A template's tag holds spaces that separate nothing (Infinispan's
	// operator writes its JGroups configuration through a Go template).
	checkXML(t, "<a xmlns:i='http://www.w3.org/2001/XMLSchema-instance' i:schemaLocation='urn:a:b j-{{ .V.Major }}.{{ .V.Minor }}.xsd'/>",
		`1:13-1:54 12-53 uri xml-namespace "http://www.w3.org/2001/XMLSchema-instance" attr=xmlns:i`,
		`1:74-1:81 73-80 urn xml-namespace "urn:a:b" attr=i:schemaLocation`,
		`1:82-1:117 81-116 relative-ref xml-attribute "j-{{ .V.Major }}.{{ .V.Minor }}.xsd" attr=i:schemaLocation`,
	)
	// schemaLocation is a location on xs:import and xs:include only.
	checkXML(t, `<s:include xmlns:s="http://www.w3.org/2001/XMLSchema" schemaLocation="a.xsd"/><x schemaLocation="b.xsd"/>`,
		`1:21-1:53 20-52 uri xml-namespace "http://www.w3.org/2001/XMLSchema" attr=xmlns:s`,
		`1:71-1:76 70-75 relative-ref xml-attribute "a.xsd" attr=schemaLocation`,
	)
}

func TestXMLQNames(t *testing.T) {
	// A QName whose prefix is declared is a name, wherever the declaration
	// is written in the tag; out of its scope, the same text is a URI.
	checkXML(t, `<a v="dav:x" xmlns:dav="urn:t"><b w="dav:y"/></a><c v="dav:z"/>`,
		`1:25-1:30 24-29 urn xml-namespace "urn:t" attr=xmlns:dav`,
		`1:56-1:61 55-60 uri text "dav:z" attr=v`,
	)
	// A value with two colons is no QName; an XSD QName attribute is never
	// read, declared prefix or not.
	checkXML(t, `<x:element xmlns:x="http://www.w3.org/2001/XMLSchema" xmlns:urn="urn:u" fixed="urn:u:v" type="urn:a:b" ref="tel:1"/>`,
		`1:21-1:53 20-52 uri xml-namespace "http://www.w3.org/2001/XMLSchema" attr=xmlns:x`,
		`1:66-1:71 65-70 urn xml-namespace "urn:u" attr=xmlns:urn`,
		`1:80-1:87 79-86 urn text "urn:u:v" attr=fixed`,
	)
	// xml2rfc: xref's target is an anchor, eref's a URI; a declared default
	// namespace makes them other elements.
	checkXML(t, `<xref target="tel:1"/><eref target="tel:2"/><r xmlns="urn:r"><eref target="tel:3"/></r>`,
		`1:37-1:42 36-41 uri xml-attribute "tel:2" attr=target`,
		`1:55-1:60 54-59 urn xml-namespace "urn:r" attr=xmlns`,
		`1:76-1:81 75-80 uri text "tel:3" attr=target`,
	)
}

func TestXMLInstructionsAndDeclarations(t *testing.T) {
	checkXML(t, `<?xml version="1.0" encoding="http://not.example/"?><?xml-stylesheet title="see http://t.example/" href=" a.xsl?x&amp;y "?><?php echo "http://p.example/" ?><?xml-model href=broken http://m.example/?>`,
		`1:81-1:98 80-97 uri text "http://t.example/" attr=title`,
		`1:107-1:120 106-119 relative-ref xml-instruction "a.xsl?x&y" raw="a.xsl?x&amp;y" attr=href`,
		`1:136-1:153 135-152 uri quoted "http://p.example/"`,
		`1:181-1:198 180-197 uri text "http://m.example/"`,
	)
	// System identifiers: nothing is decoded in them; public identifiers
	// are not read; other literals are text.
	checkXML(t, `<!DOCTYPE a PUBLIC "urn:publicid:x" "a&amp;b.dtd" [<!ENTITY e 'see http://e.example/'><!NOTATION n SYSTEM "http://n.example/"><!-- http://c.example/ -->]><a/>`,
		`1:38-1:49 37-48 relative-ref xml-system-id "a&amp;b.dtd" attr=DOCTYPE`,
		`1:68-1:85 67-84 uri text "http://e.example/"`,
		`1:108-1:125 107-124 uri xml-system-id "http://n.example/" attr=NOTATION`,
	)
}

func TestXMLCDATA(t *testing.T) {
	// An example is a document of its own: its namespaces are not the
	// document's, and the document's are not its own.
	checkXML(t, `<d xmlns:dav="urn:t"><![CDATA[  <m xmlns:p="urn:p" v="dav:a" w="p:x"/>]]><e v="dav:b" w="p:y"/></d>`,
		`1:15-1:20 14-19 urn xml-namespace "urn:t" attr=xmlns:dav`,
		`1:45-1:50 44-49 urn xml-namespace "urn:p" attr=xmlns:p`,
		`1:55-1:60 54-59 uri text "dav:a" attr=v`,
	)
	// Text that does not start with markup is running text, as written.
	checkXML(t, `<c><![CDATA[see http://a.example/?a&amp;b <not-a-tag]]></c>`,
		`1:17-1:42 16-41 uri text "http://a.example/?a&amp;b"`,
	)
	// An example that is not well-formed is read as running text from
	// where its markup breaks, to its end only; its comments are no
	// directives.
	checkXML(t, `<c><![CDATA[<a href="http://a.example/"/><b x=y>http://b.example/&amp;<!-- urilint-disable --> ]]>http://c.example/</c>`,
		`1:22-1:39 21-38 uri xml-attribute "http://a.example/" attr=href`,
		`1:49-1:71 48-70 uri text "http://b.example/&" raw="http://b.example/&amp;"`,
		`1:99-1:116 98-115 uri text "http://c.example/"`,
	)
}

// TestXMLMalformed checks that a document whose markup breaks is read on as
// running text, comments left out, and that its comments are reported.
func TestXMLMalformed(t *testing.T) {
	doc := "<a href='http://a.example/'>\n1 < 2 http://b.example/?x&amp;y <a href='http://c.example/'> <!-- http://d.example/ -->"
	checkXML(t, doc,
		`1:10-1:27 9-26 uri xml-attribute "http://a.example/" attr=href`,
		`2:7-2:32 35-60 uri text "http://b.example/?x&y" raw="http://b.example/?x&amp;y"`,
		`2:42-2:59 70-87 uri text "http://c.example/"`,
	)
	_, comments := xmlCandidates([]byte(doc))
	if len(comments) != 1 || comments[0] != [2]int{90, 116} {
		t.Errorf("comments %v", comments)
	}
	if off, reason, ok := XMLSyntaxError([]byte(doc)); !ok || off != 31 || reason != `"<" not followed by a name` {
		t.Errorf("XMLSyntaxError = %d, %q, %v", off, reason, ok)
	}
}

// TestXMLEscape checks how a fix is written where each candidate was found:
// entities in XML text and attribute values, as it is in CDATA sections
// and system literals.
func TestXMLEscape(t *testing.T) {
	doc := []byte(`<!DOCTYPE a SYSTEM "http://s.example/"><a href="http://a.example/">http://t.example/<![CDATA[http://c.example/]]></a>`)
	cands, _ := xmlCandidates(doc)
	want := []string{`a&"'<>`, `a&amp;&quot;&apos;&lt;&gt;`, `a&amp;"'&lt;&gt;`, `a&"'<>`}
	if len(cands) != len(want) {
		t.Fatalf("%d candidates: %s", len(cands), renderAll(doc, cands))
	}
	for i, c := range cands {
		if got := c.Escape(`a&"'<>`); got != want[i] {
			t.Errorf("%s: Escape = %q, want %q", render(doc, c), got, want[i])
		}
	}
	if c := (&Candidate{}); c.Escape("a&b") != "a&b" {
		t.Error("a candidate not found in XML escapes")
	}
}

// TestXMLLinearTime checks that deeply nested, repetitive and
// entity-laden input takes linear time (as TestWalkersLinearTime does for
// the other walkers): ten times the input takes at most twenty-five times as
// long, in CPU time, the best of five runs, three attempts.
func TestXMLLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	repeat := func(prefix, s, suffix string) func(n int) string {
		return func(n int) string { return prefix + strings.Repeat(s, n) + suffix }
	}
	nested := func(open, text, close string) func(n int) string {
		return func(n int) string { return strings.Repeat(open, n) + text + strings.Repeat(close, n) }
	}
	shapes := []struct {
		name string
		gen  func(n int) string
		n    int
	}{
		{"nested elements", nested("<a>", "http://x.example/", "</a>"), 20000},
		{"nested prefixes, the outermost used", func(n int) string {
			var b strings.Builder
			b.WriteString(`<e xmlns:p="urn:p" xmlns:x="http://www.w3.org/2001/XMLSchema">`)
			for i := range n {
				fmt.Fprintf(&b, `<x:import xmlns:q%d="urn:q:%d" v="p:a" schemaLocation="s.xsd">`, i, i)
			}
			return b.String() + strings.Repeat("</x:import>", n) + "</e>"
		}, 2000},
		{"nested default namespaces", nested(`<e xmlns="urn:x:y" v="tel:a">`, "", "</e>"), 5000},
		{"unclosed elements", repeat("", `<a xmlns:p="urn:p"><b v="p:x">`, ""), 5000},
		{"end tags without start tags", repeat("", "</a>", "http://x.example/"), 20000},
		{"attributes of one tag", func(n int) string {
			var b strings.Builder
			b.WriteString("<a ")
			for i := range n {
				fmt.Fprintf(&b, `xmlns:p%d="urn:p:%d" a%d="p%d:x" `, i, i, i, n-1-i)
			}
			return b.String() + "/>"
		}, 2000},
		{"entities in a URI attribute", repeat(`<a href="http://x.example/`, "&amp;&#x41;&lt;", `"/>`), 5000},
		{"entities in text", repeat("<a>http://x.example/", "&amp;&#65;&e;&", "</a>"), 5000},
		{"references that are not", repeat("<a>", "&&#&#x&a", "</a>"), 20000},
		{"examples in CDATA", repeat("<c>", `<![CDATA[<a xmlns="urn:x:y" href="http://x/"/>]]>`, "</c>"), 5000},
		{"malformed, then text and comments", repeat("<a b=c>", "http://x.example/ <!-- c --> ", ""), 10000},
		{"a long internal subset", repeat("<!DOCTYPE a [", `<!ENTITY e SYSTEM "http://x/"><!-- c -->`, "]><a/>"), 10000},
		{"nested brackets in a declaration", nested("<!a ", "", ">"), 20000},
		{"processing instructions", repeat("", `<?xml-stylesheet href="a.xsl" title="http://t/"?>`, ""), 5000},
		{"xsi:schemaLocation pairs", repeat(`<a xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="`, "urn:a:b a.xsd ", `"/>`), 10000},
	}
	walk := func(doc []byte) { XML(doc, Options{}, func(*Candidate) {}) }
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			small, large := []byte(s.gen(s.n)), []byte(s.gen(10*s.n))
			cputime.Linear(t, len(small), len(large), func(l bool) { walk(pick(l, small, large)) }, 0, 50*time.Millisecond)
		})
	}
}

// TestXMLAttrRules checks the list of attributes: each entry says which
// specification makes it what it is, and none is listed twice.
func TestXMLAttrRules(t *testing.T) {
	seen := map[xmlAttrRule]bool{}
	for _, r := range xmlAttrRules {
		if r.source == "" || r.local == "" || r.kind == xvText {
			t.Errorf("%+v: no source, name or kind", r)
		}
		key := r
		key.kind, key.source = 0, ""
		if seen[key] {
			t.Errorf("%s listed twice for the same elements", r.local)
		}
		seen[key] = true
	}
}
