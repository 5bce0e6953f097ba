package config

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
)

// naiveExpand expands the braces of the doublestar pattern p as doublestar
// reads them, the slow way: the first group outside escapes and classes
// replaced by each of its alternatives in turn, and the result expanded
// again from the start.
func naiveExpand(p string) []string {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '[':
			for i++; i < len(p) && p[i] != ']'; i++ {
				if p[i] == '\\' {
					i++
				}
			}
		case '{':
			// The alternatives, at depth 1, and the closing brace.
			var alts []string
			depth, start := 1, i+1
			j := i + 1
			for ; j < len(p) && depth > 0; j++ {
				switch p[j] {
				case '\\':
					j++
				case '[':
					for j++; j < len(p) && p[j] != ']'; j++ {
						if p[j] == '\\' {
							j++
						}
					}
				case '{':
					depth++
				case '}':
					if depth--; depth == 0 {
						alts = append(alts, p[start:j])
					}
				case ',':
					if depth == 1 {
						alts = append(alts, p[start:j])
						start = j + 1
					}
				}
			}
			var out []string
			for _, a := range alts {
				out = append(out, naiveExpand(p[:i]+a+p[j:])...)
			}
			return out
		}
	}
	return []string{p}
}

// randomGlob makes a valid doublestar pattern of pieces that braces,
// classes and escapes are made of.
func randomGlob(r *rand.Rand, pieces []string) string {
	for {
		var b strings.Builder
		for range r.IntN(10) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if p := b.String(); doublestar.ValidatePattern(p) {
			return p
		}
	}
}

var globPieces = []string{
	"a", "b", "/", "*", "**", "?", "[ab]", "[!a]", "[{]", "[,}]", "[\\]]", "{", ",", "}", "\\{", "\\,", "\\}", "\\*",
	"/**", "**/", "{a,}", "{,b/}", "{a,{b,c}}", ".md",
}

// TestGlobExpansion: a glob compiles to the patterns that substituting the
// alternatives of its groups one by one gives, in the same order.
func TestGlobExpansion(t *testing.T) {
	for _, tt := range []struct {
		glob string
		want []string
	}{
		{"**/*.md", []string{"**/*.md"}},
		{"{docs,site}/**/*.{md,html}", []string{"docs/**/*.md", "docs/**/*.html", "site/**/*.md", "site/**/*.html"}},
		{"a{b,{c,d}e}f", []string{"abf", "acef", "adef"}},
		{"{,x}{}", []string{"", "x"}},
		{`\{a,b}[{,}]{c\,d,e}`, []string{`\{a,b}[{,}]c\,d`, `\{a,b}[{,}]e`}},
	} {
		g, err := compileGlob(tt.glob)
		if err != nil || !slices.Equal(g.patterns, tt.want) {
			t.Errorf("%q: %q, %v; want %q", tt.glob, g.patterns, err, tt.want)
		}
	}
	r := rand.New(rand.NewPCG(22, 9))
	for range 20000 {
		p := randomGlob(r, globPieces)
		g, err := compileGlob(p)
		if err != nil {
			t.Fatalf("%q: %v", p, err)
		}
		if want := naiveExpand(p); !slices.Equal(g.patterns, want) {
			t.Fatalf("%q: %q, want %q", p, g.patterns, want)
		}
	}
}

// TestGlobAsDoublestar: a glob matches what doublestar matches it with,
// where doublestar reads braces as their expansion: no "*" right before a
// group (doublestar reads "**{" as "*{" where the expansion may have "**"
// end the pattern or come before "/"), and no alternative that holds
// nothing but "/" and "*" (doublestar does not look into a group that
// follows the end of the path, so "a*{b,}" does not match "a", which "a*"
// does).
func TestGlobAsDoublestar(t *testing.T) {
	pieces := []string{"a", "b", "/", "*", "**", "?", "[ab]", "[!a]", "/**", "**/", "/**/", "{a,b/}", "{a*,/*a,[ab]}", "{a,{b,c/**/a}}", "\\*"}
	names := []string{"a", "b", "/", "ab", "*", "a/b"}
	r := rand.New(rand.NewPCG(22, 10))
	tried := 0
	for range 50000 {
		p := randomGlob(r, pieces)
		if strings.Contains(p, "*{") {
			continue
		}
		g, err := compileGlob(p)
		if err != nil {
			continue // too many patterns
		}
		var nb strings.Builder
		for range r.IntN(5) {
			nb.WriteString(names[r.IntN(len(names))])
		}
		name := nb.String()
		tried++
		if got, want := g.match(name), doublestar.MatchUnvalidated(p, name); got != want {
			t.Fatalf("%q on %q: %v, doublestar %v", p, name, got, want)
		}
	}
	if tried < 10000 {
		t.Errorf("only %d globs tried", tried)
	}
}

// TestGlobBracesExpandFirst: where doublestar reads braces otherwise than
// their expansion, a glob is its expansion, as in a shell.
func TestGlobBracesExpandFirst(t *testing.T) {
	for _, tt := range []struct {
		glob, path string
		want       bool
	}{
		{"docs/**{,/*.md}", "docs/a/b.txt", true}, // docs/** (doublestar read "**{" as "*{": false)
		{"docs/**{,/*.md}", "docs/a/b.md", true},
		{"docs/*{.md,}", "docs/", true}, // docs/* matches the directory docs/ (doublestar: false)
		{"docs/{a,}/**", "docs/", true}, // docs//** (doublestar: false)
		{"docs/**{,/*.md}", "site/a.md", false},
	} {
		g, err := compileGlob(tt.glob)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.match(tt.path); got != tt.want {
			t.Errorf("%q on %q: %v, want %v (its patterns %q)", tt.glob, tt.path, got, tt.want, g.patterns)
		}
	}
}

