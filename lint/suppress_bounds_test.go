package lint_test

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/cputime"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// TestSuppressionLinear runs urilint check on documents made of suppression
// comments, at two sizes ten times apart, as TestPathologicalInputsLinear
// does: the larger must take at most twenty-five times as long (CPU time, best
// of three runs, three attempts; runs under 10 ms pass).
func TestSuppressionLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	lines := func(line string) func(n int) string {
		return func(n int) string { return strings.Repeat(line, n/len(line)) }
	}
	oneLine := func(prefix, s, suffix string) func(n int) string {
		return func(n int) string { return prefix + strings.Repeat(s, n/len(s)) + suffix }
	}
	const kb = 1 << 10
	md, html, txt := extract.FormatMarkdown, extract.FormatHTML, extract.FormatText
	shapes := []struct {
		name    string
		gen     func(n int) string
		formats []extract.Format
		small   int // bytes
	}{
		{"lines with a finding and a disable-line comment",
			lines("http://a.example/%zz <!-- urilint-disable-line percent-malformed -->\n"), []extract.Format{md, html}, 100 * kb},
		{"lines with a finding and a disable-line directive",
			lines("http://a.example/%zz # urilint-disable-line percent-malformed\n"), []extract.Format{txt}, 100 * kb},
		{"lines with a finding after a disable-next-line comment",
			lines("<!-- urilint-disable-next-line percent-malformed -->\nhttp://a.example/%zz\n"), []extract.Format{md, html}, 100 * kb},
		{"lines with a finding after a disable-next-line directive",
			lines("# urilint-disable-next-line percent-malformed\nhttp://a.example/%zz\n"), []extract.Format{txt}, 100 * kb},
		{"findings and disable-line comments on one line",
			oneLine("", "http://a.example/%zz <!-- urilint-disable-line percent-malformed --> ", "\n"), []extract.Format{md, html}, 100 * kb},
		{"disable-file comments and findings",
			lines("<!-- urilint-disable-file percent-malformed -->\nhttp://a.example/%zz\n"), []extract.Format{md, html}, 100 * kb},
		{"disable and enable comments around findings",
			lines("<!-- urilint-disable percent-malformed -->\nhttp://a.example/%zz\n<!-- urilint-enable percent-malformed -->\nhttp://a.example/%zz\n"),
			[]extract.Format{md, html}, 100 * kb},
		{"disable and enable every rule around findings",
			lines("<!-- urilint-disable -->\nhttp://a.example/%zz\n<!-- urilint-enable percent-malformed -->\nhttp://a.example/%zz\n<!-- urilint-enable -->\n"),
			[]extract.Format{md, html}, 100 * kb},
		{"unused disable-line comments", lines("<!-- urilint-disable-line percent-malformed -->\n"), []extract.Format{md, html}, 100 * kb},
		{"urilint- on one line", oneLine("", "urilint-", "\n"), []extract.Format{txt, md, html}, 256 * kb},
		{"urilint- on one comment line", oneLine("# ", "urilint-", "\n"), []extract.Format{txt}, 256 * kb},
		{"disable-line directives on one line", oneLine("", "# urilint-disable-line ", "\n"), []extract.Format{txt}, 64 * kb},
		{"disable-line comments on one line", oneLine("", "<!-- urilint-disable-line -->", "\n"), []extract.Format{md, html}, 256 * kb},
		{"a comment naming unknown rules", oneLine("<!-- urilint-disable-line ", "nope ", "-->\n"), []extract.Format{md, html}, 128 * kb},
		{"a directive naming unknown rules", oneLine("# urilint-disable-line ", "nope ", "\n"), []extract.Format{txt}, 128 * kb},
		{"a comment naming a rule again and again",
			oneLine("<!-- urilint-disable-file ", "percent-malformed,", "-->\nhttp://a.example/%zz\n"), []extract.Format{md, html}, 128 * kb},
		{"a comment naming unused-suppression again and again",
			oneLine("<!-- urilint-disable-file ", "unused-suppression ", "-->\n"), []extract.Format{md, html}, 128 * kb},
	}
	for _, s := range shapes {
		for _, f := range s.formats {
			t.Run(fmt.Sprintf("%s/%v", s.name, f), func(t *testing.T) {
				small, large := []byte(s.gen(s.small)), []byte(s.gen(10*s.small))
				cputime.Linear(t, len(small), len(large), func(l bool) {
					doc := small
					if l {
						doc = large
					}
					ch.Check("doc", f, doc, func(*lint.Diagnostic) {})
				}, 0, 0)
			})
		}
	}
}

