package slug

import (
	"regexp"
	"strings"
)

// kramdownHeaderIDRx is kramdown's explicit header id: "{#id}" ending the
// header's line after a space or tab, the id starting with a letter
// (kramdown lib/kramdown/parser/kramdown/header.rb, HEADER_ID).
var kramdownHeaderIDRx = regexp.MustCompile(`[\t ]\{#([A-Za-z][\w:-]*)\}[\t ]*$`)

// kramdownID finds the explicit id of a header's source: its last line, an
// ATX header's closing run of "#" removed.
func kramdownID(source string) (string, bool) {
	line := source
	if i := strings.LastIndexByte(line, '\n'); i >= 0 {
		line = line[i+1:]
	}
	m := kramdownHeaderIDRx.FindStringSubmatch(line)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// kramdownLine is the header's raw text, as kramdown keeps it (raw_text):
// its last line, without the explicit id and an ATX closing sequence.
func kramdownLine(source string) string {
	if i := strings.LastIndexByte(source, '\n'); i >= 0 {
		source = source[i+1:]
	}
	if m := kramdownHeaderIDRx.FindStringIndex(source); m != nil {
		source = source[:m[0]]
	}
	source = strings.TrimRight(source, " \t")
	if t := strings.TrimRight(source, "#"); len(t) < len(source) && (t == "" || strings.HasSuffix(t, " ") || strings.HasSuffix(t, "\t")) {
		source = strings.TrimRight(t, " \t")
	}
	return source
}

// kramdownGFMSlug is kramdown-parser-gfm's generate_gfm_header_id: Ruby's
// downcase, every character but \p{Word}, "-", space and tab deleted, each
// space and tab a "-".
func kramdownGFMSlug(c *casers, text string) string {
	text = c.lowerRuby(text)
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		switch {
		case r == ' ' || r == '\t':
			b.WriteByte('-')
		case r == '-' || isWord(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// kramdownSlug is kramdown's basic_generate_id: leading characters that are
// not ASCII letters removed, then everything but ASCII letters, digits,
// spaces and "-" deleted, spaces made "-", lower-cased; empty is "section".
func kramdownSlug(text string) string {
	text = strings.TrimLeftFunc(text, func(r rune) bool { return (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') })
	b := make([]byte, 0, len(text))
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case 'A' <= c && c <= 'Z':
			b = append(b, c+'a'-'A')
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-':
			b = append(b, c)
		case c == ' ':
			b = append(b, '-')
		}
	}
	if len(b) == 0 {
		return "section"
	}
	return string(b)
}

// kramdownProfile is kramdown's header ids (gettalong/kramdown 2.x with
// auto_ids), read from the header's raw source text (raw_text), told apart
// by a naive counter ("x", "x-1", whatever else is taken), and prefixed by
// auto_id_prefix. An explicit "{#id}" at the end of the header is its id.
func kramdownProfile(name, summary string, gfm bool, prefix string) *Profile {
	p := &Profile{
		name:     name,
		summary:  summary,
		explicit: func(h Heading) (string, bool) { return kramdownID(h.Source) },
		base: func(s *Slugger, h Heading) string {
			if gfm {
				return kramdownGFMSlug(&s.c, kramdownLine(h.Source))
			}
			return kramdownSlug(kramdownLine(h.Source))
		},
		dedup:     dedup{kind: dedupCounter},
		attrLists: true,
	}
	if prefix != "" {
		p.post = func(id string) string {
			if id == "" {
				return ""
			}
			return prefix + id
		}
	}
	return p
}

// kramdownGFM is kramdown with its GFM parser (kramdown-parser-gfm), which
// Jekyll uses by default, GitHub Pages included: generate_gfm_header_id
// over the raw header text; an empty id is no id, though it is counted.
var kramdownGFM = kramdownProfile("kramdown-gfm",
	"kramdown with the GFM parser (Jekyll's default, GitHub Pages): Unicode word characters kept, naive counter", true, "")

// kramdown is kramdown with its own parser: ASCII only, leading non-letters
// dropped, empty is "section" (transliterated_header_ids is not followed).
var kramdown = kramdownProfile("kramdown",
	"kramdown's own parser: ASCII letters, digits and - only, leading non-letters dropped, empty is section", false, "")

func init() {
	register(kramdownGFM, kramdown)
}
