package lsp

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"unicode"
	u16 "unicode/utf16"
	"unicode/utf8"
	"unsafe"

	p "github.com/myleshyson/lsprotocol-go/protocol"
)

// The fast path of the message loop. encoding/json reads a message in
// several passes: Unmarshal checks the whole input with its scanner (a
// function call per byte) before it decodes, and a string is checked once
// more as it is unquoted, a character at a time; reading the envelope
// into a map and then its params made that five passes over the text of
// a 10 MB didChange, 51% of the time of an edit. A json.Decoder saves
// only some of them: it scans each value before it decodes it.
//
// So a message is first read by reader, which walks the envelope once,
// checking the JSON as it goes, and decodes the params of the messages
// that carry a document's text (didOpen, didChange) straight into their
// types, a string in two quick passes (find its end, then copy the runs
// between escapes). Where reader is not sure that encoding/json reads the
// message the same way, it leaves it to encoding/json: the whole message
// when it cannot read the envelope (JSON that is not valid, an escaped
// key, a member of the envelope given twice, JSON nested deeper than
// maxReadDepth), and the params, which the method then decodes from the
// JSON as written, when it cannot decode them (a null, a member given
// twice, a key encoding/json could take for another, a number or a value
// the type does not take as it is, a string that is not UTF-8). So every
// message is answered as before. reader never accepts what encoding/json
// refuses, and what it decodes is what encoding/json decodes
// (TestReaderSameAsEncodingJSON, TestReaderStrings, FuzzReader;
// TestAnswersBothWays compares the answers).

// reader reads JSON from b, at i.
type reader struct {
	b []byte
	i int
}

// maxReadDepth is the deepest nesting reader reads: encoding/json's limit
// is 10,000.
const maxReadDepth = 1000

