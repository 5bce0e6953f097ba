package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/urilint/urilint/lint/runner"
)

// endless is a stream of text, line after line, as "yes LINE" writes it,
// that ends after max bytes (or never, with max < 0); read counts what was
// read of it. With live set, every MiB read it collects the garbage and
// keeps in live the most heap in use it has seen since: what is held
// while the stream is read.
type endless struct {
	line      string
	max, read int
	live      *uint64
}

func (e *endless) Read(p []byte) (int, error) {
	if e.max >= 0 && e.read >= e.max {
		return 0, io.EOF
	}
	n := min(len(p), 64<<10)
	if e.max >= 0 {
		n = min(n, e.max-e.read)
	}
	for i := range n {
		p[i] = e.line[(e.read+i)%len(e.line)]
	}
	if e.live != nil && (e.read+n)>>20 != e.read>>20 {
		*e.live = max(*e.live, liveHeap())
	}
	e.read += n
	return n, nil
}

// liveHeap returns the bytes of heap in use once the garbage is collected.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// withStdinSizes sets how standard input is read until the test ends.
func withStdinSizes(t *testing.T, large, window, maxWhole int) {
	old := stdinSizes
	stdinSizes = runner.StdinSizes{Large: large, Window: window, MaxWhole: maxWhole}
	t.Cleanup(func() { stdinSizes = old })
}

// TestStdinEndlessText checks that plain text on standard input is read in
// windows, as a large file is, not whole: while 24 MiB of
// "http://a.example/x" lines (what "yes" writes: no blank line) are read,
// the heap in use stays far below that (what is read first, and a window),
// and the last line is still found.
func TestStdinEndlessText(t *testing.T) {
	withStdinSizes(t, 1<<20, 64<<10, 4<<20)
	const n = 24 << 20
	for _, args := range [][]string{
		{"check", "--no-config", "-"},
		{"extract", "--no-config", "-"},
	} {
		var live uint64
		in := &endless{line: "http://a.example/x\n", max: n, live: &live}
		var stdout, stderr bytes.Buffer
		out := io.Writer(&stdout)
		if args[0] == "extract" {
			out = &tail{n: 200}
		}
		base := liveHeap()
		code := run(args, in, out, &stderr)
		held := live - min(live, base)
		t.Logf("%s held at most %.1f MiB while reading %d MiB of standard input", args[0], float64(held)/(1<<20), n>>20)
		if held > n/4 {
			t.Errorf("%s held %d MiB while reading %d MiB of standard input: it was held whole", args[0], held>>20, n>>20)
		}
		if in.read != n {
			t.Errorf("%s read %d bytes of %d", args[0], in.read, n)
		}
		lines := n / len(in.line)
		switch args[0] {
		case "check":
			if code != exitOK || stderr.String() != "urilint: no problems in 1 file\n" {
				t.Errorf("check: exit %d, stderr %q", code, stderr.String())
			}
		case "extract":
			if want := "<stdin>:" + itoa(lines) + ":1: uri http://a.example/x\n"; code != exitOK || !strings.HasSuffix(out.(*tail).String(), want) {
				t.Errorf("extract: exit %d, output ending %q, want %q", code, out.(*tail).String(), want)
			}
		}
	}
}

// tail keeps the last n bytes written to it.
type tail struct {
	n int
	b []byte
}

func (w *tail) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	if len(w.b) > 2*w.n {
		w.b = append(w.b[:0], w.b[len(w.b)-w.n:]...)
	}
	return len(p), nil
}

func (w *tail) String() string { return string(w.b[max(len(w.b)-w.n, 0):]) }

// TestStdinBinary checks that standard input with a NUL byte in its first
// 8,000 bytes (check - < /dev/zero) is skipped once those are read, not read
// on.
func TestStdinBinary(t *testing.T) {
	in := &endless{line: "\x00", max: -1}
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "--no-config", "-"}, in, &stdout, &stderr)
	if code != exitError || !strings.Contains(stderr.String(), "urilint: <stdin>: skipped: binary file (a NUL byte at offset 0)\n") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
	if in.read > 8000 {
		t.Errorf("read %d bytes, want at most the 8,000 that decide", in.read)
	}
}

