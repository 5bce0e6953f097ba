package lint

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
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

// UnusedSuppression is the name of the rule that the engine itself reports
// about suppression comments; its Run is nil.
const UnusedSuppression = "unused-suppression"

// directiveKind is what a suppression comment does.
type directiveKind uint8

const (
	disableNextLine directiveKind = iota + 1
	disableLine
	disableFile
	disableBlock
	enableBlock
)

var directiveKeywords = []struct {
	word string
	kind directiveKind
}{ // longest first: "disable" is a prefix of the others
	{"urilint-disable-next-line", disableNextLine},
	{"urilint-disable-line", disableLine},
	{"urilint-disable-file", disableFile},
	{"urilint-disable", disableBlock},
	{"urilint-enable", enableBlock},
}

// directive is one suppression comment.
type directive struct {
	kind       directiveKind
	word       string // the keyword, for messages
	start, end int    // the keyword's offsets
	// from and to are the offsets where the comment starts and ends, and
	// line and endLine their lines.
	from, to      int
	line, endLine int
	rules         []directiveRule // none: every rule
	used          bool            // a rule-less directive suppressed something
	// reported counts its unused-suppression reports; past
	// maxUnusedReports, more counts those left out and moreAt is where the
	// first of them is.
	reported, more, moreAt int
}

// directiveRule is a rule a directive names.
type directiveRule struct {
	name       string
	start, end int
	used       bool
}

// names reports whether the directive applies to rule, and the entry that
// names it (nil for a directive without rules).
func (d *directive) names(rule string) (bool, *directiveRule) {
	if len(d.rules) == 0 {
		return true, nil
	}
	for i := range d.rules {
		if d.rules[i].name == rule {
			return true, &d.rules[i]
		}
	}
	return false, nil
}

func (d *directive) use(r *directiveRule) {
	if r == nil {
		d.used = true
	} else {
		r.used = true
	}
}

// parseDirective reads the directive at the start of src[s:e] (after
// spaces), the text of a comment; ok is false when there is none.
func parseDirective(src []byte, s, e int) (d directive, ok bool) {
	for s < e && isSpace(src[s]) {
		s++
	}
	text := src[s:e]
	for _, k := range directiveKeywords {
		if bytes.HasPrefix(text, []byte(k.word)) {
			d = directive{kind: k.kind, word: k.word, start: s, end: s + len(k.word)}
			break
		}
	}
	if d.kind == 0 || d.end < e && !isSpace(src[d.end]) {
		return directive{}, false
	}
	// The rules: up to the reason (" --") or the end.
	i := d.end
	for i < e {
		for i < e && (isSpace(src[i]) || src[i] == ',') {
			i++
		}
		if i+1 < e && src[i] == '-' && src[i+1] == '-' || i >= e {
			break
		}
		j := i
		for j < e && !isSpace(src[j]) && src[j] != ',' {
			j++
		}
		// A comment over several lines of a Markdown block quote holds
		// the quote's ">" markers.
		if strings.Trim(string(src[i:j]), ">") != "" {
			d.rules = append(d.rules, directiveRule{name: string(src[i:j]), start: i, end: j})
		}
		i = j
	}
	return d, true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// commentDirectives returns the directives of the HTML comments at spans.
func commentDirectives(src []byte, spans [][2]int) []directive {
	// The comments that may hold a directive are counted first: growing
	// the slice of directives, which hold pointers, cost four times the
	// rest on a line of 100,000 of them.
	n := 0
	for _, sp := range spans {
		if bytes.Contains(src[sp[0]:sp[1]], []byte("urilint-")) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]directive, 0, n)
	for _, sp := range spans {
		// The tokenizer also reads "<!x>", "</ x>" and "<?x>" as comments
		// (bogus comments): only "<!--" starts a directive.
		if !bytes.HasPrefix(src[sp[0]:sp[1]], []byte("<!--")) {
			continue
		}
		s, e := sp[0]+len("<!--"), sp[1]
		if bytes.HasSuffix(src[s:e], []byte("-->")) {
			e -= len("-->")
		}
		if s > e {
			continue
		}
		if d, ok := parseDirective(src, s, e); ok {
			d.from, d.to = sp[0], sp[1]
			out = append(out, d)
		}
	}
	return out
}

