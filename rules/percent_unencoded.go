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
draft-ietf-urnbis-rfc2141bis-urn-03 2.5.3 must be percent-encoded:
- control characters and the space (where whitespace is not layout, as it is inside <...>);
- '"', "<", ">", "\", "^", the backtick, "{", "|" and "}";
- every non-ASCII character, as its UTF-8 octets (RFC 3986 section 2.5, RFC 8141 section 2);
- a second "#", inside a fragment;
- "[" and "]" outside an IP literal (the host of a sip or sips URI may be one: sip:alice@[::1]).

An IRI written in text or markup is reported here: URIs are ASCII. The braces of a URI Template
expression (RFC 6570), as in http://example.com/{id}, are not: a template is not a URI yet.

Bad:  http://example.com/a b  http://example.com/Москва  http://example.com/a|b  urn:example:café
Good: http://example.com/a%20b  http://example.com/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0

Fix: percent-encode the UTF-8 octets. It is safe, since the only way to read such a URI is with the
characters encoded, with three exceptions where the fix is not safe:
- a byte that is not UTF-8 (a file in Latin-1, say): encoding the byte keeps it, while the character
  meant is encoded otherwise in UTF-8;
- in a host name, an internationalized domain name is written in its IDNA A-label form (xn--...), as
  RFC 3986 section 3.2.2 recommends;
- in a link (an HTML attribute, a Markdown link destination), browsers read "\" as "/" and drop tabs
  and line breaks (the WHATWG URL Standard), so encoding them changes where the link goes.`,
	Run: func(p *lint.Pass) {
		u := p.URI
		markup := false
		switch p.Candidate.Context {
		case extract.ContextHTMLAttribute, extract.ContextHTMLMetaRefresh, extract.ContextMarkdownHTML,
			extract.ContextMarkdownLink, extract.ContextMarkdownImage, extract.ContextMarkdownDefinition,
			extract.ContextMarkdownAutolink:
			markup = true
		}
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
				fix.Message += " (an internationalized domain name is better written as its xn-- A-label)"
			case browser:
				fix.Message += ` (browsers read "\" as "/" and drop tabs and line breaks in links: check what was meant)`
			}
			return []lint.Fix{fix}
		})
	},
}
