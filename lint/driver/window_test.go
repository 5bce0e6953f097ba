package driver_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/testcorpus"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/driver"
	"github.com/urilint/urilint/rules"
)

// renderDiag is a diagnostic with everything positioned by loc (lines and
// columns, as output shows them): its span and its fixes' edits.
func renderDiag(d *lint.Diagnostic, loc *extract.Locator) string {
	s := fmt.Sprintf("%v-%v %s %s %q", loc.Pos(d.Start), loc.Pos(d.End), d.Rule.Name, d.URI, d.Message)
	for _, f := range d.Fixes {
		for _, e := range f.Edits {
			s += fmt.Sprintf(" [%v-%v %q]", loc.Pos(e.Start), loc.Pos(e.End), e.New)
		}
	}
	return s
}

// renderCand is a candidate with its offsets, and the
// document span of the whole URI (through its map, for wrapped URIs).
func renderCand(c *extract.Candidate) string {
	s, e := c.SourceSpan(0, len(c.URI))
	return fmt.Sprintf("%v-%v %s %q prefix %d hyphens %v source %d-%d", c.Start, c.End, c.Context, c.URI, c.PrefixStart, c.HyphenBreaks, s, e)
}

// wholeAndWindows extracts doc whole and in windows of the given size, and
// returns both renderings and how many windows there were.
func wholeAndWindows(t testing.TB, doc []byte, size int) (whole, windowed []string, windows int) {
	extract.ScanText(doc, 0, func(c *extract.Candidate) { whole = append(whole, renderCand(c)) })
	err := driver.EachWindow(bytes.NewReader(doc), size, func(w driver.Window) {
		windows++
		if w.Base.Offset > 0 && doc[w.Base.Offset-1] != '\n' {
			t.Fatalf("window %d starts at %v, not after a line end", windows, w.Base)
		}
		if !bytes.Equal(w.Src, doc[w.Base.Offset:w.Base.Offset+len(w.Src)]) {
			t.Fatalf("window %d at %v is not the document there", windows, w.Base)
		}
		extract.ScanText(w.Src, w.Base.Offset, func(c *extract.Candidate) { windowed = append(windowed, renderCand(c)) })
	})
	if err != nil {
		t.Fatal(err)
	}
	return whole, windowed, windows
}

// TestTextWindows checks that reading plain text in windows finds what
// reading it whole finds, at the same positions, candidates and
// diagnostics alike: over the text corpus, with windows small enough to
// cut every document many times.
func TestTextWindows(t *testing.T) {
	docs, _ := testcorpus.Load(t, "txt", "URILINT_CORPUS", ".txt")
	ch, err := lint.NewChecker(rules.All, &lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cuts := 0
	for _, d := range docs {
		whole, windowed, n := wholeAndWindows(t, d.Src, 4096)
		cuts += n - 1
		if strings.Join(whole, "\n") != strings.Join(windowed, "\n") {
			t.Fatalf("%s: %d candidates whole, %d in %d windows; first difference:\n%s", d.Path, len(whole), len(windowed), n, firstDiff(whole, windowed))
		}
		// Diagnostics, through the file API as check uses it.
		var want, got []string
		loc := extract.NewLocator(d.Src)
		ch.Check(d.Path, lint.Text, d.Src, func(dg *lint.Diagnostic) { want = append(want, renderDiag(dg, loc)) })
		path := filepath.Join(dir, filepath.Base(d.Path))
		if err := os.WriteFile(path, d.Src, 0o644); err != nil {
			t.Fatal(err)
		}
		tw, err := driver.OpenTextWindows(path, 0, 8192)
		if errors.Is(err, driver.ErrReadWhole) {
			continue // it holds "urilint-"
		}
		if err != nil || tw == nil {
			t.Fatalf("%s: OpenTextWindows: %v, %v", d.Path, tw, err)
		}
		if err := tw.Each(func(w driver.Window) {
			loc := extract.NewLocatorAt(w.Src, w.Base) // as check places them
			ch.CheckWindow(d.Path, w.Src, w.Base, func(dg *lint.Diagnostic) { got = append(got, renderDiag(dg, loc)) })
		}); err != nil {
			t.Fatal(err)
		}
		if strings.Join(want, "\n") != strings.Join(got, "\n") {
			t.Fatalf("%s: %d diagnostics whole, %d in windows; first difference:\n%s", d.Path, len(want), len(got), firstDiff(want, got))
		}
	}
	if cuts < len(docs) {
		t.Fatalf("only %d cuts in %d documents: the windows were not exercised", cuts, len(docs))
	}
}

func firstDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return " whole:   " + a[i] + "\n windows: " + b[i]
		}
	}
	return fmt.Sprintf(" lengths %d and %d", len(a), len(b))
}

