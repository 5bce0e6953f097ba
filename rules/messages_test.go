package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/linttest"
)

// maxMessage bounds the length in bytes of every message and fix message a
// rule gives, whatever the input: quoted input is abbreviated
// (grammar.Quote), and a message quotes a few things at most.
const maxMessage = 2000

// TestMessagesBounded: on every URI of the rules' test documents, with one
// of its characters repeated 3,000 times at a few places (a long scheme,
// host, NID, run of non-ASCII characters, local part...), every rule's
// messages and fixes' messages stay within maxMessage bytes: a 5 MB URI
// gave a 20 MB message. Fixes still carry their whole edits.
func TestMessagesBounded(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("..", "testdata", "rules", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	const repeat = 3000
	strict := linttest.Options{Rules: All, Config: func(string) *lint.Config { return &lint.Config{Strict: true} }}
	seen := map[string]bool{}
	rulesSeen := map[string]bool{}
	checks := 0
	for _, doc := range docs {
		if ext := filepath.Ext(doc); ext == ".fixed" || ext == ".fixes" {
			continue
		}
		if fi, err := os.Stat(doc); err == nil && fi.IsDir() {
			continue // the files a local link rule's documents link to
		}
		src, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		format := extract.FormatOf(doc)
		src = linttest.Blank(format, src)
		var cands []extract.Candidate
		format.Walk(src, extract.Options{}, func(c *extract.Candidate) { cands = append(cands, *c) })
		for _, c := range cands {
			raw := string(src[c.Start:c.End])
			if seen[raw] {
				continue
			}
			seen[raw] = true
			// The URI with the character at each of a few places repeated.
			for _, at := range places(raw, 6) {
				_, size := utf8.DecodeRuneInString(raw[at:])
				long := raw[:at] + strings.Repeat(raw[at:at+size], repeat) + raw[at:]
				variant := string(src[:c.Start]) + long + string(src[c.End:])
				checks++
				for _, d := range linttest.Lint(t, strict, doc, []byte(variant)) {
					rulesSeen[d.Rule.Name] = true
					if len(d.Message) > maxMessage {
						t.Errorf("%s: %s on %.80q...: a message of %d bytes: %.300s", doc, d.Rule.Name, long, len(d.Message), d.Message)
					}
					for _, f := range d.Fixes {
						if len(f.Message) > maxMessage {
							t.Errorf("%s: %s on %.80q...: a fix message of %d bytes: %.300s", doc, d.Rule.Name, long, len(f.Message), f.Message)
						}
					}
				}
			}
		}
	}
	// Most rules fire on the variants: the test sees what it means to.
	if len(rulesSeen) < len(All)*3/4 {
		t.Errorf("only %d rules fired in %d checks: %v", len(rulesSeen), checks, rulesSeen)
	}
	t.Logf("%d checks, %d rules fired", checks, len(rulesSeen))
}

// places returns up to n offsets of characters of s, spread over it.
func places(s string, n int) []int {
	var starts []int
	for i := range s {
		starts = append(starts, i)
	}
	if len(starts) <= n {
		return starts
	}
	out := make([]int, n)
	for k := range n {
		out[k] = starts[k*(len(starts)-1)/(n-1)]
	}
	return out
}
