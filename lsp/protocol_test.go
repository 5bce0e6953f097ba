package lsp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/liveness"
	"github.com/urilint/urilint/rules"
)

// rawConn talks to a server byte by byte: the tests of malformed input
// write what no JSON-RPC library would send, and read every message the
// server writes, framed as the protocol says.
type rawConn struct {
	t    *testing.T
	w    io.WriteCloser
	msgs chan []byte // the bodies of the server's messages; closed at the end of its output
	done chan int    // the server's exit status
}

func startRaw(t *testing.T) *rawConn {
	t.Helper()
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	s := NewServer(rules.All)
	s.Delay = time.Millisecond
	c := &rawConn{t: t, w: clientOut, msgs: make(chan []byte, 1000), done: make(chan int, 1)}
	go func() {
		c.done <- s.Serve(context.Background(), pipes{serverIn, serverOut})
		serverIn.Close() // what the client writes next fails
		serverOut.Close()
	}()
	go func() {
		defer close(c.msgs)
		r := bufio.NewReader(clientIn)
		for {
			n := -1
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if line == "\r\n" {
					break
				}
				if v, ok := strings.CutPrefix(line, "Content-Length: "); ok && strings.HasSuffix(v, "\r\n") {
					n, _ = strconv.Atoi(strings.TrimSuffix(v, "\r\n"))
				} else {
					t.Errorf("server wrote the header line %q", line)
				}
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				t.Errorf("server's message cut short: %v", err)
				return
			}
			c.msgs <- body
		}
	}()
	t.Cleanup(func() { clientOut.Close() })
	return c
}

// write sends bytes as they are.
func (c *rawConn) write(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.w, s); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// frame sends a message body with a correct header.
func (c *rawConn) frame(body string) {
	c.t.Helper()
	c.write(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body))
}

// next returns the server's next message.
func (c *rawConn) next() []byte {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			c.t.Fatal("the server's output ended")
		}
		return m
	case <-liveness.After(c.t):
		c.t.Fatal("no message from the server")
	}
	return nil
}

// response is a JSON-RPC response as the tests check it. ID and Result
// are the JSON sent ("null" included), "" when the member is missing.
type response struct {
	ID, Result string
	Error      *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
}

// parseResponse reads a response, which must have "jsonrpc": "2.0", an id,
// and a result or an error, and nothing else.
func parseResponse(t *testing.T, body []byte) response {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("response %s: %v", body, err)
	}
	_, hasResult := m["result"]
	_, hasError := m["error"]
	if string(m["jsonrpc"]) != `"2.0"` || m["id"] == nil || hasResult == hasError || len(m) != 3 {
		t.Fatalf("response %s: want jsonrpc 2.0, an id, and a result or an error", body)
	}
	r := response{ID: string(m["id"]), Result: string(m["result"])}
	if hasError {
		dec := json.NewDecoder(bytes.NewReader(m["error"]))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&r.Error); err != nil || r.Error == nil {
			t.Fatalf("response %s: error %v", body, err)
		}
	}
	return r
}

// expectError reads the next message, which must be an error response
// with the id (JSON: `null`, `7`, `"a"`) and the code, and nothing else.
func (c *rawConn) expectError(id string, code int) {
	c.t.Helper()
	body := c.next()
	if bytes.HasPrefix(body, []byte("[")) {
		c.t.Fatalf("got the batch response %s, want a single error %d", body, code)
	}
	checkError(c.t, body, id, code)
}

func checkError(t *testing.T, body []byte, id string, code int) {
	t.Helper()
	r := parseResponse(t, body)
	if r.ID != id || r.Error == nil || r.Error.Code != code || r.Error.Message == "" {
		t.Fatalf("got %s, want the error %d with id %s", body, code, id)
	}
}

