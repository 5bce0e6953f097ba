package lint

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint/links"
)

// Checker runs a list of rules with a configuration.
type Checker struct {
	// active lists, indexed by kind of candidate, the rules that run on it,
	// in order: turned off and inapplicable ones left out.
	active [extract.KindXref + 1][]activeRule
	cfg    *Config
	byName map[string]*Rule // every rule, off or not
	names  []string         // every rule's name, in the order given
	// unused is unused-suppression, when it is in the list and on.
	unused *activeRule
	// targets says that a rule that looks up documents' targets runs:
	// they are collected into cfg.Across.
	targets bool
	// across says that a rule that looks across documents runs: facts
	// are collected into cfg.Across.
	across bool
	// local is the checker without the rules that look across documents
	// (see Local), made once.
	local     *Checker
	localOnce sync.Once
}

// Local returns a checker of the same rules and configuration but the
// rules that look across documents, which it leaves out (a Deferred rule
// stays, and reports what it would defer): for a document read in parts
// (a large one an editor changes), whose facts and targets are of the
// whole.
func (ch *Checker) Local() *Checker {
	if !ch.across {
		return ch
	}
	ch.localOnce.Do(func() {
		l := &Checker{cfg: ch.cfg, byName: ch.byName, names: ch.names, unused: ch.unused}
		for k := range ch.active {
			for _, a := range ch.active[k] {
				if a.rule.Across == nil || a.rule.Deferred {
					l.active[k] = append(l.active[k], a)
				}
			}
		}
		ch.local = l
	})
	return ch.local
}

