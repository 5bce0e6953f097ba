package slug

// The cases give headings as their renderers' tests wrote them: plain
// text, inline Markdown, reST or AsciiDoc titles. A walker turns a heading
// into a Heading; these helpers do what it does, for the cases' markup,
// with goldmark for Markdown (as urilint's walker) and a few plain rules for
// reST and AsciiDoc titles, so that the cases can run.

import (
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

var testMarkdown = goldmark.New(goldmark.WithExtensions(extension.Strikethrough))

// markdownHeading makes the Heading of a heading written after "# "
// (lines joined by "\n" make a setext heading): Text and TextWithAlt as a
// walker renders them, Source as written.
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

func parseHeading(doc, src string) Heading {
	source := []byte(doc)
	root := testMarkdown.Parser().Parse(text.NewReader(source))
	h := Heading{Source: src}
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		if _, ok := n.(*ast.Heading); ok {
			var plain, alt strings.Builder
			inlineText(n, source, &plain, false)
			inlineText(n, source, &alt, true)
			h.Text, h.TextWithAlt = plain.String(), alt.String()
			break
		}
	}
	return h
}

func inlineText(n ast.Node, source []byte, b *strings.Builder, withAlt bool) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			v := c.Segment.Value(source)
			if _, code := n.(*ast.CodeSpan); !code {
				v = util.ResolveEntityNames(util.ResolveNumericReferences(util.UnescapePunctuations(v)))
			}
			b.Write(v)
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte('\n')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.RawHTML:
		case *ast.AutoLink:
			b.Write(c.Label(source))
		case *ast.Image:
			if withAlt {
				inlineText(c, source, b, withAlt)
			}
		default:
			inlineText(c, source, b, withAlt)
		}
	}
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
