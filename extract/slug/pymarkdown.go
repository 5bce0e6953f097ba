package slug

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// attrList finds attr_list's block ending a heading's text, as its
// HEADER_RE (Python-Markdown markdown/extensions/attr_list.py,
// `[ ]+\{\:?[ ]*([^\}\n ][^\n]*)[ ]*\}[ ]*$`) does: the leftmost "{" after
// a space, on the last line, from which the text runs to a last "}" and
// trailing spaces, with something inside that does not start with "}". It
// gives the text before the block's spaces and the id the block sets (the
// last "#id" or "id=..."). The text is rendered text, so escapes in the
// block are already resolved, as Python-Markdown restores them.
func attrList(text string) (rest, id string, hasID bool) {
	t := strings.TrimRight(text, " ")
	if !strings.HasSuffix(t, "}") {
		return text, "", false
	}
	e := len(t) - 1
	from := strings.LastIndexByte(t[:e], '\n') + 1
	for b := from; b < e; b++ {
		if t[b] != '{' || b == 0 || t[b-1] != ' ' {
			continue
		}
		inside := t[b+1 : e]
		group := strings.TrimLeft(inside, " ")
		if after, ok := strings.CutPrefix(inside, ":"); ok {
			if g := strings.TrimLeft(after, " "); g != "" && g[0] != '}' {
				group = g
			}
		}
		if group == "" || group[0] == '}' {
			continue
		}
		start := b - 1
		for start > 0 && t[start-1] == ' ' {
			start--
		}
		id, hasID = attrListID(strings.TrimRight(group, " "))
		return t[:start], id, hasID
	}
	return text, "", false
}

// attrListID scans the inside of an attr_list block as its re.Scanner does:
// key="value", key='value', key=value, #id, .class, bare words, spaces.
func attrListID(s string) (id string, ok bool) {
	for i := 0; i < len(s); {
		if s[i] == ' ' {
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '=' && s[j] != '}' {
			j++
		}
		if j == i {
			// "=" or "}" where a word should start: the scanner stops.
			return id, ok
		}
		key := s[i:j]
		if j < len(s) && s[j] == '=' {
			v, next, good := attrListValue(s, j+1)
			if good {
				if key == "id" {
					id, ok = v, true
				}
				i = next
				continue
			}
		}
		if key[0] == '#' {
			id, ok = key[1:], true
		}
		if j < len(s) && s[j] != ' ' {
			// A word followed by "=" or "}" that no rule takes: the
			// scanner stops there.
			return id, ok
		}
		i = j
	}
	return id, ok
}

// attrListValue reads the value after key= at i: "...", '...' (the shortest
// quoted run) or a run of neither " ", "=" nor "}".
func attrListValue(s string, i int) (value string, next int, ok bool) {
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		if k := strings.IndexByte(s[i+1:], s[i]); k >= 0 {
			return s[i+1 : i+1+k], i + 2 + k, true
		}
	}
	j := i
	for j < len(s) && s[j] != ' ' && s[j] != '=' && s[j] != '}' {
		j++
	}
	if j == i {
		return "", i, false
	}
	return s[i:j], j, true
}

// pythonUnique is Python-Markdown's toc unique(): while the id is taken or
// empty, an id ending in _n becomes _n+1, another gets _1.
func pythonUnique(id string, taken func(string) bool) string {
	for id == "" || taken(id) {
		if k := strings.LastIndexByte(id, '_'); k >= 0 && k+1 < len(id) && isDigits(id[k+1:]) {
			n, err := strconv.Atoi(id[k+1:])
			if err == nil {
				id = id[:k] + "_" + strconv.Itoa(n+1)
				continue
			}
		}
		id += "_1"
	}
	return id
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// pySlugify is toc's slugify(value, separator, unicode): without unicode,
// NFKD and non-ASCII dropped; then every character but \w, \s and "-"
// deleted, stripped, lower-cased, and each run of separators and spaces
// made one separator.
func pySlugify(c *casers, value string, unicode bool) string {
	if !unicode {
		value = nfkdASCII(value)
	}
	var b strings.Builder
	b.Grow(len(value))
	for _, r := range value {
		if isPyWord(r) || isPySpace(r) || r == '-' {
			b.WriteRune(r)
		}
	}
	value = c.lower(pyStrip(b.String()))
	b.Reset()
	run := false
	for _, r := range value {
		if r == '-' || isPySpace(r) {
			run = true
			continue
		}
		if run {
			b.WriteByte('-')
			run = false
		}
		b.WriteRune(r)
	}
	if run {
		b.WriteByte('-')
	}
	return b.String()
}

// pymdownx slug options (pymdownx.slugs.slugify's keywords).
type pymdownxCase uint8

const (
	caseNone pymdownxCase = iota
	caseLower
	caseLowerASCII
	caseFold
)

var htmlTagRx = regexp.MustCompile(`</?[^>]*>`)

// pymdownxSlug is pymdownx.slugs' _uslugify (facelessuser/pymdown-extensions
// pymdownx/slugs.py): Unicode normalisation (NFC by default), tags removed,
// stripped, the case rule, every character but \w, "-" and " " deleted,
// each space a "-" (runs are kept), and optionally percent-encoded.
func pymdownxSlug(c *casers, text string, cs pymdownxCase, nfd, encode bool) string {
	if nfd {
		text = norm.NFD.String(text)
	} else {
		text = norm.NFC.String(text)
	}
	text = pyStrip(htmlTagRx.ReplaceAllString(text, ""))
	switch cs {
	case caseLower:
		text = c.lower(text)
	case caseLowerASCII:
		text = strings.Map(func(r rune) rune {
			if 'A' <= r && r <= 'Z' {
				return r + 'a' - 'A'
			}
			return r
		}, text)
	case caseFold:
		text = c.casefold(text)
	}
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || isPyWord(r):
			b.WriteRune(r)
		}
	}
	if encode {
		return pyQuote(b.String())
	}
	return b.String()
}

