package lsp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strconv"
	"sync"

	p "github.com/myleshyson/lsprotocol-go/protocol"
)

// stream is the base protocol of the connection: messages framed by a
// header, read from the client and written to it.
//
// A header is a run of lines ending with an empty line; each line is a
// field, "Name: value", and Content-Length, the number of bytes of the
// body that follows, is required. Lines end with "\r\n" as the protocol
// says, or a bare "\n", read the same. Field names are matched without
// regard to case; fields other than Content-Length (Content-Type) are
// ignored; empty lines before a header (a client that ends its bodies with
// a newline) are skipped.
//
// A header that cannot be used (no Content-Length, one that is not a
// decimal number or two that differ, a line that is not a field, a line
// longer than maxHeaderLine) leaves the stream out of step: the server
// answers it with one parse error (-32700, id null), then resynchronises
// by discarding input up to the next "Content-Length:" (in any case,
// anywhere, from the second byte of the line that could not be used) and
// reads a header from there. A body framed by a usable header is always
// consumed whole, whatever it holds. A Content-Length that is too small
// thus gives two parse errors (the cut body, then its rest taken for a
// header) before the next message is read; one that is too large, a parse
// error for the body, which swallowed the start of the next message, and
// one for the rest of that message, which is lost.
//
// Writes come from the message loop (responses) and from the lints
// (diagnostics); each message is written whole under a lock.
type stream struct {
	in     io.Reader
	buf    []byte // buf[r:w] is read from in and not consumed
	r, w   int
	err    error // in's error, once it failed
	resync bool  // skip to the next "Content-Length:" before the next header

	mu     sync.Mutex
	out    io.Writer
	closer io.Closer
	nextID int // of the server's requests
	// published is, for each document that has had diagnostics sent, the
	// state they were of: diagnostics of an earlier state are not sent
	// after them.
	published map[p.DocumentUri]uint64
}

// maxHeaderLine is the longest header line read: "Content-Length" and
// "Content-Type" take tens of bytes.
const maxHeaderLine = 4096

// headerError is a header that cannot be used; the stream resynchronises
// before it reads the next message.
type headerError struct{ reason string }

func (e *headerError) Error() string { return "unusable header: " + e.reason }

var errLineTooLong = errors.New("header line too long")

func newStream(rwc io.ReadWriteCloser) *stream {
	return &stream{in: rwc, buf: make([]byte, 64<<10), out: rwc, closer: rwc, published: map[p.DocumentUri]uint64{}}
}

func (s *stream) Close() error { return s.closer.Close() }

// read returns the body of the next message. The error is a *headerError
// for a header that cannot be used, after which read may be called again;
// any other error is the end of the input.
func (s *stream) read() ([]byte, error) {
	named := false // the name of a Content-Length field has been read
	if s.resync {
		if err := s.skip(); err != nil {
			return nil, err
		}
		s.resync, named = false, true
	}
	n, err := s.header(named)
	if err != nil {
		var he *headerError
		if errors.As(err, &he) {
			s.resync = true
		}
		return nil, err
	}
	return s.body(n)
}

// header reads a header and returns the Content-Length. When named, the
// input is just past the name of a Content-Length field (found by skip).
// Before returning a *headerError, it consumes the header up to the first
// byte of the line that could not be used, inclusive, or up to the empty
// line that ended a header without a Content-Length.
func (s *stream) header(named bool) (int64, error) {
	length := int64(-1)
	bad := func(reason string) (int64, error) {
		s.r++
		return -1, &headerError{reason}
	}
	field := func(value []byte) (ok bool, reason string) {
		n, ok := parseLength(value)
		if !ok {
			return false, "Content-Length is not a decimal number"
		}
		if length >= 0 && n != length {
			return false, "two different Content-Lengths"
		}
		length = n
		return true, ""
	}
	if named {
		line, err := s.line()
		if err != nil {
			if errors.Is(err, errLineTooLong) {
				return bad("a header line longer than " + strconv.Itoa(maxHeaderLine) + " bytes")
			}
			return -1, err
		}
		if ok, reason := field(trimEOL(line)); !ok {
			return bad(reason)
		}
		s.r += len(line)
	}
	first := !named // no field read yet
	for {
		line, err := s.line()
		if err != nil {
			if errors.Is(err, errLineTooLong) {
				return bad("a header line longer than " + strconv.Itoa(maxHeaderLine) + " bytes")
			}
			return -1, err
		}
		content := trimEOL(line)
		if len(content) == 0 {
			s.r += len(line)
			if first {
				continue // a blank line between messages
			}
			if length < 0 {
				return -1, &headerError{"no Content-Length"}
			}
			return length, nil
		}
		first = false
		name, value, ok := bytes.Cut(content, []byte(":"))
		if !ok || !isToken(name) {
			return bad("a header line that is not a field")
		}
		if bytes.EqualFold(name, []byte("Content-Length")) {
			if ok, reason := field(value); !ok {
				return bad(reason)
			}
		}
		s.r += len(line)
	}
}

