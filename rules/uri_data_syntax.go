package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules/scheme"
)

// URIDataSyntax reports a data URI that breaks RFC 2397.
var URIDataSyntax = &lint.Rule{
	Name:      "uri-data-syntax",
	Category:  lint.Syntax,
	Severity:  lint.Error,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURI},
	Doc: lint.Doc{
		Title: `A data URI breaks RFC 2397: no ",", a malformed media type or parameter, or ";base64" data that is not base64.`,
		Text: `` + schemeDoc(&scheme.Data) + `

Browsers fail on a data URL without "," or with base64 data they cannot decode, and the Nu Html
Checker rejects all of these, the parameter without "=" included ("data:image/svg+xml;utf8,...", which
browsers take: the media type is then ignored). In running text, a data URI without "," is the prefix
being talked about ("data:image/png;base64 URLs"), reported only with --strict.`,
		Bad:  `data:text/plain  data:;base64,SGVsbG8  data:text,hello  data:image/svg+xml;utf8,<svg/>`,
		Good: `data:text/plain,hello  data:;base64,SGVsbG8=  data:text/plain,hello  data:image/svg+xml;charset=utf-8,%3Csvg/%3E`,
		Fix:  `No fix is offered.`,
	},
	Run: func(p *lint.Pass) {
		reportScheme(p, &scheme.Data, func(pr grammar.Violation) bool {
			c := pr.Code
			switch c {
			case scheme.DataNoComma:
				return p.Config.Strict || !runningText(p.Candidate.Context)
			case scheme.DataBase64:
				// Base64 is checked as a whole (its length): data with a
				// placeholder in it is not the author's text yet.
				return !p.Masked(strings.IndexByte(p.URI.Input, ',')+1, len(p.URI.Input))
			}
			return true
		})
	},
}
