package extract

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// readRSTBoth reads doc gathering every candidate to the end (with a
// comment callback, as RSTComments' readers get them) and streaming them
// block by block (without), and returns both readings: whole candidates
// and targets, candidates in order, targets in order.
func readRSTBoth(doc []byte, code bool) (gathered, streamed [2][]any) {
	for k := range 2 {
		var cands, targets []any
		opts := Options{IncludeCodeBlocks: code, IncludeCodeSpans: code, Target: func(t Target) { targets = append(targets, t) }}
		if k == 0 {
			opts.Comment = func(Comment) {}
		}
		ReStructuredText(doc, opts, func(c *Candidate) {
			cc := *c
			cc.HyphenBreaks = slices.Clone(c.HyphenBreaks)
			cc.pieces = slices.Clone(c.pieces)
			cands = append(cands, cc)
		})
		if k == 0 {
			gathered = [2][]any{cands, targets}
		} else {
			streamed = [2][]any{cands, targets}
		}
	}
	return gathered, streamed
}

// TestRSTStream: the candidates and targets handed over block by block are
// those gathered to the end, in the same order, over the test documents
// and the corpus (a table's cells, a definition list's terms, nested
// lists, titles and their adornments).
func TestRSTStream(t *testing.T) {
	docs := map[string][]byte{}
	for _, s := range rstSeeds {
		docs["seed "+s] = []byte(s)
	}
	for _, pattern := range []string{"../testdata/rst/*.rst", "../testdata/rules/*/*.rst"} {
		paths, _ := filepath.Glob(pattern)
		for _, p := range paths {
			if src, err := os.ReadFile(p); err == nil {
				docs[p] = src
			}
		}
	}
	// The corpus, when it is beside the checkout.
	_ = filepath.WalkDir("../../shared/corpus/rst", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".rst" {
			if src, err := os.ReadFile(p); err == nil {
				docs[p] = src
			}
		}
		return nil
	})
	if len(docs) < 10 {
		t.Fatalf("only %d documents", len(docs))
	}
	for name, doc := range docs {
		for _, code := range []bool{false, true} {
			if g, s := readRSTBoth(doc, code); !reflect.DeepEqual(g, s) {
				t.Errorf("%s (code %v): streamed\n%v\ngathered\n%v", name, code, s, g)
			}
		}
	}
}

func FuzzRSTStream(f *testing.F) {
	for _, s := range rstSeeds {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, doc []byte, code bool) {
		if g, s := readRSTBoth(doc, code); !reflect.DeepEqual(g, s) {
			t.Fatalf("streamed\n%v\ngathered\n%v", s, g)
		}
	})
}

// TestRSTMemory: a reStructuredText document of 8 MiB made of one
// paragraph, or of one list, of URIs and markup holds a small constant
// times its size at once (issue 22, item 14: 28.6 and 14 times when every
// candidate was gathered to the end), with every URI found in order. The
// peak is measured as in TestMarkdownBigMemory.
func TestRSTMemory(t *testing.T) {
	for _, tc := range []struct {
		name string
		line func(i int) string
	}{
		{"paragraph", func(i int) string { return fmt.Sprintf("urn:example:a%d *x* `y` http://a.example/%d_\n", i, i) }},
		{"list", func(i int) string { return fmt.Sprintf("* item %d http://a.example/%d and ``code``\n", i, i) }},
	} {
		var b strings.Builder
		uris := 0
		for i := 0; b.Len() < 8<<20; i++ {
			b.WriteString(tc.line(i))
			uris++
		}
		doc := []byte(b.String())
		n, last, ordered := 0, -1, true
		heldAtPeak(t, tc.name, len(doc), func() {
			ReStructuredText(doc, Options{Target: func(Target) {}}, func(c *Candidate) {
				ordered = ordered && c.Start > last
				last = c.Start
				n++
			})
		})
		want := uris
		if tc.name == "paragraph" {
			want = 2 * uris // the URN and the URL of each line
		}
		if n != want || !ordered {
			t.Errorf("%s: %d candidates (ordered %v), want %d", tc.name, n, ordered, want)
		}
	}
}
