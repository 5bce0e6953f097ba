package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestLargeTextInWindows checks that check and extract hold a few windows
// of a large plain-text file, not the file: 48 MiB of text is read with far
// less allocated than its size (the windows of lint.WindowSize and the
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
