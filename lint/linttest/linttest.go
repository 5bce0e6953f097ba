// Package linttest tests lint rules on documents that say what they expect,
// in the manner of golang.org/x/tools/go/analysis/analysistest: anyone who
// writes a rule tests it as the rules of this module are tested.
//
// A test document is a file of any format (its extension chooses the
// walker, as urilint check's does: extract.FormatOf) whose comments say
// which diagnostics it must give (see Want):
//
//	Mail <mailto:a@b;c@d> <!-- want uri-mailto-syntax@17 "between two addresses" -->
//
// In reStructuredText and AsciiDoc, where an HTML comment is text, the
// expectation is a comment line of the format, about the line N above it:
//
//	Mail <mailto:a@b;c@d>
//
//	.. want-2 uri-mailto-syntax@17 "between two addresses"
//
//	Mail <mailto:a@b;c@d>
//	// want-1 uri-mailto-syntax@17 "between two addresses"
//
// Check lints the document with the rules given, and fails the test for
// each diagnostic not expected and each expectation not met. A document
// whose diagnostics have fixes has two golden files beside it: PATH.fixes
// lists every fix with its edits, and PATH.fixed is the document with
// every safe fix applied; Check compares them (Options.Update rewrites
// them instead), and lints the fixed document again, which must have lost
// exactly the diagnostics that had a safe fix (and, of those that had
// none, at most the ones of the same rule on the same URI as one that had:
// an AsciiDoc attribute fixed where it is defined is fixed where it is
// referenced).
//
// A test document is a catalogue of cases, each judged alone: it is linted
// without the gate that judges a document whole (lint.Gate, which leaves
// out a notation rule's reports where the document breaks it by habit),
// but for a document whose name starts with "habit-", which shows the gate.
//
// A rule's test is then:
//
//	func TestMyRule(t *testing.T) {
//		docs, _ := filepath.Glob("testdata/my-rule/*.md")
//		linttest.Run(t, linttest.Options{Rules: []*lint.Rule{MyRule}}, docs...)
//	}
package linttest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// Options say how test documents are linted.
type Options struct {
	// Rules are the rules to run. An expectation naming another rule is
	// an error of the document.
	Rules []*lint.Rule
	// Config, when set, gives the configuration a document (by its path)
	// is linted with; else the defaults. Its Across is set by Check: the
	// rules that look across documents run over the one document.
	Config func(path string) *lint.Config
	// Update rewrites the golden files of the fixes instead of comparing
	// them (a test's -update flag).
	Update bool
}

// Run checks each document (see Check), in a subtest named by its path.
func Run(t *testing.T, opts Options, paths ...string) {
	t.Helper()
	if len(paths) == 0 {
		t.Fatal("linttest.Run: no document")
	}
	for _, path := range paths {
		t.Run(filepath.ToSlash(path), func(t *testing.T) { Check(t, opts, path) })
	}
}

// Check lints the document at path with opts.Rules, fails t for each
// diagnostic its expectations do not hold and each expectation no
// diagnostic meets, checks its fixes against the golden files, and returns
// the diagnostics.
func Check(t testing.TB, opts Options, path string) []*lint.Diagnostic {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f := extract.FormatOf(path)
	wants, err := ParseWants(f, src)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for _, w := range wants {
		if !hasRule(opts.Rules, w.Rule) {
			t.Fatalf("%s:%d: expectation of rule %q, which is not among the rules run", path, w.Line, w.Rule)
		}
	}
	blanked := Blank(f, src)
	diags := Lint(t, opts, path, blanked)
	loc := extract.NewLocator(blanked)
	for _, d := range diags {
		if start, end := loc.Pos(d.Start), loc.Pos(d.End); !expected(wants, d, start, end) {
			t.Errorf("%s:%d:%d-%d: unexpected %s: %s", path, start.Line, start.Column, end.Column, d.Rule.Name, d.Message)
		}
	}
	for _, w := range wants {
		if !w.matched {
			t.Errorf("%s:%d:%d: expected %s matching %q, got none", path, w.Line, w.Col, w.Rule, w.Message)
		}
	}
	checkFixes(t, opts, path, src, blanked, diags)
	return diags
}

