package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// URIURLPrefix reports the old "URL:" prefix.
var URIURLPrefix = &lint.Rule{
	Name:       "uri-url-prefix",
	Category:   lint.Style,
	Severity:   lint.Info,
	Certainty:  extract.Likely,
	DefaultOff: true,
	Doc: lint.Doc{
		Title: `A URI is written with the "URL:" prefix, <URL:http://...>.`,
		Text: `RFC 3986 appendix C: 'The prefix "URL:" (with or without a trailing space) was formerly recommended as a
way to help distinguish a URI from other bracketed designators, though it is not commonly used in
practice and is no longer recommended.' The 1993 URL draft introduced it. The angle brackets alone
delimit a URI.`,
		Bad:  `<URL:http://example.com/>`,
		Good: `<http://example.com/>`,
		Fix:  `Fix (safe: the prefix is not part of the URI): remove the prefix.`,
	},
	Run: func(p *lint.Pass) {
		c := p.Candidate
		if c.PrefixStart < 0 { // only <URL:...> has one; the context may be code-span
			return
		}
		p.Report(lint.Finding{Start: c.PrefixStart, End: c.Start, InDocument: true,
			Message: `the "URL:" prefix is no longer recommended (RFC 3986 appendix C); the angle brackets delimit the URI`,
			Fixes:   []lint.Fix{{Message: `remove "URL:"`, Safe: true, Edits: []lint.Edit{{Start: c.PrefixStart, End: c.Start}}}}})
	},
}