// CheckableInPieces reports whether a document can be checked in pieces
// (the windows of a large plain-text file, the parts of a Markdown document
// in the language server) with the same result as checked whole: nothing
// in it reaches across the document. A suppression comment ("urilint-")
// does, and so does the note of RFC 8792 line folding, after which the
// scanner rejoins folded lines. A piece of a document that is not checkable
// in pieces may be; a document is, when each of its stretches, overlapping
// by len(extract.FoldingNote)-1 bytes, is.
func CheckableInPieces(src []byte) bool {
	return !hasDirective(src) && !bytes.Contains(src, []byte(extract.FoldingNote))
}

// hasDirective reports whether the plain text src holds "urilint-", which
// every directive starts with. It looks for the "-" (a byte much rarer in
// text than any letter of "urilint", so the search runs mostly inside
// bytes.IndexByte) and skips runs of "-", which tables are made of.
func hasDirective(src []byte) bool {
	const mark = "urilint-"
	want := binary.LittleEndian.Uint64([]byte(mark))
	for i := len(mark) - 1; i < len(src); {
		k := bytes.IndexByte(src[i:], '-')
		if k < 0 {
			return false
		}
		i += k
		if binary.LittleEndian.Uint64(src[i-len(mark)+1:]) == want {
			return true
		}
		for i++; i < len(src) && src[i] == '-'; i++ {
		}
	}
	return false
}

// commentMarkers start a comment in the plain-text files directives are
// written in.
var commentMarkers = []string{"<!--", "//", "/*", "--", "#", ";", "*", "%"}

