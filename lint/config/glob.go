package config

import (
	"fmt"

	"github.com/bmatcuk/doublestar/v4"
)

// Brace alternatives ({a,b}) in doublestar take time exponential in their
// number: doublestar matches a pattern with braces by substituting each
// alternative of the first group and matching the result from where the
// group stands, which matches the next group's alternatives again for each
// of this one's, and so on (22 groups of {a,*} took seconds a path, twice
// as long for each more). A glob of the configuration is compiled once,
// when the file is read, into the brace-free patterns its alternatives
// make, which doublestar matches in polynomial time; a glob that makes more
// than maxGlobPatterns of them, or more than maxGlobBytes in all, is a
// configuration error. A path matches the glob when it matches one of
// them: braces are expanded first, as in a shell. That is what doublestar's
// substitution does too, but in two corners, where it reads the braces as
// they stand: "**" right before a group is "*" for doublestar (it is not
// followed by "/"), while "docs/**{,/*.md}" is "docs/**" or
// "docs/**/*.md" here; and doublestar does not look into a group that
// comes after the end of the path unless it starts what is left of the
// pattern, so "a*{b,}" did not match "a", which "a*" does.

// maxGlobPatterns is how many brace-free patterns a glob may make: more
// than any glob written for a repository needs (`{a,b,c}/**/*.{md,mdx}`
// makes 6), few enough that matching a path against all of them stays
// cheap.
const maxGlobPatterns = 256

// maxGlobBytes bounds the length of a glob's patterns, all together.
const maxGlobBytes = 1 << 20

// glob is a glob of the configuration, compiled: the brace-free patterns
// it stands for.
type glob struct {
	patterns []string
}

// compileGlob compiles the doublestar pattern g, which is valid
// (doublestar.ValidatePattern).
func compileGlob(g string) (glob, error) {
	seq, _ := parseGlob(g, 0, false)
	n, size := seq.count()
	if n > maxGlobPatterns {
		return glob{}, fmt.Errorf("makes more than %d patterns once its {...} alternatives are expanded (each choice of one alternative per group is one)", maxGlobPatterns)
	}
	if size > maxGlobBytes {
		return glob{}, fmt.Errorf("makes more than %d KiB of patterns once its {...} alternatives are expanded", maxGlobBytes>>10)
	}
	patterns := make([]string, 0, n)
	seq.expand(make([]byte, 0, 64), func(p []byte) { patterns = append(patterns, string(p)) })
	return glob{patterns: patterns}, nil
}

// match reports whether the path rel (relative, with "/") matches g.
func (g glob) match(rel string) bool {
	for _, p := range g.patterns {
		if doublestar.MatchUnvalidated(p, rel) {
			return true
		}
	}
	return false
}

// globSeq is a glob, or one of the alternatives of a group, parsed: a
// sequence of text (everything but braces, as written: classes and escapes
// included) and groups of alternatives.
type globSeq []globPart

type globPart struct {
	text string    // when alts is nil
	alts []globSeq // a {...} group
}

// parseGlob parses p from i up to its end or, inAlt, to the "," or "}" that
// ends an alternative, and returns where it stopped. Escapes and character
// classes are skipped as doublestar skips them when it looks for the
// alternatives of a group (indexNextAlt, indexMatchedClosingAlt): a "\" takes
// the next byte, a "[" runs to the first "]" not escaped.
func parseGlob(p string, i int, inAlt bool) (globSeq, int) {
	var seq globSeq
	start := i
	text := func() {
		if i > start {
			seq = append(seq, globPart{text: p[start:i]})
		}
	}
	for i < len(p) {
		switch p[i] {
		case '\\':
			i += 2
			continue
		case '[':
			i++
			for i < len(p) && p[i] != ']' {
				if p[i] == '\\' {
					i++
				}
				i++
			}
			i++
			continue
		case ',', '}':
			if inAlt {
				text()
				return seq, i
			}
		case '{':
			text()
			var alts []globSeq
			i++
			for {
				alt, j := parseGlob(p, i, true)
				alts = append(alts, alt)
				i = j + 1
				if j >= len(p) || p[j] == '}' {
					break
				}
			}
			seq = append(seq, globPart{alts: alts})
			start = i
			continue
		}
		i++
	}
	i = min(i, len(p))
	text()
	return seq, i
}

// count returns how many patterns seq makes, and their length in all, both
// held at most one past the limits (so that they never overflow).
func (seq globSeq) count() (n, size int) {
	n = 1
	for _, part := range seq {
		pn, psize := 1, len(part.text)
		if part.alts != nil {
			pn, psize = 0, 0
			for _, alt := range part.alts {
				an, asize := alt.count()
				pn, psize = capAdd(pn, an, maxGlobPatterns), capAdd(psize, asize, maxGlobBytes)
			}
		}
		// Each of the n patterns so far goes with each of the part's.
		size = capAdd(capMul(size, pn, maxGlobBytes), capMul(psize, n, maxGlobBytes), maxGlobBytes)
		n = capMul(n, pn, maxGlobPatterns)
	}
	return n, size
}

func capAdd(a, b, limit int) int { return min(a+b, limit+1) }

func capMul(a, b, limit int) int {
	if a == 0 || b == 0 {
		return 0
	}
	if a > (limit+1)/b {
		return limit + 1
	}
	return min(a*b, limit+1)
}

// expand calls yield with each pattern seq makes after the bytes in buf
// (which it leaves as they were), in the order doublestar tries them.
func (seq globSeq) expand(buf []byte, yield func([]byte)) {
	if len(seq) == 0 {
		yield(buf)
		return
	}
	part, rest := seq[0], seq[1:]
	if part.alts == nil {
		rest.expand(append(buf, part.text...), yield)
		return
	}
	for _, alt := range part.alts {
		// The alternative's patterns, each followed by the rest's.
		alt.expand(buf, func(b []byte) { rest.expand(b, yield) })
	}
}
