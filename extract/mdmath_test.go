package extract

import (
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/cputime"
)

// TestMathBlocks checks which "$$" lines open display math in Markdown: a
// link inside a block is none, and one after "$$" that no line closes is.
func TestMathBlocks(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		want      []string
	}{
		{"block", "$$\n[a](b\\c)\n$$\n[d](e)\n", []string{"e"}},
		{"one line", "$$ [a](b) $$\n[d](e)\n", []string{"e"}},
		{"TeX before the closer", "$$\n[a](b)\n\\end{x}$$\n[d](e)\n", []string{"e"}},
		{"a label after the closer", "$$\n[a](b)\n$$ (eq:x)\n\n[d](e)\n\n$$\n[f](g)\n$$\n", []string{"e"}},
		{"in a list item", "- x\n\n  $$\n  [a](b)\n  $$\n- [d](e)\n", []string{"e"}},
		{"in a block quote", "> $$\n> [a](b)\n> $$\n\n[d](e)\n", []string{"e"}},
		{"unclosed", "$$\n[a](b)\n[d](e)\n", []string{"b", "e"}},
		{"not at a line's start", "a $$\n[a](b)\n$$\n", []string{"b"}},
		{"indented four spaces is code", "x\n\n    $$\n[a](b)\n$$\n", []string{"b"}},
		{"in a fenced code block", "```\n$$\n```\n[a](b)\n$$\n", []string{"b"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := uris(Markdown, tc.doc); strings.Join(got, " ") != strings.Join(tc.want, " ") {
				t.Errorf("Markdown(%q) found %q, want %q", tc.doc, got, tc.want)
			}
		})
	}
}

// TestMathBlocksLinear checks that "$$" lines that no line closes are read
// in linear time: each looks ahead for a closer only past where the last
// look ended.
func TestMathBlocksLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	small, large := []byte(strings.Repeat("$$a\n\n", 2000)), []byte(strings.Repeat("$$a\n\n", 20000))
	cputime.Linear(t, len(small), len(large), func(l bool) {
		Markdown(pick(l, small, large), Options{}, func(*Candidate) {})
	}, 0, 50*time.Millisecond)
}

// TestMathBlockCloserPastLimit checks that a line the look-ahead reaches
// only in part, cut by maxMathBytes, closes no block: "zz$$" is the start
// of the line "zz$$zz", which closes nothing, so "$$a" opens no block and
// the links after it are links.
func TestMathBlockCloserPastLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("$$a\n[l](x)\n\n")
	for b.Len()+12 < 4+maxMathBytes-10 {
		b.WriteString("some prose\n\n")
	}
	b.WriteString(strings.Repeat("z", 4+maxMathBytes-2-b.Len()) + "$$zz\n\n[m](y)\n")
	if got := uris(Markdown, b.String()); strings.Join(got, " ") != "x y" {
		t.Errorf("found %q, want the links before and after the long line, x and y", got)
	}
}