// textDirectives returns the directives of a plain-text document: after a
// comment marker, to the end of the line (or a closing "*/" or "-->"). A
// line holds one directive, the first: the rest of the line is its rules
// and reason, whatever they say. Each byte is looked at a bounded number
// of times, however many "urilint-" a line holds.
func textDirectives(src []byte) []directive {
	var out []directive
	// lineStart and lineEnd delimit the line of the last "urilint-" found
	// (lineEnd is found once per line, when needed: -1 until then); seen
	// is where that "urilint-" is.
	lineStart, lineEnd, seen := 0, -1, 0
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("urilint-"))
		if k < 0 {
			return out
		}
		at := i + k
		i = at + 1
		if nl := bytes.LastIndexByte(src[seen:at], '\n'); nl >= 0 {
			lineStart, lineEnd = seen+nl+1, -1
		}
		seen = at
		// The marker before the directive, spaces between: the walk back
		// stops at the previous "urilint-" at the latest.
		b := at
		for b > lineStart && (src[b-1] == ' ' || src[b-1] == '\t') {
			b--
		}
		before := src[lineStart:b]
		if !slices.ContainsFunc(commentMarkers, func(m string) bool { return bytes.HasSuffix(before, []byte(m)) }) {
			continue
		}
		if lineEnd < 0 {
			lineEnd = len(src)
			if nl := bytes.IndexByte(src[at:], '\n'); nl >= 0 {
				lineEnd = at + nl
			}
		}
		line := bytes.TrimRight(src[at:lineEnd], " \t\r")
		for _, closer := range []string{"*/", "-->"} {
			line = bytes.TrimSuffix(line, []byte(closer))
		}
		if d, ok := parseDirective(src, at, at+len(line)); ok {
			d.from, d.to = lineStart, lineEnd
			out = append(out, d)
			i = lineEnd // one directive a line
		}
	}
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
			File: path, Rule: unused.rule, Severity: unused.severity, Message: fmt.Sprintf(format, args...),
			Start: s, End: e,
		})
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
						report(d, r.start, r.end, "%s names an unknown rule %q (urilint rules lists them)", d.word, r.name)
					}
				}
				continue
			}
			if len(d.rules) == 0 && !d.used && !self {
				report(d, d.start, d.end, "%s suppresses nothing: remove it", d.word)
			}
			for _, r := range d.rules {
				if (r.name == UnusedSuppression) != self {
					continue
				}
				switch {
				case ch.byName[r.name] == nil:
					report(d, r.start, r.end, "%s names an unknown rule %q (urilint rules lists them)", d.word, r.name)
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
						d.more, UnusedSuppression, d.word, maxUnusedReports),
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
		_, entry := d.names(UnusedSuppression)
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

// lineCounter returns a function that gives the line of an offset of src,
// for offsets asked for in order (or near it: see extract.Locator).
func lineCounter(src []byte) func(int) int {
	loc := extract.NewLocator(src)
	return func(off int) int { return loc.Pos(off).Line }
}

// target is what a directive suppresses a diagnostic with: the entry that
// names the diagnostic's rule, or nil for a directive without rules.
type target struct {
	dir   *directive
	entry *directiveRule
}

func (t target) use() { t.dir.use(t.entry) }

// suppressIndex answers, for diagnostics taken in order of offset, whether
// a directive suppresses each, and marks every directive that does as used,
// as a scan of every directive for every diagnostic would, in time linear
// in the directives and the diagnostics. Each directive is filed under the
// rules it names ("" for a directive without rules), first entry of each
// name only (a later one is a repetition, never used); a name that is no
// rule cannot suppress anything and is left out.
type suppressIndex struct {
	lines map[string]*lineTargets // disable-line and disable-next-line
	files map[string]*fileTargets // disable-file
	// blocks are the disable and enable directives, in order, and next
	// the first whose effect the sweep has not yet applied (a directive
	// takes effect where its keyword ends).
	blocks []*directive
	next   int
	// The state of the sweep, as times: the number of the block directive
	// (from 1) that last did something. A rule-less disable sets allAt to
	// its number and all to itself, a rule-less enable sets noneAt.
	all           *directive
	allAt, noneAt int
	byRule        map[string]*ruleBlockState
	known         func(string) bool
	// lineOf gives the line of a diagnostic's offset.
	lineOf func(off int) int
}

// lineTargets are the line directives filed under one rule, sorted by their
// first line: a sweep in order of lines takes in those that start at or
// before the current line.
type lineTargets struct {
	ranges []lineTarget
	next   int
	// last is the greatest last line of the ranges taken in: one of them
	// covers the current line if it is at least the current line.
	last int
	// pending are the ranges taken in at the current line, not yet marked:
	// each is marked, or dropped, once.
	pending []lineTarget
}

type lineTarget struct {
	first, last int
	t           target
}

// fileTargets are the disable-file directives filed under one rule.
type fileTargets struct {
	ts   []target
	used bool // every one is marked
}

// ruleBlockState is the state of the disable and enable directives that
// name one rule: when one last disabled it (and by which entry), when one
// last enabled it, and whether a disable of every rule was in force then
// (the rule is then an exception to it).
type ruleBlockState struct {
	disableAt, enableAt int
	entry               target
	except              bool
}

// newSuppressIndex files the directives of dirs (sorted by offset) that
// eligible accepts (every one, when eligible is nil), under the rules that
// known accepts. lineOf gives the line of an offset of the document.
func newSuppressIndex(dirs []directive, lineOf func(int) int, known func(string) bool, eligible func(*directive) bool) *suppressIndex {
	ix := &suppressIndex{lines: map[string]*lineTargets{}, files: map[string]*fileTargets{}, byRule: map[string]*ruleBlockState{}, known: known,
		lineOf: lineOf}
	seen := map[string]int{} // a rule name: the number (from 1) of the last directive that named it
	for i := range dirs {
		d := &dirs[i]
		if eligible != nil && !eligible(d) {
			continue
		}
		if d.kind == disableBlock || d.kind == enableBlock {
			ix.blocks = append(ix.blocks, d)
			continue
		}
		each := func(key string, t target) {
			switch d.kind {
			case disableFile:
				ft := ix.files[key]
				if ft == nil {
					ft = &fileTargets{}
					ix.files[key] = ft
				}
				ft.ts = append(ft.ts, t)
			case disableLine, disableNextLine:
				first, last := d.line, d.endLine
				if d.kind == disableNextLine {
					first, last = d.endLine+1, d.endLine+1
				}
				lt := ix.lines[key]
				if lt == nil {
					lt = &lineTargets{}
					ix.lines[key] = lt
				}
				lt.ranges = append(lt.ranges, lineTarget{first, last, t})
			}
		}
		if len(d.rules) == 0 {
			each("", target{dir: d})
		}
		for j := range d.rules {
			if name := d.rules[j].name; known(name) && seen[name] != i+1 {
				seen[name] = i + 1
				each(name, target{d, &d.rules[j]})
			}
		}
	}
	for _, lt := range ix.lines {
		// Directives come in order of offset, so nearly in order of lines:
		// the sort is there for disable-next-line after a longer comment.
		slices.SortStableFunc(lt.ranges, func(a, b lineTarget) int { return a.first - b.first })
	}
	// A directive takes effect where its keyword ends: in that order.
	slices.SortStableFunc(ix.blocks, func(a, b *directive) int { return a.end - b.end })
	return ix
}

// suppressed reports, for each diagnostic of list, whether a directive
// suppresses it. The index is swept in order of offset: it is used once.
func (ix *suppressIndex) suppressed(list []*Diagnostic) []bool {
	out := make([]bool, len(list))
	byOffset := func(a, b *Diagnostic) int { return a.Start - b.Start }
	if slices.IsSortedFunc(list, byOffset) {
		for i, d := range list {
			out[i] = ix.suppresses(d)
		}
		return out
	}
	order := make([]int, len(list))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return byOffset(list[a], list[b]) })
	for _, i := range order {
		out[i] = ix.suppresses(list[i])
	}
	return out
}

