package extract

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// xmlLexerSeeds are documents on the edges of RawToken's states: the end
// of the document inside each kind of token, comments' and directives' odd
// endings, quotes and nesting in directives, attributes and references.
var xmlLexerSeeds = []string{
	"", "a", "<", "a<", "<a", "</", "</a", "</a ", "</a b>", "</a>", "<a>", "<a/>", "<a />", "<a/ >", "<a/", "<a b>",
	"<a b=>", "<a b='c'>", "<a b=\"c\"/>", "<a b='c'd='e'>", "<a b = 'c' >", "<a b='c", "<a b='<'>", "<a b='>'>",
	"<a b=c>", "<a\tb\r\n=\n'c'>", "<1a>", "<.a>", "<-a>", "<_a>", "<:a>", "<a:>", "<a:b:c>", "<a b:c:d='e'>", "<é>",
	"<a$>", "<a=b>", "<a\"b\">", "<!", "<!-", "<!-x", "<!--", "<!---->", "<!--->", "<!-->", "<!-- a -->", "<!-- a -- b -->",
	"<!-- a --->", "<![", "<![CDATA", "<![CDATA[", "<![CDATA[a]]>", "<![CDATA[a]]]>", "<![CDATA[]]>", "<![cdata[a]]>",
	"<![INCLUDE[a]]>", "<?", "<?a", "<?a?>", "<?a b?>", "<?a ?>", "<? a?>", "<?1?>", "<?xml version='1.0'?>",
	"<?xml version='1.1'?>", "<?xml encoding='latin1'?>", "<?a b", "<!DOCTYPE a>", "<!DOCTYPE", "<!DOCTYPE a [<!ENTITY b 'c'>]>",
	"<!DOCTYPE a [<!-- > -->]>", "<!DOCTYPE a '>'>", "<!DOCTYPE a \"'>\">", "<!a<>>", "<!a<>", "<!>>", "<!'>'>",
	"<!a <!-x>>", "<!a <!->>", "<!a <!-- a", "<!a <?b?>>", "<!a <<>>>", "<!ENTITY a SYSTEM 'b'>",
	"a&amp;b", "a&lt;&gt;&apos;&quot;", "&#65;&#x41;&#X41;", "&#;&#x;", "&#0;", "&#xd800;", "<a b='&#56320;'/>", "&#1114112;", "&#99999999999999999999999;",
	"&a;", "&;", "& ", "a&", "a&#", "&#x", "&é;", "a]]>b", "a\r\nb\rc", "<a b='&amp;&#10;\r\n'/>", "<a b='&c;'/>",
	"<a b='a&'/>", "\xef\xbb\xbf<a/>", "\x00", "<a>\x01</a>", "\xff", "<a b='\xff'/>",
	"<a><b/></a>", "<a></b>", "</a></b>", "<a xmlns='urn:x' xmlns:p='urn:y' p:c='d'/>",
}

// xmlEntityNames holds the names of the references "&name;" in a document,
// which RawToken in strict mode reads only when told of them.
var xmlEntityName = regexp.MustCompile(`&([^&;\s<>'"#]+);`)

// xmlCharRef matches a character reference; hasSurrogateRef reports
// whether b refers to a surrogate code point (U+D800 to U+DFFF). XML 1.0
// (section 4.1, WFC: Legal Character) does not allow one; decodeXML keeps
// such a reference as written, where RawToken reads it as U+FFFD (Go's
// conversion of a surrogate to a string).
var xmlCharRef = regexp.MustCompile(`&#(x[0-9a-fA-F]+|[0-9]+);`)

func hasSurrogateRef(b []byte) bool {
	for _, m := range xmlCharRef.FindAllSubmatch(b, -1) {
		digits, base := string(m[1]), 10
		if digits[0] == 'x' {
			digits, base = digits[1:], 16
		}
		if v, err := strconv.ParseUint(digits, base, 64); err == nil && 0xD800 <= v && v <= 0xDFFF {
			return true
		}
	}
	return false
}

