package urnns

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/internal/specexamples"
)

var update = flag.Bool("update", false, "rewrite testdata/specs/urn-examples.txt from ../shared/specs/urn-namespaces")

// TestExamples checks that every URN the namespace RFCs give, in a
// namespace with a checker, is accepted by it, but those listed as not
// examples (code, templates) or as errata, with the reason.
func TestExamples(t *testing.T) {
	es := specexamples.Load(t, filepath.Join("..", "..", "..", "shared", "specs", "urn-namespaces"),
		filepath.Join("..", "..", "testdata", "specs", "urn-examples.txt"),
		"The URNs of ../shared/specs/urn-namespaces in a namespace that package rules/urnns checks, and whether\n"+
			"it accepts each (ok), or why not. Written by go test ./rules/urnns -run Examples -update, which keeps\n"+
			"the verdicts that are not ok.",
		func(u *grammar.Parsed) bool {
			return u.As == grammar.AsURN && u.NSS.Present() && Lookup(u.NID.In(u.Input)) != nil
		}, *update)
	specexamples.Verify(t, es, func(v string) string {
		u := grammar.Parse(v, grammar.AsURN, grammar.RFC8141)
		if ps := Check(u.NID.In(u.Input), u.NSS.In(u.Input)); len(ps) > 0 {
			return ps[0].Message
		}
		return ""
	})
}
