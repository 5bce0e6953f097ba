package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules/scheme"
)

// URIMailtoSyntax reports a mailto URI that breaks RFC 6068.
var URIMailtoSyntax = &lint.Rule{
	Name:      "uri-mailto-syntax",
	Category:  lint.Syntax,
	Severity:  lint.Warning,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURI},
	Doc: lint.Doc{
		Title: `A mailto URI breaks RFC 6068: an address that is not one, or header fields written wrong.`,
		Text: `` + schemeDoc(&scheme.Mailto) + `

Mail programs guess at what such a link means, each in its own way, and the Nu Html Checker does not
look into mailto URIs: the rule is a warning. By default an address disguised against harvesters, "AT"
and "DOT" for "@" and "." ("mailto:joel DOT farquhar AT example DOT com", "name _at_ example _dot_
com", "srfi-editors+at+srfi+dot+schemers+dot+org"), is a stand-in, left to --strict: its author means the reader to mend it.`,
		Bad:  `mailto:someone  mailto:a@example.com;b@example.com  mailto:a@example.com&subject=Hi  mailto:a@example.com?subject`,
		Good: `mailto:someone@example.com  mailto:a@example.com,b@example.com  mailto:a@example.com?subject=Hi`,
		Fix:  `Fix (not safe): "," for a ";" between addresses, "?" for the "&" that starts the header fields.`,
	},
	Run: func(p *lint.Pass) {
		reportScheme(p, &scheme.Mailto, func(pr grammar.Violation) bool {
			return pr.Code != scheme.MailtoNoAt || p.Config.Strict || !standInWord(p.URI.Input[pr.Start:pr.End])
		})
	},
}
