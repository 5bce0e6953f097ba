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
	checkURIs(t, "Markdown", Markdown, []uriCase{
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
	})
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

// TestMathSpans checks which "$" open inline math in Markdown, with
// pandoc's rules: a link inside a span is none; prices, shell variables and
// a "$" inside a bare URI open nothing.
func TestMathSpans(t *testing.T) {
	checkURIs(t, "Markdown", Markdown, []uriCase{
		// After mitiq's guide (held-out set 145) and proof-systems' book (set 139).
		{"span", "is $\\mathbb{E}[x](\\cdot)$ and [d](e)\n", []string{"e"}},
		{"scalar multiplication", "so $[b]([a]G)$ holds, [d](e)\n", []string{"e"}},
		{"display on a line", "so $$[a](b)$$ and [d](e)\n", []string{"e"}},
		{"in a link's text", "[the $x$ page](e)\n", []string{"e"}},
		// After vim-markdown-toc's tests (held-out set 100).
		{"a closer past a link's text", "[use 'symbol $' & x](#use-'symbol-$'-&-x) [d](e)\n", []string{"#use-'symbol-$'-&-x", "e"}},
		{"prices", "between $5 [a](b) and $10\n", []string{"b"}},
		{"closer before a digit", "$x [a](b) y$2\n", []string{"b"}},
		{"space after the opener", "$ [a](b) x$\n", []string{"b"}},
		{"space before the closer", "$x [a](b) $y\n", []string{"b"}},
		{"escaped closer", "$x [a](b) y\\$ z\n", []string{"b"}},
		{"closer on the next line", "$x [a](b)\ny$\n", []string{"b"}},
		{"shell variables", "$HOME and [a](b) and $PATH\n", []string{"b"}},
		{"inside a bare URI", "get https://example.com/$VERSION/x-$ARCH.tgz now\n", []string{"https://example.com/$VERSION/x-$ARCH.tgz"}},
		{"after a word", "US$5 [a](b) and x$\n", []string{"b"}},
		{"in a code span", "`$x [a](b) y$`\n", nil},
	})
}

// TestMathSpansLinear checks that a line of "$" openers with no closer is
// read in linear time: after one look finds none, the openers after it on
// the line look no further.
func TestMathSpansLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for name, unit := range map[string]string{"dollar": "$a ", "double": "$$a ", "in a link's text": "$b "} {
		t.Run(name, func(t *testing.T) {
			open, close := "", ""
			if name == "in a link's text" {
				open, close = "[", "](x)"
			}
			small := []byte(open + strings.Repeat(unit, 2000) + close)
			large := []byte(open + strings.Repeat(unit, 20000) + close)
			cputime.Linear(t, len(small), len(large), func(l bool) {
				Markdown(pick(l, small, large), Options{}, func(*Candidate) {})
			}, 0, 50*time.Millisecond)
		})
	}
}
