package rules

import (
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/iana"
	"github.com/urilint/urilint/lint"
)

// URNNIDReserved reports a NID that RFC 8141 section 5 reserves.
var URNNIDReserved = &lint.Rule{
	Name:      "urn-nid-reserved",
	Category:  lint.Policy,
	Severity:  lint.Error,
	Certainty: extract.Likely,
	Codes:     []grammar.Code{grammar.NIDReserved},
	Kinds:     []extract.Kind{extract.KindURN},
	Doc: lint.Doc{
		Title: `A URN's namespace identifier (NID) is one that can never be registered.`,
		Text: `RFC 8141 section 5 constrains NIDs beyond their syntax:
- "urn" itself is reserved (RFC 2141 section 2.1; draft-ietf-urnbis-rfc2141bis-urn-03 section 2.1);
- "X-" started the experimental namespaces of RFC 3406. RFC 8141 appendix C removed them, and "strings
  conforming to URN syntax within experimental URN namespaces are not valid URNs". Use urn:example for
  experiments;
- "urn-" starts informal namespaces, which IANA numbers: "urn-" and a number without leading zeros
  (section 5.2);
- a formal NID must be more than two characters long. It must not start with two letters and "-",
  which is kept for country codes, nor with "xn--" or another two letters and "--", kept for DNS A-labels
  (section 5.1).

A NID in the IANA registry, or allowed by the configuration, is exempt from the last two. By default
the rule reports only "urn" and malformed informal NIDs, which are slips; the "X-", two-letter and
country-code forms, which documents use on purpose for private namespaces, are reported with --strict. Under
--urn-syntax rfc2141 only "urn" is reserved: the other constraints are RFC 8141's, and documents written
against RFC 2141 could use experimental "X-" namespaces (RFC 3406).`,
		Bad:  `urn:urn:x  urn:urn-01:x  urn:X-foo:x (--strict)  urn:de-bund:x (--strict)  urn:ab:x (--strict)`,
		Good: `urn:example:x  urn:urn-7:x`,
		Fix:  `No fix is offered.`,
	},
	Run: func(p *lint.Pass) {
		nid, ok := validNID(p)
		if !ok || p.URI.Syntax == grammar.RFC2141 && !strings.EqualFold(nid, "urn") {
			return
		}
		msg := reservedNID(nid, p.Config)
		if msg == "" || !p.Config.Strict && deliberateNID(nid) {
			return
		}
		p.Reportf(p.URI.NID.Start, p.URI.NID.End, "%s", msg)
	},
}

// validNID returns the NID of a URN whose NID has no syntax problem.
func validNID(p *lint.Pass) (string, bool) {
	u := p.URI
	if u.As != grammar.AsURN || !u.NID.Present() {
		return "", false
	}
	for _, pr := range u.Problems {
		if slices.Contains(URNNIDSyntax.Codes, pr.Code) {
			return "", false
		}
	}
	return u.NID.In(u.Input), true
}

// reservedNID says why a NID is reserved, or "". Its cases match the
// nid_policy labels of the conformance cases: reserved-urn, x-prefix,
// bad-informal-form, two-letter-prefix, too-short-for-formal.
func reservedNID(nid string, cfg *lint.Config) string {
	n := strings.ToLower(nid)
	registered := func() bool {
		_, ok := iana.LookupNamespace(n)
		return ok || cfg.AllowedNIDs[n]
	}
	switch {
	case n == "urn":
		return `namespace identifier "urn" is reserved (RFC 2141 section 2.1)`
	case strings.HasPrefix(n, "x-"):
		return `namespace identifier "` + nid + `": experimental "X-" namespaces are not valid URNs (RFC 8141 appendix C); use "urn:example:" for experiments`
	case strings.HasPrefix(n, "urn-") && !informalNumber(n[4:]):
		return `namespace identifier "` + nid + `": informal namespaces are "urn-" and a number without leading zeros (RFC 8141 section 5.2)`
	case len(n) >= 3 && grammar.IsAlpha(n[0]) && grammar.IsAlpha(n[1]) && n[2] == '-' && !registered():
		if len(n) > 3 && n[3] == '-' {
			return `namespace identifier "` + nid + `": two letters and "--" (such as "xn--") are reserved for DNS A-labels (RFC 8141 section 5.1)`
		}
		return `namespace identifier "` + nid + `": two letters and "-" are reserved for country-code namespaces (RFC 8141 section 5.1)`
	case len(n) <= 2 && !registered():
		return `namespace identifier "` + nid + `": a formal namespace identifier must be more than two characters long (RFC 8141 section 5.1)`
	}
	return ""
}

// deliberateNID reports whether a reserved NID is one that documents use
// on purpose, which the rule reports only with --strict: an experimental
// "X-" namespace, a NID of two letters or fewer, or one of two letters and
// "-" (a private namespace named so, "urn:pp:", "urn:de-bund:"). "urn"
// itself and a malformed informal NID ("urn-01") are slips.
func deliberateNID(nid string) bool {
	n := strings.ToLower(nid)
	return n != "urn" && !strings.HasPrefix(n, "urn-")
}

// informalNumber reports whether s is a number without leading zeros.
func informalNumber(s string) bool {
	if s == "" || s[0] == '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