// parseLength reads the value of a Content-Length field.
func parseLength(v []byte) (int64, bool) {
	v = bytes.Trim(v, " \t")
	if len(v) == 0 {
		return 0, false
	}
	for _, c := range v {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(string(v), 10, 64)
	return n, err == nil
}

// isToken says whether a header field name is a token (RFC 9110).
func isToken(name []byte) bool {
	if len(name) == 0 {
		return false
	}
	for _, c := range name {
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case bytes.IndexByte([]byte("!#$%&'*+-.^_`|~"), c) >= 0:
		default:
			return false
		}
	}
	return true
}

func trimEOL(line []byte) []byte {
	line = bytes.TrimSuffix(line, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r"))
}

// line returns the next line, with its "\n", without consuming it.
func (s *stream) line() ([]byte, error) {
	scanned := 0
	for {
		if i := bytes.IndexByte(s.buf[s.r+scanned:s.w], '\n'); i >= 0 {
			if scanned+i+1 > maxHeaderLine {
				return nil, errLineTooLong
			}
			return s.buf[s.r : s.r+scanned+i+1], nil
		}
		scanned = s.w - s.r
		if scanned >= maxHeaderLine {
			return nil, errLineTooLong
		}
		if err := s.fill(); err != nil {
			return nil, err
		}
	}
}

// skip consumes the input up to the next "Content-Length:", in any case.
func (s *stream) skip() error {
	const name = "content-length:" // no proper prefix of it is also a suffix
	k := 0
	for {
		for ; s.r < s.w; s.r++ {
			c := s.buf[s.r]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			switch c {
			case name[k]:
				k++
				if k == len(name) {
					s.r++
					return nil
				}
			case name[0]:
				k = 1
			default:
				k = 0
			}
		}
		if err := s.fill(); err != nil {
			return err
		}
	}
}

// fill reads more input into the buffer, keeping what is not consumed.
func (s *stream) fill() error {
	if s.r == s.w {
		s.r, s.w = 0, 0
	} else if s.w == len(s.buf) && s.r > 0 {
		s.w = copy(s.buf, s.buf[s.r:s.w])
		s.r = 0
	}
	for s.err == nil {
		n, err := s.in.Read(s.buf[s.w:])
		s.w += n
		s.err = err
		if n > 0 {
			return nil
		}
	}
	return s.err
}

// body reads a body of n bytes. Memory grows with the bytes that come,
// not with the Content-Length claimed.
func (s *stream) body(n int64) ([]byte, error) {
	body := make([]byte, 0, min(n, 64<<20))
	for int64(len(body)) < n {
		if s.r == s.w && n-int64(len(body)) >= int64(len(s.buf)) {
			// A large body is read straight into place.
			if len(body) == cap(body) {
				body = slices.Grow(body, int(min(n-int64(len(body)), int64(len(body)))))
			}
			m, err := s.in.Read(body[len(body):min(int64(cap(body)), n)])
			body = body[:len(body)+m]
			if err != nil && int64(len(body)) < n {
				s.err = err
				return nil, unexpected(err)
			}
			continue
		}
		if s.r == s.w {
			if err := s.fill(); err != nil {
				return nil, unexpected(err)
			}
		}
		k := int(min(int64(s.w-s.r), n-int64(len(body))))
		body = append(body, s.buf[s.r:s.r+k]...)
		s.r += k
	}
	return body, nil
}

func unexpected(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// write sends a message with the body.
func (s *stream) write(body []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writeLocked(body)
}

// writeLocked writes a message; s.mu is held.
func (s *stream) writeLocked(body []byte) error {
	head := make([]byte, 0, 32)
	head = append(head, "Content-Length: "...)
	head = strconv.AppendInt(head, int64(len(body)), 10)
	head = append(head, "\r\n\r\n"...)
	if _, err := s.out.Write(head); err != nil {
		return err
	}
	_, err := s.out.Write(body)
	return err
}

// notification returns the message of the notification method with
// params, encoded once. encoding/json validates and compacts the JSON a
// value's MarshalJSON returns, and a RawMessage is one: for the
// diagnostics of a large document, encoding the message around encoded
// parameters would be three passes over a megabyte.
func notification(method string, params any) ([]byte, error) {
	body, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	head := `{"jsonrpc":"2.0","method":` + strconv.Quote(method) + `,"params":`
	msg := make([]byte, 0, len(head)+len(body)+1)
	msg = append(msg, head...)
	msg = append(msg, body...)
	return append(msg, '}'), nil
}

// publish sends the diagnostics of a document in the state gen (see
// Server.seq), unless diagnostics of a later state of it were sent
// already.
func (s *stream) publish(gen uint64, params wirePublish) error {
	msg, err := notification("textDocument/publishDiagnostics", params)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if last, ok := s.published[params.URI]; ok && gen < last {
		return nil
	}
	s.published[params.URI] = gen
	return s.writeLocked(msg)
}

// request sends a request of the server's; the client's response is not
// waited for (the message loop ignores responses).
func (s *stream) request(method string, params any) error {
	body, err := json.Marshal(params)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.nextID++
	id := s.nextID
	s.mu.Unlock()
	msg := `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":` + strconv.Quote(method) + `,"params":` + string(body) + `}`
	return s.write([]byte(msg))
}