// TestTextWindowCuts pins where windows are cut: after a blank line (with
// spaces, tabs or "\r" in it), never inside a wrapped <...> URI, not before
// a byte order mark, and not at all in text without a blank line.
func TestTextWindowCuts(t *testing.T) {
	tests := []struct {
		name, doc string
		size      int
		bases     []int // where each window starts
	}{
		// At the end of the input, what is left is one window.
		{"blank lines", "a http://a.example/\n\nb http://b.example/\n\nc http://c.example/ and a tail\n", 24, []int{0, 21, 42}},
		{"blank line with spaces and CRLF", "a\r\n \t\r\nhttp://b.example/ and more text\r\n", 12, []int{0, 7}},
		{"no blank line: read whole", strings.Repeat("http://a.example/x ", 50), 32, []int{0}},
		{"wrapped URI in brackets", "<http://a.example/very/\n   long/path> and\nmore\n\nafter that, a tail of text\n", 8, []int{0, 48}},
		{"byte order mark after a blank line", "a\n\n\xef\xbb\xbfb http://b.example/\n\nc http://c.example/\n", 8, []int{0, 27}},
	}
	for _, tt := range tests {
		var bases []int
		doc := []byte(tt.doc)
		if err := driver.EachWindow(bytes.NewReader(doc), tt.size, func(w driver.Window) { bases = append(bases, w.Base.Offset) }); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(bases) != fmt.Sprint(tt.bases) {
			t.Errorf("%s: windows at %v, want %v", tt.name, bases, tt.bases)
		}
		whole, windowed, _ := wholeAndWindows(t, doc, tt.size)
		if strings.Join(whole, "\n") != strings.Join(windowed, "\n") {
			t.Errorf("%s:\n%s", tt.name, firstDiff(whole, windowed))
		}
	}
}

// TestOpenTextWindows checks what is read whole and what is refused before
// any window: small files, directives (also one cut by the pre-check's
// blocks), NUL bytes far into the file, UTF-16.
func TestOpenTextWindows(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	filler := strings.Repeat("text http://a.example/\n\n", 1000) // 24,000 bytes
	tests := []struct {
		name, content string
		err           string // "" for windows
	}{
		{"small.txt", "http://a.example/\n", "whole"},
		{"plain.txt", filler, ""},
		{"directive.txt", filler + "# urilint-disable-file\n", driver.ErrReadWhole.Error()},
		// The directive straddles the first 4,096-byte block.
		{"cut-directive.txt", filler[:4096-4] + "urilint-disable-file\n" + filler, driver.ErrReadWhole.Error()},
		{"nul.txt", filler[:7000] + "\x00" + filler, "skipped: binary file (a NUL byte at offset 7000)"},
		{"late-nul.txt", filler + "\x00" + filler, ""}, // a stray NUL in text
		{"utf16.txt", "\xff\xfe" + filler, driver.ErrUTF16.Error()},
		{"folding.txt", filler + "NOTE: '\\' line wrapping per RFC 8792\n", driver.ErrReadWhole.Error()},
		{"cut-note.txt", filler[:4096-10] + "NOTE: '\\' line wrapping per RFC 8792\n" + filler, driver.ErrReadWhole.Error()},
	}
	for _, tt := range tests {
		large := 1000
		if tt.name == "small.txt" {
			large = 100
		}
		tw, err := driver.OpenTextWindows(write(tt.name, tt.content), large, 4096)
		got := ""
		switch {
		case err != nil:
			got = err.Error()
		case tw == nil:
			got = "whole"
		default:
			tw.Close()
		}
		if got != tt.err {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.err)
		}
	}
	// A file that cannot be looked at is left to be read whole, which
	// reports what is wrong with it.
	if tw, err := driver.OpenTextWindows(filepath.Join(dir, "missing.txt"), 0, 4096); tw != nil || err != nil {
		t.Errorf("missing file: %v, %v; want it read whole", tw, err)
	}
}

