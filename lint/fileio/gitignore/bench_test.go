package gitignore

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// A benchEntry is an entry of a directory a walk reaches, and the ignore
// files in force there.
type benchEntry struct {
	variant string
	dir     string // "" at the root
	name    string
	isDir   bool
	files   []ignoreFile
}

// benchEntries returns the entries a walk reaches in the tree of
// TestGitCorpus (testdata/corpus-paths.txt and the build output of
// corpus.txtar), once for each variant of the .gitignore files: what
// urilint asks about each entry when it walks such repositories.
func benchEntries(tb testing.TB) []benchEntry {
	data, err := os.ReadFile(pathsFile)
	if err != nil {
		tb.Fatal(err)
	}
	ar, err := txtar.ParseFile("testdata/corpus.txtar")
	if err != nil {
		tb.Fatal(err)
	}
	paths := readPaths(string(data))
	variants := map[string]map[string][]byte{}
	for _, f := range ar.Files {
		if f.Name == "extra" {
			paths = append(paths, lines(string(f.Data))...)
			continue
		}
		v, name, _ := strings.Cut(f.Name, "/")
		if variants[v] == nil {
			variants[v] = map[string][]byte{}
		}
		variants[v][name] = f.Data
	}
	// Every path once, its directories too, parents first.
	set := map[string]bool{}
	for _, p := range paths {
		for d := parent(strings.TrimSuffix(p, "/")); d != ""; d = parent(d) {
			set[d+"/"] = true
		}
		set[p] = true
	}
	all := slices.Sorted(mapsKeys(set))
	var es []benchEntry
	for _, v := range slices.Sorted(mapsKeys(variants)) {
		files := map[string][]ignoreFile{}
		ignoredDir := map[string]bool{}
		inForce := func(dir string) []ignoreFile {
			if list, ok := files[dir]; ok {
				return list
			}
			var list []ignoreFile
			src := ".gitignore"
			if dir == "" {
				if c, ok := variants[v][".git/info/exclude"]; ok {
					list = append(list, ignoreFile{"", ".git/info/exclude", c})
				}
			} else {
				list = slices.Clip(files[parent(dir)])
				src = dir + "/.gitignore"
			}
			if c, ok := variants[v][src]; ok {
				list = append(list, ignoreFile{dir, src, c})
			}
			files[dir] = list
			return list
		}
		for _, p := range all {
			isDir := strings.HasSuffix(p, "/")
			p = strings.TrimSuffix(p, "/")
			dir := parent(p)
			if dir != "" && ignoredDir[dir] {
				if isDir {
					ignoredDir[p] = true
				}
				continue
			}
			e := benchEntry{v, dir, p[strings.LastIndexByte(p, '/')+1:], isDir, inForce(dir)}
			es = append(es, e)
			if isDir {
				var ps []Pattern
				for _, f := range e.files {
					ps = append(ps, Parse(f.content, f.dir)...)
				}
				ignoredDir[p] = Match(ps, p, true)
				inForce(p)
			}
		}
	}
	return es
}

// BenchmarkMatch matches every entry of benchEntries as lint's walk does:
// the patterns of each directory parsed once, the entry's path joined to
// its name.
func BenchmarkMatch(b *testing.B) {
	es := benchEntries(b)
	patterns := map[string][]Pattern{}
	ps := make([][]Pattern, len(es))
	for i, e := range es {
		key := e.variant + "\x00" + e.dir
		if _, ok := patterns[key]; !ok {
			var list []Pattern
			for _, f := range e.files {
				list = append(list, Parse(f.content, f.dir)...)
			}
			patterns[key] = list
		}
		ps[i] = patterns[key]
	}
	ignored := 0
	b.ReportAllocs()
	for b.Loop() {
		ignored = 0
		for i, e := range es {
			path := e.name
			if e.dir != "" {
				path = e.dir + "/" + e.name
			}
			if Match(ps[i], path, e.isDir) {
				ignored++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(es)), "ns/path")
	b.ReportMetric(float64(ignored), "ignored")
}
