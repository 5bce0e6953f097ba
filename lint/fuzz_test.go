package lint_test

import (
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

var checkSeeds = []string{
	"", "urn:isbm:a%2cb?+r http://a/%7e", "<URL:http://a.example/b-\n c>", "see http://a/%7euser%2fx and http://b/é and http://c/50%",
	"urn:example:a?b urn:example:a??b urn:example:a?s=I2U urn:ex:ex?+ urn:a:b urn:X-:nss urn:urn-01:x urn:xn--a:b",
	"http://[::1%25lo]/ http://a:8o/ http://a@b@c/ sip:alice@[2001:db8::1] http://localhost:{port}/{path}",
	"[a](http://a/%7E) <a href=\"http://b/%2f\">x</a> `urn:example:%00`",
	"<p title=\"http://a/é\"><a href=\"urn:x:&#0;\">x</a></p>",
	// Suppression comments, in HTML comments and after comment markers.
	"<!-- urilint-disable-next-line percent-lowercase -- why -->\nhttp://a/%c3\n<!-- urilint-disable -->x<!-- urilint-enable percent-lowercase,nope -->",
	"# urilint-disable-next-line\nhttp://a/%zz ; urilint-disable-line uri-authority\n// urilint-disable-file unused-suppression",
	"> <!-- urilint-disable-next-line\n> percent-lowercase -->\n> http://a/%c3 <!--urilint-disable-line-->",
	// XML: namespace names, URI attributes with entities, an example in CDATA.
	"<a xmlns:p=\"urn:x:a b\" href=\"http://a/%7e b&amp;c\">see http://b/x&amp;y=\nz-w<![CDATA[<b href='http://c/ d'/>]]></a>",
}

// FuzzCheck runs every rule over any document as text, Markdown, HTML and XML
// and checks the engine's invariants: no panic, diagnostics in order of
// offset, spans and edits in range, edits that change something, and safe
// fixes that settle: applying them round after round never brings back an
// earlier document and never grows it without bound. (A fix may take
// several rounds to settle: in Markdown, encoding a character can change
// where emphasis ends, and so reveal more of a URI.)
func FuzzCheck(f *testing.F) {
	for _, s := range checkSeeds {
		f.Add([]byte(s))
	}
	ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: true}) // every rule
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		for _, format := range []extract.Format{extract.FormatText, extract.FormatMarkdown, extract.FormatHTML, extract.FormatXML} {
			src := doc
			seen := map[string]bool{}
			for range 20 {
				seen[string(src)] = true
				fixed, n := lint.ApplyFixes(src, checkDoc(t, ch, format, src), true)
				if n == 0 {
					break
				}
				if seen[string(fixed)] {
					t.Fatalf("%v: safe fixes go round in a circle:\n%q\n%q", format, src, fixed)
				}
				// Percent-encoding makes a character at most three times longer.
				if len(fixed) > 3*len(doc)+64 {
					t.Fatalf("%v: safe fixes grow the document without bound:\n%q\n%q", format, doc, fixed)
				}
				src = fixed
			}
		}
	})
}

func checkDoc(t *testing.T, ch *lint.Checker, format extract.Format, src []byte) []*lint.Diagnostic {
	t.Helper()
	var diags []*lint.Diagnostic
	last := 0
	checkPos := func(what string, off int) {
		if off < 0 || off > len(src) {
			t.Fatalf("%v: %s offset %d outside the document (%d bytes)", format, what, off, len(src))
		}
	}
	ch.Check("doc", format, src, func(d *lint.Diagnostic) {
		checkPos("start", d.Start)
		checkPos("end", d.End)
		if d.End < d.Start || d.Start < last {
			t.Fatalf("%v: %s at %d-%d after a diagnostic at %d", format, d.Rule.Name, d.Start, d.End, last)
		}
		last = d.Start
		for i, rg := range d.Ranges {
			checkPos("range start", rg.Start)
			checkPos("range end", rg.End)
			if i == 0 && (rg.Start != d.Start || rg.End != d.End) || i > 0 && rg.Start < d.Ranges[i-1].Start {
				t.Fatalf("%v: %s: ranges %+v do not start at the diagnostic, in order", format, d.Rule.Name, d.Ranges)
			}
		}
		if d.Message == "" || d.URI == "" && d.Rule.Name != lint.UnusedSuppression.Name {
			t.Fatalf("%v: %s: empty message or URI", format, d.Rule.Name)
		}
		for _, fix := range d.Fixes {
			for _, e := range fix.Edits {
				checkPos("edit start", e.Start)
				checkPos("edit end", e.End)
				if e.End < e.Start {
					t.Fatalf("%v: %s: edit %d-%d ends before it starts", format, d.Rule.Name, e.Start, e.End)
				}
				if e.New == string(src[e.Start:e.End]) {
					t.Fatalf("%v: %s: edit %d-%d changes nothing", format, d.Rule.Name, e.Start, e.End)
				}
			}
		}
		diags = append(diags, d)
	})
	return diags
}

// FuzzFix applies fixes to any document in each format: Checker.Fix (the
// safe fixes, round after round, as --fix does) and every fix, unsafe ones
// included (as an editor's "apply all" might). Nothing panics, the result
// lints, and Fix's own result has no safe fix left (or Fix stopped at its
// bound of rounds, which only a document that keeps revealing more can
// reach).
func FuzzFix(f *testing.F) {
	for _, s := range checkSeeds {
		f.Add([]byte(s))
	}
	ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: true}) // every rule
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		for _, format := range []extract.Format{extract.FormatText, extract.FormatMarkdown, extract.FormatHTML, extract.FormatXML} {
			fixed, n, left, _ := ch.Fix("doc", format, doc)
			if n == 0 && string(fixed) != string(doc) {
				t.Fatalf("%v: no fix applied, yet the document changed", format)
			}
			safeLeft := 0
			for _, d := range left {
				for _, fx := range d.Fixes {
					if fx.Safe {
						safeLeft++
					}
				}
			}
			if safeLeft > 0 && n < 10 {
				t.Fatalf("%v: %d fixes applied in fewer rounds than the bound, and %d safe fixes left", format, n, safeLeft)
			}
			var diags []*lint.Diagnostic
			ch.Check("doc", format, doc, func(d *lint.Diagnostic) { diags = append(diags, d) })
			all, _ := lint.ApplyFixes(doc, diags, false)
			checkDoc(t, ch, format, all)
		}
	})
}
