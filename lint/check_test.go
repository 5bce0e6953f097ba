package lint_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// testDoc is a rule's documentation, for tests.
var testDoc = lint.Doc{Title: "Title.", Text: "Text.", Bad: "a", Good: "b", Fix: "No fix."}

func rule(name string, codes ...grammar.Code) *lint.Rule {
	return &lint.Rule{Name: name, Category: lint.Syntax, Severity: lint.Error, Certainty: extract.Likely, Doc: testDoc, Codes: codes, Run: func(*lint.Pass) {}}
}

func TestValidate(t *testing.T) {
	var all []grammar.Code
	for c := grammar.Code(1); c.String() != fmt.Sprintf("Code(%d)", c); c++ {
		all = append(all, c)
	}
	tests := []struct {
		rules []*lint.Rule
		err   string
	}{
		{[]*lint.Rule{rule("a", all...)}, ""},
		{[]*lint.Rule{rule("a", all...), rule("a")}, "listed twice"},
		{[]*lint.Rule{rule("A", all...)}, "lower case"},
		{[]*lint.Rule{rule("a", all[1:]...)}, "reported by no rule"},
		{[]*lint.Rule{rule("a", all...), rule("b", all[0])}, "claimed by rules"},
		{[]*lint.Rule{{Name: "a", Category: lint.Syntax, Severity: lint.Error, Doc: lint.Doc{Title: "Only a title."}, Codes: all, Run: func(*lint.Pass) {}}}, "one-line title and an explanation"},
		{[]*lint.Rule{{Name: "a", Category: lint.Syntax, Severity: lint.Error, Doc: lint.Doc{Title: "T.", Text: "X."}, Codes: all, Run: func(*lint.Pass) {}}}, "examples (Bad, Good)"},
		{[]*lint.Rule{{Name: "a", Category: "other", Severity: lint.Error, Doc: testDoc, Codes: all, Run: func(*lint.Pass) {}}}, "unknown category"},
		{[]*lint.Rule{{Name: "a", Category: lint.Syntax, Severity: lint.Error, Doc: testDoc, Codes: all, Run: func(*lint.Pass) {}}}, "no Certainty"},
	}
	for _, tt := range tests {
		err := lint.Validate(tt.rules)
		if (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Validate: %v, want %q", err, tt.err)
		}
	}
	if _, err := lint.NewChecker(rules.All, &lint.Config{Severity: map[string]lint.Severity{"no-such-rule": lint.Off}}); err == nil {
		t.Error("NewChecker accepted an unknown rule in the configuration")
	}
}

