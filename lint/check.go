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
	rules []*Rule
	cfg   *Config
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
	return &Checker{rules: rules, cfg: cfg}, nil
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
		case r.Run == nil:
			return fmt.Errorf("rule %q: no Run", r.Name)
		}
		names[r.Name] = true
		for _, c := range r.Codes {
			if other, ok := claimed[c]; ok {
				return fmt.Errorf("problem code %v is claimed by rules %q and %q", c, other, r.Name)
			}
			claimed[c] = r.Name
		}
	}
	for c := extract.Code(1); c.String() != fmt.Sprintf("Code(%d)", c); c++ {
		if _, ok := claimed[c]; !ok {
			return fmt.Errorf("problem code %v is reported by no rule", c)
		}
	}
	return nil
}

// Rules returns the checker's rules.
func (ch *Checker) Rules() []*Rule { return ch.rules }

// severity returns the severity a rule's diagnostics get, or Off.
func (ch *Checker) severity(r *Rule) Severity {
	if s, ok := ch.cfg.Severity[r.Name]; ok {
		return s
	}
	return r.Severity
}

// Check lints a document: it extracts the candidates with the walker for
// the format and calls yield with each diagnostic, in order of offset, then
// rule.
func (ch *Checker) Check(path string, f Format, src []byte, yield func(*Diagnostic)) {
	loc := extract.NewLocator(src)
	var buf []finding
	Extract(f, src, ch.cfg.Extract, func(c *extract.Candidate) {
		buf = ch.candidate(c, extract.Parse(c.URI, parseAs(c.Kind), ch.cfg.URNSyntax), buf[:0])
		for i := range buf {
			yield(buf[i].diagnostic(path, c, loc.Pos))
		}
	})
}

// CheckValue lints one value, as urilint validate does: parsed as the
// production as, with positions within the value.
func (ch *Checker) CheckValue(v string, as extract.As, yield func(*Diagnostic)) {
	p := extract.Parse(v, as, ch.cfg.URNSyntax)
	c := &extract.Candidate{URI: v, Raw: v, Kind: kindOf(p.As), Context: "value", PrefixStart: -1,
		End: extract.PosInString(v, len(v))}
	c.Start = extract.PosInString(v, 0)
	pos := func(off int) extract.Pos { return extract.PosInString(v, off) }
	for _, f := range ch.candidate(c, p, nil) {
		yield(f.diagnostic("", c, pos))
	}
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

// candidate runs the rules on one candidate and returns its findings in
// order of offset, then rule.
func (ch *Checker) candidate(c *extract.Candidate, p extract.Parsed, out []finding) []finding {
	pass := Pass{Candidate: c, URI: &p, Config: ch.cfg}
	var template []extract.Span
	if strings.IndexByte(c.URI, '{') >= 0 {
		template = extract.TemplateExpressions(c.URI)
	}
	pass.report = func(r *Rule, f Finding) {
		s, e := f.Start, f.End
		if !f.InDocument {
			if inTemplate(template, s, e) {
				return
			}
			s, e = c.SourceSpan(s, e)
		}
		out = append(out, finding{rule: r, severity: ch.severity(r), start: s, end: e, f: f})
	}
	for _, r := range ch.rules {
		if ch.severity(r) == Off {
			continue
		}
		pass.rule = r
		r.Run(&pass)
	}
	slices.SortStableFunc(out, func(a, b finding) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return strings.Compare(a.rule.Name, b.rule.Name)
	})
	return out
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
	var edits []edit
	overlaps := func(s, e int) bool {
		for _, x := range edits {
			overlap := s < x.end && x.start < e
			sameInsert := s == e && x.start == x.end && s == x.start // two insertions at one point: order unknown
			if overlap || sameInsert {
				return true
			}
		}
		return false
	}
	for _, d := range diags {
		for _, fix := range d.Fixes {
			if safeOnly && !fix.Safe {
				continue
			}
			ok := len(fix.Edits) > 0
			for _, e := range fix.Edits {
				if overlaps(e.Start.Offset, e.End.Offset) {
					ok = false
				}
			}
			if !ok {
				continue
			}
			for _, e := range fix.Edits {
				edits = append(edits, edit{e.Start.Offset, e.End.Offset, e.New})
			}
			applied++
			break // one fix per diagnostic
		}
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	out = make([]byte, 0, len(src))
	last := 0
	for _, e := range edits {
		out = append(out, src[last:e.start]...)
		out = append(out, e.new...)
		last = e.end
	}
	return append(out, src[last:]...), applied
}
