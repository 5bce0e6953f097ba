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

// TestLinearDuplicates: ten times as many headings of one text (each a
// renderer tells apart with a number) take at most about ten times as
// long, in every profile: the search for a free number goes on from the
// last one given, where starting again from the first took k*k/2 tries
// (a 32 MB Markdown document, the corpus over again, spent 4.5 s there).
func TestLinearDuplicates(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	for _, n := range Names() {
		t.Run(n, func(t *testing.T) {
			p, _ := Lookup(n)
			for _, text := range []string{"Examples", "x_1", ""} {
				h := Heading{Text: text, TextWithAlt: text, Source: text}
				cputime.Linear(t, 500, 5000, func(l bool) {
					k := 500
					if l {
						k = 5000
					}
					s := p.NewSlugger()
					for range k {
						s.Slug(h)
					}
				}, 0, 0)
			}
		})
	}
}

// TestDuplicatesNumbered: the ids of duplicate headings, a heading that
// takes the id a duplicate would have had, and duplicates after it.
func TestDuplicatesNumbered(t *testing.T) {
	p, _ := Lookup("github")
	s := p.NewSlugger()
	var got []string
	for _, text := range []string{"A", "A", "A-2", "A", "A", "A-1"} {
		got = append(got, s.Slug(Heading{Text: text, TextWithAlt: text, Source: text}))
	}
	want := "a a-1 a-2 a-3 a-4 a-1-1"
	if strings.Join(got, " ") != want {
		t.Errorf("ids %q, want %q", strings.Join(got, " "), want)
	}
}
