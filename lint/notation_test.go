package lint_test

import (
	"strings"
	"testing"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestGate: a notation rule's diagnostics are held until the document ends
// or the rule reaches the habit (three different URIs), and then passed on
// in order or dropped; the others pass on in order, held behind them; a
// URI written twice counts once; with --strict nothing is dropped; and
// what is counted past the listing is dropped with its rule.
func TestGate(t *testing.T) {
	pu, pm, auth := rules.PercentUnencoded, rules.PercentMalformed, rules.URIHTTPSyntax
	d := func(r *lint.Rule, uri string) *lint.Diagnostic {
		return &lint.Diagnostic{Rule: r, Severity: r.Severity, URI: uri}
	}
	for _, tc := range []struct {
		name   string
		strict bool
		diags  []*lint.Diagnostic
		want   string // after each Add, and at Finish: what was passed on
	}{
		{"two slips, one written twice", false,
			[]*lint.Diagnostic{d(pu, "a b"), d(auth, "http://h:x"), d(pu, "c d"), d(pu, "a b")},
			"[] [] [] [] | [percent-unencoded a b, uri-http-syntax http://h:x, percent-unencoded c d, percent-unencoded a b]"},
		{"a habit", false,
			[]*lint.Diagnostic{d(auth, "http://h:x"), d(pu, "a b"), d(auth, "http://h:y"), d(pu, "c d"), d(pu, "e f"), d(auth, "http://h:z"), d(pu, "g h")},
			"[uri-http-syntax http://h:x] [] [] [] [uri-http-syntax http://h:y] [uri-http-syntax http://h:z] [] | []"},
		{"a habit, another rule below it", false,
			[]*lint.Diagnostic{d(pm, "50%"), d(pu, "a b"), d(pu, "c d"), d(auth, "http://h:x"), d(pu, "e f")},
			"[] [] [] [] [] | [percent-malformed 50%, uri-http-syntax http://h:x]"},
		{"strict", true,
			[]*lint.Diagnostic{d(pu, "a b"), d(pu, "c d"), d(pu, "e f")},
			"[percent-unencoded a b] [percent-unencoded c d] [percent-unencoded e f] | []"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: tc.strict})
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			g := ch.NewGate(func(d *lint.Diagnostic) { out = append(out, d.Rule.Name+" "+d.URI) })
			var steps []string
			for _, x := range tc.diags {
				out = out[:0]
				g.Add(x)
				steps = append(steps, "["+strings.Join(out, ", ")+"]")
			}
			out = out[:0]
			if u := g.Finish(); u.N != 0 {
				t.Errorf("unlisted %+v", u)
			}
			if got := strings.Join(steps, " ") + " | [" + strings.Join(out, ", ") + "]"; got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	// Past the listing: what the pieces counted is dropped with its rule,
	// and kept for another.
	ch, err := lint.NewChecker(rules.All, &lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	g := ch.NewGate(func(*lint.Diagnostic) {})
	g.Unlist(d(pu, "a b"))
	g.Unlist(d(auth, "http://h:x"))
	g.Unlist(d(pu, "c d"))
	if u := g.Finish(); u.N != 3 {
		t.Errorf("two slips and another rule's: unlisted %+v, want 3", u)
	}
	g = ch.NewGate(func(*lint.Diagnostic) {})
	g.Unlist(d(pu, "a b"))
	g.Unlist(d(auth, "http://h:x"))
	g.Add(d(pu, "c d"))
	g.Unlist(d(pu, "e f"))
	if u := g.Finish(); u.N != 1 || u.BySeverity[lint.Error] != 1 {
		t.Errorf("a habit past the listing: unlisted %+v, want uri-http-syntax's 1", u)
	}
}