// Lint lints src as the document at path, as Check does (the rules that
// look across documents over this one alone; the gate only for a "habit-"
// document), and returns its diagnostics in order.
func Lint(t testing.TB, opts Options, path string, src []byte) []*lint.Diagnostic {
	t.Helper()
	cfg := lint.Config{}
	if opts.Config != nil {
		if c := opts.Config(path); c != nil {
			cfg = *c
		}
	}
	cfg.Across = lint.NewAcross() // the document is the run
	ch, err := lint.NewChecker(opts.Rules, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	var diags []*lint.Diagnostic
	check := ch.CheckPiece
	if strings.HasPrefix(filepath.Base(path), "habit-") {
		check = ch.Check
	}
	check(path, extract.FormatOf(path), src, func(d *lint.Diagnostic) { diags = append(diags, d) })
	for _, p := range cfg.Across.Finish([]string{path}) {
		diags = append(diags, p.Diagnostic)
	}
	return diags
}

func hasRule(rules []*lint.Rule, name string) bool {
	for _, r := range rules {
		if r.Name == name {
			return true
		}
	}
	return false
}

// expected reports whether a want matches d, from start to end, and marks
// it matched.
func expected(wants []*Want, d *lint.Diagnostic, start, end extract.Pos) bool {
	for _, w := range wants {
		if !w.matched && w.Rule == d.Rule.Name && w.Line == start.Line && w.Col == start.Column &&
			(w.End == 0 || w.End == end.Column && end.Line == start.Line) && w.Message.MatchString(d.Message) {
			w.matched = true
			return true
		}
	}
	return false
}

// checkFixes compares the fixes with the golden files, and checks that the
// safe fixes hold: applied, they leave no diagnostic that had one, and
// they remove no other.
func checkFixes(t testing.TB, opts Options, path string, src, blanked []byte, diags []*lint.Diagnostic) {
	t.Helper()
	var list strings.Builder
	safe := 0
	pos := func(off int) extract.Pos { return extract.NewLocator(blanked).Pos(off) }
	for _, d := range diags {
		start := pos(d.Start)
		for _, f := range d.Fixes {
			kind := "unsafe"
			if f.Safe {
				kind = "safe"
			}
			fmt.Fprintf(&list, "%d:%d %s: %s fix: %s:", start.Line, start.Column, d.Rule.Name, kind, f.Message)
			for _, e := range f.Edits {
				s, en := pos(e.Start), pos(e.End)
				fmt.Fprintf(&list, " [%d:%d-%d:%d %q]", s.Line, s.Column, en.Line, en.Column, e.New)
			}
			list.WriteString("\n")
		}
		if hasSafe(d.Fixes) {
			safe++
		}
	}
	if list.Len() == 0 {
		// No fix: no golden file either (one left from an earlier
		// version of the rule would say fixes are still made).
		for _, g := range []string{path + ".fixes", path + ".fixed"} {
			if _, err := os.Stat(g); err == nil {
				if !opts.Update {
					t.Errorf("%s: the document has no fixes, but the golden file is there (-update removes it)", g)
				} else if err := os.Remove(g); err != nil {
					t.Fatal(err)
				}
			}
		}
		return
	}
	fixed, applied := lint.ApplyFixes(src, diags, true)
	if applied != safe {
		t.Errorf("%s: %d of %d safe fixes applied: fixes overlap", path, applied, safe)
	}
	golden(t, opts.Update, path+".fixes", []byte(list.String()))
	golden(t, opts.Update, path+".fixed", fixed)

	// Lint again: what had a safe fix is gone, and nothing else changed,
	// but that a diagnostic of the same rule on the same URI as one with
	// a safe fix may go too: the text fixed where it is written (an
	// AsciiDoc attribute entry) is fixed where it is referenced.
	fixedBlanked, _ := lint.ApplyFixes(blanked, diags, true)
	again := Lint(t, opts, path, fixedBlanked)
	fixedURI := map[string]bool{}
	for _, d := range diags {
		if hasSafe(d.Fixes) {
			fixedURI[d.Rule.Name+" "+d.URI] = true
		}
	}
	keep, may := 0, 0 // the diagnostics left that must stay, and that may go
	for _, d := range diags {
		switch {
		case hasSafe(d.Fixes):
		case fixedURI[d.Rule.Name+" "+d.URI]:
			may++
		default:
			keep++
		}
	}
	if len(again) < keep || len(again) > keep+may {
		want := fmt.Sprint(keep)
		if may > 0 {
			want = fmt.Sprintf("%d to %d", keep, keep+may)
		}
		t.Errorf("%s: after the safe fixes, %d diagnostics; want %s", path, len(again), want)
	}
	for _, d := range again {
		if hasSafe(d.Fixes) {
			p := extract.NewLocator(fixedBlanked).Pos(d.Start)
			t.Errorf("%s: after the safe fixes: %d:%d %s: %s still has a safe fix", path, p.Line, p.Column, d.Rule.Name, d.Message)
		}
	}
}

func hasSafe(fixes []lint.Fix) bool {
	for _, f := range fixes {
		if f.Safe {
			return true
		}
	}
	return false
}

// golden compares got with the file at path, or, with update, writes it.
func golden(t testing.TB, update bool, path string, got []byte) {
	t.Helper()
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (-update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (-update rewrites it; review the diff):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
