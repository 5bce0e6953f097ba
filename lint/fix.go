package lint

import (
	"slices"

	"github.com/urilint/urilint/extract"
)

// maxFixRounds bounds how many times Fix lints a document again: a safe
// fix can reveal more to fix (in Markdown, a fixed URI can end emphasis
// elsewhere), and a few rounds always settle.
const maxFixRounds = 10

// Fix applies the safe fixes of a document, linting the result again until
// no safe fix is left (at most maxFixRounds rounds). It returns the fixed
// document (src itself when nothing was fixed), how many fixes were
// applied, and the diagnostics of the fixed document, as Check lists and
// counts them. (A round applies the fixes of the diagnostics listed: a
// file with more than MaxFileDiagnostics takes more rounds.)
func (ch *Checker) Fix(path string, f extract.Format, src []byte) (fixed []byte, applied int, diags []*Diagnostic, u Unlisted) {
	fixed = src
	for round := 0; ; round++ {
		diags = diags[:0]
		u = ch.Check(path, f, fixed, func(d *Diagnostic) { diags = append(diags, d) })
		if round == maxFixRounds {
			return fixed, applied, diags, u
		}
		out, n := ApplyFixes(fixed, diags, true)
		if n == 0 {
			return fixed, applied, diags, u
		}
		fixed, applied = out, applied+n
	}
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