// expectResult reads the next message, which must be the result (JSON,
// compared compacted) of the request id.
func (c *rawConn) expectResult(id, result string) {
	c.t.Helper()
	body := c.next()
	r := parseResponse(c.t, body)
	var want bytes.Buffer
	if err := json.Compact(&want, []byte(result)); err != nil {
		c.t.Fatal(err)
	}
	if r.ID != id || r.Error != nil || r.Result != want.String() {
		c.t.Fatalf("got %s, want the result %s with id %s", body, result, id)
	}
}

const initializeRequest = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`

// probe is a request any initialized server answers with [], proving it
// still reads the stream in step.
func probe(id int) string {
	return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///nowhere.md"},` +
		`"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[]}}}`
}

func (c *rawConn) initialize() {
	c.t.Helper()
	c.frame(initializeRequest)
	r := parseResponse(c.t, c.next())
	if r.ID != "1" || r.Error != nil {
		c.t.Fatalf("initialize: %+v", r)
	}
	c.frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
}

// TestMalformedBodies: a body that is not JSON is a parse error (-32700),
// one that is JSON but not a request an invalid request (-32600), each
// answered with the request's id where it can be read and null where not,
// as JSON-RPC 2.0 says; the server goes on with the next message.
func TestMalformedBodies(t *testing.T) {
	c := startRaw(t)
	c.initialize()
	for i, tt := range []struct {
		name, body string
		id         string
		code       int
	}{
		{"not JSON", `{"jsonrpc":"2.0","id":2,"method":`, "null", -32700},
		{"not JSON at all", `Content-Length: 5`, "null", -32700},
		{"trailing bytes", `{"jsonrpc":"2.0","id":3,"method":"shutdown"} x`, "null", -32700},
		{"two objects", `{"jsonrpc":"2.0","method":"initialized"}{"jsonrpc":"2.0","method":"initialized"}`, "null", -32700},
		{"empty body", ``, "null", -32700},
		{"empty batch", `[]`, "null", -32600},
		{"a string", `"initialize"`, "null", -32600},
		{"null", `null`, "null", -32600},
		{"empty object", `{}`, "null", -32600},
		{"no method, with an id", `{"jsonrpc":"2.0","id":7}`, "7", -32600},
		{"no method, with params", `{"jsonrpc":"2.0","id":"seven","params":{}}`, `"seven"`, -32600},
		{"method not a string", `{"jsonrpc":"2.0","id":8,"method":1}`, "8", -32600},
		{"notification with a bad method", `{"jsonrpc":"2.0","method":["exit"]}`, "null", -32600},
		{"no jsonrpc member", `{"id":9,"method":"textDocument/codeAction","params":{}}`, "9", -32600},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":10,"method":"textDocument/codeAction","params":{}}`, "10", -32600},
		{"id true", `{"jsonrpc":"2.0","id":true,"method":"textDocument/codeAction","params":{}}`, "null", -32600},
		{"id an object", `{"jsonrpc":"2.0","id":{"a":1},"method":"textDocument/codeAction","params":{}}`, "null", -32600},
		{"id null", `{"jsonrpc":"2.0","id":null,"method":"textDocument/codeAction","params":{}}`, "null", -32600},
		{"params a number", `{"jsonrpc":"2.0","id":11,"method":"textDocument/codeAction","params":5}`, "11", -32600},
		{"params a string", `{"jsonrpc":"2.0","id":12,"method":"textDocument/codeAction","params":"x"}`, "12", -32600},
		{"bad params", `{"jsonrpc":"2.0","id":13,"method":"textDocument/codeAction","params":{"range":7}}`, "13", -32602},
		{"unknown method", `{"jsonrpc":"2.0","id":14,"method":"textDocument/hover","params":{}}`, "14", -32601},
		{"unknown $/ request", `{"jsonrpc":"2.0","id":15,"method":"$/unknown"}`, "15", -32601},
	} {
		ok := t.Run(tt.name, func(t *testing.T) {
			c.t = t
			c.frame(tt.body)
			c.expectError(tt.id, tt.code)
			c.frame(probe(100 + i))
			c.expectResult(strconv.Itoa(100+i), `[]`)
		})
		if !ok {
			return // the server is out of step, or gone
		}
	}
	c.t = t
	// Responses (to the server's own requests) and valid notifications
	// get no answer: the next message is the probe's.
	c.frame(`{"jsonrpc":"2.0","id":1,"result":null}`)
	c.frame(`{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"no"}}`)
	c.frame(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}`)
	// A notification with params that are not an object or an array is
	// not a valid request: answered, with id null. One with params the
	// method cannot read is valid JSON-RPC, and a notification is never
	// answered.
	c.frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":5}`)
	c.expectError("null", -32600)
	c.frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":7}}`)
	c.frame(probe(200))
	c.expectResult("200", `[]`)
}

