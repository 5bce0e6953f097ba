package links

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/slug"
	"github.com/urilint/urilint/internal/suggest"
	"github.com/urilint/urilint/internal/treepath"
)

// Doc is what a link's fragment can name in a document: the ids of its
// headings and of its reStructuredText labels under each slug profile (a
// Markdown heading's own "{#id}" under the profiles that read it), the ids
// its author gave (HTML id and <a name>, XML id and xml:id, xml2rfc
// anchor, AsciiDoc anchors), the ids of Markdown attribute lists after
// paragraphs and inline elements under the profiles that read them, the
// titles of its AsciiDoc sections (which a cross reference may name), and
// its length in lines (for a forge's "#L10-L20"). Memory goes with the
// targets, not the document.
type Doc struct {
	Lines int
	// Includes says the document includes others (reStructuredText
	// ".. include::", AsciiDoc "include::", a Markdown snippet), whose
	// targets become its own when it is rendered and are not among those
	// read, or that a script makes its ids (ReSpec): a fragment that names
	// none of those read cannot be judged (see HasInclude).
	Includes bool
	// Partial says the document is a part of others, not a page of its
	// own: an AsciiDoc document without a document title, which its
	// author includes in others (see IsPartial), or one whose name starts
	// with "_" (see Located). Its relative links are
	// resolved from where the including document is rendered.
	Partial bool
	// IncludeTargets are the targets of the document's AsciiDoc include
	// directives, as written (see IncludeTargets): the documents it
	// includes are parts of it (see lint.AcrossPass.Included).
	IncludeTargets []string
	// PageAliases are the page ids an Antora page answers to besides its
	// own (":page-aliases: old-module:page.adoc, other.adoc"), as written
	// (see PageAliases).
	PageAliases []string
	// Base says the document, HTML, sets the base of its relative links
	// (<base href>): where they lead depends on where it is served.
	Base bool
	// Template says the document, HTML or XML, is a template (see
	// IsTemplate): the page it makes is served elsewhere, and holds what
	// its partials and the data it is given add; its relative links lead
	// from that page, and its ids are not all written in it.
	Template bool
	// FrontMatter says the document starts with front matter (see
	// extract.HasFrontMatter): a page a static site generator reads, whose
	// links it resolves by its own rules (permalinks, its content root,
	// rewrites of its own).
	FrontMatter bool
	explicit    map[string]bool
	attr        map[string]bool            // ids of attribute lists after paragraphs and inline elements
	headings    map[string]map[string]bool // profile name -> ids
	titles      map[string]bool            // AsciiDoc: the sections' titles
	profiles    []*slug.Profile

	// Made on the first question (see makeIndex): by profile, the heading
	// ids fragments reach; and by the set of profiles a fragment is
	// missing under, what Closest picks from.
	indexOnce sync.Once
	index     []*slug.Index
	mu        sync.Mutex
	near      map[string]*nearIndex
}

// ProfilesFor returns the slug profiles a document of format f is
// rendered under: those of the configured ones that belong to its format
// (slug.Profile.Format), else its format's default (DefaultSlugs). HTML
// and XML headings get no ids of their own: none.
func ProfilesFor(f extract.Format, configured []string) []*slug.Profile {
	var ps []*slug.Profile
	for _, n := range configured {
		if p, ok := slug.Lookup(n); ok && p.Format() == f.String() {
			ps = append(ps, p)
		}
	}
	if len(ps) > 0 {
		return ps
	}
	if p, ok := slug.Lookup(DefaultSlugs[f]); ok {
		ps = append(ps, p)
	}
	return ps
}

// NewDoc reads the targets of the document src of format f.
func NewDoc(f extract.Format, src []byte, configured []string) *Doc {
	var ts []extract.Target
	f.Walk(src, extract.Options{Target: func(t extract.Target) { ts = append(ts, t) }}, func(*extract.Candidate) {})
	return DocOf(f, ts, countLines(src), configured).ReadText(f, src)
}

