package rules_test

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/cputime"
	"github.com/urilint/urilint/internal/testcorpus"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// schemeNamespaceRules are the rules that check a URI against its scheme's
// syntax and a URN against its namespace's (issue 17).
var schemeNamespaceRules = []*lint.Rule{
	rules.URIHTTPSyntax, rules.URIMailtoSyntax, rules.URITelSyntax, rules.URIFileSyntax, rules.URIDataSyntax,
	rules.URNNamespaceSyntax,
}

// BenchmarkSchemeNamespaceOverhead measures issue 17's budget: checking with
// every rule is at most 10% slower than checking without the scheme and
// namespace syntax rules, on the RFC (txt) and XEP (xml) corpora. A machine
// shared with others times two runs a minute apart differently, so both
// rule sets run in the same process, in turn, in every round (which one
// goes first alternates), each on a fresh heap, and each pass is timed in
// CPU time of this process (internal/cputime): time other processes take
// does not count. It reports the ratio of the fastest pass with all rules
// to the fastest without them (all/without-min), and the median of the
// rounds' ratios (all/without-med). A round takes a tenth of a second or
// less; run a few hundred:
//
//	go test ./rules -run '^$' -bench SchemeNamespaceOverhead -benchtime 200x
func BenchmarkSchemeNamespaceOverhead(b *testing.B) {
	without := slices.DeleteFunc(slices.Clone(rules.All), func(r *lint.Rule) bool {
		return slices.Contains(schemeNamespaceRules, r)
	})
	if len(without) != len(rules.All)-len(schemeNamespaceRules) {
		b.Fatal("a scheme or namespace rule is not in rules.All")
	}
	for _, c := range []struct {
		kind, env, ext string
		format         extract.Format
	}{
		{"txt", "URILINT_CORPUS", ".txt", extract.FormatText},
		{"xml", "URILINT_CORPUS_XML", ".xml", extract.FormatXML},
	} {
		b.Run(c.kind, func(b *testing.B) {
			docs, n := testcorpus.Load(b, c.kind, c.env, c.ext)
			b.SetBytes(2 * n)
			pass := func(set []*lint.Rule) (time.Duration, int) {
				ch, err := lint.NewChecker(set, &lint.Config{})
				if err != nil {
					b.Fatal(err)
				}
				count := 0
				runtime.GC()
				t := cputime.Of(func() {
					for _, d := range docs {
						ch.Check(d.Path, c.format, d.Src, func(*lint.Diagnostic) { count++ })
					}
				})
				return t, count
			}
			var all, less, ratios []float64
			diags := 0
			for b.Loop() {
				var tAll, tLess time.Duration
				var nAll, nLess int
				if len(ratios)%2 == 0 {
					tAll, nAll = pass(rules.All)
					tLess, nLess = pass(without)
				} else {
					tLess, nLess = pass(without)
					tAll, nAll = pass(rules.All)
				}
				all, less = append(all, float64(tAll)), append(less, float64(tLess))
				ratios = append(ratios, float64(tAll)/float64(tLess))
				diags = nAll - nLess
			}
			slices.Sort(ratios)
			b.ReportMetric(slices.Min(all)/slices.Min(less), "all/without-min")
			b.ReportMetric(ratios[len(ratios)/2], "all/without-med")
			b.ReportMetric(float64(diags), "diags-added")
		})
	}
}