// TestBatch: a batch is answered as JSON-RPC 2.0 says, with an array of
// the responses to its requests (and to its invalid members), in order;
// a batch of notifications gets no answer.
func TestBatch(t *testing.T) {
	c := startRaw(t)
	c.initialize()
	c.frame(`[` + probe(2) + `,1,{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}},{"jsonrpc":"2.0","id":3}]`)
	var batch []json.RawMessage
	body := c.next()
	if err := json.Unmarshal(body, &batch); err != nil || len(batch) != 3 {
		t.Fatalf("batch response %s: want three responses", body)
	}
	r := parseResponse(t, batch[0])
	if r.ID != "2" || r.Result != "[]" {
		t.Errorf("batch response 1: %s", batch[0])
	}
	checkError(t, batch[1], "null", -32600)
	checkError(t, batch[2], "3", -32600)
	c.frame(`[{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}]`)
	c.frame(`[{`)
	c.expectError("null", -32700)
	c.frame(probe(4))
	c.expectResult("4", `[]`)
}

// TestBadHeaders: a header the server cannot use (no Content-Length, a
// Content-Length that is not a number, a line that is not a header field,
// a line too long) is answered with one parse error (-32700, id null);
// the server then skips to the next "Content-Length:" and reads on from
// there. Header lines ending in a bare LF are read as if they ended in
// CRLF.
func TestBadHeaders(t *testing.T) {
	c := startRaw(t)
	c.initialize()
	p := probe(2)
	framed := func(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }
	id := 10
	for _, tt := range []struct {
		name   string
		input  func(next string) string // the bad input, then the message next
		errors int                      // the parse errors it gives
	}{
		{"no Content-Length", func(next string) string {
			return "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + p + next
		}, 1},
		{"Content-Length not a number", func(next string) string { return "Content-Length: ten\r\n\r\n" + p + next }, 1},
		{"Content-Length negative", func(next string) string { return "Content-Length: -5\r\n\r\n" + p + next }, 1},
		{"Content-Length too large for any integer", func(next string) string {
			return "Content-Length: 99999999999999999999999\r\n\r\n" + p + next
		}, 1},
		{"two Content-Lengths", func(next string) string {
			return fmt.Sprintf("Content-Length: %d\r\nContent-Length: 3\r\n\r\n%s", len(p), p) + next
		}, 1},
		{"not a header field", func(next string) string { return "hello\r\n" + next }, 1},
		{"space before the colon", func(next string) string {
			return fmt.Sprintf("Content-Length : %d\r\n\r\n%s", len(p), p) + next
		}, 1},
		{"garbage before a header, on its line", func(next string) string { return "}}}" + next }, 1},
		{"a header line too long", func(next string) string { return strings.Repeat("x", 100000) + "\r\n" + next }, 1},
		{"Content-Length too small", func(next string) string {
			return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(p)-10, p) + next
		}, 2}, // the cut body, then its rest as a header
		{"Content-Length too large", func(next string) string {
			// The body swallows the start of the next message: that one is
			// lost, the one after it read.
			return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(p)+30, p) + framed(probe(99)) + next
		}, 2},
	} {
		ok := t.Run(tt.name, func(t *testing.T) {
			c.t = t
			id++
			c.write(tt.input(framed(probe(id))))
			for range tt.errors {
				c.expectError("null", -32700)
			}
			c.expectResult(strconv.Itoa(id), `[]`)
		})
		if !ok {
			return // the server is out of step, or gone
		}
	}
	c.t = t

	// Bare LF, lower case, no space, and other fields: all read.
	c.write("Content-Length: " + strconv.Itoa(len(probe(30))) + "\n\n" + probe(30))
	c.expectResult("30", `[]`)
	c.write("content-length:" + strconv.Itoa(len(probe(31))) + "\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\nX-Other: 1\r\n\r\n" + probe(31))
	c.expectResult("31", `[]`)
	// Blank lines between messages are skipped.
	c.write("\r\n\n" + framed(probe(32)))
	c.expectResult("32", `[]`)
}

