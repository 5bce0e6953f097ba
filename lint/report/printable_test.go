package report

import (
	"encoding/json"
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
