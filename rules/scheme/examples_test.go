package scheme

import (
	"flag"
	"path/filepath"
	"testing"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/internal/specexamples"
)

var update = flag.Bool("update", false, "rewrite testdata/specs/scheme-examples.txt from ../shared/specs/schemes")

// TestExamples checks that every URI the scheme RFCs give, of a scheme
// with a checker, is accepted by it (or is listed as not an example, with
// the reason).
func TestExamples(t *testing.T) {
	es := specexamples.Load(t, filepath.Join("..", "..", "..", "shared", "specs", "schemes"),
		filepath.Join("..", "..", "testdata", "specs", "scheme-examples.txt"),
		"The URIs of ../shared/specs/schemes with a scheme that package rules/scheme checks, and whether it\n"+
			"accepts each (ok), or why not. Written by go test ./rules/scheme -run Examples -update.",
		func(u *grammar.Parsed) bool {
			return u.As == grammar.AsURI && u.Scheme.Present() && Lookup(u.Scheme.In(u.Input)) != nil
		}, *update)
	specexamples.Verify(t, es, func(v string) string {
		u := grammar.Parse(v, grammar.AsURI, grammar.RFC8141)
		if ps := check(&u); len(ps) > 0 {
			return ps[0].Message
		}
		return ""
	})
}
