package lint_test

import (
	"strings"
	"testing"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestFindingsCap: a URI keeps 100 findings of a rule, and one more says
// how many were left out.
func TestFindingsCap(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := "http://a.example/" + strings.Repeat("%", 250) + " http://b.example/%zz"
	var diags []*lint.Diagnostic
	ch.Check("doc", lint.Text, []byte(doc), func(d *lint.Diagnostic) { diags = append(diags, d) })
	if len(diags) != 102 {
		t.Fatalf("%d diagnostics, want 100, the count of the rest, and the other URI's", len(diags))
	}
	for i, d := range diags[:100] {
		if d.Rule.Name != "percent-malformed" || d.Start.Offset != 17+i || len(d.Fixes) != 1 {
			t.Fatalf("diagnostic %d: %s at %d with %d fixes", i, d.Rule.Name, d.Start.Offset, len(d.Fixes))
		}
	}
	more := diags[100]
	if more.Rule.Name != "percent-malformed" || more.Start.Offset != 117 || more.End.Offset != 117 || len(more.Fixes) != 0 ||
		more.Message != "150 more percent-malformed findings in this URI are not listed (only the first 100 are)" {
		t.Errorf("the count: %s at %d-%d, %q", more.Rule.Name, more.Start.Offset, more.End.Offset, more.Message)
	}
	if last := diags[101]; last.Start.Offset != len(doc)-3 {
		t.Errorf("the other URI's diagnostic at %d", last.Start.Offset)
	}
}
