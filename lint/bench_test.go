package lint_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/cputime"
	"github.com/urilint/urilint/internal/testcorpus"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// benchCorpora are the corpora the engine is measured on, by format: the
// shared corpus's folder, the variable that overrides it, the extension.
var benchCorpora = []struct {
	name, env, ext string
	format         extract.Format
}{
	{"txt", "URILINT_CORPUS", ".txt", extract.FormatText},
	{"md", "URILINT_CORPUS_MD", ".md", extract.FormatMarkdown},
	{"html", "URILINT_CORPUS_HTML", ".html", extract.FormatHTML},
	{"xml", "URILINT_CORPUS_XML", ".xml", extract.FormatXML},
}

// BenchmarkExtract is extraction alone, as urilint extract does it: the
// walker for the format, candidates in offsets.
func BenchmarkExtract(b *testing.B) {
	for _, c := range benchCorpora {
		b.Run(c.name, func(b *testing.B) {
			docs, n := testcorpus.Load(b, c.name, c.env, c.ext)
			b.SetBytes(n)
			b.ReportAllocs()
			count := 0
			for b.Loop() {
				for _, d := range docs {
					c.format.Walk(d.Src, extract.Options{}, func(*extract.Candidate) { count++ })
				}
			}
		})
	}
}

// BenchmarkCheck is urilint check without the output: extraction, every
// rule on every candidate, diagnostics with their fixes. Each
// iteration is one run over the corpus with a new Checker, as urilint check
// makes. Issue 4's budget: at most 10% slower than BenchmarkExtract on the
// RFC corpus (see BenchmarkCheckOverhead).
func BenchmarkCheck(b *testing.B) {
	for _, c := range benchCorpora {
		b.Run(c.name, func(b *testing.B) {
			docs, n := testcorpus.Load(b, c.name, c.env, c.ext)
			b.SetBytes(n)
			b.ReportAllocs()
			count := 0
			for b.Loop() {
				ch, err := lint.NewChecker(rules.All, &lint.Config{})
				if err != nil {
					b.Fatal(err)
				}
				for _, d := range docs {
					ch.Check(d.Path, c.format, d.Src, func(*lint.Diagnostic) { count++ })
				}
			}
			b.ReportMetric(float64(count)/float64(b.N), "diags/op")
		})
	}
}

// BenchmarkCheckOverhead measures issue 4's budget directly on a noisy
// machine: each iteration times one extraction pass and one check pass
// over the RFC corpus, in turn, and the ratio of the fastest of each is
// reported as check/extract (the budget is 1.10).
func BenchmarkCheckOverhead(b *testing.B) {
	docs, n := testcorpus.Load(b, "txt", "URILINT_CORPUS", ".txt")
	b.SetBytes(2 * n)
	bestExtract, bestCheck := time.Duration(1<<62), time.Duration(1<<62)
	for b.Loop() {
		start := time.Now()
		for _, d := range docs {
			extract.FormatText.Walk(d.Src, extract.Options{}, func(*extract.Candidate) {})
		}
		bestExtract = min(bestExtract, time.Since(start))
		start = time.Now()
		ch, err := lint.NewChecker(rules.All, &lint.Config{})
		if err != nil {
			b.Fatal(err)
		}
		for _, d := range docs {
			ch.Check(d.Path, extract.FormatText, d.Src, func(*lint.Diagnostic) {})
		}
		bestCheck = min(bestCheck, time.Since(start))
	}
	b.ReportMetric(float64(bestCheck)/float64(bestExtract), "check/extract")
}

// BenchmarkCheckLinks is BenchmarkCheck over the Markdown corpus with the
// rules that look across documents (the local link rules) and without
// them: each iteration runs the corpus without the link rules and with
// them, in turn, each with a new Checker and Across as urilint check -j 1
// makes them, and "links/none" is the ratio of the least CPU time of each
// (issue 25's budget: at most 1.25). CPU time of the whole process, the
// garbage collector's included, not wall time, which on a busy machine
// counts the waits for the cores. "default" is link-missing-file turned
// on by a severity, under its own policy (links that name a file), with
// the other link rules as they are by default; "all" turns every link
// rule on, link-missing-fragment too, as a configuration that names their
// severities does.
func BenchmarkCheckLinks(b *testing.B) {
	docs, n := testcorpus.Load(b, "md", "URILINT_CORPUS_MD", ".md")
	linkRules := []string{"link-missing-file", "link-missing-fragment", "link-own-url", "link-malformed"}
	for _, c := range []struct {
		name string
		on   map[string]lint.Severity
	}{
		{"default", map[string]lint.Severity{"link-missing-file": lint.Error}},
		{"all", map[string]lint.Severity{"link-missing-file": lint.Error, "link-missing-fragment": lint.Warning, "link-own-url": lint.Error, "link-malformed": lint.Error}},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(2 * n)
			off := map[string]lint.Severity{}
			for _, r := range linkRules {
				off[r] = lint.Off
			}
			run := func(links bool) time.Duration {
				cfg := &lint.Config{Severity: off}
				if links {
					cfg.Severity, cfg.Across = c.on, lint.NewAcross()
				}
				start := cputime.Process()
				ch, err := lint.NewChecker(rules.All, cfg)
				if err != nil {
					b.Fatal(err)
				}
				names := make([]string, len(docs))
				for i, d := range docs {
					names[i] = d.Path
					ch.Check(d.Path, extract.FormatMarkdown, d.Src, func(*lint.Diagnostic) {})
				}
				if links {
					cfg.Across.Finish(names)
				}
				return cputime.Process() - start
			}
			best := [2]time.Duration{1 << 62, 1 << 62}
			for b.Loop() {
				best[0] = min(best[0], run(false))
				best[1] = min(best[1], run(true))
			}
			b.ReportMetric(float64(best[1])/float64(best[0]), "links/none")
		})
	}
}

// BenchmarkCheckFile is the check of the large Markdown file
// URILINT_BIG_MD names (skipped without it), as urilint check makes it:
// cut into parts of 1 MiB or more (the runner's PartSize) and checked
// in parts, on one goroutine and on GOMAXPROCS. Its floor is
// extract's BenchmarkGoldmarkFile, goldmark's parse alone of the same file
// (issue 27: check within 1.3 times that).
func BenchmarkCheckFile(b *testing.B) {
	path, src := testcorpus.BigMarkdown(b)
	if !lint.CheckableInPieces(src) {
		b.Fatalf("%s has a suppression comment or a folding note: it is checked whole", path)
	}
	for _, jobs := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			count := 0
			for b.Loop() {
				ch, err := lint.NewChecker(rules.All, &lint.Config{})
				if err != nil {
					b.Fatal(err)
				}
				splits := extract.FormatMarkdown.Splits(src, 1<<20)
				ch.CheckParts(path, extract.FormatMarkdown, src, splits, jobs, func(*lint.Diagnostic) { count++ })
			}
			b.ReportMetric(float64(count)/float64(b.N), "diags/op")
		})
	}
}
