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
	"strings"
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

// latencyFormats are the documents of the latency measurements: 5 MB of
// the corpus of each format.
var latencyFormats = []struct{ kind, env, ext, lang string }{
	{"txt", "URILINT_CORPUS", ".txt", "plaintext"},
	{"md", "URILINT_CORPUS_MD", ".md", "markdown"},
	{"html", "URILINT_CORPUS_HTML", ".html", "html"},
}

// openDoc starts a server with the default debounce delay, opens doc in
// it as a document of a format (as version 1), and waits for its first
// diagnostics; stop ends the session.
func openDoc(tb testing.TB, doc, ext, lang string) (c *rawClient, uri p.DocumentUri, stop func()) {
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	go NewServer(rules.All).Serve(context.Background(), pipes{serverIn, serverOut})
	c = &rawClient{w: clientOut, r: bufio.NewReaderSize(clientIn, 1<<20)}
	c.send(tb, "initialize", p.InitializeParams{}, true)
	c.read(tb)
	c.send(tb, "initialized", struct{}{}, false)
	uri = fileURI(filepath.Join(tb.TempDir(), "big"+ext))
	c.send(tb, "textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: p.LanguageKind(lang), Version: 1, Text: doc,
	}}, false)
	c.waitVersion(tb, 1)
	return c, uri, func() { clientOut.Close() }
}

// openBig starts a server, opens a 5 MB document of a format in it, and
// waits for its first diagnostics. typ returns the time from a change
// (one character typed at the start, as version v) to the arrival of its
// diagnostics; stop ends the session.
func openBig(tb testing.TB, kind, env, ext, lang string) (size int, typ func(v int32) time.Duration, stop func()) {
	doc := bigDoc(tb, kind, env, ext, 5<<20)
	c, uri, stop := openDoc(tb, doc, ext, lang)
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
	return len(doc), typ, stop
}

// BenchmarkLatency measures what a writer waits for: the time from a
// change to a 5 MB document (one character typed at its start) to the
// arrival of its diagnostics, debounce included, for each format. Issue
// 6's budget is 200 ms on the development machine; ms/change is the mean,
// worst-ms the slowest. bench/latency.sh runs it and compares the means
// with the budget: a wall-clock figure, which no test of go test ./...
// asserts (a loaded machine would fail it).
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

// lineChange is a one-line change of a document of lines: the first line
// that is not empty from line l on (from its start to the start of the
// next) replaced by the line with its first byte made with, so that the
// document keeps its size however often it is changed.
func lineChange(doc string, l int, with byte) (p.Range, string) {
	start := 0
	for range l {
		start += strings.IndexByte(doc[start:], '\n') + 1
	}
	end := start + strings.IndexByte(doc[start:], '\n') + 1
	for end-start < 2 {
		start, l = end, l+1
		end = start + strings.IndexByte(doc[start:], '\n') + 1
	}
	line := []byte(doc[start:end])
	line[0] = with
	return rng(uint32(l), 0, uint32(l+1), 0), string(line)
}

// fullChange is the JSON of a didChange of the whole text (no range),
// split around the version: a client that syncs the full text sends this
// on each keystroke. text is encoded once.
type fullChange struct{ head, text, tail []byte }

