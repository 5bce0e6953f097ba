package slug

// The cases give headings as their renderers' tests wrote them: plain
// text, inline Markdown, reST or AsciiDoc titles. A walker turns a heading
// into a Heading; these helpers do it for the cases' markup: urilint's own
// Markdown walker for Markdown, a few plain rules for HTML, reST and
// AsciiDoc titles, so that the cases can run.

import (
	"html"
	"regexp"
	"strings"

	"github.com/urilint/urilint/extract"
)

// markdownHeading makes the Heading of a heading written after "# "
// (lines joined by "\n" make a setext heading): Text and TextWithAlt as
// urilint's Markdown walker gives them, Source as written.
func markdownHeading(src string) Heading {
	doc := "# " + src
	if strings.Contains(src, "\n") {
		doc = src + "\n===\n"
	}
	return parseHeading(doc, src)
}

// markdownSetext is the Heading of a one-line setext heading.
func markdownSetext(line string) Heading {
	return parseHeading(line+"\n===\n", line)
}

// parseHeading runs the Markdown walker on doc, as urilint does, and gives
// the Text and TextWithAlt of the first heading it reports: the cases test
// the walker's text and the profiles together, so that the two cannot
// disagree unseen. Source is src, as the case writes it.
func parseHeading(doc, src string) Heading {
	h := Heading{Source: src}
	found := false
	extract.Markdown([]byte(doc), extract.Options{Target: func(t extract.Target) {
		if t.Kind == extract.TargetHeading && !found {
			h.Text, h.TextWithAlt, found = t.Text, t.TextWithAlt, true
		}
	}}, func(*extract.Candidate) {})
	return h
}

var footnoteRefRx = regexp.MustCompile(`\[\^[^\]]+\]`)

// withoutFootnoteRefs leaves footnote references out, as Heading asks.
func withoutFootnoteRefs(h Heading) Heading {
	g := markdownHeading(footnoteRefRx.ReplaceAllString(h.Source, ""))
	g.Source = h.Source
	return g
}

var tagRx = regexp.MustCompile(`<[^>]*>`)

// htmlHeading is the Heading of a heading's inner HTML.
func htmlHeading(src string) Heading {
	t := html.UnescapeString(tagRx.ReplaceAllString(src, ""))
	return Heading{Text: t, TextWithAlt: t, Source: src}
}

var (
	rstEscapedSpace = regexp.MustCompile(`\\ `)
	rstRole         = regexp.MustCompile(":[A-Za-z0-9_.+-]+:`")
	rstLiteral      = regexp.MustCompile("``(.+?)``")
	rstInterpreted  = regexp.MustCompile("`([^`]+?)(?: <[^>]*>)?`(?:__?)?")
	rstStrong       = regexp.MustCompile(`\*\*(.+?)\*\*`)
	rstEmphasis     = regexp.MustCompile(`\*(.+?)\*`)
	rstReference    = regexp.MustCompile(`([\p{L}\p{N}])__?([^\p{L}\p{N}_]|$)`)
	rstEscape       = regexp.MustCompile(`\\(.)`)
)

// rstHeading is the Heading of a reST section title: its text as docutils'
// astext gives it (inline markup's text, escapes resolved, substitution
// references as written).
func rstHeading(src string) Heading {
	t := rstEscapedSpace.ReplaceAllString(src, "")
	t = rstRole.ReplaceAllString(t, "`")
	t = rstLiteral.ReplaceAllString(t, "$1")
	t = rstInterpreted.ReplaceAllString(t, "$1")
	t = rstStrong.ReplaceAllString(t, "$1")
	t = rstEmphasis.ReplaceAllString(t, "$1")
	t = rstReference.ReplaceAllString(t, "$1$2")
	t = rstEscape.ReplaceAllString(t, "$1")
	return Heading{Text: t, TextWithAlt: t, Source: src}
}

var (
	adocIcon      = regexp.MustCompile(`icon:([^\[\s]+)\[[^\]]*\]`)
	adocMonospace = regexp.MustCompile("`([^`]+)`")
)

// adocHeading is the Heading of an AsciiDoc section title (after "== "):
// the converted title's text, built-in attributes resolved, an icon without
// an icon font shown as "[name]", references decoded.
func adocHeading(src string) Heading {
	t := strings.ReplaceAll(src, "{sp}", " ")
	t = adocIcon.ReplaceAllString(t, "[$1]")
	t = adocMonospace.ReplaceAllString(t, "$1")
	t = html.UnescapeString(t)
	return Heading{Text: t, TextWithAlt: t, Source: src}
}

func plainHeading(s string) Heading {
	return Heading{Text: s, TextWithAlt: s, Source: s}
}
