package rules

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules/scheme"
)

// reportScheme runs the checker of s on the URI of p, if its scheme is one
// of s's, and reports each problem that keep (if not nil) keeps, with its
// fix (never safe: the fix is the likely intent, not a certainty).
func reportScheme(p *lint.Pass, s *scheme.Scheme, keep func(scheme.Problem) bool) {
	u := p.URI
	if u.As == grammar.AsURN || !u.Scheme.Present() || scheme.Lookup(u.Scheme.In(u.Input)) != s {
		return
	}
	for _, pr := range u.Problems {
		if pr.Start < u.Scheme.End && (pr.Code == grammar.SchemeEmpty || pr.Code == grammar.SchemeStart || pr.Code == grammar.SchemeChar) {
			return
		}
	}
	for _, pr := range s.Check(u) {
		if keep != nil && !keep(pr) || p.Masked(pr.Start, pr.End) {
			continue
		}
		f := lint.Finding{Start: pr.Start, End: pr.End, Message: pr.Message}
		if pr.FixMessage != "" {
			f.Fixes = []lint.Fix{{Message: pr.FixMessage, Edits: []lint.Edit{{Start: pr.FixStart, End: pr.FixEnd, New: pr.Fix}}}}
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
