package gitignore

import (
	"bufio"
	"bytes"
	"slices"
	"strings"
	"testing"

	gogit "github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// The go-git matcher as urilint used it (lint/gitignore.go before this
// package): its lines read the same way, "dir/**" rewritten "dir/**/*".
func init() {
	others = append(others, matcher{"go-git", func(files []ignoreFile) func(string, bool) (bool, string, int) {
		var ps []gogit.Pattern
		for _, f := range files {
			ps = append(ps, goGitPatterns(f.content, f.dir)...)
		}
		return func(path string, isDir bool) (bool, string, int) {
			return gogit.NewMatcher(ps).Match(strings.Split(path, "/"), isDir), "", 0
		}
	}})
}

func goGitPatterns(data []byte, dir string) []gogit.Pattern {
	var domain []string
	if dir != "" {
		domain = strings.Split(dir, "/")
	}
	var ps []gogit.Pattern
	sc := bufio.NewScanner(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		ps = append(ps, gogit.ParsePattern(goGitPattern(line), domain))
	}
	return ps
}

func goGitPattern(line string) string {
	trimmed := strings.TrimRight(line, " ")
	switch {
	case strings.HasSuffix(trimmed, "/**"):
		return trimmed + "/*"
	case strings.HasSuffix(trimmed, "/**/"):
		return trimmed[:len(trimmed)-1] + "/*/"
	}
	return line
}

// BenchmarkMatchGoGit is BenchmarkMatch with go-git, as lint used it.
func BenchmarkMatchGoGit(b *testing.B) {
	es := benchEntries(b)
	patterns := map[string][]gogit.Pattern{}
	ps := make([][]gogit.Pattern, len(es))
	rels := make([][]string, len(es))
	for i, e := range es {
		key := e.variant + "\x00" + e.dir
		if _, ok := patterns[key]; !ok {
			var list []gogit.Pattern
			for _, f := range e.files {
				list = append(list, goGitPatterns(f.content, f.dir)...)
			}
			patterns[key] = list
		}
		ps[i] = patterns[key]
		if e.dir != "" {
			rels[i] = strings.Split(e.dir, "/")
		}
	}
	ignored := 0
	b.ReportAllocs()
	for b.Loop() {
		ignored = 0
		for i, e := range es {
			if gogit.NewMatcher(ps[i]).Match(append(slices.Clip(rels[i]), e.name), e.isDir) {
				ignored++
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(es)), "ns/path")
	b.ReportMetric(float64(ignored), "ignored")
}