// pyQuote is Python's urllib.parse.quote with its default safe "/":
// everything but ASCII letters, digits and "_.-~/" is percent-encoded.
func pyQuote(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("_.-~/", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// pyMarkdownProfile is Python-Markdown's toc extension (Python-Markdown
// 3.6 and later; MkDocs' default Markdown) with attr_list: the heading's
// rendered text (tags removed, references resolved, footnote references
// left out), attr_list's "{#id}" block at its end (at least one space
// before "{") taken as the id, the rest slugged and de-duplicated by
// unique(): "x", "x_1", "x_2". Every id already in the page when toc runs
// is taken before any heading gets one (ReservesAhead): attr_list ids of
// headings and of other elements, and ids of raw HTML that md_in_html
// parses; not those of other raw HTML, which Python-Markdown keeps as text.
func pyMarkdownProfile(name, summary string, slugify func(c *casers, text string) string, encoded bool) *Profile {
	return &Profile{
		name:    name,
		summary: summary,
		explicit: func(h Heading) (string, bool) {
			_, id, hasID := attrList(h.Text)
			return id, hasID
		},
		explicitTaken: true,
		base: func(s *Slugger, h Heading) string {
			rest, _, _ := attrList(h.Text)
			return slugify(&s.c, rest)
		},
		dedup:         dedup{kind: dedupPython},
		reserves:      true,
		reservesAhead: true,
		attrLists:     true,
		encodedIDs:    encoded,
	}
}

// pythonMarkdown is toc's default slugify: NFKD and ASCII only ("Théâtre"
// is "theatre", "ヘッダー" nothing), \w, spaces and "-" kept, stripped,
// lower-cased, runs of spaces and "-" one "-". attr_list is taken as on:
// MkDocs leaves it off by default, but a heading written with "{#id}" is
// written for a site that has it (without it the braces show on the page).
var pythonMarkdown = pyMarkdownProfile("python-markdown",
	"Python-Markdown 3.6+ toc (MkDocs): slugify, ASCII only, runs of - and spaces collapsed, duplicates _1; attr_list {#id}",
	func(c *casers, t string) string { return pySlugify(c, t, false) }, false)

// pythonMarkdownUnicode is toc with slugify_unicode: as python-markdown,
// but non-ASCII letters and numbers are kept (marks are not: Python's \w
// has no marks).
var pythonMarkdownUnicode = pyMarkdownProfile("python-markdown-unicode",
	"Python-Markdown 3.6+ toc with slugify_unicode: as python-markdown, Unicode letters and numbers kept",
	func(c *casers, t string) string { return pySlugify(c, t, true) }, false)

func pymdownxProfiles() []*Profile {
	var ps []*Profile
	for _, v := range []struct {
		suffix, what string
		cs           pymdownxCase
	}{
		{"", "case=lower (uslugify)", caseLower},
		{"-cased", "case=none (uslugify_cased)", caseNone},
		{"-gfm", "case=lower-ascii (gfm)", caseLowerASCII},
		{"-fold", "case=fold", caseFold},
	} {
		for _, encode := range []bool{false, true} {
			name, what := "pymdownx-slugs"+v.suffix, v.what
			if encode {
				name += "-encoded"
				what += ", percent_encode"
			}
			cs, enc := v.cs, encode
			ps = append(ps, pyMarkdownProfile(name,
				"Python-Markdown toc with pymdownx.slugs.slugify "+what+" (mkdocs-material sites): spaces become - one by one",
				func(c *casers, t string) string { return pymdownxSlug(c, t, cs, false, enc) }, enc))
		}
	}
	return ps
}

func init() {
	register(pythonMarkdown, pythonMarkdownUnicode)
	register(pymdownxProfiles()...)
}