// ReadText sets what the text src of the document, of format f, says of
// its targets beyond those its walker gave (Includes, Partial,
// IncludeTargets, PageAliases, Base, FrontMatter), and returns d.
func (d *Doc) ReadText(f extract.Format, src []byte) *Doc {
	d.Template = IsTemplate(f, src)
	d.IncludeTargets = IncludeTargets(f, src)
	// A Markdown document's includes are read once, for both (see
	// HasInclude).
	d.Includes = hasInclude(f, src) || f == extract.FormatMarkdown && len(d.IncludeTargets) > 0 || d.Template
	d.Partial = IsPartial(f, src)
	d.PageAliases = PageAliases(f, src)
	d.Base = HasBase(f, src)
	d.FrontMatter = extract.HasFrontMatter(src)
	return d
}

// Located sets what the path of the document, of format f, says of it
// (Template: see InTemplateDir; Partial: an AsciiDoc file whose name
// starts with "_", which Antora does not publish), and returns d. top is the top of its tree
// (see Settings.Top), or "": only the directories below it count, so that
// a checkout kept under a directory named "templates" is read as any.
func (d *Doc) Located(f extract.Format, path, top string) *Doc {
	if top != "" {
		rel, ok := treepath.Rel(top, path)
		if !ok {
			return d
		}
		path = rel
	}
	if InTemplateDir(f, path) {
		d.Template, d.Includes = true, true
	}
	if f == extract.FormatAsciiDoc && strings.HasPrefix(filepath.Base(path), "_") {
		// A hidden file: Antora publishes no page of it (a template, a
		// part that pages include).
		d.Partial = true
	}
	return d
}

// templateDirs are the directories where site generators and frameworks
// keep their templates: Hugo's layouts (layouts/_partials, _shortcodes,
// _markup, _default), Jekyll's _layouts and _includes, Sphinx's
// _templates, MkDocs themes' partials, Django's templates.
var templateDirs = []string{"layouts", "_layouts", "_includes", "partials", "_partials", "_templates", "templates"}

// InTemplateDir reports whether the HTML document at path is in one of
// templateDirs, a directory of path as written: a template, or a part of
// one, even without a template language's marks (a partial of plain HTML
// that a layout includes).
func InTemplateDir(f extract.Format, path string) bool {
	if f != extract.FormatHTML {
		return false
	}
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		if slices.Contains(templateDirs, dir) {
			return true
		}
	}
	return false
}

// templateMarks are what a template language writes in an HTML or XML
// template and no page does: Go templates, Hugo, Jinja, Liquid and
// Handlebars ("{{", "{%"), ERB, EJS and JSP ("<%"), PHP ("<?php"),
// XSLT and XQuery's attribute value templates of a variable ("{$"), and
// XSLT's own namespace (a style sheet's literal result elements are the
// page it writes, elsewhere).
var templateMarks = [][]byte{[]byte("{{"), []byte("{%"), []byte("<%"), []byte("<?php"), []byte("{$"),
	[]byte("http://www.w3.org/1999/XSL/Transform")}

// IsTemplate reports whether the HTML or XML document src is a template
// rather than a page: it holds one of templateMarks (a Hugo layout, a
// Jekyll include, an XSLT style sheet, a release's index page whose
// version a build fills in).
func IsTemplate(f extract.Format, src []byte) bool {
	if f != extract.FormatHTML && f != extract.FormatXML {
		return false
	}
	for _, m := range templateMarks {
		if bytes.Contains(src, m) {
			return true
		}
	}
	return false
}

