package gitignore

import (
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite testdata/corpus-paths.txt from ../shared/corpus/repos")

// sharedCorpus is the shared corpus's repositories, next to the
// repository's clone, when they are there.
var sharedCorpus = filepath.Join("..", "..", "..", "..", "shared", "corpus", "repos")

const pathsFile = "testdata/corpus-paths.txt"

const pathsHeader = `The names of the files and directories of the trees under ../shared/corpus/repos: the documentation of
Hugo, Jekyll and MkDocs and the QUIC and HTTP working groups' drafts (see ../shared/corpus/README.md
for each repository and commit), so that TestGitCorpus runs on their shape without them. Written by
go test -run TestGitCorpus -update. A line ending in "/" is a directory's path, and the lines after
it are the names of its files.
`

// TestGitCorpus compares with git on the trees of real documentation
// repositories, with the .gitignore files such projects have (the corpus
// holds none: testdata/corpus.txtar has them, and the build output they
// are for): on the names in testdata/corpus-paths.txt, and on the shared
// corpus itself when it is there.
func TestGitCorpus(t *testing.T) {
	t.Parallel()
	ar, err := txtar.ParseFile("testdata/corpus.txtar")
	if err != nil {
		t.Fatal(err)
	}
	var extra []string
	variants := map[string]map[string]string{}
	for _, f := range ar.Files {
		if f.Name == "extra" {
			extra = lines(string(f.Data))
			continue
		}
		variant, name, _ := strings.Cut(f.Name, "/")
		if variants[variant] == nil {
			variants[variant] = map[string]string{}
		}
		variants[variant][name] = string(f.Data)
	}
	var cases []gitCase
	for _, v := range slices.Sorted(mapsKeys(variants)) {
		cases = append(cases, gitCase{v, variants[v]})
	}

	t.Run("fixture", func(t *testing.T) {
		data, err := os.ReadFile(pathsFile)
		if err != nil {
			t.Fatal(err)
		}
		runCases(t, append(readPaths(string(data)), extra...), cases)
	})
	t.Run("shared", func(t *testing.T) {
		if _, err := os.Stat(sharedCorpus); err != nil {
			t.Skip("no shared corpus")
		}
		paths := walkCorpus(t)
		if *update {
			if err := os.WriteFile(pathsFile, []byte(writePaths(paths)), 0o666); err != nil {
				t.Fatal(err)
			}
		} else if data, err := os.ReadFile(pathsFile); err != nil || !slices.Equal(readPaths(string(data)), paths) {
			t.Logf("%s differs from the shared corpus: go test -run TestGitCorpus -update rewrites it", pathsFile)
		}
		runCases(t, append(paths, extra...), cases)
	})
}

// walkCorpus lists the shared corpus's directories (with a trailing "/")
// and files, sorted.
func walkCorpus(t *testing.T) []string {
	var paths []string
	err := filepath.WalkDir(sharedCorpus, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == sharedCorpus {
			return err
		}
		rel, err := filepath.Rel(sharedCorpus, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			rel += "/"
		}
		paths = append(paths, rel)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(paths)
	return paths
}

// writePaths writes the paths in the format of corpus-paths.txt: each
// directory, then the names of its files.
func writePaths(paths []string) string {
	files := map[string][]string{}
	var dirs []string
	for _, p := range paths {
		if strings.HasSuffix(p, "/") {
			dirs = append(dirs, p)
			continue
		}
		i := strings.LastIndexByte(p, '/') + 1
		files[p[:i]] = append(files[p[:i]], p[i:])
	}
	var b strings.Builder
	b.WriteString(pathsHeader + "\n")
	for _, f := range files[""] {
		b.WriteString(f + "\n")
	}
	for _, d := range dirs {
		b.WriteString(d + "\n")
		for _, f := range files[d] {
			b.WriteString(f + "\n")
		}
	}
	return b.String()
}

// readPaths reads corpus-paths.txt back, sorted.
func readPaths(data string) []string {
	_, body, _ := strings.Cut(data, "\n\n")
	var paths []string
	dir := ""
	for _, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		if strings.HasSuffix(l, "/") {
			dir = l
			paths = append(paths, l)
			continue
		}
		paths = append(paths, dir+l)
	}
	slices.Sort(paths)
	return slices.Compact(paths)
}

// lines returns the lines of s that are not blank.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

func mapsKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}
