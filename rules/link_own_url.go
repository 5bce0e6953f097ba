package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/links"
)

// LinkOwnURL reports an absolute URL of the project's own repository or
// site whose file, fragment or lines are not in the checkout.
var LinkOwnURL = &lint.Rule{
	Name:      "link-own-url",
	Category:  lint.Policy,
	Severity:  lint.Error,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURI},
	Doc: lint.Doc{
		Title: `An absolute URL of the project's own repository or site names a file, a fragment or lines the checkout does not have.`,
		Text: `Documents link to their own project with absolute URLs: a forge's blob and tree pages
("https://github.com/ORG/REPO/blob/main/docs/a.md#usage", "https://gitlab.com/ORG/REPO/-/tree/main/docs"),
and the published site ("https://docs.example.org/guide/"). With links.repository (the repository's
address) and links.site (the site's address, built from links.site-root), the rule resolves such URLs
against the checkout, offline, so that a link to a file added in the same change passes before it is
merged, and a link to a file renamed or removed fails before it is published:
- the file (or directory) must be there, named in the same letter case;
- a fragment must name a heading or id, as link-missing-fragment checks it;
- a blob page's line anchor ("#L10-L20") must be within the file's lines.
The branch of a blob URL is taken for the checkout's. Without links.repository or links.site, the rule
has nothing to check. It never uses the network.`,
		Bad:  `https://github.com/org/repo/blob/main/docs/gide.md  https://github.com/org/repo/blob/main/go.mod#L90 (a file of 40 lines)`,
		Good: `https://github.com/org/repo/blob/main/docs/guide.md  https://github.com/org/repo/blob/main/go.mod#L9`,
		Fix:  `No fix is offered: which file was meant is the author's to say.`,
	},
	Targets: true,
	Run: func(p *lint.Pass) {
		if p.File == "" || len(p.Placeholders) > 0 {
			return
		}
		if l, ok := links.OwnURL(p.Candidate.URI, &p.Config.Links); ok {
			recordLink(p, l, false)
		}
	},
	Across: func(p *lint.AcrossPass) {
		for i := range p.Facts {
			f := p.Facts[i]
			l := readLinkFact(p, f)
			s := p.Settings(l.from)
			file, e, found := resolveFile(p, s, l.target, l.dir)
			switch {
			case !found && e.Case != "":
				p.Report(f, grammar.Messagef("the checkout has no %q: it is %q, in other letter case", display(l.from, l.target), e.Case))
			case !found:
				p.Report(f, grammar.Messagef("the checkout has no %q", display(l.from, l.target)))
			case l.first > 0 && file != "":
				if d := p.Doc(file, s); d != nil && l.last > d.Lines {
					p.Report(f, grammar.Messagef("%q has %s: line %d is not there", display(l.from, file), grammar.Count(d.Lines, "line"), l.last))
				}
			case l.hasFrag && !fragmentOK(l.fragment) && file != "" && fragmentFormat(file):
				if d := p.Doc(file, s); d != nil && len(d.Missing(l.fragment)) > 0 {
					p.Report(f, grammar.Messagef("no heading or id of %q is %q", display(l.from, file), "#"+l.fragment))
				}
			}
		}
	},
}
