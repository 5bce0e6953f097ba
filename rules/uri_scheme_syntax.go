package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URISchemeSyntax reports a malformed or missing scheme.
var URISchemeSyntax = &lint.Rule{
	Name:      "uri-scheme-syntax",
	Category:  lint.Syntax,
	Severity:  lint.Error,
	Certainty: extract.Likely,
	Codes: []grammar.Code{grammar.SchemeMissing, grammar.SchemeEmpty, grammar.SchemeStart, grammar.SchemeChar,
		grammar.NotURN},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `A URI's scheme is malformed or missing.`,
		Text: `RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). A scheme starts with a letter
and holds only letters, digits, "+", "-" and ".", and nothing else can stand in for it.

In a link (a Markdown link destination, an HTML or XML attribute that holds a URL), browsers read a
value whose scheme is malformed as a relative path instead: uri-relative-colon reports it there, as a
warning. This rule reports malformed schemes in running text and in values to validate.`,
		Bad:  `(https://example.com/  1http:x  h_ttp://example.com/ (in running text)`,
		Good: `https://example.com/`,
		Fix:  `No fix is offered.`,
	},
	Run: func(p *lint.Pass) { reportProblems(p, nil) },
}
