package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// URNNUL reports "%00" in a URN.
var URNNUL = &lint.Rule{
	Name:      "urn-nul",
	Category:  lint.Policy,
	Severity:  lint.Warning,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURN},
	Doc: lint.Doc{
		Title: `A URN holds "%00", the NUL character.`,
		Text: `RFC 2141 section 2.4 says the octet 0 "should NEVER be used, in either unencoded or %-encoded form".
draft-ietf-urnbis-rfc2141bis-urn-03 section 2.5.3 made it a MUST NOT: the NUL octet "is renowned for a
long history of trouble in implementations". RFC 8141 leaves it out of its text. Neither grammar
excludes "%00" (it is a percent-encoding like any other), so it is a policy, reported under either
--urn-syntax.`,
		Bad:  `urn:example:a%00b`,
		Good: `urn:example:a-b`,
		Fix:  `No fix is offered.`,
	},
	Run: func(p *lint.Pass) {
		s := p.URI.Input
		for i := strings.Index(s, "%00"); i >= 0; {
			p.Reportf(i, i+3, `"%%00" (NUL) must not appear in a URN, percent-encoded or not (RFC 2141 section 2.4; draft-ietf-urnbis-rfc2141bis-urn-03 section 2.5.3)`)
			j := strings.Index(s[i+3:], "%00")
			if j < 0 {
				break
			}
			i += 3 + j
		}
	},
}
