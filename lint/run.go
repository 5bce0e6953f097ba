package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
)

// docFinding is a rule's Finding placed in the document: its offsets are
// the document's, where the Finding's are the URI's.
type docFinding struct {
	rule     *Rule
	severity Severity
	start    int
	end      int
	f        Finding
	// ranges are the spans (document offsets) of the findings merged into
	// this one, when there were several; more counts those past
	// maxFindings, which have no span kept.
	ranges []Range
	more   int
}

// checkState is the state of one Check or CheckValue call, reused from
// candidate to candidate: a candidate with nothing to report costs no
// allocation.
type checkState struct {
	ch       *Checker
	pass     Pass
	parsed   grammar.Parsed
	template []grammar.Span // the current candidate's placeholders (Check only)
	format   extract.Format // the document's
	inDoc    bool           // a document is checked (not a value): fixes are judged
	drawing  bool           // the document is an SVG drawing (see isDrawing)
	ids      pageIDs        // the document's ids, unless it is a part (see Pass.HasID)
	severity Severity       // the running rule's
	out      []docFinding
	// kept counts the running rule's findings on the candidate; past
	// maxFindings, more counts those dropped.
	kept, more int
	recheck    *checkState // a state to check fixes with (see fixedClean)
}

// maxFindings is how many findings of one rule a candidate keeps. A URI
// with a million "%" is one problem written a million times: the first
// findings are kept (as the ranges of one diagnostic), and the rest only
// counted. This keeps time and memory linear on such input, with a small
// constant.
const maxFindings = 100

// MaxFindings is maxFindings, for urilint validate's list of problems.
const MaxFindings = maxFindings

func (ch *Checker) newCheckState() *checkState {
	r := &checkState{ch: ch}
	r.pass = Pass{URI: &r.parsed, Config: ch.cfg, collecting: ch.across, report: r.report, full: r.full, more: func(n int) { r.more += n }}
	return r
}

// candidate runs the rules on c, parsed into r.parsed, and returns its
// findings in order of offset, then rule. The slice is valid until the
// next call.
func (r *checkState) candidate(c *extract.Candidate) []docFinding {
	r.pass.Candidate = c
	r.pass.Placeholders = r.template
	r.out = r.out[:0]
	var problems uint64
	for _, pr := range r.parsed.Problems {
		problems |= 1 << pr.Code
	}
	certainty := c.Certainty()
	if r.drawing && certainty > extract.Weak && !c.Context.IsLink() && c.Context != extract.ContextXMLNamespace {
		// The text of a drawing is its lettering, laid out in rows
		// (a terminal recording's screen lines, a diagram's labels):
		// what reads as a URI there is the image's, cut where its
		// layout cut it. Its RDF metadata is the editor's or the icon
		// set's, which no one follows (Inkscape's cc:license, "A or B";
		// a title as rdf:about): on the held-out sets, 12 reports of
		// it were judged, none worth the author's time. Its links and
		// namespace names are checked.
		certainty = extract.Weak
	}
	for _, a := range r.ch.active[c.Kind] {
		if a.problemsOnly && a.codes&problems == 0 || certainty < a.certainty {
			continue
		}
		r.pass.rule, r.severity = a.rule, a.severity
		r.kept, r.more = 0, 0
		first := len(r.out)
		a.rule.Run(&r.pass)
		reason := ""
		if r.inDoc && len(r.out) > first {
			reason = r.judge(c, a.rule, first)
		}
		if len(r.out)-first > 1 {
			r.merge(first)
		}
		if reason != "" {
			for i := first; i < len(r.out); i++ {
				demote(&r.out[i].f, reason)
			}
		}
	}
	// Findings come in order from each rule; one rule's, the usual case,
	// need no sorting (a URI with a million "%" has a million findings).
	byOffsetThenRule := func(a, b docFinding) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return strings.Compare(a.rule.Name, b.rule.Name)
	}
	if len(r.out) > 1 && !slices.IsSortedFunc(r.out, byOffsetThenRule) {
		slices.SortStableFunc(r.out, byOffsetThenRule)
	}
	return r.out
}

// report records a finding of the running rule, placed in the document.
func (r *checkState) report(rule *Rule, f Finding) {
	s, e := f.Start, f.End
	if !f.InDocument {
		if inTemplate(r.template, s, e) {
			return
		}
		if r.template != nil {
			f.Fixes = slices.DeleteFunc(slices.Clone(f.Fixes), func(fix Fix) bool {
				return slices.ContainsFunc(fix.Edits, func(e Edit) bool { return inTemplate(r.template, e.Start, e.End) })
			})
		}
		s, e = r.pass.Candidate.SourceSpan(s, e)
	}
	if r.kept == maxFindings {
		r.more++
		return
	}
	r.kept++
	boundMessages(&f)
	r.out = append(r.out, docFinding{rule: rule, severity: r.severity, start: s, end: e, f: f})
}

