package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URNComponentSyntax reports an empty or malformed r- or q-component.
var URNComponentSyntax = &lint.Rule{
	Name:         "urn-component-syntax",
	Category:     lint.Syntax,
	Severity:     lint.Error,
	Certainty:    extract.Likely,
	Codes:        []grammar.Code{grammar.RComponentEmpty, grammar.QComponentEmpty, grammar.ComponentStart},
	Kinds:        []extract.Kind{extract.KindURN},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `A URN's r-component ("?+") or q-component ("?=") is empty or starts with "/" or "?".`,
		Text: `RFC 8141 section 2: r-component = pchar *( pchar / "/" / "?" ), and the same for the q-component. So a
component must not be empty and must start with a pchar. An r-component ends at the first "?=" or "#",
a q-component only at "#". So "urn:ex:ex?+?=q" has an empty r-component, and "?+" or "?=" inside a
q-component is data. Characters that must be percent-encoded are reported by percent-unencoded.`,
		Bad:  `urn:example:a?+  urn:example:a?+?=q  urn:example:a?=/x`,
		Good: `urn:example:a?=q  urn:example:a?=x/y`,
		Fix:  `Fixes (not safe): remove the delimiter of an empty component, or percent-encode a leading "/" or "?".`,
	},
	Run: func(p *lint.Pass) {
		reportProblems(p, func(pr grammar.Problem) []lint.Fix {
			if pr.Code == grammar.ComponentStart {
				return []lint.Fix{encodeFix(p.URI.Input, pr.Start, pr.End, false)}
			}
			return []lint.Fix{{Message: "remove the empty component's delimiter", Edits: []lint.Edit{{Start: pr.Start, End: pr.End}}}}
		})
	},
}
