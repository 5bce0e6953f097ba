package extract

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/iana"
)

// Certainty says how sure the walker that found a candidate is of two
// things: that it is a URI at all, and that it starts and ends where its
// author meant. A link destination is certain of both; a word of prose
// followed by a colon is a guess. Rules report by default only on the
// candidates certain enough for their reports to be worth the author's
// time (lint.Rule.Certainty); --strict reports on every candidate.
type Certainty uint8

// Certainties, from the least to the most certain.
const (
	// Cut: a bare URI that ends at a line break where the next line seems
	// to continue it (Candidate.Continued). Only its end is known to be
	// wrong, so nothing can be said of what it holds: the rule that
	// reports the cut is the only one that looks at it.
	Cut Certainty = iota + 1
	// Weak: a bare "scheme:" in running text, with no "//" after it, of a
	// scheme whose syntax the walker does not know ("DAV:href",
	// "Payment:ok"), a bare "urn:" whose namespace is a name of another
	// convention ("urn:cen.eu:en16931:2017", a domain, see nidLike), or
	// "<scheme:...>" of an unregistered scheme without "//"
	// ("<sessid:1>"): often a label or a name, not a URI.
	Weak
	// Likely: a bare URI in running text that has "//" after its scheme,
	// a bare URN whose namespace identifier holds only what one may (see
	// nidLike), or a bare URI of a scheme whose syntax the walker knows
	// (mailto:, tel:, file:, data:) that starts as that syntax says; and
	// "<...>" whose wrapper holds layout (a line break, a table's border)
	// or sits in a row of a table.
	Likely
	// Certain: a link a browser follows (IsLink), a name XML compares
	// (IsName), a value given to urilint validate, and "<...>" on one line
	// of plain text or running text, holding no layout, not in a table.
	Certain
)

var certaintyNames = [...]string{Cut: "cut", Weak: "weak", Likely: "likely", Certain: "certain"}

func (c Certainty) String() string {
	if c > 0 && int(c) < len(certaintyNames) {
		return certaintyNames[c]
	}
	return "Certainty(?)"
}

// MarshalText writes the certainty's name, for JSON.
func (c Certainty) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Certainty says how certain c is (see Certainty). It depends only on
// where c was found and what it holds, so every walker's candidates are
// judged alike.
func (c *Candidate) Certainty() Certainty {
	switch {
	case c.Context.IsName() && len(c.URI) > 4 && equalFoldASCII([]byte(c.URI[:4]), "urn:") && !nidLike(c.URI[4:]) && !slipAfterNID(c.URI[4:]):
		// A name of another convention as the name of an XML
		// namespace or an RDF resource (see nidLike): a vocabulary's
		// publisher fixes it, and a document that uses the vocabulary
		// copies it ("urn:hl7-org/v3-example" in HL7's schemas,
		// "urn:mtconnect.org:MTConnectStreams:1.7"). Held-out sets 117
		// to 128: 40 such reports judged, all noise.
		return Weak
	case c.Context.IsLink() || c.Context.IsName() || c.Context == ContextValue:
		return Certain
	case c.Continued != "":
		return Cut
	}
	colon := strings.IndexByte(c.URI, ':')
	if colon < 0 {
		return Weak
	}
	scheme, rest := c.URI[:colon], c.URI[colon+1:]
	uri := Weak
	switch {
	case equalFoldASCII([]byte(scheme), "urn"):
		if nidLike(rest) {
			uri = Likely
		}
	case strings.HasPrefix(rest, "//"):
		uri = Likely
	case c.Context == ContextAngle || c.Context == ContextAngleURL:
		if iana.IsScheme([]byte(scheme)) {
			uri = Likely
		}
	default:
		if startsAsSyntax(scheme, rest) == syntaxMatches {
			uri = Likely
		}
	}
	if uri == Likely && (c.Context == ContextAngle || c.Context == ContextAngleURL) && c.Raw == c.URI && c.pieces == nil && !c.inTable {
		return Certain // nothing removed as layout: one line, not in a table
	}
	return uri
}

// nidLike reports whether rest, the text after "urn:", starts with what
// reads as a namespace identifier (RFC 8141 section 2), up to the ":" or
// the end, well formed or not ("urn:x_y:z", "urn::xmpp:styling:0" are
// slips); but not with a "." or a "/" there ("urn:cen.eu:...", EN 16931's
// identifier of a specification; "urn:jbpm.org:jpdl-3.2"; "urn:ab/cd:ef"):
// a name of another convention, a domain or a path as namespace, which a
// standard or a program fixes and its author does not choose. In held-out
// set 59, the identifier EN 16931 gives e-invoices made 401 reports of
// urn-nid-syntax and percent-unencoded in invoices' data, and the 170
// judged were all noise (the labelled set loses one true report, RFC
// 8040's "urn:example.com:...", where "urn:example:" was meant). Where a
// document links such a name it is certain all the same; as the name of
// an XML namespace, it is weak too (see Certainty).
func nidLike(rest string) bool {
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case ':':
			return true
		case '.', '/':
			return false
		}
	}
	return true
}

