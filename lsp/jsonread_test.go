package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/rules"
)

// sameAsEncodingJSON checks readEnvelope against encoding/json on body:
// what readEnvelope reads, encoding/json reads the same way (the members,
// as written, and the params decoded into the method's type). It returns
// whether readEnvelope read the message, and whether it decoded its params.
func sameAsEncodingJSON(t *testing.T, body []byte) (read, typed bool) {
	t.Helper()
	fast, ok := readEnvelope(body)
	if !ok {
		return false, false
	}
	slow, reply := decodeEnvelope(body)
	if reply != nil {
		t.Fatalf("%q: read, but encoding/json answers %s", body, reply)
	}
	for _, m := range []struct {
		name       string
		fast, slow json.RawMessage
	}{{"id", fast.id, slow.id}, {"jsonrpc", fast.jsonrpc, slow.jsonrpc}, {"method", fast.method, slow.method}, {"params", fast.params, slow.params}} {
		if (m.fast == nil) != (m.slow == nil) || !bytes.Equal(m.fast, m.slow) {
			t.Fatalf("%q: %s %q, encoding/json %q", body, m.name, m.fast, m.slow)
		}
	}
	if fast.hasResult != slow.hasResult || fast.hasError != slow.hasError {
		t.Fatalf("%q: result, error %v %v, encoding/json %v %v", body, fast.hasResult, fast.hasError, slow.hasResult, slow.hasError)
	}
	if fast.typed == nil {
		return true, false
	}
	want := reflect.New(reflect.TypeOf(fast.typed).Elem()).Interface()
	if err := json.Unmarshal(slow.params, want); err != nil {
		t.Fatalf("%q: params read, encoding/json: %v", body, err)
	}
	if !reflect.DeepEqual(fast.typed, want) {
		t.Fatalf("%q: params %+v, encoding/json %+v", body, fast.typed, want)
	}
	return true, true
}

// TestReaderSameAsEncodingJSON: the message loop's reader reads the
// messages clients send in one pass, their params decoded typed whether
// the method comes before them or not; what it reads is what
// encoding/json reads; and what it is not sure of, it leaves to
// encoding/json.
func TestReaderSameAsEncodingJSON(t *testing.T) {
	const change = `"params":{"textDocument":{"uri":"file:///a.md","version":7},"contentChanges":[{"range":{"start":{"line":1,"character":2},"end":{"line":3,"character":4}},"rangeLength":5,"text":"x\n\u00e9\ud834\udd1e"},{"text":"whole"}]}`
	const open = `"params":{"textDocument":{"uri":"file:///a.md","languageId":"markdown","version":1,"text":"# T\r\n\t\"q\" \\ \/ \b\f <http://a.example/%7e> é 𝄞"}}`
	for _, tt := range []struct {
		body        string
		read, typed bool
	}{
		// What clients send: read in one pass, params typed.
		{`{"jsonrpc":"2.0","method":"textDocument/didChange",` + change + `}`, true, true},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen",` + open + `}`, true, true},
		{" \r\n\t{ \"jsonrpc\" : \"2.0\" , \"method\" : \"textDocument/didOpen\" , " + open + " } \n", true, true},
		// Params before the method: read again, typed.
		{`{` + change + `,"method":"textDocument/didChange","jsonrpc":"2.0"}`, true, true},
		// Other members, unknown keys, keys that differ in case from the
		// envelope's (a map's keys are exact).
		{`{"jsonrpc":"2.0","x":[1,-2.5e+3,true,false,null,{"a":"\u0041"}],"Method":1,"method":"textDocument/didOpen",` + open + `}`, true, true},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":-2147483648,"other":{}},"contentChanges":[],"extra":"\ud800"}}`, true, true},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"text":"\ud800\u0041\udc00\ud834"}]}}`, true, true},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}`, true, true},
		// Other methods: params as written, decoded by the method.
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`, true, false},
		{`{"jsonrpc":"2.0","id":"a","method":"shutdown"}`, true, false},
		{`{"jsonrpc":"2.0","id":1,"result":null}`, true, false},
		{`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}`, true, false},
		{`{}`, true, false},
		{`{"id":null,"method":["x"],"params":5,"jsonrpc":"1.0"}`, true, false},
		// Params the reader is not sure of: read by encoding/json, as
		// written (some it refuses, some it reads its own way).
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":null}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"range":null,"text":"a"}]}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"Text":"a"}]}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"text":"a","text":"b"}]}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"te\u0078t":"a"}]}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"verſion":1}}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"range":{"start":{"line":1,"character":2}},"text":"a"}]}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"range":{"start":{"line":1,"character":2},"end":{"line":1,"character":2,"x":1}},"text":"a"}]}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"range":{"start":{"line":-1,"character":2},"end":{"line":1,"character":2}},"text":"a"}]}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"contentChanges":[{"range":{"start":{"line":4294967296,"character":2},"end":{"line":1,"character":2}},"text":"a"}]}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"version":1.0}}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"version":2147483648}}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":7}}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"text":"a` + "\xff" + `b"}}}`, true, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":[1]}`, true, false},
		// Messages the reader leaves to encoding/json whole.
		{`{"jsonrpc":"2.0","method":"a","method":"b"}`, false, false},
		{`{"jsonrpc":"2.0","\u006dethod":"a"}`, false, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen",` + open + `} x`, false, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen",` + open + `}{}`, false, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"text":"a` + "\n" + `b"}}}`, false, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"text":"a\'b"}}}`, false, false},
		{`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"text":"a\u12G4b"}}}`, false, false},
		{`{"jsonrpc":"2.0","method":"x","params":{"a":01}}`, false, false},
		{`{"jsonrpc":"2.0","method":"x","params":{"a":1.}}`, false, false},
		{`{"jsonrpc":"2.0","method":"x","params":{"a":-}}`, false, false},
		{`{"jsonrpc":"2.0","method":"x","params":{"a":tru}}`, false, false},
		{`{"jsonrpc":"2.0","method":"x","params":{"a":1,}}`, false, false},
		{`{"jsonrpc":"2.0","method":"x","params":[1,]}`, false, false},
		{`{"jsonrpc":"2.0","method":"x","params":` + strings.Repeat("[", 2000) + strings.Repeat("]", 2000) + `}`, false, false},
		{`{"jsonrpc":"2.0","method":"x"`, false, false},
		{`[{"jsonrpc":"2.0","method":"x"}]`, false, false},
		{`null`, false, false},
		{``, false, false},
	} {
		read, typed := sameAsEncodingJSON(t, []byte(tt.body))
		if read != tt.read || typed != tt.typed {
			t.Errorf("%s: read %v, params typed %v; want %v, %v", tt.body, read, typed, tt.read, tt.typed)
		}
	}
}

// FuzzReader: whatever the message, what readEnvelope reads is what
// encoding/json reads.
func FuzzReader(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.md","version":7},"contentChanges":[{"range":{"start":{"line":1,"character":2},"end":{"line":3,"character":4}},"text":"x\n\u00e9\ud834\udd1e"}]}}`,
		`{"params":{"textDocument":{"uri":"file:///a.md","languageId":"markdown","version":1,"text":"a\\b\"c\u0000"}},"method":"textDocument/didOpen","jsonrpc":"2.0","id":"x"}`,
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{"general":{"positionEncodings":["utf-8"]}}}}`,
		`{"jsonrpc":"2.0","id":1,"result":[1,2.5e-3,true,false,null,{}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		sameAsEncodingJSON(t, body)
	})
}

