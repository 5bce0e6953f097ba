package extract

import (
	"bytes"
)

// Contexts the XML walker adds to the scanner's.
const (
	// ContextXMLNamespace is a namespace name: the value of "xmlns" or
	// "xmlns:p", a targetNamespace, the namespace of an import, the
	// namespaces of xsi:schemaLocation. Candidate.Attribute names the
	// attribute.
	ContextXMLNamespace Context = "xml-namespace"
	// ContextXMLIdentifier is an IRI of RDF/XML (rdf:about, rdf:resource,
	// rdf:datatype): a name of a resource.
	ContextXMLIdentifier Context = "xml-identifier"
	// ContextXMLAttribute is an attribute that locates a resource: href,
	// xlink:href, src, xml:base, schemaLocation, xml2rfc's eref and
	// reference targets, ...
	ContextXMLAttribute Context = "xml-attribute"
	// ContextXMLInstruction is the href pseudo-attribute of an
	// <?xml-stylesheet?> or <?xml-model?> processing instruction.
	ContextXMLInstruction Context = "xml-instruction"
	// ContextXMLSystemID is the system identifier of a DOCTYPE, ENTITY or
	// NOTATION declaration; Candidate.Attribute names the declaration.
	ContextXMLSystemID Context = "xml-system-id"
)

// XML calls yield with each URI and URN candidate of an XML document, in
// document order, with positions:
//   - namespace names (xmlns, xmlns:p, ...), the URI attributes of
//     xmlAttrRules and the href of an <?xml-stylesheet?> or <?xml-model?>
//     processing instruction, with entities decoded (relative references
//     included, as KindRelativeRef), and the system identifiers of a
//     DOCTYPE and of its declarations;
//   - URIs in running text, found by the plain-text scanner: text, with
//     entities decoded, the values of other attributes (Attribute names the
//     attribute), the data of other processing instructions and the
//     literal values in a DTD. A CDATA section is read as an XML document of
//     its own when it starts with markup (an example of a protocol's XML:
//     its candidates are Candidate.Example), and as running text otherwise.
//   - a URI attribute written as an XSL-FO uri-specification
//     ("src='url(logo.png)'") is the URI inside.
//
// Comments are not read; opts.Comment is called with each comment of the
// document (not of an example in a CDATA section). Where the markup cannot
// be read on (XMLSyntaxError), the rest of the document is running text,
// its comments left out. Offsets are on the source bytes.
func XML(doc []byte, opts Options, yield func(*Candidate)) {
	newXMLWalker(doc, opts, true, yield).walk(0, len(doc))
}

// XMLComments calls yield with each comment of the XML document doc,
// those XML reports to Options.Comment as it reads them, for a reader that
// needs them before the candidates (suppression comments). It walks the
// document, its candidates discarded.
func XMLComments(doc []byte, yield func(Comment)) {
	newXMLWalker(doc, Options{Comment: yield}, true, func(*Candidate) {}).walk(0, len(doc))
}

// xmlWalker finds the candidates of an XML document, or of an example in
// one of its CDATA sections.
type xmlWalker struct {
	doc  []byte
	opts Options
	top  bool // the document itself (its comments are reported), not an example
	buf  Candidate
	z    xmlLexer

	emit      func(*Candidate) // with positions set
	emitPlain func(*Candidate) // for text that is not escaped (CDATA, a processing instruction's data, a system literal)
	emitAttr  func(*Candidate) // for an attribute value

	// The namespace declarations in scope, innermost last. latest holds the
	// index of the declaration in scope of each prefix, defaultNS that of
	// the default namespace (-1: none); open holds len(decls) at the start
	// of each open element.
	decls     []xmlDecl
	latest    map[string]int32
	defaultNS int32
	open      []int32

	sub *xmlWalker // reads the examples in CDATA sections
}

// xmlDecl is a namespace declaration: of prefix (nil for the default
// namespace), naming ns, hiding the declaration prev of the same prefix
// (-1: none).
type xmlDecl struct {
	prefix []byte
	ns     xmlNS
	prev   int32
}

