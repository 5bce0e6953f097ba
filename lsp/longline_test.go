package lsp

import (
	"runtime/debug"
	"strings"
	"testing"
	"time"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/cputime"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// longLine is a document of one line of k URIs, each with three lower-case
// percent-encodings (one diagnostic, with two more places as related
// information, and a fix of three edits) and non-ASCII characters before
// it, which UTF-16 positions count.
func longLine(k int) string {
	return strings.Repeat("é 𝄞 see http://a.example/%7e/%7e/%7e ", k)
}

// linted returns the text of doc and the diagnostics of urilint's rules on
// it, as a lint of the server gives them.
func linted(t testing.TB, doc string) (*text, []*lint.Diagnostic) {
	ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	var diags []*lint.Diagnostic
	ch.Check("a.txt", extract.FormatText, []byte(doc), func(d *lint.Diagnostic) { diags = append(diags, d) })
	return newText(doc), diags
}

// TestLongLineLinear: on one long line with thousands of diagnostics (1,000
// and 10,000, the most a document lists),
// publishing them (positions, related information) and answering a code
// action over the whole line take time linear in the line. Each position
// used to be counted from the start of its line for each related place
// and in each code action's diagnostic and edit: a code action over a
// 1.7 MB line with 8,000 diagnostics took 47 s on the message loop,
// publishing them with their related information 24 s.
func TestLongLineLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	const k = 1000
	type doc struct {
		t     *text
		diags []*lint.Diagnostic
	}
	var docs [2]doc
	for i, n := range []int{k, 10 * k} {
		tx, diags := linted(t, longLine(n))
		if len(diags) != n || len(diags[0].Ranges) != 3 {
			t.Fatalf("%d URIs: %d diagnostics", n, len(diags))
		}
		docs[i] = doc{tx, diags}
	}
	const uri = p.DocumentUri("file:///a.txt")
	t.Run("publish", func(t *testing.T) {
		cputime.Linear(t, len(docs[0].t.s), len(docs[1].t.s), func(l bool) {
			d := docs[b2i(l)]
			tx := newText(d.t.s) // a new text, as a lint makes
			var c cursor
			for _, diag := range d.diags {
				wire(toProtocol(uri, diag, tx, &c, utf16))
			}
		}, 0, 5*time.Millisecond)
	})
	t.Run("code action", func(t *testing.T) {
		servers := [2]*Server{}
		for i, d := range docs {
			s := NewServer(rules.All)
			s.enc = utf16
			s.docs[uri] = &document{uri: uri, text: d.t, last: &result{text: d.t, diags: d.diags}}
			servers[i] = s
		}
		params := &codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: p.Range{End: p.Position{Character: 1 << 30}}}
		params.Context.Only = []p.CodeActionKind{p.CodeActionKindQuickFix}
		if n := len(servers[0].codeAction(params)); n != k {
			t.Fatalf("%d code actions for %d diagnostics", n, k)
		}
		cputime.Linear(t, len(docs[0].t.s), len(docs[1].t.s), func(l bool) {
			s, d := servers[b2i(l)], docs[b2i(l)]
			tx := newText(d.t.s)
			s.docs[uri].text, s.docs[uri].last.text = tx, tx
			s.codeAction(params)
		}, 0, 5*time.Millisecond)
	})
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestDidChangeFloodLinear: a flood of one-character changes, each its own
// didChange, takes time in the number of changes times the log of the
// document, not times the document: each change copied the document and
// found its lines again on the message loop (2,000 changes of a 5 MB
// document held the requests behind them for 29 s). The text is made when
// a lint takes it, off the loop.
func TestDidChangeFloodLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	line := "some words é 𝄞 and http://a.example/path\n"
	const uri = p.DocumentUri("file:///a.txt")
	flood := func(size, changes int) func() {
		s := NewServer(rules.All)
		s.Delay = time.Hour // no lint in the meantime
		var open didOpenParams
		open.TextDocument.URI, open.TextDocument.Text = uri, strings.Repeat(line, size/len(line))
		s.didOpen(&open)
		params := make([]didChangeParams, changes)
		for i := range params {
			params[i].TextDocument.URI, params[i].TextDocument.Version = uri, int32(i+2)
			at := p.Position{Line: uint32(i % 100), Character: 3}
			params[i].ContentChanges = []contentChange{{Range: &p.Range{Start: at, End: at}, Text: "x"}}
		}
		return func() {
			for i := range params {
				s.didChange(&params[i])
			}
			s.mu.Lock()
			s.docs[uri].timer.Stop()
			s.mu.Unlock()
		}
	}
	const size, changes = 200_000, 200
	cputime.Linear(t, size, 10*size, func(l bool) {
		if l {
			flood(10*size, 10*changes)()
		} else {
			flood(size, changes)()
		}
	}, 0, 0)
}

// BenchmarkLongLine publishes the diagnostics of one line of 1,000 URIs
// (each with related information and a fix) and answers a code action
// over the whole line, each on a new text (its marks made anew).
func BenchmarkLongLine(b *testing.B) {
	tx, diags := linted(b, longLine(1000))
	const uri = p.DocumentUri("file:///a.txt")
	b.Run("publish", func(b *testing.B) {
		b.SetBytes(int64(len(tx.s)))
		for b.Loop() {
			t := newText(tx.s)
			var c cursor
			for _, diag := range diags {
				wire(toProtocol(uri, diag, t, &c, utf16))
			}
		}
	})
	b.Run("code action", func(b *testing.B) {
		s := NewServer(rules.All)
		s.enc = utf16
		s.docs[uri] = &document{uri: uri}
		params := &codeActionParams{TextDocument: textDocumentIdentifier{URI: uri}, Range: p.Range{End: p.Position{Character: 1 << 30}}}
		params.Context.Only = []p.CodeActionKind{p.CodeActionKindQuickFix}
		b.SetBytes(int64(len(tx.s)))
		for b.Loop() {
			t := newText(tx.s)
			s.docs[uri].text, s.docs[uri].last = t, &result{text: t, diags: diags}
			s.codeAction(params)
		}
	})
}

// BenchmarkDidChangeFlood handles 100 one-character didChanges of a 1 MB
// document, after its didOpen.
func BenchmarkDidChangeFlood(b *testing.B) {
	const uri = p.DocumentUri("file:///a.txt")
	doc := strings.Repeat("some words é 𝄞 and http://a.example/path\n", 1<<20/44)
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		s := NewServer(rules.All)
		s.Delay = time.Hour
		var open didOpenParams
		open.TextDocument.URI, open.TextDocument.Text = uri, doc
		s.didOpen(&open)
		for i := range 100 {
			var ch didChangeParams
			ch.TextDocument.URI, ch.TextDocument.Version = uri, int32(i+2)
			at := p.Position{Line: uint32(i), Character: 3}
			ch.ContentChanges = []contentChange{{Range: &p.Range{Start: at, End: at}, Text: "x"}}
			s.didChange(&ch)
		}
		s.docs[uri].timer.Stop()
	}
}
