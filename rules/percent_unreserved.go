package rules

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// PercentUnreserved reports a percent-encoded unreserved character outside
// URNs.
var PercentUnreserved = &lint.Rule{
	Name:       "percent-unreserved",
	Category:   lint.Style,
	Severity:   lint.Info,
	Certainty:  extract.Likely,
	DefaultOff: true,
	Kinds:      []extract.Kind{extract.KindURI, extract.KindRelativeRef},
	Doc: lint.Doc{
		Title: `An unreserved character (letter, digit, "-", ".", "_", "~") is percent-encoded in a URI.`,
		Text: `RFC 3986 section 2.3: percent-encoded unreserved characters "should not be created by URI producers and,
when found in a URI, should be decoded". URIs that differ only in that are equivalent (section
6.2.2.2), so decoding is safe. Never for URNs: RFC 8141 section 3 forbids decoding a URN's
percent-encodings, and "a123%2Cz456" and "a123,z456" are different URNs.`,
		Bad:  `http://example.com/%7Euser  http://example.com/a%2Db`,
		Good: `http://example.com/~user  http://example.com/a-b`,
		Fix: `Fix (safe): write the character itself. In running text, where --fix never applies a fix (the end of a
bare URI is a judgement), the fix offered is marked unsafe besides for "_" and "~", which Markdown may
read as emphasis or strikethrough, and for a "." that would end up last, where it would be read as the
sentence's full stop (RFC 3986 appendix C).

Not reported: "%2D" in a text fragment directive (#:~:text=...), where "-" separates a prefix or suffix
from the text and a literal "-" must stay encoded (the URL Fragment Text Directives specification).`,
	},
	Run: func(p *lint.Pass) {
		u := p.URI
		// bare: delimited by whitespace, with trailing punctuation trimmed;
		// running: in text that Markdown reads for emphasis.
		bare, running := false, false
		switch p.Candidate.Context {
		case extract.ContextText, extract.ContextQuoted:
			bare, running = true, true
		case extract.ContextCodeSpan, extract.ContextCodeBlock:
			bare = true
		}
		encodings(u.Input, func(i int, v byte) {
			if !decodable(u, i, v) {
				return
			}
			enc, c := u.Input[i:i+3], string(rune(v))
			safe := true
			switch {
			case running && (c == "_" || c == "~"):
				safe = false // Markdown emphasis or strikethrough
			case bare && c == "." && sentenceEnd(u.Input[i+3:]):
				safe = false // a "." at the end would be read as the sentence's
			}
			f := lint.Finding{Start: i, End: i + 3,
				Message: fmt.Sprintf("%q encodes the unreserved character %q; write it as is (RFC 3986 section 2.3)", enc, c),
				Fixes:   []lint.Fix{{Message: fmt.Sprintf("write %q", c), Safe: safe, Edits: []lint.Edit{{Start: i, End: i + 3, New: c}}}}}
			p.Report(f)
		})
	},
}

// sentenceEnd reports whether what follows a decoded "." in a URI delimited
// by whitespace would leave it at the end, once sentence punctuation is
// trimmed (RFC 3986 appendix C): more encoded dots or punctuation only.
func sentenceEnd(rest string) bool {
	for rest != "" {
		switch {
		case strings.HasPrefix(rest, "%2E") || strings.HasPrefix(rest, "%2e"):
			rest = rest[3:]
		case strings.IndexByte(".,;:!?*'", rest[0]) >= 0:
			rest = rest[1:]
		default:
			return false
		}
	}
	return true
}
