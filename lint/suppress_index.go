package lint

import (
	"slices"

	"github.com/urilint/urilint/extract"
)

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
