package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
)

// Diagnostic is a problem found in a document: where, by which rule, how
// bad, and how to fix it. Places are byte offsets in the document; lines
// and columns are computed at output (extract.Locator).
type Diagnostic struct {
	File     string
	Rule     *Rule
	Severity Severity // the rule's, or the configured one
	Message  string
	// URI is the candidate the problem was found in.
	URI string
	// Start and End delimit the offending bytes (not the whole
	// candidate); End is exclusive.
	Start, End int
	// Ranges, when the rule found the problem more than once in the
	// candidate, holds each place (the first is Start to End), up to 100.
	Ranges []Range
	// Fixes are the ways to resolve it, their edits in document offsets.
	Fixes []Fix
}

// Range is a span of a document, in byte offsets; End is exclusive.
type Range struct{ Start, End int }

// AllRanges returns the places of the problem: Ranges, or the one from
// Start to End.
func (d *Diagnostic) AllRanges() []Range {
	if len(d.Ranges) > 0 {
		return d.Ranges
	}
	return []Range{{d.Start, d.End}}
}

// Checker runs a list of rules with a configuration.
type Checker struct {
	// active lists, indexed by kind of candidate, the rules that run on it,
	// in order: turned off and inapplicable ones left out.
	active [extract.KindRelativeRef + 1][]activeRule
	cfg    *Config
	byName map[string]*Rule // every rule, off or not
	// unused is unused-suppression, when it is in the list and on.
	unused *activeRule
}

// activeRule is a rule that runs, with the severity its diagnostics get.
type activeRule struct {
	rule         *Rule
	severity     Severity
	problemsOnly bool   // the rule's ProblemsOnly, at hand
	codes        uint64 // the bits of its Codes, for problemsOnly
}

// NewChecker returns a checker for rules, after validating the list: names
// unique and well formed, every rule documented, every grammar problem code
// claimed by exactly one rule.
func NewChecker(rules []*Rule, cfg *Config) (*Checker, error) {
	if err := Validate(rules); err != nil {
		return nil, err
	}
	if cfg == nil {
		cfg = &Config{}
	}
	for name := range cfg.Severity {
		if !slices.ContainsFunc(rules, func(r *Rule) bool { return r.Name == name }) {
			return nil, fmt.Errorf("unknown rule %q", name)
		}
	}
	ch := &Checker{cfg: cfg, byName: map[string]*Rule{}}
	for _, r := range rules {
		ch.byName[r.Name] = r
		sev := cfg.SeverityOf(r)
		if sev == Off {
			continue
		}
		a := activeRule{rule: r, severity: sev, problemsOnly: r.ProblemsOnly}
		if r.Run == nil { // reported by the engine
			ch.unused = &a
			continue
		}
		for _, c := range r.Codes {
			a.codes |= 1 << c
		}
		for _, k := range []extract.Kind{extract.KindURI, extract.KindURN, extract.KindRelativeRef} {
			if len(r.Kinds) == 0 || slices.Contains(r.Kinds, k) {
				ch.active[k] = append(ch.active[k], a)
			}
		}
	}
	return ch, nil
}

// Validate checks a list of rules (see NewChecker).
func Validate(rules []*Rule) error {
	names := map[string]bool{}
	claimed := map[grammar.Code]string{}
	for _, r := range rules {
		switch {
		case r.Name == "" || strings.ToLower(r.Name) != r.Name || strings.ContainsAny(r.Name, " _"):
			return fmt.Errorf("rule %q: a name is lower case, with hyphens", r.Name)
		case names[r.Name]:
			return fmt.Errorf("rule %q listed twice", r.Name)
		case r.Title() == "" || !strings.Contains(strings.TrimSpace(r.Doc), "\n\n"):
			return fmt.Errorf("rule %q: Doc needs a title paragraph and an explanation", r.Name)
		case r.Category != Syntax && r.Category != Policy && r.Category != Style:
			return fmt.Errorf("rule %q: unknown category %q", r.Name, r.Category)
		case r.Severity < Info || r.Severity > Error:
			return fmt.Errorf("rule %q: no default severity", r.Name)
		case r.Run == nil && r.Name != UnusedSuppression:
			return fmt.Errorf("rule %q: no Run", r.Name)
		case r.ProblemsOnly && len(r.Codes) == 0:
			return fmt.Errorf("rule %q: ProblemsOnly without Codes", r.Name)
		}
		names[r.Name] = true
		for _, c := range r.Codes {
			if other, ok := claimed[c]; ok {
				return fmt.Errorf("problem code %v is claimed by rules %q and %q", c, other, r.Name)
			}
			claimed[c] = r.Name
		}
	}
	for _, c := range grammar.Codes() {
		if c >= 64 {
			return fmt.Errorf("problem code %v does not fit the engine's 64-bit sets", c)
		}
		if _, ok := claimed[c]; !ok {
			return fmt.Errorf("problem code %v is reported by no rule", c)
		}
	}
	return nil
}

