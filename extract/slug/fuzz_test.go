package slug

import (
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"", " ", "Intro", "İstanbul ΟΔΟΣ", "😄 - an emoji", "a_1", "x {#id .c k=\"v\"}", "x ## {#a}",
	"Title [[id,ref]] ==", "{#}", "{#a{#b}", "{/* #c */}", "&amp; <b>x</b>", "日本語の見出し",
	"a\nb", "\xff\xfe", "L10C5-L20C3", "-- _ .. --", "Header 2 { #foo }", "{ id=\"x\" }",
}

// FuzzSlug checks every profile on any heading: no panic; a valid UTF-8
// text gives a valid UTF-8 id; the same document gives the same ids; and a
// heading repeated gets another id, unless it is an explicit id or the
// renderer's clean-up may merge ids (Astro).
func FuzzSlug(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	names := Names()
	f.Fuzz(func(t *testing.T, s string) {
		h := Heading{Text: s, TextWithAlt: s + " alt", Source: s}
		for _, n := range names {
			p, _ := Lookup(n)
			a, b := p.NewSlugger(), p.NewSlugger()
			first, again := a.Slug(h), b.Slug(h)
			if first != again {
				t.Fatalf("%s: %q gives %q, then %q", n, s, first, again)
			}
			if utf8.ValidString(s) && !utf8.ValidString(first) {
				t.Fatalf("%s: %q gives invalid UTF-8 %q", n, s, first)
			}
			second := a.Slug(h)
			if second != b.Slug(h) {
				t.Fatalf("%s: %q twice is not deterministic", n, s)
			}
			if _, explicit := p.ExplicitID(h); !explicit && p.post == nil && second == first {
				t.Fatalf("%s: %q twice gives %q twice", n, s, first)
			}
			p.Match(s, first)
		}
		if first, last, ok := LineAnchor(s); ok && (first < 0 || last < 0) {
			t.Fatalf("LineAnchor(%q) = %d, %d", s, first, last)
		}
	})
}
