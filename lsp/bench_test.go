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

	"github.com/urilint/urilint/internal/testcorpus"
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

// BenchmarkLatency measures what a writer waits for: the time from a
// change to a 5 MB document (one character typed at its start) to the
// arrival of its diagnostics, debounce included, for each format. Issue
// 6's budget is 200 ms on the development machine; ms/change is the mean,
// worst-ms the slowest.
func BenchmarkLatency(b *testing.B) {
	for _, f := range []struct{ kind, env, ext, lang string }{
		{"txt", "URILINT_CORPUS", ".txt", "plaintext"},
		{"md", "URILINT_CORPUS_MD", ".md", "markdown"},
		{"html", "URILINT_CORPUS_HTML", ".html", "html"},
	} {
		b.Run(f.kind, func(b *testing.B) {
			doc := bigDoc(b, f.kind, f.env, f.ext, 5<<20)
			serverIn, clientOut := io.Pipe()
			clientIn, serverOut := io.Pipe()
			go NewServer(rules.All).Serve(context.Background(), pipes{serverIn, serverOut})
			defer clientOut.Close()
			c := &rawClient{w: clientOut, r: bufio.NewReaderSize(clientIn, 1<<20)}
			c.send(b, "initialize", p.InitializeParams{}, true)
			c.read(b)
			c.send(b, "initialized", struct{}{}, false)
			uri := fileURI(filepath.Join(b.TempDir(), "big"+f.ext))
			c.send(b, "textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
				Uri: uri, LanguageId: p.LanguageKind(f.lang), Version: 1, Text: doc,
			}}, false)
			c.waitVersion(b, 1)
			b.SetBytes(int64(len(doc)))
			version := int32(1)
			var worst, total time.Duration
			for b.Loop() {
				version++
				start := time.Now()
				c.send(b, "textDocument/didChange", p.DidChangeTextDocumentParams{
					TextDocument: p.VersionedTextDocumentIdentifier{Uri: uri, Version: version},
					ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangePartial{
						Range: rng(0, 0, 0, 0), Text: "x",
					}}},
				}, false)
				c.waitVersion(b, version)
				d := time.Since(start)
				total += d
				worst = max(worst, d)
			}
			b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms/change")
			b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
		})
	}
}

// TestLatency keeps BenchmarkLatency's budget in view: on a 5 MB
// document, the median of five changes must get its diagnostics within
// 400 ms (twice issue 6's 200 ms, so that a loaded machine does not fail
// it; the benchmark gives the figure).
func TestLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("lints 5 MB documents")
	}
	for _, f := range []struct{ kind, env, ext, lang string }{
		{"txt", "URILINT_CORPUS", ".txt", "plaintext"},
		{"md", "URILINT_CORPUS_MD", ".md", "markdown"},
		{"html", "URILINT_CORPUS_HTML", ".html", "html"},
	} {
		doc := bigDoc(t, f.kind, f.env, f.ext, 5<<20)
		serverIn, clientOut := io.Pipe()
		clientIn, serverOut := io.Pipe()
		go NewServer(rules.All).Serve(context.Background(), pipes{serverIn, serverOut})
		c := &rawClient{w: clientOut, r: bufio.NewReaderSize(clientIn, 1<<20)}
		c.send(t, "initialize", p.InitializeParams{}, true)
		c.read(t)
		uri := fileURI(filepath.Join(t.TempDir(), "big"+f.ext))
		c.send(t, "textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
			Uri: uri, LanguageId: p.LanguageKind(f.lang), Version: 1, Text: doc,
		}}, false)
		c.waitVersion(t, 1)
		var times []time.Duration
		for v := int32(2); v <= 6; v++ {
			start := time.Now()
			c.send(t, "textDocument/didChange", p.DidChangeTextDocumentParams{
				TextDocument: p.VersionedTextDocumentIdentifier{Uri: uri, Version: v},
				ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangePartial{
					Range: rng(0, 0, 0, 0), Text: "x",
				}}},
			}, false)
			c.waitVersion(t, v)
			times = append(times, time.Since(start))
		}
		clientOut.Close()
		slices.Sort(times)
		if times[2] > 400*time.Millisecond {
			t.Errorf("%s: median %v from a change to its diagnostics (times %v)", f.kind, times[2], times)
		}
	}
}
