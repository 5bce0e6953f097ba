package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/testcorpus"
)

// BenchmarkEndToEnd runs the commands as the shell does, output discarded,
// on one core (-j 1) over the RFC corpus: reading the files, extracting,
// linting, formatting. Issue 4's budget, read end to end: urilint check
// costs at most 10% more than urilint extract. Each iteration runs every
// command once, in turn, and the fastest run of each is reported, in
// seconds and as a ratio to extract.
func BenchmarkEndToEnd(b *testing.B) {
	docs, n := testcorpus.Load(b, "txt", "URILINT_CORPUS", ".txt")
	dir := filepath.Dir(docs[0].Path)
	cmds := []struct {
		name string
		args []string
	}{
		{"extract", []string{"extract", "-j", "1", dir}},
		{"extract-json", []string{"extract", "-j", "1", "--format", "json", dir}},
		{"check", []string{"check", "-j", "1", "--fail-level", "none", dir}},
		{"check-json", []string{"check", "-j", "1", "--fail-level", "none", "--format", "json", dir}},
	}
	best := make([]time.Duration, len(cmds))
	for i := range best {
		best[i] = 1 << 62
	}
	b.SetBytes(int64(len(cmds)) * n)
	for b.Loop() {
		for i, c := range cmds {
			start := time.Now()
			if code := run(c.args, strings.NewReader(""), io.Discard, os.Stderr); code != exitOK {
				b.Fatalf("%v: exit %d", c.args, code)
			}
			best[i] = min(best[i], time.Since(start))
		}
	}
	for i, c := range cmds {
		b.ReportMetric(best[i].Seconds(), c.name+"-s")
		if i > 0 {
			b.ReportMetric(float64(best[i])/float64(best[0]), c.name+"/extract")
		}
	}
}
