package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// LinkMissingFragment reports a link's fragment that names no heading or
// id of the document it links to.
var LinkMissingFragment = &lint.Rule{
	Name:      "link-missing-fragment",
	Category:  lint.Policy,
	Severity:  lint.Warning,
	Certainty: extract.Certain,
	Kinds:     []extract.Kind{extract.KindRelativeRef},
	Doc: lint.Doc{
		Title: `A link's fragment names no heading or id of the document it links to.`,
		Text: `A fragment ("#installation") names a place of a page: an element with that id, or, in rendered
Markdown, a heading, whose id the renderer makes from its text (its slug). The rule checks the
fragments of links to the document itself ("#usage") and to another document of the tree
("guide.md#usage"), offline, once every document is read, against:
- the headings of a Markdown document, their ids made as each configured slug profile makes them
  (links.slugs; default: github, the ids github.com gives, which match a fragment in any letter case;
  others: gitlab, goldmark, hugo, python-markdown (MkDocs), github-slugger (Docusaurus, Starlight),
  docutils, asciidoctor... docs/configuration.md, "Local links", lists them all), with their
  duplicates numbered as the renderer numbers them;
- the ids an author gave: HTML id and <a name> (in Markdown's raw HTML too), XML id and xml:id, xml2rfc
  anchor; these match exactly, letter case included, as browsers match ids (github.com's any-case
  match is for the ids it makes of headings);
- Markdown attribute lists, under the profiles whose renderer reads them, matched exactly: a
  heading's own "{#id}" (python-markdown, pymdownx-slugs, kramdown, goldmark-attributes, hugo,
  docusaurus), and "{: #id .class}" after a paragraph or an inline element (python-markdown,
  pymdownx-slugs, kramdown: MkDocs' attr_list, Jekyll). github.com and GitLab read none.
The fragment is percent-decoded first, as browsers do. When several profiles are configured (a tree
published on GitHub and on a site), a fragment that fails under one is reported with the profiles it
fails under.

Fragments of HTML and Markdown documents are checked; a link to a document of another kind is left to
link-missing-file. "#top", an empty fragment and a forge's line anchors ("#L10-L20") need no target.`,
		Bad:  `[usage](#usage-note) under "## Usage notes"  [setup](guide.md#setup) where guide.md has "## Install"`,
		Good: `[usage](#usage-notes)  [setup](guide.md#install)`,
		Fix:  `No fix is offered: which heading was meant is the author's to say.`,
	},
	Targets: true,
	Run: func(p *lint.Pass) {
		if strings.IndexByte(p.URI.Input, '#') < 0 {
			return // most links: resolved by link-missing-file alone
		}
		if l, ok := localLink(p); ok && l.HasFrag && !fragmentOK(l.Fragment) {
			recordLink(p, l)
		}
	},
	Across: func(p *lint.AcrossPass) {
		for i := range p.Facts {
			f := &p.Facts[i]
			l := readLinkFact(p, f)
			s := p.Settings(l.from)
			file, _, found := resolveFile(p, s, l.target, l.dir)
			if !found || file == "" || !fragmentFormat(file) {
				continue // a missing file is link-missing-file's
			}
			d := p.Doc(file, s)
			if d == nil {
				continue
			}
			missing := d.Missing(l.fragment)
			if len(missing) == 0 {
				continue
			}
			where := "the document"
			if file != l.from {
				where = grammar.Messagef("%q", display(l.from, file))
			}
			msg := grammar.Messagef("no heading or id of %s is %q", where, "#"+l.fragment)
			if len(missing) < len(d.Profiles()) || len(d.Profiles()) > 1 {
				msg += grammar.Messagef(" under the slug profile%s %s", pluralS(len(missing)), strings.Join(missing, ", "))
			}
			if near := d.Closest(l.fragment, missing); near != "" {
				msg += grammar.Messagef("; did you mean %q?", "#"+near)
			}
			p.Report(f, msg)
		}
	},
}

func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