func newXMLWalker(doc []byte, opts Options, top bool, emit func(*Candidate)) *xmlWalker {
	w := &xmlWalker{doc: doc, opts: opts, top: top, emit: emit, defaultNS: -1}
	w.emitPlain = func(c *Candidate) {
		c.escape = escNone
		emit(c)
	}
	w.emitAttr = func(c *Candidate) {
		c.escape = escXMLAttr
		emit(c)
	}
	return w
}

// walk reads the markup of doc[start:end].
func (w *xmlWalker) walk(start, end int) {
	w.z = xmlLexer{src: w.doc[:end], pos: start, attrs: w.z.attrs[:0]}
	z := &w.z
	for {
		switch tt := z.next(); tt {
		case xmlEOF:
			return
		case xmlMalformed:
			w.rest(z.start, end)
			return
		case xmlText:
			w.text(z.start, z.pos)
		case xmlCDATA:
			w.cdata(z.start+len("<![CDATA["), z.pos-len("]]>"))
		case xmlStartTag, xmlEmptyTag:
			w.startTag(z)
			if tt == xmlEmptyTag {
				w.pop()
			}
		case xmlEndTag:
			w.pop()
		case xmlComment:
			w.comment(z.start, z.pos)
		case xmlPI:
			w.instruction(z.start, z.nameEnd, z.pos)
		case xmlDirective:
			w.directive(z.start, z.pos)
		}
	}
}

// rest reads doc[start:end], whose markup cannot be read, as running text
// with entities decoded, its comments left out (and reported).
func (w *xmlWalker) rest(start, end int) {
	doc := w.doc
	for start < end {
		k := bytes.Index(doc[start:end], []byte("<!--"))
		if k < 0 {
			w.text(start, end)
			return
		}
		w.text(start, start+k)
		cs := start + k
		ce := end
		if j := bytes.Index(doc[cs+4:end], []byte("-->")); j >= 0 {
			ce = cs + 4 + j + 3
		}
		w.comment(cs, ce)
		start = ce
	}
}

// comment reports the comment doc[start:end] of the document.
func (w *xmlWalker) comment(start, end int) {
	if w.top && w.opts.Comment != nil {
		w.opts.Comment(markupComment(w.doc, start, end))
	}
}

// text scans the character data doc[start:end], entities decoded.
func (w *xmlWalker) text(start, end int) {
	if start < end && mayHoldURI(w.doc[start:end]) {
		d := decodeXML(w.doc, start, end)
		w.scanDecoded(&d, "", escXMLText)
	}
}

// scanDecoded scans the decoded stretch d as running text, the candidates
// found in the attribute attr ("" for none) and escaped with esc.
func (w *xmlWalker) scanDecoded(d *decoded, attr string, esc escape) {
	scanDecoded(&w.buf, w.doc, d, func(c *Candidate) {
		c.Attribute, c.escape = attr, esc
		w.emit(c)
	})
}

// scanPlain scans doc[start:end] as running text, as it is written.
func (w *xmlWalker) scanPlain(start, end int) {
	if start < end && mayHoldURI(w.doc[start:end]) {
		scanText(&w.buf, w.doc[start:end], start, w.emitPlain)
	}
}

// cdata reads the content of a CDATA section, doc[start:end]: as an XML
// document of its own when it starts with markup (an example), else as
// running text. Nothing is decoded in a CDATA section, but in an example
// entities are decoded as its own markup says.
func (w *xmlWalker) cdata(start, end int) {
	if !startsMarkup(w.doc[start:end]) {
		w.scanPlain(start, end)
		return
	}
	if w.sub == nil {
		w.sub = newXMLWalker(w.doc, w.opts, false, func(c *Candidate) {
			c.Example = true
			w.emit(c)
		})
	}
	sub := w.sub
	sub.decls, sub.open, sub.defaultNS = sub.decls[:0], sub.open[:0], -1
	clear(sub.latest)
	sub.walk(start, end)
}

// startTag reads the attributes of the start tag z has just read, and opens
// its element.
func (w *xmlWalker) startTag(z *xmlLexer) {
	doc := w.doc
	w.open = append(w.open, int32(len(w.decls)))
	// Declarations first: they hold for the tag's own attributes,
	// wherever they are written in it.
	for attrs := range z.attrChunks {
		for _, a := range attrs {
			if prefix, ok := nsDeclaration(doc[a.keyStart:a.keyEnd]); ok {
				w.declare(prefix, a)
			}
		}
	}
	var elemNS xmlNS
	var elem []byte
	resolved := false
	for attrs := range z.attrChunks {
		for i := range attrs {
			w.attribute(z, &attrs[i], &resolved, &elemNS, &elem)
		}
	}
}

