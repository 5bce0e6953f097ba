package slug

// The renderers' own cases (testdata/slugs, derived from each renderer's
// tests, documentation or output; every case names its source): every case
// of every file runs against the profile of its renderer and options, a
// sequence as one document. A case that cannot run says why; the counts of
// cases run and skipped are fixed below, so that no case is dropped
// silently.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

type slugCase struct {
	Heading  *string             `json:"heading"`
	ID       *string             `json:"id"`
	Headings []string            `json:"headings"`
	IDs      []*string           `json:"ids"`
	Source   string              `json:"source"`
	Kind     string              `json:"kind"`
	Options  map[string]any      `json:"options"`
	Text     json.RawMessage     `json:"text"`
	ExtraIDs map[string][]string `json:"extra_ids"`
	Note     string              `json:"note"`

	// extra-profiles.json
	Profile string `json:"profile"`
	// explicit-ids.json
	Renderer string `json:"renderer"`
	Markdown string `json:"markdown"`
}

// pairs is the case as a sequence: headings and their ids (nil: no id).
func (c *slugCase) pairs() ([]string, []*string) {
	if c.Heading != nil {
		return []string{*c.Heading}, []*string{c.ID}
	}
	return c.Headings, c.IDs
}

// texts is the case's "text": one per heading, or nil.
func (c *slugCase) texts(t *testing.T) []string {
	if len(c.Text) == 0 {
		return nil
	}
	var list []string
	if err := json.Unmarshal(c.Text, &list); err == nil {
		return list
	}
	var one string
	if err := json.Unmarshal(c.Text, &one); err != nil {
		t.Fatalf("%s: text is neither a string nor a list: %s", c.Source, c.Text)
	}
	return []string{one}
}

func (c *slugCase) option(key string) string {
	if v, ok := c.Options[key]; ok {
		return fmt.Sprint(v)
	}
	return ""
}

func (c *slugCase) hasExtension(name string) bool {
	exts, _ := c.Options["extensions"].([]any)
	return slices.Contains(exts, any(name))
}

func loadCases(t *testing.T, file string) []slugCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "slugs", file))
	if err != nil {
		t.Fatal(err)
	}
	var cases []slugCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for i := range cases {
		if cases[i].Source == "" {
			t.Fatalf("%s: case %d has no source", file, i)
		}
	}
	return cases
}

// tally counts the cases run and skipped per profile, with the reasons.
type tally struct {
	run     map[string]int
	skipped map[string]map[string]int
}

func newTally() *tally {
	return &tally{run: map[string]int{}, skipped: map[string]map[string]int{}}
}

func (tl *tally) ran(profile string) { tl.run[profile]++ }

func (tl *tally) skip(profile, reason string) {
	if tl.skipped[profile] == nil {
		tl.skipped[profile] = map[string]int{}
	}
	tl.skipped[profile][reason]++
}

