package grammar

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Code names one kind of syntax problem the grammar finds. Rules map codes
// to rule IDs; the codes themselves are not a public contract.
type Code uint8

// Problem codes. The comment names the production that is violated.
const (
	_ Code = iota

	SchemeMissing // URI = scheme ":" ...: no scheme (parsing as uri)
	SchemeEmpty   // scheme = ALPHA ...: nothing before the ":"
	SchemeStart   // scheme = ALPHA ...: first character is not a letter
	SchemeChar    // scheme = ... *( ALPHA / DIGIT / "+" / "-" / "." )
	NotURN        // namestring = "urn" ":" ...: scheme is not "urn" (parsing as urn)
	RelativeColon // path-noscheme: ":" in the first segment of a relative reference

	PercentMalformed // pct-encoded = "%" HEXDIG HEXDIG
	Unencoded        // a character that must be percent-encoded appears literally
	NonASCII         // non-ASCII characters: valid in an IRI (RFC 3987) and a WHATWG URL, not in a URI

	UserinfoChar // userinfo: "@" (the last "@" ends the userinfo)
	HostChar     // host: characters after an IP literal other than ":" port
	IPLiteral    // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
	PortChar     // port = *DIGIT

	NIDEmpty          // NID: nothing between "urn:" and ":"
	NIDChar           // NID = alphanum 0*30(ldh) alphanum: character other than letter, digit, "-"
	NIDTooShort       // NID: one character (RFC 8141 needs two)
	NIDTooLong        // NID: more than 32 characters
	NIDLeadingHyphen  // NID: starts with "-"
	NIDTrailingHyphen // NID: ends with "-" (RFC 8141)
	NIDReserved       // NID "urn" (RFC 2141 section 2.1; a policy rule under RFC 8141)

	NSSMissing        // assigned-name = "urn" ":" NID ":" NSS: no ":" after the NID
	NSSEmpty          // NSS = pchar ...: empty
	NSSStart          // NSS = pchar *(pchar / "/"): starts with "/"
	NSSChar           // RFC 2141 NSS: "/", "?", "~", "&" (not in RFC 2141's character set)
	UnencodedQuestion // RFC 8141 section 2: "?" in the NSS not starting "?+" or "?="

	RComponentEmpty // "?+" r-component: empty
	QComponentEmpty // "?=" q-component: empty
	ComponentStart  // r-component = pchar ...: starts with "/" or "?"

	codeCount // not a code: the number of codes, plus one
)

// Codes lists every problem code.
func Codes() []Code {
	codes := make([]Code, 0, codeCount-1)
	for c := Code(1); c < codeCount; c++ {
		codes = append(codes, c)
	}
	return codes
}

var codeNames = [...]string{
	SchemeMissing:     "scheme-missing",
	SchemeEmpty:       "scheme-empty",
	SchemeStart:       "scheme-start",
	SchemeChar:        "scheme-char",
	NotURN:            "not-urn",
	RelativeColon:     "relative-colon",
	PercentMalformed:  "percent-malformed",
	Unencoded:         "unencoded",
	NonASCII:          "non-ascii",
	UserinfoChar:      "userinfo-char",
	HostChar:          "host-char",
	IPLiteral:         "ip-literal",
	PortChar:          "port-char",
	NIDEmpty:          "nid-empty",
	NIDChar:           "nid-char",
	NIDTooShort:       "nid-too-short",
	NIDTooLong:        "nid-too-long",
	NIDLeadingHyphen:  "nid-leading-hyphen",
	NIDTrailingHyphen: "nid-trailing-hyphen",
	NIDReserved:       "nid-reserved",
	NSSMissing:        "nss-missing",
	NSSEmpty:          "nss-empty",
	NSSStart:          "nss-start",
	NSSChar:           "nss-char",
	UnencodedQuestion: "unencoded-question",
	RComponentEmpty:   "r-component-empty",
	QComponentEmpty:   "q-component-empty",
	ComponentStart:    "component-start",
}

func (c Code) String() string {
	if int(c) < len(codeNames) && codeNames[c] != "" {
		return codeNames[c]
	}
	return fmt.Sprintf("Code(%d)", c)
}

// Problem is one violation of the grammar, at bytes [Start, End) of the
// parsed string. End == Start marks a position where something is missing.
type Problem struct {
	Code       Code
	Start, End int
}

