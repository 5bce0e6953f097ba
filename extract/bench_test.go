package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// corpus returns the plain-text documents to benchmark on: the directory
// named by URILINT_CORPUS, else the shared RFC corpus next to the
// repository, else the small sample in testdata/corpus.
func corpus(b *testing.B) ([][]byte, int64) {
	b.Helper()
	dirs := []string{os.Getenv("URILINT_CORPUS"), filepath.Join("..", "..", "shared", "corpus", "txt"), filepath.Join("..", "testdata", "corpus")}
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
		if len(files) == 0 {
			continue
		}
		var docs [][]byte
		var n int64
		for _, f := range files {
			doc, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			docs = append(docs, doc)
			n += int64(len(doc))
		}
		b.Logf("corpus %s: %d files, %d bytes", dir, len(files), n)
		return docs, n
	}
	b.Fatal("no corpus found")
	return nil, 0
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
