package fileio_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/rules"
)

// BenchmarkFiles is the walk alone: choosing the files of a directory tree
// (the shared corpus, 2,793 files in 2,063 directories, when it is there;
// else the repository's testdata), with the configuration search and
// .gitignore, as check does before reading any file.
func BenchmarkFiles(b *testing.B) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus")
	if _, err := os.Stat(dir); err != nil {
		dir = filepath.Join("..", "..", "testdata")
	}
	var names []string
	for _, r := range rules.All {
		names = append(names, r.Name)
	}
	var n int
	for b.Loop() {
		configs, err := config.NewFinder(names, "", false)
		if err != nil {
			b.Fatal(err)
		}
		files, _ := fileio.Files([]string{dir}, fileio.WalkOptions{Configs: configs, Jobs: 2})
		n = len(files)
	}
	b.ReportMetric(float64(n), "files")
}