// checkXMLLexer compares the lexer's tokens for doc with RawToken's (in
// strict mode, told of every entity the document refers to, as the
// reference text itself): kinds, spans, names, attributes and their values,
// the data of comments, CDATA sections and processing instructions. Where
// RawToken reports a syntax error, the lexer may stop at the same token or
// go on (it is more lenient); it may never stop where RawToken reads on.
func checkXMLLexer(t *testing.T, doc []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = true
	d.Entity = map[string]string{}
	for _, m := range xmlEntityName.FindAllSubmatch(doc, -1) {
		d.Entity[string(m[1])] = "&" + string(m[1]) + ";"
	}
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	l := xmlLexer{src: doc}
	empty := false // the lexer's last token was an empty element
	for n := 0; ; n++ {
		off := int(d.InputOffset())
		tok, err := d.RawToken()
		if empty { // RawToken returns its end apart
			empty = false
			if _, ok := tok.(xml.EndElement); !ok || err != nil || int(d.InputOffset()) != off {
				t.Fatalf("%q: after the empty element at %d, RawToken reads %T, %v", doc, l.start, tok, err)
			}
			continue
		}
		got := l.next()
		empty = got == xmlEmptyTag
		if errors.Is(err, io.EOF) {
			if got != xmlEOF {
				t.Fatalf("%q: token %d is a %v at %d, RawToken reads the end", doc, n, got, l.start)
			}
			return
		}
		if err != nil {
			if got == xmlMalformed && l.start != off {
				t.Fatalf("%q: the lexer stops at %d (%s), RawToken at the token at %d (%v)", doc, l.start, l.reason, off, err)
			}
			return
		}
		if got == xmlMalformed {
			t.Fatalf("%q: the lexer stops at %d (%s) where RawToken reads a %T", doc, l.start, l.reason, tok)
		}
		if l.start != off || l.pos != int(d.InputOffset()) {
			t.Fatalf("%q: token %d (%v) is %d-%d, RawToken reads %T at %d-%d", doc, n, got, l.start, l.pos, tok, off, d.InputOffset())
		}
		want := describeRawToken(tok, doc, l.start, l.pos)
		if hasSurrogateRef(doc[l.start:l.pos]) {
			continue // the spans agree; the texts differ on purpose
		}
		if have := describeXMLToken(&l, got, doc); have != want {
			t.Fatalf("%q: token %d is\n %s\nRawToken reads\n %s", doc, n, have, want)
		}
	}
}

// describeRawToken describes a token RawToken read from doc[start:end].
func describeRawToken(tok xml.Token, doc []byte, start, end int) string {
	name := func(n xml.Name) string {
		if n.Space != "" {
			return n.Space + ":" + n.Local
		}
		return n.Local
	}
	switch tok := tok.(type) {
	case xml.StartElement:
		kind := "start"
		if doc[end-2] == '/' {
			kind = "empty"
		}
		var attrs []string
		for _, a := range tok.Attr {
			attrs = append(attrs, fmt.Sprintf("%s=%q", name(a.Name), a.Value))
		}
		return fmt.Sprintf("%s %s %s", kind, name(tok.Name), attrs)
	case xml.EndElement:
		return "end " + name(tok.Name)
	case xml.CharData:
		if bytes.HasPrefix(doc[start:end], []byte("<![CDATA[")) {
			return fmt.Sprintf("cdata %q", []byte(tok))
		}
		return fmt.Sprintf("text %q", []byte(tok))
	case xml.Comment:
		return fmt.Sprintf("comment %q", []byte(tok))
	case xml.ProcInst:
		return fmt.Sprintf("pi %s %q", tok.Target, tok.Inst)
	case xml.Directive:
		return "directive"
	}
	return fmt.Sprintf("%T", tok)
}

// describeXMLToken describes the lexer's token of kind tt, as
// describeRawToken does RawToken's.
func describeXMLToken(l *xmlLexer, tt xmlToken, doc []byte) string {
	raw := doc[l.start:l.pos]
	lf := func(b []byte) []byte { // line ends as XML reads them
		return bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n")), []byte("\r"), []byte("\n"))
	}
	switch tt {
	case xmlStartTag, xmlEmptyTag:
		kind := "start"
		if tt == xmlEmptyTag {
			kind = "empty"
		}
		var attrs []string
		for chunk := range l.attrChunks {
			for _, a := range chunk {
				v := decodeXML(doc, a.valStart, a.valEnd)
				attrs = append(attrs, fmt.Sprintf("%s=%q", doc[a.keyStart:a.keyEnd], v.text))
			}
		}
		return fmt.Sprintf("%s %s %s", kind, doc[l.start+1:l.nameEnd], attrs)
	case xmlEndTag:
		return fmt.Sprintf("end %s", doc[l.start+2:l.nameEnd])
	case xmlText:
		d := decodeXML(doc, l.start, l.pos)
		return fmt.Sprintf("text %q", d.text)
	case xmlCDATA:
		return fmt.Sprintf("cdata %q", lf(raw[len("<![CDATA["):len(raw)-len("]]>")]))
	case xmlComment:
		return fmt.Sprintf("comment %q", raw[len("<!--"):len(raw)-len("-->")])
	case xmlPI:
		i := skipXMLSpace(doc[:l.pos-2], l.nameEnd)
		return fmt.Sprintf("pi %s %q", doc[l.start+2:l.nameEnd], doc[min(i, l.pos-2):l.pos-2])
	case xmlDirective:
		return "directive"
	}
	return fmt.Sprintf("xmlToken(%d)", tt)
}

func TestXMLLexer(t *testing.T) {
	for _, s := range xmlLexerSeeds {
		checkXMLLexer(t, []byte(s))
		// The same after text and an element.
		checkXMLLexer(t, []byte("text <b x='y'>bold</b> "+s))
	}
}

