package lint_test

import (
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestFixSafety: a fix the rule marks safe is applied by --fix only where
// the URI's boundaries are certain and its text is not what readers see;
// elsewhere it is a suggestion that says why.
func TestFixSafety(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, path, doc string
		safe            bool
		why             string
	}{
		{"link destination", "a.md", "[x](http://example.com/a^b)\n", true, ""},
		{"definition", "a.md", "[x]: http://example.com/a^b\n", true, ""},
		{"HTML attribute", "a.html", `<a href="http://example.com/a^b">x</a>`, true, ""},
		{"HTML attribute in Markdown", "a.md", `<a href="http://example.com/a^b">x</a>`, true, ""},
		{"angle brackets in plain text", "a.txt", "<http://example.com/a^b>\n", true, ""},
		{"bare in plain text", "a.txt", "see http://example.com/a^b\n", false, "where a URI in running text ends is a judgement"},
		{"bare in Markdown", "a.md", "see http://example.com/a^b\n", false, "where a URI in running text ends is a judgement"},
		{"autolink", "a.md", "<http://example.com/a^b>\n", false, "an autolink's text is what readers see"},
		{"angle brackets in HTML text", "a.html", "<p>&lt;http://example.com/a^b&gt;</p>", false, "its text is what readers see"},
	} {
		var diags []*lint.Diagnostic
		ch.Check(tt.path, extract.FormatOf(tt.path), []byte(tt.doc), func(d *lint.Diagnostic) { diags = append(diags, d) })
		if len(diags) != 1 || diags[0].Rule.Name != "percent-unencoded" || len(diags[0].Fixes) != 1 {
			t.Fatalf("%s: %d diagnostics, want one percent-unencoded with a fix", tt.name, len(diags))
		}
		f := diags[0].Fixes[0]
		if f.Safe != tt.safe || tt.why != "" && !strings.HasSuffix(f.Message, "(not applied by --fix: "+tt.why+")") {
			t.Errorf("%s: fix %q, safe %t; want safe %t (%s)", tt.name, f.Message, f.Safe, tt.safe, tt.why)
		}
	}
}

// TestFixSafetyVerified: a safe fix that would not leave the URI clean, or
// that adds a character that can end a candidate, is a suggestion.
func TestFixSafetyVerified(t *testing.T) {
	noQ := func(insert string) *lint.Rule {
		return &lint.Rule{Name: "no-q", Category: lint.Style, Severity: lint.Info, Certainty: extract.Likely, Doc: testDoc,
			Run: func(p *lint.Pass) {
				if i := strings.IndexByte(p.URI.Input, 'q'); i >= 0 {
					p.Report(lint.Finding{Start: i, End: i + 1, Message: "q", Fixes: []lint.Fix{{Message: "replace it", Safe: true,
						Edits: []lint.Edit{{Start: i, End: i + 1, New: insert}}}}})
				}
			}}
	}
	for _, tt := range []struct {
		insert string
		safe   bool
	}{
		{"y", true},    // leaves nothing to report
		{"qq", false},  // the rule still finds a "q"
		{")", false},   // ")" can end a URI: the boundaries may move
		{"%41", true},  // a percent-encoding adds nothing that ends a URI
		{"a b", false}, // nor may a space
	} {
		ch, err := lint.NewChecker(append(rulesWithout("no-q"), noQ(tt.insert)), nil)
		if err != nil {
			t.Fatal(err)
		}
		var diags []*lint.Diagnostic
		ch.Check("a.md", extract.FormatMarkdown, []byte("[a](http://example.com/q)\n"), func(d *lint.Diagnostic) { diags = append(diags, d) })
		if len(diags) != 1 || len(diags[0].Fixes) != 1 {
			t.Fatalf("insert %q: %d diagnostics", tt.insert, len(diags))
		}
		if f := diags[0].Fixes[0]; f.Safe != tt.safe {
			t.Errorf("insert %q: safe %t (%q), want %t", tt.insert, f.Safe, f.Message, tt.safe)
		}
	}
}

// TestFixTouchingPlaceholder: no fix touches a placeholder, and none is
// offered where a finding would.
func TestFixTouchingPlaceholder(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	var diags []*lint.Diagnostic
	doc := "[a](<https://example.com/{{ .Site.Params.x }}|{{ y }}>) [b](https://example.com/{{user_id}}) [c](%s) [d](/a/%d|)\n"
	ch.Check("a.md", extract.FormatMarkdown, []byte(doc), func(d *lint.Diagnostic) { diags = append(diags, d) })
	if len(diags) != 2 {
		t.Fatalf("%d diagnostics, want the two \"|\" between placeholders", len(diags))
	}
	for _, d := range diags {
		if d.Rule.Name != "percent-unencoded" || d.End-d.Start != 1 || doc[d.Start] != '|' {
			t.Errorf("%s at %d-%d: %s", d.Rule.Name, d.Start, d.End, d.Message)
		}
		for _, f := range d.Fixes {
			for _, e := range f.Edits {
				if e.End-e.Start != 1 || e.New != "%7C" {
					t.Errorf("fix edit %+v", e)
				}
			}
		}
	}
}

func rulesWithout(name string) []*lint.Rule {
	var out []*lint.Rule
	for _, r := range rules.All {
		if r.Name != name {
			out = append(out, r)
		}
	}
	return out
}