// PageAliases returns the page ids of the ":page-aliases:" attribute
// entry of the AsciiDoc document src, as written: the ids of pages moved
// or renamed, which Antora makes redirects of and resolves cross
// references to. None for other formats.
func PageAliases(f extract.Format, src []byte) []string {
	const entry = ":page-aliases:"
	if f != extract.FormatAsciiDoc {
		return nil
	}
	i := bytes.Index(src, []byte(entry))
	if i < 0 || i > 0 && src[i-1] != '\n' {
		return nil
	}
	line, _, _ := bytes.Cut(src[i+len(entry):], []byte("\n"))
	var out []string
	for _, a := range strings.Split(string(line), ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}

// IncludeTargets returns the targets of the include directives of the
// AsciiDoc document src, as written: "../modules/a.adoc",
// "{partialsdir}/b.adoc" (a directive starts its line; one in a literal
// block counts too, as in HasInclude). None for other formats.
func IncludeTargets(f extract.Format, src []byte) []string {
	if f == extract.FormatMarkdown {
		return append(snippetTargets(src), markdownIncludes(src)...)
	}
	if f != extract.FormatAsciiDoc {
		return nil
	}
	var out []string
	directive := []byte("include::")
	for rest := src; ; {
		i := bytes.Index(rest, directive)
		if i < 0 {
			return out
		}
		atLineStart := i == 0 || rest[i-1] == '\n'
		rest = rest[i+len(directive):]
		if !atLineStart {
			continue
		}
		end := bytes.IndexAny(rest, "[\n")
		if end > 0 && rest[end] == '[' {
			out = append(out, string(rest[:end]))
		}
	}
}

// snippetTargets returns the files a Markdown document includes with
// pymdownx.snippets (MkDocs): a line `--8<-- "docs/snippets/a.md"`, or the
// lines between two lines "--8<--", without a section or lines
// ("a.md:intro", "a.md:1:3") and not escaped (";--8<--").
func snippetTargets(src []byte) []string {
	const mark = "--8<--"
	if !bytes.Contains(src, []byte(mark)) {
		return nil
	}
	var out []string
	block := false
	for rest := src; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		t := strings.TrimSpace(string(line))
		switch {
		case t == mark:
			block = !block
			continue
		case strings.HasPrefix(t, mark):
			t = strings.TrimSpace(t[len(mark):])
			if len(t) < 2 || (t[0] != '"' && t[0] != '\'') || t[len(t)-1] != t[0] {
				continue
			}
			t = t[1 : len(t)-1]
		case !block || t == "" || strings.HasPrefix(t, ";"):
			continue
		}
		if i := strings.IndexByte(t, ':'); i > 0 && !strings.Contains(t, "://") {
			t = t[:i]
		}
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// markdownIncludes returns the files a Markdown document includes whole,
// other than with pymdownx.snippets (see snippetTargets), as written:
//   - mdBook's "{{#include path}}" and "{{#rustdoc_include path}}";
//   - MyST's include directive, a fence "```{include} path" or ":::{include} path";
//   - markdown-include's (MkDocs) "{!path!}";
//   - a comment "<!-- include: path -->" on a line of its own, the marker a
//     site's build hook replaces with the file (nextest's site).
//
// An include of a part of a file (mdBook's "a.md:anchor" or "a.md:2:10",
// MyST's :start-after:, :end-before:, :start-line: or :end-line:) is left
// out: a file whose part another shows is most likely a page of its own,
// whose links are read from where it is. Each form is looked for only
// where its marker is in src.
func markdownIncludes(src []byte) []string {
	var out []string
	add := func(t []byte) {
		if t = bytes.Trim(bytes.TrimSpace(t), "\"'"); len(t) > 0 {
			out = append(out, string(t))
		}
	}
	for _, m := range [...]string{"{{#include ", "{{#rustdoc_include "} {
		for rest := src; ; {
			i := bytes.Index(rest, []byte(m))
			if i < 0 {
				break
			}
			rest = rest[i+len(m):]
			if j := bytes.Index(rest, []byte("}}")); j > 0 && !bytes.ContainsAny(rest[:j], ":\n") {
				add(rest[:j])
			}
		}
	}
	if !bytes.Contains(src, []byte("{include}")) && !bytes.Contains(src, []byte("{!")) && !bytes.Contains(src, []byte("<!--")) {
		return out
	}
	for rest := src; len(rest) > 0; {
		line, next, _ := bytes.Cut(rest, []byte("\n"))
		rest = next
		t := bytes.TrimSpace(line)
		switch {
		case bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte(":::")):
			target, ok := bytes.CutPrefix(bytes.TrimLeft(t, "`:"), []byte("{include}"))
			if !ok {
				continue
			}
			part := false
			for opts := rest; len(opts) > 0; {
				o, after, _ := bytes.Cut(opts, []byte("\n"))
				o = bytes.TrimSpace(o)
				if !bytes.HasPrefix(o, []byte(":")) || bytes.HasPrefix(o, []byte(":::")) {
					break
				}
				for _, name := range [...]string{":start-after:", ":end-before:", ":start-line:", ":end-line:"} {
					part = part || bytes.HasPrefix(o, []byte(name))
				}
				opts = after
			}
			if !part {
				add(target)
			}
		case bytes.HasPrefix(t, []byte("{!")) && bytes.HasSuffix(t, []byte("!}")) && len(t) > 4:
			add(t[2 : len(t)-2])
		case bytes.HasPrefix(t, []byte("<!--")) && bytes.HasSuffix(t, []byte("-->")) && len(t) >= 7:
			c := bytes.TrimSpace(t[4 : len(t)-3])
			if target, ok := bytes.CutPrefix(c, []byte("include:")); ok && bytes.IndexByte(bytes.TrimSpace(target), ' ') < 0 {
				add(target)
			}
		}
	}
	return out
}

// HasInclude reports whether the targets of the document src of format f
// may be made beyond what its walker reads, so that a fragment that names
// none of those read cannot be judged:
//   - it includes another: a reStructuredText or AsciiDoc document that
//     holds "include::" (the directive, or the AsciiDoc macro), a Markdown
//     document that holds a snippet of pymdownx.snippets ("--8<--", MkDocs)
//     or Hugo's readfile or include shortcodes; wherever it is (in a
//     literal block too, which errs on the side of reporting less), or
//     a block of generated documentation (mkdocstrings' "::: module",
//     mkdocs-click's "::: mkdocs-click": see autodocBlock);
//   - a script makes ids when it is shown: an HTML document that loads a
//     script (<script src=...>), ReSpec above all (the W3C's
//     specifications: a section's id, a definition's "#dfn-term", a
//     reference's "#bib-rfc3986" are made by it), or a site's script that
//     writes a footer with an id.
func HasInclude(f extract.Format, src []byte) bool {
	return hasInclude(f, src) || f == extract.FormatMarkdown && len(markdownIncludes(src)) > 0
}

// hasInclude is HasInclude but for a Markdown document's includes other
// than pymdownx.snippets' (see markdownIncludes), which ReadText has read
// already with IncludeTargets.
func hasInclude(f extract.Format, src []byte) bool {
	switch f {
	case extract.FormatReStructuredText, extract.FormatAsciiDoc:
		return bytes.Contains(src, []byte("include::"))
	case extract.FormatMarkdown:
		return hasSnippet(src) || hugoInclude(src) || autodocBlock(src)
	case extract.FormatHTML:
		// ReSpec, or any script the page loads, which may write elements
		// with ids (a footer's "#copyright").
		return bytes.Contains(src, []byte("respec")) || hasScriptSrc(src)
	}
	return false
}

// IsPartial reports whether the document src of format f is a part of
// others rather than a page: an AsciiDoc document whose first line of
// content (after blank lines, comments, attribute entries, block
// attributes and preprocessor directives) is no document title ("= Title",
// or a title underlined with "="), as the files a manual includes are
// ("config/core.adoc" in Git's documentation).
func IsPartial(f extract.Format, src []byte) bool {
	if f != extract.FormatAsciiDoc {
		return false
	}
	rest := src
	for len(rest) > 0 {
		line, next, _ := bytes.Cut(rest, []byte("\n"))
		line = bytes.TrimRight(line, "\r")
		t := bytes.TrimSpace(line)
		switch {
		case len(t) == 0, bytes.HasPrefix(t, []byte("//")), bytes.HasPrefix(t, []byte(":")) && bytes.Count(t, []byte(":")) >= 2,
			bytes.HasPrefix(t, []byte("[")) && bytes.HasSuffix(t, []byte("]")),
			bytes.HasPrefix(t, []byte("include::")), bytes.HasPrefix(t, []byte("ifdef::")), bytes.HasPrefix(t, []byte("ifndef::")),
			bytes.HasPrefix(t, []byte("endif::")), bytes.HasPrefix(t, []byte("ifeval::")):
			rest = next
			continue
		case bytes.HasPrefix(line, []byte("= ")), bytes.HasPrefix(line, []byte("# ")):
			return false
		}
		// A two-line title: the text, then "=" as long, give or take two.
		under, _, _ := bytes.Cut(next, []byte("\n"))
		under = bytes.TrimRight(under, "\r")
		if len(under) >= 2 && len(bytes.Trim(under, "=")) == 0 && abs(len(under)-len([]rune(string(line)))) <= 2 {
			return false
		}
		return true
	}
	return false
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// HasBase reports whether the HTML document src sets the base its
// relative links are read against (<base href=...>).
func HasBase(f extract.Format, src []byte) bool {
	return f == extract.FormatHTML && hasTagWith(src, "<base", "href")
}

// hasSnippet reports whether the Markdown document src holds the marker
// of a pymdownx.snippets include, "--8<--". It looks for "8<--" and then
// at the two bytes before: a search that starts with "-", which tables'
// and lists' dashes make frequent, costs four times as much.
func hasSnippet(src []byte) bool {
	for off := 0; ; {
		i := bytes.Index(src[off:], []byte("8<--"))
		if i < 0 {
			return false
		}
		if i += off; i >= 2 && src[i-2] == '-' && src[i-1] == '-' {
			return true
		}
		off = i + 1
	}
}

// hugoInclude reports whether the Markdown document src calls Hugo's
// readfile or include shortcodes ("{{< readfile ... >}}", "{{% include
// ... %}}"), in one pass over its "{{" (most documents have none).
func hugoInclude(src []byte) bool {
	for rest := src; ; {
		i := bytes.Index(rest, []byte("{{"))
		if i < 0 {
			return false
		}
		rest = rest[i+2:]
		t := bytes.TrimLeft(rest, "<% \t")
		if bytes.HasPrefix(t, []byte("readfile")) || bytes.HasPrefix(t, []byte("include")) {
			return true
		}
	}
}

// autodocBlock reports whether the Markdown document src holds a line
// that starts with "::: " and a name: the block of mkdocstrings
// ("::: package.module") or mkdocs-click ("::: mkdocs-click"), which MkDocs
// replaces with generated documentation, its headings and their ids (and
// a container of markdown-it, "::: tip", with the same look).
func autodocBlock(src []byte) bool {
	for rest := src; ; {
		i := bytes.Index(rest, []byte("::: "))
		if i < 0 {
			return false
		}
		atLineStart := i == 0 || rest[i-1] == '\n'
		rest = rest[i+4:]
		if atLineStart && len(rest) > 0 && rest[0] != ' ' && rest[0] != '\n' {
			return true
		}
	}
}

// hasScriptSrc reports whether the HTML document src loads a script from
// a file: a "<script" tag with a "src" attribute.
func hasScriptSrc(src []byte) bool { return hasTagWith(src, "<script", "src") }

// hasTagWith reports whether src holds the start tag open ("<base") with
// attr ("href") among its attributes (a cheap reading: the tag's text up
// to its ">" holds the name, in any letter case).
func hasTagWith(src []byte, open, attr string) bool {
	for rest := src; ; {
		i := bytes.IndexByte(rest, '<')
		if i < 0 {
			return false
		}
		rest = rest[i:]
		if len(rest) < len(open) || !bytes.EqualFold(rest[:len(open)], []byte(open)) {
			rest = rest[1:]
			continue // another tag, or this one in other letter case
		}
		rest = rest[len(open):]
		end := bytes.IndexByte(rest, '>')
		if end < 0 {
			return false
		}
		if end > 0 && (rest[0] == ' ' || rest[0] == '\t' || rest[0] == '\n' || rest[0] == '\r') && bytes.Contains(bytes.ToLower(rest[:end]), []byte(attr)) {
			return true
		}
	}
}

// headingIDReaders read a Markdown heading's own id, each in its syntax:
// kramdown's "{#id}", Python-Markdown's attr_list "{ #id }" and "{: #id}"
// (see DocOf).
var headingIDReaders = func() []*slug.Profile {
	var ps []*slug.Profile
	for _, name := range []string{"kramdown", "python-markdown"} {
		p, ok := slug.Lookup(name)
		if !ok {
			panic("links: no slug profile " + name)
		}
		ps = append(ps, p)
	}
	return ps
}()

// DocOf makes the Doc of a document of format f whose targets are ts, in
// order, and which has lines lines. Each profile's ids are made in
// document order, as the renderers make them: an id given before a
// heading is one its generated id avoids (where the renderer does so),
// one given after is not; a profile whose renderer takes every explicit id
// first (slug.Profile.ReservesAhead) is given them first.
func DocOf(f extract.Format, ts []extract.Target, lines int, configured []string) *Doc {
	d := &Doc{Lines: lines, explicit: map[string]bool{}, headings: map[string]map[string]bool{}, profiles: ProfilesFor(f, configured)}
	for _, t := range ts {
		switch t.Kind {
		case extract.TargetID, extract.TargetName:
			d.explicit[t.ID] = true
		case extract.TargetAttrID:
			// A heading's own is the profiles' (Profile.ExplicitID).
			if t.Level == 0 {
				if d.attr == nil {
					d.attr = map[string]bool{}
				}
				d.attr[t.ID] = true
			}
		case extract.TargetHeading:
			if f == extract.FormatMarkdown && strings.IndexByte(t.Source, '{') >= 0 {
				// A heading's own "{#id}" (kramdown, Python-Markdown,
				// mmark, Hugo) is the author's: meant for a renderer that
				// reads it, whichever profiles are configured (github.com
				// makes "title-id" of it too, under its profile).
				h := slug.Heading{Text: t.Text, TextWithAlt: t.TextWithAlt, Source: t.Source}
				for _, r := range headingIDReaders {
					if id, ok := r.ExplicitID(h); ok && id != "" {
						d.explicit[id] = true
					}
				}
			}
			if f == extract.FormatAsciiDoc && t.Text != "" {
				if d.titles == nil {
					d.titles = map[string]bool{}
				}
				d.titles[t.Text] = true
			}
		}
	}
	named := 0 // the targets that may give an id: each profile's map is made its size once
	for _, t := range ts {
		if t.Kind == extract.TargetHeading || t.Kind == extract.TargetLabel {
			named++
		}
	}
	for _, p := range d.profiles {
		ids := make(map[string]bool, named)
		s := p.NewSluggerFor(named)
		ahead := p.ReservesAhead()
		if ahead {
			for id := range d.explicit {
				s.Reserve(id)
			}
			for _, t := range ts {
				if t.Kind == extract.TargetHeading {
					if id, ok := p.ExplicitID(slug.Heading{Text: t.Text, TextWithAlt: t.TextWithAlt, Source: t.Source}); ok {
						s.Reserve(id)
					}
				}
			}
			if p.AttrLists() {
				for id := range d.attr {
					s.Reserve(id)
				}
			}
		}
		for _, t := range ts {
			switch t.Kind {
			case extract.TargetHeading:
				h := slug.Heading{Text: t.Text, TextWithAlt: t.TextWithAlt, Source: t.Source, ID: t.ID, IDPrefix: t.IDPrefix, IDSeparator: t.IDSeparator}
				if id := s.Slug(h); id != "" {
					ids[id] = true
				}
			case extract.TargetLabel:
				if id := s.Label(t.ID); id != "" {
					ids[id] = true
				}
			case extract.TargetLink:
				s.Label(t.ID) // takes an id the page does not show
			case extract.TargetAttrID:
				if !ahead && t.Level == 0 && p.AttrLists() {
					s.Reserve(t.ID)
				}
			default:
				if !ahead {
					s.Reserve(t.ID)
				}
			}
		}
		d.headings[p.Name()] = ids
	}
	return d
}

// SectionUnderAnySettings reports whether fragment is the id Asciidoctor
// gives one of the document's sections under some idprefix and
// idseparator: its words those of the title (lower case, the characters
// an id cannot hold removed, split at spaces, "_", "-" and "."), after a
// prefix of at most one word. For the pages of a tree whose attributes
// are set outside it (an Antora playbook), where those of the section ids
// are not known.
func (d *Doc) SectionUnderAnySettings(fragment string) bool {
	words := adocWords(fragment)
	for title := range d.titles {
		tw := adocWords(title)
		if len(tw) == 0 {
			continue
		}
		if slices.Equal(words, tw) || len(words) == len(tw)+1 && slices.Equal(words[1:], tw) {
			return true
		}
	}
	return false
}

// adocWords splits s, lower-cased, into words at spaces, "_", "-" and
// ".", with the characters no section id holds removed.
func adocWords(s string) []string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r == ' ' || r == '_' || r == '-' || r == '.':
			b.WriteByte(' ')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r):
			b.WriteRune(r)
		}
	}
	return strings.Fields(b.String())
}

