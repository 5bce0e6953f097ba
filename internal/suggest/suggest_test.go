package suggest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestClosest(t *testing.T) {
	tests := []struct {
		name, want string
		names      []string
	}{
		{"isbm", "isbn", []string{"isbn", "issn"}},
		{"exmaple", "example", []string{"example"}}, //nolint:misspell // the typo is the test
		{"htps", "https", []string{"https", "http"}},
		{"htttp", "http", []string{"https", "http"}},
		{"hxxps", "", []string{"https"}},          // two edits on five letters: no guess (and hxxps is deliberate "defanging")
		{"mialtoo", "mailto", []string{"mailto"}}, // two edits on a longer name
		{"xyzzy", "", []string{"https", "http"}},
		{"ab", "", []string{"abc"}}, // too short to guess
		{"ISBM", "isbn", []string{"isbn"}},
		{"chek", "check", []string{"check", "extract", "validate"}},
		{"formt", "format", []string{"format", "output", "fail-level"}},
		{"percent-lowercse", "percent-lowercase", []string{"percent-malformed", "percent-lowercase"}},
		{"exlude", "exclude", []string{"include", "exclude"}},
		{"checks", "check", []string{"check"}},
		{"", "", []string{"a"}},
	}
	for _, tt := range tests {
		if got := Closest(tt.name, tt.names); got != tt.want {
			t.Errorf("Closest(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"ca", "abc", 9, 3}, // optimal string alignment, not unrestricted Damerau-Levenshtein (2)
		{"abc", "abc", 9, 0},
		{"abc", "acb", 9, 1},
		{"", "abc", 9, 3},
		{"abcdef", "a", 2, 2}, // at least the limit: the limit
		{"kitten", "sitting", 9, 3},
	} {
		if got := Distance(tt.a, tt.b, tt.limit); got != tt.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
	}
	long := string(make([]byte, 100)) // longer than the rows on the stack
	if got := Distance(long, long[1:], 9); got != 1 {
		t.Errorf("Distance of 100 and 99 bytes = %d, want 1", got)
	}
}

func BenchmarkClosest(b *testing.B) {
	names := []string{"https", "http", "ftp", "mailto", "file", "urn", "ssh", "git", "data", "tel", "example", "isbn", "issn"}
	b.ReportAllocs()
	for b.Loop() {
		Closest("exmaple", names) //nolint:misspell // the typo is the benchmark
	}
}

// TestIndex: Index.Closest answers as Closest, on names made of few
// letters (many near each other, of many lengths, with ties).
func TestIndex(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, 1+r.IntN(9))
		for i := range b {
			b[i] = "abcAB"[r.IntN(5)]
		}
		return string(b)
	}
	for range 200 {
		names := make([]string, r.IntN(60))
		for i := range names {
			names[i] = word()
		}
		x := NewIndex(names)
		for range 50 {
			name := word()
			if got, want := x.Closest(name), Closest(name, names); got != want {
				t.Fatalf("Closest(%q) of %q: index %q, want %q", name, names, got, want)
			}
		}
	}
}

// TestIndexMaxTries: past MaxTries names of about the name's length, the
// index suggests nothing rather than compare the name with them all.
func TestIndexMaxTries(t *testing.T) {
	var names []string
	for i := range MaxTries {
		names = append(names, fmt.Sprintf("zz%05d", i))
	}
	within := NewIndex(append(slices.Clone(names[:MaxTries-1]), "section"))
	past := NewIndex(append(slices.Clone(names), "section"))
	if got := within.Closest("sectoin"); got != "section" {
		t.Errorf("within MaxTries: %q, want section", got)
	}
	if got := past.Closest("sectoin"); got != "" {
		t.Errorf("past MaxTries: %q, want none", got)
	}
}