// TestStdinReadWhole checks what standard input read whole is held to: a
// Markdown document (by --stdin-filename), text for --diff, and text with a
// suppression comment in what is read first, past the most read whole,
// are refused with an error naming the limit, having read no more than it;
// a directive past what is read first, in text read in windows, stops the
// run with an error.
func TestStdinReadWhole(t *testing.T) {
	withStdinSizes(t, 64<<10, 4<<10, 1<<20)
	for _, tt := range []struct {
		args []string
		head string
		want string
	}{
		{[]string{"check", "--no-config", "--stdin-filename", "a.md"}, "", "standard input too large to be read whole: more than 1 MiB: it is read whole for a Markdown"},
		{[]string{"check", "--no-config", "--diff", "-"}, "", "standard input too large to be read whole: more than 1 MiB"},
		{[]string{"check", "--no-config", "-"}, "<!-- urilint-disable percent-malformed -->\n", "standard input too large to be read whole"},
	} {
		in := io.MultiReader(strings.NewReader(tt.head), &endless{line: "http://a.example/x\n", max: 3 << 20})
		counted := &countingReader{r: in}
		var stdout, stderr bytes.Buffer
		code := run(tt.args, counted, &stdout, &stderr)
		if code != exitError || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want %q", tt.args, code, stderr.String(), tt.want)
		}
		if counted.n > 1<<20+64<<10 {
			t.Errorf("%q: read %d bytes, past the most read whole", tt.args, counted.n)
		}
	}
	// A directive after what is read first.
	in := io.MultiReader(&endless{line: "http://a.example/x\n", max: 256 << 10}, strings.NewReader("urilint-disable-file\n"))
	var stdout, stderr bytes.Buffer
	code := run([]string{"check", "--no-config", "-"}, in, &stdout, &stderr)
	if code != exitError || !strings.Contains(stderr.String(), "urilint: <stdin>: a suppression comment (urilint-) or an RFC 8792 folding note comes after the text read first") {
		t.Errorf("late directive: exit %d, stderr %q", code, stderr.String())
	}
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestStdinWindowsAsFile checks that text read from standard input in
// windows gives the output the same text gives as a file, read whole:
// findings at their lines and columns, wrapped URIs and URIs the next line
// continues included.
func TestStdinWindowsAsFile(t *testing.T) {
	withStdinSizes(t, 16<<10, 1<<10, 1<<20)
	var b strings.Builder
	for i := range 3000 {
		switch i % 5 {
		case 0:
			b.WriteString("see http://a.example/%zz and <http://b.example/a\n  b> here\n")
		case 1:
			b.WriteString("then https://c.example/path/\nto-more and urn:isbm:1\n")
		case 2:
			b.WriteString("\n")
		default:
			b.WriteString("plain http://d.example/x^y text\n")
		}
	}
	// Two more URIs with a "^", in the last window: the document writes
	// it by habit (lint.Gate), and none of its percent-unencoded reports
	// is made, those of the first windows, which the gate held, neither;
	// what it held meanwhile comes out at its lines and columns.
	b.WriteString("last http://e.example/a^b and http://f.example/c^d\n")
	doc := b.String()
	path := filepath.Join(t.TempDir(), "doc.txt")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"check", "extract"} {
		var fileOut, fileErr, stdinOut, stdinErr bytes.Buffer
		run([]string{cmd, "--no-config", path}, strings.NewReader(""), &fileOut, &fileErr)
		run([]string{cmd, "--no-config", "--stdin-filename", path, "-"}, strings.NewReader(doc), &stdinOut, &stdinErr)
		if cmd == "check" && (strings.Contains(fileOut.String(), "percent-unencoded") || !strings.Contains(fileOut.String(), "percent-malformed")) {
			t.Errorf("check: percent-unencoded reported, or percent-malformed not: the gate did not judge the document whole")
		}
		if fileOut.Len() < 1000 || fileOut.String() != stdinOut.String() || fileErr.String() != stdinErr.String() {
			t.Errorf("%s: as a file, %d bytes out, stderr %q; from standard input, %d bytes, stderr %q; first difference:\n%s",
				cmd, fileOut.Len(), fileErr.String(), stdinOut.Len(), stdinErr.String(), firstLineDiff(fileOut.String(), stdinOut.String()))
		}
	}
}

// firstLineDiff returns the first line where a and b differ.
func firstLineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(al), len(bl)) {
		if al[i] != bl[i] {
			return " file:  " + al[i] + "\n stdin: " + bl[i]
		}
	}
	return ""
}