// Title reports whether text is the title of one of the document's
// AsciiDoc sections, which an AsciiDoc cross reference may name in place
// of its id ("<<Section Title>>").
func (d *Doc) Title(text string) bool { return d.titles[text] }

// Missing returns the names of the profiles under which fragment (percent-
// decoded) names nothing in the document, or nil when it names a target
// under each. An id given by the author is a target under every profile,
// and matches exactly, as browsers match ids: only the ids a renderer
// generates are compared by its rules (github.com's any-case match).
func (d *Doc) Missing(fragment string) []string {
	if d.explicit[fragment] {
		return nil
	}
	if len(d.profiles) == 0 {
		// No headings' ids: only the author's count.
		return []string{"id"}
	}
	d.indexOnce.Do(d.makeIndex)
	var missing []string
	for i, p := range d.profiles {
		if d.index[i].Match(fragment) || p.AttrLists() && d.attr[fragment] {
			continue
		}
		if p.Automatic(fragment) {
			continue
		}
		missing = append(missing, p.Name())
	}
	slices.Sort(missing)
	return missing
}

// makeIndex indexes, for each profile, the ids of headings a fragment can
// reach (Profile.Match): a document's links are answered in the time of a
// lookup each, where looking through every id for each link took the
// number of links times the number of ids.
func (d *Doc) makeIndex() {
	d.index = make([]*slug.Index, len(d.profiles))
	for i, p := range d.profiles {
		d.index[i] = p.IndexOf(d.headings[p.Name()])
	}
}

