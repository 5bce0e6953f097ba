package extract

import "bytes"

// instruction reads the processing instruction doc[start:end], whose
// target ends at nameEnd: the href of <?xml-stylesheet?> and <?xml-model?>
// is a URI reference (Associating Style Sheets with XML documents 1.0,
// Associating Schemas with XML documents 1.0), and their other
// pseudo-attributes, like the data of any other instruction but the XML
// declaration, are running text.
func (w *xmlWalker) instruction(start, nameEnd, end int) {
	doc := w.doc
	target := doc[start+2 : nameEnd]
	dataEnd := end - len("?>")
	i := min(skipXMLSpace(doc[:dataEnd], nameEnd), dataEnd)
	switch string(target) {
	case "xml-stylesheet", "xml-model":
	default:
		if !equalFoldASCII(target, "xml") {
			w.scanPlain(i, dataEnd)
		}
		return
	}
	// name="value" pseudo-attributes; what does not read so is text.
	for {
		i = skipXMLSpace(doc[:dataEnd], i)
		if i == dataEnd {
			return
		}
		ke := xmlNameEnd(doc[:dataEnd], i)
		j := skipXMLSpace(doc[:dataEnd], ke)
		if ke == i || j == dataEnd || doc[j] != '=' {
			w.scanPlain(i, dataEnd)
			return
		}
		j = skipXMLSpace(doc[:dataEnd], j+1)
		if j == dataEnd || doc[j] != '"' && doc[j] != '\'' {
			w.scanPlain(i, dataEnd)
			return
		}
		q := bytes.IndexByte(doc[j+1:dataEnd], doc[j])
		if q < 0 {
			w.scanPlain(i, dataEnd)
			return
		}
		a := xmlAttr{keyStart: i, keyEnd: ke, valStart: j + 1, valEnd: j + 1 + q}
		if key := doc[i:ke]; string(key) == "href" {
			d := decodeXML(doc, a.valStart, a.valEnd)
			s, e := trimXMLSpace(d.text)
			emitValue(&w.buf, doc, &d, s, e, ContextXMLInstruction, "href", w.emitAttr)
		} else if mayHoldURI(doc[a.valStart:a.valEnd]) {
			d := decodeXML(doc, a.valStart, a.valEnd)
			w.scanDecoded(&d, string(key), escXMLAttr)
		}
		i = a.valEnd + 1
	}
}

// directive reads the directive doc[start:end] ("<!DOCTYPE ...>" with its
// internal subset, or a declaration on its own): a literal after SYSTEM,
// or the second after PUBLIC, is a system identifier, a URI reference (XML
// 1.0 section 4.2.2; nothing is decoded in it); a public identifier is not
// read; any other literal (an entity's value, an attribute's default) is
// running text, references decoded. Comments are reported. Literals and
// comments are found as directiveEnd finds them, past the byte after "<!".
func (w *xmlWalker) directive(start, end int) {
	doc := w.doc
	e := end - 1 // the closing ">"
	decl := declarationName(doc[start+2 : xmlNameEnd(doc[:e], start+2)])
	const (
		none = iota
		system
		public
	)
	expect := none
	for i := start + 3; i < e; {
		c := doc[i]
		switch {
		case c == '"' || c == '\'':
			vs, ve := i+1, e
			if j := bytes.IndexByte(doc[vs:e], c); j >= 0 {
				ve = vs + j
			}
			switch expect {
			case system:
				if vs < ve {
					d := verbatim(doc, vs, ve)
					emitValue(&w.buf, doc, &d, 0, ve-vs, ContextXMLSystemID, decl, w.emitPlain)
				}
				expect = none
			case public:
				expect = system
			default:
				if mayHoldURI(doc[vs:ve]) {
					d := decodeXML(doc, vs, ve)
					w.scanDecoded(&d, "", escXMLAttr)
				}
			}
			i = ve + 1
		case c == '<' && bytes.HasPrefix(doc[i:e], []byte("<!--")):
			ce := e
			if j := bytes.Index(doc[i+4:e], []byte("-->")); j >= 0 {
				ce = i + 4 + j + 3
			}
			w.comment(i, ce)
			i = ce
		case c == '<' && i+1 < e && doc[i+1] == '!':
			n := xmlNameEnd(doc[:e], i+2)
			decl, expect = declarationName(doc[i+2:n]), none
			i = max(n, i+2)
		case isXMLNameStart(c):
			n := xmlNameEnd(doc[:e], i)
			switch string(doc[i:n]) {
			case "SYSTEM":
				expect = system
			case "PUBLIC":
				expect = public
			default:
				expect = none
			}
			i = n
		case isXMLSpace(c):
			i++
		default:
			expect = none
			i++
		}
	}
}

// declarationName returns the keyword of a declaration, as a constant
// string: "DOCTYPE", "ENTITY", "NOTATION", or "".
func declarationName(keyword []byte) string {
	switch string(keyword) {
	case "DOCTYPE":
		return "DOCTYPE"
	case "ENTITY":
		return "ENTITY"
	case "NOTATION":
		return "NOTATION"
	}
	return ""
}

// trimXMLSpace returns the span of b without the XML whitespace around it.
func trimXMLSpace(b []byte) (int, int) {
	s, e := 0, len(b)
	for s < e && isXMLSpace(b[s]) {
		s++
	}
	for e > s && isXMLSpace(b[e-1]) {
		e--
	}
	return s, e
}