func newFullChange(tb testing.TB, uri p.DocumentUri, text string) fullChange {
	enc, err := json.Marshal(text)
	if err != nil {
		tb.Fatal(err)
	}
	return fullChange{
		head: []byte(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":` + strconv.Quote(string(uri)) + `,"version":`),
		text: append([]byte(`},"contentChanges":[{"text":`), enc...),
		tail: []byte(`}]}}`),
	}
}

func (f fullChange) size(v int32) int {
	return len(f.head) + len(strconv.Itoa(int(v))) + len(f.text) + len(f.tail)
}

// write sends the change as version v, its parts written in turn.
func (f fullChange) write(tb testing.TB, w io.Writer, v int32) {
	if _, err := fmt.Fprintf(w, "Content-Length: %d\r\n\r\n%s%d", f.size(v), f.head, v); err != nil {
		tb.Fatal(err)
	}
	for _, part := range [][]byte{f.text, f.tail} {
		if _, err := w.Write(part); err != nil {
			tb.Fatal(err)
		}
	}
}

// body returns the change as version v, in one piece.
func (f fullChange) body(v int32) []byte {
	return slices.Concat(f.head, []byte(strconv.Itoa(int(v))), f.text, f.tail)
}

// BenchmarkMessage measures the message loop's part of an edit: a message
// read from its body (Server.message), decoded and applied, without the
// lint (the debounce delay is an hour). "full-text" is a didChange
// carrying the whole 10 MB text, "one-line" a didChange of one line of a
// 1 MB document, "open" the didOpen of 10 MB. MB/s is of the message.
func BenchmarkMessage(b *testing.B) {
	doc10 := bigDoc(b, "txt", "URILINT_CORPUS", ".txt", 10<<20)
	doc1 := doc10[:strings.LastIndexByte(doc10[:1<<20], '\n')+1]
	const uri = p.DocumentUri("file:///big.txt")
	start := func(b *testing.B, doc string) *Server {
		s := NewServer(rules.All)
		s.Delay = time.Hour
		b.Cleanup(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			for _, d := range s.docs {
				d.timer.Stop()
			}
		})
		s.message([]byte(initializeRequest))
		s.message([]byte(`{"jsonrpc":"2.0","method":"initialized","params":{}}`))
		var open didOpenParams
		open.TextDocument.URI, open.TextDocument.LanguageID, open.TextDocument.Version, open.TextDocument.Text = uri, "plaintext", 1, doc
		body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": open})
		if err != nil {
			b.Fatal(err)
		}
		if reply := s.message(body); reply != nil {
			b.Fatalf("didOpen answered: %s", reply)
		}
		return s
	}
	check := func(b *testing.B, s *Server, v int32) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if got := s.docs[uri].version; got != v {
			b.Fatalf("version %d after the change to version %d", got, v)
		}
	}
	b.Run("full-text-10MB", func(b *testing.B) {
		s := start(b, doc10)
		change := newFullChange(b, uri, doc10)
		body := change.body(2)
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			s.message(body)
		}
		check(b, s, 2)
	})
	b.Run("one-line-1MB", func(b *testing.B) {
		s := start(b, doc1)
		r, line := lineChange(doc1, 1000, 'x')
		var change didChangeParams
		change.TextDocument.URI, change.TextDocument.Version = uri, 2
		change.ContentChanges = []contentChange{{Range: &r, Text: line}}
		body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": change})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			s.message(body)
		}
		check(b, s, 2)
	})
	b.Run("open-10MB", func(b *testing.B) {
		s := start(b, "")
		var open didOpenParams
		open.TextDocument.URI, open.TextDocument.LanguageID, open.TextDocument.Version, open.TextDocument.Text = uri, "plaintext", 2, doc10
		body, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": open})
		if err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			s.message(body)
		}
		check(b, s, 2)
	})
}

// BenchmarkChangeLatency measures what a writer waits for, debounce
// included (DefaultDelay): the time from the start of a change's message
// to the arrival of its diagnostics. "1MB-line" is a one-line change to a
// 1 MB document (a ranged didChange), "10MB-full" a change of one
// character sent as the whole 10 MB text (a client that syncs full
// text). Issue 27's budgets: 30 ms and 150 ms. ms/change is the mean,
// worst-ms the slowest.
func BenchmarkChangeLatency(b *testing.B) {
	for _, f := range latencyFormats {
		b.Run(f.kind+"/1MB-line", func(b *testing.B) {
			doc := bigDoc(b, f.kind, f.env, f.ext, 1<<20)
			c, uri, stop := openDoc(b, doc, f.ext, f.lang)
			defer stop()
			l := strings.Count(doc, "\n") / 2
			b.SetBytes(int64(len(doc)))
			version := int32(1)
			var worst, total time.Duration
			for b.Loop() {
				version++
				r, line := lineChange(doc, l, "xy"[version%2])
				start := time.Now()
				c.send(b, "textDocument/didChange", p.DidChangeTextDocumentParams{
					TextDocument: p.VersionedTextDocumentIdentifier{Uri: uri, Version: version},
					ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangePartial{
						Range: r, Text: line,
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
		b.Run(f.kind+"/10MB-full", func(b *testing.B) {
			doc := bigDoc(b, f.kind, f.env, f.ext, 10<<20)
			c, uri, stop := openDoc(b, doc, f.ext, f.lang)
			defer stop()
			// The two texts sent in turn differ in their first character.
			changes := [2]fullChange{newFullChange(b, uri, "x"+doc[1:]), newFullChange(b, uri, "y"+doc[1:])}
			b.SetBytes(int64(len(doc)))
			version := int32(1)
			var worst, total time.Duration
			for b.Loop() {
				version++
				start := time.Now()
				changes[version%2].write(b, c.w, version)
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
