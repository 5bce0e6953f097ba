package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// URIHyphenBreak reports a URI rejoined across a line break after a hyphen.
var URIHyphenBreak = &lint.Rule{
	Name:       "uri-hyphen-break",
	Category:   lint.Style,
	Severity:   lint.Warning,
	Certainty:  extract.Likely,
	DefaultOff: true,
	Doc: lint.Doc{
		Title: `A URI inside <...> was broken across lines right after a hyphen.`,
		Text: `Inside angle brackets, whitespace and line breaks are layout and are removed (RFC 3986 appendix C). But
"no whitespace should be introduced after a hyphen": typesetters add hyphens when they break lines, so
"the hyphen may or may not actually be part of the URI". urilint keeps the hyphen, and reports the break
so that someone checks.`,
		Bad: `
    <https://example.com/a-very-
     long-path>`,
		Good: `
    <https://example.com/a-very
     -long-path>`,
		Fix: `Fix (not safe): remove the hyphen, if a typesetter added it.`,
	},
	Run: func(p *lint.Pass) {
		for _, h := range p.Candidate.HyphenBreaks {
			p.Report(lint.Finding{Start: h, End: h + 1, InDocument: true,
				Message: `line break right after "-" inside <...>: the hyphen may have been added when the line was broken (RFC 3986 appendix C); check that it belongs to the URI, or break the line elsewhere`,
				Fixes:   []lint.Fix{{Message: "remove the hyphen", Edits: []lint.Edit{{Start: h, End: h + 1}}}}})
		}
	},
}
