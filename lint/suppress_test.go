package lint

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestHasDirective(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{"", false},
		{"urilint", false},
		{"urilint-", true},
		{"# urilint-disable-next-line x", true},
		{"a-b --- urilint -- urilint", false},
		{strings.Repeat("-", 100) + "urilint-enable", true},
		{"---urilint-", true},
		{"urilin-t- urilint_disable", false},
		{"x\nurilint-disable", true},
	} {
		if got := hasDirective([]byte(tt.src)); got != tt.want {
			t.Errorf("hasDirective(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}

// suppressedByScan is how suppression was decided before suppressIndex:
// every directive looked at for every diagnostic. It is the reference the
// index is compared with.
func suppressedByScan(dirs []directive, d *Diagnostic, line int, eligible func(*directive) bool) bool {
	rule, off := d.Rule.Name, d.Start
	hit := false
	var byRule, all *directive
	var byEntry *directiveRule
	except := false
	for i := range dirs {
		dir := &dirs[i]
		if eligible != nil && !eligible(dir) {
			continue
		}
		ok, entry := dir.names(rule)
		switch dir.kind {
		case disableFile:
		case disableNextLine:
			ok = ok && line == dir.endLine+1
		case disableLine:
			ok = ok && dir.line <= line && line <= dir.endLine
		case disableBlock, enableBlock:
			if dir.end > off || !ok {
				continue
			}
			switch {
			case dir.kind == disableBlock && entry == nil:
				all, except = dir, false
			case dir.kind == disableBlock:
				byRule, byEntry, except = dir, entry, false
			case entry == nil:
				all, byRule, except = nil, nil, false
			default:
				byRule = nil
				except = all != nil
			}
			continue
		}
		if ok {
			dir.use(entry)
			hit = true
		}
	}
	switch {
	case byRule != nil:
		byRule.use(byEntry)
		hit = true
	case all != nil && !except:
		all.use(nil)
		hit = true
	}
	return hit
}

// TestSuppressIndex compares suppressIndex with a scan of every directive
// for every diagnostic, on random directives and diagnostics: the same
// diagnostics suppressed, the same directives and entries marked used.
func TestSuppressIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rules := map[string]*Rule{"a": {Name: "a"}, "b": {Name: "b"}, "c": {Name: "c"}}
	known := func(name string) bool { return rules[name] != nil }
	names := []string{"a", "b", "c", "nope"}
	kinds := []directiveKind{disableNextLine, disableLine, disableFile, disableBlock, enableBlock}
	for round := range 3000 {
		var dirs []directive
		var diags []*Diagnostic
		lines := map[int]int{} // the line of each diagnostic's offset
		off, line := 0, 1
		for range rng.IntN(30) {
			off += rng.IntN(3)
			line += rng.IntN(3)
			if rng.IntN(2) == 0 {
				d := directive{kind: kinds[rng.IntN(len(kinds))], from: off, start: off + 1, end: off + 2, line: line}
				for range rng.IntN(4) {
					d.rules = append(d.rules, directiveRule{name: names[rng.IntN(len(names))]})
				}
				off += 3
				line += rng.IntN(2)
				d.to, d.endLine = off, line
				dirs = append(dirs, d)
				continue
			}
			for range 1 + rng.IntN(3) {
				name := names[rng.IntN(3)]
				diags = append(diags, &Diagnostic{Rule: rules[name], Start: off})
				lines[off] = line
			}
		}
		var eligible func(*directive) bool
		if round%2 == 1 {
			eligible = func(d *directive) bool { _, e := d.names("a"); return e != nil }
		}
		want := slices.Clone(dirs)
		for i := range want {
			want[i].rules = slices.Clone(want[i].rules)
		}
		var wantHit []bool
		for _, d := range diags {
			wantHit = append(wantHit, suppressedByScan(want, d, lines[d.Start], eligible))
		}
		lineOf := func(off int) int { return lines[off] }
		got := newSuppressIndex(dirs, lineOf, known, eligible).suppressed(diags)
		if !slices.Equal(got, wantHit) || !reflect.DeepEqual(dirs, want) {
			t.Fatalf("round %d: directives %+v\ndiagnostics %v\nsuppressed %v, want %v\nmarked %+v\nwant   %+v",
				round, want, diags, got, wantHit, dirs, want)
		}
	}
}
