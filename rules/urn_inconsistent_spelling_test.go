package rules

import (
	"fmt"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/cputime"
	"github.com/urilint/urilint/lint"
)

// spellings returns a document of n lines, each the URN urn:<nid>:x with
// the NID's letters in another case: n spellings of one URN.
func spellings(n int) []byte {
	const nid = "abcdefghijklmnopqr" // 2^18 spellings
	var b strings.Builder
	for i := range n {
		b.WriteString("urn:")
		for j := range len(nid) {
			c := nid[j]
			if i>>j&1 == 1 {
				c -= 'a' - 'A'
			}
			b.WriteByte(c)
		}
		b.WriteString(":x\n")
	}
	return []byte(b.String())
}

// acrossRun checks doc as the one document of a run with every rule on,
// and returns how many diagnostics the Across steps give.
func acrossRun(t testing.TB, doc []byte) int {
	across := lint.NewAcross()
	ch, err := lint.NewChecker(All, &lint.Config{Strict: true, Across: across})
	if err != nil {
		t.Fatal(err)
	}
	ch.Check("a.txt", extract.FormatText, doc, func(*lint.Diagnostic) {})
	return len(across.Finish([]string{"a.txt"}))
}

// TestInconsistentSpellingLinear: urn-inconsistent-spelling takes linear
// time in the spellings of a URN. Each place's spelling was looked for
// among the URN's spellings one by one: 40,000 spellings took 10.6 s, 4.3
// times as long for each doubling.
func TestInconsistentSpellingLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	const n = 3000
	small, large := spellings(n), spellings(10*n)
	// Every spelling but the usual one is reported.
	if got := acrossRun(t, small); got != n-1 {
		t.Fatalf("%d diagnostics for %d spellings", got, n)
	}
	cputime.Linear(t, len(small), len(large), func(l bool) {
		doc := small
		if l {
			doc = large
		}
		acrossRun(t, doc)
	}, 0, 0)
}

// BenchmarkInconsistentSpelling: a run of one URN in 10,000 spellings, and
// one of 10,000 URNs each in two spellings.
func BenchmarkInconsistentSpelling(b *testing.B) {
	var pairs strings.Builder
	for i := range 10000 {
		fmt.Fprintf(&pairs, "urn:example:%d urn:EXAMPLE:%d\n", i, i)
	}
	for _, doc := range []struct {
		name string
		doc  []byte
	}{{"spellings", spellings(10000)}, {"urns", []byte(pairs.String())}} {
		b.Run(doc.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc.doc)))
			for b.Loop() {
				acrossRun(b, doc.doc)
			}
		})
	}
}
