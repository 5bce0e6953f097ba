package slug

import (
	"regexp"
	"strings"
	"unicode"
)

// comrakSlug is comrak's anchorize (kivikakk/comrak src/html/anchorizer.rs),
// which GitLab uses from 17.0 on: Rust's full to_lowercase, keep letters,
// marks, numbers (No included), connector punctuation, "-" and " ", then
// each " " becomes "-". Unlike github-slugger, "²" stays and "ⓐ" (a symbol
// that is Alphabetic) goes.
func comrakSlug(c *casers, text string) string {
	text = c.lower(text)
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || 'a' <= r && r <= 'z' || '0' <= r && r <= '9':
			b.WriteRune(r)
		case r < 0x80:
		case unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r) || unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// gitlab is GitLab from 17.0 on ("Heading link generation changed in GitLab
// 17.0"): Markdown goes through comrak with header_ids "user-content-"
// (gitlab-glfm-markdown), so ids are comrak's anchorize of the heading's
// text with image alt (comrak's collect_text: line breaks are spaces, raw
// HTML is left out, ":thumbsup:" is still text), de-duplicated "-1",
// "-2"... skipping ids taken. Runs of "-" are not collapsed, whatever
// GitLab's prose says. Fragments match exactly.
var gitlab = &Profile{
	name:    "gitlab",
	summary: "GitLab 17.0 and later (comrak anchorize over the text with image alt); fragments matched exactly",
	base: func(s *Slugger, h Heading) string {
		return comrakSlug(&s.c, strings.ReplaceAll(h.TextWithAlt, "\n", " "))
	},
	dedup: dedup{kind: dedupCollision, sep: "-", start: 1},
}

// gitlabProductSuffix is the tier badge GitLab's string_to_anchor drops
// from its own documentation's headings ("(PREMIUM SELF)"), after
// lower-casing.
var gitlabProductSuffix = regexp.MustCompile(`[ \t\n\v\f\r]*\**\((premium|ultimate|free|beta|experiment)([ \t\n\v\f\r]+(all|self|saas))?([ \t\n\v\f\r]+(beta|experiment))?\)\**`)

// gitlabLegacy is GitLab before 17.0 (Banzai TableOfContentsFilter with
// Gitlab::Utils::Markdown#string_to_anchor): the heading's text stripped
// and lower-cased (Ruby's downcase), tier badges dropped, everything but
// Ruby's \p{Word}, "-" and " " deleted, spaces made "-", runs of "-"
// squeezed into one, and an id of digits only prefixed "anchor-"; a naive
// counter tells duplicates apart ("x", "x-1", whatever else is taken).
// Fragments match exactly.
var gitlabLegacy = &Profile{
	name:    "gitlab-legacy",
	summary: "GitLab before 17.0 (Banzai TableOfContentsFilter): hyphen runs squeezed, digits-only ids prefixed anchor-, naive counter",
	base: func(s *Slugger, h Heading) string {
		t := strings.Trim(h.Text, " \t\n\v\f\r\x00")
		t = s.c.lowerRuby(t)
		t = gitlabProductSuffix.ReplaceAllString(t, "")
		var b strings.Builder
		b.Grow(len(t))
		for _, r := range t {
			switch {
			case r == ' ' || r == '-':
				if !strings.HasSuffix(b.String(), "-") {
					b.WriteByte('-')
				}
			case isWord(r):
				b.WriteRune(r)
			}
		}
		id := b.String()
		if id != "" && strings.Trim(id, "0123456789") == "" {
			id = "anchor-" + id
		}
		return id
	},
	dedup: dedup{kind: dedupCounter},
}

func init() {
	register(gitlab, gitlabLegacy)
}
