package extract

// xmlNS is a namespace the walker knows, for the attributes it reads.
type xmlNS uint8

const (
	nsNone   xmlNS = iota // no namespace: an unprefixed attribute, an element without a default namespace
	nsOther               // a namespace the walker does not know
	nsXML                 // the "xml" prefix, bound by definition
	nsXSD                 // XML Schema
	nsXSI                 // XML Schema instance attributes
	nsXLink               // XLink
	nsRDF                 // RDF/XML
	nsWSDL11              // WSDL 1.1
	nsWSDL20              // WSDL 2.0
	nsSOAP11              // WSDL 1.1's SOAP binding
	nsSOAP12              // WSDL 1.1's SOAP 1.2 binding
)

// xmlNamespaces are the names of the namespaces the walker knows, and the
// prefix each is conventionally bound to. An undeclared prefix (in an
// example, a fragment of a document) is taken for the namespace it
// conventionally names; "wsdl", which WSDL 2.0 documents bind too, for
// WSDL 1.1's.
var xmlNamespaces = [...]struct{ name, prefix string }{
	nsXML:    {"http://www.w3.org/XML/1998/namespace", "xml"},
	nsXSD:    {"http://www.w3.org/2001/XMLSchema", "xs"},
	nsXSI:    {"http://www.w3.org/2001/XMLSchema-instance", "xsi"},
	nsXLink:  {"http://www.w3.org/1999/xlink", "xlink"},
	nsRDF:    {"http://www.w3.org/1999/02/22-rdf-syntax-ns#", "rdf"},
	nsWSDL11: {"http://schemas.xmlsoap.org/wsdl/", "wsdl"},
	nsWSDL20: {"http://www.w3.org/ns/wsdl", ""},
	nsSOAP11: {"http://schemas.xmlsoap.org/wsdl/soap/", "soap"},
	nsSOAP12: {"http://schemas.xmlsoap.org/wsdl/soap12/", "soap12"},
}

// knownNamespace returns the namespace a namespace name names: nsNone for
// the empty name (an undeclaration), nsOther for one the walker does not
// know.
func knownNamespace(name []byte) xmlNS {
	if len(name) == 0 {
		return nsNone
	}
	for ns, n := range xmlNamespaces {
		if n.name != "" && string(name) == n.name {
			return xmlNS(ns)
		}
	}
	return nsOther
}

// conventionalNamespace returns the namespace an undeclared prefix
// conventionally names ("xsd" is XML Schema's too), or nsOther.
func conventionalNamespace(prefix []byte) xmlNS {
	if string(prefix) == "xsd" {
		return nsXSD
	}
	for ns, n := range xmlNamespaces {
		if n.prefix != "" && string(prefix) == n.prefix {
			return xmlNS(ns)
		}
	}
	return nsOther
}

// xmlValue is what an attribute's value holds.
type xmlValue uint8

const (
	xvText           xmlValue = iota // running text, scanned (any attribute not listed)
	xvNamespace                      // a namespace name (ContextXMLNamespace)
	xvIdentifier                     // an RDF IRI (ContextXMLIdentifier)
	xvLocation                       // a URI reference that locates something (ContextXMLAttribute)
	xvSchemaLocation                 // pairs of a namespace name and a location, separated by whitespace
	xvName                           // a QName, an anchor or a pattern: never a URI, not read
)

// xmlAttrRule says what the value of an attribute holds.
type xmlAttrRule struct {
	attrNS xmlNS  // the attribute's namespace: nsNone for an unprefixed one
	local  string // its local name
	// elemNS and elem restrict the rule to the element in namespace elemNS
	// (nsNone: in no namespace) with local name elem; with elem "", any
	// element. With elem "" and elemNS set, any element of that namespace.
	elemNS xmlNS
	elem   string
	kind   xmlValue
	source string // the specification that says so
}