func (tl *tally) log(t *testing.T) {
	t.Helper()
	var names []string
	for n := range tl.run {
		names = append(names, n)
	}
	for n := range tl.skipped {
		if _, ok := tl.run[n]; !ok {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		skipped := 0
		for _, k := range tl.skipped[n] {
			skipped += k
		}
		t.Logf("%-28s %3d run, %3d skipped", n, tl.run[n], skipped)
		for reason, k := range tl.skipped[n] {
			t.Logf("    %d skipped: %s", k, reason)
		}
	}
}

// check asserts the counts of cases run and skipped for one file.
func (tl *tally) check(t *testing.T, wantRun, wantSkipped int) {
	t.Helper()
	run, skipped := 0, 0
	for _, k := range tl.run {
		run += k
	}
	for _, m := range tl.skipped {
		for _, k := range m {
			skipped += k
		}
	}
	if run != wantRun || skipped != wantSkipped {
		t.Errorf("%d cases run and %d skipped, want %d and %d", run, skipped, wantRun, wantSkipped)
	}
}

// runSequence slugs hs as one document with p and compares with want
// (nil: no id). reserve, if set, is called after each heading with its
// index, for ids that come with it (extra_ids).
func runSequence(t *testing.T, p *Profile, c *slugCase, hs []Heading, want []*string, reserve func(s *Slugger, i int)) {
	t.Helper()
	if len(hs) != len(want) {
		t.Fatalf("%s: %d headings, %d ids", c.Source, len(hs), len(want))
	}
	s := p.NewSlugger()
	if p.ReservesAhead() {
		for _, h := range hs {
			if id, ok := p.ExplicitID(h); ok {
				s.Reserve(id)
			}
		}
	}
	for i, h := range hs {
		got := s.Slug(h)
		w := ""
		if want[i] != nil {
			w = *want[i]
		}
		if got != w {
			t.Errorf("%s [%s] heading %d %q (text %q): id %q, want %q", p.Name(), c.Source, i, h.Source, h.Text, got, w)
		}
		if reserve != nil {
			reserve(s, i)
		}
	}
}

func mustLookup(t *testing.T, name string) *Profile {
	t.Helper()
	p, ok := Lookup(name)
	if !ok {
		t.Fatalf("no profile %q", name)
	}
	return p
}

func TestCasesGitHub(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	p := mustLookup(t, "github")
	for _, c := range loadCases(t, "github.json") {
		heads, ids := c.pairs()
		var hs []Heading
		for _, h := range heads {
			switch c.Kind {
			case "text":
				hs = append(hs, plainHeading(h))
			case "markdown", "markdown-atx-line":
				hs = append(hs, markdownHeading(h))
			default:
				t.Fatalf("%s: kind %q", c.Source, c.Kind)
			}
		}
		runSequence(t, p, &c, hs, ids, nil)
		tl.ran(p.Name())
	}
	tl.check(t, 57, 0)
}

func TestCasesGitHubSlugger(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	for _, c := range loadCases(t, "github-slugger.json") {
		heads, ids := c.pairs()
		var hs []Heading
		for _, h := range heads {
			if c.Kind == "markdown" {
				hs = append(hs, markdownHeading(h))
			} else {
				hs = append(hs, plainHeading(h))
			}
		}
		name := "github-slugger"
		switch {
		case c.Options["astro"] == true:
			name = "astro"
		case c.Options["maintainCase"] != nil:
			// github-slugger's maintainCase is an argument of each call
			// (Docusaurus' write-heading-ids --maintain-case), not a
			// renderer's setting: the calls share one slugger here as
			// there.
			runMaintainCase(t, &c, hs, ids)
			tl.ran("github-slugger (maintainCase)")
			continue
		case c.option("peer") == "lychee":
			// lychee's own slug (a peer's) agrees with github-slugger on
			// these headings; they run as github-slugger cases.
			tl.ran("github-slugger (lychee cases)")
			runSequence(t, mustLookup(t, name), &c, hs, ids, nil)
			continue
		}
		runSequence(t, mustLookup(t, name), &c, hs, ids, nil)
		tl.ran(name)
	}
	tl.check(t, 16, 0)
}

func runMaintainCase(t *testing.T, c *slugCase, hs []Heading, want []*string) {
	t.Helper()
	lower := mustLookup(t, "github-slugger")
	cased := &Profile{
		name:  "github-slugger (maintainCase)",
		base:  func(s *Slugger, h Heading) string { return githubSlug(&s.c, h.Text, true) },
		dedup: lower.dedup,
	}
	var flags []bool
	switch v := c.Options["maintainCase"].(type) {
	case bool:
		for range hs {
			flags = append(flags, v)
		}
	case []any:
		for _, f := range v {
			flags = append(flags, f == true)
		}
	}
	s := lower.NewSlugger()
	for i, h := range hs {
		s.p = lower
		if flags[i] {
			s.p = cased
		}
		if got := s.Slug(h); got != *want[i] {
			t.Errorf("maintainCase=%v [%s] %q: id %q, want %q", flags[i], c.Source, h.Text, got, *want[i])
		}
	}
}

func TestCasesGitLab(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	for _, c := range loadCases(t, "gitlab.json") {
		name := "gitlab"
		if c.Options["legacy"] == true {
			name = "gitlab-legacy"
		}
		heads, ids := c.pairs()
		if c.option("filter") == "markup" && len(ids) == 1 && *ids[0] == "h1" {
			// GitLab's filter for other markups names a heading with no
			// id characters after its tag; Heading carries no level.
			tl.skip(name, "MarkupHeadingAnchorFilter's fallback to the tag name (h1): Heading has no level")
			continue
		}
		var hs []Heading
		for _, h := range heads {
			switch c.Kind {
			case "text":
				hs = append(hs, plainHeading(h))
			case "markdown":
				hs = append(hs, markdownHeading(h))
			case "html":
				hs = append(hs, htmlHeading(h))
			default:
				t.Fatalf("%s: kind %q", c.Source, c.Kind)
			}
		}
		runSequence(t, mustLookup(t, name), &c, hs, ids, nil)
		tl.ran(name)
	}
	tl.check(t, 29, 1)
}

func TestCasesGoldmark(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	for _, c := range loadCases(t, "goldmark.json") {
		var name string
		switch c.option("variant") {
		case "goldmark":
			name = "goldmark"
			if c.Options["attribute"] == true {
				name = "goldmark-attributes"
			}
		case "hugo":
			name = map[string]string{
				"github":       "hugo",
				"github-ascii": "hugo-github-ascii",
				"blackfriday":  "hugo-blackfriday",
			}[c.option("autoIDType")]
		}
		heads, ids := c.pairs()
		var hs []Heading
		for _, h := range heads {
			if c.Kind == "text" {
				hs = append(hs, plainHeading(h))
			} else {
				hs = append(hs, markdownHeading(h))
			}
		}
		runSequence(t, mustLookup(t, name), &c, hs, ids, nil)
		tl.ran(name)
	}
	tl.check(t, 37, 0)
}

func TestCasesPythonMarkdown(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	for _, c := range loadCases(t, "python-markdown.json") {
		var p *Profile
		switch c.option("slugify") {
		case "slugify":
			p = mustLookup(t, "python-markdown")
		case "slugify_unicode":
			p = mustLookup(t, "python-markdown-unicode")
		case "pymdownx.slugs.slugify":
			name := "pymdownx-slugs" + map[string]string{
				"": "-cased", "lower": "", "lower-ascii": "-gfm", "fold": "-fold",
			}[c.option("case")]
			if c.Options["percent_encode"] == true {
				name += "-encoded"
			}
			p = mustLookup(t, name)
			if c.option("normalize") == "NFD" {
				// No named profile normalises to NFD; the option runs on a
				// profile made as the named ones are.
				p = pyMarkdownProfile("pymdownx-slugs-cased (normalize NFD)", "",
					func(cs *casers, s string) string { return pymdownxSlug(cs, s, caseNone, true, false) }, false)
			}
		default:
			t.Fatalf("%s: slugify %q", c.Source, c.option("slugify"))
		}
		heads, ids := c.pairs()
		texts := c.texts(t)
		var hs []Heading
		for i, h := range heads {
			mh := markdownHeading(h)
			switch {
			case c.hasExtension("footnotes"):
				mh = withoutFootnoteRefs(mh)
			case c.hasExtension("attr_list"):
				// The case's text is the text attr_list left: the block
				// must be in Text for the profile to find it.
			case texts != nil:
				mh.Text, mh.TextWithAlt = texts[i], texts[i]
			}
			hs = append(hs, mh)
		}
		runSequence(t, p, &c, hs, ids, nil)
		tl.ran(p.Name())
	}
	tl.check(t, 65, 0)
}

func TestCasesDocutils(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	var c casers
	for _, sc := range loadCases(t, "docutils.json") {
		switch fn := sc.option("function"); fn {
		case "make_id":
			if got := makeID(&c, *sc.Heading); got != *sc.ID {
				t.Errorf("make_id(%q) = %q, want %q", *sc.Heading, got, *sc.ID)
			}
			tl.ran("docutils (make_id)")
			continue
		case "sphinx.util.nodes.make_id":
			tl.skip("sphinx", "sphinx.util.nodes.make_id names objects and glossary terms, not sections: no Heading to give")
			continue
		case "set_id":
			idPrefix, auto := sc.option("id_prefix"), sc.option("auto_id_prefix")
			heads, ids := sc.pairs()
			if slices.ContainsFunc(ids, func(id *string) bool { return id != nil && strings.HasPrefix(*id, "footnote") }) {
				tl.skip("docutils (set_id)", "a footnote's automatic id (footnote-1): Slug names sections")
				continue
			}
			p := docutilsProfile("docutils (set_id "+idPrefix+" "+auto+")", "", idPrefix, auto, false)
			var hs []Heading
			for _, h := range heads {
				hs = append(hs, plainHeading(h))
			}
			runSequence(t, p, &sc, hs, ids, nil)
			tl.ran("docutils (set_id)")
			continue
		case "":
		default:
			t.Fatalf("%s: function %q", sc.Source, fn)
		}
		name := "docutils"
		switch {
		case sc.Options["github"] == true:
			name = "docutils-github"
		case sc.Options["sphinx"] == true:
			name = "sphinx"
		}
		p := mustLookup(t, name)
		if sc.option("auto_id_prefix") != map[string]string{"docutils": "%", "sphinx": "id", "docutils-github": "id"}[name] {
			t.Fatalf("%s: auto_id_prefix %q for %s", sc.Source, sc.option("auto_id_prefix"), name)
		}
		heads, ids := sc.pairs()
		var hs []Heading
		for _, h := range heads {
			hs = append(hs, rstHeading(h))
		}
		runSequence(t, p, &sc, hs, ids, func(s *Slugger, i int) {
			for _, id := range sc.ExtraIDs[heads[i]] {
				s.Reserve(id)
			}
		})
		tl.ran(name)
	}
	tl.check(t, 177, 13)
}

func TestCasesAsciidoctor(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	for _, c := range loadCases(t, "asciidoctor.json") {
		prefix, sep, start := "_", "_", 2
		if v, ok := c.Options["idprefix"]; ok {
			prefix = v.(string)
		}
		if v, ok := c.Options["idseparator"]; ok {
			sep = v.(string)
		}
		if v, ok := c.Options["unique_id_start_index"]; ok {
			start = int(v.(float64))
		}
		var p *Profile
		switch {
		case prefix == "_" && sep == "_" && start == 2:
			p = mustLookup(t, "asciidoctor")
		case prefix == "" && sep == "-" && start == 1:
			p = mustLookup(t, "asciidoctor-github")
		default:
			p = asciidoctorProfile(fmt.Sprintf("asciidoctor (idprefix %q idseparator %q start %d)", prefix, sep, start),
				"", prefix, sep, start, false)
		}
		heads, ids := c.pairs()
		var hs []Heading
		skip := ""
		for _, h := range heads {
			switch c.Kind {
			case "asciidoc-title":
				if strings.Contains(h, "&#12354;") {
					skip = "a letter written as a character reference: Asciidoctor drops the reference, Heading.Text has the letter"
				}
				hs = append(hs, adocHeading(h))
			case "asciidoc-block":
				title, ok := adocBlockTitle(h)
				if !ok {
					skip = "the id is a block anchor or attribute above the title: the AsciiDoc walker's (Reserve)"
				}
				hs = append(hs, adocHeading(title))
			default:
				t.Fatalf("%s: kind %q", c.Source, c.Kind)
			}
		}
		if skip != "" {
			tl.skip("asciidoctor", skip)
			continue
		}
		runSequence(t, p, &c, hs, ids, nil)
		tl.ran("asciidoctor")
	}
	tl.check(t, 30, 8)
}

// adocBlockTitle is the title of a block of lines (after "== ", or a setext
// title's first line), and false if a line above it sets an id.
func adocBlockTitle(block string) (string, bool) {
	lines := strings.Split(block, "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "[[") || strings.HasPrefix(l, "[#") || strings.HasPrefix(l, "[id=") || strings.HasPrefix(l, ":"):
			return "", false
		case strings.HasPrefix(l, "== "):
			return l[3:], true
		case i+1 < len(lines) && strings.Trim(lines[i+1], "-") == "" && lines[i+1] != "" && !strings.HasPrefix(l, "["):
			return l, true
		}
	}
	return "", false
}

// explicitProfiles maps explicit-ids.json's renderers to profiles; the
// others have no profile, or are about HTML anchors, which are the
// walkers' business.
var explicitProfiles = map[string]string{
	"goldmark+WithAttribute":    "goldmark-attributes",
	"hugo":                      "hugo",
	"python-markdown+attr_list": "python-markdown",
	"docusaurus":                "docusaurus",
	"github":                    "github",
	"kramdown":                  "kramdown",
}

func TestCasesExplicitIDs(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	for _, c := range loadCases(t, "explicit-ids.json") {
		name, ok := explicitProfiles[c.Renderer]
		if !ok {
			tl.skip(c.Renderer, "no profile for this renderer (peer checkers: markdownlint, lychee; pandoc)")
			continue
		}
		var heads []string
		for _, l := range strings.Split(c.Markdown, "\n") {
			switch {
			case strings.HasPrefix(l, "#"):
				heads = append(heads, strings.TrimLeft(l, "#")[1:])
			case strings.Trim(l, "=-") == "" && l != "" && len(heads) == 0:
				// A setext underline: the line above is the heading.
				prev := strings.Split(c.Markdown, "\n")[0]
				heads = append(heads, prev+"\n")
			}
		}
		if len(heads) == 0 {
			tl.skip(name, "an HTML anchor or an id on a non-heading element: the walker's (Reserve)")
			continue
		}
		if strings.Contains(c.Markdown, "\n{:") {
			tl.skip(name, "a block attribute list on the next line: the walker's")
			continue
		}
		var hs []Heading
		for _, h := range heads {
			if strings.HasSuffix(h, "\n") {
				// One line of a setext heading.
				hs = append(hs, markdownSetext(strings.TrimSuffix(h, "\n")))
				continue
			}
			hs = append(hs, markdownHeading(h))
		}
		p := mustLookup(t, name)
		if len(c.IDs) == 1 && c.IDs[0] == nil {
			// null: the syntax gives no explicit id.
			if id, ok := p.ExplicitID(hs[0]); ok {
				t.Errorf("%s [%s] %q: explicit id %q, want none", name, c.Source, c.Markdown, id)
			}
			tl.ran(name)
			continue
		}
		want := c.IDs
		if len(want) == len(hs)+1 && strings.Contains(c.Markdown, "<a name=") {
			// An <a name> in the heading is a target too, the walker's;
			// the heading's own id is the last.
			want = want[1:]
		}
		runSequence(t, p, &c, hs, want, nil)
		tl.ran(name)
	}
	tl.check(t, 39, 18)
}

func TestCasesExtraProfiles(t *testing.T) {
	tl := newTally()
	defer tl.log(t)
	for _, c := range loadCases(t, "extra-profiles.json") {
		var p *Profile
		switch {
		case c.Profile == "pandoc":
			tl.skip(c.Profile, "pandoc is not a profile")
			continue
		case c.Options["transliterated_header_ids"] == true:
			tl.skip(c.Profile, "kramdown's transliterated_header_ids (its Unidecoder table) is not followed")
			continue
		case strings.HasPrefix(c.Profile, "kramdown-gfm"):
			p = mustLookup(t, "kramdown-gfm")
		case c.Profile == "kramdown" && c.option("auto_id_prefix") != "":
			// auto_id_prefix runs on a profile made as the named one is.
			p = kramdownProfile("kramdown (auto_id_prefix)", "", false, c.option("auto_id_prefix"))
		default:
			t.Fatalf("%s: profile %q", c.Source, c.Profile)
		}
		heads, ids := c.pairs()
		var hs []Heading
		for _, h := range heads {
			hs = append(hs, plainHeading(h))
		}
		runSequence(t, p, &c, hs, ids, nil)
		tl.ran(c.Profile)
	}
	tl.check(t, 2, 7)
}

func TestLineAnchorCases(t *testing.T) {
	var cases []struct {
		Fragment string `json:"fragment"`
		Valid    bool   `json:"valid"`
		Source   string `json:"source"`
		URL      string `json:"url"`
	}
	data, err := os.ReadFile(filepath.Join("testdata", "slugs", "github-line-anchors.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) != 24 {
		t.Fatalf("%d cases, want 24", len(cases))
	}
	for _, c := range cases {
		frag := strings.TrimPrefix(c.Fragment, "#")
		valid := c.Valid
		if frag == "readme" || frag == "top" {
			// Valid anchors of a page, not line anchors.
			valid = false
		}
		if _, _, ok := LineAnchor(frag); ok != valid {
			t.Errorf("LineAnchor(%q) ok = %v, want %v [%s]", frag, ok, valid, c.Source)
		}
	}
}