// TestGlobPatternsLimit: a glob that makes more than maxGlobPatterns
// patterns (or maxGlobBytes) is a configuration error, at its place;
// doublestar took time exponential in its groups of alternatives (22
// groups of {a,*} took seconds a path, twice as long for each more).
func TestGlobPatternsLimit(t *testing.T) {
	groups := func(k int) string { return strings.Repeat("{a,*}", k) + "x" }
	cases := []struct {
		glob string
		err  string
	}{
		{groups(8), ""}, // 256 patterns
		{groups(9), "makes more than 256 patterns once its {...} alternatives are expanded"},
		{groups(22), "makes more than 256 patterns"},
		{strings.Repeat("{a,b,c,d,e,f,g,h,i,j}", 200), "makes more than 256 patterns"},
		{strings.Repeat("a", 300<<10) + "{b,c,d,e}", "makes more than 1024 KiB of patterns"},
		{strings.Repeat("{a}", 100000), ""}, // one pattern, parsed in linear time
	}
	for _, tt := range cases {
		data := "exclude:\n  - x\n  - \"" + tt.glob + "\"\n"
		cf, err := Parse("c.yaml", "/dir", []byte(data), nil)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%.40q: %v", tt.glob, err)
		case tt.err == "":
			if !cf.Excluded("/dir/"+strings.Repeat("a", 8)+"x", false) && !strings.HasPrefix(tt.glob, "{a}") {
				t.Errorf("%.40q does not match", tt.glob)
			}
		case err == nil:
			t.Errorf("%.40q: no error, want %q", tt.glob, tt.err)
		case !strings.HasPrefix(err.Error(), "c.yaml:3:5: exclude: glob \"") || !strings.Contains(err.Error(), tt.err):
			t.Errorf("%.40q: error %.200q, want one at 3:5 saying %q", tt.glob, err, tt.err)
		}
	}
	// Counting never overflows, however many groups.
	if n, size := parseGlobSeq(strings.Repeat("{a,b,c,d,e,f,g,h}", 10000)).count(); n != maxGlobPatterns+1 || size > maxGlobBytes+1 {
		t.Errorf("count %d, size %d", n, size)
	}
}

func parseGlobSeq(p string) globSeq {
	seq, _ := parseGlob(p, 0, false)
	return seq
}

// FuzzGlob: any valid pattern compiles to its expansion, or is refused for
// making too many patterns, and matches what its expansion matches.
func FuzzGlob(f *testing.F) {
	for _, s := range []string{"{docs,site}/**/*.{md,html}", `\{a,b}[{,}]{c\,d,e}`, "a{b,{c,d}e}f", "**/{a,}x"} {
		f.Add(s, "docs/a.md")
	}
	f.Fuzz(func(t *testing.T, p, name string) {
		if len(p) > 64 || !doublestar.ValidatePattern(p) {
			return
		}
		g, err := compileGlob(p)
		want := naiveExpand(p)
		if err != nil {
			if len(want) <= maxGlobPatterns {
				t.Fatalf("%q: %v, but it makes %d patterns", p, err, len(want))
			}
			return
		}
		if !slices.Equal(g.patterns, want) {
			t.Fatalf("%q: %q, want %q", p, g.patterns, want)
		}
		any := slices.ContainsFunc(want, func(q string) bool { return doublestar.MatchUnvalidated(q, name) })
		if g.match(name) != any {
			t.Fatalf("%q on %q: %v", p, name, !any)
		}
	})
}

// BenchmarkGlobMatch matches the paths of a repository against the globs
// of a typical configuration, compiled and as doublestar reads them whole.
func BenchmarkGlobMatch(b *testing.B) {
	globs := []string{"vendor/**", "**/node_modules/**", "{docs,site}/**/*.{md,html}", "drafts/*.md", "**/CHANGELOG.md"}
	paths := []string{"README.md", "docs/guide/install.md", "site/a/b/c/index.html", "vendor/x/y.md", "src/pkg/readme.txt", "drafts/d.md"}
	var compiled []glob
	for _, g := range globs {
		c, err := compileGlob(g)
		if err != nil {
			b.Fatal(err)
		}
		compiled = append(compiled, c)
	}
	size := 0
	for _, p := range paths {
		size += len(p)
	}
	b.Run("compiled", func(b *testing.B) {
		b.SetBytes(int64(size))
		for b.Loop() {
			for _, p := range paths {
				matchAny(compiled, p, true)
			}
		}
	})
	// matchAny as it was, doublestar on each glob as written.
	whole := func(rel string) bool {
		for _, g := range globs {
			if doublestar.MatchUnvalidated(g, rel) {
				return true
			}
			for i := strings.IndexByte(rel, '/'); i >= 0; i = next(rel, i) {
				if doublestar.MatchUnvalidated(g, rel[:i]) {
					return true
				}
			}
		}
		return false
	}
	b.Run("doublestar", func(b *testing.B) {
		b.SetBytes(int64(size))
		for b.Loop() {
			for _, p := range paths {
				whole(p)
			}
		}
	})
}