// TestLifecycle: before initialize, a request is answered with
// ServerNotInitialized (-32002) and a notification dropped, exit excepted;
// a second initialize is an invalid request (-32600).
func TestLifecycle(t *testing.T) {
	c := startRaw(t)
	dir := t.TempDir()
	early, late := fileURI(filepath.Join(dir, "early.txt")), fileURI(filepath.Join(dir, "late.txt"))
	open := func(uri string) string {
		return `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + uri +
			`","languageId":"plaintext","version":1,"text":"http://a.example/%zz"}}}`
	}
	c.frame(probe(2))
	c.expectError("2", -32002)
	c.frame(`{"jsonrpc":"2.0","id":"s","method":"shutdown"}`)
	c.expectError(`"s"`, -32002)
	c.frame(`{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{}}`)
	c.expectError("3", -32002)
	c.frame(open(string(early))) // dropped
	c.frame(`{"jsonrpc":"2.0","method":"initialized","params":{}}`)
	c.frame(`{"jsonrpc":"2.0","id":4,"method":"initialize","params":5}`) // not a valid request: still not initialized
	c.expectError("4", -32600)
	c.frame(`{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"capabilities":7}}`) // invalid params: still not initialized
	c.expectError("5", -32602)
	c.initialize()
	c.frame(`{"jsonrpc":"2.0","id":6,"method":"initialize","params":{"capabilities":{}}}`)
	c.expectError("6", -32600)
	c.frame(probe(7))
	c.expectResult("7", `[]`)
	// The document opened before initialize was not opened: only the one
	// opened after has diagnostics.
	c.frame(open(string(late)))
	deadline := liveness.After(t)
	gotLate := false
	for !gotLate {
		select {
		case m := <-c.msgs:
			if bytes.Contains(m, []byte(early)) {
				t.Fatalf("diagnostics of a document opened before initialize: %s", m)
			}
			gotLate = gotLate || bytes.Contains(m, []byte(late))
		case <-deadline:
			t.Fatal("no diagnostics for the document opened after initialize")
		}
	}

	c.frame(`{"jsonrpc":"2.0","id":8,"method":"shutdown"}`)
	c.expectResult("8", `null`)
	c.frame(`{"jsonrpc":"2.0","id":9,"method":"initialize","params":{"capabilities":{}}}`)
	c.expectError("9", -32600)
	c.frame(`{"jsonrpc":"2.0","method":"exit"}`)
	if code := <-c.done; code != 0 {
		t.Errorf("exit after shutdown: status %d", code)
	}

	// exit is taken before initialize: the status is 1, as without shutdown.
	c = startRaw(t)
	c.frame(`{"jsonrpc":"2.0","method":"exit"}`)
	select {
	case code := <-c.done:
		if code != 1 {
			t.Errorf("exit before initialize: status %d, want 1", code)
		}
	case <-liveness.After(t):
		t.Fatal("exit before initialize: the server did not exit")
	}
}
