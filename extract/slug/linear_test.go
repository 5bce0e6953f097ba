package slug

import (
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/cputime"
)

// TestLinearTime: a heading ten times longer takes at most about ten times
// as long, in every profile, on the shapes that make a naive reader of
// attribute blocks, anchors or explicit ids retry at each opening brace.
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	shapes := map[string]string{
		"nested blocks":   "{a=",
		"blocks, arrays":  "{a=[",
		"open ids":        "{#",
		"spaced braces":   " {",
		"anchors":         " [[a",
		"attribute words": " { #a",
		"quotes":          " {a=\"",
		"escapes":         "\\{",
		"underscores":     "x_1 ",
	}
	names := Names()
	for name, unit := range shapes {
		t.Run(name, func(t *testing.T) {
			small, large := strings.Repeat(unit, 400), strings.Repeat(unit, 4000)
			cputime.Linear(t, len(small), len(large), func(l bool) {
				s := small
				if l {
					s = large
				}
				h := Heading{Text: s, TextWithAlt: s, Source: s}
				for _, n := range names {
					p, _ := Lookup(n)
					p.NewSlugger().Slug(h)
				}
			}, 0, 0)
		})
	}
}
