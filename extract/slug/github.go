package slug

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/rangetable"
)

// githubSlug is github-slugger's slug (Flet/github-slugger 2.0.0, whose
// fixtures are github.com's own output): lower-case in full unless
// maintainCase, delete every code point that is not a letter, mark,
// decimal or letter number, connector punctuation, Alphabetic, "-" or " ",
// then each " " becomes "-". Nothing is collapsed or trimmed.
//
// github-slugger's classes are those of Unicode 13.0: a code point
// assigned later is deleted, as unassigned, whatever it is now (what
// github.com does with those today is not known); the categories of the
// others are Go's, which have not changed for them.
func githubSlug(c *casers, text string, maintainCase bool) string {
	if isASCII(text) {
		return githubSlugASCII(text, maintainCase)
	}
	return githubSlugRunes(c, text, maintainCase)
}

// githubSlugRunes is githubSlug of any text, a code point at a time.
func githubSlugRunes(c *casers, text string, maintainCase bool) string {
	if !maintainCase {
		text = c.lower(text)
	}
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || isWord(r) && (r < utf8.RuneSelf || unicode.Is(unicode13, r)):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// githubSlugASCII is githubSlug of ASCII text, in one pass and one
// allocation: most headings are ASCII.
func githubSlugASCII(text string, maintainCase bool) string {
	var b strings.Builder // its String makes no copy
	b.Grow(len(text))
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == ' ':
			b.WriteByte('-')
		case 'A' <= c && c <= 'Z' && !maintainCase:
			b.WriteByte(c + 'a' - 'A')
		case c == '-' || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9':
			b.WriteByte(c)
		}
	}
	return b.String()
}

// unicode13 is the code points assigned in Unicode 13.0, the version of
// github-slugger's tables: one assigned later is unassigned (Cn) there, and
// deleted.
var unicode13 = rangetable.Assigned("13.0.0")

// github is github.com's Markdown (and the headings of its other markups
// that go through the same anchor filter): github-slugger's slug of the
// heading's rendered text (no image alt, no raw HTML; emoji shortcodes are
// still text), de-duplicated "-1", "-2"... skipping ids already taken.
// There is no explicit heading id syntax ("### X {#y}" is "x-y"), raw
// HTML ids do not change the slugs, and a fragment reaches an id whatever
// its letter case (GitHub's page script resolves "#Frag" to
// "user-content-frag" case-insensitively).
var github = &Profile{
	name:      "github",
	summary:   "github.com Markdown (github-slugger 2.0.0 rules, fixtures scraped from github.com 2022-10); fragments match case-insensitively",
	base:      func(s *Slugger, h Heading) string { return githubSlug(&s.c, h.Text, false) },
	dedup:     dedup{kind: dedupCollision, sep: "-", start: 1},
	foldMatch: true,
}

// githubSlugger is Flet/github-slugger 2.0.0 itself, as rehype-slug,
// remark-slug and remark-validate-links use it: the same ids as github,
// from the heading's text without image alt, but a fragment must match an
// id exactly.
var githubSlugger = &Profile{
	name:    "github-slugger",
	summary: "github-slugger 2.0.0 (rehype-slug, remark-validate-links): GitHub's ids, fragments matched exactly",
	base:    func(s *Slugger, h Heading) string { return githubSlug(&s.c, h.Text, false) },
	dedup:   dedup{kind: dedupCollision, sep: "-", start: 1},
}

// docusaurus is Docusaurus 3 (packages/docusaurus-mdx-loader remark
// headings plugin): github-slugger over mdast-util-to-string of the heading
// (image alt included, raw HTML and JSX left out), and an explicit id at
// the end of the heading's text, "{#id}" (any characters; Docusaurus'
// parseMarkdownHeadingId) or the MDX comment "{/* #id */}". Explicit ids are
// not entered in the slugger: a later generated id may repeat one.
var docusaurus = &Profile{
	name:     "docusaurus",
	summary:  "Docusaurus 3: github-slugger over the heading text with image alt; explicit {#id} and {/* #id */}",
	explicit: func(h Heading) (string, bool) { return docusaurusID(h.TextWithAlt) },
	base:     func(s *Slugger, h Heading) string { return githubSlug(&s.c, h.TextWithAlt, false) },
	dedup:    dedup{kind: dedupCollision, sep: "-", start: 1},
}

// docusaurusCommentRx is "{/* #id */}" ending the heading (Docusaurus'
// mdx-comment syntax).
var docusaurusCommentRx = regexp.MustCompile(`\s*\{/\*\s*#(\S+)\s*\*/\}$`)

// docusaurusID finds Docusaurus' explicit heading id at the end of text.
func docusaurusID(text string) (string, bool) {
	if !strings.HasSuffix(text, "}") {
		return "", false
	}
	if m := docusaurusCommentRx.FindStringSubmatch(text); m != nil {
		return m[1], true
	}
	// The classic syntax is the JavaScript expression
	// /\s*\{#(?<id>(?:.(?!\{#|\}))*.)\}$/, whose leftmost match counts: an
	// id of one character or more, on one line, no character of which but
	// the last is followed by "{#" or "}".
	for i := strings.Index(text, "{#"); i >= 0; {
		if id := text[i+2 : len(text)-1]; docusaurusFits(id) {
			return strings.TrimSpace(id), true
		}
		j := strings.Index(text[i+1:], "{#")
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return "", false
}

func docusaurusFits(id string) bool {
	if id == "" || strings.ContainsAny(id, "\n\r\u2028\u2029") {
		return false
	}
	for k := 1; k < len(id); k++ {
		if id[k] == '}' || strings.HasPrefix(id[k:], "{#") {
			return false
		}
	}
	return true
}

// astro is Astro's rehypeHeadingIds (withastro/astro
// packages/markdown/remark/src/rehype-collect-headings.ts, Starlight
// included): the heading's text with U+00A0, U+2007 and U+202F as spaces,
// github-slugger's slug de-duplicated as github-slugger does, then leading
// and trailing hyphens removed and runs of them made one ("😄 Lorem" is
// "lorem"). The clean-up comes after de-duplication, so two headings can
// end with one id, as in Astro.
var astro = &Profile{
	name:    "astro",
	summary: "Astro/Starlight rehypeHeadingIds: github-slugger, then runs of '-' collapsed and trimmed",
	base: func(s *Slugger, h Heading) string {
		return githubSlug(&s.c, strings.Map(astroSpace, h.Text), false)
	},
	post:  collapseHyphens,
	dedup: dedup{kind: dedupCollision, sep: "-", start: 1},
}

func astroSpace(r rune) rune {
	if r == '\u00a0' || r == '\u2007' || r == '\u202f' {
		return ' '
	}
	return r
}

// collapseHyphens removes leading and trailing "-" and makes each run of
// "-" one.
func collapseHyphens(s string) string {
	if !strings.Contains(s, "-") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	pending := false
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if r == '-' {
			pending = b.Len() > 0
			continue
		}
		if pending {
			b.WriteByte('-')
			pending = false
		}
		b.WriteString(s[i-n : i])
	}
	return b.String()
}

func init() {
	register(github, githubSlugger, docusaurus, astro)
}