// enabled reports whether the rule name runs (is not off).
func (ch *Checker) enabled(name string) bool {
	r := ch.byName[name]
	return r != nil && ch.cfg.SeverityOf(r) != Off
}

// MaxFileDiagnostics is how many diagnostics of one file are listed. A
// file with millions of findings is generated or broken, not written by
// someone who will read them all: the first are listed, and the rest only
// counted (Unlisted), so that memory and output stay bounded whatever the
// findings. (One URI makes at most one diagnostic per rule already.)
const MaxFileDiagnostics = 10_000

// Unlisted counts the diagnostics of a file past MaxFileDiagnostics, which
// were found but not listed, by severity.
type Unlisted struct {
	N          int
	BySeverity [Error + 1]int
}

func (u *Unlisted) add(d *Diagnostic) {
	u.N++
	if d.Severity <= Error {
		u.BySeverity[d.Severity]++
	}
}

// Lister lists the first MaxFileDiagnostics diagnostics of a file and
// counts the rest, for a file checked in pieces (CheckWindow).
type Lister struct {
	listed   int
	Unlisted Unlisted
}

// List reports whether d is to be listed; when not, it is counted.
func (l *Lister) List(d *Diagnostic) bool {
	if l.listed < MaxFileDiagnostics {
		l.listed++
		return true
	}
	l.Unlisted.add(d)
	return false
}

// Check lints a document: it extracts the candidates with the walker for
// the format and calls yield with each diagnostic not suppressed by a
// comment, in order of offset, then rule: the first MaxFileDiagnostics,
// and it counts the rest. Memory does not grow with the findings: a
// document without suppression comments is checked streaming, and one
// with them holds at most the diagnostics it lists.
func (ch *Checker) Check(path string, f Format, src []byte, yield func(*Diagnostic)) Unlisted {
	var l Lister
	emit := func(d *Diagnostic) {
		if l.List(d) {
			yield(d)
		}
	}
	// Directives are looked for first, which costs a pass over the bytes
	// (for "urilint-"): a document without any is checked streaming.
	if !hasDirective(src) {
		ch.check(path, f, src, 0, ch.cfg.Extract, emit)
		return l.Unlisted
	}
	opts := ch.cfg.Extract
	var dirs []directive
	var comments [][2]int
	switch f {
	case Text:
		dirs = textDirectives(src)
	case HTML, XML:
		// The HTML and XML walkers report comments as they go, after
		// diagnostics they may suppress: they are read first.
		comment := func(s, e int) { comments = append(comments, [2]int{s, e}) }
		if f == HTML {
			extract.HTMLComments(src, comment)
		} else {
			extract.XMLComments(src, comment)
		}
		dirs = commentDirectives(src, comments)
	default:
		// The Markdown walker reads the whole document, comments and all,
		// before it hands over the first candidate.
		opts.Comment = func(s, e int) { comments = append(comments, [2]int{s, e}) }
	}
	var sup *suppressor
	start := func() {
		if sup == nil {
			if f == Markdown {
				dirs = commentDirectives(src, comments)
			}
			sup = ch.newSuppressor(path, src, dirs)
		}
	}
	var held []*Diagnostic // the diagnostics kept, to be merged with unused-suppression's
	ch.check(path, f, src, 0, opts, func(d *Diagnostic) {
		start()
		switch {
		case sup.hides(d):
		case len(held) < MaxFileDiagnostics:
			held = append(held, d)
		default:
			l.Unlisted.add(d)
		}
	})
	start()
	for _, d := range sup.finish(held) {
		emit(d)
	}
	return l.Unlisted
}

// CheckWindow lints a stretch of a plain-text document that starts a line
// at offset base (a window of a large file) and is checkable in pieces
// (see CheckableInPieces), calling yield with each diagnostic, its offsets
// in the document.
func (ch *Checker) CheckWindow(path string, src []byte, base int, yield func(*Diagnostic)) {
	ch.check(path, Text, src, base, ch.cfg.Extract, yield)
}

