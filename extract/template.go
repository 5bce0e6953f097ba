package extract

import "strings"

// TemplateExpressions returns the spans of the URI Template expressions
// (RFC 6570 section 2.2) in s, braces included, or nil when there are none:
//
//	expression    =  "{" [ operator ] variable-list "}"
//	operator      =  "+" / "#" / "." / "/" / ";" / "?" / "&" / "=" / "," / "!" / "@" / "|"
//	variable-list =  varspec *( "," varspec )
//	varspec       =  varname [ ":" max-length / "*" ]
//	varname       =  varchar *( ["."] varchar )
//	varchar       =  ALPHA / DIGIT / "_" / pct-encoded
//	max-length    =  %x31-39 0*3DIGIT
//
// Documents write templates where a URI would go ("http://localhost:{port}/",
// "urn:ieee:{resource}:{id}"); a template is not a URI until it is expanded,
// so the lint does not report the characters of its expressions.
func TemplateExpressions(s string) []Span {
	var spans []Span
	for i := 0; i < len(s); {
		o := strings.IndexByte(s[i:], '{')
		if o < 0 {
			break
		}
		start := i + o
		if end, ok := expression(s, start); ok {
			spans = append(spans, Span{start, end})
			i = end
			continue
		}
		i = start + 1
	}
	return spans
}

// expression parses an expression at s[i] == '{' and returns the offset
// after its "}".
func expression(s string, i int) (int, bool) {
	i++
	if i < len(s) && strings.IndexByte("+#./;?&=,!@|", s[i]) >= 0 {
		i++
	}
	for {
		// varname
		n := varchars(s, i)
		if n == i {
			return 0, false
		}
		i = n
		for i+1 < len(s) && s[i] == '.' {
			n := varchars(s, i+1)
			if n == i+1 {
				return 0, false
			}
			i = n
		}
		// modifier
		switch {
		case i < len(s) && s[i] == '*':
			i++
		case i+1 < len(s) && s[i] == ':' && s[i+1] >= '1' && s[i+1] <= '9':
			j := i + 2
			for j < len(s) && j < i+5 && is(s[j], cDigit) {
				j++
			}
			i = j
		}
		if i >= len(s) {
			return 0, false
		}
		switch s[i] {
		case ',':
			i++
		case '}':
			return i + 1, true
		default:
			return 0, false
		}
	}
}

// varchars returns the end of the run of varchars at s[i].
func varchars(s string, i int) int {
	for i < len(s) {
		switch c := s[i]; {
		case isAlpha(c) || is(c, cDigit) || c == '_':
			i++
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			i += 3
		default:
			return i
		}
	}
	return i
}
