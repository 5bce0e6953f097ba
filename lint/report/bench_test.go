package report

import (
	"io"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/testcorpus"
)

// writerCorpora are the corpora of BenchmarkTextCandidates.
var writerCorpora = []struct{ kind, env, ext string }{
	{"html", "URILINT_CORPUS_HTML", ".html"},
	{"md", "URILINT_CORPUS_MD", ".md"},
	{"txt", "URILINT_CORPUS", ".txt"},
}

// extracted is a corpus document with the candidates urilint extract
// finds in it.
type extracted struct {
	path  string
	cands []extract.Candidate
	loc   *extract.Locator
}

func extractCorpus(b *testing.B, kind, env, ext string) ([]extracted, int64) {
	docs, n := testcorpus.Load(b, kind, env, ext)
	out := make([]extracted, len(docs))
	for i, d := range docs {
		out[i] = extracted{path: d.Path, loc: extract.NewLocator(d.Src)}
		extract.FormatOf(d.Path).Walk(d.Src, extract.Options{}, func(c *extract.Candidate) {
			out[i].cands = append(out[i].cands, *c)
		})
	}
	return out, n
}

// BenchmarkTextCandidates measures the text writer of urilint extract
// (each candidate's line: its file, position, kind and URI, made
// printable) over the candidates of each corpus, found beforehand. MB/s
// is of the corpus; B/op of the output is reported as out-B.
func BenchmarkTextCandidates(b *testing.B) {
	for _, c := range writerCorpora {
		b.Run(c.kind, func(b *testing.B) {
			docs, n := extractCorpus(b, c.kind, c.env, c.ext)
			w, err := NewCandidateWriter("text", io.Discard)
			if err != nil {
				b.Fatal(err)
			}
			var buf []byte
			out := 0
			b.SetBytes(n)
			for b.Loop() {
				out = 0
				for i := range docs {
					d := &docs[i]
					buf = buf[:0]
					for j := range d.cands {
						buf = w.AppendCandidate(buf, d.path, &d.cands[j], d.loc)
					}
					out += len(buf)
				}
			}
			b.ReportMetric(float64(out), "out-B")
		})
	}
}

// BenchmarkPrintable measures Printable alone on the URIs and the file
// paths of the corpora's candidates.
func BenchmarkPrintable(b *testing.B) {
	for _, c := range writerCorpora {
		b.Run(c.kind, func(b *testing.B) {
			docs, _ := extractCorpus(b, c.kind, c.env, c.ext)
			var strs []string
			size := 0
			for _, d := range docs {
				for _, cand := range d.cands {
					strs = append(strs, d.path, cand.URI)
					size += len(d.path) + len(cand.URI)
				}
			}
			b.SetBytes(int64(size))
			quoted := 0
			for b.Loop() {
				quoted = 0
				for _, s := range strs {
					if p := Printable(s); len(p) != len(s) {
						quoted++
					}
				}
			}
			b.ReportMetric(float64(quoted), "quoted")
		})
	}
}
