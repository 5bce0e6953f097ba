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

func TestPosInString(t *testing.T) {
	tests := []struct {
		s    string
		off  int
		want Pos
	}{
		{"urn:a:b", 0, Pos{Offset: 0, Line: 1, Column: 1}},
		{"urn:a:b", 7, Pos{Offset: 7, Line: 1, Column: 8}},
		{"http://é/x", 10, Pos{Offset: 10, Line: 1, Column: 10}},
		{"\ufeffhttp://a/", 3, Pos{Offset: 3, Line: 1, Column: 2}}, // a BOM in a value is a character
		{"a\nbc", 3, Pos{Offset: 3, Line: 2, Column: 2}},
	}
	for _, tt := range tests {
		if got := PosInString(tt.s, tt.off); got != tt.want {
			t.Errorf("PosInString(%q, %d) = %+v, want %+v", tt.s, tt.off, got, tt.want)
		}
	}
}

// Pos of any offset, then of any other (the cursor moving forward or back),
// agrees with a fresh Locator; and a Locator of a stretch that starts a
// line (NewLocatorAt) agrees with one of the whole document. (Offsets are
// character boundaries, as those of candidates and findings are; an
// invalid byte is a character.)
func TestLocatorCursor(t *testing.T) {
	for _, doc := range []string{
		"", "abc", "\ufeffurn:a:b\r\nx", "a\r\nb\r\n\r\nc", "é\nüx\r\n\ufeffy", "\ufeff", "\r\n", "\n\n\r", "a\xffb\xe2\x82\n",
	} {
		b := []byte(doc)
		var offs []int
		for i := 0; i < len(b); {
			offs = append(offs, i)
			_, n := utf8.DecodeRune(b[i:])
			i += n
		}
		offs = append(offs, len(b))
		for _, from := range offs {
			for _, to := range offs {
				l := NewLocator(b)
				l.Pos(from)
				if got, want := l.Pos(to), NewLocator(b).Pos(to); got != want {
					t.Errorf("%q: Pos(%d) then Pos(%d) = %+v, want %+v", doc, from, to, got, want)
				}
			}
			if from > 0 && b[from-1] != '\n' {
				continue // a stretch starts a line
			}
			at := NewLocatorAt(b[from:], NewLocator(b).Pos(from))
			for _, to := range offs {
				if to < from {
					continue
				}
				if got, want := at.Pos(to), NewLocator(b).Pos(to); got != want {
					t.Errorf("%q: NewLocatorAt(%d).Pos(%d) = %+v, want %+v", doc, from, to, got, want)
				}
			}
		}
	}
}