// suppresses reports whether a directive suppresses d, which is at or after
// the diagnostic asked about before, and marks every directive that does
// as used.
func (ix *suppressIndex) suppresses(d *Diagnostic) bool {
	rule, off := d.Rule.Name, d.Start
	line := ix.lineOf(off)
	hit := false
	for _, key := range []string{rule, ""} {
		if lt := ix.lines[key]; lt != nil && lt.covers(line) {
			hit = true
		}
		if ft := ix.files[key]; ft != nil {
			if !ft.used {
				for _, t := range ft.ts {
					t.use()
				}
				ft.used = true
			}
			hit = true
		}
	}
	for ; ix.next < len(ix.blocks) && ix.blocks[ix.next].end <= off; ix.next++ {
		ix.apply(ix.blocks[ix.next], ix.next+1)
	}
	var st ruleBlockState
	if p := ix.byRule[rule]; p != nil {
		st = *p
	}
	// The rule is disabled by name, by a disable of every rule, or enabled
	// by name since that disable (an exception to it).
	exception := st.except && st.enableAt > max(st.disableAt, ix.allAt, ix.noneAt)
	switch {
	case st.disableAt > max(st.enableAt, ix.noneAt):
		st.entry.use()
		hit = true
	case ix.allAt > ix.noneAt && !exception:
		ix.all.use(nil)
		hit = true
	}
	return hit
}

// covers reports whether a range taken in covers line, at or after the line
// asked about before, and marks those that do.
func (lt *lineTargets) covers(line int) bool {
	for ; lt.next < len(lt.ranges) && lt.ranges[lt.next].first <= line; lt.next++ {
		r := lt.ranges[lt.next]
		lt.pending = append(lt.pending, r)
		lt.last = max(lt.last, r.last)
	}
	for _, r := range lt.pending {
		if r.last >= line {
			r.t.use()
		}
	}
	lt.pending = lt.pending[:0]
	return lt.last >= line
}

// apply applies the block directive d, the n-th (from 1), to the state.
func (ix *suppressIndex) apply(d *directive, n int) {
	if len(d.rules) == 0 {
		if d.kind == disableBlock {
			ix.all, ix.allAt = d, n
		} else {
			ix.noneAt = n
		}
		return
	}
	for j := range d.rules {
		name := d.rules[j].name
		if !ix.known(name) {
			continue
		}
		st := ix.byRule[name]
		if st == nil {
			st = &ruleBlockState{}
			ix.byRule[name] = st
		}
		if st.disableAt == n || st.enableAt == n {
			continue // named again: the first entry counts
		}
		if d.kind == disableBlock {
			st.disableAt, st.entry = n, target{d, &d.rules[j]}
		} else {
			st.enableAt, st.except = n, ix.allAt > ix.noneAt
		}
	}
}
