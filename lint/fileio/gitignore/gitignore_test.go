package gitignore

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestDocumentedMatches checks the claims gitignore(5) makes about single
// patterns (TestGitExamples runs its example trees against git).
func TestDocumentedMatches(t *testing.T) {
	type c struct {
		path  string
		isDir bool
		want  bool
	}
	cases := []struct {
		pattern string
		paths   []c
	}{
		{"hello.*", []c{{"hello.txt", false, true}, {"hello.c", false, true}, {"a/hello.java", false, true}, {"hello", false, false}}},
		{"/hello.*", []c{{"hello.txt", false, true}, {"hello.c", false, true}, {"a/hello.java", false, false}}},
		{"foo/", []c{{"foo", true, true}, {"a/foo", true, true}, {"foo", false, false}}},
		{"doc/frotz/", []c{{"doc/frotz", true, true}, {"a/doc/frotz", true, false}}},
		{"frotz/", []c{{"frotz", true, true}, {"a/frotz", true, true}}},
		{"doc/frotz", []c{{"doc/frotz", false, true}, {"a/doc/frotz", false, false}}},
		{"/doc/frotz", []c{{"doc/frotz", false, true}, {"a/doc/frotz", false, false}}},
		{"foo/*", []c{{"foo/test.json", false, true}, {"foo/bar", true, true}, {"foo/bar/hello.c", false, false}}},
		{"**/foo", []c{{"foo", false, true}, {"a/foo", true, true}, {"a/b/foo", false, true}, {"afoo", false, false}}},
		{"**/foo/bar", []c{{"foo/bar", false, true}, {"a/foo/bar", false, true}, {"foo/x/bar", false, false}}},
		{"abc/**", []c{{"abc", true, false}, {"abc/x", false, true}, {"abc/x/y", false, true}, {"a/abc/x", false, false}}},
		{"a/**/b", []c{{"a/b", false, true}, {"a/x/b", false, true}, {"a/x/y/b", false, true}, {"a/xb", false, false}}},
		{"\\#hash", []c{{"#hash", false, true}}},
		{"\\!important!.txt", []c{{"!important!.txt", false, true}}},
		{"trailing   ", []c{{"trailing", false, true}, {"trailing ", false, false}}},
		{"trailing\\ ", []c{{"trailing ", false, true}, {"trailing", false, false}}},
		{"a***b", []c{{"axb", false, true}, {"ax/b", false, false}}},
		{"*.[oa]", []c{{"file.o", false, true}, {"lib.a", false, true}, {"src/internal.o", false, true}, {"x.c", false, false}}},
	}
	for _, tc := range cases {
		ps := Parse([]byte(tc.pattern), "")
		for _, p := range tc.paths {
			if got := Match(ps, p.path, p.isDir); got != p.want {
				t.Errorf("%q on %q (dir %v) = %v, want %v", tc.pattern, p.path, p.isDir, got, p.want)
			}
		}
	}
}

// TestParse checks what the lines of a file become.
func TestParse(t *testing.T) {
	src := "\ufeff# comment\n\n   \n \\#a\n!b/\r\n/c/d \\ \n\\!e  \nf\\\n[x\ng\x00h\n!\n/\nlast"
	var got []string
	for _, p := range Parse([]byte(src), "dir") {
		got = append(got, p.String())
	}
	want := []string{"4 dir/ name glob", "5 dir/ ! dirOnly name literal \"b\"", "6 dir/ path glob",
		"7 dir/ name glob", "10 dir/ name literal \"g\"", "13 dir/ name literal \"last\""}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// String describes the pattern, for tests.
func (p Pattern) String() string {
	var b strings.Builder
	b.WriteString(strings.Join([]string{strconv.Itoa(p.line), p.base}, " "))
	if p.negate {
		b.WriteString(" !")
	}
	if p.dirOnly {
		b.WriteString(" dirOnly")
	}
	if p.name {
		b.WriteString(" name")
	} else {
		b.WriteString(" path")
	}
	switch p.kind {
	case kindLiteral:
		b.WriteString(" literal " + quote(p.text))
	case kindSuffix:
		b.WriteString(" suffix " + quote(p.text))
	default:
		b.WriteString(" glob")
	}
	return b.String()
}

func quote(s string) string { return `"` + s + `"` }

// naive matches prog against s by trying every way, in exponential time:
// the reference for match.
func naive(prog []instr, s string) bool {
	if len(prog) == 0 {
		return s == ""
	}
	rest := prog[1:]
	switch prog[0].op {
	case opStar:
		for k := 0; ; k++ {
			if naive(rest, s[k:]) {
				return true
			}
			if k == len(s) || s[k] == '/' {
				return false
			}
		}
	case opAnything:
		for k := 0; k <= len(s); k++ {
			if naive(rest, s[k:]) {
				return true
			}
		}
		return false
	case opDirs:
		if naive(rest, s) {
			return true
		}
		for k := 0; k < len(s); k++ {
			if s[k] == '/' && naive(rest, s[k+1:]) {
				return true
			}
		}
		return false
	}
	return s != "" && prog[0].matches(s[0]) && naive(rest, s[1:])
}

// TestMatchAgreesWithNaive runs match and naive on random patterns and
// paths made of few bytes, so that they often match.
func TestMatchAgreesWithNaive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(alphabet []string, n int) string {
		var b strings.Builder
		for range r.IntN(n + 1) {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	patternBits := []string{"a", "b", "/", "*", "**", "**/", "/**", "?", "[ab]", "[!a]", "\\/", "ab"}
	pathBits := []string{"a", "b", "/", "ab", "ba", "c"}
	n, matched := 0, 0
	for range 300000 {
		pat := pick(patternBits, 8)
		path := strings.Trim(pick(pathBits, 8), "/")
		for _, pathname := range []bool{true, false} {
			wild := strings.IndexAny(pat, `*?[\`)
			if wild < 0 {
				continue
			}
			prog, ok := compile(pat, pathname, wild)
			if !ok {
				continue
			}
			n++
			got, want := match(prog, path), naive(prog, path)
			if got != want {
				t.Fatalf("pattern %q (pathname %v) on %q: match %v, naive %v", pat, pathname, path, got, want)
			}
			if got {
				matched++
			}
		}
	}
	t.Logf("%d comparisons, %d matches", n, matched)
}

// TestMatchNoBlowUp matches patterns of many stars against long paths that
// almost match: backtracking to every star would take forever.
func TestMatchNoBlowUp(t *testing.T) {
	long := strings.Repeat("a", 2000)
	deep := strings.Repeat("a/", 500) + "c"
	for _, tc := range []struct{ pattern, path string }{
		{strings.Repeat("*a", 30) + "*b", long},
		{strings.Repeat("a*", 30) + "b", long},
		{"x/" + strings.Repeat("**/a/", 20) + "b", "x/" + deep},
		{"x/" + strings.Repeat("**/*a*/", 20) + "b", "x/" + deep},
		{"x/" + strings.Repeat("**/*/", 20) + "b", "x/" + deep},
	} {
		ps := Parse([]byte(tc.pattern), "")
		if Match(ps, tc.path, false) {
			t.Errorf("%q matches", tc.pattern)
		}
	}
}
