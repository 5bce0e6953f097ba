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
// with CheckParts: the diagnostics, and those the rules that look across
// documents give from the facts and targets, must be the same.
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
		check := func(parts bool) []string {
			a := lint.NewAcross()
			ch, err := lint.NewChecker(all, &lint.Config{Across: a})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			add := func(d *lint.Diagnostic) {
				got = append(got, fmt.Sprintf("%d-%d %s %s %v %v", d.Start, d.End, d.Rule.Name, d.Message, d.Ranges, d.Fixes))
			}
			var u lint.Unlisted
			if parts {
				u = ch.CheckParts(path, extract.FormatMarkdown, src, splits, add)
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
		whole, parts := check(false), check(true)
		compared++
		if !slices.Equal(whole, parts) {
			t.Errorf("%s, cut at %v:\nwhole %s\nparts %s", path, splits, strings.Join(whole, "\n      "), strings.Join(parts, "\n      "))
		}
	}
	// The test must have something to compare: documents cut, and
	// diagnostics of the link rules among those of the whole run.
	if compared < 20 || cuts < 50 || across < 20 {
		t.Errorf("%d documents, %d cuts, %d diagnostics from facts: too few to compare", compared, cuts, across)
	}
}
