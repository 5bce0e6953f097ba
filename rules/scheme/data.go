package scheme

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Codes of the data checks.
const (
	DataNoComma   Code = "data-no-comma"   // no "," before the data
	DataMediaType Code = "data-media-type" // a malformed media type
	DataParameter Code = "data-parameter"  // a parameter without "=", or malformed
	DataBase64    Code = "data-base64"     // ";base64" data that is not base64
	DataUnpadded  Code = "data-unpadded"   // base64 data without its "=" padding, which browsers decode
)

// Data checks data URIs (RFC 2397).
var Data = Scheme{
	Names: []string{"data"},
	Spec:  "RFC 2397 section 3",
	Syntax: `dataurl = "data:" [ mediatype ] [ ";base64" ] "," data; mediatype = [ type "/" subtype ] *( ";" ` +
		`parameter ); parameter = attribute "=" value (RFC 2045 tokens). With ";base64", the data is base64 ` +
		`(RFC 2045 section 6.8: the 64 characters, padded with "=" to a multiple of 4)`,
	Check: checkData,
}

func checkData(u *grammar.Parsed) []grammar.Violation {
	s := u.Input
	a, e := rest(u)
	comma := strings.IndexByte(s[a:e], ',')
	if comma < 0 {
		return []grammar.Violation{{Code: DataNoComma, Start: e, End: e,
			Message: `data URI without "," before its data: dataurl = "data:" [ mediatype ] [ ";base64" ] "," data (RFC 2397 section 3)`}}
	}
	comma += a
	head := s[a:comma]
	base64 := false
	var ps []grammar.Violation
	// The media type: [ type "/" subtype ], then parameters.
	semi := strings.IndexByte(head, ';')
	if semi < 0 {
		semi = len(head)
	}
	if mt := head[:semi]; mt != "" {
		typ, sub, ok := strings.Cut(mt, "/")
		if !ok || !token(typ) || !token(sub) {
			ps = append(ps, grammar.Violation{Code: DataMediaType, Start: a, End: a + semi,
				Message: grammar.Messagef(`media type %q is not type "/" subtype (RFC 2397 section 3; RFC 2045 section 5.1)`, grammar.PercentDecode(mt))})
		}
	}
	for i := semi; i < len(head); {
		j := strings.IndexByte(head[i+1:], ';')
		if j < 0 {
			j = len(head) - i - 1
		}
		p := head[i+1 : i+1+j]
		start, end := a+i, a+i+1+j
		attr, value, hasEq := strings.Cut(p, "=")
		switch {
		case !hasEq && strings.EqualFold(p, "base64") && end == comma:
			base64 = true
		case !hasEq && strings.EqualFold(p, "base64"):
			ps = append(ps, grammar.Violation{Code: DataParameter, Start: start, End: end,
				Message: `";base64" must come last, right before "," (RFC 2397 section 3)`})
		case !hasEq:
			ps = append(ps, grammar.Violation{Code: DataParameter, Start: start, End: end,
				Message: grammar.Messagef(`parameter %q has no "=": parameter = attribute "=" value (RFC 2397 section 3)`, ";"+grammar.PercentDecode(p))})
		case !token(attr) || value == "" || !token(value) && !quoted(grammar.PercentDecode(value)):
			ps = append(ps, grammar.Violation{Code: DataParameter, Start: start, End: end,
				Message: grammar.Messagef(`parameter %q is not attribute "=" value (RFC 2397 section 3; RFC 2045 section 5.1)`, ";"+grammar.PercentDecode(p))})
		}
		i += 1 + j
	}
	if base64 {
		if msg, at, code := checkBase64(s[comma+1 : e]); msg != "" {
			ps = append(ps, grammar.Violation{Code: code, Start: comma + 1 + at, End: comma + 1 + at + 1*boolInt(at < e-comma-1),
				Message: msg + ` (";base64" data is base64, RFC 2397 section 3; RFC 2045 section 6.8)`})
		}
	}
	return ps
}

// token reports whether s, percent-decoded, is an RFC 2045 token: printable
// ASCII but space and tspecials.
func token(s string) bool {
	s = grammar.PercentDecode(s)
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`()<>@,;:\"/[]?=`, c) >= 0 {
			return false
		}
	}
	return true
}

func quoted(s string) bool { return len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' }

// checkBase64 says what is wrong with base64 data d (percent-encoded, as
// written), where, and under which code, or "". ASCII whitespace is left
// to the other checks, as browsers skip it. Data that lacks only its "="
// padding (two or three characters in its last group, RFC 2045 section
// 6.8) is DataUnpadded: browsers decode it (the WHATWG Infra Standard's
// forgiving-base64 decode, which the data: URL processor uses); one
// character in the last group decodes nowhere.
func checkBase64(d string) (string, int, Code) {
	n, pad := 0, 0
	for i := 0; i < len(d); i++ {
		c := d[i]
		if base64Char[c] && pad == 0 { // the common case, by table
			n++
			continue
		}
		at := i
		if c == '%' && i+2 < len(d) && grammar.IsHex(d[i+1]) && grammar.IsHex(d[i+2]) {
			c = grammar.HexValue(d[i+1])<<4 | grammar.HexValue(d[i+2])
			i += 2
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			continue
		case c == '=':
			pad++
			n++
			continue
		case grammar.IsAlnum(c) || c == '+' || c == '/':
			if pad > 0 {
				return `data after the "=" padding`, at, DataBase64
			}
			n++
			continue
		}
		return grammar.Messagef("%q is not a base64 character", c), at, DataBase64
	}
	switch {
	case pad == 0 && (n%4 == 2 || n%4 == 3):
		return grammar.Messagef("%d base64 characters, not a multiple of 4: the \"=\" padding is missing (browsers decode it without)", n), len(d), DataUnpadded
	case pad > 2 || n%4 != 0:
		return grammar.Messagef("%d base64 characters, not a multiple of 4: padding \"=\" is missing or the data is cut", n), len(d), DataBase64
	}
	return "", 0, ""
}

// base64Char holds the 64 characters of base64 (RFC 2045 section 6.8).
var base64Char = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = grammar.IsAlnum(byte(c)) || c == '+' || c == '/'
	}
	return t
}()
