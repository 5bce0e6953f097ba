package extract

import (
	"bytes"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/testcorpus"
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

// BenchmarkText is the scanner alone, with positions.
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
				p := Parse(c.URI, AsAuto, RFC8141)
				_ = p.Valid()
			}
		}
	}
}

func BenchmarkParse(b *testing.B) {
	uris := []string{
		"https://www.rfc-editor.org/info/rfc8141",
		"urn:ietf:params:xml:ns:yang:ietf-interfaces",
		"http://[2001:db8::7]/c=GB?objectClass?one",
		"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=lat=1#frag",
	}
	var n int64
	for _, u := range uris {
		n += int64(len(u))
	}
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range uris {
			Parse(u, AsAuto, RFC8141)
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

func BenchmarkTokenizer(b *testing.B) {
	benchCorpus(b, "html", "URILINT_CORPUS_HTML", ".html", tokenize)
}

func BenchmarkHTML(b *testing.B) { benchCorpus(b, "html", "URILINT_CORPUS_HTML", ".html", walkHTMLDoc) }

// BenchmarkWalkerRatios measures issue 3's targets on a noisy machine: each
// iteration times the baseline and the walker over the same files, in
// turn, and the ratio of the fastest pass of each is reported as the
// walker's throughput relative to the baseline (the targets are 0.8 for
// both): the Markdown walker against goldmark's parse alone, the HTML
// walker against the bare tokenizer.
func BenchmarkWalkerRatios(b *testing.B) {
	md, _ := corpusOf(b, "md", "URILINT_CORPUS_MD", ".md")
	ht, _ := corpusOf(b, "html", "URILINT_CORPUS_HTML", ".html")
	timed := func(docs [][]byte, pass func([]byte)) time.Duration {
		start := time.Now()
		for _, d := range docs {
			pass(d)
		}
		return time.Since(start)
	}
	best := [4]time.Duration{1 << 62, 1 << 62, 1 << 62, 1 << 62}
	for b.Loop() {
		for i, t := range []time.Duration{
			timed(md, goldmarkParse), timed(md, walkMarkdown), timed(ht, tokenize), timed(ht, walkHTMLDoc),
		} {
			best[i] = min(best[i], t)
		}
	}
	b.ReportMetric(float64(best[0])/float64(best[1]), "markdown/goldmark")
	b.ReportMetric(float64(best[2])/float64(best[3]), "html/tokenizer")
}