// Profiles names the slug profiles the document's headings have ids under.
func (d *Doc) Profiles() []string {
	names := make([]string, len(d.profiles))
	for i, p := range d.profiles {
		names[i] = p.Name()
	}
	return names
}

// Closest returns the id of the document most likely meant by a fragment
// that names none under the profiles missing (as Missing returns them): an
// id the author gave or one of those profiles' heading ids, a letter or
// two away or the same but for case; never the fragment itself (another
// profile may have it), or "".
func (d *Doc) Closest(fragment string, missing []string) string {
	key := strings.Join(missing, "\x00")
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.near == nil {
		d.near = map[string]*nearIndex{}
	}
	x := d.near[key]
	if x == nil {
		// The sets of profiles a document's fragments are missing under
		// are few: each is indexed once.
		x = d.newNearIndex(missing)
		d.near[key] = x
	}
	if x.ids[fragment] {
		return closest(fragment, x.sorted) // never the fragment itself
	}
	if id, ok := x.folded[foldKey(fragment)]; ok {
		return id // the first id in order that strings.EqualFold matches
	}
	near, ok := x.answers[fragment]
	if !ok {
		// A document links to the same missing fragment again and
		// again: each is looked for once.
		near = x.index.Closest(fragment)
		x.answers[fragment] = near
	}
	return near
}