// TestReaderStrings: strings made at random of escapes, characters of
// one to four bytes, bytes that are not UTF-8 and control characters
// decode as encoding/json decodes them, or are left to it.
func TestReaderStrings(t *testing.T) {
	pieces := []string{
		`a`, `Z`, ` `, `é`, `𝄞`, `€`, "\x7f", "\xff", "\xed\xa0\x80", "\xe2\x82", "\x01", "\t",
		`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`, `\'`, `\x`, `\u0041`, `\u00E9`, `\uFFFD`,
		`\ud834`, `\udd1e`, `\uD834\uDD1E`, `\udc00\ud800`, `\u12`, `\uZZZZ`, `\`,
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	read := 0
	for range 20000 {
		b.Reset()
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		lit := `"` + b.String() + `"`
		r := &reader{b: []byte(lit)}
		got, ok := r.str()
		if !ok {
			continue
		}
		read++
		lit = lit[:r.i] // an escaped backslash, then a quote, ends it early
		var want string
		wantErr := json.Unmarshal([]byte(lit), &want)
		if wantErr != nil || got != want {
			t.Fatalf("%s: read %q, encoding/json %q (%v)", lit, got, want, wantErr)
		}
	}
	if read < 5000 {
		t.Errorf("only %d strings of 20000 read", read)
	}
}

// TestAnswersBothWays: a message answered on the fast path (Server.one)
// gets, byte for byte, the answer that reading it with encoding/json
// gives, and leaves the documents as that does; TestMalformedBodies and
// TestBatch pin the answers themselves.
func TestAnswersBothWays(t *testing.T) {
	const uri = "file:///nowhere/a.txt"
	open := `{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + uri + `","languageId":"plaintext","version":1,"text":"line 1\nsee http://a.example/%zz \u00e9\n"}}}`
	bodies := []string{
		`{"jsonrpc":"2.0","id":2,"method":`,
		`{"jsonrpc":"2.0","id":3,"method":"shutdown"} x`,
		`{"jsonrpc":"2.0","method":"initialized"}{"jsonrpc":"2.0","method":"initialized"}`,
		``, `"initialize"`, `null`, `{}`, `7`,
		`{"jsonrpc":"2.0","id":7}`,
		`{"jsonrpc":"2.0","id":"seven","params":{}}`,
		`{"jsonrpc":"2.0","id":8,"method":1}`,
		`{"jsonrpc":"2.0","method":["exit"]}`,
		`{"id":9,"method":"textDocument/codeAction","params":{}}`,
		`{"jsonrpc":"1.0","id":10,"method":"textDocument/codeAction","params":{}}`,
		`{"jsonrpc":"2.0","id":true,"method":"textDocument/codeAction","params":{}}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"textDocument/codeAction","params":{}}`,
		`{"jsonrpc":"2.0","id":null,"method":"textDocument/codeAction","params":{}}`,
		`{"jsonrpc":"2.0","id":11,"method":"textDocument/codeAction","params":5}`,
		`{"jsonrpc":"2.0","id":13,"method":"textDocument/codeAction","params":{"range":7}}`,
		`{"jsonrpc":"2.0","id":14,"method":"textDocument/hover","params":{}}`,
		`{"jsonrpc":"2.0","id":15,"method":"$/unknown"}`,
		`{"jsonrpc":"2.0","id":1,"result":null}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":5}`,
		`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":7}}`,
		`{"jsonrpc":"2.0","id":16,"method":"textDocument/didOpen","params":{"textDocument":7}}`,
		`{"jsonrpc":"2.0","id":17,"method":"textDocument/didOpen","params":null}`,
		`{"jsonrpc":"2.0","id":18,"method":"textDocument/didChange","params":[]}`,
		`{"jsonrpc":"2.0","id":19,"method":"textDocument/didChange","params":{"textDocument":{"version":"x"},"contentChanges":[{"text":5}]}}`,
		open,
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"` + uri + `","version":2},"contentChanges":[{"range":{"start":{"line":0,"character":5},"end":{"line":0,"character":6}},"text":"one \ud834\udd1e"}]}}`,
		`{"params":{"contentChanges":[{"text":"whole\r\nnew"}],"textDocument":{"uri":"` + uri + `","version":3}},"jsonrpc":"2.0","method":"textDocument/didChange"}`,
		`{"jsonrpc":"2.0","id":20,"method":"textDocument/didChange","params":{"textDocument":{"uri":"` + uri + `","version":4},"contentChanges":[{"range":null,"text":"x"}]}}`,
		`{"jsonrpc":"2.0","id":21,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"` + uri + `"},"range":{"start":{"line":0,"character":0},"end":{"line":9,"character":0}},"context":{}}}`,
		`{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"` + uri + `"}}}`,
		`{"jsonrpc":"2.0","id":22,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","id":23,"method":"textDocument/didChange","params":{}}`,
	}
	servers := [2]*Server{NewServer(rules.All), NewServer(rules.All)}
	for _, s := range servers {
		s.Delay = time.Hour
		s.stream = newStream(pipes{strings.NewReader(""), nopCloser{io.Discard}})
		defer func() {
			for _, d := range s.docs {
				d.timer.Stop()
			}
		}()
		s.message([]byte(initializeRequest))
	}
	state := func(s *Server) string {
		d := s.docs[uri]
		if d == nil {
			return "closed"
		}
		text := ""
		if d.text != nil {
			text = d.text.s
		} else {
			text = d.rope.String()
		}
		return fmt.Sprintf("%d %q", d.version, text)
	}
	for _, body := range bodies {
		fast := servers[0].one([]byte(body))
		env, slow := decodeEnvelope([]byte(body))
		if slow == nil {
			slow = servers[1].answer(&env)
		}
		if !bytes.Equal(fast, slow) {
			t.Errorf("%s: answered %s, by encoding/json %s", body, fast, slow)
		}
		if a, b := state(servers[0]), state(servers[1]); a != b {
			t.Errorf("%s: the document is %s, by encoding/json %s", body, a, b)
		}
	}
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// BenchmarkReadText reads the JSON string of a 10 MB text as a didChange
// carries it, written by encoding/json (which writes HTML's "<", ">" and
// "&" as \u003c, \u003e and \u0026: an escape every few bytes), for plain
// text and HTML: "scan" finds its end and checks it, the other reads its
// value too.
func BenchmarkReadText(b *testing.B) {
	for _, k := range []struct{ kind, env, ext string }{{"txt", "URILINT_CORPUS", ".txt"}, {"html", "URILINT_CORPUS_HTML", ".html"}} {
		lit, err := json.Marshal(bigDoc(b, k.kind, k.env, k.ext, 10<<20))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(k.kind+"/scan", func(b *testing.B) {
			b.SetBytes(int64(len(lit)))
			for b.Loop() {
				r := &reader{b: lit}
				if _, _, ok := r.scanString(true); !ok {
					b.Fatal("not read")
				}
			}
		})
		b.Run(k.kind, func(b *testing.B) {
			b.SetBytes(int64(len(lit)))
			for b.Loop() {
				r := &reader{b: lit}
				if _, ok := r.str(); !ok {
					b.Fatal("not read")
				}
			}
		})
	}
}
