//go:build unix

package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixWritesOnlyInsideRoots is a property test of check --fix DIR: in
// random trees of files and symbolic links (to files and directories, in
// the tree and out of it, relative and absolute, chained), no file outside
// DIR changes, and nothing is added outside it; every regular file inside
// DIR is fixed.
func TestFixWritesOnlyInsideRoots(t *testing.T) {
	const doc, fixed = "See [x](<http://example.com/a b.html>).\n", "See [x](<http://example.com/a%20b.html>).\n"
	for seed := range uint64(40) {
		r := rand.New(rand.NewPCG(seed, 22))
		base := t.TempDir()
		root, out := filepath.Join(base, "root"), filepath.Join(base, "out")
		var inside, outside []string // files and directories made, relative to base
		for _, d := range []string{root, out, filepath.Join(root, "sub"), filepath.Join(out, "sub")} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		inside = append(inside, "root", "root/sub")
		outside = append(outside, "out", "out/sub")
		for i := range 2 + r.IntN(4) {
			for _, side := range []string{"root", "out"} {
				name := fmt.Sprintf("%s/%s/f%d.md", side, []string{".", "sub"}[r.IntN(2)], i)
				name = filepath.Clean(name)
				if err := os.WriteFile(filepath.Join(base, name), []byte(doc), 0o644); err != nil {
					t.Fatal(err)
				}
				if side == "root" {
					inside = append(inside, name)
				} else {
					outside = append(outside, name)
				}
			}
		}
		// Links inside root, to anything made so far (links too).
		for i := range 3 + r.IntN(6) {
			targets := append(append([]string{}, inside...), outside...)
			target := targets[r.IntN(len(targets))]
			link := filepath.Join("root", []string{".", "sub"}[r.IntN(2)], fmt.Sprintf("l%d.md", i))
			var dest string
			if r.IntN(2) == 0 {
				dest = filepath.Join(base, target)
			} else {
				rel, err := filepath.Rel(filepath.Dir(filepath.Join(base, link)), filepath.Join(base, target))
				if err != nil {
					t.Fatal(err)
				}
				dest = rel
			}
			if err := os.Symlink(dest, filepath.Join(base, link)); err != nil {
				t.Fatal(err)
			}
			inside = append(inside, link)
		}
		before := snapshot(t, out)
		var stdout, stderr bytes.Buffer
		code := run([]string{"check", "--strict", "--fix", "--quiet", root}, strings.NewReader(""), &stdout, &stderr)
		if after := snapshot(t, out); after != before {
			t.Fatalf("seed %d: outside the root changed (exit %d, stderr %s):\nbefore:\n%s\nafter:\n%s", seed, code, stderr.String(), before, after)
		}
		if code == exitError && !strings.Contains(stderr.String(), "outside the directories given") {
			t.Errorf("seed %d: exit 2, stderr %s", seed, stderr.String())
		}
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if got, _ := os.ReadFile(p); string(got) != fixed {
					t.Errorf("seed %d: %s not fixed: %q", seed, p, got)
				}
			}
			return nil
		})
	}
}

// snapshot describes every entry under dir: its path, type and content.
func snapshot(t *testing.T, dir string) string {
	var b strings.Builder
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %v", p, d.Type())
		if d.Type().IsRegular() {
			data, _ := os.ReadFile(p)
			fmt.Fprintf(&b, " %q", data)
		}
		b.WriteByte('\n')
		return nil
	})
	return b.String()
}

// TestFixChangedFileReported checks what check --fix says of a file saved
// after urilint read it: the file keeps the save, stderr names it, its
// findings are still reported, and the run exits 2.
func TestFixChangedFileReported(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.md")
	if err := os.WriteFile(path, []byte("See [x](<http://example.com/a b.html>).\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const saved = "Saved meanwhile: [x](<http://example.com/c d>).\n"
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, beforeCheck: func(string) {
		// What the checker gets was read already: the save comes after.
		if err := os.WriteFile(path, []byte(saved), 0o644); err != nil {
			t.Error(err)
		}
	}}
	code := e.run([]string{"check", "--strict", "--fix", path})
	if got, _ := os.ReadFile(path); string(got) != saved {
		t.Errorf("the file holds %q, want the save", got)
	}
	want := "urilint: " + path + ": writing fixes: changed since it was read: not fixed (run again)\n"
	if code != exitError || !strings.HasPrefix(stderr.String(), want) || !strings.Contains(stdout.String(), "a.md:1:30: error percent-unencoded") {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2, the finding, and %q", code, stdout.String(), stderr.String(), want)
	}
}