// attribute reads the attribute a of the start tag z has just read;
// elemNS and elem are the tag's element, once resolved.
func (w *xmlWalker) attribute(z *xmlLexer, a *xmlAttr, resolved *bool, elemNS *xmlNS, elem *[]byte) {
	doc := w.doc
	key := doc[a.keyStart:a.keyEnd]
	if w.top && w.opts.Target != nil && (string(key) == "id" || string(key) == "xml:id" || string(key) == "anchor") {
		// The ids a fragment names: id (HTML in XHTML, most
		// vocabularies), xml:id (XML ID), anchor (xml2rfc).
		d := decodeXML(doc, a.valStart, a.valEnd)
		if id := string(bytes.TrimSpace(d.text)); id != "" {
			w.opts.Target(Target{Kind: TargetID, ID: id, Start: a.valStart, End: a.valEnd})
		}
	}
	if _, ok := nsDeclaration(key); ok {
		w.value(a, xvNamespace, string(key))
		return
	}
	prefix, local := splitQName(key)
	kind := xvText
	if rules := xmlAttrIndex[string(local)]; rules != nil {
		attrNS := nsNone
		if prefix != nil {
			attrNS, _ = w.resolve(prefix)
		}
		for _, r := range rules {
			if r.attrNS != attrNS {
				continue
			}
			if r.elem != "" || r.elemNS != nsNone {
				if !*resolved {
					*elemNS, *elem = w.element(z)
					*resolved = true
				}
				if r.elemNS != *elemNS || r.elem != "" && r.elem != string(*elem) {
					continue
				}
			}
			kind = r.kind
			break
		}
	}
	switch kind {
	case xvText:
		w.textAttribute(a, key)
	case xvName:
	default:
		w.value(a, kind, string(key))
	}
}

// nsDeclaration reports whether key is a namespace declaration's, and of
// which prefix: nil for "xmlns", p for "xmlns:p".
func nsDeclaration(key []byte) ([]byte, bool) {
	switch {
	case len(key) == 5 && string(key) == "xmlns":
		return nil, true
	case len(key) > 6 && string(key[:6]) == "xmlns:":
		return key[6:], true
	}
	return nil, false
}

// splitQName splits a name at its first ":" into a prefix and a local
// name; a name without one, or with nothing before or after it, has no
// prefix.
func splitQName(name []byte) (prefix, local []byte) {
	if i := bytes.IndexByte(name, ':'); i > 0 && i < len(name)-1 {
		return name[:i], name[i+1:]
	}
	return nil, name
}

// declare records the namespace declaration a, of prefix (nil: the default
// namespace).
func (w *xmlWalker) declare(prefix []byte, a xmlAttr) {
	d := decodeXML(w.doc, a.valStart, a.valEnd)
	s, e := trimXMLSpace(d.text)
	i := int32(len(w.decls))
	decl := xmlDecl{prefix: prefix, ns: knownNamespace(d.text[s:e]), prev: -1}
	if prefix == nil {
		decl.prev, w.defaultNS = w.defaultNS, i
	} else {
		if w.latest == nil {
			w.latest = map[string]int32{}
		}
		if p, ok := w.latest[string(prefix)]; ok {
			decl.prev = p
		}
		w.latest[string(prefix)] = i
	}
	w.decls = append(w.decls, decl)
}

// pop closes the innermost open element: its declarations go out of scope.
// An end tag with nothing open changes nothing.
func (w *xmlWalker) pop() {
	if len(w.open) == 0 {
		return
	}
	mark := w.open[len(w.open)-1]
	w.open = w.open[:len(w.open)-1]
	for i := int32(len(w.decls)) - 1; i >= mark; i-- {
		d := w.decls[i]
		switch {
		case d.prefix == nil:
			w.defaultNS = d.prev
		case d.prev >= 0:
			w.latest[string(d.prefix)] = d.prev
		default:
			delete(w.latest, string(d.prefix))
		}
	}
	w.decls = w.decls[:mark]
}

