package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/fileio"
)

// TestLargeTextInWindows checks that check and extract hold a few windows
// of a large plain-text file, not the file: 48 MiB of text is read with far
// less allocated than its size (the windows of fileio.WindowSize and the
// pre-check's buffer), and the URN at its end is still found, at its line.
func TestLargeTextInWindows(t *testing.T) {
	para := "Plain text, line after line, with no URI in it at all.\n\n"
	n := 48 << 20 / len(para)
	doc := strings.Repeat(para, n) + "The end: urn:a_b:c\n"
	path := filepath.Join(t.TempDir(), "large.txt")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"check", "--no-config", "--quiet", "-j", "1", path},
		{"extract", "--no-config", "-j", "1", path},
	} {
		var stdout, stderr bytes.Buffer
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		runtime.ReadMemStats(&after)
		alloc := after.TotalAlloc - before.TotalAlloc
		t.Logf("%s allocated %.1f MiB", args[0], float64(alloc)/(1<<20))
		if alloc > 8<<20 {
			t.Errorf("%s allocated %d MiB for a %d MiB file", args[0], alloc>>20, len(doc)>>20)
		}
		line := 2*n + 1
		want := map[string]string{
			"check":   "large.txt:" + itoa(line) + ":15: error urn-nid-syntax",
			"extract": "large.txt:" + itoa(line) + ":10: urn urn:a_b:c",
		}[args[0]]
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("%s: exit %d, output %q, stderr %q; want %q", args[0], code, stdout.String(), stderr.String(), want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestFileListsAtMost checks that check lists at most
// lint.MaxFileDiagnostics problems of a file, whether read whole or in
// windows, notes on stderr how many more it found, and counts them all in
// the summary and the exit code.
func TestFileListsAtMost(t *testing.T) {
	const line = "http://a/%zz\n" // one percent-malformed error
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		lines int
	}{
		{"small.txt", lint.MaxFileDiagnostics + 50},
		{"small.md", lint.MaxFileDiagnostics + 1},
		{"large.txt", (fileio.LargeText + len(line)) / len(line)}, // read in windows
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, []byte(strings.Repeat(line, c.lines)), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		code := run([]string{"check", "--no-config", path}, strings.NewReader(""), &stdout, &stderr)
		if code != exitFindings {
			t.Errorf("%s: exit %d, want %d", c.name, code, exitFindings)
		}
		if n := strings.Count(stdout.String(), "error percent-malformed"); n != lint.MaxFileDiagnostics {
			t.Errorf("%s: %d listed, want %d", c.name, n, lint.MaxFileDiagnostics)
		}
		last := c.name + ":" + itoa(lint.MaxFileDiagnostics) + ":10: error percent-malformed"
		if !strings.Contains(stdout.String(), last) {
			t.Errorf("%s: output lacks %q", c.name, last)
		}
		more := c.lines - lint.MaxFileDiagnostics
		noun := "problems"
		if more == 1 {
			noun = "problem"
		}
		want := "urilint: " + path + ": " + itoa(more) + " more " + noun + " not listed (a file lists its first 10000)\n" +
			"urilint: " + itoa(c.lines) + " problems (" + itoa(c.lines) + " errors) in 1 of 1 file\n"
		if stderr.String() != want {
			t.Errorf("%s: stderr\n%s\nwant\n%s", c.name, stderr.String(), want)
		}
	}
}
