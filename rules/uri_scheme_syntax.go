package rules

import (
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URISchemeSyntax reports a malformed or missing scheme.
var URISchemeSyntax = &lint.Rule{
	Name:     "uri-scheme-syntax",
	Category: lint.Syntax,
	Severity: lint.Error,
	Codes: []grammar.Code{grammar.SchemeMissing, grammar.SchemeEmpty, grammar.SchemeStart, grammar.SchemeChar,
		grammar.NotURN, grammar.RelativeColon},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `A URI's scheme is malformed or missing.`,
		Text: `RFC 3986 section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ). A scheme starts with a letter
and holds only letters, digits, "+", "-" and ".", and nothing else can stand in for it. The rule also
reports a relative reference whose first path segment holds a ":", which would be read as a scheme
(section 4.2). In a link destination this is usually a typo, such as "(https://...)" written inside a
Markdown link's parentheses.`,
		Bad:  `(https://example.com/  1http:x  h_ttp://example.com/`,
		Good: `https://example.com/`,
		Fix:  `No fix is offered.`,
	},
	Run: func(p *lint.Pass) { reportProblems(p, nil) },
}
