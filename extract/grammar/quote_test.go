package grammar

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("é", 1000) + "/end-of-the-path"
	for _, tt := range []struct{ in, want string }{
		{"", `""`},
		{"http://a.example/x y", `"http://a.example/x y"`},
		// A quote or a backslash, and nothing to escape: in backticks, as
		// written.
		{`\"`, "`\\\"`"},
		{`"`, "`\"`"},
		{`a\b`, "`a\\b`"},
		// A quote and a control character, or a backtick: escaped.
		{"\"\t", `"\"\t"`},
		{"`\"", `"` + "`" + `\""`},
		{strings.Repeat("a", 100), strconv.Quote(strings.Repeat("a", 100))},
		{strings.Repeat("a", 101), `"` + strings.Repeat("a", 60) + "…" + strings.Repeat("a", 20) + `" (101 characters)`},
		{long, `"http://example.com/` + strings.Repeat("é", 41) + "…" + strings.Repeat("é", 4) + `/end-of-the-path" (1035 characters)`},
		// Invalid bytes count as one character each and are escaped.
		{strings.Repeat("\xff", 200), `"` + strings.Repeat(`\xff`, 60) + "…" + strings.Repeat(`\xff`, 20) + `" (200 characters)`},
		// A percent-encoding is not cut: the head ends before it, the tail
		// starts at its "%".
		{strings.Repeat("a", 59) + strings.Repeat("%C3%A9", 40), `"` + strings.Repeat("a", 59) + "…" + "%A9%C3%A9%C3%A9%C3%A9" + `" (299 characters)`},
	} {
		if got := Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%.30q...):\ngot  %s\nwant %s", tt.in, got, tt.want)
		}
	}
	if got, want := Quote(`"`+strings.Repeat("a", 200)), "`\""+strings.Repeat("a", 59)+"…"+strings.Repeat("a", 20)+"` (201 characters)"; got != want {
		t.Errorf("Quote of a long text with a quote: got %s, want %s", got, want)
	}
	if got, want := Abbreviate(strings.Repeat("%C3%A9", 40)), "%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9…%A9%C3%A9%C3%A9%C3%A9 (240 characters)"; got != want {
		t.Errorf("Abbreviate: got %s, want %s", got, want)
	}
}

// TestMessagef: a string quoted with %q is abbreviated; other verbs and
// arguments format as fmt formats them.
func TestMessagef(t *testing.T) {
	long := strings.Repeat("x", 500)
	got := Messagef("%q and %q, %s, %5s|%-3s|, %q, %d", long, "short", "as is", "ab", "c", 'r', 7)
	want := Quote(long) + ` and "short", as is,    ab|c  |, 'r', 7`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := Messagef("%s", long); got != long {
		t.Errorf("%%s abbreviated: %.50s", got)
	}
}

// FuzzQuote: Quote is strconv.Quote for text of 100 characters or fewer
// (between backticks when it holds a quote or a backslash and nothing a
// backtick cannot hold);
// longer text keeps its first and last characters, whole, around "…", with
// its length, in a bounded number of bytes.
func FuzzQuote(f *testing.F) {
	for _, s := range []string{"", "abc", `"`, `a\b`, "a\t\"", strings.Repeat("é%", 100), strings.Repeat("\xff\x00%4", 50), strings.Repeat("%C3%A9", 30)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := Quote(s)
		n := utf8.RuneCountInString(s)
		if n <= abbreviateOver {
			want := strconv.Quote(s)
			if strings.ContainsAny(s, "\"\\") && strconv.CanBackquote(s) && !strings.Contains(s, "\t") {
				want = "`" + s + "`" // read as written, with no escape
			}
			if q != want {
				t.Fatalf("Quote(%q) = %s, want %s", s, q, want)
			}
			return
		}
		// A quoted character takes 10 bytes at most (\U0010FFFF).
		if len(q) > 10*(abbreviateHead+abbreviateTail)+40 {
			t.Fatalf("Quote of %d characters is %d bytes", n, len(q))
		}
		head, tail, count, ok := abbreviation(s)
		if !ok || count != n || !strings.HasPrefix(s, head) || !strings.HasSuffix(s, tail) {
			t.Fatalf("%q: head %q, tail %q, %d characters", s, head, tail, count)
		}
		hn, tn := utf8.RuneCountInString(head), utf8.RuneCountInString(tail)
		if hn < abbreviateHead-2 || hn > abbreviateHead || tn < abbreviateTail || tn > abbreviateTail+2 {
			t.Fatalf("%q: %d characters before and %d after", s, hn, tn)
		}
		// Cut between characters: what is left out starts and ends whole.
		mid := s[len(head) : len(s)-len(tail)]
		if len(mid) > 0 && (!utf8.RuneStart(mid[0]) || !utf8.RuneStart(s[len(s)-len(tail)])) && utf8.ValidString(s) {
			t.Fatalf("%q: cut inside a character", s)
		}
		quote := strconv.Quote
		if strings.ContainsAny(s, "\"\\") && strconv.CanBackquote(s) && !strings.Contains(s, "\t") {
			quote = func(s string) string { return "`" + s + "`" }
		}
		if want := quote(head)[:len(quote(head))-1] + "…" + quote(tail)[1:] + " (" + strconv.Itoa(n) + " characters)"; q != want {
			t.Fatalf("Quote(%q) = %s, want %s", s, q, want)
		}
	})
}