// xmlAttrRules are the attributes whose values are URI references by
// specification, and those whose values are names (QNames, anchors) and
// never URIs: the one list of what the XML walker knows of attributes.
// Every other attribute's value is running text, scanned as text is
// (entityID, Binding and Location in SAML metadata are found that way).
//
// Namespace declarations are read before this list: "xmlns" and
// "xmlns:p", on any element, are namespace names (Namespaces in XML 1.0,
// section 3; a namespace name is a URI reference, section 2.2). A value
// that is a QName whose prefix is declared where it is written
// (type="urn:serverinfoType" under xmlns:urn="...") is a name too, whatever
// the attribute.
var xmlAttrRules = []xmlAttrRule{
	// Namespace names.
	{local: "targetNamespace", kind: xvNamespace, source: "XML Schema 1.1 Part 1 (<schema targetNamespace>, and on local declarations); WSDL 1.1 section 2.1 (<definitions>); WSDL 2.0 Part 1 (<description>)"},
	{local: "namespace", elemNS: nsXSD, elem: "import", kind: xvNamespace, source: "XML Schema 1.1 Part 1 (<import namespace>)"},
	{local: "namespace", elemNS: nsWSDL11, elem: "import", kind: xvNamespace, source: "WSDL 1.1 section 2.1.1 (<import namespace location>)"},
	{local: "namespace", elemNS: nsWSDL20, elem: "import", kind: xvNamespace, source: "WSDL 2.0 Part 1 (<import namespace>)"},
	{attrNS: nsXSI, local: "schemaLocation", kind: xvSchemaLocation, source: "XML Schema 1.1 Part 1 (xsi:schemaLocation: pairs of a namespace name and a schema document's location)"},

	// Locations.
	{attrNS: nsXSI, local: "noNamespaceSchemaLocation", kind: xvLocation, source: "XML Schema 1.1 Part 1 (xsi:noNamespaceSchemaLocation)"},
	{local: "schemaLocation", elemNS: nsXSD, elem: "import", kind: xvLocation, source: "XML Schema 1.1 Part 1 (<import schemaLocation>)"},
	{local: "schemaLocation", elemNS: nsXSD, elem: "include", kind: xvLocation, source: "XML Schema 1.1 Part 1 (<include schemaLocation>)"},
	{local: "schemaLocation", elemNS: nsXSD, elem: "redefine", kind: xvLocation, source: "XML Schema 1.1 Part 1 (<redefine schemaLocation>)"},
	{local: "schemaLocation", elemNS: nsXSD, elem: "override", kind: xvLocation, source: "XML Schema 1.1 Part 1 (<override schemaLocation>)"},
	{local: "location", elemNS: nsWSDL11, elem: "import", kind: xvLocation, source: "WSDL 1.1 section 2.1.1 (<import namespace location>)"},
	{local: "location", elemNS: nsWSDL20, elem: "import", kind: xvLocation, source: "WSDL 2.0 Part 1 (<import location>)"},
	{local: "location", elemNS: nsWSDL20, elem: "include", kind: xvLocation, source: "WSDL 2.0 Part 1 (<include location>)"},
	{local: "address", elemNS: nsWSDL20, elem: "endpoint", kind: xvLocation, source: "WSDL 2.0 Part 1 (<endpoint address>)"},
	{local: "location", elemNS: nsSOAP11, elem: "address", kind: xvLocation, source: "WSDL 1.1 section 3.8 (<soap:address location>)"},
	{local: "location", elemNS: nsSOAP12, elem: "address", kind: xvLocation, source: "WSDL 1.1 Binding Extension for SOAP 1.2 (<soap12:address location>)"},
	{attrNS: nsXLink, local: "href", kind: xvLocation, source: "XLink 1.1 section 5.4 (xlink:href)"},
	{local: "href", kind: xvLocation, source: "unprefixed href, on any element: XInclude 1.0 section 3.1 (<xi:include>), Atom (RFC 4287 section 4.2.7.1, <link>), SVG 2, XHTML, xml2rfc v3 (RFC 7991, <link>)"},
	{local: "src", kind: xvLocation, source: "unprefixed src, on any element: XHTML (<img>, <script>), xml2rfc v3 (RFC 7991, <artwork>, <sourcecode>)"},
	{attrNS: nsXML, local: "base", kind: xvLocation, source: "XML Base section 3 (xml:base)"},
	{local: "target", elemNS: nsNone, elem: "eref", kind: xvLocation, source: "xml2rfc v3 (RFC 7991, <eref target>)"},
	{local: "target", elemNS: nsNone, elem: "reference", kind: xvLocation, source: "xml2rfc v3 (RFC 7991, <reference target>)"},
	{local: "target", elemNS: nsNone, elem: "format", kind: xvLocation, source: "xml2rfc v2 (RFC 7749, <format target>)"},

	// RDF's names of resources.
	{attrNS: nsRDF, local: "about", kind: xvIdentifier, source: "RDF 1.1 XML Syntax (rdf:about)"},
	{attrNS: nsRDF, local: "resource", kind: xvIdentifier, source: "RDF 1.1 XML Syntax (rdf:resource)"},
	{attrNS: nsRDF, local: "datatype", kind: xvIdentifier, source: "RDF 1.1 XML Syntax (rdf:datatype)"},

	// Names, never URIs.
	{local: "target", elemNS: nsNone, elem: "xref", kind: xvName, source: "xml2rfc v3 (RFC 7991, <xref target>: an anchor)"},
	{local: "target", elemNS: nsNone, elem: "relref", kind: xvName, source: "xml2rfc v3 (RFC 7991, <relref target>: an anchor)"},
	{attrNS: nsXSI, local: "type", kind: xvName, source: "XML Schema 1.1 Part 1 (xsi:type: a QName)"},
	{local: "type", elemNS: nsXSD, kind: xvName, source: "XML Schema 1.1 Part 1 (a QName)"},
	{local: "base", elemNS: nsXSD, kind: xvName, source: "XML Schema 1.1 Part 1 (<restriction base>, <extension base>: a QName)"},
	{local: "ref", elemNS: nsXSD, kind: xvName, source: "XML Schema 1.1 Part 1 (a QName)"},
	{local: "substitutionGroup", elemNS: nsXSD, kind: xvName, source: "XML Schema 1.1 Part 1 (a list of QNames)"},
	{local: "itemType", elemNS: nsXSD, kind: xvName, source: "XML Schema 1.1 Part 1 (<list itemType>: a QName)"},
	{local: "value", elemNS: nsXSD, elem: "pattern", kind: xvName, source: "XML Schema 1.1 Part 2 section 4.3.4 (<pattern value>: a regular expression, \"urn:uuid:[0-9a-f]{8}-...\")"},
	{local: "memberTypes", elemNS: nsXSD, kind: xvName, source: "XML Schema 1.1 Part 1 (<union memberTypes>: a list of QNames)"},
	{local: "refer", elemNS: nsXSD, kind: xvName, source: "XML Schema 1.1 Part 1 (<keyref refer>: a QName)"},
	{local: "defaultAttributes", elemNS: nsXSD, kind: xvName, source: "XML Schema 1.1 Part 1 (<schema defaultAttributes>: a QName)"},
	{local: "element", elemNS: nsWSDL11, kind: xvName, source: "WSDL 1.1 section 2.3 (<part element>: a QName)"},
	{local: "type", elemNS: nsWSDL11, kind: xvName, source: "WSDL 1.1 sections 2.3 and 2.5 (<part type>, <binding type>: a QName)"},
	{local: "message", elemNS: nsWSDL11, kind: xvName, source: "WSDL 1.1 section 2.4 (<input message>, ...: a QName)"},
	{local: "binding", elemNS: nsWSDL11, kind: xvName, source: "WSDL 1.1 section 2.6 (<port binding>: a QName)"},
	{local: "element", elemNS: nsWSDL20, kind: xvName, source: "WSDL 2.0 Part 1 (<input element>, ...: a QName or a token)"},
	{local: "interface", elemNS: nsWSDL20, kind: xvName, source: "WSDL 2.0 Part 1 (<binding interface>, <service interface>: a QName)"},
	{local: "binding", elemNS: nsWSDL20, kind: xvName, source: "WSDL 2.0 Part 1 (<endpoint binding>: a QName)"},
	{local: "ref", elemNS: nsWSDL20, kind: xvName, source: "WSDL 2.0 Part 1 (<operation ref>, <fault ref>: a QName)"},
	{local: "extends", elemNS: nsWSDL20, kind: xvName, source: "WSDL 2.0 Part 1 (<interface extends>: a list of QNames)"},
}

// xmlAttrIndex holds xmlAttrRules by local name.
var xmlAttrIndex = func() map[string][]xmlAttrRule {
	m := map[string][]xmlAttrRule{}
	for _, r := range xmlAttrRules {
		m[r.local] = append(m[r.local], r)
	}
	return m
}()