// activeRule is a rule that runs, with the severity its diagnostics get.
type activeRule struct {
	rule         *Rule
	severity     Severity
	certainty    extract.Certainty // the least certainty of the candidates it runs on
	problemsOnly bool              // the rule's ProblemsOnly, at hand
	codes        uint64            // the bits of its Codes, for problemsOnly
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
		ch.names = append(ch.names, r.Name)
		sev := cfg.SeverityOf(r)
		if sev == Off {
			continue
		}
		a := activeRule{rule: r, severity: sev, certainty: r.Certainty, problemsOnly: r.ProblemsOnly}
		if cfg.Strict && a.certainty > extract.Weak {
			a.certainty = extract.Weak
		}
		if r == UnusedSuppression { // reported by the engine
			ch.unused = &a
			continue
		}
		if r.Across != nil {
			switch {
			case cfg.Across != nil:
				ch.across = true
				ch.targets = ch.targets || r.Targets
			case !r.Deferred: // nothing would see its facts
				continue
			}
		}
		for _, c := range r.Codes {
			a.codes |= 1 << c
		}
		for _, k := range []extract.Kind{extract.KindURI, extract.KindURN, extract.KindRelativeRef} {
			if len(r.Kinds) == 0 || slices.Contains(r.Kinds, k) {
				ch.active[k] = append(ch.active[k], a)
			}
		}
		// Cross references are no URIs: only the rules that name the
		// kind see them.
		if slices.Contains(r.Kinds, extract.KindXref) {
			ch.active[extract.KindXref] = append(ch.active[extract.KindXref], a)
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
		case r.Doc.Title == "" || strings.Contains(r.Doc.Title, "\n") || r.Doc.Text == "":
			return fmt.Errorf("rule %q: Doc needs a one-line title and an explanation", r.Name)
		case r.Doc.Bad == "" || r.Doc.Good == "" || r.Doc.Fix == "":
			return fmt.Errorf("rule %q: Doc needs examples (Bad, Good) and a word on fixes", r.Name)
		case r.Category != Syntax && r.Category != Policy && r.Category != Style:
			return fmt.Errorf("rule %q: unknown category %q", r.Name, r.Category)
		case r.Severity < Info || r.Severity > Error:
			return fmt.Errorf("rule %q: no default severity", r.Name)
		case r.Run == nil && r != UnusedSuppression:
			return fmt.Errorf("rule %q: no Run", r.Name)
		case r.ProblemsOnly && len(r.Codes) == 0:
			return fmt.Errorf("rule %q: ProblemsOnly without Codes", r.Name)
		case r.Run != nil && (r.Certainty < extract.Cut || r.Certainty > extract.Certain):
			return fmt.Errorf("rule %q: no Certainty: say on which candidates it reports by default", r.Name)
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

// LooksAcross reports whether a rule that looks across documents runs:
// the checker then collects facts into the configuration's Across, and a
// document must be checked whole for them to be complete.
func (ch *Checker) LooksAcross() bool { return ch.across }

// enabled reports whether the rule name runs (is not off).
func (ch *Checker) enabled(name string) bool {
	r := ch.byName[name]
	return r != nil && ch.cfg.SeverityOf(r) != Off
}

// Check lints a document: it extracts the candidates with the walker for
// the format and calls yield with each diagnostic not suppressed by a
// comment, in order of offset, then rule: the first MaxFileDiagnostics,
// and it counts the rest. Without --strict, it leaves out the reports of a
// notation rule that the document breaks by habit (Gate). Memory does not
// grow with the findings: a document is checked streaming, but that it
// holds at most the diagnostics it lists where a suppression comment or
// the gate needs what follows.
func (ch *Checker) Check(path string, f extract.Format, src []byte, yield func(*Diagnostic)) Unlisted {
	return ch.checkThrough(path, f, src, ch.NewGate(yield))
}

// CheckPiece is Check without the gate: for a piece of a document (a part an
// editor changed), which the caller assembles with the others and gates
// whole (NewGate).
func (ch *Checker) CheckPiece(path string, f extract.Format, src []byte, yield func(*Diagnostic)) Unlisted {
	return ch.checkThrough(path, f, src, &Gate{yield: yield, off: true})
}

// checkThrough is Check, listing through g.
func (ch *Checker) checkThrough(path string, f extract.Format, src []byte, g *Gate) Unlisted {
	var facts []*Diagnostic
	emit := func(d *Diagnostic) {
		if d.fact != nil {
			facts = append(facts, d)
		} else {
			g.Add(d)
		}
	}
	if ch.across {
		defer func() { ch.collect(path, extract.NewLocator(src), facts, true) }()
	}
	opts := ch.cfg.Extract
	opts.CrossReferences = len(ch.active[extract.KindXref]) > 0
	if ch.targets {
		ts := getTargets()
		opts.Target = func(t extract.Target) { *ts = append(*ts, t) }
		defer func() {
			abs := ch.cfg.Across.absolute(path)
			d := links.DocOf(f, *ts, countLines(src), ch.cfg.Links.Slugs).ReadText(f, src).Located(f, abs, ch.cfg.Links.Top)
			putTargets(ts)
			ch.cfg.Across.setDoc(abs, d, &ch.cfg.Links)
		}()
	}
	// Directives are looked for first, which costs a pass over the bytes
	// (for "urilint-"): a document without any is checked streaming.
	if !hasDirective(src) {
		ch.check(path, f, src, 0, opts, nil, emit)
		return g.Finish()
	}
	// Comments are read first: in a pass of their own, or, where only the
	// walker finds them, as the walker reports them before its first
	// candidate (extract.Format.Comments).
	var comments []extract.Comment
	collect := func(c extract.Comment) { comments = append(comments, c) }
	if !f.Comments(src, collect) {
		opts.Comment = collect
	}
	var sup *suppressor
	start := func() {
		if sup == nil {
			sup = ch.newSuppressor(path, src, commentDirectives(src, comments))
		}
	}
	var held []*Diagnostic // the diagnostics kept, to be merged with unused-suppression's
	ch.check(path, f, src, 0, opts, nil, func(d *Diagnostic) {
		start()
		switch {
		case sup.hides(d):
		case d.fact != nil:
			facts = append(facts, d)
		case len(held) < MaxFileDiagnostics:
			held = append(held, d)
		default:
			g.Unlist(d)
		}
	})
	start()
	for _, d := range sup.finish(held) {
		emit(d)
	}
	return g.Finish()
}

// CheckParts lints a document of a splittable format (extract.Format.Splits)
// that is checkable in pieces (see CheckableInPieces), part by part, cut at
// splits (increasing offsets, as Splits returns them): each part is walked
// and checked alone, and its diagnostics, facts and targets are moved to
// where the part starts. It calls yield with the diagnostics Check of the
// whole document would give, in the same order, and gives the rules that
// look across documents the same facts and targets; but it holds the parse
// and the candidates of one part at a time, where Check holds the
// document's (goldmark's syntax tree of a Markdown document is about ten
// times its size).
//
// Up to jobs parts are checked at once, on goroutines of their own; what
// they find is taken in the order of the parts, so that nothing but the
// time depends on jobs. At most jobs parts are being checked (their parse
// held) and at most 2*jobs found but not yet taken.
func (ch *Checker) CheckParts(path string, f extract.Format, src []byte, splits []int, jobs int, yield func(*Diagnostic)) Unlisted {
	var facts []*Diagnostic
	var ts *[]extract.Target // the document's targets, from its parts
	if ch.targets {
		ts = getTargets()
	}
	var ids *pageIDs // the whole document's, shared by its parts
	if idsIn(f) {
		ids = &pageIDs{src: src}
	}
	bound := func(k int) int {
		if k == len(splits) {
			return len(src)
		}
		return splits[k]
	}
	check := func(k int) *partFindings {
		base, end := 0, bound(k)
		if k > 0 {
			base = splits[k-1]
		}
		p := &partFindings{}
		opts := ch.cfg.Extract
		if ch.targets {
			opts.Target = func(t extract.Target) {
				t.Start, t.End = base+t.Start, base+t.End
				p.targets = append(p.targets, t)
			}
		}
		ch.check(path, f, src[base:end], 0, opts, ids, func(d *Diagnostic) {
			moveBy(d, base)
			switch {
			case d.fact != nil:
				p.facts = append(p.facts, d)
			case len(p.diags) < MaxFileDiagnostics:
				p.diags = append(p.diags, d)
			default: // past those of the part, past those of the document
				p.past.add(d)
			}
		})
		return p
	}
	g := ch.NewGate(yield)
	inOrder(len(splits)+1, jobs, check, func(p *partFindings) {
		for _, d := range p.diags {
			g.Add(d)
		}
		for i := range p.past {
			g.AddUnlisted(p.past[i].rule, p.past[i].uris, &p.past[i].u)
		}
		facts = append(facts, p.facts...)
		if ts != nil {
			*ts = append(*ts, p.targets...)
		}
	})
	if ch.across {
		ch.collect(path, extract.NewLocator(src), facts, true)
	}
	if ch.targets {
		abs := ch.cfg.Across.absolute(path)
		ch.cfg.Across.setDoc(abs, links.DocOf(f, *ts, countLines(src), ch.cfg.Links.Slugs).ReadText(f, src).Located(f, abs, ch.cfg.Links.Top), &ch.cfg.Links)
		putTargets(ts)
	}
	return g.Finish()
}

// targetBufs are the buffers a document's targets are gathered in, until
// links.DocOf has made the ids of them (it keeps none of the slice): the
// headings of a tree of documents, each as large as a Target, in one
// buffer per goroutine rather than a slice grown for each document.
var targetBufs = sync.Pool{New: func() any { return new([]extract.Target) }}

func getTargets() *[]extract.Target { return targetBufs.Get().(*[]extract.Target) }

// putTargets gives a buffer back, emptied (the strings of its targets are
// no longer held); one that grew past maxPooledTargets is left to the
// collector, so that one huge document does not keep its buffer.
func putTargets(ts *[]extract.Target) {
	if cap(*ts) > maxPooledTargets {
		return
	}
	clear(*ts)
	*ts = (*ts)[:0]
	targetBufs.Put(ts)
}

const maxPooledTargets = 1 << 14

// partFindings is what CheckParts found in one part: its first
// MaxFileDiagnostics diagnostics, the count of the others, its facts and
// targets, their offsets in the document.
type partFindings struct {
	diags    []*Diagnostic
	past     pastCounts
	facts    []*Diagnostic
	targets  []extract.Target
	panicked any // what check panicked with, if it did
}

// pastCounts counts the diagnostics of a part past its listing, by rule,
// with the first different URIs of each (as many as the gate needs).
type pastCounts []pastCount

type pastCount struct {
	rule *Rule
	uris []string
	u    Unlisted
}

func (p *pastCounts) add(d *Diagnostic) {
	i := slices.IndexFunc(*p, func(c pastCount) bool { return c.rule == d.Rule })
	if i < 0 {
		*p = append(*p, pastCount{rule: d.Rule})
		i = len(*p) - 1
	}
	c := &(*p)[i]
	if len(c.uris) < NotationHabit && !slices.Contains(c.uris, d.URI) {
		c.uris = append(c.uris, d.URI)
	}
	c.u.add(d)
}

// inOrder calls take with the findings of each of n parts, in order, which
// find returns, on up to jobs goroutines at once (on the caller's with
// one job): at most jobs calls of find run at once, and at most 2*jobs
// parts are under way or found but not taken. A panic in find is the
// caller's, once the parts under way are done.
func inOrder(n, jobs int, find func(k int) *partFindings, take func(*partFindings)) {
	if jobs <= 1 || n <= 1 {
		for k := range n {
			take(find(k))
		}
		return
	}
	jobs = min(jobs, n)
	found := make([]chan *partFindings, n)
	for k := range found {
		found[k] = make(chan *partFindings, 1)
	}
	slots := make(chan struct{}, 2*jobs) // parts under way or not yet taken
	next := make(chan int)
	var stop atomic.Bool // a part panicked: the others are skipped
	go func() {
		for k := range n {
			slots <- struct{}{}
			next <- k
		}
		close(next)
	}()
	for range jobs {
		go func() {
			for k := range next {
				found[k] <- safeFind(find, k, &stop)
			}
		}()
	}
	var panicked any
	for k := range n {
		p := <-found[k]
		<-slots
		if p.panicked != nil && panicked == nil {
			panicked = p.panicked
			stop.Store(true)
		}
		if panicked == nil {
			take(p)
		}
	}
	if panicked != nil {
		panic(panicked)
	}
}

// safeFind calls find on part k, unless stop is set, and returns a panic
// in it as the part's findings.
func safeFind(find func(int) *partFindings, k int, stop *atomic.Bool) (p *partFindings) {
	if stop.Load() {
		return &partFindings{}
	}
	defer func() {
		if v := recover(); v != nil {
			p = &partFindings{panicked: v}
		}
	}()
	return find(k)
}

// moveBy moves a diagnostic that check made of a part of a document, and
// its fact, to where the part starts in the document, at offset base.
func moveBy(d *Diagnostic, base int) {
	if base == 0 {
		return
	}
	d.Start, d.End = base+d.Start, base+d.End
	if d.Ranges != nil {
		rs := make([]Range, len(d.Ranges))
		for i, r := range d.Ranges {
			rs[i] = Range{Start: base + r.Start, End: base + r.End}
		}
		d.Ranges = rs
	}
	for i := range d.Fixes {
		edits := make([]Edit, len(d.Fixes[i].Edits))
		for j, e := range d.Fixes[i].Edits {
			edits[j] = Edit{Start: base + e.Start, End: base + e.End, New: e.New}
		}
		d.Fixes[i].Edits = edits
	}
	if d.fact != nil {
		d.fact.Start, d.fact.End = base+d.fact.Start, base+d.fact.End
	}
}

// CheckWindow lints a stretch of a plain-text document that starts a line
// at position base (a window of a large file, the windows in order) and is
// checkable in pieces (see CheckableInPieces), calling yield with each
// diagnostic, its offsets in the document.
func (ch *Checker) CheckWindow(path string, src []byte, base extract.Pos, yield func(*Diagnostic)) {
	if !ch.across {
		ch.check(path, extract.FormatText, src, base.Offset, ch.cfg.Extract, nil, yield)
		return
	}
	var facts []*Diagnostic
	ch.check(path, extract.FormatText, src, base.Offset, ch.cfg.Extract, nil, func(d *Diagnostic) {
		if d.fact != nil {
			facts = append(facts, d)
		} else {
			yield(d)
		}
	})
	ch.collect(path, extract.NewLocatorAt(src, base), facts, base.Offset == 0)
}

// collect gives the facts recorded in a document, or in a window of one,
// to cfg.Across, with their positions; replace drops what the document
// gave before.
func (ch *Checker) collect(path string, loc *extract.Locator, facts []*Diagnostic, replace bool) {
	slices.SortStableFunc(facts, func(a, b *Diagnostic) int { return a.Start - b.Start })
	fs := make([]Fact, len(facts))
	for i, d := range facts {
		fs[i] = *d.fact
		fs[i].StartPos, fs[i].EndPos = loc.Pos(d.Start), loc.Pos(d.End)
	}
	ch.cfg.Across.set(path, fs, replace)
}

// check lints src, a document in format f, or a stretch of a plain-text
// document that starts at offset base (else base is 0), or a part of a
// document, whose ids (see Pass.HasID) are the whole document's ids (else
// nil: src's own, if its format has any).
func (ch *Checker) check(path string, f extract.Format, src []byte, base int, opts extract.Options, ids *pageIDs, yield func(*Diagnostic)) {
	r := ch.newCheckState()
	r.format, r.inDoc, r.pass.Format = f, true, f
	if base == 0 {
		r.pass.Converter = ConverterOf(f, src)
		r.drawing = isDrawing(f, path, src)
	}
	switch {
	case ids != nil:
		r.pass.ids = ids
	case base == 0 && idsIn(f):
		r.ids.src = src
		r.pass.ids = &r.ids
	}
	if ch.across {
		r.pass.File = ch.cfg.Across.absolute(path)
	}
	each := func(yield func(*extract.Candidate)) { f.Walk(src, opts, yield) }
	if f.Windowed() { // src may be a window, from base
		each = func(yield func(*extract.Candidate)) { f.WalkWindow(src, base, opts, yield) }
	}
	each(func(c *extract.Candidate) {
		uri := c.URI
		r.template = nil
		if n := opaqueTo(uri, f); n > 0 {
			// A javascript: URL is a program, not an identifier; a
			// DocFX cross reference names an API by its documentation
			// ID ("xref:Polly.ResilienceStrategy`1"): masked as a
			// placeholder is.
			r.template = []grammar.Span{{Start: n, End: len(uri)}}
			uri = maskTemplate(uri, r.template)
		} else if r.template = placeholders(c, f, uri, ch.cfg.Strict); r.template != nil {
			uri = maskTemplate(uri, r.template)
		}
		grammar.ParseTo(&r.parsed, uri, c.Kind.As(), ch.cfg.URNSyntax)
		if c.Kind == extract.KindURI && schemeInTemplate(c.URI, r.template) {
			// The colon that ends the scheme is a template's
			// ("{db:uri}", "{{ site.url }}"): the scheme is computed,
			// not written, and there is none to judge.
			dropSchemeProblems(&r.parsed)
		}
		if c.Kind == extract.KindURI && c.Context.IsLink() && badScheme(&r.parsed) {
			// Browsers (the WHATWG URL Standard) take a link whose scheme
			// is malformed for a relative path: so does the checker.
			c.Kind = extract.KindRelativeRef
			grammar.ParseTo(&r.parsed, uri, grammar.AsRelativeRef, ch.cfg.URNSyntax)
		}
		for _, f := range r.candidate(c) {
			yield(f.diagnostic(path, c))
		}
	})
}

// placeholders returns the spans of uri, the URI of c, that stand for
// something else and are masked before parsing (see Pass.Placeholders):
//   - the placeholders of templates (grammar.Placeholders), everywhere, in
//     AsciiDoc the attribute references the walker left as written, and
//     in an XML attribute's value the expressions of XSLT's attribute
//     value templates;
//   - character references, in running text and <...>, where text that
//     shows markup writes them (in a link the walker decoded them), and in
//     XML the references to entities the DTD declares, in a link too;
//   - unless strict, and but in a name XML compares as written, names in
//     square brackets (in a link, which a browser follows as written, only
//     one that starts it, a page template's: grammar.LeadingBracketName;
//     elsewhere grammar.BracketNames) and the stand-ins of prose, such as
//     "$PORT", "%lat%", "..." or a port written as a word
//     (grammar.StandIns): reading them so is a judgement.
func placeholders(c *extract.Candidate, f extract.Format, uri string, strict bool) []grammar.Span {
	var spans []grammar.Span
	if grammar.MayHavePlaceholder(uri) {
		spans = grammar.Placeholders(uri)
	}
	if f == extract.FormatAsciiDoc && strings.IndexByte(uri, '{') >= 0 {
		// An attribute reference the document does not define (an
		// Antora site's, a build's): AsciiDoc's syntax, not a judgement.
		spans = mergeSpans(spans, grammar.AttributeReferences(uri))
	}
	if f == extract.FormatXML && c.Attribute != "" && strings.IndexByte(uri, '{') >= 0 {
		// An XSLT style sheet's attribute value template
		// ("{db:releaseinfo}/{db:productnumber}.html"): computed when it
		// runs, as no URI holds "{".
		spans = mergeSpans(spans, grammar.AttributeValueTemplates(uri))
	}
	link, name := c.Context.IsLink(), c.Context.IsName()
	if strings.IndexByte(uri, '&') >= 0 && (!link && !name || f == extract.FormatXML) {
		// In XML, the walker decodes the character references and the
		// five predefined entities of a link or a name; a reference it
		// left is to an entity the DTD declares ("&tdwgWiki;term", with
		// <!ENTITY tdwgWiki "http://terms.tdwg.org/wiki/">), replaced by
		// its text when the document is read (XML 1.0 section 4.4.5).
		spans = mergeSpans(spans, grammar.CharacterReferences(uri))
	}
	if strict || name {
		return spans
	}
	if !link && strings.IndexByte(uri, '[') >= 0 {
		spans = mergeSpans(spans, grammar.BracketNames(uri))
	}
	if link {
		if sp, ok := grammar.LeadingBracketName(uri); ok {
			spans = mergeSpans(spans, []grammar.Span{sp})
		}
	}
	return mergeSpans(spans, grammar.StandIns(uri))
}

// CheckValue lints one value, as urilint validate does: parsed as the
// production as, with offsets within the value. A value is meant as a
// URI, so braces are reported even where they form a URI Template
// expression. It returns the value parsed.
func (ch *Checker) CheckValue(v string, as grammar.As, yield func(*Diagnostic)) grammar.Parsed {
	r := ch.newCheckState()
	r.parsed = grammar.Parse(v, as, ch.cfg.URNSyntax)
	c := &extract.Candidate{URI: v, Raw: v, Kind: extract.KindOf(r.parsed.As), Context: extract.ContextValue, PrefixStart: -1, End: len(v)}
	for _, f := range r.candidate(c) {
		yield(f.diagnostic("", c))
	}
	return r.parsed
}

// schemeInTemplate reports whether the first ":" of uri, where a scheme
// ends, lies in one of the template spans.
func schemeInTemplate(uri string, template []grammar.Span) bool {
	colon := strings.IndexByte(uri, ':')
	for _, t := range template {
		if t.Start <= colon && colon < t.End {
			return true
		}
	}
	return false
}

// dropSchemeProblems removes from u the problems of its scheme.
func dropSchemeProblems(u *grammar.Parsed) {
	u.Problems = slices.DeleteFunc(u.Problems, func(pr grammar.Problem) bool {
		switch pr.Code {
		case grammar.SchemeMissing, grammar.SchemeEmpty, grammar.SchemeStart, grammar.SchemeChar:
			return true
		}
		return false
	})
}

// badScheme reports whether u, parsed as a URI, has a scheme with a
// character no scheme may hold (not an empty one: ":x" is no link anyone
// writes by mistake for a path).
func badScheme(u *grammar.Parsed) bool {
	for _, pr := range u.Problems {
		if pr.Start >= u.Scheme.End {
			break
		}
		if pr.Code == grammar.SchemeStart || pr.Code == grammar.SchemeChar {
			return true
		}
	}
	return false
}

// countLines counts the lines of src as an editor numbers them.
func countLines(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// ConverterOf returns the program that wrote the document src of format f,
// where its start says so, or "": "groff" for an HTML page whose first
// kilobyte holds groff's "<!-- Creator     : groff" comment or a meta
// generator that names groff ("groff -Thtml"). groff writes a page's table
// of contents as links to its section names, spaces and all
// ("#SEE ALSO" to <a name="SEE ALSO">). "docbook" for a page whose meta
// generator names the DocBook XSL style sheets, which write the ids of the
// source as it has them ("#printable character//" to id="printable
// character//" in the YAML 1.2 specification). "nim" for a page Nim's
// documentation generator wrote ("<!--  This file is generated by Nim.
// -->"), whose index links each operator by its name ("formula.html#%~",
// "#<=").
//
// For plain text, "man" for a manual page formatted as text (man, groff
// -Tutf8, mandoc: a line "TCPDUMP(1)   General Commands Manual   TCPDUMP(1)"
// near the start, the page's name and section at both ends): its line
// breaks and hyphens are the formatter's, which fills and hyphenates the
// lines of its source, and the source is what its author writes.
func ConverterOf(f extract.Format, src []byte) string {
	if f == extract.FormatText {
		if manPageHeader(src[:min(len(src), 4096)]) {
			return "man"
		}
		return ""
	}
	if f != extract.FormatHTML {
		return ""
	}
	head := src[:min(len(src), 1024)]
	if i := bytes.Index(head, []byte("Creator")); i >= 0 && bytes.HasPrefix(bytes.TrimLeft(head[i+len("Creator"):], " \t:"), []byte("groff")) {
		return "groff"
	}
	if bytes.Contains(head, []byte(`content="groff`)) {
		return "groff"
	}
	if bytes.Contains(head, []byte(`content="DocBook XSL`)) {
		return "docbook"
	}
	if bytes.Contains(head, []byte("This file is generated by Nim.")) {
		return "nim"
	}
	return ""
}

// manPageHeader reports whether a line of head is the header of a manual
// page formatted as text: the page's name and section, "NAME(1)", first
// and last, and words between them set apart by runs of spaces.
func manPageHeader(head []byte) bool {
	for len(head) > 0 {
		line := head
		if i := bytes.IndexByte(head, '\n'); i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		line = bytes.TrimRight(line, " \t\r")
		if len(line) < 12 || line[len(line)-1] != ')' || !bytes.Contains(line, []byte("   ")) {
			continue // most lines: no allocation, no more look
		}
		first := line[:bytes.IndexAny(line, " \t")]
		last := line[bytes.LastIndexAny(line, " \t")+1:]
		if open := bytes.IndexByte(first, '('); open > 0 && open+2 < len(first) && first[len(first)-1] == ')' && grammar.IsAlnum(first[open+1]) &&
			bytes.Equal(first, last) && len(bytes.TrimSpace(line[len(first):len(line)-len(last)])) > 0 {
			return true
		}
	}
	return false
}

// isDrawing reports whether src, a document in format f at path, is an
// SVG drawing: XML named ".svg", or whose first element is "svg". Its text
// is an image's lettering, not prose (see checkState.candidate): across
// the held-out sets judged, 61 reports on the text of drawings were false
// and 6 noise, none true (a terminal recording's rows, draw.io's style
// strings, Illustrator's ids).
func isDrawing(f extract.Format, path string, src []byte) bool {
	if f != extract.FormatXML {
		return false
	}
	if strings.EqualFold(filepath.Ext(path), ".svg") {
		return true
	}
	head := src[:min(len(src), 4096)]
	for i := 0; i+1 < len(head); i++ {
		if head[i] != '<' {
			continue
		}
		switch c := head[i+1]; {
		case c == '?' || c == '!':
			continue // the declaration, a comment, the DOCTYPE
		case grammar.IsAlpha(c) || c == '_':
			name := head[i+1:]
			if j := bytes.IndexAny(name, " \t\r\n/>"); j >= 0 {
				name = name[:j]
			}
			if k := bytes.IndexByte(name, ':'); k >= 0 {
				name = name[k+1:]
			}
			return string(name) == "svg"
		}
	}
	return false
}
