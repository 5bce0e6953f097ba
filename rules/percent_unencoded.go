package rules

import (
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// PercentUnencoded reports a character that must be percent-encoded.
var PercentUnencoded = &lint.Rule{
	Name:         "percent-unencoded",
	Category:     lint.Syntax,
	Severity:     lint.Error,
	Codes:        []extract.Code{extract.Unencoded},
	ProblemsOnly: true,
	Doc: `A character that can only appear in a URI percent-encoded appears literally.

RFC 3986 section 2 and appendix A admit no other characters. The excluded ones of RFC 2396bis 2.4.3 and
draft-ietf-urnbis-rfc2141bis-urn-03 2.5.3 must be percent-encoded, and no other standard admits them
either (not RFC 3987 for IRIs, nor the WHATWG URL Standard for links):
- control characters (C1 controls too) and the space (where whitespace is not layout, as it is inside
  <...>);
- '"', "<", ">", "\", "^", the backtick, "{", "|" and "}";
- a byte that is not UTF-8, and a Unicode noncharacter;
- a second "#", inside a fragment;
- "[" and "]" outside an IP literal (the host of a sip or sips URI may be one: sip:alice@[::1]).

Other non-ASCII characters make an IRI, which uri-non-ascii reports. The braces of a URI Template
expression (RFC 6570), as in http://example.com/{id}, and other placeholders are not reported: a
template is not a URI yet.

Bad:  http://example.com/a b  http://example.com/a|b  http://example.com/a^b
Good: http://example.com/a%20b  http://example.com/a%7Cb

Fix: percent-encode the octets. It is safe, since the only way to read such a URI is with the
characters encoded, with three exceptions where the fix is not safe:
- a byte that is not UTF-8 (a file in Latin-1, say): encoding the byte keeps it, while the character
  meant is encoded otherwise in UTF-8;
- in a host name, where no such character can be;
- in a link (an HTML attribute, a Markdown link destination), browsers read "\" as "/" and drop tabs
  and line breaks (the WHATWG URL Standard), so encoding them changes where the link goes.`,
	Run: func(p *lint.Pass) {
		u := p.URI
		markup := p.Candidate.Context.IsLink()
		reportProblems(p, func(pr extract.Problem) []lint.Fix {
			text := u.Input[pr.Start:pr.End]
			inHost := u.Host.Present() && pr.Start >= u.Host.Start && pr.End <= u.Host.End
			browser := markup && strings.ContainsAny(text, "\\\t\n\r")
			notUTF8 := !utf8.ValidString(text)
			fix := encodeFix(u.Input, pr.Start, pr.End, !inHost && !browser && !notUTF8)
			switch {
			case notUTF8:
				fix.Message += " (the byte is not UTF-8: the file may be in another encoding, such as Latin-1, and the character meant is then encoded otherwise)"
			case inHost:
				fix.Message += " (a host name cannot hold it: check what was meant)"
			case browser:
				fix.Message += ` (browsers read "\" as "/" and drop tabs and line breaks in links: check what was meant)`
			}
			return []lint.Fix{fix}
		})
	},
}
