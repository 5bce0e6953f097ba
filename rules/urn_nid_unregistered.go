package rules

import (
	"fmt"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/iana"
	"github.com/urilint/urilint/internal/suggest"
	"github.com/urilint/urilint/lint"
)

// URNNIDUnregistered reports a NID that is not in the IANA registry.
var URNNIDUnregistered = &lint.Rule{
	Name:      "urn-nid-unregistered",
	Category:  lint.Policy,
	Severity:  lint.Warning,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURN},
	Doc: lint.Doc{
		Title: `A URN's namespace identifier (NID) is not in the IANA registry.`,
		Text: `A URN namespace exists once IANA registers it (RFC 8141 section 6): in its "Uniform Resource Names
(URN) Namespaces" registry, formal NIDs by name and informal ones as "urn-" and a number. A URN in an
unregistered namespace is only syntactically a URN. When the NID is one edit away from a registered
one (two, for long NIDs), the message suggests it. The registry snapshot is in iana/urn-namespaces.csv.
NIDs are compared ignoring case. "example" (RFC 6963) is registered, for examples and experiments.

By default only a NID that is a likely typo of a registered one is reported: on real documents, the
other unregistered NIDs were private namespaces used on purpose (urn:mozilla:). A registered NID with
letters added at the end names a variant of it, as scheme variants do (ftps, imaps), and is no typo
(urn:xmpps:, but not urn:isbnn:, whose added letter repeats the last). With --strict, every
unregistered NID is reported.

Private namespaces that a team uses on purpose can be allowed in the configuration. NIDs that can never
be registered are reported by urn-nid-reserved instead.`,
		Bad:  `urn:isbm:0-395-36341-1  urn:mycorp:x (with --strict)`,
		Good: `urn:isbn:0-395-36341-1`,
		Fix:  `Fix (not safe): the suggested registered NID.`,
	},
	Run: func(p *lint.Pass) {
		nid, ok := validNID(p)
		if !ok || reservedNID(nid, p.Config) != "" {
			return
		}
		if _, ok := iana.LookupNamespace(nid); ok { // compared ignoring case
			return
		}
		n := strings.ToLower(nid)
		if p.Config.AllowedNIDs[n] {
			return
		}
		s := suggestNID(n)
		if base, isVariant := extended(n, func(b string) bool { _, ok := iana.LookupNamespace(b); return ok }); isVariant && !plural(n, base) {
			s = "" // a variant of a registered namespace ("xmpps"), named so on purpose
		}
		if s == "" && !p.Config.Strict {
			return // no likely typo: a private namespace, on purpose
		}
		f := lint.Finding{Start: p.URI.NID.Start, End: p.URI.NID.End,
			Message: fmt.Sprintf("namespace identifier %s is not in the IANA URN namespace registry", grammar.Quote(nid))}
		if s != "" {
			f.Message += fmt.Sprintf("; did you mean %q?", s)
			f.Fixes = []lint.Fix{{Message: fmt.Sprintf("use the registered namespace %q", s),
				Edits: []lint.Edit{{Start: f.Start, End: f.End, New: s}}}}
		}
		p.Report(f)
	},
}

// registeredNIDs lists the formal NIDs of the registry (informal ones are
// numbers, which a typo does not suggest).
var registeredNIDs = sync.OnceValue(func() []string {
	var nids []string
	for _, n := range iana.Namespaces() {
		if n.Kind == iana.Formal {
			nids = append(nids, n.NID)
		}
	}
	return nids
})

// commonNIDs are the namespaces most written, the only ones a short NID is
// compared with.
var commonNIDs = []string{"ietf", "isbn", "issn", "uuid", "oid", "iso", "ieee", "mpeg", "oasis", "ogc", "xmpp", "epc", "nbn", "isni", "lex", "example"}

// suggestNID returns the registered NID most likely meant by the
// unregistered NID n (in lower case), or "", with the restraint of
// suggestScheme: a NID of three letters is one edit from too many words
// ("cid" from "oid", "edu" from "ebu", "rsa" from "csa") to suggest any;
// one of four or five letters is only compared with the common namespaces
// ("isbm" is "isbn", but "fips" is no "fipa"); a longer one with every
// formal NID ("services" is "service"). Only one edit away: two find
// words, not slips.
func suggestNID(n string) string {
	switch {
	case len(n) <= 3:
		return ""
	case len(n) <= 5:
		return suggest.Within(n, commonNIDs, 1)
	}
	return suggest.Within(n, registeredNIDs(), 1)
}

// plural reports whether n is the word base with an "s" added, a plural
// ("services" for "service"), which is a slip rather than a variant as
// "xmpps" is: base is a word of five letters or more with a vowel, not an
// acronym.
func plural(n, base string) bool {
	return len(base) >= 5 && n == base+"s" && strings.ContainsAny(base, "aeiou")
}
