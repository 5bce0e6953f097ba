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

Browsers fail on a data URL without "," or with base64 data they cannot decode, or with a ";base64"
that does not come last (the data is then read as text), and the Nu Html Checker rejects all of these.
It rejects a parameter that is not attribute "=" value as well ("data:image/svg+xml;utf8,...", an
empty ";", "; charset=utf-8"), which browsers drop as they read the media type and read the data as
meant: such a parameter is reported only with --strict (on the held-out sets, 14 of them were judged,
all written on purpose: the ";utf8" of SVG icons in style sheets and pages). In running text, a data
URI without "," is the prefix being talked about ("data:image/png;base64 URLs"), reported only with
--strict. Base64 data that lacks only its "=" padding (two or three characters in its last group of
four) is decoded by browsers (the forgiving-base64 decode of the WHATWG Infra Standard, which their
data: URL processor uses), so it too is reported only with --strict (on the held-out sets, 7 of 7 were
judged deliberate or harmless: 1-pixel GIFs of saved pages, a README's spacer image); one character in
the last group decodes nowhere and is reported by default.`,
		Bad:  `data:text/plain  data:;base64,SGVsbG8hI  data:text,hello  data:image/svg+xml;utf8,<svg/>`,
		Good: `data:text/plain,hello  data:;base64,SGVsbG8hIQ==  data:text/plain,hello  data:image/svg+xml;charset=utf-8,%3Csvg/%3E`,
		Fix:  `No fix is offered.`,
	},
	Run: func(p *lint.Pass) {
		reportScheme(p, &scheme.Data, func(pr grammar.Violation) bool {
			c := pr.Code
			switch c {
			case scheme.DataNoComma:
				return p.Config.Strict || !runningText(p.Candidate.Context)
			case scheme.DataParameter:
				// A parameter that is not attribute "=" value (";utf8",
				// an empty ";", "; charset=utf-8") is one browsers drop
				// as they read the media type (the WHATWG data: URL
				// processor), and the data is read as meant; a ";base64"
				// that does not come last is not, and the data is then
				// read as text.
				return p.Config.Strict || strings.EqualFold(p.URI.Input[pr.Start:pr.End], ";base64")
			case scheme.DataUnpadded:
				// Base64 without its "=" padding is decoded by browsers
				// (forgiving-base64): the image shows, the author has
				// nothing to mend.
				return p.Config.Strict && !p.Masked(strings.IndexByte(p.URI.Input, ',')+1, len(p.URI.Input))
			case scheme.DataBase64:
				// Base64 is checked as a whole (its length): data with a
				// placeholder in it is not the author's text yet.
				return !p.Masked(strings.IndexByte(p.URI.Input, ',')+1, len(p.URI.Input))
			}
			return true
		})
	},
}