// TestUnusedSuppressionCap: a directive gets 100 unused-suppression
// reports, and one more says how many were left out; a directive naming
// unused-suppression silences them all.
func TestUnusedSuppressionCap(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func(f extract.Format, doc string) []*lint.Diagnostic {
		var diags []*lint.Diagnostic
		ch.Check("doc", f, []byte(doc), func(d *lint.Diagnostic) { diags = append(diags, d) })
		return diags
	}
	comment := "<!-- urilint-disable-line" + strings.Repeat(" nope", 250) + " -->\n"
	for _, f := range []extract.Format{extract.FormatMarkdown, extract.FormatHTML} {
		diags := check(f, comment)
		if len(diags) != 101 {
			t.Fatalf("%v: %d diagnostics, want 100 and the count of the rest", f, len(diags))
		}
		for i, d := range diags[:100] {
			if d.Rule.Name != lint.UnusedSuppression.Name || d.Start != 26+5*i || !strings.Contains(d.Message, `unknown rule "nope"`) {
				t.Fatalf("%v: diagnostic %d: %s at %d: %s", f, i, d.Rule.Name, d.Start, d.Message)
			}
		}
		more := diags[100]
		if more.Rule.Name != lint.UnusedSuppression.Name || more.Start != 526 || more.End != 526 ||
			more.Message != "150 more unused-suppression reports on this urilint-disable-line are not listed (only the first 100 are)" {
			t.Errorf("%v: the count: %s at %d-%d, %q", f, more.Rule.Name, more.Start, more.End, more.Message)
		}
		if diags := check(f, "<!-- urilint-disable-next-line unused-suppression -->\n"+comment); len(diags) != 0 {
			t.Errorf("%v: under a directive naming unused-suppression: %d diagnostics, the first %q", f, len(diags), diags[0].Message)
		}
	}
}

// TestTextDirectivePerLine: in plain text, a line holds one directive, the
// first after a comment marker; what follows on the line is its rules and
// reason, a second directive included.
func TestTextDirectivePerLine(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := "http://a.example/%zz # urilint-disable-line percent-malformed # urilint-disable-next-line percent-malformed\n" +
		"http://a.example/%zz\n" +
		"http://a.example/%zz // urilint-disable-line percent-malformed -- not urilint-disable-next-line\n" +
		"http://a.example/%zz\n"
	var got []string
	ch.Check("doc", extract.FormatText, []byte(doc), func(d *lint.Diagnostic) {
		p := extract.NewLocator([]byte(doc)).Pos(d.Start)
		got = append(got, fmt.Sprintf("%d:%d %s: %s", p.Line, p.Column, d.Rule.Name, d.Message))
	})
	want := []string{
		`1:63 unused-suppression: urilint-disable-line names an unknown rule "#" (urilint rules lists them)`,
		`1:65 unused-suppression: urilint-disable-line names an unknown rule "urilint-disable-next-line" (urilint rules lists them)`,
		`1:91 unused-suppression: urilint-disable-line suppresses no percent-malformed diagnostic: remove "percent-malformed" from it`,
		`2:18 percent-malformed: "%" not followed by two hexadecimal digits (found "%zz"); a literal "%" is written %25`,
		`4:18 percent-malformed: "%" not followed by two hexadecimal digits (found "%zz"); a literal "%" is written %25`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSuppressionInLongParagraph: a paragraph too long for its markup to
// be parsed (see extract's maxInlineWork) still has its suppression
// comments read.
func TestSuppressionInLongParagraph(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, nil)
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Repeat("http://a.example/%zz [a](b) <!-- urilint-disable-line percent-malformed -->\n", 2000)
	n := 0
	ch.Check("doc.md", extract.FormatMarkdown, []byte(doc), func(d *lint.Diagnostic) { n++ })
	if n != 0 {
		t.Errorf("%d diagnostics, want every one suppressed", n)
	}
}
