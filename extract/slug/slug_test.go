package slug

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"
)

func TestNamesAndLookup(t *testing.T) {
	names := Names()
	if !slices.IsSorted(names) {
		t.Errorf("Names() not sorted: %q", names)
	}
	for _, want := range []string{"github", "github-slugger", "gitlab", "gitlab-legacy", "goldmark", "hugo",
		"python-markdown", "docutils", "asciidoctor", "asciidoctor-github", "sphinx", "docusaurus", "astro"} {
		if !slices.Contains(names, want) {
			t.Errorf("Names() lacks %q", want)
		}
	}
	for _, n := range names {
		p, ok := Lookup(n)
		if !ok || p.Name() != n || p.Summary() == "" {
			t.Errorf("Lookup(%q) = %v, %v (summary %q)", n, p, ok, p.Summary())
		}
	}
	if _, ok := Lookup("GitHub"); ok {
		t.Error(`Lookup("GitHub") found a profile: names are exact`)
	}
}

// slugs gives the ids of texts (Text, TextWithAlt and Source alike) as one
// document, after reserving the ids given.
func slugs(t *testing.T, name string, reserved []string, texts ...string) []string {
	t.Helper()
	s := mustLookup(t, name).NewSlugger()
	for _, id := range reserved {
		s.Reserve(id)
	}
	var ids []string
	for _, x := range texts {
		ids = append(ids, s.Slug(plainHeading(x)))
	}
	return ids
}

func TestSlugs(t *testing.T) {
	for _, tc := range []struct {
		profile  string
		reserved []string
		texts    []string
		want     []string
	}{
		// Full lower-casing: "İ" is "i" and U+0307 where the language does
		// SpecialCasing (JavaScript, Rust, Python, Ruby), "i" in Go (Hugo).
		{"github", nil, []string{"İstanbul"}, []string{"i̇stanbul"}},
		{"gitlab", nil, []string{"İstanbul"}, []string{"i̇stanbul"}},
		{"python-markdown-unicode", nil, []string{"İstanbul"}, []string{"i̇stanbul"}},
		{"hugo", nil, []string{"İstanbul"}, []string{"istanbul"}},
		// The final sigma: JavaScript and Python know it, Ruby does not.
		{"github", nil, []string{"ΟΔΟΣ"}, []string{"οδος"}},
		{"python-markdown-unicode", nil, []string{"ΟΔΟΣ"}, []string{"οδος"}},
		{"gitlab-legacy", nil, []string{"ΟΔΟΣ"}, []string{"οδοσ"}},
		{"asciidoctor", nil, []string{"ΟΔΟΣ"}, []string{"_οδοσ"}},
		// Character classes.
		{"github", nil, []string{"x² ⓐ ½"}, []string{"x-ⓐ-"}},
		{"gitlab", nil, []string{"x² ⓐ ½"}, []string{"x²--½"}},
		{"hugo", nil, []string{"x² ⓐ café"}, []string{"x--café"}},
		{"goldmark", nil, []string{"x² ⓐ café"}, []string{"x--caf"}},
		{"python-markdown", nil, []string{"Théâtre ヘッダー"}, []string{"theatre"}},
		// Collision-aware suffixes skip ids taken; a naive counter does not.
		{"github", nil, []string{"a", "a", "a-1"}, []string{"a", "a-1", "a-1-1"}},
		{"goldmark", nil, []string{"a", "a", "a-1"}, []string{"a", "a-1", "a-1-1"}},
		{"gitlab-legacy", nil, []string{"a", "a", "a-1"}, []string{"a", "a-1", "a-1"}},
		{"python-markdown", nil, []string{"a", "a", "a_1"}, []string{"a", "a_1", "a_2"}},
		{"asciidoctor", nil, []string{"A", "A", "A 2"}, []string{"_a", "_a_2", "_a_2_2"}},
		{"asciidoctor-github", nil, []string{"A", "A"}, []string{"a", "a-1"}},
		{"asciidoctor-gitlab", nil, []string{"A", "A", "& B"}, []string{"a", "a-2", "b"}},
		{"docutils", nil, []string{"Intro", "Intro", "Intro"}, []string{"intro", "intro-1", "intro-2"}},
		{"kramdown-gfm", nil, []string{"a", "a", "a-1", "Ünï\tb"}, []string{"a", "a-1", "a-1", "ünï-b"}},
		{"kramdown", nil, []string{"Ünïcode", "1.", "2.", "Title {#t}", "T ##"}, []string{"ncode", "section", "section-1", "t", "t"}},
		{"sphinx", nil, []string{"Intro", "Intro", "日本語"}, []string{"intro", "id1", "id2"}},
		// Empty slugs.
		{"github", nil, []string{"", "!"}, []string{"", "-1"}},
		{"gitlab-legacy", nil, []string{"", "!"}, []string{"", "-1"}},
		{"goldmark", nil, []string{"", "日本語"}, []string{"heading", "heading-1"}},
		{"hugo", nil, []string{"!", "!"}, []string{"heading", "heading-1"}},
		{"python-markdown", nil, []string{"!", "日本語"}, []string{"_1", "_2"}},
		{"docutils", nil, []string{"日本語", "1."}, []string{"section-1", "section-2"}},
		// Reserved ids, where the renderer avoids them.
		{"github", []string{"intro"}, []string{"Intro"}, []string{"intro"}},
		{"goldmark", []string{"intro"}, []string{"Intro"}, []string{"intro"}},
		{"hugo", []string{"intro"}, []string{"Intro"}, []string{"intro"}},
		{"python-markdown", []string{"intro"}, []string{"Intro"}, []string{"intro_1"}},
		{"docutils", []string{"intro"}, []string{"Intro"}, []string{"intro-1"}},
		{"sphinx", []string{"intro"}, []string{"Intro"}, []string{"id1"}},
		{"asciidoctor", []string{"_intro"}, []string{"Intro"}, []string{"_intro_2"}},
		// Astro cleans hyphens after de-duplication.
		{"astro", nil, []string{"😄 a", "😄 a", "a - b"}, []string{"a", "a-1", "a-b"}},
		// Explicit ids: taken but not de-duplicated (Hugo), or not taken
		// (Docusaurus).
		{"hugo", nil, []string{"X {#x}", "Y {#x}", "x"}, []string{"x", "x", "x-1"}},
		{"docusaurus", nil, []string{"X {#x}", "x", "Y {#  y }"}, []string{"x", "x", "y"}},
		{"goldmark-attributes", nil, []string{"X {#}", "Y {.c}"}, []string{"", "y"}},
		{"goldmark", nil, []string{"X {#x}", "Y ##"}, []string{"x-x", "y"}},
		{"github", nil, []string{"X {#x}"}, []string{"x-x"}},
		// attr_list's HEADER_RE: a space before "{", something inside;
		// the leftmost block wins and its scanner stops at a "}".
		{"python-markdown", nil, []string{"H{#a}", "H { }", "H {:}", "H {#a} {#b}", "H {: #c }"}, []string{"ha", "h", "h_1", "a", "c"}},
		{"asciidoctor", nil, []string{"X [[x]] ==", "X \\[[y]]"}, []string{"x", "_x_y"}},
	} {
		got := slugs(t, tc.profile, tc.reserved, tc.texts...)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s, reserved %q: %q gives %q, want %q", tc.profile, tc.reserved, tc.texts, got, tc.want)
		}
	}
}

