package main

import (
	"bytes"
	"encoding/json"
	"io"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/cputime"
)

// TestValidateLinear runs urilint validate on values with a problem at
// every character or few, at two sizes ten times apart: the larger must
// take at most fifteen times as long (CPU time, best of three runs, three
// attempts; runs under 10 ms pass), as check does on the same URI. Each
// value gets at most 100 problems and 100 findings of a rule listed, then
// one that says how many more there are.
func TestValidateLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	uri := func(s string) func(n int) string {
		return func(n int) string { return "http://a.example/" + strings.Repeat(s, n/len(s)) }
	}
	shapes := []struct {
		name  string
		gen   func(n int) string
		stdin bool // the value is read from stdin, as a line
	}{
		{"%", uri("%"), false},
		{"% from stdin", uri("%"), true},
		{"spaces", uri("a "), false},
		{"é", uri("éa"), false},
		{"line ends", uri("a\n"), false},
		{"%zz", uri("%zz"), false},
		{"{", uri("{a"), false},
		{"urn %", func(n int) string { return "urn:example:" + strings.Repeat("%", n) }, false},
	}
	const small = 64 << 10
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			validate := func(v string) []byte {
				args, stdin := []string{"validate", "--format", "json", "--", v}, io.Reader(strings.NewReader(""))
				if s.stdin {
					args[len(args)-1], stdin = "-", strings.NewReader(v+"\n")
				}
				var stdout, stderr bytes.Buffer
				if code := run(args, stdin, &stdout, &stderr); code != exitFindings {
					t.Fatalf("exit %d, stderr %q", code, stderr.String())
				}
				return stdout.Bytes()
			}
			vs, vl := s.gen(small), s.gen(10*small)
			var out struct {
				Results []struct {
					Problems []struct{ Message string }
					Findings []struct{ Rule, Message string }
				}
			}
			if err := json.Unmarshal(validate(vl), &out); err != nil || len(out.Results) != 1 {
				t.Fatalf("%v, %d results", err, len(out.Results))
			}
			r := out.Results[0]
			if n := len(r.Problems); n != 101 || !strings.Contains(r.Problems[100].Message, "more problems in this value are not listed") {
				t.Errorf("%d problems listed, the last %.80q", n, r.Problems[n-1].Message)
			}
			perRule := map[string]int{}
			for _, f := range r.Findings {
				if perRule[f.Rule]++; perRule[f.Rule] > 101 {
					t.Fatalf("more than 101 findings of %s", f.Rule)
				}
			}
			cputime.Linear(t, len(vs), len(vl), func(l bool) {
				if l {
					validate(vl)
				} else {
					validate(vs)
				}
			}, 0, 0)
		})
	}
}