// FuzzTextWindows checks windows against the whole text on any input, cut
// as small as the input allows.
func FuzzTextWindows(f *testing.F) {
	for _, s := range []string{
		"a http://a.example/\n\nb <http://b.example/x-\n  y>\n \n<URL:\n\nhttp://c.example/>",
		"\xef\xbb\xbfhttp://a.example/\r\n\r\n\"urn:example:a\"\n\n\n'http://q.example/'",
		"<http://a.example/\n\n> *http://b.example/*\n\t\n(http://c.example/(x))",
	} {
		f.Add([]byte(s), uint8(8))
	}
	f.Fuzz(func(t *testing.T, doc []byte, size uint8) {
		whole, windowed, _ := wholeAndWindows(t, doc, int(size%64)+1)
		if strings.Join(whole, "\n") != strings.Join(windowed, "\n") {
			t.Fatalf("%q:\n%s", doc, firstDiff(whole, windowed))
		}
	})
}

// TestTextWindowsLongLine checks a file whose first blank line comes far
// past the window size: the first window grows to hold it, and the windows
// after it are of the window's size again. What is found is still what
// reading the file whole finds.
func TestTextWindowsLongLine(t *testing.T) {
	// 19 kB without a blank line, then 28 kB of short paragraphs.
	doc := []byte(strings.Repeat("http://a.example/x ", 1000) + "\n\nurn:a_b:c\n" + strings.Repeat("more text http://b.example/\n\n", 1000))
	path := filepath.Join(t.TempDir(), "long.txt")
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	tw, err := driver.OpenTextWindows(path, 0, 1024)
	if err != nil {
		t.Fatal(err)
	}
	var whole, windowed []string
	var sizes []int
	extract.ScanText(doc, 0, func(c *extract.Candidate) { whole = append(whole, renderCand(c)) })
	if err := tw.Each(func(w driver.Window) {
		sizes = append(sizes, len(w.Src))
		extract.ScanText(w.Src, w.Base.Offset, func(c *extract.Candidate) { windowed = append(windowed, renderCand(c)) })
	}); err != nil {
		t.Fatal(err)
	}
	if len(sizes) < 10 || sizes[0] < 19000 || slices.Max(sizes[1:]) > 1024 {
		t.Errorf("windows of %v bytes; want the first to hold the long line, and the others at most 1024", sizes)
	}
	if strings.Join(whole, "\n") != strings.Join(windowed, "\n") || len(whole) != 2001 {
		t.Errorf("%d candidates whole, %d in windows", len(whole), len(windowed))
	}
}

// TestTextWindowsChangedFile checks that a NUL byte written into a file
// after it was checked stops the windows with ErrBinary.
func TestTextWindowsChangedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "changing.txt")
	doc := []byte(strings.Repeat("text http://a.example/\n\n", 1000))
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	tw, err := driver.OpenTextWindows(path, 0, 1024)
	if err != nil {
		t.Fatal(err)
	}
	doc[5000] = 0
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	err = tw.Each(func(driver.Window) {})
	if want := "skipped: binary file (a NUL byte at offset 5000), written while the file was read"; err == nil || err.Error() != want {
		t.Errorf("Each: %v, want %q", err, want)
	}
}
