package rules

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules/scheme"
)

// reportScheme runs the checker of s on the URI of p, if its scheme is one
// of s's, and reports each violation that keep (if not nil) keeps (see
// reportViolations).
func reportScheme(p *lint.Pass, s *scheme.Scheme, keep func(grammar.Violation) bool) {
	u := p.URI
	if u.As == grammar.AsURN || !u.Scheme.Present() || scheme.Lookup(u.Scheme.In(u.Input)) != s {
		return
	}
	for _, pr := range u.Problems {
		if pr.Start < u.Scheme.End && (pr.Code == grammar.SchemeEmpty || pr.Code == grammar.SchemeStart || pr.Code == grammar.SchemeChar) {
			return
		}
	}
	reportViolations(p, 0, s.Check(u), keep, nil)
}

// reportViolations reports the violations vs, found by the checker of a
// scheme (base 0: their offsets are the URI's) or of a URN namespace
// (base: the offset of the NSS in the URI), each that keep (if not nil)
// keeps and that touches no placeholder, as a lint.Finding: the one
// adapter from a checker's vocabulary to the rules'. A fix is never safe:
// it is the likely intent, not a certainty. fixMessage writes the message
// of a fix whose checker left it to the rule.
func reportViolations(p *lint.Pass, base int, vs []grammar.Violation, keep func(grammar.Violation) bool, fixMessage func(v *grammar.Violation) string) {
	for i := range vs {
		v := &vs[i]
		if keep != nil && !keep(*v) || p.Masked(base+v.Start, base+v.End) {
			continue
		}
		f := lint.Finding{Start: base + v.Start, End: base + v.End, Message: v.Message}
		if v.HasFix() {
			msg := v.FixMessage
			if msg == "" {
				msg = fixMessage(v)
			}
			f.Fixes = []lint.Fix{{Message: msg, Edits: []lint.Edit{{Start: base + v.FixStart, End: base + v.FixEnd, New: v.Fix}}}}
		}
		p.Report(f)
	}
}

// schemeDoc is the paragraph of a rule's Doc that states the syntax
// checked, with its specification, from the checker's own description.
func schemeDoc(s *scheme.Scheme) string {
	return fmt.Sprintf("%s (%s): %s.", strings.Join(s.Names, ", "), s.Spec, s.Syntax)
}

// standInWord reports whether s, written where an address or a number
// goes, is a word that stands for one: letters, digits, "_" and "-", with
// a capital ("EmailAddress", "ADDRESS", "NUMBER"), as documents write what
// the reader fills in ("<mailto:EmailAddress>"). (Outside --strict.)
func standInWord(s string) bool {
	capital := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'A' <= c && c <= 'Z':
			capital = true
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_', c == '-':
		default:
			return false
		}
	}
	return capital
}
