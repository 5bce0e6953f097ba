package slug

import (
	"strconv"
	"strings"
)

// docutilsTranslate is make_id's table of letters NFKD does not take apart:
// digraphs and ligatures, then letters with a stroke, hook, bar or curl
// (docutils nodes.py, _non_id_translate_digraphs and _non_id_translate).
var docutilsTranslate = map[rune]string{
	'ß': "sz", 'æ': "ae", 'œ': "oe", 'ȸ': "db", 'ȹ': "qp",
	'ø': "o", 'đ': "d", 'ħ': "h", 'ı': "i", 'ł': "l", 'ŧ': "t", 'ƀ': "b",
	'ƃ': "b", 'ƈ': "c", 'ƌ': "d", 'ƒ': "f", 'ƙ': "k", 'ƚ': "l", 'ƞ': "n",
	'ƥ': "p", 'ƫ': "t", 'ƭ': "t", 'ƴ': "y", 'ƶ': "z", 'ǥ': "g", 'ȥ': "z",
	'ȴ': "l", 'ȵ': "n", 'ȶ': "t", 'ȷ': "j", 'ȼ': "c", 'ȿ': "s", 'ɀ': "z",
	'ɇ': "e", 'ɉ': "j", 'ɋ': "q", 'ɍ': "r", 'ɏ': "y",
}

// makeID is docutils' make_id: lower-cased, the table above applied, NFKD
// and non-ASCII dropped, each run of anything but [a-z0-9] one "-", then
// leading digits and hyphens and trailing hyphens removed. The result
// matches [a-z](-?[a-z0-9]+)* or is empty.
func makeID(c *casers, s string) string {
	s = c.lower(s)
	if !isASCII(s) {
		var b strings.Builder
		for _, r := range s {
			if t, ok := docutilsTranslate[r]; ok {
				b.WriteString(t)
			} else {
				b.WriteRune(r)
			}
		}
		s = nfkdASCII(b.String())
	}
	b := make([]byte, 0, len(s))
	dash := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			if dash {
				b = append(b, '-')
				dash = false
			}
			b = append(b, c)
			continue
		}
		dash = true
	}
	if dash {
		b = append(b, '-')
	}
	id := strings.TrimLeft(string(b), "-0123456789")
	return strings.TrimRight(id, "-")
}

// docutilsName is fully_normalize_name: lower-cased, runs of whitespace one
// space, trimmed.
func docutilsName(c *casers, title string) string {
	return strings.Join(strings.FieldsFunc(c.lower(title), isPySpace), " ")
}

// docutilsID is document.set_id for an element (its tag: "section",
// "target") whose name is name: the name-derived id if it is new;
// otherwise, with an auto_id_prefix ending in "%", that id with "-1",
// "-2"...; else the prefix and a counter ("%" standing for the element's
// tag).
func (s *Slugger) docutilsID(name, tag string) string {
	d := &s.p.dedup
	var base string
	if d.idPrefix != "" {
		// With an id_prefix, names may start with digits.
		base = makeID(&s.c, "x"+name)[1:]
	} else {
		base = makeID(&s.c, name)
	}
	id := d.idPrefix + base
	if base != "" && !s.has(id) {
		return s.take(id)
	}
	var prefix string
	if base != "" && strings.HasSuffix(d.autoIDPrefix, "%") {
		prefix = id + "-"
	} else {
		prefix = d.idPrefix + d.autoIDPrefix
		if p, ok := strings.CutSuffix(prefix, "%"); ok {
			prefix = p + tag + "-"
		}
	}
	for {
		id = prefix + strconv.Itoa(s.count(prefix)+1)
		if !s.has(id) {
			return s.take(id)
		}
	}
}

// docutilsProfile is docutils' section ids (docutils/docutils nodes.py,
// make_id and document.set_id, 0.18 and later with legacy_ids on, the
// default until 2.0): the name of a section is its title's text
// (fully_normalize_name of title.astext(), taken before substitutions), its
// id make_id of that; a name that gives no id, or one already taken, gets an
// automatic id. Explicit targets (".. _label:") are ids too: Reserve them
// in document order.
func docutilsProfile(name, summary, idPrefix, autoIDPrefix string, fold bool) *Profile {
	return &Profile{
		name:    name,
		summary: summary,
		format:  "restructuredtext",
		base: func(s *Slugger, h Heading) string {
			return docutilsName(&s.c, h.Text)
		},
		dedup:     dedup{kind: dedupDocutils, idPrefix: idPrefix, autoIDPrefix: autoIDPrefix},
		reserves:  true,
		foldMatch: fold,
	}
}

// docutils is docutils with its default settings (auto_id_prefix "%", since
// 0.18): a duplicate title's id is "intro-1", an empty one "section-1".
var docutils = docutilsProfile("docutils",
	"docutils 0.18+ defaults (reST): make_id of the title, duplicates intro-1, no id section-1", "", "%", false)

// sphinx is docutils as Sphinx sets it up (auto_id_prefix "id",
// sphinx/environment): a duplicate or empty title's id is "id1", "id2"...,
// one counter for every automatic id of the page.
var sphinx = docutilsProfile("sphinx",
	"Sphinx (docutils with auto_id_prefix id): make_id of the title, duplicates and non-Latin titles id1, id2", "", "id", false)

// docutilsGitHub is reStructuredText on github.com (github/markup
// rest2html: docutils with auto_id_prefix "id"; ids written as <a name>, so
// user-content- prefixed and reached whatever the letter case).
var docutilsGitHub = docutilsProfile("docutils-github",
	"reStructuredText on github.com (rest2html, auto_id_prefix id); fragments match case-insensitively", "", "id", true)

func init() {
	register(docutils, sphinx, docutilsGitHub)
}