func TestHeadingFields(t *testing.T) {
	h := Heading{
		Text:        "Logo\nhere",
		TextWithAlt: "Logo img\nhere",
		Source:      "Logo ![img](x.png)\nhere",
	}
	for name, want := range map[string]string{
		"github":        "logohere",      // the line break is a control character, deleted
		"gitlab":        "logo-img-here", // comrak makes breaks spaces, keeps alt
		"docusaurus":    "logo-imghere",  // alt kept
		"hugo":          "here",          // the last line
		"goldmark":      "here",          // the source's last line
		"docutils":      "logo-here",     // whitespace
		"astro":         "logohere",      // no alt
		"sphinx":        "logo-here",     // whitespace
		"gitlab-legacy": "logohere",      // no alt, the break deleted
	} {
		if got := mustLookup(t, name).NewSlugger().Slug(h); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

func TestReservesAhead(t *testing.T) {
	for _, n := range Names() {
		p := mustLookup(t, n)
		want := p.dedup.kind == dedupPython
		if p.ReservesAhead() != want {
			t.Errorf("%s: ReservesAhead %v", n, p.ReservesAhead())
		}
	}
	p := mustLookup(t, "python-markdown")
	if id, ok := p.ExplicitID(plainHeading("Title { #t .c }")); !ok || id != "t" {
		t.Errorf("python-markdown ExplicitID = %q, %v", id, ok)
	}
	if _, ok := mustLookup(t, "github").ExplicitID(plainHeading("Title {#t}")); ok {
		t.Error("github takes {#t}")
	}
	if !mustLookup(t, "docutils").Reserves() || mustLookup(t, "github").Reserves() || mustLookup(t, "goldmark").Reserves() {
		t.Error("Reserves: docutils avoids reserved ids, github and goldmark do not")
	}
}

func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		profile, fragment, id string
		want                  bool
	}{
		{"github", "intro", "intro", true},
		{"github", "Intro", "intro", true},
		{"github", "thisll--be-a-helpful-section-about-the-greek-letter-Θ", "thisll--be-a-helpful-section-about-the-greek-letter-θ", true},
		{"github", "intro-", "intro", false},
		{"github-slugger", "Intro", "intro", false},
		{"gitlab", "Intro", "intro", false},
		{"docutils-github", "Intro", "intro", true},
		{"asciidoctor-github", "Intro", "intro", true},
		{"asciidoctor", "_Intro", "_intro", false},
		{"pymdownx-slugs-encoded", "ω", "%CF%89", true},
		{"pymdownx-slugs-encoded", "%CF%89", "%CF%89", true},
		{"pymdownx-slugs", "ω", "%CF%89", false},
		{"pymdownx-slugs-encoded", "x", "%zz", false},
	} {
		if got := mustLookup(t, tc.profile).Match(tc.fragment, tc.id); got != tc.want {
			t.Errorf("%s: Match(%q, %q) = %v", tc.profile, tc.fragment, tc.id, got)
		}
	}
}