// nearIndex is what Closest picks from for one set of missing profiles:
// the ids, sorted, by their case-folded key (the first of each), and
// indexed for suggestions.
type nearIndex struct {
	ids     map[string]bool
	sorted  []string
	folded  map[string]string
	index   *suggest.Index
	answers map[string]string
}

// newNearIndex indexes the ids Closest may suggest for a fragment missing
// under the profiles missing: the ids the author gave, those profiles'
// heading ids, and the ids of attribute lists when one of them reads
// those.
func (d *Doc) newNearIndex(missing []string) *nearIndex {
	set := map[string]bool{}
	for id := range d.explicit {
		set[id] = true
	}
	for _, name := range missing {
		for id := range d.headings[name] {
			set[id] = true
		}
		if p, ok := slug.Lookup(name); ok && p.AttrLists() {
			for id := range d.attr {
				set[id] = true
			}
		}
	}
	ids := make([]string, 0, len(set))
	for id := range set {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	folded := make(map[string]string, len(ids))
	for _, id := range ids {
		if k := foldKey(id); folded[k] == "" {
			folded[k] = id
		}
	}
	return &nearIndex{ids: set, sorted: ids, folded: folded, index: suggest.NewIndex(ids), answers: map[string]string{}}
}

// closest is Closest over ids without the index, the fragment left out:
// for a fragment that is itself among the ids (which Missing never
// reports).
func closest(fragment string, ids []string) string {
	others := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == fragment })
	for _, id := range others {
		if strings.EqualFold(id, fragment) {
			return id
		}
	}
	return suggest.Closest(fragment, others)
}

// foldKey returns a key that two strings share when strings.EqualFold
// says they are equal: each rune (a byte that is not UTF-8 read as
// utf8.RuneError, as EqualFold reads it) replaced by the least rune of its
// orbit under unicode.SimpleFold.
func foldKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}