// merge makes the findings r.out[first:] of the rule that just ran, more
// than one, into one: a diagnostic per candidate and rule, so that a URI
// with 91 lower-case escapes is one problem, not 91. The finding is placed
// at the first, says how many there are, keeps the span of each (up to
// maxFindings), and has one fix made of the first fix of each finding,
// safe when each finding had a safe fix.
func (r *checkState) merge(first int) {
	fs := r.out[first:]
	slices.SortStableFunc(fs, func(a, b docFinding) int { return a.start - b.start })
	m := fs[0]
	m.ranges = make([]Range, len(fs))
	var fix *Fix
	safe := true
	for i := range fs {
		m.ranges[i] = Range{fs[i].start, fs[i].end}
		if len(fs[i].f.Fixes) == 0 {
			safe = false
			continue
		}
		f0 := fs[i].f.Fixes[0]
		safe = safe && f0.Safe
		if fix == nil {
			fix = &Fix{Message: f0.Message}
		}
		for _, e := range f0.Edits {
			if !fs[i].f.InDocument {
				e.Start, e.End = r.pass.Candidate.SourceSpan(e.Start, e.End)
			}
			if !slices.Contains(fix.Edits, e) {
				fix.Edits = append(fix.Edits, e)
			}
		}
	}
	n := len(fs) + r.more
	m.f.InDocument = true
	m.f.Start, m.f.End = m.start, m.end
	m.f.Message = boundMessage(fmt.Sprintf("%s (and %d more in this URI)", m.f.Message, n-1))
	m.f.Fixes = nil
	m.more = r.more
	if fix != nil {
		fix.Safe = safe
		if len(fix.Edits) > 1 {
			// Before the reason in parentheses that ends a message, if any.
			msg, reason := fix.Message, ""
			if i := strings.LastIndex(msg, " ("); i > 0 && strings.HasSuffix(msg, ")") {
				msg, reason = msg[:i], msg[i:]
			}
			fix.Message = boundMessage(fmt.Sprintf("%s, and %d more like it%s", msg, len(fix.Edits)-1, reason))
		}
		m.f.Fixes = []Fix{*fix}
	}
	r.out = append(r.out[:first], m)
}

// full reports whether the running rule has made as many findings on the
// candidate as it gets: a rule may then report the rest with their spans
// only, to be counted.
func (r *checkState) full() bool { return r.kept == maxFindings }

// javascript is the scheme of URLs that hold a script.
const javascript = "javascript:"

// docfxXref is the scheme of DocFX's cross references in Markdown.
const docfxXref = "xref:"

// opaqueTo returns where what follows the scheme of uri, a candidate of a
// document of format f, starts when nothing there is a URI's to judge: a
// javascript: URL's script, a DocFX cross reference's API ID (in
// Markdown, where DocFX reads it; AsciiDoc's xref: is its own macro);
// else 0.
func opaqueTo(uri string, f extract.Format) int {
	switch {
	case len(uri) > len(javascript) && strings.EqualFold(uri[:len(javascript)], javascript):
		return len(javascript)
	case f == extract.FormatMarkdown && len(uri) > len(docfxXref) && strings.EqualFold(uri[:len(docfxXref)], docfxXref):
		return len(docfxXref)
	}
	return 0
}

// maskTemplate returns uri with each placeholder (a URI Template
// expression, "{{ ... }}", "%s", ...) replaced by as many "0": a character
// valid in every component, so that the grammar reports the characters
// around a placeholder ("|" in "a|{id}") apart from it, and nothing inside
// it.
func maskTemplate(uri string, exprs []grammar.Span) string {
	b := []byte(uri)
	for _, x := range exprs {
		for i := x.Start; i < x.End; i++ {
			b[i] = '0'
		}
	}
	return string(b)
}

// mergeSpans returns the spans of a and b (each in order, none overlapping
// another of its own), in order, without those of b that overlap one of a.
func mergeSpans(a, b []grammar.Span) []grammar.Span {
	if len(b) == 0 {
		return a
	}
	out := make([]grammar.Span, 0, len(a)+len(b))
	i := 0
	for _, y := range b {
		for i < len(a) && a[i].End <= y.Start {
			out = append(out, a[i])
			i++
		}
		if i < len(a) && a[i].Start < y.End {
			continue // overlaps a[i]
		}
		out = append(out, y)
	}
	return append(out, a[i:]...)
}

// inTemplate reports whether the span [s, e) of a URI touches one of the
// placeholders exprs: a finding there is about a template variable, not
// about the URI the template expands to.
func inTemplate(exprs []grammar.Span, s, e int) bool {
	for _, x := range exprs {
		if s < x.End && x.Start < e || s == e && x.Start < s && s < x.End {
			return true
		}
	}
	return false
}

// diagnostic places the finding f on the candidate c in the document: its
// offsets, and its fixes' edits, their text escaped as the document holds
// it there (entities in XML).
func (f *docFinding) diagnostic(path string, c *extract.Candidate) *Diagnostic {
	d := &Diagnostic{
		File: path, Rule: f.rule, Severity: f.severity, Message: f.f.Message, URI: c.URI,
		Start: f.start, End: f.end, Ranges: f.ranges,
	}
	if fact := f.f.fact; fact != nil {
		// Pass.Record made the fact for this finding alone: it is placed
		// where it is, not copied.
		fact.File, fact.URI, fact.Start, fact.End, fact.rule, fact.severity = path, c.URI, f.start, f.end, f.rule, f.severity
		d.fact = fact
		return d
	}
	for _, fix := range f.f.Fixes {
		edits := make([]Edit, len(fix.Edits))
		for i, e := range fix.Edits {
			if !f.f.InDocument {
				e.Start, e.End = c.SourceSpan(e.Start, e.End)
			}
			edits[i] = Edit{Start: e.Start, End: e.End, New: c.Escape(e.New)}
		}
		fix.Edits = edits
		d.Fixes = append(d.Fixes, fix)
	}
	return d
}
