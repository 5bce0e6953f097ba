package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URNUnencodedQuestion reports a "?" in a URN's NSS that starts neither an
// r-component nor a q-component.
var URNUnencodedQuestion = &lint.Rule{
	Name:         "urn-unencoded-question",
	Category:     lint.Syntax,
	Severity:     lint.Error,
	Certainty:    extract.Likely,
	Codes:        []grammar.Code{grammar.UnencodedQuestion},
	Kinds:        []extract.Kind{extract.KindURN},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `A "?" in a URN's namespace-specific string that starts neither "?+" nor "?=".`,
		Text: `RFC 8141 section 2: "a '?' that is not immediately followed by '=' or '+' is not defined for URNs and
SHOULD be treated as a syntax error". Documents still carry the component syntaxes of earlier drafts,
and the message says which one a "?" most likely comes from:
- the 2015 URNbis draft started a q-component with "?" and an r-component with "??";
- draft-ietf-urnbis-rfc2141bis-urn-03 (2012) added query directives such as "?s=I2U".

RFC 8141 writes an r-component "?+" and a q-component "?=". A literal "?" is percent-encoded as %3F.

By default a URN is checked where its extent is certain: a link, an XML namespace name, a value in
<...>, a value to validate. Bare in running text, and in an XML attribute value read as text, it is
checked only with --strict: there a "?" most often starts what was built onto the URN, as XMPP's
pubsub node names do ("urn:xmpp:pubsub-attachments:1/xmpp:juliet@capulet.lit?;node=..."), and on
real documents none of those reports was a slip.`,
		Bad:  `urn:example:a?b  urn:example:a??resolve  urn:example:a?s=I2U`,
		Good: `urn:example:a?=b  urn:example:a%3Fb`,
		Fix: `Fixes (not safe, since they change the URN): write "?+" for "??", write "?=" for "?", or
percent-encode the "?".`,
	},
	Run: func(p *lint.Pass) {
		if !p.Config.Strict && runningText(p.Candidate.Context) {
			return
		}
		uri := p.URI.Input
		for pr := range p.Problems {
			f := lint.Finding{Start: pr.Start, End: pr.End, Message: pr.Message(uri)}
			text, rest := uri[pr.Start:pr.End], uri[pr.End:]
			// A component delimiter only where a component follows: "?="
			// or "?+" followed by nothing or "#" is an empty component.
			component := rest != "" && rest[0] != '#'
			switch {
			case !component:
			case text == "??":
				f.Fixes = append(f.Fixes, lint.Fix{Message: `write the r-component delimiter "?+"`, Edits: []lint.Edit{{Start: pr.Start, End: pr.End, New: "?+"}}})
			case text == "?" && !strings.HasPrefix(rest, "?"):
				f.Fixes = append(f.Fixes, lint.Fix{Message: `write the q-component delimiter "?="`, Edits: []lint.Edit{{Start: pr.Start, End: pr.End, New: "?="}}})
			}
			f.Fixes = append(f.Fixes, encodeFix(uri, pr.Start, pr.End, false))
			p.Report(f)
		}
	},
}
