// Package testcorpus loads the documents that benchmarks run on.
package testcorpus

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Doc is one document of a corpus.
type Doc struct {
	Path string
	Src  []byte
}

// Load returns the documents with extension ext (".txt") to benchmark on,
// and their total size: those under the directory named by the environment
// variable env, else under the shared corpus's folder kind ("txt", "md",
// "html", "xml", "rst", "adoc") next to the repository, else the repository's
// own documents of that kind (testdata/corpus, testdata/markdown,
// testdata/html, testdata/xml, testdata/rst, testdata/asciidoc), so that a
// plain clone can run every benchmark.
func Load(tb testing.TB, kind, env, ext string) ([]Doc, int64) {
	tb.Helper()
	root := repoRoot(tb)
	own := map[string]string{"txt": "corpus", "md": "markdown", "html": "html", "xml": "xml", "rst": "rst", "adoc": "asciidoc"}[kind]
	dirs := []string{os.Getenv(env), filepath.Join(root, "..", "shared", "corpus", kind), filepath.Join(root, "testdata", own)}
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		var docs []Doc
		var n int64
		err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(p) != ext {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			docs = append(docs, Doc{p, src})
			n += int64(len(src))
			return nil
		})
		if err != nil {
			tb.Fatal(err)
		}
		if len(docs) > 0 {
			tb.Logf("corpus %s: %d files, %d bytes", dir, len(docs), n)
			return docs, n
		}
	}
	tb.Fatal("no corpus found")
	return nil, 0
}

// repoRoot is the directory of go.mod, above the package directory where go
// test runs.
func repoRoot(tb testing.TB) string {
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// Conformance returns the cases of testdata/conformance/name, a JSON Lines
// file (cases copied from other projects' test suites; see the README
// there), each decoded into a T.
func Conformance[T any](tb testing.TB, name string) []T {
	tb.Helper()
	f, err := os.Open(filepath.Join(repoRoot(tb), "testdata", "conformance", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var cases []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var c T
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return cases
}

// BigMarkdown returns the path and bytes of the large Markdown file the
// environment variable URILINT_BIG_MD names, for the benchmarks of issue
// 27 (a file of 256 MB is no file of the repository); it skips tb when the
// variable names none.
func BigMarkdown(tb testing.TB) (string, []byte) {
	tb.Helper()
	path := os.Getenv("URILINT_BIG_MD")
	if path == "" {
		tb.Skip("URILINT_BIG_MD names no file")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return path, src
}
