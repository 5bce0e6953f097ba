package slug

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// asciidoctorSlug is Section.generate_id (asciidoctor/asciidoctor
// lib/asciidoctor/section.rb, 2.0): idprefix + the title lower-cased (Ruby's
// downcase) with every character but \p{Word}, " ", "-" and "." deleted;
// then " ", "-", "." and the separator each become the separator, runs
// squeezed to one; one trailing separator dropped and, with an empty
// prefix, one leading; with an empty separator, spaces are deleted instead.
//
// Asciidoctor deletes the tags and the character references of the
// converted title; Heading.Text has neither, its references decoded: a
// letter written as a reference ("&#12354;") is kept here where
// Asciidoctor drops it.
func asciidoctorSlug(c *casers, title, prefix, sep string) string {
	var b strings.Builder
	b.Grow(len(prefix) + len(title))
	// put writes r, or the separator for a character tr_s translates,
	// squeezing runs of them (every separator in the id is one).
	put := func(r rune) {
		if sep == "" || r != ' ' && r != '.' && r != '-' && string(r) != sep {
			b.WriteRune(r)
			return
		}
		if !strings.HasSuffix(b.String(), sep) {
			b.WriteString(sep)
		}
	}
	for _, r := range prefix {
		put(r)
	}
	for _, r := range c.lowerRuby(title) {
		switch {
		case sep == "" && r == ' ':
		case r == ' ' || r == '-' || r == '.' || isWord(r):
			put(r)
		}
	}
	id := b.String()
	if sep == "" {
		return id
	}
	id = strings.TrimSuffix(id, sep)
	if prefix == "" {
		id = strings.TrimPrefix(id, sep)
	}
	return id
}

// asciidoctorAnchorRx is an anchor ending a section title, "Title [[id]]" or
// "Title [[id,reftext]]" (Asciidoctor's InlineSectionAnchorRx); a "\"
// before "[[" makes it text.
var asciidoctorAnchorRx = regexp.MustCompile(` (\\)?\[\[([\p{L}\p{Nl}_:][\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\-:.]*)(?:, *(.+))?\]\]$`)

// asciidoctorAnchor finds the anchor at the end of a title's source (after
// "== ", a closing run of "=" dropped).
func asciidoctorAnchor(source string) (string, bool) {
	t := strings.TrimRight(source, " \t")
	if i := strings.LastIndexAny(t, " \t"); i >= 0 && strings.Trim(t[i+1:], "=") == "" && i+1 < len(t) {
		t = strings.TrimRight(t[:i], " \t")
	}
	m := asciidoctorAnchorRx.FindStringSubmatch(t)
	if m == nil || m[1] != "" {
		return "", false
	}
	return m[2], true
}

// asciidoctorProfile is Asciidoctor's section ids with the document's
// idprefix, idseparator (its first character) and the start index of
// duplicates (Compliance.unique_id_start_index): duplicates are
// id<sep>2, id<sep>3... skipping every id taken, explicit anchors
// included. The text is the title with its substitutions applied
// (attribute references resolved), as text. A title's own anchor
// ("== Title [[id]]") is its id; block anchors above a title ("[[id]]",
// "[#id]") and anchors anywhere else are the caller's: Reserve them in
// document order.
func asciidoctorProfile(name, summary, prefix, sep string, start int, fold bool) *Profile {
	sep = firstRune(sep)
	return &Profile{
		name:     name,
		summary:  summary,
		format:   "asciidoc",
		explicit: func(h Heading) (string, bool) { return asciidoctorAnchor(h.Source) },
		base: func(s *Slugger, h Heading) string {
			return asciidoctorSlug(&s.c, h.Text, prefix, sep)
		},
		explicitTaken: true,
		dedup:         dedup{kind: dedupCollision, sep: sep, start: start},
		reserves:      true,
		foldMatch:     fold,
	}
}

// asciidoctor is Asciidoctor 2.0 with its defaults: idprefix "_",
// idseparator "_", duplicates from 2 ("_intro", "_intro_2").
// The document's own idprefix and idseparator attributes change them
// (":idprefix:", ":idseparator: -"): the Heading carries them.
var asciidoctor = func() *Profile {
	p := asciidoctorProfile("asciidoctor",
		"Asciidoctor 2.0 defaults: _ prefix and separator (_section_one), duplicates _2; the document's idprefix and idseparator followed", "_", "_", 2, false)
	p.adocAttrs, p.adocPrefix = true, "_"
	return p
}()

// firstRune is the first character of s ("" for ""): Asciidoctor takes the
// first character of an idseparator.
func firstRune(s string) string {
	if s == "" {
		return ""
	}
	r, _ := utf8.DecodeRuneInString(s)
	return string(r)
}

// asciidoctorGitHub is AsciiDoc on github.com (github/markup: idprefix "",
// idseparator "-", unique_id_start_index 1; ids user-content- prefixed, so
// reached whatever the letter case).
var asciidoctorGitHub = asciidoctorProfile("asciidoctor-github",
	"AsciiDoc on github.com: no prefix, - separator, duplicates -1; fragments match case-insensitively", "", "-", 1, true)

// asciidoctorGitLab is AsciiDoc on GitLab (gitlabhq lib/gitlab/asciidoc.rb:
// idprefix "user-content-", idseparator "-", duplicates from 2). The page's
// script adds the prefix to a link's fragment, so ids are given without it.
var asciidoctorGitLab = &Profile{
	name:    "asciidoctor-gitlab",
	format:  "asciidoc",
	summary: "AsciiDoc on GitLab: user-content- prefix (links omit it), - separator, duplicates -2",
	explicit: func(h Heading) (string, bool) {
		return asciidoctorAnchor(h.Source)
	},
	explicitTaken: true,
	base: func(s *Slugger, h Heading) string {
		id := asciidoctorSlug(&s.c, h.Text, "user-content-", "-")
		if id == "user-content" {
			return ""
		}
		return strings.TrimPrefix(id, "user-content-")
	},
	dedup:    dedup{kind: dedupCollision, sep: "-", start: 2},
	reserves: true,
}

func init() {
	register(asciidoctor, asciidoctorGitHub, asciidoctorGitLab)
}
