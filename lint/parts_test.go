package lint_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestCheckParts checks the Markdown documents of the tests (the link
// rules' among them, whose headings and links reach across the parts)
// whole with Check and cut at every point extract.MarkdownSplits allows
// with CheckParts, on one goroutine and on several: the diagnostics, in
// order, and those the rules that look across documents give from the
// facts and targets, must be the same.
func TestCheckParts(t *testing.T) {
	var paths []string
	for _, pattern := range []string{"../testdata/markdown/*.md", "../testdata/rules/*/*.md"} {
		ps, _ := filepath.Glob(pattern)
		paths = append(paths, ps...)
	}
	all := append(slices.Clone(rules.All), sameHost)
	cuts, compared, across := 0, 0, 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !lint.CheckableInPieces(src) {
			continue
		}
		splits := extract.FormatMarkdown.Splits(src, 1)
		cuts += len(splits)
		check := func(jobs int) []string { // whole with 0 jobs
			a := lint.NewAcross()
			// The local link rules on, as a tree that checks its links
			// has them: their reports come from facts across the parts.
			ch, err := lint.NewChecker(all, &lint.Config{Across: a, Severity: map[string]lint.Severity{"link-missing-file": lint.Error}})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			add := func(d *lint.Diagnostic) {
				got = append(got, fmt.Sprintf("%d-%d %s %s %v %v", d.Start, d.End, d.Rule.Name, d.Message, d.Ranges, d.Fixes))
			}
			var u lint.Unlisted
			if jobs > 0 {
				u = ch.CheckParts(path, extract.FormatMarkdown, src, splits, jobs, add)
			} else {
				u = ch.Check(path, extract.FormatMarkdown, src, add)
			}
			got = append(got, fmt.Sprintf("unlisted %+v", u))
			for _, p := range a.Finish([]string{path}) {
				got = append(got, fmt.Sprintf("across %d:%d-%d:%d %d-%d %s %s", p.StartPos.Line, p.StartPos.Column, p.EndPos.Line, p.EndPos.Column, p.Start, p.End, p.Rule.Name, p.Message))
				across++
			}
			return got
		}
		whole := check(0)
		for _, jobs := range []int{1, 2, 5} {
			parts := check(jobs)
			compared++
			if !slices.Equal(whole, parts) {
				t.Errorf("%s, cut at %v, %d jobs:\nwhole %s\nparts %s", path, splits, jobs, strings.Join(whole, "\n      "), strings.Join(parts, "\n      "))
			}
		}
	}
	// The test must have something to compare: documents cut, and
	// diagnostics of the link rules among those of the whole run.
	if compared < 60 || cuts < 50 || across < 20 {
		t.Errorf("%d documents, %d cuts, %d diagnostics from facts: too few to compare", compared, cuts, across)
	}
}

// TestCheckPartsUnlisted: a document with more diagnostics than
// MaxFileDiagnostics, checked in parts on several goroutines, lists the
// same first ones as Check, in order, and counts the same others, by
// severity; a part past MaxFileDiagnostics on its own among them.
func TestCheckPartsUnlisted(t *testing.T) {
	var b strings.Builder
	for i := range lint.MaxFileDiagnostics + 3000 {
		fmt.Fprintf(&b, "See <http://a.example/%d%%zz>, <http://c.example:9%05d9/> and urn:x-y:%d.\n\n", i, i, i)
		if i == 500 {
			// One part of its own of more than MaxFileDiagnostics.
			for k := range lint.MaxFileDiagnostics + 10 {
				fmt.Fprintf(&b, "- <http://b.example/%d%%zz>\n", k)
			}
			b.WriteString("\n")
		}
	}
	src := []byte(b.String())
	splits := extract.FormatMarkdown.Splits(src, 64<<10)
	if len(splits) < 10 {
		t.Fatalf("%d cuts: too few to compare", len(splits))
	}
	check := func(jobs int, strict bool) []string {
		ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: strict})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		add := func(d *lint.Diagnostic) {
			got = append(got, fmt.Sprintf("%d-%d %s %v %s", d.Start, d.End, d.Rule.Name, d.Severity, d.Message))
		}
		var u lint.Unlisted
		if jobs > 0 {
			u = ch.CheckParts("big.md", extract.FormatMarkdown, src, splits, jobs, add)
		} else {
			u = ch.Check("big.md", extract.FormatMarkdown, src, add)
		}
		return append(got, fmt.Sprintf("unlisted %+v", u))
	}
	// Without --strict, the gate drops every percent-malformed report (a
	// habit of the document's, lint.Gate), in parts as whole; with it,
	// they are listed and counted.
	for _, strict := range []bool{false, true} {
		whole := check(0, strict)
		if len(whole) != lint.MaxFileDiagnostics+1 || !strings.HasPrefix(whole[len(whole)-1], "unlisted {N:") || strings.HasPrefix(whole[len(whole)-1], "unlisted {N:0 ") {
			t.Fatalf("strict %v: whole: %d diagnostics listed, then %s: want %d and some not listed", strict, len(whole)-1, whole[len(whole)-1], lint.MaxFileDiagnostics)
		}
		if malformed := slices.ContainsFunc(whole, func(s string) bool { return strings.Contains(s, " percent-malformed ") }); malformed != strict {
			t.Errorf("strict %v: percent-malformed listed: %v", strict, malformed)
		}
		for _, jobs := range []int{1, 2, 4} {
			parts := check(jobs, strict)
			if !slices.Equal(whole, parts) {
				for k := range min(len(whole), len(parts)) {
					if whole[k] != parts[k] {
						t.Errorf("strict %v, %d jobs: diagnostic %d: whole %s, in parts %s", strict, jobs, k, whole[k], parts[k])
						break
					}
				}
				t.Errorf("strict %v, %d jobs: %d lines, want %d; last %s, want %s", strict, jobs, len(parts), len(whole), parts[len(parts)-1], whole[len(whole)-1])
			}
		}
	}
}
