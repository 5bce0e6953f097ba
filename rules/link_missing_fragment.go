package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/links"
)

// LinkMissingFragment reports a link's fragment that names no heading or
// id of the document it links to.
var LinkMissingFragment = &lint.Rule{
	Name:     "link-missing-fragment",
	Category: lint.Policy,
	Severity: lint.Warning,
	// Off by default: judged on three sets of trees nobody here had seen,
	// 13%, 22% and 52% of its reports were worth the author's time, each
	// site generator making heading ids its own way (docs/evaluation.md).
	// Turned on with a severity in the configuration, with links.slugs
	// naming the site's renderer.
	DefaultOff: true,
	Certainty:  extract.Certain,
	Kinds:      []extract.Kind{extract.KindRelativeRef, extract.KindXref},
	Doc: lint.Doc{
		Title: `A link's fragment names no heading or id of the document it links to.`,
		Text: `A fragment ("#installation") names a place of a page: an element with that id, or, in rendered
Markdown, reStructuredText and AsciiDoc, a heading, whose id the renderer makes from its text (its
slug). The rule checks the fragments of links to the document itself ("#usage") and to another
document of the tree ("guide.md#usage", "guide.html#usage" for guide.rst or guide.adoc), offline, once
every document is read, against the targets of its format:
- Markdown: its headings, their ids made as each configured slug profile makes them (links.slugs;
  default: github, the ids github.com gives, which match a fragment in any letter case, but under a
  site generator's configuration file (mkdocs.yml, docusaurus.config.js, hugo.toml) its; others: gitlab,
  goldmark, hugo, python-markdown (MkDocs), github-slugger (Docusaurus, Starlight)...
  docs/configuration.md, "Local links", lists them all), with their duplicates numbered as the
  renderer numbers them; the ids of its raw HTML; a heading's own "{#id}", under every profile (its
  author means a renderer that reads it: kramdown-rfc, mmark, MkDocs, Hugo; github.com, which reads
  none, makes "title-id" of it too); "{: #id .class}" after a paragraph or an inline element, under
  the profiles whose renderer reads it (python-markdown, pymdownx-slugs, kramdown: MkDocs' attr_list,
  Jekyll).
- reStructuredText (profile docutils by default; sphinx, docutils-github): its section titles, the
  names of its hyperlink targets (".. _my label:" is "#my-label"), inline targets, directives' :name:
  options, labelled footnotes and citations, all made ids as docutils makes them. Sphinx's :ref: and
  :doc: are no links and are not checked; a fragment of the form of docutils' or Sphinx's numbered ids
  ("#id3", "#footnote-1") is not judged.
- AsciiDoc (profile asciidoctor by default; asciidoctor-github, asciidoctor-gitlab): its anchors
  ("[[id]]", "[#id]", "anchor:id[]", "[#id]#text#") and its sections' ids, made with the document's
  :idprefix: and :idseparator: where it sets them (Asciidoctor's "_" and "_" otherwise), none under
  :sectids!:. Its cross references are checked too: "<<id>>" and "xref:id[]" name a place of the
  document itself ("<<Section Title>>" a section by its title), "<<doc.adoc#id>>", "<<doc#id>>" and
  "xref:doc.adoc#id[]" one of another; in an Antora module, page ids ("xref:install.adoc#setup[]",
  "xref:ROOT:index.adoc[]") name pages of the module's pages directory, and those of another component
  or version are not checked. A cross reference in monospace is an example, not checked.
- HTML: id and <a name>; XML: id and xml:id, xml2rfc anchor.
The ids an author gave (HTML id and <a name>, XML ids, anchors, "{#id}") match exactly, letter case
included, as browsers match ids (github.com's any-case match is for the ids it makes of headings).
The fragment is percent-decoded first, as browsers do (an AsciiDoc cross reference is taken as
written). A configured profile applies to the documents of its format; a format none of the
configured profiles belongs to gets its default. When several profiles of a format are configured (a
tree published on GitHub and on a site), a fragment that fails under one is reported with the
profiles it fails under.

A document that includes others (reStructuredText ".. include::", AsciiDoc "include::", a Markdown
snippet of MkDocs' pymdownx.snippets "--8<--" or Hugo's readfile and include shortcodes) has their
targets too, which are not read, an HTML document that loads ReSpec has the ids its script makes
(a section's, "#dfn-term", "#bib-rfc3986"), and an HTML or XML template (a Hugo layout, a Jekyll
include, an XSLT style sheet) makes pages that hold what its partials add ("#icon--github" of an SVG
sprite): a fragment into any of them is not judged. The section ids of an Antora
module's pages follow the idprefix and idseparator of the site's playbook, outside the tree: there a
fragment made of the words of a section's title ("#quick-setup", "#_quick_setup") is taken whatever
its prefix and separator.
A link to a document of another kind is left to link-missing-file. "#top", an empty fragment and a
forge's line anchors ("#L10-L20") need no target.`,
		Bad:  `[usage](#usage-note) under "## Usage notes"  [setup](guide.md#setup) where guide.md has "## Install"`,
		Good: `[usage](#usage-notes)  [setup](guide.md#install)`,
		Fix:  `No fix is offered: which heading was meant is the author's to say.`,
	},
	Targets: true,
	Run: func(p *lint.Pass) {
		if strings.IndexByte(p.URI.Input, '#') < 0 && p.Candidate.Kind != extract.KindXref {
			return // most links: resolved by link-missing-file alone ("<<id>>" names a place)
		}
		if l, ok := localLink(p); ok && l.HasFrag && !fragmentOK(l.Fragment) {
			recordLink(p, l, false)
		}
	},
	Across: func(p *lint.AcrossPass) {
		// The last link's document, looked up again only when a link
		// names another file: a document's fragments come one after
		// another (a table of contents links to each of its headings).
		var last struct {
			from, target string
			dir, xref    bool
			file         string
			d            *links.Doc
		}
		for i := range p.Facts {
			f := p.Facts[i]
			l := readLinkFact(p, f)
			s := p.Settings(l.from)
			if i == 0 || l.from != last.from || l.target != last.target || l.dir != last.dir || l.xref != last.xref {
				last.from, last.target, last.dir, last.xref, last.file, last.d = l.from, l.target, l.dir, l.xref, "", nil
				if file, _, _, found, _ := findLink(p, s, l); found && file != "" && fragmentFormat(file) {
					last.file, last.d = file, p.Doc(file, s)
				}
			}
			file, d := last.file, last.d
			if d == nil {
				continue // a missing file is link-missing-file's
			}
			missing := d.Missing(l.fragment)
			if len(missing) == 0 || l.xref && d.Title(l.fragment) || d.Includes || d.Partial {
				// An including document's targets are the included ones'
				// too, and an included one's are those of all the parts
				// of the document it is part of: they were not read, the
				// fragment is not judged.
				continue
			}
			if _, _, antora := links.AntoraModule(file); antora && d.SectionUnderAnySettings(l.fragment) {
				continue // the ids of an Antora site are set by its playbook, outside the tree
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
