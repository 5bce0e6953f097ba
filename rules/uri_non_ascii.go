package rules

import (
	"fmt"

	"golang.org/x/net/idna"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URINonASCII reports non-ASCII characters in a URI: an IRI where a URI is
// asked for.
var URINonASCII = &lint.Rule{
	Name:         "uri-non-ascii",
	Category:     lint.Syntax,
	Severity:     lint.Warning,
	Certainty:    extract.Likely,
	Codes:        []grammar.Code{grammar.NonASCII},
	ProblemsOnly: true,
	DefaultOff:   true,
	Doc: lint.Doc{
		Title: `A URI holds non-ASCII characters: it is an IRI, not a URI.`,
		Text: `URIs are ASCII (RFC 3986 section 2): a non-ASCII character is written as the percent-encoding of its
UTF-8 octets, and a non-ASCII host name as its IDNA A-label (xn--...). An IRI (RFC 3987) may hold them
as they are, and so may a URL in a browser: the WHATWG URL Standard counts every character from U+00A0
on (but noncharacters) among the URL code points, and browsers percent-encode them when they follow the
link. So:
- in Markdown and HTML, whose links browsers follow (a bare URI in Markdown text is a link on GitHub
  and in most renderers too), and in XML, whose namespace names, schema locations, links and RDF
  identifiers are IRIs (Namespaces in XML 1.1, XML Schema's anyURI, XLink 1.1, RDF 1.1), a non-ASCII
  character in a URI is valid, and this rule reports it only with --strict;
- in plain text, where RFC 3986 governs, and in every URN (RFC 8141 section 2 is ASCII only), it
  reports them at its default severity.

Characters that no standard allows, non-ASCII or not (C1 controls, noncharacters, bytes that are not
UTF-8, the space, "<", ">", "|", ...), are reported by percent-unencoded at every level.

The rule is off by default: on documents nobody here tuned it on, every one of its reports was an IRI
written on purpose (an example of internationalized identifiers, a name in the author's language),
none a slip. Standards editors who want their plain text to the letter of RFC 3986 turn it on.`,
		Bad:  `urn:example:café  http://example.com/Москва`,
		Good: `urn:example:caf%C3%A9  http://example.com/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0`,
		Fix: `Fix: percent-encode the UTF-8 octets (RFC 3987 section 3.1, mapping an IRI to a URI), which is safe:
it never changes what the identifier means. In a host name, the A-label (RFC 5891) is offered
instead, and not as safe: IDNA's mappings differ between its versions for a few characters ("ß").`,
	},
	Run: func(p *lint.Pass) {
		if p.Format != extract.FormatText && p.Candidate.Kind != extract.KindURN && !p.Config.Strict {
			return // on the web, where IRIs work
		}
		u := p.URI
		reportProblems(p, func(pr grammar.Problem) []lint.Fix {
			if u.Host.Present() && pr.Start >= u.Host.Start && pr.End <= u.Host.End {
				host := u.Host.In(u.Input)
				ace, err := idna.Lookup.ToASCII(host)
				if err != nil || ace == host {
					return nil
				}
				return []lint.Fix{{Message: fmt.Sprintf("write the host name as its A-label %q", ace),
					Edits: []lint.Edit{{Start: u.Host.Start, End: u.Host.End, New: ace}}}}
			}
			return []lint.Fix{encodeFix(u.Input, pr.Start, pr.End, true)}
		})
	},
}