func (r *reader) ws() {
	for r.i < len(r.b) {
		switch r.b[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// peek returns the next byte that is not white space, or 0 at the end.
func (r *reader) peek() byte {
	r.ws()
	if r.i < len(r.b) {
		return r.b[r.i]
	}
	return 0
}

// eat consumes c, the next byte that is not white space, or says it is
// not there.
func (r *reader) eat(c byte) bool {
	if r.peek() == c {
		r.i++
		return true
	}
	return false
}

// object reads an object; member is called with each key (as written
// between its quotes; escaped says whether it holds an escape), the reader
// at its value, and reads the value.
func (r *reader) object(member func(key []byte, escaped bool) bool) bool {
	if !r.eat('{') {
		return false
	}
	if r.eat('}') {
		return true
	}
	for {
		if r.peek() != '"' {
			return false
		}
		start := r.i + 1
		end, escaped, ok := r.scanString(false)
		if !ok || !r.eat(':') {
			return false
		}
		r.ws()
		if !member(r.b[start:end], escaped) {
			return false
		}
		if !r.eat(',') {
			return r.eat('}')
		}
	}
}

// array reads an array, calling elem to read each element.
func (r *reader) array(elem func() bool) bool {
	if !r.eat('[') {
		return false
	}
	if r.eat(']') {
		return true
	}
	for {
		r.ws()
		if !elem() {
			return false
		}
		if !r.eat(',') {
			return r.eat(']')
		}
	}
}

// skip reads any value, at the depth of nesting depth.
func (r *reader) skip(depth int) bool {
	switch r.peek() {
	case '{':
		return depth < maxReadDepth && r.object(func([]byte, bool) bool { return r.skip(depth + 1) })
	case '[':
		return depth < maxReadDepth && r.array(func() bool { return r.skip(depth + 1) })
	case '"':
		_, _, ok := r.scanString(false)
		return ok
	case 't':
		return r.literal("true")
	case 'f':
		return r.literal("false")
	case 'n':
		return r.literal("null")
	}
	return r.number()
}

func (r *reader) literal(lit string) bool {
	if !bytes.HasPrefix(r.b[r.i:], []byte(lit)) {
		return false
	}
	r.i += len(lit)
	return true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// number reads a number (RFC 8259's grammar).
func (r *reader) number() bool {
	b, i := r.b, r.i
	digits := func() bool {
		start := i
		for i < len(b) && isDigit(b[i]) {
			i++
		}
		return i > start
	}
	if i < len(b) && b[i] == '-' {
		i++
	}
	if i < len(b) && b[i] == '0' {
		i++
	} else if !digits() {
		return false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return false
		}
	}
	r.i = i
	return true
}

// integer reads a number that is an integer in [lo, hi]: one with a
// fraction or an exponent is refused, as encoding/json refuses it for an
// integer field.
func (r *reader) integer(lo, hi int64) (int64, bool) {
	if r.peek() != '-' && !isDigit(r.peek()) {
		return 0, false
	}
	start := r.i
	if !r.number() {
		return 0, false
	}
	b := r.b[start:r.i]
	neg := b[0] == '-'
	if neg {
		b = b[1:]
	}
	if len(b) > 10 {
		return 0, false
	}
	var n int64
	for _, c := range b {
		if !isDigit(c) {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, lo <= n && n <= hi
}

// special marks the bytes a string's scan stops at: the quote, the
// backslash, control characters (not allowed unescaped) and the bytes of
// characters outside ASCII.
var special = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf
	}
	return t
}()

// scanString reads a string, the reader at its opening quote, and returns
// the index of its closing quote and whether it holds an escape; with
// utf, a string that is not UTF-8 is refused.
func (r *reader) scanString(utf bool) (end int, escaped, ok bool) {
	b, i := r.b, r.i+1
	for {
		// Eight bytes at a time while none is special: a byte under 0x20
		// underflows b-0x20, a quote or a backslash x-1 once xored with
		// it, and one of 0x80 and more has its high bit already. (A borrow
		// can set a high bit above a byte that underflowed, only beside a
		// byte that is special itself.)
		for i+8 <= len(b) {
			w := binary.LittleEndian.Uint64(b[i:])
			controls := w - 0x2020202020202020
			quotes := (w ^ 0x2222222222222222) - 0x0101010101010101
			backslashes := (w ^ 0x5c5c5c5c5c5c5c5c) - 0x0101010101010101
			if (controls|quotes|backslashes|w)&0x8080808080808080 != 0 {
				break
			}
			i += 8
		}
		for i < len(b) && !special[b[i]] {
			i++
		}
		if i >= len(b) {
			return 0, false, false
		}
		switch c := b[i]; {
		case c == '"':
			r.i = i + 1
			return i, escaped, true
		case c == '\\':
			escaped = true
			if i+1 >= len(b) {
				return 0, false, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				if i+6 > len(b) || hex4(b[i+2:i+6]) < 0 {
					return 0, false, false
				}
				i += 6
			default:
				return 0, false, false
			}
		case c < 0x20:
			return 0, false, false
		case utf:
			rr, size := utf8.DecodeRune(b[i:])
			if rr == utf8.RuneError && size == 1 {
				return 0, false, false
			}
			i += size
		default:
			i++
		}
	}
}

// hex4 reads four hexadecimal digits, or returns -1.
func hex4(b []byte) rune {
	h0, h1, h2, h3 := unhex[b[0]], unhex[b[1]], unhex[b[2]], unhex[b[3]]
	if (h0|h1|h2|h3)&0x10 != 0 {
		return -1
	}
	return rune(h0)<<12 | rune(h1)<<8 | rune(h2)<<4 | rune(h3)
}

// unhex is the value of each hexadecimal digit, 0x10 for another byte.
var unhex = func() (t [256]byte) {
	for c := range t {
		switch {
		case '0' <= c && c <= '9':
			t[c] = byte(c - '0')
		case 'a' <= c && c <= 'f':
			t[c] = byte(c - 'a' + 10)
		case 'A' <= c && c <= 'F':
			t[c] = byte(c - 'A' + 10)
		default:
			t[c] = 0x10
		}
	}
	return t
}()

// str reads a string that is UTF-8 and returns its value.
func (r *reader) str() (string, bool) {
	if r.peek() != '"' {
		return "", false
	}
	start := r.i + 1
	end, escaped, ok := r.scanString(true)
	if !ok {
		return "", false
	}
	s := r.b[start:end]
	if !escaped {
		return string(s), true
	}
	return unescape(s), true
}

// unescape returns the value of a string's content that scanString found
// valid, as encoding/json decodes it: an escaped UTF-16 surrogate that is
// not half of a pair is U+FFFD.
func unescape(s []byte) string {
	// Into a buffer of the escaped length (the unescaped one is never
	// longer), byte by byte: a document's text holds an escape every few
	// bytes ("\"", "\n" and, from some clients, "\u003c" in HTML), where
	// searching for each, and copying the runs between them, cost more.
	buf := make([]byte, len(s))
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c != '\\' {
			buf[n] = c
			n++
			i++
			continue
		}
		c = s[i+1]
		i += 2
		switch c {
		case 'b':
			buf[n] = '\b'
		case 'f':
			buf[n] = '\f'
		case 'n':
			buf[n] = '\n'
		case 'r':
			buf[n] = '\r'
		case 't':
			buf[n] = '\t'
		case 'u':
			rr := hex4(s[i:])
			i += 4
			if rr < utf8.RuneSelf {
				buf[n] = byte(rr)
				break
			}
			if u16.IsSurrogate(rr) {
				if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
					if dec := u16.DecodeRune(rr, hex4(s[i+2:])); dec != unicode.ReplacementChar {
						n += utf8.EncodeRune(buf[n:], dec)
						i += 6
						continue
					}
				}
				rr = unicode.ReplacementChar
			}
			n += utf8.EncodeRune(buf[n:], rr)
			continue
		default: // '"', '\\', '/'
			buf[n] = c
		}
		n++
	}
	if n == 0 {
		return ""
	}
	return unsafe.String(&buf[0], n) // buf is written no more
}

// fields reads an object into a struct's fields: field is called with the
// index in names of each key that is one of them, the reader at its
// value, and reads the value. Another key is skipped, unless
// encoding/json would take it for one of names (it matches field names
// without regard to case) or cannot be read as it is written (escaped):
// a key given twice is refused, as encoding/json would merge the values.
func (r *reader) fields(names []string, field func(i int) bool) bool {
	var seen uint64
	return r.object(func(key []byte, escaped bool) bool {
		if escaped {
			return false
		}
		for i, name := range names {
			if string(key) == name {
				if seen&(1<<i) != 0 {
					return false
				}
				seen |= 1 << i
				return field(i)
			}
		}
		for _, c := range key {
			if c >= utf8.RuneSelf {
				return false // encoding/json folds some characters outside ASCII to ASCII letters
			}
		}
		for _, name := range names {
			if bytes.EqualFold(key, []byte(name)) {
				return false
			}
		}
		return r.skip(1)
	})
}

// strict reads an object whose keys must be names, each once, as
// lsprotocol-go's Range and Position want them (all required, no other):
// anything else is refused.
func (r *reader) strict(names []string, field func(i int) bool) bool {
	var seen uint64
	ok := r.object(func(key []byte, escaped bool) bool {
		for i, name := range names {
			if !escaped && string(key) == name && seen&(1<<i) == 0 {
				seen |= 1 << i
				return field(i)
			}
		}
		return false
	})
	return ok && seen == 1<<len(names)-1
}

func (r *reader) position(pos *p.Position) bool {
	return r.strict([]string{"line", "character"}, func(i int) bool {
		n, ok := r.integer(0, math.MaxUint32)
		if i == 0 {
			pos.Line = uint32(n)
		} else {
			pos.Character = uint32(n)
		}
		return ok
	})
}

// readParams reads the params of a didOpen or a didChange (an object),
// and returns nil for another method's; nil and false when it cannot.
func (r *reader) readParams(method string) (any, bool) {
	switch method {
	case "textDocument/didOpen":
		v := new(didOpenParams)
		return v, r.didOpen(v)
	case "textDocument/didChange":
		v := new(didChangeParams)
		return v, r.didChange(v)
	}
	return nil, false
}

func (r *reader) didOpen(v *didOpenParams) bool {
	return r.fields([]string{"textDocument"}, func(int) bool {
		d := &v.TextDocument
		return r.fields([]string{"uri", "languageId", "version", "text"}, func(i int) bool {
			var ok bool
			switch i {
			case 0:
				var s string
				s, ok = r.str()
				d.URI = p.DocumentUri(s)
			case 1:
				var s string
				s, ok = r.str()
				d.LanguageID = p.LanguageKind(s)
			case 2:
				var n int64
				n, ok = r.integer(math.MinInt32, math.MaxInt32)
				d.Version = int32(n)
			default:
				d.Text, ok = r.str()
			}
			return ok
		})
	})
}

func (r *reader) didChange(v *didChangeParams) bool {
	return r.fields([]string{"textDocument", "contentChanges"}, func(i int) bool {
		if i == 0 {
			d := &v.TextDocument
			return r.fields([]string{"uri", "version"}, func(i int) bool {
				if i == 0 {
					s, ok := r.str()
					d.URI = p.DocumentUri(s)
					return ok
				}
				n, ok := r.integer(math.MinInt32, math.MaxInt32)
				d.Version = int32(n)
				return ok
			})
		}
		if r.peek() != '[' {
			return false
		}
		v.ContentChanges = []contentChange{}
		return r.array(func() bool {
			var ch contentChange
			ok := r.fields([]string{"range", "text"}, func(i int) bool {
				if i == 1 {
					var ok bool
					ch.Text, ok = r.str()
					return ok
				}
				ch.Range = new(p.Range)
				return r.strict([]string{"start", "end"}, func(i int) bool {
					pos := &ch.Range.Start
					if i == 1 {
						pos = &ch.Range.End
					}
					return r.position(pos)
				})
			})
			v.ContentChanges = append(v.ContentChanges, ch)
			return ok
		})
	})
}

// envelope is a JSON-RPC message that is an object, its members as
// written (nil when missing).
type envelope struct {
	id, jsonrpc, method, params json.RawMessage
	hasResult, hasError         bool
	// typed is the params decoded, by reader, into the type the method
	// reads (see readParams), or nil.
	typed any
}

// readEnvelope reads a message that is an object, with reader; ok is false
// when it cannot (see the top of this file).
func readEnvelope(body []byte) (env envelope, ok bool) {
	r := &reader{b: body}
	var seen [6]bool
	names := [6]string{"id", "jsonrpc", "method", "params", "result", "error"}
	ok = r.object(func(key []byte, escaped bool) bool {
		if escaped {
			return false
		}
		k := -1
		for i, name := range names {
			if string(key) == name {
				k = i
			}
		}
		if k < 0 {
			return r.skip(1)
		}
		if seen[k] {
			return false // encoding/json takes the last
		}
		seen[k] = true
		start := r.i
		if k == 3 && seen[2] && r.peek() == '{' {
			// The method came first: its params are decoded as they are
			// read, or else read again as they are.
			var method string
			if json.Unmarshal(env.method, &method) == nil {
				if typed, ok := r.readParams(method); ok {
					env.typed, env.params = typed, r.b[start:r.i]
					return true
				}
				r.i = start
			}
		}
		if !r.skip(1) {
			return false
		}
		raw := json.RawMessage(r.b[start:r.i])
		switch k {
		case 0:
			env.id = raw
		case 1:
			env.jsonrpc = raw
		case 2:
			env.method = raw
		case 3:
			env.params = raw
		case 4:
			env.hasResult = true
		case 5:
			env.hasError = true
		}
		return true
	})
	if !ok || r.peek() != 0 || r.i != len(r.b) {
		return envelope{}, false
	}
	if env.typed == nil && len(env.params) > 0 && env.params[0] == '{' && env.method != nil {
		// The params came before the method: read them again, typed.
		var method string
		if json.Unmarshal(env.method, &method) == nil {
			pr := &reader{b: env.params}
			if typed, ok := pr.readParams(method); ok && pr.peek() == 0 {
				env.typed = typed
			}
		}
	}
	return env, true
}