// TestXMLLexerMalformed pins where and why the lexer stops.
func TestXMLLexerMalformed(t *testing.T) {
	for _, tt := range []struct {
		doc    string
		offset int
		reason string
	}{
		{"<a>b</a>", -1, ""},
		{"<a>x < y</a>", 5, `"<" not followed by a name`},
		{"<p>\n<a href=x>", 4, "an attribute value not in quotes"},
		{"<a b>", 0, `an attribute name not followed by "="`},
		{"<a b='c>", 0, "an attribute value without its closing quote"},
		{"<a b='<'>", 0, `"<" in an attribute value`},
		{"<a/ >", 0, `"/" not followed by ">" in a tag`},
		{"<a><!-- x", 3, `a comment without "-->"`},
		{"<![CDATA[x", 0, `a CDATA section without "]]>"`},
		{"<!-x>", 0, `"<!-" does not start a comment`},
		{"<![x[", 0, `"<![" does not start a CDATA section`},
		{"<?x", 0, `a processing instruction without "?>"`},
		{"<? x?>", 0, `no target name after "<?"`},
		{"</ a>", 0, `no element name after "</"`},
		{"</a b>", 0, "an end tag holds more than its name"},
		{"<!DOCTYPE a [", 0, `a declaration without its closing ">"`},
		{"<a", 0, "the document ends inside a tag"},
		{"a <", 2, `the document ends after "<"`},
		// Lenient where the token's end is not in doubt.
		{"<!-- a -- b --><a b='&c; &'>&nbsp; ]]> &#0;</a>", -1, ""},
	} {
		off, reason, ok := XMLSyntaxError([]byte(tt.doc))
		if !ok {
			off = -1
		}
		if off != tt.offset || reason != tt.reason {
			t.Errorf("%q: stops at %d (%s), want %d (%s)", tt.doc, off, reason, tt.offset, tt.reason)
		}
	}
}

// xmlCorpus returns the XML documents of the tests and of the shared
// corpus, when it is there, and the examples in their CDATA sections.
func xmlCorpus(t *testing.T) (docs, examples []testDoc) {
	t.Helper()
	for _, dir := range []string{"../testdata/xml", "../../shared/corpus/xml", "../../shared/corpus/repos"} {
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			switch strings.ToLower(filepath.Ext(p)) {
			case ".xml", ".xsd", ".wsdl", ".rdf", ".svg", ".xsl", ".xslt":
			default:
				return nil
			}
			if err == nil && !d.IsDir() {
				if src, err := os.ReadFile(p); err == nil {
					docs = append(docs, testDoc{p, src})
				}
			}
			return nil
		})
	}
	for _, d := range docs {
		l := xmlLexer{src: d.src}
		for tt := l.next(); tt != xmlEOF && tt != xmlMalformed; tt = l.next() {
			if tt == xmlCDATA && startsMarkup(d.src[l.start+9:l.pos-3]) {
				examples = append(examples, testDoc{fmt.Sprintf("%s@%d", d.path, l.start), d.src[l.start+9 : l.pos-3]})
			}
		}
	}
	return docs, examples
}

type testDoc struct {
	path string
	src  []byte
}

// TestXMLLexerCorpus compares the lexer with RawToken over every XML
// document of the tests and of the shared corpus (when it is there), and
// over every example in their CDATA sections.
func TestXMLLexerCorpus(t *testing.T) {
	docs, examples := xmlCorpus(t)
	if len(docs) < 8 {
		t.Fatalf("%d documents", len(docs))
	}
	for _, d := range append(docs, examples...) {
		t.Run(d.path, func(t *testing.T) { checkXMLLexer(t, d.src) })
	}
	t.Logf("%d documents, %d examples", len(docs), len(examples))
}

// FuzzXMLLexer compares the lexer with RawToken on any input.
func FuzzXMLLexer(f *testing.F) {
	for _, s := range xmlLexerSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, doc []byte) { checkXMLLexer(t, doc) })
}

func TestDecodeXML(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a&amp;b &lt;x&gt; &apos;&quot;", `a&b <x> '"`},
		{"&#58;&#x3a;&#x3A;&#X3A;&#0058;", ":::&#X3A;:"},
		{"&nbsp; &xep0045; &amp &; & &#; &#x; &#0; &#xD800; &#1114112; &#99999999999999999999;",
			"&nbsp; &xep0045; &amp &; & &#; &#x; &#0; &#xD800; &#1114112; &#99999999999999999999;"},
		{"&#x10FFFF;&#9;&#10;&#13;", "\U0010FFFF\t\n\r"},
		{"a\r\nb\rc\nd\te", "a\nb\nc\nd\te"},
		{"no references", "no references"},
	}
	for _, tt := range tests {
		d := decodeXML([]byte(tt.in), 0, len(tt.in))
		if string(d.text) != tt.want {
			t.Errorf("decodeXML(%q) = %q, want %q", tt.in, d.text, tt.want)
		}
		checkDecoded(t, []byte(tt.in), &d)
	}
}