func check(t *testing.T, cfg *lint.Config, doc string) []*lint.Diagnostic {
	t.Helper()
	ch, err := lint.NewChecker(rules.All, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var diags []*lint.Diagnostic
	ch.Check("doc.txt", extract.FormatText, []byte(doc), func(d *lint.Diagnostic) { diags = append(diags, d) })
	return diags
}

// summary describes the diagnostics of doc: line:column, severity, rule.
func summary(doc string, diags []*lint.Diagnostic) string {
	var parts []string
	loc := extract.NewLocator([]byte(doc))
	for _, d := range diags {
		p := loc.Pos(d.Start)
		parts = append(parts, fmt.Sprintf("%d:%d %s %s", p.Line, p.Column, d.Severity, d.Rule.Name))
	}
	return strings.Join(parts, "; ")
}

// columns are the columns of a diagnostic of a value (urilint validate),
// from its first to past its last character.
func columns(v string, d *lint.Diagnostic) string {
	return fmt.Sprintf("%s %d-%d", d.Rule.Name, extract.NewStringLocator(v).Pos(d.Start).Column, extract.NewStringLocator(v).Pos(d.End).Column)
}

// Diagnostics come in order of offset, then rule name; severities can be
// overridden or a rule turned off; a rule off by default runs when strict
// mode or a severity turns it on.
func TestCheckOrderAndSeverity(t *testing.T) {
	doc := "x urn:isbm:a%2cb?+r http://a/%7e\n"
	want := "1:7 warning urn-nid-unregistered"
	if got := summary(doc, check(t, nil, doc)); got != want {
		t.Errorf("by default:\ngot  %s\nwant %s", got, want)
	}
	want = "1:7 warning urn-nid-unregistered; 1:13 info percent-lowercase; 1:17 warning urn-r-component; 1:30 info percent-unreserved"
	if got := summary(doc, check(t, &lint.Config{Strict: true}, doc)); got != want {
		t.Errorf("strict:\ngot  %s\nwant %s", got, want)
	}
	cfg := &lint.Config{Strict: true, Severity: map[string]lint.Severity{"urn-nid-unregistered": lint.Error, "percent-lowercase": lint.Off}}
	want = "1:7 error urn-nid-unregistered; 1:17 warning urn-r-component; 1:30 info percent-unreserved"
	if got := summary(doc, check(t, cfg, doc)); got != want {
		t.Errorf("strict, with overrides:\ngot  %s\nwant %s", got, want)
	}
	cfg = &lint.Config{Severity: map[string]lint.Severity{"percent-unreserved": lint.Warning}}
	want = "1:7 warning urn-nid-unregistered; 1:30 warning percent-unreserved"
	if got := summary(doc, check(t, cfg, doc)); got != want {
		t.Errorf("a rule off by default turned on:\ngot  %s\nwant %s", got, want)
	}
}

func TestApplyFixes(t *testing.T) {
	doc := "see <http://a/%7euser%2fx> and <http://b/é> and http://c/50% and http://d/a|b\n"
	diags := check(t, &lint.Config{Strict: true}, doc)
	fixed, n := lint.ApplyFixes([]byte(doc), diags, true)
	// The fixes of a bare URI, whose end is a judgement, are suggestions:
	// only those inside <...> are applied.
	if want := "see <http://a/~user%2Fx> and <http://b/%C3%A9> and http://c/50% and http://d/a|b\n"; string(fixed) != want || n != 3 {
		t.Errorf("safe fixes: %q (%d applied), want %q", fixed, n, want)
	}
	all, n := lint.ApplyFixes([]byte(doc), diags, false)
	if want := "see <http://a/~user%2Fx> and <http://b/%C3%A9> and http://c/50%25 and http://d/a%7Cb\n"; string(all) != want || n != 5 {
		t.Errorf("all fixes: %q (%d applied), want %q", all, n, want)
	}
	// Applying the safe fixes again changes nothing.
	again, n := lint.ApplyFixes(fixed, check(t, &lint.Config{Strict: true}, string(fixed)), true)
	if string(again) != string(fixed) || n != 0 {
		t.Errorf("second pass changed %q to %q", fixed, again)
	}
	// Overlapping fixes: the second is left out.
	d := &lint.Diagnostic{Fixes: []lint.Fix{{Safe: true, Edits: []lint.Edit{{Start: 0, End: 3, New: "ABC"}}}}}
	e := &lint.Diagnostic{Fixes: []lint.Fix{{Safe: true, Edits: []lint.Edit{{Start: 2, End: 4, New: "!"}}}}}
	if out, n := lint.ApplyFixes([]byte("abcdef"), []*lint.Diagnostic{d, e}, true); string(out) != "ABCdef" || n != 1 {
		t.Errorf("overlap: %q, %d applied", out, n)
	}

	fix := func(edits ...lint.Edit) *lint.Diagnostic {
		return &lint.Diagnostic{Fixes: []lint.Fix{{Safe: true, Edits: edits}}}
	}
	edit := func(s, e int, text string) lint.Edit {
		return lint.Edit{Start: s, End: e, New: text}
	}
	for _, tt := range []struct {
		name  string
		diags []*lint.Diagnostic
		want  string
		n     int
	}{
		{"edits of one fix overlap", []*lint.Diagnostic{fix(edit(1, 3, "X"), edit(2, 4, "Y"))}, "abcdef", 0},
		{"edits of one fix, out of order", []*lint.Diagnostic{fix(edit(4, 5, "E"), edit(0, 1, "A"))}, "AbcdEf", 1},
		{"outside the document", []*lint.Diagnostic{fix(edit(5, 9, "X"))}, "abcdef", 0},
		{"insertion where a replacement starts", []*lint.Diagnostic{fix(edit(2, 4, "CD")), fix(edit(2, 2, "^"))}, "ab^CDef", 2},
		{"replacement where an insertion is", []*lint.Diagnostic{fix(edit(2, 2, "^")), fix(edit(2, 4, "CD"))}, "ab^CDef", 2},
		{"two insertions at one point", []*lint.Diagnostic{fix(edit(3, 3, "1")), fix(edit(3, 3, "2"))}, "abc1def", 1},
		{"a replacement spanning two taken", []*lint.Diagnostic{fix(edit(1, 2, "B")), fix(edit(3, 4, "D")), fix(edit(0, 6, "!"))}, "aBcDef", 2},
	} {
		if out, n := lint.ApplyFixes([]byte("abcdef"), tt.diags, true); string(out) != tt.want || n != tt.n {
			t.Errorf("%s: %q, %d applied; want %q, %d", tt.name, out, n, tt.want, tt.n)
		}
	}
}

// A value is checked with offsets inside it; its columns count every
// character.
func TestCheckValue(t *testing.T) {
	ch, _ := lint.NewChecker(rules.All, &lint.Config{})
	var got []string
	ch.CheckValue("\ufeffurn:a:b", grammar.AsURN, func(d *lint.Diagnostic) {
		got = append(got, columns("\ufeffurn:a:b", d))
	})
	if want := "uri-scheme-syntax 1-5"; len(got) != 1 || got[0] != want { // the scheme, BOM and all
		t.Errorf("got %q, want %q", got, want)
	}
	got = nil
	ch.CheckValue("é urn", grammar.AsRelativeRef, func(d *lint.Diagnostic) {
		got = append(got, columns("é urn", d))
	})
	if want := []string{"percent-unencoded 2-3"}; !slices.Equal(got, want) { // uri-non-ascii is off by default
		t.Errorf("got %q, want %q", got, want)
	}
	// The rules follow the value, whatever production it is parsed as.
	for _, tt := range []struct {
		v    string
		as   grammar.As
		want []string
	}{
		{"urn:example:%41", grammar.AsURI, nil}, // a URN's encodings are never decoded
		{"htps://example.com/", grammar.AsURIReference, []string{"uri-scheme-unregistered 1-5"}},
		{"urn:example:%41", grammar.AsURN, nil},
	} {
		got = nil
		ch.CheckValue(tt.v, tt.as, func(d *lint.Diagnostic) {
			got = append(got, columns(tt.v, d))
		})
		if !slices.Equal(got, tt.want) {
			t.Errorf("CheckValue(%q, %v) = %q, want %q", tt.v, tt.as, got, tt.want)
		}
	}
}

// The expressions of a URI Template (RFC 6570) are not reported; the rest
// of the template is.
func TestCheckTemplates(t *testing.T) {
	tests := []struct{ doc, want string }{
		{"http://127.0.0.1:{port}/{path}\n", ""},
		{"http://[::1]:{port}/{+path}{?q,lang}\n", ""},
		{"urn:ieee:{IEEEresource}:{ResourceSpecificString}\n", ""},
		{"htps://example.com/{id}\n", "1:1 warning uri-scheme-unregistered"},
		{"<http://example.com/{id}/a|b>\n", "1:27 error percent-unencoded"}, // in <...>: in running text a "|" may start a label
		{"http://example.com/a{}/x\n", "1:21 error percent-unencoded"},      // "{}" is not an expression
		{"http://example.com/{}/x\n", ""},                                   // but, as a whole part, a format string's field (a stand-in)
		{"http://example.com/{a b}\n", ""},                                  // a name with a space in braces stands in for a part: the candidate ends before it
		// Characters next to an expression are reported on their own.
		{"<http://example.com/a|{id}>\n", "1:22 error percent-unencoded"},
		{"http://example.com/{id}^x\n", "1:24 error percent-unencoded"},
		{"<http://example.com/{id}|{q}>\n", "1:25 error percent-unencoded"},
		{"http://x.example:{port}a/\n", ""}, // the port's problem spans the expression: left out
		{"urn:{nid}:x <urn:example:{a}?b>\n", "1:29 error urn-unencoded-question"},
	}
	for _, tt := range tests {
		if got := summary(tt.doc, check(t, nil, tt.doc)); got != tt.want {
			t.Errorf("%q:\ngot  %s\nwant %s", tt.doc, got, tt.want)
		}
	}
	// A value to validate is meant as a URI: its braces are reported.
	ch, _ := lint.NewChecker(rules.All, &lint.Config{})
	var got []string
	ch.CheckValue("http://localhost:{port}/", grammar.AsURI, func(d *lint.Diagnostic) {
		got = append(got, columns("http://localhost:{port}/", d))
	})
	if want := []string{"uri-authority 18-24"}; !slices.Equal(got, want) {
		t.Errorf("CheckValue: got %q, want %q", got, want)
	}
}

// A URI that recurs is reported each time, and a recurrence with a hyphen
// break or a prefix gets its own diagnostic, however often the checker ran.
func TestCheckRecurringURIs(t *testing.T) {
	doc := "http://a.example/long-name and http://a.example/long-name again\n" +
		"<http://a.example/long-\nname>\n<URL:http://a.example/long-name>\n" +
		"htps://x.example/ htps://x.example/\n"
	want := "2:23 warning uri-hyphen-break; 4:2 info uri-url-prefix; 5:1 warning uri-scheme-unregistered; 5:19 warning uri-scheme-unregistered"
	ch, _ := lint.NewChecker(rules.All, &lint.Config{Strict: true})
	for range 3 {
		var diags []*lint.Diagnostic
		ch.Check("doc.txt", extract.FormatText, []byte(doc), func(d *lint.Diagnostic) { diags = append(diags, d) })
		if got := summary(doc, diags); got != want {
			t.Errorf("got  %s\nwant %s", got, want)
		}
	}
}