// resolve returns the namespace prefix is bound to, and whether a
// declaration in scope binds it ("xml" always is). An undeclared prefix
// is taken for the namespace it conventionally names, if any.
func (w *xmlWalker) resolve(prefix []byte) (xmlNS, bool) {
	if i, ok := w.latest[string(prefix)]; ok {
		ns := w.decls[i].ns
		return ns, ns != nsNone
	}
	if string(prefix) == "xml" {
		return nsXML, true
	}
	return conventionalNamespace(prefix), false
}

// element returns the namespace and the local name of the element whose
// start tag z has just read.
func (w *xmlWalker) element(z *xmlLexer) (xmlNS, []byte) {
	prefix, local := splitQName(w.doc[z.start+1 : z.nameEnd])
	if prefix != nil {
		ns, _ := w.resolve(prefix)
		return ns, local
	}
	if w.defaultNS >= 0 {
		return w.decls[w.defaultNS].ns, local
	}
	return nsNone, local
}

// value emits the URIs in the value of the attribute a, named attr, which
// holds kind.
func (w *xmlWalker) value(a *xmlAttr, kind xmlValue, attr string) {
	d := decodeXML(w.doc, a.valStart, a.valEnd)
	if kind == xvSchemaLocation {
		n := 0
		tags := newListTags(d.text) // "jgroups-{{ .Major }}.xsd", a Go template's (Infinispan's operator)
		for i := 0; i < len(d.text); {
			for i < len(d.text) && isXMLSpace(d.text[i]) {
				i++
			}
			j := i
			for j < len(d.text) && (!isXMLSpace(d.text[j]) || tags.holds(j)) {
				j++
			}
			if j > i {
				ctx := ContextXMLNamespace
				if n%2 == 1 {
					ctx = ContextXMLAttribute
				}
				n++
				emitValue(&w.buf, w.doc, &d, i, j, ctx, attr, w.emitAttr)
			}
			i = j
		}
		return
	}
	ctx := ContextXMLAttribute
	switch kind {
	case xvNamespace:
		ctx = ContextXMLNamespace
	case xvIdentifier:
		ctx = ContextXMLIdentifier
	}
	s, e := trimXMLSpace(d.text)
	if kind == xvLocation {
		s, e = uriSpecification(d.text, s, e)
	}
	emitValue(&w.buf, w.doc, &d, s, e, ctx, attr, w.emitAttr)
}

// uriSpecification returns the URI of the value text[s:e] when it is an
// XSL-FO uri-specification ("url(logo.png)", "url('a b.png')": XSL 1.1
// section 5.11, as CSS writes one), else s and e.
func uriSpecification(text []byte, s, e int) (int, int) {
	if e-s < 5 || !equalFoldASCII(text[s:s+4], "url(") || text[e-1] != ')' {
		return s, e
	}
	i, j := s+4, e-1
	for i < j && isXMLSpace(text[i]) {
		i++
	}
	for j > i && isXMLSpace(text[j-1]) {
		j--
	}
	if j-i >= 2 && (text[i] == '\'' || text[i] == '"') && text[j-1] == text[i] {
		i, j = i+1, j-1
	}
	return i, j
}

// textAttribute scans the value of the attribute a, named key, as running
// text, unless it is a QName whose prefix is declared.
func (w *xmlWalker) textAttribute(a *xmlAttr, key []byte) {
	v := w.doc[a.valStart:a.valEnd]
	if !mayHoldURI(v) || w.isQName(v) {
		return
	}
	d := decodeXML(w.doc, a.valStart, a.valEnd)
	w.scanDecoded(&d, string(key), escXMLAttr)
}

// isQName reports whether the attribute value v, less the whitespace around
// it, is a qualified name whose prefix a declaration in scope binds: a name
// ("urn:serverinfoType" under xmlns:urn="..."), not a URI.
func (w *xmlWalker) isQName(v []byte) bool {
	s, e := trimXMLSpace(v)
	v = v[s:e]
	colon := bytes.IndexByte(v, ':')
	if colon <= 0 || xmlNameEnd(v[:colon], 0) != colon || colon+1 == len(v) || xmlNameEnd(v, colon+1) != len(v) ||
		bytes.IndexByte(v[colon+1:], ':') >= 0 {
		return false
	}
	_, declared := w.resolve(v[:colon])
	return declared
}
