package rules

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// PercentLowercase reports a percent-encoding with lower-case hex digits.
var PercentLowercase = &lint.Rule{
	Name:     "percent-lowercase",
	Category: lint.Style,
	Severity: lint.Info,
	Doc: `A percent-encoding is written with lower-case hexadecimal digits.

RFC 3986 section 2.1: "For consistency, URI producers and normalizers should use uppercase hexadecimal
digits for all percent-encodings". The case of the digits never changes what a URI means (section
6.2.2.1), and RFC 8141 section 3 compares URNs with it normalized to upper case.

Bad:  http://example.com/a%2fb  urn:example:a%2cb
Good: http://example.com/a%2Fb  urn:example:a%2Cb

An encoded unreserved character outside a URN ("%7e") is left to percent-unreserved, whose fix (write
"~") settles both at once.

Fix (safe): write the digits in upper case.`,
	Run: func(p *lint.Pass) {
		s := p.URI.Input
		urn := p.URI.As == extract.AsURN
		for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
			if enc := s[i : i+3]; isHex(enc[1]) && isHex(enc[2]) && enc != strings.ToUpper(enc) &&
				(urn || !unreserved(hexByte(enc[1])<<4|hexByte(enc[2]))) {
				up := strings.ToUpper(enc)
				p.Report(lint.Finding{Start: i, End: i + 3,
					Message: fmt.Sprintf("percent-encoding %q has lower-case hex digits; write %s (RFC 3986 section 2.1)", enc, up),
					Fixes:   []lint.Fix{{Message: "write " + up, Safe: true, Edits: []lint.Edit{{Start: i, End: i + 3, New: up}}}}})
			}
			j := strings.IndexByte(s[i+1:], '%')
			if j < 0 {
				break
			}
			i += 1 + j
		}
	},
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// hexByte is the value of the hexadecimal digit c.
func hexByte(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