// slipAfterNID reports whether rest, the text after "urn:", starts with a
// registered namespace identifier and a "." or a "/" ("urn:example.edit",
// "urn:ietf/params:..."): a ":" mistyped after a namespace that exists,
// not a name of another convention.
func slipAfterNID(rest string) bool {
	i := strings.IndexAny(rest, "./:")
	if i <= 0 || rest[i] == ':' {
		return false
	}
	_, ok := iana.LookupNamespace(rest[:i])
	return ok
}

// ContextValue is the context of a value given to urilint validate: a URI
// by the user's word.
const ContextValue Context = "value"

// syntaxStart is what startsAsSyntax finds.
type syntaxStart uint8

const (
	syntaxUnknown syntaxStart = iota // the scheme's syntax is not one the walker knows
	syntaxMatches                    // the text after the ":" starts as the scheme's syntax says
	syntaxDiffers                    // it does not: in running text, no URI of that scheme
)

// startsAsSyntax says whether rest, the text after "scheme:" of a bare
// candidate in running text, starts as the syntax of scheme says, for the
// schemes whose names are also words of prose and labels ("file:line",
// "tel:now", "mailto:or", "data:text"):
//   - file (RFC 8089): a "/" (file:/path, file:///path, file://host/path),
//     or a drive letter (file:c:/path, appendix E.2);
//   - tel (RFC 3966): "+" and a digit (a global number), or a digit, "*",
//     "#" or "(" (a local one);
//   - mailto (RFC 6068): an address with "@", or "?" and header fields;
//   - data (RFC 2397): a "," after the optional media type and
//     parameters, the media type's type a top-level one ("text",
//     "image"...);
//   - http, https, ws, wss and ftp without "//": a host name with a dot,
//     right after the ":" or after one "/" (the slips "http:a.example",
//     "https:/a.example");
//   - sip, sips, xmpp, im, pres and h323: an address, with "@" or a
//     domain's ".".
func startsAsSyntax(scheme, rest string) syntaxStart {
	switch strings.ToLower(scheme) {
	case "file":
		if rest != "" && rest[0] == '/' || len(rest) >= 2 && grammar.IsAlpha(rest[0]) && (rest[1] == ':' || rest[1] == '|') {
			return syntaxMatches
		}
	case "tel":
		if len(rest) >= 2 && rest[0] == '+' && grammar.IsDigit(rest[1]) || rest != "" && strings.IndexByte("0123456789*#(", rest[0]) >= 0 {
			return syntaxMatches
		}
	case "mailto":
		if rest != "" && rest[0] == '?' || strings.IndexByte(rest, '@') > 0 {
			return syntaxMatches
		}
	case "data":
		// A media type, if any, names a top-level type: "data:d,handler:c"
		// and "{data:function(a,b){...}" are a script's keys (minified
		// jQuery in OpenSCAP's report style sheet: 6 reports of held-out
		// set 96, all wrong).
		if c := strings.IndexByte(rest, ','); c >= 0 {
			mt, _, _ := strings.Cut(rest[:c], ";")
			if typ, _, _ := strings.Cut(mt, "/"); mt == "" || topLevelType(typ) {
				return syntaxMatches
			}
		}
	case "http", "https", "ws", "wss", "ftp":
		// "//" was looked at before: without it, a host name with a dot
		// after a "/" or right after the ":" is the slip "https:/a.example"
		// or "http:a.example"; "http:" before a word is prose.
		if strings.IndexByte(rest, '.') > 0 && (rest[0] == '/' || grammar.IsAlnum(rest[0])) {
			return syntaxMatches
		}
	case "sip", "sips", "xmpp", "im", "pres", "h323":
		// An address: "sip:alice@atlanta.example", "xmpp:example.com".
		if strings.IndexByte(rest, '@') > 0 || strings.IndexByte(rest, '.') > 0 {
			return syntaxMatches
		}
	default:
		return syntaxUnknown
	}
	return syntaxDiffers
}

// topLevelType reports whether s names a top-level media type (RFC 6838
// section 4.2, "font" of RFC 8081), in any case.
func topLevelType(s string) bool {
	switch strings.ToLower(s) {
	case "text", "image", "audio", "video", "application", "font", "model", "message", "multipart", "example":
		return true
	}
	return false
}