// Message describes the problem in a sentence that names the offending
// characters and says how to fix them. input is the string that was parsed.
func (p Problem) Message(input string) string {
	text := input[p.Start:p.End]
	switch p.Code {
	case SchemeMissing:
		return `missing scheme: a URI starts with a scheme and ":" (such as "https:")`
	case SchemeEmpty:
		return `empty scheme: nothing before ":"`
	case SchemeStart:
		return fmt.Sprintf("scheme must start with a letter, not %s", describe(text))
	case SchemeChar:
		return fmt.Sprintf(`%s not allowed in a scheme (letters, digits, "+", "-" and "." only)`, describe(text))
	case NotURN:
		return `not a URN: a URN starts with "urn:"`
	case RelativeColon:
		return `":" in the first segment of a relative reference makes it read as a scheme; write "./" before it or encode it as %3A`
	case PercentMalformed:
		return fmt.Sprintf(`"%%" not followed by two hexadecimal digits (found %s); a literal "%%" is written %%25`,
			describe(runes(input[p.Start:], 3)))
	case Unencoded:
		return unencodedMessage(input, p.Start, text)
	case NonASCII:
		return fmt.Sprintf("%s is not ASCII: a URI holds the percent-encoding of its UTF-8 octets, %s (RFC 3986 section 2.5; as an IRI, RFC 3987, it is valid)", describe(text), Abbreviate(PercentEncode(text)))
	case UserinfoChar:
		return fmt.Sprintf(`%s not allowed in userinfo; percent-encode it as %s`, describe(text), Abbreviate(PercentEncode(text)))
	case HostChar:
		return fmt.Sprintf(`%s after an IP literal; only ":" and a port may follow "]"`, describe(text))
	case IPLiteral:
		return ipLiteralMessage(text)
	case PortChar:
		return fmt.Sprintf("port %s is not a decimal number", describe(text))
	case NIDEmpty:
		return `empty namespace identifier (NID) between "urn:" and ":"`
	case NIDChar:
		return fmt.Sprintf(`%s not allowed in a namespace identifier (NID): letters, digits and "-" only`, describe(text))
	case NIDTooShort:
		return fmt.Sprintf("namespace identifier (NID) %s has 1 character; RFC 8141 needs 2 to 32", describe(text))
	case NIDTooLong:
		return fmt.Sprintf("namespace identifier (NID) %s has %d characters; at most 32 are allowed", describe(text), utf8.RuneCountInString(text))
	case NIDLeadingHyphen:
		return `namespace identifier (NID) must not start with "-"`
	case NIDTrailingHyphen:
		return `namespace identifier (NID) must not end with "-" (RFC 8141; RFC 2141 allowed it)`
	case NIDReserved:
		return `namespace identifier (NID) "urn" is reserved (RFC 2141 section 2.1)`
	case NSSMissing:
		return `missing ":" and namespace-specific string (NSS) after the namespace identifier`
	case NSSEmpty:
		return `empty namespace-specific string (NSS) after "urn:NID:"`
	case NSSStart:
		return `namespace-specific string (NSS) must not start with "/"; percent-encode it as %2F`
	case NSSChar:
		return fmt.Sprintf("%s not allowed unencoded in an RFC 2141 namespace-specific string (RFC 2141 reserves \"/\", \"?\" and \"#\" and has no \"~\" or \"&\"); percent-encode it as %s", describe(text), Abbreviate(PercentEncode(text)))
	case UnencodedQuestion:
		return questionMessage(input, p)
	case RComponentEmpty:
		return `empty r-component after "?+"`
	case QComponentEmpty:
		return `empty q-component after "?="`
	case ComponentStart:
		return fmt.Sprintf("%s cannot start an r- or q-component; percent-encode it as %s", describe(text), Abbreviate(PercentEncode(text)))
	}
	return p.Code.String()
}

