package rules

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules/urnns"
)

// URNNamespaceSyntax reports a URN whose NSS breaks the syntax of its
// namespace.
var URNNamespaceSyntax = &lint.Rule{
	Name:      "urn-namespace-syntax",
	Category:  lint.Syntax,
	Severity:  lint.Warning,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURN},
	Doc: lint.Doc{
		Title: `A URN's namespace-specific string (NSS) breaks the syntax its namespace defines.`,
		Text: `RFC 8141 leaves the NSS to each namespace, and the RFC that registered the namespace says what it holds.
The rule checks the NSS of a URN in these namespaces, matched exactly (urn:guid: is not urn:uuid:; a
NID that is a likely typo is urn-nid-unregistered's):

` + namespaceDoc() + `

A check digit that does not match (ISBN, ISSN) is a mistyped digit, and the message gives the right one.
An NSS that keeps its namespace's syntax but for a last "/" or ":" is the start of URNs that names
complete ("urn:dev:mac:0024befffe804ff1/", a SenML base name): not reported but with --strict.
The URN is still a URN to the generic syntax, and browsers do not look into it: the rule is a warning.`,
		Bad:  `urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf  urn:isbn:0-395-36341-2  urn:ietf:rfc:0123  urn:publicid:-//OASIS//DTD+DocBook+XML+V4.1.2//EN  urn:oid:1.3.06.1`,
		Good: `urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6  urn:isbn:0-395-36341-1  urn:ietf:rfc:123  urn:publicid:-:OASIS:DTD+DocBook+XML+V4.1.2:EN  urn:oid:1.3.6.1`,
		Fix: `Fix (not safe): the URN the author most likely meant, where there is one: the right check digit, a UUID
with its hyphens, an RFC number without leading zeros, a public identifier transcribed by RFC 3151's
rules, service labels in lower case.`,
	},
	Run: func(p *lint.Pass) {
		u := p.URI
		if u.As != grammar.AsURN || !u.NID.Present() || !u.NSS.Present() || u.NSS.End == u.NSS.Start {
			return
		}
		for _, pr := range u.Problems {
			if pr.Start < u.NSS.End && pr.End > u.NID.Start && pr.Code != grammar.NonASCII {
				return // a NID or NSS the grammar rejects: reported by the syntax rules
			}
		}
		nid, nss := u.NID.In(u.Input), u.NSS.In(u.Input)
		vs := urnns.Check(nid, nss)
		if len(vs) > 0 && !p.Config.Strict && prefixOfURN(nid, nss) {
			return
		}
		reportViolations(p, u.NSS.Start, vs, nil, func(v *grammar.Violation) string {
			return fmt.Sprintf("write %s", grammar.Quote(u.Input[:u.NSS.Start]+v.Fix)) // the NSS is v.Fix
		})
	},
}

// prefixOfURN reports whether nss, which breaks its namespace's syntax,
// ends in a "/" or ":" without which it keeps it: the start of URNs to
// which names are added, written on purpose ("urn:dev:mac:0024befffe804ff1/",
// a SenML base name, RFC 8428 section 4.5.1), not a URN of its own.
func prefixOfURN(nid, nss string) bool {
	n := len(nss)
	return n > 1 && (nss[n-1] == '/' || nss[n-1] == ':') && len(urnns.Check(nid, nss[:n-1])) == 0
}

// namespaceDoc lists each namespace's syntax with its RFC section.
func namespaceDoc() string {
	var b strings.Builder
	for i, n := range urnns.All {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "- %s (%s): %s.", n.NID, n.Spec, n.Syntax)
	}
	return b.String()
}
