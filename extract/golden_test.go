package extract

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestTextGolden runs the scanner over documents and compares every
// candidate, with exact positions, with a .golden file next to the document
// (under testdata/golden for the corpus). go test -run Golden -update
// rewrites them; review the diff before committing.
func TestTextGolden(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("..", "testdata", "text", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, filepath.Join("..", "testdata", "corpus", "rfc8141.txt"))
	for _, doc := range docs {
		t.Run(filepath.Base(doc), func(t *testing.T) {
			src, err := os.ReadFile(doc)
			if err != nil {
				t.Fatal(err)
			}
			cands := Text(src)
			checkInvariants(t, src, cands)
			golden := strings.TrimSuffix(doc, ".txt") + ".golden"
			if strings.Contains(doc, "corpus") {
				golden = filepath.Join("..", "testdata", "golden", filepath.Base(golden))
			}
			checkGolden(t, golden, src, cands)
		})
	}
}

// TestWalkersGolden runs the Markdown, HTML, AsciiDoc and reStructuredText
// walkers over the documents in testdata/markdown, testdata/html,
// testdata/asciidoc and testdata/rst and
// compares every candidate, with
// exact positions, with the .golden file next to each. A document whose
// name holds "code" is also read with IncludeCodeBlocks and
// IncludeCodeSpans, into .code.golden.
func TestWalkersGolden(t *testing.T) {
	walkers := []struct {
		dir, ext string
		walk     func([]byte, Options, func(*Candidate))
	}{
		{"markdown", ".md", Markdown},
		{"html", ".html", HTML},
		{"asciidoc", ".adoc", AsciiDoc},
		{"rst", ".rst", ReStructuredText},
	}
	for _, w := range walkers {
		docs, err := filepath.Glob(filepath.Join("..", "testdata", w.dir, "*"+w.ext))
		if err != nil || len(docs) == 0 {
			t.Fatalf("no documents in testdata/%s: %v", w.dir, err)
		}
		for _, doc := range docs {
			t.Run(filepath.Base(doc), func(t *testing.T) {
				src, err := os.ReadFile(doc)
				if err != nil {
					t.Fatal(err)
				}
				variants := []struct {
					suffix string
					opts   Options
				}{{".golden", Options{}}}
				if strings.Contains(filepath.Base(doc), "code") {
					variants = append(variants, struct {
						suffix string
						opts   Options
					}{".code.golden", Options{IncludeCodeBlocks: true, IncludeCodeSpans: true}})
				}
				for _, v := range variants {
					var cands []Candidate
					w.walk(src, v.opts, func(c *Candidate) { cands = append(cands, *c) })
					checkInvariants(t, src, cands)
					checkGolden(t, strings.TrimSuffix(doc, w.ext)+v.suffix, src, cands)
				}
			})
		}
	}
}

// checkGolden compares the rendered candidates with a golden file, or
// rewrites it with -update.
func checkGolden(t *testing.T, golden string, src []byte, cands []Candidate) {
	t.Helper()
	got := []byte(strings.Join(renderAll(src, cands), "\n") + "\n")
	if *update {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("candidates differ from %s (go test -run Golden -update rewrites it):\n%s", golden, lineDiff(string(want), string(got)))
	}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	inW, inG := map[string]bool{}, map[string]bool{}
	for _, l := range w {
		inW[l] = true
	}
	for _, l := range g {
		inG[l] = true
	}
	var b strings.Builder
	for _, l := range w {
		if !inG[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range g {
		if !inW[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}
