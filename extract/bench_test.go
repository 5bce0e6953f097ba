package extract

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/internal/testcorpus"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"golang.org/x/net/html"
)

// corpus returns the plain-text documents to benchmark on: the directory
// named by URILINT_CORPUS, else the shared RFC corpus next to the
// repository, else the small sample in testdata/corpus.
func corpus(b *testing.B) ([][]byte, int64) {
	return corpusOf(b, "txt", "URILINT_CORPUS", ".txt")
}

// corpusOf returns the documents with extension ext (see testcorpus.Load).
func corpusOf(b *testing.B, kind, env, ext string) ([][]byte, int64) {
	docs, n := testcorpus.Load(b, kind, env, ext)
	srcs := make([][]byte, len(docs))
	for i, d := range docs {
		srcs[i] = d.Src
	}
	return srcs, n
}

// BenchmarkCountColons is the floor: one memory-bound pass over the corpus.
func BenchmarkCountColons(b *testing.B) {
	docs, n := corpus(b)
	b.SetBytes(n)
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			bytes.Count(d, []byte{':'})
		}
	}
}

// BenchmarkText is the scanner alone (offsets: positions are computed at
// output).
func BenchmarkText(b *testing.B) {
	docs, n := corpus(b)
	b.SetBytes(n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			Text(d)
		}
	}
}

// BenchmarkTextParse is the scanner plus the grammar on every candidate:
// the work of extraction before any rule runs.
func BenchmarkTextParse(b *testing.B) {
	docs, n := corpus(b)
	b.SetBytes(n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			for _, c := range Text(d) {
				p := grammar.Parse(c.URI, grammar.AsAuto, grammar.RFC8141)
				_ = p.Valid()
			}
		}
	}
}

// The passes measured over each document: the walkers and their
// baselines.
var (
	// goldmarkParse is the Markdown baseline: goldmark's parse alone, with
	// the walker's parser and extensions.
	goldmarkParse = func(d []byte) { markdownParser().Parse(text.NewReader(d)) }
	// walkMarkdown is the Markdown walker end to end: parse, walk, scan,
	// positions.
	walkMarkdown = func(d []byte) { Markdown(d, Options{}, func(*Candidate) {}) }
	// tokenize is the HTML baseline: the bare x/net/html tokenizer, token
	// by token with Raw.
	tokenize = func(d []byte) {
		z := html.NewTokenizer(bytes.NewReader(d))
		for z.Next() != html.ErrorToken {
			_ = z.Raw()
		}
	}
	// walkHTMLDoc is the HTML walker end to end.
	walkHTMLDoc = func(d []byte) { HTML(d, Options{}, func(*Candidate) {}) }
	// walkAsciiDocDoc is the AsciiDoc walker end to end.
	walkAsciiDocDoc = func(d []byte) { AsciiDoc(d, Options{}, func(*Candidate) {}) }
	// walkRST is the reStructuredText walker end to end.
	walkRST = func(d []byte) { ReStructuredText(d, Options{}, func(*Candidate) {}) }
)

// benchCorpus runs pass over every document of a corpus (see corpusOf).
func benchCorpus(b *testing.B, kind, env, ext string, pass func([]byte)) {
	docs, n := corpusOf(b, kind, env, ext)
	b.SetBytes(n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			pass(d)
		}
	}
}

func BenchmarkGoldmarkParse(b *testing.B) {
	benchCorpus(b, "md", "URILINT_CORPUS_MD", ".md", goldmarkParse)
}

func BenchmarkMarkdown(b *testing.B) { benchCorpus(b, "md", "URILINT_CORPUS_MD", ".md", walkMarkdown) }

// BenchmarkMarkdownTargets is the walker as the local link rules run it:
// with the document's headings and ids reported too.
func BenchmarkMarkdownTargets(b *testing.B) {
	benchCorpus(b, "md", "URILINT_CORPUS_MD", ".md", func(d []byte) {
		Markdown(d, Options{Target: func(Target) {}}, func(*Candidate) {})
	})
}

func BenchmarkTokenizer(b *testing.B) {
	benchCorpus(b, "html", "URILINT_CORPUS_HTML", ".html", tokenize)
}

func BenchmarkHTML(b *testing.B) { benchCorpus(b, "html", "URILINT_CORPUS_HTML", ".html", walkHTMLDoc) }

