package fileio_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/testcorpus"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/fileio"
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

// renderCand is a candidate with its offsets, the document span of the
// whole URI (through its map, for wrapped URIs), and what the next line
// seems to continue it with.
func renderCand(c *extract.Candidate) string {
	s, e := c.SourceSpan(0, len(c.URI))
	return fmt.Sprintf("%v-%v %s %q prefix %d hyphens %v source %d-%d continued %q to %d", c.Start, c.End, c.Context, c.URI, c.PrefixStart, c.HyphenBreaks, s, e, c.Continued, c.ContinuedEnd)
}

// wholeAndWindows extracts doc whole and in windows of the given size, as
// the text walker does (fenced code left out), and returns both
// renderings and how many windows there were.
func wholeAndWindows(t testing.TB, doc []byte, size int) (whole, windowed []string, windows int) {
	extract.FormatText.Walk(doc, extract.Options{}, func(c *extract.Candidate) { whole = append(whole, renderCand(c)) })
	err := fileio.EachWindow(bytes.NewReader(doc), size, func(w fileio.Window) {
		windows++
		if w.Base.Offset > 0 && doc[w.Base.Offset-1] != '\n' {
			t.Fatalf("window %d starts at %v, not after a line end", windows, w.Base)
		}
		if !bytes.Equal(w.Src, doc[w.Base.Offset:w.Base.Offset+len(w.Src)]) {
			t.Fatalf("window %d at %v is not the document there", windows, w.Base)
		}
		extract.FormatText.WalkWindow(w.Src, w.Base.Offset, extract.Options{}, func(c *extract.Candidate) { windowed = append(windowed, renderCand(c)) })
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
		ch.Check(d.Path, extract.FormatText, d.Src, func(dg *lint.Diagnostic) { want = append(want, renderDiag(dg, loc)) })
		path := filepath.Join(dir, filepath.Base(d.Path))
		if err := os.WriteFile(path, d.Src, 0o644); err != nil {
			t.Fatal(err)
		}
		tw, err := fileio.OpenTextWindows(path, 0, 8192)
		if errors.Is(err, fileio.ErrReadWhole) {
			continue // it holds "urilint-"
		}
		if err != nil || tw == nil {
			t.Fatalf("%s: OpenTextWindows: %v, %v", d.Path, tw, err)
		}
		if err := tw.Each(func(w fileio.Window) {
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

// TestTextWindowsLineCuts is TestTextWindows on text without a blank line:
// the corpus with its blank lines taken out, in windows of 512 bytes, so
// that every window ends at a line break (extract.LastLineCut). The
// candidates and the diagnostics are still those of the whole text.
func TestTextWindowsLineCuts(t *testing.T) {
	docs, _ := testcorpus.Load(t, "txt", "URILINT_CORPUS", ".txt")
	ch, err := lint.NewChecker(rules.All, &lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	blank := regexp.MustCompile(`\n[ \t\r]*\n`)
	cuts := 0
	for _, d := range docs {
		src := d.Src
		for blank.Match(src) {
			src = blank.ReplaceAll(src, []byte("\n"))
		}
		if !lint.CheckableInPieces(src) {
			continue
		}
		whole, windowed, n := wholeAndWindows(t, src, 512)
		cuts += n - 1
		if strings.Join(whole, "\n") != strings.Join(windowed, "\n") {
			t.Fatalf("%s: %d candidates whole, %d in %d windows; first difference:\n%s", d.Path, len(whole), len(windowed), n, firstDiff(whole, windowed))
		}
		var want, got []string
		loc := extract.NewLocator(src)
		ch.Check(d.Path, extract.FormatText, src, func(dg *lint.Diagnostic) { want = append(want, renderDiag(dg, loc)) })
		if err := fileio.EachWindow(bytes.NewReader(src), 512, func(w fileio.Window) {
			loc := extract.NewLocatorAt(w.Src, w.Base)
			ch.CheckWindow(d.Path, w.Src, w.Base, func(dg *lint.Diagnostic) { got = append(got, renderDiag(dg, loc)) })
		}); err != nil {
			t.Fatal(err)
		}
		if strings.Join(want, "\n") != strings.Join(got, "\n") {
			t.Fatalf("%s: %d diagnostics whole, %d in windows; first difference:\n%s", d.Path, len(want), len(got), firstDiff(want, got))
		}
	}
	// A cut at a line break needs 31 lines after it and none within 31
	// lines of a URI at a line's end, so windows of 512 bytes grow to hold
	// a few kilobytes: about eight cuts per RFC.
	if cuts < 5*len(docs) {
		t.Fatalf("only %d cuts in %d documents: the line cuts were not exercised", cuts, len(docs))
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

// TestLastLineCut pins where text without a blank line is cut: never within
// 31 lines of a line whose last word may be a URI cut at the line's end,
// whose paragraph the scanner measures 30 lines each way to tell whether
// it was wrapped ("0000000" / "A://#" / "0": the next word had room on the
// line, as the widest line shows, so the URI was not cut), and so not
// before 31 lines have followed the cut.
func TestLastLineCut(t *testing.T) {
	rep := strings.Repeat
	tests := []struct {
		name, doc string
		want      int
	}{
		{"too few lines after any cut", rep("x\n", 31), -1},
		{"the last line with 31 after it", rep("x\n", 62), 62},
		{"31 lines after a URI line", "see http://a.example/a-\n" + rep("x\n", 80), 24 + 2*49},
		{"31 lines before a URI line", rep("x\n", 80) + "see http://a.example/a-\n" + rep("x\n", 40), 2 * 49},
		{"sentences end with a dot, no URI", rep("a sentence.\nx\n", 40), 14 * 24},
		{"the fuzzer's paragraph", "0000000\nA://#\n0", -1},
	}
	for _, tt := range tests {
		if got := extract.LastLineCut([]byte(tt.doc)); got != tt.want {
			t.Errorf("%s: cut at %d, want %d", tt.name, got, tt.want)
		}
	}
}

// TestTextWindowCuts pins where windows are cut: after a blank line (with
// spaces, tabs or "\r" in it), else after a line break where the scanner
// looks across none; never inside a wrapped <...> URI, nor after a URI
// that the next line may continue or within 31 lines of it, not before a
// byte order mark, and not at all in a single line. A cut at a line break
// has 31 lines after it (see TestLastLineCut).
func TestTextWindowCuts(t *testing.T) {
	tests := []struct {
		name, doc string
		size      int
		bases     []int // where each window starts
	}{
		// At the end of the input, what is left is one window.
		{"blank lines", "a http://a.example/\n\nb http://b.example/\n\nc http://c.example/ and a tail\n", 24, []int{0, 21, 42}},
		{"blank line with spaces and CRLF", "a\r\n \t\r\nhttp://b.example/ and more text\r\n", 12, []int{0, 7}},
		{"one line: read whole", strings.Repeat("http://a.example/x ", 50), 32, []int{0}},
		{"no blank line: cut at line breaks", strings.Repeat("x\n", 100), 100, []int{0, 38, 76, 114}},
		{"wrapped URI in brackets", "<http://a.example/very/\n   long/path> and\nmore\n\nafter that, a tail of text\n", 8, []int{0, 48}},
		{"wrapped URI, no blank line", "a\nb <http://a.example/very/\n" + strings.Repeat("long\n", 70) + "path> c\n" + strings.Repeat("x\n", 300), 8, []int{0, 450, 900}},
		{"bracket closed by a quote", "<a \"\n" + strings.Repeat("b\n", 80), 4, []int{0, 65}},
		{"URI the next line may continue", "see http://a.example/a-\nb and more\n" + strings.Repeat("x\n", 200), 40, []int{0, 97, 195, 293}},
		{"vCard object", "a\nBEGIN:VCARD\nURL:h\n ttp://a.example/x\nEND:VCARD\n" + strings.Repeat("b\n", 100), 8, []int{0, 65, 131}},
		{"byte order mark after a blank line", "a\n\n\xef\xbb\xbfb http://b.example/\n\nc http://c.example/\n", 8, []int{0, 27}},
		{"byte order mark after a line break", "a\n\xef\xbb\xbfb\n" + strings.Repeat("c\n", 30), 10, []int{0}},
	}
	for _, tt := range tests {
		var bases []int
		doc := []byte(tt.doc)
		if err := fileio.EachWindow(bytes.NewReader(doc), tt.size, func(w fileio.Window) { bases = append(bases, w.Base.Offset) }); err != nil {
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
		{"directive.txt", filler + "# urilint-disable-file\n", fileio.ErrReadWhole.Error()},
		// The directive straddles the first 4,096-byte block.
		{"cut-directive.txt", filler[:4096-4] + "urilint-disable-file\n" + filler, fileio.ErrReadWhole.Error()},
		{"nul.txt", filler[:7000] + "\x00" + filler, "skipped: binary file (a NUL byte at offset 7000)"},
		{"late-nul.txt", filler + "\x00" + filler, ""}, // a stray NUL in text
		{"utf16.txt", "\xff\xfe" + filler, fileio.ErrUTF16.Error()},
		{"folding.txt", filler + "NOTE: '\\' line wrapping per RFC 8792\n", fileio.ErrReadWhole.Error()},
		{"cut-note.txt", filler[:4096-10] + "NOTE: '\\' line wrapping per RFC 8792\n" + filler, fileio.ErrReadWhole.Error()},
		// A Vim help file, whose code is known once its modeline is read.
		{"help.txt", filler + "vim:tw=78:ts=8:ft=help:norl:\n", fileio.ErrReadWhole.Error()},
	}
	for _, tt := range tests {
		large := 1000
		if tt.name == "small.txt" {
			large = 100
		}
		tw, err := fileio.OpenTextWindows(write(tt.name, tt.content), large, 4096)
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
	if tw, err := fileio.OpenTextWindows(filepath.Join(dir, "missing.txt"), 0, 4096); tw != nil || err != nil {
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
		"see http://a.example/a-\nb http://b.example/?\r\nc=d <http://c.example/\nx\ny> \"<\nz\n",
		"a\n  BEGIN:VCALENDAR\n  ATTACH:http://a.example/r?abc=def&ghi=ABC%\n   20Industries\n  URL:h\n   ttp://b.example/\n  END:VCALENDAR\nc\n",
		"0000000\nA://#\n0",
		"a http://a.example/\n\n```sh\nb http://b.example/\n\nc http://c.example/\n```\n\nd http://d.example/\n\n````\n\ne http://e.example/\n",
		"A request::\n\n    http://a.example/cgi-bin/ms?map=/x.map&\n    request=GetMap\n\n      again http://b.example/c/\n      d-e\n",
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
	tw, err := fileio.OpenTextWindows(path, 0, 1024)
	if err != nil {
		t.Fatal(err)
	}
	var whole, windowed []string
	var sizes []int
	extract.ScanText(doc, 0, func(c *extract.Candidate) { whole = append(whole, renderCand(c)) })
	if err := tw.Each(func(w fileio.Window) {
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
	tw, err := fileio.OpenTextWindows(path, 0, 1024)
	if err != nil {
		t.Fatal(err)
	}
	doc[5000] = 0
	if err := os.WriteFile(path, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	err = tw.Each(func(fileio.Window) {})
	if want := "skipped: binary file (a NUL byte at offset 5000), written while the file was read"; err == nil || err.Error() != want {
		t.Errorf("Each: %v, want %q", err, want)
	}
}