// check lints src, a document in format f, or a stretch of a plain-text
// document that starts at offset base (else base is 0).
func (ch *Checker) check(path string, f Format, src []byte, base int, opts extract.Options, yield func(*Diagnostic)) {
	r := ch.newRun()
	r.format, r.inDoc, r.pass.Format = f, true, f
	each := func(yield func(*extract.Candidate)) { Extract(f, src, opts, yield) }
	if f == Text {
		each = func(yield func(*extract.Candidate)) { extract.ScanText(src, base, yield) }
	}
	each(func(c *extract.Candidate) {
		uri := c.URI
		r.template = nil
		if len(uri) > len(javascript) && strings.EqualFold(uri[:len(javascript)], javascript) {
			// A javascript: URL is a program, not an identifier: its
			// script is masked as a placeholder is.
			r.template = []grammar.Span{{Start: len(javascript), End: len(uri)}}
			uri = maskTemplate(uri, r.template)
		} else if strings.ContainsAny(uri, "{%<$#[") {
			r.template = grammar.Placeholders(uri)
			if !ch.cfg.Strict && strings.IndexByte(uri, '[') >= 0 && !c.Context.IsLink() && !c.Context.IsName() {
				// Names in brackets stand in for something in what people
				// read, by judgement (the letter of the RFCs with --strict);
				// in a link, which a browser follows, and in an XML name,
				// they are what is written.
				r.template = mergeSpans(r.template, grammar.BracketNames(uri))
			}
			if r.template != nil {
				uri = maskTemplate(uri, r.template)
			}
		}
		grammar.ParseTo(&r.parsed, uri, parseAs(c.Kind), ch.cfg.URNSyntax)
		for _, f := range r.candidate(c) {
			yield(f.diagnostic(path, c))
		}
	})
}

// CheckValue lints one value, as urilint validate does: parsed as the
// production as, with offsets within the value. A value is meant as a
// URI, so braces are reported even where they form a URI Template
// expression. It returns the value parsed.
func (ch *Checker) CheckValue(v string, as grammar.As, yield func(*Diagnostic)) grammar.Parsed {
	r := ch.newRun()
	r.parsed = grammar.Parse(v, as, ch.cfg.URNSyntax)
	c := &extract.Candidate{URI: v, Raw: v, Kind: kindOf(r.parsed.As), Context: "value", PrefixStart: -1, End: len(v)}
	for _, f := range r.candidate(c) {
		yield(f.diagnostic("", c))
	}
	return r.parsed
}

// kindOf is the kind of candidate a production makes.
func kindOf(as grammar.As) extract.Kind {
	switch as {
	case grammar.AsURN:
		return extract.KindURN
	case grammar.AsRelativeRef:
		return extract.KindRelativeRef
	}
	return extract.KindURI
}

