package grammar

import (
	"strings"
	"testing"
	"unicode/utf8"
)

var fuzzSeeds = []string{
	"", ":", "urn:", "urn:example:a123,z456?+abc?=xyz#789", "urn:ex:ex?+?=q", "urn:a:b??c",
	"http://[2001:db8::7]/c=GB?objectClass?one", "http://user@[v1.x]:80/%41%zz#a#b",
	"http://é.example/Москва", "c:\\x", "urn:urn:urn:urn:", "http://a/\xff\x00", "//a:b@c:d/e?f#g",
	"mailto:a@b?subject=%7e", "%(name)s/{id}/{{ page.url }}", strings.Repeat("%", 40),
}

// FuzzParse checks the grammar's invariants on any input: no panic,
// problem and component spans in range and in order, a message for every
// problem, and the relations between productions (a valid URN is a valid
// URI; a valid URI or relative-ref is a valid URI-reference).
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var results [5][2]Parsed
		for as := AsAuto; as <= AsURN; as++ {
			for syn := RFC8141; syn <= RFC2141; syn++ {
				p := Parse(s, as, syn)
				checkParsed(t, &p)
				results[as][syn] = p
			}
		}
		valid := func(as As, syn Syntax) bool { return results[as][syn].Valid() }
		if valid(AsURN, RFC8141) && !valid(AsURI, RFC8141) {
			t.Fatalf("%q is a valid URN but not a valid URI: %s", s, problems(&results[AsURI][RFC8141]))
		}
		if valid(AsURN, RFC2141) && !valid(AsURI, RFC8141) {
			t.Fatalf("%q is a valid RFC 2141 URN but not a valid URI", s)
		}
		if (valid(AsURI, RFC8141) || valid(AsRelativeRef, RFC8141)) && !valid(AsURIReference, RFC8141) {
			t.Fatalf("%q is a valid URI or relative-ref but not a valid URI-reference", s)
		}
		if p := results[AsURN][RFC8141]; p.Valid() {
			key := p.EquivalenceKey()
			k2 := Parse(key, AsURN, RFC8141)
			if !k2.Valid() || k2.EquivalenceKey() != key {
				t.Fatalf("equivalence key %q of %q is not its own key (%q)", key, s, k2.EquivalenceKey())
			}
		}
	})
}

func checkParsed(t *testing.T, p *Parsed) {
	t.Helper()
	s := p.Input
	prev := 0
	for _, pr := range p.Problems {
		if pr.Start < prev || pr.End < pr.Start || pr.End > len(s) {
			t.Fatalf("Parse(%q, %v, %v): problem %v at %d-%d out of range or order", s, p.As, p.Syntax, pr.Code, pr.Start, pr.End)
		}
		prev = pr.Start
		if m := pr.Message(s); m == "" || !utf8.ValidString(m) && utf8.ValidString(s) {
			t.Fatalf("Parse(%q): bad message for %v: %q", s, pr.Code, m)
		}
	}
	last := 0
	for _, sp := range []Span{p.Scheme, p.Authority, p.Path, p.Query, p.Fragment} {
		if !sp.Present() {
			continue
		}
		if sp.Start < last || sp.End < sp.Start || sp.End > len(s) {
			t.Fatalf("Parse(%q, %v): component %+v out of range or order", s, p.As, sp)
		}
		last = sp.End
	}
	last = 0
	for _, sp := range []Span{p.NID, p.NSS, p.RComponent, p.QComponent, p.FComponent} {
		if !sp.Present() {
			continue
		}
		if sp.Start < last || sp.End < sp.Start || sp.End > len(s) {
			t.Fatalf("Parse(%q, %v): URN component %+v out of range or order", s, p.As, sp)
		}
		last = sp.End
	}
	for _, sp := range []Span{p.Userinfo, p.Host, p.Port} {
		if sp.Present() && (sp.Start < p.Authority.Start || sp.End > p.Authority.End) {
			t.Fatalf("Parse(%q): authority part %+v outside the authority %+v", s, sp, p.Authority)
		}
	}
}
