package lint_test

import (
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestFindingsCap: a URI gets one diagnostic per rule, which counts every
// finding and keeps the place of the first 100, with one fix covering
// those.
func TestFindingsCap(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := "http://a.example/" + strings.Repeat("%", 250) + " http://b.example/%zz"
	var diags []*lint.Diagnostic
	ch.Check("doc", extract.FormatText, []byte(doc), func(d *lint.Diagnostic) { diags = append(diags, d) })
	if len(diags) != 2 {
		t.Fatalf("%d diagnostics, want one for each URI", len(diags))
	}
	d := diags[0]
	if d.Rule.Name != "percent-malformed" || d.Start != 17 || d.End != 18 || !strings.HasSuffix(d.Message, " (and 249 more in this URI)") {
		t.Errorf("the first URI's: %s at %d-%d: %q", d.Rule.Name, d.Start, d.End, d.Message)
	}
	if len(d.Ranges) != 100 {
		t.Fatalf("%d ranges, want the first 100", len(d.Ranges))
	}
	for i, rg := range d.Ranges {
		if rg.Start != 17+i || rg.End != 18+i {
			t.Fatalf("range %d: %+v", i, rg)
		}
	}
	if len(d.Fixes) != 1 || len(d.Fixes[0].Edits) != 100 || d.Fixes[0].Safe {
		t.Errorf("fixes: %+v, want one (not safe) with an edit for each range", d.Fixes)
	}
	if last := diags[1]; last.Start != len(doc)-3 || last.Ranges != nil {
		t.Errorf("the other URI's diagnostic at %d, ranges %v", last.Start, last.Ranges)
	}
}
