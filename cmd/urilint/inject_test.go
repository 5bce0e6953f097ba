//go:build unix

package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// hostilePieces are what a file name, a configuration key or value, or a
// value to validate may hold to take over a terminal or a CI log: escape
// sequences, controls, bidirectional overrides, line separators, invalid
// UTF-8, and GitHub Actions workflow commands ("::" at the start of a line,
// "##[" anywhere).
var hostilePieces = []string{
	"\x1b[31m", "\x1b]0;title\a", "\a", "\r", "\n", "\t", "\x7f", "\u0085", "\u009b", "\u2028", "\u2029",
	"\u202e", "\u2066", "\u200f", "\ufeff", "\u00a0", "\xff", "\xc2",
	"::warning file=x::pwned", "::", "##[stop-commands]t", "##[", "#", "[", ":", " ", "a", "é", "-",
}

// hostile returns a random string of hostilePieces.
func hostile(r *rand.Rand) string {
	var b strings.Builder
	for range 1 + r.IntN(6) {
		b.WriteString(hostilePieces[r.IntN(len(hostilePieces))])
	}
	return b.String()
}

// fileName makes s usable as a file name: no "/" and no NUL, not "." or
// "..", and not hidden (a walk skips hidden files).
func fileName(s string) string {
	s = strings.NewReplacer("/", "_", "\x00", "_").Replace(s)
	return "f" + s
}

// TestPrintedTextIsVisible is a property test: random file names,
// configuration keys and values, paths and values carrying escape
// sequences, controls and workflow commands go through every command that
// prints them, and what reaches standard output (the text formats) and
// standard error never holds a character that is not printable, "##[", or
// a line starting with "::". The github format's own lines start with
// "::error", "::warning" or "::notice" and hold nothing else unprintable.
func TestPrintedTextIsVisible(t *testing.T) {
	const doc = "See http://example.com/%zz and [x](<http://example.com/a b.html>).\n"
	for seed := range uint64(25) {
		r := rand.New(rand.NewPCG(seed, 4))
		x := hostile(r)
		dir := t.TempDir()
		name := fileName(x)
		write := func(rel, content string) string {
			p := filepath.Join(dir, rel)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			return p
		}
		yamlKey := strconv.Quote(x) // Go's escapes are YAML's
		docs := filepath.Join(dir, "docs")
		doc1 := write("docs/"+name+".md", doc)
		ro := write("ro/"+name+".md", doc)
		if err := os.Chmod(ro, 0o444); err != nil {
			t.Fatal(err)
		}
		twice := write("twice.yaml", yamlKey+": 1\n"+yamlKey+": 2\n")
		values := write("values.yaml", "urn-syntax: "+yamlKey+"\nrules:\n  "+yamlKey+": info\ninclude: ["+yamlKey+"]\nallowed-nids: ["+yamlKey+"]\n")
		write("bad/"+name+"/.urilint.yaml", "rules: [\n")
		write("bad/"+name+"/a.md", doc)
		write("notdir", "")
		if err := os.MkdirAll(filepath.Join(dir, "init", name), 0o755); err != nil {
			t.Fatal(err)
		}
		text := [][]string{
			{"check", docs},
			{"check", doc1},
			{"check", "--format", "text", "--format", "json:" + filepath.Join(dir, "out.json"), docs},
			{"check", "--format", "json", docs},
			{"check", "--format", "jsonl", docs},
			{"check", "--format", "sarif", docs},
			{"check", "--list-files", docs},
			{"check", "--config", twice, doc1},
			{"check", "--config", values, doc1},
			{"check", filepath.Join(dir, "bad")},
			{"check", filepath.Join(dir, "bad", name, "a.md")},
			{"check", filepath.Join(dir, name+"-missing")},
			{"check", "--output", filepath.Join(dir, "notdir", name), doc1},
			{"check", "--format", "json:" + filepath.Join(dir, "notdir", name), doc1},
			{"check", "--baseline", filepath.Join(dir, name+".json"), doc1},
			{"check", "--fix", ro},
			{"check", "--stdin-filename", name + ".md", "-"},
			{"check", "--" + x, doc1},
			{"check", "--format", x, doc1},
			{"extract", docs},
			{"extract", "--format", "jsonl", docs},
			{"validate", x},
			{"validate", "http://a.example/" + x},
			{"validate", "--format", "json", x},
			{"validate", "-"},
			{"explain", x},
			{"config", "print", doc1},
			{"config", "print", "--config", values, doc1},
			{"init", filepath.Join(dir, "init", name)},
			{x},
		}
		for _, args := range text {
			var stdout, stderr bytes.Buffer
			run(args, strings.NewReader(doc+x+"\n"), &stdout, &stderr)
			for stream, out := range map[string]string{"stdout": stdout.String(), "stderr": stderr.String()} {
				if why := invisible(out); why != "" {
					t.Errorf("seed %d: %q: %s holds %s:\n%s", seed, args, stream, why, out)
				}
			}
		}
		var stdout, stderr bytes.Buffer
		run([]string{"check", "--format", "github", docs}, strings.NewReader(""), &stdout, &stderr)
		if why := invisible(stderr.String()); why != "" {
			t.Errorf("seed %d: check --format github: stderr holds %s", seed, why)
		}
		for _, line := range strings.SplitAfter(stdout.String(), "\n") {
			if line == "" {
				continue
			}
			if !strings.HasPrefix(line, "::error file=") && !strings.HasPrefix(line, "::warning file=") && !strings.HasPrefix(line, "::notice file=") {
				t.Errorf("seed %d: check --format github: line %q", seed, line)
			}
			if why := unprintableIn(strings.TrimSuffix(line, "\n")); why != "" {
				t.Errorf("seed %d: check --format github: line %q holds %s", seed, line, why)
			}
		}
	}
}

// invisible reports what is wrong with out as text for a terminal or a CI
// log, or "": a character that is not printable (but a line feed), "##[",
// or a line starting, after whitespace, with "::".
func invisible(out string) string {
	if why := unprintableIn(out); why != "" {
		return why
	}
	if strings.Contains(out, "##[") {
		return `"##["`
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
			return "the line " + strconv.Quote(line)
		}
	}
	return ""
}

// unprintableIn reports invalid UTF-8 or a character that is not printable
// (but a space or a line feed) in s, or "".
func unprintableIn(s string) string {
	if !utf8.ValidString(s) {
		return "invalid UTF-8"
	}
	for _, r := range s {
		if r != ' ' && r != '\n' && !strconv.IsPrint(r) {
			return "the character " + strconv.QuoteRune(r)
		}
	}
	return ""
}