// questionMessage explains a "?" in an RFC 8141 NSS. Documents still use
// the URN syntaxes of earlier drafts, so the message says which one the "?"
// most likely comes from and how RFC 8141 writes it.
func questionMessage(input string, p Problem) string {
	const encode = `; a literal "?" is percent-encoded as %3F`
	text, rest := input[p.Start:p.End], input[p.End:]
	switch {
	case strings.HasPrefix(text, "??") || text == "?" && strings.HasPrefix(rest, "?"):
		return `"??" starts an r-component in the 2015 URNbis draft; RFC 8141 writes it "?+"` + encode
	case text == "?" && directive(rest):
		d := rest
		if i := strings.IndexAny(d, "#"); i >= 0 {
			d = d[:i]
		}
		return fmt.Sprintf(`%s is a query directive of the 2012 URNbis draft (draft-ietf-urnbis-rfc2141bis-urn-03); RFC 8141 writes a q-component: %s`, Quote("?"+d), Quote("?="+d)) + encode
	}
	return fmt.Sprintf(`%s in the namespace-specific string: the 2015 URNbis draft started a q-component with "?"; RFC 8141 writes "?=" (q-component) or "?+" (r-component)`, describe(text)) + encode
}

// directive reports whether s starts with keywd "=" as in the 2012 draft's
// query directives: keywd = ALPHA *( ["-"] (ALPHA / DIGIT)).
func directive(s string) bool {
	if s == "" || !IsAlpha(s[0]) {
		return false
	}
	i := 1
	for i < len(s) && (IsAlpha(s[i]) || is(s[i], cDigit) || s[i] == '-') {
		i++
	}
	return i < len(s) && s[i] == '='
}

// runes returns the first n characters of s (invalid bytes count as one).
func runes(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s[:i]
}

func unencodedMessage(input string, start int, text string) string {
	enc := Abbreviate(PercentEncode(text))
	switch {
	case text == "#":
		return `second "#": only the first "#" starts the fragment; remove this one if it is a slip ("a.md##x", "=" written "#"), or percent-encode it as %23`
	case strings.Trim(text, "#") == "":
		return fmt.Sprintf(`%s after the "#" that starts the fragment; remove them if they are a slip, or percent-encode them as %s`, describe(text), enc)
	case strings.Trim(text, "[]") == "" && len(input) >= 4 && strings.EqualFold(input[:4], "urn:"):
		return fmt.Sprintf(`%s is not allowed in a URN; percent-encode it as %s`, describe(text), enc)
	case strings.Trim(text, "[]") == "":
		if part := component(input, start); part != "" {
			return fmt.Sprintf(`%s is only allowed around an IP literal in the host, not in the %s; percent-encode it as %s`, describe(text), part, enc)
		}
		return fmt.Sprintf(`%s is only allowed around an IP literal in the host; percent-encode it as %s`, describe(text), enc)
	}
	return fmt.Sprintf("%s must be percent-encoded as %s", describe(text), enc)
}

// component names the part of a URI reference that byte start of input is
// in past its authority, "path", "query" or "fragment", or is "" in the
// authority.
func component(input string, start int) string {
	a, e := authoritySpan(input)
	if a < 0 && strings.HasPrefix(input, "//") {
		a, e = 2, len(input)
		if k := strings.IndexAny(input[2:], "/?#"); k >= 0 {
			e = 2 + k
		}
	}
	if a >= 0 && start >= a && start < e {
		return ""
	}
	hash := strings.IndexByte(input, '#')
	if hash < 0 {
		hash = len(input)
	}
	switch {
	case start > hash:
		return "fragment"
	case strings.IndexByte(input[:start], '?') >= 0:
		return "query"
	}
	return "path"
}

func ipLiteralMessage(text string) string {
	switch {
	case !strings.HasSuffix(text, "]"):
		return fmt.Sprintf(`IP literal %s has no closing "]"`, describe(text))
	case strings.Contains(text, "%"):
		return fmt.Sprintf("malformed IP literal %s: IPv6 zone identifiers are not part of RFC 3986", describe(text))
	}
	return fmt.Sprintf("malformed IP literal %s: not an IPv6 address or IPvFuture", describe(text))
}

// describe names the characters of s for a message: one space or control
// character by name, anything else quoted.
func describe(s string) string {
	if r, n := utf8.DecodeRuneInString(s); n == len(s) && n > 0 {
		switch {
		case r == ' ':
			return "space"
		case r == utf8.RuneError && n == 1:
			return fmt.Sprintf("invalid UTF-8 byte 0x%02X", s[0])
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			return fmt.Sprintf("control character U+%04X", r)
		case r >= 0x80:
			return fmt.Sprintf("%s (U+%04X)", Quote(s), r)
		}
		return Quote(s)
	}
	return Quote(s)
}
