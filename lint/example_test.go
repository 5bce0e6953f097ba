package lint_test

import (
	"fmt"
	"slices"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// A Checker runs a list of rules, with a configuration (here, the
// defaults, with percent-lowercase, off by default, on), over documents;
// Check yields each diagnostic in order of offset, with its fixes.
func ExampleChecker_Check() {
	cfg := &lint.Config{Severity: map[string]lint.Severity{"percent-lowercase": lint.Warning}}
	ch, err := lint.NewChecker(rules.All, cfg)
	if err != nil {
		panic(err)
	}
	doc := []byte("See [the spec](http://example.com/a%2fb) and urn:X:y.\n")
	ch.Check("notes.md", extract.FormatMarkdown, doc, func(d *lint.Diagnostic) {
		fmt.Printf("%d-%d %s %s: %s\n", d.Start, d.End, d.Severity, d.Rule.Name, d.Message)
		for _, f := range d.Fixes {
			fmt.Printf("  fix (safe: %t): %s\n", f.Safe, f.Message)
		}
	})
	// Output:
	// 35-38 warning percent-lowercase: percent-encoding "%2f" has lower-case hex digits; write %2F (RFC 3986 section 2.1)
	//   fix (safe: true): write %2F
	// 49-50 error urn-nid-syntax: namespace identifier (NID) "X" has 1 character; RFC 8141 needs 2 to 32
}

// Fix applies the safe fixes, and lints the fixed document again.
func ExampleChecker_Fix() {
	ch, _ := lint.NewChecker(rules.All, &lint.Config{Strict: true}) // every rule on
	doc := []byte("See [the spec](http://example.com/a%2fb).\n")
	fixed, applied, left, _ := ch.Fix("notes.md", extract.FormatMarkdown, doc)
	fmt.Printf("%d applied, %d left: %s", applied, len(left), fixed)
	// Output:
	// 1 applied, 0 left: See [the spec](http://example.com/a%2Fb).
}

// A rule is a plain value: its ID, its documentation, what it looks at,
// and a Run that reports through the Pass, in offsets of the URI. It runs
// beside the rules that claim the grammar's problem codes (here, every
// rule of urilint).
func ExampleRule() {
	noExampleNet := &lint.Rule{
		Name: "no-example-net", Category: lint.Policy, Severity: lint.Warning,
		Doc: lint.Doc{
			Title: "This project's example host is example.org",
			Text:  "One example host throughout.",
			Bad:   "http://example.net/", Good: "http://example.org/",
			Fix: "Fix (safe): example.org.",
		},
		Kinds: []extract.Kind{extract.KindURI}, Certainty: extract.Likely,
		Run: func(p *lint.Pass) {
			u := p.URI
			if h := u.Host; h.Present() && h.In(u.Input) == "example.net" {
				p.Report(lint.Finding{Start: h.Start, End: h.End, Message: grammar.Messagef("%q: write example.org", "example.net"),
					Fixes: []lint.Fix{{Message: "write example.org", Safe: true, Edits: []lint.Edit{{Start: h.Start, End: h.End, New: "example.org"}}}}})
			}
		},
	}
	ch, err := lint.NewChecker(append(slices.Clone(rules.All), noExampleNet), &lint.Config{})
	if err != nil {
		panic(err)
	}
	doc := []byte("<p><a href=\"https://example.net/x\">x</a> and https://example.net/y</p>\n")
	ch.Check("page.html", extract.FormatHTML, doc, func(d *lint.Diagnostic) {
		fmt.Printf("%d-%d %s: %s (%s)\n", d.Start, d.End, d.Rule.Name, d.Message, d.Fixes[0].Message)
	})
	// Output:
	// 20-31 no-example-net: "example.net": write example.org (write example.org)
	// 53-64 no-example-net: "example.net": write example.org (write example.org (not applied by --fix: where a URI in running text ends is a judgement))
}

// CheckValue lints a value that is in no document (urilint validate).
func ExampleChecker_CheckValue() {
	ch, _ := lint.NewChecker(rules.All, &lint.Config{})
	ch.CheckValue("urn:ietf:rfc:0123", grammar.AsURN, func(d *lint.Diagnostic) {
		fmt.Println(d.Rule.Name, d.Fixes[0].Message)
	})
	// Output:
	// urn-namespace-syntax write "urn:ietf:rfc:123"
}
