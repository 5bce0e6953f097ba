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

// BenchmarkGoldmarkParse is the Markdown baseline: goldmark's parse alone
// (same parser and extensions as the walker), on the same files.
func BenchmarkGoldmarkParse(b *testing.B) {
	docs, n := corpusOf(b, "md", "URILINT_CORPUS_MD", ".md")
	b.SetBytes(n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			markdownParser().Parse(text.NewReader(d))
		}
	}
}

// BenchmarkMarkdown is the Markdown walker end to end: parse, walk, scan,
// positions.
func BenchmarkMarkdown(b *testing.B) {
	docs, n := corpusOf(b, "md", "URILINT_CORPUS_MD", ".md")
	b.SetBytes(n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			Markdown(d, Options{}, func(*Candidate) {})
		}
	}
}

// BenchmarkTokenizer is the HTML baseline: the bare x/net/html tokenizer,
// token by token with Raw, on the same files.
func BenchmarkTokenizer(b *testing.B) {
	docs, n := corpusOf(b, "html", "URILINT_CORPUS_HTML", ".html")
	b.SetBytes(n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			z := html.NewTokenizer(bytes.NewReader(d))
			for z.Next() != html.ErrorToken {
				_ = z.Raw()
			}
		}
	}
}

// BenchmarkHTML is the HTML walker end to end.
func BenchmarkHTML(b *testing.B) {
	docs, n := corpusOf(b, "html", "URILINT_CORPUS_HTML", ".html")
	b.SetBytes(n)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, d := range docs {
			HTML(d, Options{}, func(*Candidate) {})
		}
	}
}

// BenchmarkWalkerRatios measures issue 3's targets on a noisy machine: each
// iteration times the baseline and the walker over the same files, in
// turn, and the ratio of the fastest pass of each is reported as the
// walker's throughput relative to the baseline (the targets are 0.8 for
// both): the Markdown walker against goldmark's parse alone, the HTML
// walker against the bare tokenizer.
func BenchmarkWalkerRatios(b *testing.B) {
	md, _ := corpusOf(b, "md", "URILINT_CORPUS_MD", ".md")
	ht, _ := corpusOf(b, "html", "URILINT_CORPUS_HTML", ".html")
	pass := func(docs [][]byte, f func([]byte)) time.Duration {
		start := time.Now()
		for _, d := range docs {
			f(d)
		}
		return time.Since(start)
	}
	tokenize := func(d []byte) {
		z := html.NewTokenizer(bytes.NewReader(d))
		for z.Next() != html.ErrorToken {
			_ = z.Raw()
		}
	}
	best := [4]time.Duration{1 << 62, 1 << 62, 1 << 62, 1 << 62}
	for b.Loop() {
		for i, t := range []time.Duration{
			pass(md, func(d []byte) { markdownParser().Parse(text.NewReader(d)) }),
			pass(md, func(d []byte) { Markdown(d, Options{}, func(*Candidate) {}) }),
			pass(ht, tokenize),
			pass(ht, func(d []byte) { HTML(d, Options{}, func(*Candidate) {}) }),
		} {
			best[i] = min(best[i], t)
		}
	}
	b.ReportMetric(float64(best[0])/float64(best[1]), "markdown/goldmark")
	b.ReportMetric(float64(best[2])/float64(best[3]), "html/tokenizer")
}
