package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URNNIDSyntax reports a malformed namespace identifier.
var URNNIDSyntax = &lint.Rule{
	Name:      "urn-nid-syntax",
	Category:  lint.Syntax,
	Severity:  lint.Error,
	Certainty: extract.Likely,
	Codes: []grammar.Code{grammar.NIDEmpty, grammar.NIDChar, grammar.NIDTooShort, grammar.NIDTooLong,
		grammar.NIDLeadingHyphen, grammar.NIDTrailingHyphen},
	Kinds:        []extract.Kind{extract.KindURN},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `The namespace identifier (NID) of a URN is malformed.`,
		Text: `RFC 8141 section 2 defines NID = (alphanum) 0*30(ldh) (alphanum): 2 to 32 ASCII letters, digits and
hyphens, neither starting nor ending with a hyphen. Nothing else may appear in it, and it cannot be
percent-encoded. The rule reports an empty NID, a NID that is too short or too long, a leading or
trailing hyphen, and any other character.

With --urn-syntax rfc2141, RFC 2141's rule applies instead: 1 to 32 letters, digits and hyphens, not
starting with a hyphen (a trailing one is allowed). The reserved NID "urn" is reported by
urn-nid-reserved.

By default, a bare "urn:" in running text whose NID holds a "." or a "/" is not reported: a domain or a
path as namespace ("urn:cen.eu:en16931:2017", the identifier EN 16931 gives a specification;
"urn:jbpm.org:jpdl-3.2") is a name of another convention, which a standard or a program fixes, not a URN
with a slip in it; nor is one that names an XML namespace ("urn:hl7-org/v3-example" in HL7's schemas),
which the vocabulary's publisher fixes and every document that uses it copies, unless what comes
before the "." or "/" is a registered NID ("urn:example.edit", a ":" mistyped). In a link it is
reported; --strict reports it everywhere. Nor, by default, a one-letter NID in the name of an XML
namespace that is "urn:" and one word ("urn:a", libxml2's tests'): a short name of the document's own
(see urn-nss-syntax).`,
		Bad:  `urn:a:b  urn:-x:y  urn:x_y:z  urn::z`,
		Good: `urn:example:b`,
		Fix: `An empty NID followed by more ("urn::xmpp:styling:0", a ":" typed twice) is fixed by removing the
extra ":" (safe). For other problems no fix is offered: only the author knows the intended namespace.`,
	},
	Run: func(p *lint.Pass) {
		u := p.URI
		var skip func(grammar.Problem) bool
		if shortNamespaceName(p) {
			skip = func(pr grammar.Problem) bool { return pr.Code == grammar.NIDTooShort }
		}
		reportProblemsBut(p, skip, func(pr grammar.Problem, f *lint.Finding) {
			if pr.Code != grammar.NIDEmpty || pr.Start >= len(u.Input) || u.Input[pr.Start] != ':' || !strings.Contains(u.NSS.In(u.Input), ":") {
				return
			}
			f.Fixes = []lint.Fix{{Message: `remove the extra ":"`, Safe: true, Edits: []lint.Edit{{Start: pr.Start, End: pr.Start + 1}}}}
		})
	},
}
