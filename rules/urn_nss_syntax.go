package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URNNSSSyntax reports a missing, empty or malformed namespace-specific
// string.
var URNNSSSyntax = &lint.Rule{
	Name:         "urn-nss-syntax",
	Category:     lint.Syntax,
	Severity:     lint.Error,
	Certainty:    extract.Likely,
	Codes:        []grammar.Code{grammar.NSSMissing, grammar.NSSEmpty, grammar.NSSStart, grammar.NSSChar},
	Kinds:        []extract.Kind{extract.KindURN},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `A URN's namespace-specific string (NSS) is missing, empty or malformed.`,
		Text: `RFC 8141 section 2: assigned-name = "urn" ":" NID ":" NSS, and NSS = pchar *(pchar / "/"). The rule
reports a URN with no NSS at all ("urn:example"), an empty one ("urn:example:"), and an NSS that starts
with "/". Characters that must be percent-encoded are reported by percent-unencoded, and an
unencoded "?" by urn-unencoded-question.

With --urn-syntax rfc2141, RFC 2141's character set applies: letters, digits, "()+,-.:=@;$_!*'" and
percent-encodings. "/", "?" and "#" are reserved there, and "~" and "&" are not allowed, so each must be
percent-encoded.`,
		Bad:  `urn:example  urn:example:  urn:example:/a`,
		Good: `urn:example:a/b`,
		Fix:  `Fix (not safe): percent-encode a leading "/" or a character RFC 2141 does not allow.`,
	},
	Run: func(p *lint.Pass) {
		reportProblems(p, func(pr grammar.Problem) []lint.Fix {
			if pr.Code == grammar.NSSStart || pr.Code == grammar.NSSChar {
				return []lint.Fix{encodeFix(p.URI.Input, pr.Start, pr.End, false)}
			}
			return nil
		})
	},
}
