package rules

import (
	"math/rand/v2"
	"runtime/debug"
	"strings"
	"testing"

	"golang.org/x/net/idna"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/cputime"
	"github.com/urilint/urilint/lint"
)

// aLabelRef is aLabel as its doc says, done the slow way: the whole name
// encoded, then measured.
func aLabelRef(host string) (string, bool) {
	ace, err := idna.Lookup.ToASCII(host)
	if err != nil || !fitsDNS(ace, false) {
		return "", false
	}
	return ace, true
}

// randomHost makes a host name of pieces that IDNA maps, composes, ignores
// or splits at, with labels around the length limits.
func randomHost(r *rand.Rand) string {
	pieces := []string{
		"a", "Z", "0", "-", ".", "é", "e\u0301", "ß", "中", "ｘ", "ｎ", "－", "。", "．", "\u00ad", "\ufe0f",
		"\u200d", "xn--", "xn--bcher-kva", "\u1100\u1161\u11a8", "㎏", "ﷺ", "_", "%", "\u0627", "ｶﾞ",
		strings.Repeat("a", 30), strings.Repeat("é", 20), strings.Repeat("\u00ad", 40), strings.Repeat("e\u0301", 15),
	}
	var b strings.Builder
	for range r.IntN(24) + 1 {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// TestALabelProperty: measuring labels before encoding them never refuses
// a name that, encoded whole, fits DNS's limits, nor changes its A-label.
func TestALabelProperty(t *testing.T) {
	hosts := []string{
		"bücher.example", "例え.jp", "BÜCHER.example.", strings.Repeat("a", 55) + "é.example",
		strings.Repeat("a", 56) + "é.example", strings.Repeat("a", 63) + ".é", strings.Repeat("a", 64) + ".é",
		strings.Repeat("é.", 84) + "a", strings.Repeat("é.", 85) + "a", strings.Repeat("\u00ad", 500) + "é",
		strings.Repeat("ｘ", 70) + ".é", "ｘｎ－－bcher-kva.é", "",
	}
	r := rand.New(rand.NewPCG(22, 7))
	for range 20000 {
		hosts = append(hosts, randomHost(r))
	}
	fits := 0
	for _, h := range hosts {
		got, gotOK := aLabel(h)
		want, wantOK := aLabelRef(h)
		if got != want || gotOK != wantOK {
			t.Fatalf("aLabel(%q) = %q, %v; encoded whole, %q, %v", h, got, gotOK, want, wantOK)
		}
		if gotOK {
			fits++
		}
	}
	if fits < len(hosts)/10 {
		t.Errorf("only %d of %d hosts fit: the test tries too few", fits, len(hosts))
	}
}

// FuzzALabel: aLabel agrees with encoding the whole name and measuring it.
func FuzzALabel(f *testing.F) {
	for _, h := range []string{"bücher.example", "例え.jp", strings.Repeat("a", 56) + "é", "ｘｎ－－bcher-kva.é"} {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, host string) {
		if len(host) > 1<<10 {
			return // encoding the whole name takes superlinear time
		}
		got, gotOK := aLabel(host)
		want, wantOK := aLabelRef(host)
		if got != want || gotOK != wantOK {
			t.Fatalf("aLabel(%q) = %q, %v; encoded whole, %q, %v", host, got, gotOK, want, wantOK)
		}
	})
}

// TestNonASCIIHostLinear: uri-non-ascii takes linear time on hosts of any
// length. It used to run IDNA on the whole host for each of its non-ASCII
// runs (up to 100), and Punycode's encoding takes time in a label's length
// times its distinct characters: a 60 KB plain-text file took 6-17 s.
func TestNonASCIIHostLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	ch, err := lint.NewChecker(All, &lint.Config{Severity: map[string]lint.Severity{URINonASCII.Name: lint.Warning}})
	if err != nil {
		t.Fatal(err)
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	distinct := func(n int) string {
		var b strings.Builder
		for i := range n {
			b.WriteRune(rune(0x4E00 + i%20000))
		}
		return b.String()
	}
	shapes := []struct {
		name string
		host func(n int) string // a host of about 3n bytes
	}{
		{"distinct characters", distinct},
		{"non-ASCII runs", func(n int) string { return strings.Repeat("éa", n) }},
		{"many labels", func(n int) string { return strings.Repeat("éa.", n) }},
		{"an ASCII xn-- label", func(n int) string { return "é.xn--" + strings.Repeat("a", 3*n) }},
		{"a full-width xn-- label", func(n int) string { return "é.ｘｎ－－" + strings.Repeat("a", 3*n) }},
		{"combining marks", func(n int) string { return "e" + strings.Repeat("\u0301\u0300", n) }},
		{"labels of distinct characters", func(n int) string {
			var b strings.Builder
			for i := 0; i < n; i += 50 {
				b.WriteString(distinct(50) + ".")
			}
			return b.String()
		}},
	}
	const n = 2000
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			doc := func(n int) []byte { return []byte("see http://" + s.host(n) + "/ and\n") }
			small, large := doc(n), doc(10*n)
			found := 0
			ch.Check("doc", extract.FormatText, small, func(d *lint.Diagnostic) { found++ })
			if found == 0 {
				t.Fatal("no diagnostic")
			}
			cputime.Linear(t, len(small), len(large), func(l bool) {
				ch.Check("doc", extract.FormatText, map[bool][]byte{false: small, true: large}[l], func(*lint.Diagnostic) {})
			}, 0, 0)
		})
	}
}

// BenchmarkALabel: aLabel against encoding the whole name at once, on a
// name of ordinary length.
func BenchmarkALabel(b *testing.B) {
	const host = "bücher.例え.example"
	for _, f := range []struct {
		name string
		f    func(string) (string, bool)
	}{{"measured", aLabel}, {"whole", aLabelRef}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(host)))
			for b.Loop() {
				f.f(host)
			}
		})
	}
}
