package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/internal/suggest"
)

// Suppression comments turn rules off for a line, a stretch or a file:
//
//	<!-- urilint-disable-next-line RULE[,RULE] -- reason -->
//	<!-- urilint-disable-line RULE -->        on the line of the comment
//	<!-- urilint-disable RULE -->  ...  <!-- urilint-enable RULE -->
//	<!-- urilint-disable-file RULE -->        anywhere in the file
//
// Without a rule, a directive applies to every rule. In Markdown and HTML
// a directive is an HTML comment (one in a code block or code span is an
// example, not a directive); in plain text it follows a comment marker
// ("#", "//", ";", "--", "/*", "*", "%", or "<!--") on its line and ends
// with the line, and a line holds one: the first. What follows " --" is
// the reason, for people. A directive that suppresses nothing, or names an
// unknown rule, is reported by the rule unused-suppression, unless the rule
// it names is off for the file; a directive gets at most maxUnusedReports
// reports, then one that says how many more there are.

// UnusedSuppression is the rule the engine itself reports with, about
// suppression comments, once the other rules have run: it has no Run. It
// is a rule like the others for the configuration, the documentation and
// the output (rules.All lists it).
var UnusedSuppression = &Rule{
	Name:     "unused-suppression",
	Category: Style,
	Severity: Warning,
	Doc: Doc{
		Title: `A suppression comment suppresses nothing, or names a rule that does not exist.`,
		Text: `Suppression comments turn rules off where a finding is deliberate: in Markdown and HTML, an HTML
comment; in XML, an XML comment; in reStructuredText, a comment ("..", the blank line that ends it
its own); in AsciiDoc, a line comment ("//") or a comment block ("////"); in plain text, after a
comment marker ("#", "//", ";", "--", "/*", "*", "%" or "<!--").

  <!-- urilint-disable-next-line percent-lowercase -- the server wants it so -->
  <!-- urilint-disable-line RULE[,RULE] -->     (on the comment's own line)
  <!-- urilint-disable RULE --> ... <!-- urilint-enable RULE -->
  <!-- urilint-disable-file RULE -->
  # urilint-disable-next-line urn-nid-unregistered
  .. urilint-disable-next-line urn-nid-unregistered      (reStructuredText)
  // urilint-disable-next-line urn-nid-unregistered      (AsciiDoc)

Without a rule, a comment applies to every rule. What follows " --" is the reason, for readers. A
comment that no longer suppresses anything (the URI was fixed, or moved) hides the next real problem
in its place, so it is reported; so is a rule name that does not exist, which suppresses nothing (the
message names the rule most likely meant, if one is close: "did you mean percent-lowercase?"). A
rule turned off in the configuration is not reported as unused. Comments inside Markdown code
blocks and code spans, in reST literals and AsciiDoc listings, and in the examples of XML CDATA
sections, are examples, not directives. In
plain text a line holds one directive, the first: the rest of the line is its rules and reason. A
comment gets at most 100 reports, then one that says how many more there are.`,
		Bad:  `<!-- urilint-disable-next-line percent-lowercase -->  above a line with no percent-lowercase finding`,
		Good: `<!-- urilint-disable-next-line percent-lowercase -->  above http://a.example/%c3%a9`,
		Fix:  `Fix: none offered; remove the comment, or the rule from its list, by hand.`,
	},
}

// maxUnusedReports is how many unused-suppression reports one directive
// gets, as maxFindings is for the findings of a rule on a URI: a comment
// naming a thousand unknown rules gets its first reports, then one that
// says how many more there are.
const maxUnusedReports = maxFindings

// suppressor applies the directives of a document to its diagnostics,
// taken in order of offset (hides), then adds the reports of
// unused-suppression (finish). Its time is linear in the directives, their
// rules and the diagnostics, plus the sorting of the result.
type suppressor struct {
	ch   *Checker
	path string
	src  []byte
	dirs []directive
	ix   *suppressIndex
}

func (ch *Checker) newSuppressor(path string, src []byte, dirs []directive) *suppressor {
	loc := extract.NewLocator(src)
	slices.SortStableFunc(dirs, func(a, b directive) int { return a.from - b.from })
	for i := range dirs {
		dirs[i].line = loc.Pos(dirs[i].from).Line
		dirs[i].endLine = loc.Pos(max(dirs[i].to-1, dirs[i].from)).Line
	}
	s := &suppressor{ch: ch, path: path, src: src, dirs: dirs}
	s.ix = newSuppressIndex(dirs, lineCounter(src), s.known, nil)
	return s
}

