package lint_test

import (
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestFixSettles: Fix applies the safe fixes until none is left, and a
// second Fix changes nothing.
func TestFixSettles(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	src := []byte("See <URL:http://a.example/%7euser/%c3%a9> and http://a.example/50%zz\n")
	fixed, applied, diags, _ := ch.Fix("a.txt", extract.FormatText, src)
	const want = "See <http://a.example/~user/%C3%A9> and http://a.example/50%zz\n"
	if string(fixed) != want || applied != 3 {
		t.Errorf("Fix = %q, %d applied; want %q, 3", fixed, applied, want)
	}
	// The "%" is left to percent-malformed, whose fix is never safe.
	if s := summary(string(fixed), diags); s != "1:60 error percent-malformed" {
		t.Errorf("left: %s", s)
	}
	again, n, _, _ := ch.Fix("a.txt", extract.FormatText, fixed)
	if n != 0 || string(again) != want {
		t.Errorf("second Fix: %q, %d applied", again, n)
	}
}
