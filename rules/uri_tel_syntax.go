package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules/scheme"
)

// URITelSyntax reports a tel URI that breaks RFC 3966.
var URITelSyntax = &lint.Rule{
	Name:      "uri-tel-syntax",
	Category:  lint.Syntax,
	Severity:  lint.Warning,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURI},
	Doc: lint.Doc{
		Title: `A tel URI breaks RFC 3966: a number that is not one, or a local number with no phone-context.`,
		Text: `` + schemeDoc(&scheme.Tel) + `

A local number ("tel:555-1234") is dialled from wherever the reader is: RFC 3966 asks for the global
number ("+" and the country code), or a phone-context that says where the local one is dialled. Phones
dial such links all the same, and web pages write them on purpose for local readers: a local number
without phone-context is reported only with --strict. The Nu Html Checker accepts all of these: the rule
is a warning.`,
		Bad:  `tel:+1-800-FLOWERS  tel:+1%20555%200100  tel:555-1234 (with --strict)`,
		Good: `tel:+1-201-555-0123  tel:7042;phone-context=example.com  tel:+1-555-0100`,
		Fix:  `No fix is offered.`,
	},
	Run: func(p *lint.Pass) {
		reportScheme(p, &scheme.Tel, func(pr grammar.Violation) bool {
			switch {
			case p.Config.Strict:
				return true
			case pr.Code == scheme.TelDigits:
				return !standInWord(p.URI.Path.In(p.URI.Input))
			}
			return pr.Code != scheme.TelNoContext
		})
	},
}
