package extract

import (
	"testing"
	"unicode/utf8"
)

func TestRuneCount(t *testing.T) {
	for _, s := range []string{"", "a", "abcdefgh", "abcdefghi", "abcdefgé", "ééééééééé", "abcdefgh\xff", "\xff\xfe",
		"0123456789abcdef€", "0123456789abcdef\x80x", "日本語のテキストとASCII text"} {
		if got, want := runeCount([]byte(s)), utf8.RuneCount([]byte(s)); got != want {
			t.Errorf("runeCount(%q) = %d, want %d", s, got, want)
		}
	}
}

func FuzzRuneCount(f *testing.F) {
	f.Add([]byte("abcdefgh\xc3\xa9"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := runeCount(b), utf8.RuneCount(b); got != want {
			t.Fatalf("runeCount(%q) = %d, want %d", b, got, want)
		}
	})
}
