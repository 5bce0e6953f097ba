package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// PercentMalformed reports a "%" that does not start a percent-encoding.
var PercentMalformed = &lint.Rule{
	Name:         "percent-malformed",
	Category:     lint.Syntax,
	Severity:     lint.Error,
	Certainty:    extract.Likely,
	Codes:        []grammar.Code{grammar.PercentMalformed},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `A "%" is not followed by two hexadecimal digits.`,
		Text: `RFC 3986 section 2.1: pct-encoded = "%" HEXDIG HEXDIG, and "%" is always the start of one. A literal
"%" is written %25 (section 2.4). A "%" at the end of a URI in running text is kept in the candidate, so
that it is reported rather than cut off.`,
		Bad:  `http://example.com/50%  http://example.com/a%zzb  urn:example:a%2`,
		Good: `http://example.com/50%25  http://example.com/a%2Fb`,
		Fix:  `Fix (not safe, since the "%" may start an encoding that lost its digits): write it as %25.`,
	},
	Run: func(p *lint.Pass) {
		reportProblems(p, func(pr grammar.Problem) []lint.Fix {
			return []lint.Fix{{Message: `write the literal "%" as %25`, Edits: []lint.Edit{{Start: pr.Start, End: pr.End, New: "%25"}}}}
		})
	},
}