// BenchmarkAsciiDoc is the AsciiDoc walker over the .adoc documents of
// URILINT_CORPUS_ADOC, else the shared corpus's adoc folder, else
// testdata/asciidoc.
func BenchmarkAsciiDoc(b *testing.B) {
	benchCorpus(b, "adoc", "URILINT_CORPUS_ADOC", ".adoc", walkAsciiDocDoc)
}
func BenchmarkRST(b *testing.B) { benchCorpus(b, "rst", "URILINT_CORPUS_RST", ".rst", walkRST) }

// BenchmarkAsciiDocTargets and BenchmarkRSTTargets are the walkers as the
// local link rules run them: with the targets and cross references.
func BenchmarkAsciiDocTargets(b *testing.B) {
	benchCorpus(b, "adoc", "URILINT_CORPUS_ADOC", ".adoc", func(d []byte) {
		AsciiDoc(d, Options{Target: func(Target) {}, CrossReferences: true}, func(*Candidate) {})
	})
}

func BenchmarkRSTTargets(b *testing.B) {
	benchCorpus(b, "rst", "URILINT_CORPUS_RST", ".rst", func(d []byte) {
		ReStructuredText(d, Options{Target: func(Target) {}}, func(*Candidate) {})
	})
}

// BenchmarkWalkerRatios measures the walkers' targets on a noisy machine:
// the Markdown walker's throughput relative to goldmark's parse alone and
// the HTML walker's relative to the bare tokenizer (issue 3: 0.8 for both),
// the XML walker's relative to encoding/xml's RawToken (issue 16: at
// least 1), the AsciiDoc walker's relative to the Markdown walker's (issue
// 24: at least 0.5; bytes per second, each on its own corpus), and the
// reStructuredText walker's likewise ("rst/markdown"). Each iteration times the baseline and the walker on each
// document in turn; a document's time for each is the fastest of the
// iterations, and the ratio is of the sums. Other work on the machine comes
// in bursts that slow both passes of a document or neither, and a burst
// does not outlast every iteration of a document, so the figure barely
// moves from run to run where whole-corpus timings moved by a tenth.
func BenchmarkWalkerRatios(b *testing.B) {
	md, _ := corpusOf(b, "md", "URILINT_CORPUS_MD", ".md")
	ht, _ := corpusOf(b, "html", "URILINT_CORPUS_HTML", ".html")
	xm, _ := corpusOf(b, "xml", "URILINT_CORPUS_XML", ".xml")
	ad, _ := corpusOf(b, "adoc", "URILINT_CORPUS_ADOC", ".adoc")
	rs, _ := corpusOf(b, "rst", "URILINT_CORPUS_RST", ".rst")
	type pair struct {
		docs         [][]byte
		base, walker func([]byte)
		bestB, bestW []time.Duration
		metric       string
	}
	pairs := []*pair{
		{docs: md, base: goldmarkParse, walker: walkMarkdown, metric: "markdown/goldmark"},
		{docs: ht, base: tokenize, walker: walkHTMLDoc, metric: "html/tokenizer"},
		{docs: xm, base: rawTokens, walker: walkXMLDoc, metric: "xml/rawtoken"},
		// The AsciiDoc walker against itself: its pair only times it (the
		// ratio of bytes per second with the Markdown walker is below).
		{docs: ad, base: walkAsciiDocDoc, walker: walkAsciiDocDoc},
		// The Markdown walker's throughput against the rst walker's: base
		// and walker run on different documents, compared per byte.
		{docs: rs, base: walkRST, walker: walkRST, metric: "rst/markdown"},
	}
	timed := func(pass func([]byte), d []byte) time.Duration {
		start := time.Now()
		pass(d)
		return time.Since(start)
	}
	for _, p := range pairs {
		p.bestB, p.bestW = make([]time.Duration, len(p.docs)), make([]time.Duration, len(p.docs))
		for i := range p.docs {
			p.bestB[i], p.bestW[i] = 1<<62, 1<<62
		}
	}
	for b.Loop() {
		for _, p := range pairs {
			for i, d := range p.docs {
				p.bestB[i] = min(p.bestB[i], timed(p.base, d))
				p.bestW[i] = min(p.bestW[i], timed(p.walker, d))
			}
		}
	}
	throughput := make(map[*pair]float64)
	perByte := func(docs [][]byte, best []time.Duration) float64 {
		var t time.Duration
		var n int
		for i, d := range docs {
			t += best[i]
			n += len(d)
		}
		return float64(t) / float64(n)
	}
	for _, p := range pairs {
		if p.metric == "rst/markdown" {
			// Time per byte of the Markdown walker (pairs[0]'s walker) over
			// that of the rst walker.
			b.ReportMetric(perByte(pairs[0].docs, pairs[0].bestW)/perByte(p.docs, p.bestW), p.metric)
			continue
		}
		var sumB, sumW time.Duration
		var n int
		for i, d := range p.docs {
			sumB += p.bestB[i]
			sumW += p.bestW[i]
			n += len(d)
		}
		throughput[p] = float64(n) / float64(sumW)
		if p.metric != "" {
			b.ReportMetric(float64(sumB)/float64(sumW), p.metric)
		}
	}
	b.ReportMetric(throughput[pairs[3]]/throughput[pairs[0]], "asciidoc/markdown")
}

