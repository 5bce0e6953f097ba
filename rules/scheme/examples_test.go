package scheme

import (
	"flag"
	"path/filepath"
	"strings"
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
	ok := 0
	for _, e := range es {
		u := grammar.Parse(e.Value, grammar.AsURI, grammar.RFC8141)
		ps := check(&u)
		switch {
		case e.Verdict == "ok" && len(ps) > 0:
			t.Errorf("%s: %s: %s", e.Where, e.Value, ps[0].Message)
		case strings.HasPrefix(e.Verdict, "erratum") && len(ps) == 0:
			t.Errorf("%s: %s is accepted, but is listed as an erratum", e.Where, e.Value)
		case e.Verdict == "ok":
			ok++
		}
	}
	t.Logf("%d examples accepted", ok)
}
