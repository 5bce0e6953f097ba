package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/cputime"
	"github.com/urilint/urilint/internal/testcorpus"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// bigDoc returns a document of about size bytes, made of the corpus
// documents of a kind repeated.
func bigDoc(tb testing.TB, kind, env, ext string, size int) string {
	docs, _ := testcorpus.Load(tb, kind, env, ext)
	var b bytes.Buffer
	for b.Len() < size {
		for _, d := range docs {
			b.Write(d.Src)
			b.WriteByte('\n')
			if b.Len() >= size {
				break
			}
		}
	}
	return b.String()
}

// rawClient speaks the protocol's framing by hand and reads only the
// start of each message: an editor's own decoding of the diagnostics is
// not what the benchmark measures.
type rawClient struct {
	w  io.Writer
	r  *bufio.Reader
	id int
}

func (c *rawClient) send(tb testing.TB, method string, params any, request bool) {
	msg := map[string]any{"jsonrpc": "2.0", "method": method, "params": params}
	if request {
		c.id++
		msg["id"] = c.id
	}
	body, err := json.Marshal(msg)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		tb.Fatal(err)
	}
}

func (c *rawClient) read(tb testing.TB) []byte {
	n := -1
	for {
		line, err := c.r.ReadString('\n')
		if err != nil {
			tb.Fatal(err)
		}
		if line == "\r\n" {
			break
		}
		if v, ok := bytes.CutPrefix([]byte(line), []byte("Content-Length: ")); ok {
			n, _ = strconv.Atoi(string(bytes.TrimSpace(v)))
		}
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(c.r, body); err != nil {
		tb.Fatal(err)
	}
	return body
}

// waitVersion reads messages until the diagnostics of version arrive.
func (c *rawClient) waitVersion(tb testing.TB, version int32) {
	want := []byte(`"version":` + strconv.Itoa(int(version)) + `,`)
	for {
		body := c.read(tb)
		head := body[:min(len(body), 2048)]
		if bytes.Contains(head, []byte(`"textDocument/publishDiagnostics"`)) && bytes.Contains(head, want) {
			return
		}
	}
}

// latencyFormats are the documents of the latency measurements: 5 MB of
// the corpus of each format.
var latencyFormats = []struct{ kind, env, ext, lang string }{
	{"txt", "URILINT_CORPUS", ".txt", "plaintext"},
	{"md", "URILINT_CORPUS_MD", ".md", "markdown"},
	{"html", "URILINT_CORPUS_HTML", ".html", "html"},
}

// openBig starts a server, opens a 5 MB document of a format in it, and
// waits for its first diagnostics. typ returns the time from a change
// (one character typed at the start, as version v) to the arrival of its
// diagnostics; stop ends the session.
func openBig(tb testing.TB, kind, env, ext, lang string) (size int, typ func(v int32) time.Duration, stop func()) {
	doc := bigDoc(tb, kind, env, ext, 5<<20)
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	go NewServer(rules.All).Serve(context.Background(), pipes{serverIn, serverOut})
	c := &rawClient{w: clientOut, r: bufio.NewReaderSize(clientIn, 1<<20)}
	c.send(tb, "initialize", p.InitializeParams{}, true)
	c.read(tb)
	c.send(tb, "initialized", struct{}{}, false)
	uri := fileURI(filepath.Join(tb.TempDir(), "big"+ext))
	c.send(tb, "textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: p.LanguageKind(lang), Version: 1, Text: doc,
	}}, false)
	c.waitVersion(tb, 1)
	typ = func(v int32) time.Duration {
		start := time.Now()
		c.send(tb, "textDocument/didChange", p.DidChangeTextDocumentParams{
			TextDocument: p.VersionedTextDocumentIdentifier{Uri: uri, Version: v},
			ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangePartial{
				Range: rng(0, 0, 0, 0), Text: "x",
			}}},
		}, false)
		c.waitVersion(tb, v)
		return time.Since(start)
	}
	return len(doc), typ, func() { clientOut.Close() }
}

// BenchmarkLatency measures what a writer waits for: the time from a
// change to a 5 MB document (one character typed at its start) to the
// arrival of its diagnostics, debounce included, for each format. Issue
// 6's budget is 200 ms on the development machine; ms/change is the mean,
// worst-ms the slowest.
func BenchmarkLatency(b *testing.B) {
	for _, f := range latencyFormats {
		b.Run(f.kind, func(b *testing.B) {
			size, typ, stop := openBig(b, f.kind, f.env, f.ext, f.lang)
			defer stop()
			b.SetBytes(int64(size))
			version := int32(1)
			var worst, total time.Duration
			for b.Loop() {
				version++
				d := typ(version)
				total += d
				worst = max(worst, d)
			}
			b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/change")
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		})
	}
}

// TestLatency keeps BenchmarkLatency's point in view against the machine's
// own speed, not a budget in milliseconds (which a loaded machine made
// fail): on a 5 MB document, the CPU time the process spends from a change
// to its diagnostics (the median of five changes) is at most 1.5 times that
// of one lint of the whole document, what a change to a document not read
// in parts costs, and for Markdown, read in parts, a quarter of it; plus
// four times what making the text of the new version costs (the rope
// made a string, its lines found; the diagnostics encoded and sent). The
// benchmark gives the latency itself (issue 6's budget: 200 ms on the
// development machine).
func TestLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 5 MB documents")
	}
	ch, err := lint.NewChecker(rules.All, &lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range latencyFormats {
		doc := []byte(bigDoc(t, f.kind, f.env, f.ext, 5<<20))
		format := extract.FormatOf("big" + f.ext)
		whole := time.Duration(1 << 62)
		for range 3 {
			whole = min(whole, cputime.Of(func() { ch.Check("big"+f.ext, format, doc, func(*lint.Diagnostic) {}) }))
		}
		text := time.Duration(1 << 62) // what a change costs before any lint: the text of the new version
		for range 3 {
			text = min(text, cputime.Of(func() { newText(string(doc)) }))
		}
		_, typ, stop := openBig(t, f.kind, f.env, f.ext, f.lang)
		var costs []time.Duration
		for v := int32(2); v <= 6; v++ {
			costs = append(costs, cputime.Of(func() { typ(v) }))
		}
		stop()
		slices.Sort(costs)
		limit := whole*3/2 + 4*text
		if f.kind == "md" {
			limit = whole/4 + 4*text
		}
		t.Logf("%s: a change costs %v of CPU time (median of %v); a whole lint %v, the text %v", f.kind, costs[2], costs, whole, text)
		if costs[2] > limit {
			t.Errorf("%s: a change costs %v of CPU time (median of %v), more than %v (a whole lint: %v)", f.kind, costs[2], costs, limit, whole)
		}
	}
}