// BenchmarkGoldmarkFile is goldmark's parse alone of the Markdown file
// URILINT_BIG_MD names (skipped without it): the floor of `urilint check`
// on a large Markdown file (issue 27: check within 1.3 times that).
func BenchmarkGoldmarkFile(b *testing.B) {
	_, src := testcorpus.BigMarkdown(b)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		goldmarkParse(src)
	}
}

// BenchmarkMarkdownGuard measures what the guard against pathological
// Markdown (inlineLimit, overInlineWork) costs the walker on the Markdown
// corpus (issue 27: under 5%): each iteration walks each document with the
// guard and without it, a document's time for each is the fastest of the
// iterations, and "guard-cost-%" is the difference over the sum with the
// guard (as BenchmarkWalkerRatios, so that bursts of other work cancel).
func BenchmarkMarkdownGuard(b *testing.B) {
	docs, n := corpusOf(b, "md", "URILINT_CORPUS_MD", ".md")
	guarded, bare := newMarkdownParser(true), newMarkdownParser(false)
	defer func(p func() parser.Parser) { markdownParser = p }(markdownParser)
	timed := func(p parser.Parser, d []byte) time.Duration {
		markdownParser = func() parser.Parser { return p }
		start := time.Now()
		walkMarkdown(d)
		return time.Since(start)
	}
	bestG, bestB := make([]time.Duration, len(docs)), make([]time.Duration, len(docs))
	for i := range docs {
		bestG[i], bestB[i] = 1<<62, 1<<62
	}
	b.SetBytes(n)
	odd := false
	for b.Loop() {
		for i, d := range docs {
			if odd { // each first in turn: the second of a pair finds the caches warm
				bestG[i] = min(bestG[i], timed(guarded, d))
				bestB[i] = min(bestB[i], timed(bare, d))
			} else {
				bestB[i] = min(bestB[i], timed(bare, d))
				bestG[i] = min(bestG[i], timed(guarded, d))
			}
		}
		odd = !odd
	}
	var sumG, sumB time.Duration
	for i := range docs {
		sumG += bestG[i]
		sumB += bestB[i]
	}
	b.ReportMetric(100*float64(sumG-sumB)/float64(sumG), "guard-cost-%")
}

// BenchmarkMarkdownSplits is the cutting of a large Markdown document into
// parts (MarkdownSplits, as urilint check makes it before checking the
// parts, on one goroutine): the Markdown corpus as one document.
func BenchmarkMarkdownSplits(b *testing.B) {
	docs, n := corpusOf(b, "md", "URILINT_CORPUS_MD", ".md")
	doc := bytes.Join(docs, nil)
	b.SetBytes(n)
	for b.Loop() {
		MarkdownSplits(doc, 1<<20)
	}
}

// BenchmarkMarkdownBig is the walker on one paragraph of 4 MiB whose lines
// hold markup: read in pieces (see mdbig.go).
func BenchmarkMarkdownBig(b *testing.B) {
	var doc []byte
	for i := 0; len(doc) < 4<<20; i++ {
		doc = fmt.Appendf(doc, "see `code%d` and http://a.example/%d *em* [t](http://b.example/%d) urn:isbn:%d\n", i, i, i, i)
	}
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		walkMarkdown(doc)
	}
}
