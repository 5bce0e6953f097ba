package lsp

import (
	"encoding/json"
	"io"
	"strconv"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
)

// stream is the connection's object stream, with a way to send a
// notification already encoded. jsonrpc2's Notify encodes the parameters,
// then the message around them, validating and compacting the JSON at
// each level: for the diagnostics of a large document, three passes over a
// megabyte. publishDiagnostics goes through writeNotification instead.
type stream struct {
	mu    sync.Mutex
	inner jsonrpc2.ObjectStream
	w     io.Writer
}

func newStream(rwc io.ReadWriteCloser) *stream {
	return &stream{inner: jsonrpc2.NewBufferedStream(rwc, jsonrpc2.VSCodeObjectCodec{}), w: rwc}
}

func (s *stream) WriteObject(obj any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inner.WriteObject(obj) // flushed before it returns
}

func (s *stream) ReadObject(v any) error { return s.inner.ReadObject(v) }

func (s *stream) Close() error { return s.inner.Close() }

// writeNotification sends the notification method with params, encoded
// once, framed as the protocol says.
func (s *stream) writeNotification(method string, params any) error {
	body, err := json.Marshal(params)
	if err != nil {
		return err
	}
	head := `{"jsonrpc":"2.0","method":` + strconv.Quote(method) + `,"params":`
	msg := make([]byte, 0, len(head)+len(body)+40)
	msg = append(msg, "Content-Length: "...)
	msg = strconv.AppendInt(msg, int64(len(head)+len(body)+1), 10)
	msg = append(msg, "\r\n\r\n"...)
	msg = append(msg, head...)
	msg = append(msg, body...)
	msg = append(msg, '}')
	s.mu.Lock()
	defer s.mu.Unlock()
	_, err = s.w.Write(msg)
	return err
}
