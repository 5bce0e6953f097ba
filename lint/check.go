package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
)

// Diagnostic is a problem found in a document: where, by which rule, how
// bad, and how to fix it.
type Diagnostic struct {
	File     string
	Rule     *Rule
	Severity Severity // the rule's, or the configured one
	Message  string
	// URI is the candidate the problem was found in.
	URI string
	// Start and End delimit the offending characters (not the whole
	// candidate); End is exclusive.
	Start, End extract.Pos
	Fixes      []SuggestedFix
}

// SuggestedFix is a Fix with its edits placed in the document.
type SuggestedFix struct {
	Message string
	Safe    bool
	Edits   []TextEdit
}

// TextEdit replaces the document bytes from Start to End with New.
type TextEdit struct {
	Start, End extract.Pos
	New        string
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
		sev := r.Severity
		if s, ok := cfg.Severity[r.Name]; ok {
			sev = s
		}
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
	claimed := map[extract.Code]string{}
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
	for _, c := range extract.Codes() {
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
	if r == nil {
		return false
	}
	sev, ok := ch.cfg.Severity[name]
	return !ok && r.Severity != Off || ok && sev != Off
}

// Check lints a document: it extracts the candidates with the walker for
// the format and calls yield with each diagnostic not suppressed by a
// comment, in order of offset, then rule.
func (ch *Checker) Check(path string, f Format, src []byte, yield func(*Diagnostic)) {
	var diags []*Diagnostic
	collect := func(d *Diagnostic) { diags = append(diags, d) }
	var dirs []directive
	if f == Text {
		// Plain text is searched for directives first, which costs a pass
		// over the text: a document without any is checked streaming.
		if !hasDirective(src) {
			ch.check(path, f, src, ch.cfg.Extract, yield)
			return
		}
		dirs = textDirectives(src)
		ch.check(path, f, src, ch.cfg.Extract, collect)
	} else {
		// The walkers report the HTML comments as they read them.
		var comments [][2]int
		opts := ch.cfg.Extract
		opts.Comment = func(s, e int) { comments = append(comments, [2]int{s, e}) }
		ch.check(path, f, src, opts, collect)
		dirs = commentDirectives(src, comments)
	}
	for _, d := range ch.suppress(path, src, dirs, diags) {
		yield(d)
	}
}

func (ch *Checker) check(path string, f Format, src []byte, opts extract.Options, yield func(*Diagnostic)) {
	loc := extract.NewLocator(src)
	r := ch.newRun()
	// Positions are needed only for the candidates with findings: plain
	// text is scanned for offsets alone (the walkers compute positions as
	// they go), and the rest is placed below.
	each := func(yield func(*extract.Candidate)) { Extract(f, src, opts, yield) }
	if f == Text {
		each = func(yield func(*extract.Candidate)) { extract.ScanText(src, 0, yield) }
	}
	each(func(c *extract.Candidate) {
		uri := c.URI
		r.template = nil
		if strings.IndexByte(uri, '{') >= 0 {
			if r.template = extract.TemplateExpressions(uri); r.template != nil {
				uri = maskTemplate(uri, r.template)
			}
		}
		extract.ParseTo(&r.parsed, uri, parseAs(c.Kind), ch.cfg.URNSyntax)
		out := r.candidate(c)
		if len(out) == 0 {
			return
		}
		if c.Start.Line == 0 {
			c.Start, c.End = loc.Pos(c.Start.Offset), loc.Pos(c.End.Offset)
		}
		// Findings lie in or next to the candidate: positions are counted
		// from its start, not from the previous candidate's findings.
		loc.Seek(c.Start)
		for i := range out {
			yield(out[i].diagnostic(path, c, loc.Pos))
		}
	})
}

// CheckValue lints one value, as urilint validate does: parsed as the
// production as, with positions within the value. A value is meant as a
// URI, so braces are reported even where they form a URI Template
// expression. It returns the value parsed.
func (ch *Checker) CheckValue(v string, as extract.As, yield func(*Diagnostic)) extract.Parsed {
	r := ch.newRun()
	r.parsed = extract.Parse(v, as, ch.cfg.URNSyntax)
	// Positions are counted from a cursor, as in Check: from the start of
	// the value for each, a value with many findings took quadratic time.
	loc := extract.NewStringLocator(v)
	c := &extract.Candidate{URI: v, Raw: v, Kind: kindOf(r.parsed.As), Context: "value", PrefixStart: -1,
		End: loc.Pos(len(v))}
	c.Start = loc.Pos(0)
	for _, f := range r.candidate(c) {
		yield(f.diagnostic("", c, loc.Pos))
	}
	return r.parsed
}

// kindOf is the kind of candidate a production makes.
func kindOf(as extract.As) extract.Kind {
	switch as {
	case extract.AsURN:
		return extract.KindURN
	case extract.AsRelativeRef:
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
}

// run is the state of one Check or CheckValue call, reused from candidate
// to candidate: a candidate with nothing to report costs no allocation.
type run struct {
	ch       *Checker
	pass     Pass
	parsed   extract.Parsed
	template []extract.Span // the current candidate's URI Template expressions (Check only)
	severity Severity       // the running rule's
	out      []finding
	// kept counts the running rule's findings on the candidate; past
	// maxFindings, more counts those dropped and moreAt is where the first
	// of them starts.
	kept, more, moreAt int
}

// maxFindings is how many findings of one rule a candidate gets. A URI
// with a million "%" is one problem written a million times: its first
// findings are listed, then one says how many more there are. This keeps
// time and memory linear on such input, with a small constant.
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
		a.rule.Run(&r.pass)
		if r.more > 0 {
			r.out = append(r.out, finding{rule: a.rule, severity: a.severity, start: r.moreAt, end: r.moreAt, f: Finding{
				InDocument: true,
				Message:    fmt.Sprintf("%d more %s findings in this URI are not listed (only the first %d are)", r.more, a.rule.Name, maxFindings),
			}})
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
		s, e = r.pass.Candidate.SourceSpan(s, e)
	}
	if r.kept == maxFindings {
		if r.more == 0 {
			r.moreAt = s
		}
		r.more++
		return
	}
	r.kept++
	r.out = append(r.out, finding{rule: rule, severity: r.severity, start: s, end: e, f: f})
}

// full reports whether the running rule has made as many findings on the
// candidate as it gets: a rule may then report the rest with their spans
// only, to be counted.
func (r *run) full() bool { return r.kept == maxFindings }

// maskTemplate returns uri with each URI Template expression replaced by
// as many "0": a character valid in every component, so that the grammar
// reports the characters around an expression ("|" in "a|{id}") apart from
// it, and nothing inside it.
func maskTemplate(uri string, exprs []extract.Span) string {
	b := []byte(uri)
	for _, x := range exprs {
		for i := x.Start; i < x.End; i++ {
			b[i] = '0'
		}
	}
	return string(b)
}

// inTemplate reports whether the span [s, e) of a URI touches one of the
// URI Template expressions exprs: a finding there is about a template
// variable, not about the URI the template expands to.
func inTemplate(exprs []extract.Span, s, e int) bool {
	for _, x := range exprs {
		if s < x.End && x.Start < e || s == e && x.Start < s && s < x.End {
			return true
		}
	}
	return false
}

// parseAs is the production a candidate of a kind is parsed as.
func parseAs(k extract.Kind) extract.As {
	switch k {
	case extract.KindURN:
		return extract.AsURN
	case extract.KindRelativeRef:
		return extract.AsRelativeRef
	}
	return extract.AsURI
}

func (f *finding) diagnostic(path string, c *extract.Candidate, pos func(int) extract.Pos) *Diagnostic {
	d := &Diagnostic{
		File: path, Rule: f.rule, Severity: f.severity, Message: f.f.Message, URI: c.URI,
		Start: pos(f.start), End: pos(f.end),
	}
	for _, fix := range f.f.Fixes {
		sf := SuggestedFix{Message: fix.Message, Safe: fix.Safe}
		for _, e := range fix.Edits {
			s, en := e.Start, e.End
			if !f.f.InDocument {
				s, en = c.SourceSpan(s, en)
			}
			sf.Edits = append(sf.Edits, TextEdit{Start: pos(s), End: pos(en), New: e.New})
		}
		d.Fixes = append(d.Fixes, sf)
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
				mine = append(mine, edit{e.Start.Offset, e.End.Offset, e.New})
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