func TestLineAnchor(t *testing.T) {
	for _, tc := range []struct {
		frag        string
		first, last int
		ok          bool
	}{
		{"L10", 10, 10, true},
		{"L10-L20", 10, 20, true},
		{"L10C5-L20C3", 10, 20, true},
		{"L10-L20C3", 10, 20, true},
		{"L20-L10", 20, 10, true},
		{"L0", 0, 0, true},
		{"L99999999999999999999999", math.MaxInt, math.MaxInt, true},
		{"L10C5", 0, 0, false},
		{"L10-", 0, 0, false},
		{"L10-L", 0, 0, false},
		{"L-1", 0, 0, false},
		{"#L10", 0, 0, false},
		{"", 0, 0, false},
		{"L", 0, 0, false},
		{"L1-L2-L3", 0, 0, false},
	} {
		first, last, ok := LineAnchor(tc.frag)
		if first != tc.first || last != tc.last || ok != tc.ok {
			t.Errorf("LineAnchor(%q) = %d, %d, %v, want %d, %d, %v", tc.frag, first, last, ok, tc.first, tc.last, tc.ok)
		}
	}
}

// TestGithubSlugASCII: the one-pass slug of ASCII text is the slug a code
// point at a time, for every ASCII character alone and in random strings.
func TestGithubSlugASCII(t *testing.T) {
	var c casers
	texts := []string{"", "Getting Started", "C++ & C# interop", "What's new in 2.0?", "a_b-c  d--"}
	for b := 0; b < utf8.RuneSelf; b++ {
		texts = append(texts, "x"+string(rune(b))+"Y")
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		buf := make([]byte, rnd.IntN(20))
		for i := range buf {
			buf[i] = byte(rnd.IntN(utf8.RuneSelf))
		}
		texts = append(texts, string(buf))
	}
	for _, text := range texts {
		for _, keep := range []bool{false, true} {
			if got, want := githubSlugASCII(text, keep), githubSlugRunes(&c, text, keep); got != want {
				t.Errorf("githubSlugASCII(%q, %v) = %q, want %q", text, keep, got, want)
			}
		}
	}
}

// TestIndexOf checks that an Index answers as Match does, whether made with
// Add or over a set of ids (IndexOf, which keeps the lower cases of only
// the ids that are not their own), under every profile.
func TestIndexOf(t *testing.T) {
	ids := []string{"intro", "Intro-Two", "θ-section", "Θ-upper", "%CF%89", "İstanbul", "ας", "_x", "mixed-ÀB"}
	fragments := append(slices.Clone(ids), "INTRO", "intro-two", "INTRO-TWO", "Θ-SECTION", "θ-upper", "ω", "i̇stanbul", "istanbul",
		"ΑΣ", "_X", "mixed-àb", "MIXED-àB", "nothing", "")
	set := map[string]bool{}
	for _, id := range ids {
		set[id] = true
	}
	for _, name := range Names() {
		p := mustLookup(t, name)
		added := p.NewIndex()
		for _, id := range ids {
			added.Add(id)
		}
		of := p.IndexOf(set)
		for _, f := range fragments {
			want := slices.ContainsFunc(ids, func(id string) bool { return p.Match(f, id) })
			if got := added.Match(f); got != want {
				t.Errorf("%s: NewIndex+Add: Match(%q) = %v, want %v", name, f, got, want)
			}
			if got := of.Match(f); got != want {
				t.Errorf("%s: IndexOf: Match(%q) = %v, want %v", name, f, got, want)
			}
		}
	}
}
