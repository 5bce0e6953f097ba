package links

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFoldKey: two strings share a foldKey exactly when strings.EqualFold
// says they are equal, on strings of letters with several case forms
// (K, k and the Kelvin sign; s, S and the long s), others, and bytes that
// are not UTF-8.
func TestFoldKey(t *testing.T) {
	parts := []string{"k", "K", "\u212a", "s", "S", "\u017f", "a", "\xff", "\xfe", "é", "É", "ß"}
	r := rand.New(rand.NewPCG(3, 4))
	word := func() string {
		var b strings.Builder
		for range r.IntN(4) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		return b.String()
	}
	for range 20000 {
		a, b := word(), word()
		if (foldKey(a) == foldKey(b)) != strings.EqualFold(a, b) {
			t.Fatalf("%q and %q: same key %v, EqualFold %v", a, b, foldKey(a) == foldKey(b), strings.EqualFold(a, b))
		}
	}
}

// TestHasSnippet: hasSnippet finds "--8<--" wherever bytes.Contains does,
// on strings made of its pieces and their neighbours.
func TestHasSnippet(t *testing.T) {
	parts := []string{"-", "8", "<", "--", "8<", "<--", "x", "\n"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 50000 {
		var b strings.Builder
		for range r.IntN(9) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		if got, want := hasSnippet([]byte(s)), strings.Contains(s, "--8<--"); got != want {
			t.Fatalf("hasSnippet(%q) = %v, want %v", s, got, want)
		}
	}
}
