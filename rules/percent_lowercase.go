package rules

import (
	"fmt"
	"github.com/urilint/urilint/extract"
	"strings"

	"github.com/urilint/urilint/lint"
)

// PercentLowercase reports a percent-encoding with lower-case hex digits.
var PercentLowercase = &lint.Rule{
	Name:       "percent-lowercase",
	Category:   lint.Style,
	Severity:   lint.Info,
	Certainty:  extract.Likely,
	DefaultOff: true,
	Doc: lint.Doc{
		Title: `A percent-encoding is written with lower-case hexadecimal digits.`,
		Text: `RFC 3986 section 2.1: "For consistency, URI producers and normalizers should use uppercase hexadecimal
digits for all percent-encodings". The case of the digits never changes what a URI means (section
6.2.2.1), and RFC 8141 section 3 compares URNs with it normalized to upper case.`,
		Bad:  `http://example.com/a%2fb  urn:example:a%2cb`,
		Good: `http://example.com/a%2Fb  urn:example:a%2Cb`,
		Fix: `An encoded unreserved character outside a URN ("%7e") is left to percent-unreserved, whose fix (write
"~") settles both at once.

Fix (safe): write the digits in upper case.`,
	},
	Run: func(p *lint.Pass) {
		u := p.URI
		encodings(u.Input, func(i int, v byte) {
			enc := u.Input[i : i+3]
			if up := strings.ToUpper(enc); enc != up && !decodable(u, i, v) {
				p.Report(lint.Finding{Start: i, End: i + 3,
					Message: fmt.Sprintf("percent-encoding %q has lower-case hex digits; write %s (RFC 3986 section 2.1)", enc, up),
					Fixes: []lint.Fix{{Message: "write " + up, Safe: true,
						Edits: []lint.Edit{{Start: i, End: i + 3, New: up}}}}})
			}
		})
	},
}