// finding is a rule's finding placed in the document.
type finding struct {
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

// run is the state of one Check or CheckValue call, reused from candidate
// to candidate: a candidate with nothing to report costs no allocation.
type run struct {
	ch       *Checker
	pass     Pass
	parsed   grammar.Parsed
	template []grammar.Span // the current candidate's placeholders (Check only)
	format   Format         // the document's
	inDoc    bool           // a document is checked (not a value): fixes are judged
	severity Severity       // the running rule's
	out      []finding
	// kept counts the running rule's findings on the candidate; past
	// maxFindings, more counts those dropped.
	kept, more int
	recheck    *run // a run to check fixes with (see verified)
}

// maxFindings is how many findings of one rule a candidate keeps. A URI
// with a million "%" is one problem written a million times: the first
// findings are kept (as the ranges of one diagnostic), and the rest only
// counted. This keeps time and memory linear on such input, with a small
// constant.
const maxFindings = 100

// MaxFindings is maxFindings, for urilint validate's list of problems.
const MaxFindings = maxFindings

func (ch *Checker) newRun() *run {
	r := &run{ch: ch}
	r.pass = Pass{URI: &r.parsed, Config: ch.cfg, report: r.report, full: r.full}
	return r
}

// candidate runs the rules on c, parsed into r.parsed, and returns its
// findings in order of offset, then rule. The slice is valid until the
// next call.
func (r *run) candidate(c *extract.Candidate) []finding {
	r.pass.Candidate = c
	r.out = r.out[:0]
	var problems uint64
	for _, pr := range r.parsed.Problems {
		problems |= 1 << pr.Code
	}
	for _, a := range r.ch.active[c.Kind] {
		if a.problemsOnly && a.codes&problems == 0 {
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
	byOffsetThenRule := func(a, b finding) int {
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
func (r *run) report(rule *Rule, f Finding) {
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
	r.out = append(r.out, finding{rule: rule, severity: r.severity, start: s, end: e, f: f})
}

// judge decides whether the safe fixes of the findings r.out[first:], the
// rule's on the candidate c, may be applied without review, and returns
// why not (they are then made suggestions: not safe), or "". A rule marks a fix safe when it never
// changes what the identifier means; --fix applies it only when, besides:
//   - the candidate's boundaries are certain and its text is not what
//     readers see (fixContext);
//   - it touches no placeholder (report drops those that do);
//   - applied to the URI, it leaves a URI of the same shape in which the
//     rule finds nothing (verified here, by parsing it again), and it adds
//     only letters, digits, "%", "-", ".", "_" and "~", which end no
//     candidate in any context.
func (r *run) judge(c *extract.Candidate, rule *Rule, first int) (reason string) {
	fs := r.out[first:]
	if reason := fixContext(c, r.format); reason != "" {
		return reason
	}
	var edits []Edit
	for i := range fs {
		if len(fs[i].f.Fixes) == 0 || !fs[i].f.Fixes[0].Safe {
			return "" // the fix of them all is not safe anyway (see merge)
		}
		if fs[i].f.InDocument {
			continue // outside the URI, as a "URL:" prefix: nothing to parse again
		}
		edits = append(edits, fs[i].f.Fixes[0].Edits...)
	}
	if len(edits) == 0 || r.more > 0 || r.fixedClean(c, rule, edits) {
		return ""
	}
	return "applied, it would not leave the URI clean"
}

// fixedClean reports whether the URI with edits applied (offsets in the
// masked URI, none overlapping) holds only safe insertions and gives the
// rule nothing to report.
func (r *run) fixedClean(c *extract.Candidate, rule *Rule, edits []Edit) bool {
	slices.SortFunc(edits, func(a, b Edit) int { return a.Start - b.Start })
	in := r.parsed.Input
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.Start < last || e.End > len(in) || !boundaryNeutral(e.New) {
			return false
		}
		b.WriteString(in[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.WriteString(in[last:])
	if r.recheck == nil {
		r.recheck = r.ch.newRun()
	}
	rr := r.recheck
	rr.template = shiftSpans(r.template, edits)
	grammar.ParseTo(&rr.parsed, b.String(), r.parsed.As, r.parsed.Syntax)
	if rr.parsed.Scheme != r.parsed.Scheme {
		return false
	}
	rr.pass.Candidate, rr.pass.rule, rr.out, rr.kept, rr.more = c, rule, rr.out[:0], 0, 0
	rule.Run(&rr.pass)
	return len(rr.out) == 0
}

// boundaryNeutral reports whether s holds only characters that a fix may
// add without moving where any candidate ends: unreserved ones and "%".
func boundaryNeutral(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("%-._~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// shiftSpans returns spans moved by edits (sorted, none inside a span).
func shiftSpans(spans []grammar.Span, edits []Edit) []grammar.Span {
	if spans == nil {
		return nil
	}
	out := slices.Clone(spans)
	for i := range out {
		d := 0
		for _, e := range edits {
			if e.End <= spans[i].Start {
				d += len(e.New) - (e.End - e.Start)
			}
		}
		out[i].Start += d
		out[i].End += d
	}
	return out
}

// fixContext returns why --fix may not apply a fix to the candidate c of a
// document in format f, or "" when it may: its boundaries are certain (a
// link's, or <...> in plain text) and its text is not shown to readers (an
// autolink's is, and so is a URI's in the running text of Markdown, HTML or
// XML); and it is not a name XML compares as a string (a namespace name).
func fixContext(c *extract.Candidate, f Format) string {
	switch {
	case c.Context == extract.ContextMarkdownAutolink:
		return "an autolink's text is what readers see"
	case c.Context.IsName():
		return "XML compares a namespace name or an RDF IRI character by character: any change names something else"
	case c.Context.IsLink():
		return ""
	case f == Text && (c.Context == extract.ContextAngle || c.Context == extract.ContextAngleURL):
		return ""
	case c.Context == extract.ContextAngle || c.Context == extract.ContextAngleURL:
		return "its text is what readers see"
	}
	return "where a URI in running text ends is a judgement"
}

// NotApplied says, in a fix's message, that --fix does not apply it.
const NotApplied = "not applied by --fix"

// demote makes the safe fixes of f suggestions, saying why.
func demote(f *Finding, reason string) {
	for i := range f.Fixes {
		if f.Fixes[i].Safe {
			f.Fixes = slices.Clone(f.Fixes)
			for j := i; j < len(f.Fixes); j++ {
				if f.Fixes[j].Safe {
					f.Fixes[j].Safe = false
					f.Fixes[j].Message += " (" + NotApplied + ": " + reason + ")"
				}
			}
			return
		}
	}
}

// merge makes the findings r.out[first:] of the rule that just ran, more
// than one, into one: a diagnostic per candidate and rule, so that a URI
// with 91 lower-case escapes is one problem, not 91. The finding is placed
// at the first, says how many there are, keeps the span of each (up to
// maxFindings), and has one fix made of the first fix of each finding,
// safe when each finding had a safe fix.
func (r *run) merge(first int) {
	fs := r.out[first:]
	slices.SortStableFunc(fs, func(a, b finding) int { return a.start - b.start })
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
	m.f.Message = fmt.Sprintf("%s (and %d more in this URI)", m.f.Message, n-1)
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
			fix.Message = fmt.Sprintf("%s, and %d more like it%s", msg, len(fix.Edits)-1, reason)
		}
		m.f.Fixes = []Fix{*fix}
	}
	r.out = append(r.out[:first], m)
}

// full reports whether the running rule has made as many findings on the
// candidate as it gets: a rule may then report the rest with their spans
// only, to be counted.
func (r *run) full() bool { return r.kept == maxFindings }

// javascript is the scheme of URLs that hold a script.
const javascript = "javascript:"

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

// parseAs is the production a candidate of a kind is parsed as.
func parseAs(k extract.Kind) grammar.As {
	switch k {
	case extract.KindURN:
		return grammar.AsURN
	case extract.KindRelativeRef:
		return grammar.AsRelativeRef
	}
	return grammar.AsURI
}

// diagnostic places the finding f on the candidate c in the document: its
// offsets, and its fixes' edits, their text escaped as the document holds
// it there (entities in XML).
func (f *finding) diagnostic(path string, c *extract.Candidate) *Diagnostic {
	d := &Diagnostic{
		File: path, Rule: f.rule, Severity: f.severity, Message: f.f.Message, URI: c.URI,
		Start: f.start, End: f.end, Ranges: f.ranges,
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

// ApplyFixes returns src with fixes applied: every safe fix when safeOnly,
// else every fix. A fix whose edits overlap an edit already taken is left
// out, so the result is well defined; applied counts the fixes taken.
func ApplyFixes(src []byte, diags []*Diagnostic, safeOnly bool) (out []byte, applied int) {
	type edit struct {
		start, end int
		new        string
	}
	var edits []edit // taken, sorted by start, none overlapping
	// conflict reports whether [s, e) overlaps an edit taken, or inserts at
	// the point where another insertion is (their order would be unknown).
	conflict := func(s, e int) bool {
		k, _ := slices.BinarySearchFunc(edits, s, func(x edit, s int) int { return x.start - s })
		for _, x := range edits[max(k-1, 0):] {
			if x.start > e {
				break
			}
			if s < x.end && x.start < e || s == e && x.start == x.end && s == x.start {
				return true
			}
		}
		return false
	}
	var mine []edit
	for _, d := range diags {
		for _, fix := range d.Fixes {
			if safeOnly && !fix.Safe || len(fix.Edits) == 0 {
				continue
			}
			mine = mine[:0]
			for _, e := range fix.Edits {
				mine = append(mine, edit{e.Start, e.End, e.New})
			}
			slices.SortFunc(mine, func(a, b edit) int { return a.start - b.start })
			ok := true
			for k, e := range mine {
				if e.start < 0 || e.end < e.start || e.end > len(src) || conflict(e.start, e.end) ||
					k > 0 && (e.start < mine[k-1].end || e.start == e.end && mine[k-1].start == mine[k-1].end && e.start == mine[k-1].start) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			for _, e := range mine {
				// After the edits that start before it, and before those
				// that start at the same point but replace: an insertion
				// there comes first.
				k, _ := slices.BinarySearchFunc(edits, e, func(x, e edit) int {
					if x.start != e.start {
						return x.start - e.start
					}
					return (x.end - x.start) - (e.end - e.start)
				})
				edits = slices.Insert(edits, k, e)
			}
			applied++
			break // one fix per diagnostic
		}
	}
	out = make([]byte, 0, len(src))
	last := 0
	for _, e := range edits {
		out = append(out, src[last:e.start]...)
		out = append(out, e.new...)
		last = e.end
	}
	return append(out, src[last:]...), applied
}
