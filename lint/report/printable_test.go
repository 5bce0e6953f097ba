package report

import (
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// printableSeeds are strings with what must never reach a terminal or a CI
// log raw.
var printableSeeds = []string{
	"", "a.md", "::warning file=a.md::x", " ::error::x", "##[stop-commands]x", "a##[", "#", "##",
	"e\x1b[31mred", "bel\a", "cr\rx", "lf\nx", "del\x7f", "c1\u0085\u009b", "bidi\u202e\u2066\u200f",
	"ls\u2028ps\u2029", "nbsp\u00a0", "bom\ufeff", "bad\xff\xc2", "tag\U000e0041", "café",
}

// visibleText reports what is wrong with s as text for a terminal or a CI
// log, or "": a character that is not printable, invalid UTF-8, "##[", or a
// line starting (after spaces and tabs) with "::".
func visibleText(s string) string {
	if why := unprintable(s); why != "" {
		return why
	}
	if strings.Contains(s, "##[") {
		return `"##["`
	}
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "::") {
			return "a line starting with \"::\""
		}
	}
	return ""
}

// unprintable reports invalid UTF-8 or a character that is not printable
// (but a space or a line feed) in s, or "".
func unprintable(s string) string {
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

// FuzzPrintable checks that Printable's result is always visible text that
// cannot start a workflow command, and that quoting loses nothing.
func FuzzPrintable(f *testing.F) {
	for _, s := range printableSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Printable(s)
		if why := visibleText(p); why != "" {
			t.Fatalf("Printable(%q) = %q holds %s", s, p, why)
		}
		if strings.HasPrefix(strings.TrimLeft(p, " "), ":") {
			t.Fatalf("Printable(%q) = %q starts with \":\"", s, p)
		}
		if p != s {
			if u, err := strconv.Unquote(p); err != nil || u != s {
				t.Fatalf("Printable(%q) = %q, which unquotes to %q (%v)", s, p, u, err)
			}
		}
	})
}

// FuzzJSONPrintable checks that the JSON written holds no character that
// is not printable and no "##[", and decodes to what encoding/json's own
// encoding decodes to.
func FuzzJSONPrintable(f *testing.F) {
	for _, s := range printableSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := appendJSON(nil, map[string]string{"k": s})
		if why := visibleText(string(b)); why != "" {
			t.Fatalf("%q encodes as %s, which holds %s", s, b, why)
		}
		var got map[string]string
		if err := json.Unmarshal(b, &got); err != nil {
			t.Fatalf("%q encodes as %s: %v", s, b, err)
		}
		plain, _ := json.Marshal(s)
		var want string
		_ = json.Unmarshal(plain, &want)
		if got["k"] != want {
			t.Fatalf("%q encodes as %s, which decodes to %q, want %q", s, b, got["k"], want)
		}
	})
}

// FuzzGitHubPrintable checks that a workflow command's values hold no
// character that is not printable, nor a line break. (The line starts with
// "::error", so "##[" in it is never read as a command.)
func FuzzGitHubPrintable(f *testing.F) {
	for _, s := range printableSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, property := range []bool{true, false} {
			out := string(appendGitHub(nil, s, property))
			if why := unprintable(out); why != "" {
				t.Fatalf("appendGitHub(%q, %v) = %q holds %s", s, property, out, why)
			}
			if strings.ContainsAny(out, "\n\r") {
				t.Fatalf("appendGitHub(%q, %v) = %q breaks the line", s, property, out)
			}
		}
	})
}

// needsQuoteSlow is needsQuote as it was before its ASCII fast path: the
// reference the fast path must agree with.
func needsQuoteSlow(s string) bool {
	if strings.HasPrefix(strings.TrimLeft(s, " "), ":") || strings.Contains(s, "##[") {
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return true
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || !strconv.IsPrint(r) {
			return true
		}
		i += size
	}
	return false
}

// printablePieces are what the random strings of the tests below are made
// of: every kind of byte and character Printable decides on, and the
// prefixes it looks for, whole and cut.
var printablePieces = []string{
	"a", "Z", "0", "/", "%", "~", " ", " ", ":", "::", "#", "##", "##[", "#[", "[", "]",
	"\x00", "\t", "\n", "\r", "\x1b", "\x1f", "\x7f", "\u0080", "\u0085", "\u009b", "\u00a0", "é", "\u00ad",
	"\u200b", "\u200f", "\u202e", "\u2066", "\u2028", "\u2029", "\u3000", "\ufeff", "\ufffd", "𝄞", "\U000e0041",
	"\xff", "\xc2", "\xe2\x80", "\xed\xa0\x80", "http://a.example/p?q#f",
}

// TestNeedsQuoteFastPath: needsQuote decides as needsQuoteSlow on each
// piece of printablePieces at each place in a word of eight bytes and
// beside words of printable ASCII, and on random strings of pieces.
func TestNeedsQuoteFastPath(t *testing.T) {
	const plain = "abcdefghijklmnopqrstuvwxyz0123456789"
	for _, piece := range printablePieces {
		for at := 0; at <= 24; at++ {
			for _, s := range []string{plain[:at] + piece + plain[at:], plain[:at] + piece} {
				if got, want := needsQuote(s), needsQuoteSlow(s); got != want {
					t.Fatalf("needsQuote(%q) = %v, without the fast path %v", s, got, want)
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	quoted := 0
	for range 200000 {
		b.Reset()
		for range r.IntN(10) {
			b.WriteString(printablePieces[r.IntN(len(printablePieces))])
		}
		s := b.String()
		got, want := needsQuote(s), needsQuoteSlow(s)
		if got != want {
			t.Fatalf("needsQuote(%q) = %v, without the fast path %v", s, got, want)
		}
		if got {
			quoted++
		}
	}
	if quoted < 50000 || quoted > 190000 {
		t.Errorf("%d of 200000 strings quoted: the pieces test too little", quoted)
	}
}

// FuzzNeedsQuote: needsQuote decides as needsQuoteSlow on any string.
func FuzzNeedsQuote(f *testing.F) {
	for _, s := range append(printableSeeds, printablePieces...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := needsQuote(s), needsQuoteSlow(s); got != want {
			t.Fatalf("needsQuote(%q) = %v, without the fast path %v", s, got, want)
		}
	})
}
