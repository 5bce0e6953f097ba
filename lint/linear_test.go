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

// TestPathologicalInputsLinear runs urilint check (extraction and every
// rule) on pathological inputs in each format, at two sizes ten times
// apart: the larger must take at most twenty-five times as long. Timings are
// the process's CPU time (other packages' tests run at the same time), the
// best of three runs (one, past a second), and a case gets three attempts, so that a noisy
// machine cannot fail linear code while quadratic code (a hundredfold)
// fails every attempt. Runs under 10 ms are too short to compare and pass.
func TestPathologicalInputsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: true}) // every rule
	if err != nil {
		t.Fatal(err)
	}
	// The collector as the urilint command sets it (cmd/urilint tuneGC):
	// at the default, the time of a large input is mostly collections.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	repeat := func(s string) func(n int) string {
		return func(n int) string { return strings.Repeat(s, n/len(s)) }
	}
	inURI := func(s string) func(n int) string {
		return func(n int) string { return "http://a.example/" + strings.Repeat(s, n/len(s)) }
	}
	const mb = 1 << 20
	type shape struct {
		name    string
		gen     func(n int) string
		formats []extract.Format
		small   int // bytes, or depth or count where the name says so
	}
	all := []extract.Format{extract.FormatText, extract.FormatMarkdown, extract.FormatHTML, extract.FormatXML}
	shapes := []shape{
		{"1 MB of (", repeat("("), all, mb / 10},
		{"1 MB of <", repeat("<"), all, mb / 10},
		{"1 MB of [", repeat("["), all, mb / 10},
		{"1 MB of %", repeat("%"), all, mb / 10},
		{"1 MB of ?", repeat("?"), all, mb / 10},
		{"1 MB of :", repeat(":"), all, mb / 10},
		{"a URI with 1 MB of (", inURI("("), all, mb / 10},
		{"a URI with 1 MB of [", inURI("["), all, mb / 10},
		{"a URI with 1 MB of %", inURI("%"), all, mb / 10},
		{"a URI with 1 MB of ?", inURI("?"), all, mb / 10},
		{"a URI with 1 MB of :", inURI(":"), all, mb / 10},
		{"1 MB of urn:urn:urn:", repeat("urn:"), all, mb / 10},
		{"1 MB of |", repeat("|"), all, mb / 10},
		{"a URI with 1 MB of |", inURI("|"), all, mb / 10},
		{"a table row of 1 MB of URIs with |", func(n int) string { return "|" + strings.Repeat("http://a.example/x|y ", n/21) + "|" }, all, mb / 10},
		{"1 MB of field names", repeat("a:mailto:x "), all, mb / 10},
		{"1 MB of urn::", repeat("urn::x:"), all, mb / 10},
		{"a URI with 1 MB of Han", inURI("中"), all, mb / 10},
		{"a URI with 1 MB of {a:b(", inURI("{a:b("), all, mb / 10},
		{"a URI with 1 MB of [[f(", inURI("[[f("), all, mb / 10},
		{"a URI with 1 MB of &#1", inURI("&#1"), all, mb / 10},
		{"1 MB of /{a", repeat("http://a.example/{a "), all, mb / 10},
		{"10^5 records of fields", func(n int) string { return strings.Repeat("A: x\nSource: http://a.example/\nb\n", n) }, []extract.Format{extract.FormatText}, 10000},
		{"a URI with 1 MB of joiners", inURI("\u200c"), all, mb / 10},
		{"10^5 folded lines", func(n int) string {
			return "NOTE: '\\' line wrapping per RFC 8792\n" + strings.Repeat("   http://a.example/x\\\n", n) + "   y\n"
		}, []extract.Format{extract.FormatText}, 10000},
		{"10^5 wrapped bare URIs", func(n int) string { return strings.Repeat("http://a.example/\nx-y ", n) }, all, 10000},
		{"1 MB of patterns", repeat("http://a\\.b/.* "), all, mb / 10},
		{"1 MB of urn:urn:urn: then a NSS", func(n int) string { return strings.Repeat("urn:", n/4) + "x" }, all, mb / 10},
		{"a 100 MB line", longLine, []extract.Format{extract.FormatText}, 10 * mb},
		{"a 10 MB line", longLine, []extract.Format{extract.FormatMarkdown, extract.FormatHTML}, mb},
		{"10^5 links on a line", func(n int) string { return strings.Repeat("[a](http://a.example/%7e) ", n) }, []extract.Format{extract.FormatMarkdown}, 10000},
		{"10^5 anchors on a line", func(n int) string { return strings.Repeat(`<a href="http://a.example/%7e">a</a> `, n) }, []extract.Format{extract.FormatHTML}, 10000},
		{"10^5 URIs on a line", func(n int) string { return strings.Repeat("http://a.example/%7e ", n) }, []extract.Format{extract.FormatText}, 10000},
		{"10^5-deep block quotes", func(n int) string { return strings.Repeat("> ", n) + "http://a.example/%7e\n" }, []extract.Format{extract.FormatMarkdown}, 10000},
		{"10^5-deep lists", func(n int) string { return strings.Repeat("- ", n) + "http://a.example/%7e\n" }, []extract.Format{extract.FormatMarkdown}, 10000},
		{"10^5-deep elements", func(n int) string {
			return strings.Repeat("<div>", n) + `<a href="http://a.example/%7e">` + strings.Repeat("</div>", n)
		}, []extract.Format{extract.FormatHTML}, 10000},
		{"10^5-deep elements with namespaces", func(n int) string {
			return strings.Repeat(`<e xmlns:p="urn:x:%7e" v="p:a">`, n) + `<a href="http://a.example/%7e">` + strings.Repeat("</e>", n)
		}, []extract.Format{extract.FormatXML}, 10000},
		{"a URI attribute with 1 MB of entities", func(n int) string {
			return `<a href="http://a.example/` + strings.Repeat("&amp;%7e&#x20;", n/14) + `"/>`
		}, []extract.Format{extract.FormatXML}, mb / 10},
		{"10^5 examples in CDATA", func(n int) string {
			return "<c>" + strings.Repeat(`<![CDATA[<a xmlns="urn:x:a b" href="http://a.example/%7e"/>]]>`, n) + "</c>"
		}, []extract.Format{extract.FormatXML}, 10000},
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

// longLine is a line of n bytes of text with a URI every few words, and a
// finding every few kilobytes.
func longLine(n int) string {
	chunk := strings.Repeat("some words and http://a.example/path?q=1 then more ", 60) + "urn:isbm:1 "
	return strings.Repeat(chunk, n/len(chunk))
}
