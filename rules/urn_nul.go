package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// URNNUL reports "%00" in a URN.
var URNNUL = &lint.Rule{
	Name:     "urn-nul",
	Category: lint.Policy,
	Severity: lint.Warning,
	Codes:    []extract.Code{extract.NUL},
	Kinds:    []extract.Kind{extract.KindURN},
	Doc: `A URN holds "%00", the NUL character.

RFC 2141 section 5 says "%00" should never be used in a URN. draft-ietf-urnbis-rfc2141bis-urn-03
section 2.5.3 made it a MUST NOT: the NUL octet "is renowned for a long history of trouble in
implementations" and may not appear in a URN "in either unencoded or percent-encoded form". RFC 8141
leaves it out of its text. Under --urn-syntax rfc2141 the grammar rejects it as well; this rule
reports it once, in either syntax.

Bad:  urn:example:a%00b
Good: urn:example:a-b

No fix is offered.`,
	Run: func(p *lint.Pass) {
		u := p.URI
		if u.As != extract.AsURN {
			return
		}
		s := u.Input
		for i := strings.Index(s, "%00"); i >= 0; {
			p.Reportf(i, i+3, `"%%00" (NUL) must not appear in a URN, percent-encoded or not (draft-ietf-urnbis-rfc2141bis-urn-03 section 2.5.3)`)
			j := strings.Index(s[i+3:], "%00")
			if j < 0 {
				break
			}
			i += 3 + j
		}
	},
}