func (s *suppressor) known(name string) bool { return s.ch.byName[name] != nil }

// hides reports whether a directive suppresses d, which comes at or after
// the diagnostic asked about before, and marks the directives that do as
// used.
func (s *suppressor) hides(d *Diagnostic) bool { return s.ix.suppresses(d) }

// finish returns kept, the diagnostics not hidden (in order of offset),
// with the reports of unused-suppression added: sorted by offset, then
// rule.
func (s *suppressor) finish(kept []*Diagnostic) []*Diagnostic {
	ch, path, dirs := s.ch, s.path, s.dirs
	unused := ch.unused
	if unused == nil || len(dirs) == 0 {
		return kept
	}
	n := len(kept)
	var reports []*Diagnostic
	report := func(d *directive, s, e int, format string, args ...any) {
		if d.reported == maxUnusedReports {
			if d.more == 0 {
				d.moreAt = s
			}
			d.more++
			return
		}
		d.reported++
		reports = append(reports, &Diagnostic{
			File: path, Rule: unused.rule, Severity: unused.severity, Message: grammar.Messagef(format, args...),
			Start: s, End: e,
		})
	}
	// unknownRule reports a rule name that names no rule, with the rule
	// most likely meant when there is one. Past a directive's share of
	// reports, where the report is only counted, no rule is looked for: a
	// comment may name thousands.
	unknownRule := func(d *directive, r *directiveRule) {
		if d.reported < maxUnusedReports {
			if s := suggest.Closest(r.name, ch.names); s != "" {
				report(d, r.start, r.end, "%s names an unknown rule %q; did you mean %q?", d.word, r.name, s)
				return
			}
		}
		report(d, r.start, r.end, "%s names an unknown rule %q (urilint rules lists them)", d.word, r.name)
	}
	// unusedReports reports the directives' entries that suppressed
	// nothing: those naming unused-suppression itself when self is set,
	// the others when not; then, for each directive past its share of
	// reports, how many more there are.
	unusedReports := func(self bool) {
		for i := range dirs {
			d := &dirs[i]
			if d.kind == enableBlock {
				for _, r := range d.rules {
					if ch.byName[r.name] == nil && !self {
						unknownRule(d, &r)
					}
				}
				continue
			}
			if len(d.rules) == 0 && !d.used && !self {
				report(d, d.start, d.end, "%s suppresses nothing: remove it", d.word)
			}
			for _, r := range d.rules {
				if (r.name == UnusedSuppression.Name) != self {
					continue
				}
				switch {
				case ch.byName[r.name] == nil:
					unknownRule(d, &r)
				case !r.used && ch.enabled(r.name):
					report(d, r.start, r.end, "%s suppresses no %s diagnostic: remove %q from it", d.word, r.name, r.name)
				}
			}
		}
		for i := range dirs {
			if d := &dirs[i]; d.more > 0 {
				reports = append(reports, &Diagnostic{
					File: path, Rule: unused.rule, Severity: unused.severity,
					Message: fmt.Sprintf("%d more %s reports on this %s are not listed (only the first %d are)",
						d.more, UnusedSuppression.Name, d.word, maxUnusedReports),
					Start: d.moreAt, End: d.moreAt,
				})
				d.more = 0
			}
		}
	}
	unusedReports(false)
	// These reports can be suppressed in turn, by directives that name
	// unused-suppression (a rule-less one would hide its own report).
	namesUnused := func(d *directive) bool {
		_, entry := d.names(UnusedSuppression.Name)
		return entry != nil
	}
	slices.SortStableFunc(reports, func(a, b *Diagnostic) int { return a.Start - b.Start })
	hidden := newSuppressIndex(dirs, lineCounter(s.src), s.known, namesUnused).suppressed(reports)
	for i, r := range reports {
		if !hidden[i] {
			kept = append(kept, r)
		}
	}
	reports = reports[:0]
	unusedReports(true)
	kept = append(kept, reports...)
	if len(kept) > n {
		slices.SortStableFunc(kept, func(a, b *Diagnostic) int {
			if a.Start != b.Start {
				return a.Start - b.Start
			}
			return strings.Compare(a.Rule.Name, b.Rule.Name)
		})
	}
	return kept
}
