package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	p "github.com/myleshyson/lsprotocol-go/protocol"
	"github.com/sourcegraph/jsonrpc2"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/liveness"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// client is a test client talking to a server over pipes, as an editor
// does over a process's standard input and output.
type client struct {
	t     testing.TB
	conn  *jsonrpc2.Conn
	diags chan p.PublishDiagnosticsParams
	done  chan int // the server's exit status
	// registered receives the params of client/registerCapability.
	registered chan json.RawMessage
}

type pipes struct {
	io.Reader
	io.WriteCloser
}

// startServer starts a server, with a debounce delay of a millisecond,
// and setup applied to it, and a client talking to it.
func startServer(t testing.TB, setup ...func(*Server)) *client {
	t.Helper()
	serverIn, clientOut := io.Pipe()
	clientIn, serverOut := io.Pipe()
	s := NewServer(rules.All)
	s.Delay = time.Millisecond
	for _, f := range setup {
		f(s)
	}
	c := &client{t: t, diags: make(chan p.PublishDiagnosticsParams, 100), done: make(chan int, 1), registered: make(chan json.RawMessage, 1)}
	go func() { c.done <- s.Serve(context.Background(), pipes{serverIn, serverOut}) }()
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(pipes{clientIn, clientOut}, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "textDocument/publishDiagnostics" {
				var params p.PublishDiagnosticsParams
				if err := json.Unmarshal(*req.Params, &params); err != nil {
					t.Errorf("publishDiagnostics: %v", err)
				}
				c.diags <- params
			}
			if req.Method == "client/registerCapability" {
				c.registered <- *req.Params
			}
			return nil, nil
		}))
	t.Cleanup(func() { c.conn.Close() })
	return c
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	if err := c.conn.Call(context.Background(), method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// initialize starts a session; encodings are the position encodings the
// client offers (none: the protocol's default, UTF-16).
func (c *client) initialize(encodings ...p.PositionEncodingKind) p.InitializeResult {
	c.t.Helper()
	var res p.InitializeResult
	params := p.InitializeParams{Capabilities: p.ClientCapabilities{}}
	if len(encodings) > 0 {
		params.Capabilities.General = &p.GeneralClientCapabilities{PositionEncodings: encodings}
	}
	c.call("initialize", params, &res)
	c.notify("initialized", p.InitializedParams{})
	return res
}

// sync returns once the server has handled every message sent before:
// it answers a request it does not know (MethodNotFound) in its turn, and
// the client has taken every message the server sent before that answer.
func (c *client) sync() {
	c.t.Helper()
	err := c.conn.Call(context.Background(), "urilint/sync", nil, nil)
	var rpcErr *jsonrpc2.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.CodeMethodNotFound {
		c.t.Fatalf("urilint/sync: %v, want MethodNotFound", err)
	}
}

// wait returns the next diagnostics published for uri at version.
func (c *client) wait(uri p.DocumentUri, version int32) p.PublishDiagnosticsParams {
	c.t.Helper()
	timeout := liveness.After(c.t)
	for {
		select {
		case d := <-c.diags:
			if d.Uri == uri && d.Version == version {
				return d
			}
		case <-timeout:
			c.t.Fatalf("no diagnostics for %s version %d", uri, version)
		}
	}
}

func fileURI(path string) p.DocumentUri {
	return p.DocumentUri((&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String())
}

func rng(l1, c1, l2, c2 uint32) p.Range {
	return p.Range{Start: p.Position{Line: l1, Character: c1}, End: p.Position{Line: l2, Character: c2}}
}

// summary is what a test compares of a diagnostic.
type summary struct {
	Code     string
	Range    p.Range
	Severity p.DiagnosticSeverity
	Href     p.URI
}

func summarize(t *testing.T, ds []p.Diagnostic) []summary {
	t.Helper()
	var out []summary
	for _, d := range ds {
		s := summary{Range: d.Range}
		if d.Code != nil {
			s.Code, _ = d.Code.Value.(string)
		}
		if d.Severity != nil {
			s.Severity = *d.Severity
		}
		if d.CodeDescription != nil {
			s.Href = d.CodeDescription.Href
		}
		if d.Source != "urilint" || d.Message == "" {
			t.Errorf("diagnostic %+v: source %q, message %q", s, d.Source, d.Message)
		}
		out = append(out, s)
	}
	return out
}

func expectDiagnostics(t *testing.T, got []p.Diagnostic, want ...summary) {
	t.Helper()
	sum := summarize(t, got)
	if len(sum) != len(want) {
		t.Fatalf("diagnostics %+v, want %+v", sum, want)
	}
	for i := range want {
		if sum[i] != want[i] {
			t.Errorf("diagnostic %d: %+v, want %+v", i, sum[i], want[i])
		}
	}
}

const docsURL = "https://github.com/urilint/urilint/blob/main/docs/rules.md#"

func TestInitialize(t *testing.T) {
	c := startServer(t)
	res := c.initialize()
	if res.Capabilities.PositionEncoding == nil || *res.Capabilities.PositionEncoding != p.PositionEncodingKindUTF16 {
		t.Errorf("position encoding %v, want utf-16 by default", res.Capabilities.PositionEncoding)
	}
	sync, ok := res.Capabilities.TextDocumentSync.Value.(p.TextDocumentSyncOptions)
	if !ok || sync.Change == nil || *sync.Change != p.TextDocumentSyncKindIncremental || !sync.OpenClose {
		t.Errorf("text document sync %+v, want incremental with open and close", res.Capabilities.TextDocumentSync)
	}
	var out any
	c.call("shutdown", nil, &out)
	if out != nil {
		t.Errorf("shutdown returned %v, want null", out)
	}
	c.notify("exit", nil)
	if code := <-c.done; code != 0 {
		t.Errorf("exit after shutdown: status %d, want 0", code)
	}

	c = startServer(t)
	res = c.initialize(p.PositionEncodingKindUTF32, p.PositionEncodingKindUTF8, p.PositionEncodingKindUTF16)
	if *res.Capabilities.PositionEncoding != p.PositionEncodingKindUTF8 {
		t.Errorf("position encoding %v, want utf-8 when offered", *res.Capabilities.PositionEncoding)
	}
	c.notify("exit", nil)
	if code := <-c.done; code != 1 {
		t.Errorf("exit without shutdown: status %d, want 1", code)
	}
}

// TestSession is an editing session: open a Markdown document, change it
// incrementally, take a quick fix, close it. The line with the problem
// has non-ASCII text before the URI, one character of it outside the
// Basic Multilingual Plane: UTF-16 ranges count it twice. The
// configuration turns percent-lowercase on (it is off by default).
func TestSession(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".urilint.yaml"), []byte("rules: {percent-lowercase: info}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t)
	c.initialize()
	uri := fileURI(filepath.Join(dir, "notes.md"))
	doc := "# Notes\n\nCafé 𝄞 see [x](http://example.com/%c3%a9) and urn:isbm:0-395-36341-1.\n"
	c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: "markdown", Version: 1, Text: doc,
	}})
	// "Café 𝄞 see [x](" is 15 characters, 16 UTF-16 units: the URI starts
	// at 16, its "%c3" at 35, "%a9" at 38; "isbm" at 51. The two
	// lower-case encodings are one diagnostic, at the first.
	got := c.wait(uri, 1)
	expectDiagnostics(t, got.Diagnostics,
		summary{"percent-lowercase", rng(2, 35, 2, 38), p.DiagnosticSeverityInformation, docsURL + "percent-lowercase"},
		summary{"urn-nid-unregistered", rng(2, 51, 2, 55), p.DiagnosticSeverityWarning, docsURL + "urn-nid-unregistered"},
	)
	if rel := got.Diagnostics[0].RelatedInformation; len(rel) != 1 || rel[0].Location.Uri != uri || rel[0].Location.Range != rng(2, 38, 2, 41) {
		t.Errorf("the second place of the problem: %+v, want it as related information", rel)
	}

	// Incremental: "isbm" becomes "isbn", and two characters go in before
	// the URI (one of them non-ASCII).
	c.notify("textDocument/didChange", p.DidChangeTextDocumentParams{
		TextDocument: p.VersionedTextDocumentIdentifier{Uri: uri, Version: 2},
		ContentChanges: []p.TextDocumentContentChangeEvent{
			{Value: p.TextDocumentContentChangePartial{Range: rng(2, 54, 2, 55), Text: "n"}},
			{Value: p.TextDocumentContentChangePartial{Range: rng(2, 8, 2, 8), Text: "ü!"}},
		},
	})
	got = c.wait(uri, 2)
	expectDiagnostics(t, got.Diagnostics,
		summary{"percent-lowercase", rng(2, 37, 2, 40), p.DiagnosticSeverityInformation, docsURL + "percent-lowercase"},
	)

	// The quick fix of the diagnostic, asked for by its range: one fix
	// for both encodings.
	var actions []p.CodeAction
	c.call("textDocument/codeAction", p.CodeActionParams{
		TextDocument: p.TextDocumentIdentifier{Uri: uri}, Range: rng(2, 37, 2, 37),
		Context: p.CodeActionContext{Diagnostics: got.Diagnostics[:1], Only: []p.CodeActionKind{p.CodeActionKindQuickFix}},
	}, &actions)
	if len(actions) != 1 {
		t.Fatalf("code actions %+v, want one quick fix", actions)
	}
	a := actions[0]
	edits := a.Edit.Changes[uri]
	if a.Title != "write %C3, and 1 more like it (percent-lowercase)" || !a.IsPreferred || a.Kind == nil || *a.Kind != p.CodeActionKindQuickFix ||
		len(edits) != 2 || edits[0].Range != rng(2, 37, 2, 40) || edits[0].NewText != "%C3" ||
		edits[1].Range != rng(2, 40, 2, 43) || edits[1].NewText != "%A9" || len(a.Diagnostics) != 1 {
		t.Fatalf("code action %+v (edits %+v)", a, edits)
	}
	// Every safe fix at once: one edit of the whole document.
	c.call("textDocument/codeAction", p.CodeActionParams{
		TextDocument: p.TextDocumentIdentifier{Uri: uri}, Range: rng(0, 0, 0, 0),
		Context: p.CodeActionContext{Only: []p.CodeActionKind{"source.fixAll"}},
	}, &actions)
	if len(actions) != 1 || actions[0].Edit.Changes[uri][0].NewText != "# Notes\n\nCafé 𝄞 ü!see [x](http://example.com/%C3%A9) and urn:isbn:0-395-36341-1.\n" ||
		actions[0].Edit.Changes[uri][0].Range != rng(0, 0, 3, 0) {
		t.Fatalf("fix-all actions %+v: %+v", actions, actions[0].Edit.Changes[uri])
	}

	// The editor applies the quick fix; the diagnostic goes.
	c.notify("textDocument/didChange", p.DidChangeTextDocumentParams{
		TextDocument: p.VersionedTextDocumentIdentifier{Uri: uri, Version: 3},
		ContentChanges: []p.TextDocumentContentChangeEvent{
			{Value: p.TextDocumentContentChangePartial{Range: edits[1].Range, Text: edits[1].NewText}},
			{Value: p.TextDocumentContentChangePartial{Range: edits[0].Range, Text: edits[0].NewText}},
		},
	})
	got = c.wait(uri, 3)
	if len(got.Diagnostics) != 0 {
		t.Errorf("after the quick fix: %+v", summarize(t, got.Diagnostics))
	}

	// A whole-document change, then close: the diagnostics are cleared.
	c.notify("textDocument/didChange", p.DidChangeTextDocumentParams{
		TextDocument:   p.VersionedTextDocumentIdentifier{Uri: uri, Version: 4},
		ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangeWholeDocument{Text: "<http://example.com/a b>\n"}}},
	})
	got = c.wait(uri, 4)
	if len(got.Diagnostics) != 0 {
		t.Errorf("after the whole-document change: %+v", summarize(t, got.Diagnostics))
	}
	c.notify("textDocument/didClose", p.DidCloseTextDocumentParams{TextDocument: p.TextDocumentIdentifier{Uri: uri}})
	if got = c.wait(uri, 0); len(got.Diagnostics) != 0 {
		t.Errorf("after close: %+v", got.Diagnostics)
	}
}

// TestUTF8 negotiates UTF-8: characters count bytes.
func TestUTF8(t *testing.T) {
	c := startServer(t)
	c.initialize(p.PositionEncodingKindUTF8)
	uri := fileURI(filepath.Join(t.TempDir(), "a.txt"))
	c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: "plaintext", Version: 1, Text: "Café 𝄞 http://example.com/%zz\n",
	}})
	// "Café 𝄞 " is 11 bytes; "http://example.com/" 19 more.
	expectDiagnostics(t, c.wait(uri, 1).Diagnostics,
		summary{"percent-malformed", rng(0, 30, 0, 31), p.DiagnosticSeverityError, docsURL + "percent-malformed"})
	c.notify("textDocument/didChange", p.DidChangeTextDocumentParams{
		TextDocument:   p.VersionedTextDocumentIdentifier{Uri: uri, Version: 2},
		ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangePartial{Range: rng(0, 6, 0, 10), Text: "é"}}},
	})
	expectDiagnostics(t, c.wait(uri, 2).Diagnostics,
		summary{"percent-malformed", rng(0, 28, 0, 29), p.DiagnosticSeverityError, docsURL + "percent-malformed"})
}

// TestConfig: a document is linted with the configuration urilint check
// would use for the file, read again when the client reports a change.
func TestConfig(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	config := filepath.Join(dir, ".urilint.yaml")
	write := func(s string) {
		if err := os.WriteFile(config, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("rules: {percent-lowercase: error}\n")
	c := startServer(t)
	c.initialize()
	uri := fileURI(filepath.Join(dir, "docs", "a.md"))
	c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: "markdown", Version: 1, Text: "http://example.com/%c3\n",
	}})
	expectDiagnostics(t, c.wait(uri, 1).Diagnostics,
		summary{"percent-lowercase", rng(0, 19, 0, 22), p.DiagnosticSeverityError, docsURL + "percent-lowercase"})

	write("rules: {percent-lowercase: off}\n")
	c.notify("workspace/didChangeWatchedFiles", p.DidChangeWatchedFilesParams{Changes: []p.FileEvent{{Uri: fileURI(config), Type: p.FileChangeTypeChanged}}})
	if got := c.wait(uri, 1); len(got.Diagnostics) != 0 {
		t.Errorf("after the configuration turned the rule off: %+v", summarize(t, got.Diagnostics))
	}

	// A broken configuration is said at the top of the document.
	write("rules: {percent-lowercase: warnings}\n")
	c.notify("textDocument/didSave", p.DidSaveTextDocumentParams{TextDocument: p.TextDocumentIdentifier{Uri: fileURI(config)}})
	got := c.wait(uri, 1)
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range != rng(0, 0, 0, 0) ||
		got.Diagnostics[0].Message != "configuration: "+config+`:1:28: rules.percent-lowercase: invalid severity "warnings" (want error, warning, info or off)` {
		t.Errorf("with a broken configuration: %+v", got.Diagnostics)
	}

	// An excluded file has nothing to report.
	write("exclude: [docs/**]\n")
	c.notify("workspace/didChangeWatchedFiles", p.DidChangeWatchedFilesParams{Changes: []p.FileEvent{{Uri: fileURI(config), Type: p.FileChangeTypeChanged}}})
	if got := c.wait(uri, 1); len(got.Diagnostics) != 0 {
		t.Errorf("excluded: %+v", summarize(t, got.Diagnostics))
	}
}

// TestConfigFormat: a file an override gives a format is read in it, as
// urilint check reads it, whatever language the editor gives: a .txt the
// editor calls plain text is reStructuredText, where an inline literal is
// code and `x <URI>`_ a link.
func TestConfigFormat(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".urilint.yaml"), []byte("overrides:\n  - files: [\"docs/**/*.txt\"]\n    format: restructuredtext\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t)
	c.initialize()
	doc := "``GET https://example.com/a^b`` `x <https://example.com/c^d>`_\n"
	rst, txt := fileURI(filepath.Join(dir, "docs", "a.txt")), fileURI(filepath.Join(dir, "b.txt"))
	open := func(uri p.DocumentUri) []p.Diagnostic {
		c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
			Uri: uri, LanguageId: "plaintext", Version: 1, Text: doc,
		}})
		return c.wait(uri, 1).Diagnostics
	}
	expectDiagnostics(t, open(rst),
		summary{"percent-unencoded", rng(0, 57, 0, 58), p.DiagnosticSeverityError, docsURL + "percent-unencoded"})
	expectDiagnostics(t, open(txt),
		summary{"percent-unencoded", rng(0, 27, 0, 28), p.DiagnosticSeverityError, docsURL + "percent-unencoded"},
		summary{"percent-unencoded", rng(0, 57, 0, 58), p.DiagnosticSeverityError, docsURL + "percent-unencoded"})
}

// TestLinkedFileWatched: a document's local link reports follow the files
// it links to, as the client reports them created and deleted, and the
// targets of an open document as it is edited.
func TestLinkedFileWatched(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	// The local link rules are off by default: the project turns them on.
	if err := os.WriteFile(filepath.Join(dir, ".urilint.yaml"), []byte("rules: {link-missing-fragment: warning, link-missing-file: error}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "b.md")
	c := startServer(t)
	c.initialize()
	uri := fileURI(filepath.Join(dir, "a.md"))
	c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: "markdown", Version: 1, Text: "See [b](b.md#usage).\n",
	}})
	expectDiagnostics(t, c.wait(uri, 1).Diagnostics,
		summary{"link-missing-file", rng(0, 8, 0, 18), p.DiagnosticSeverityError, docsURL + "link-missing-file"})

	// Created: the file is there, but not the heading.
	if err := os.WriteFile(target, []byte("# B\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("workspace/didChangeWatchedFiles", p.DidChangeWatchedFilesParams{Changes: []p.FileEvent{{Uri: fileURI(target), Type: p.FileChangeTypeCreated}}})
	expectDiagnostics(t, c.wait(uri, 1).Diagnostics,
		summary{"link-missing-fragment", rng(0, 8, 0, 18), p.DiagnosticSeverityWarning, docsURL + "link-missing-fragment"})

	// Opened and edited: its headings are the editor's.
	buri := fileURI(target)
	c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: buri, LanguageId: "markdown", Version: 1, Text: "# B\n\n## Usage\n",
	}})
	c.wait(buri, 1)
	if got := c.wait(uri, 1); len(got.Diagnostics) != 0 {
		t.Errorf("with the heading in the open document: %+v", summarize(t, got.Diagnostics))
	}
}

// TestLenientParams: clients send fields the protocol does not know (or
// not yet); the server ignores them.
func TestLenientParams(t *testing.T) {
	c := startServer(t)
	var res p.InitializeResult
	c.call("initialize", json.RawMessage(`{"processId":1,"rootUri":null,"capabilities":{
		"textDocument":{"documentSymbol":{"hierarchicalDocumentSymbolSupport":true,"hierarchicalWorkspaceSymbolSupport":true}},
		"general":{"positionEncodings":["utf-8"],"somethingNew":1},"experimental":{"x":true}},
		"clientInfo":{"name":"test"},"trace":"off","workspaceFolders":null}`), &res)
	if *res.Capabilities.PositionEncoding != p.PositionEncodingKindUTF8 {
		t.Errorf("position encoding %v", *res.Capabilities.PositionEncoding)
	}
	uri := fileURI(filepath.Join(t.TempDir(), "a.txt"))
	c.notify("textDocument/didOpen", json.RawMessage(`{"textDocument":{"uri":"`+string(uri)+`","languageId":"plaintext","version":1,"text":"http://a.example/%zz","extra":1}}`))
	expectDiagnostics(t, c.wait(uri, 1).Diagnostics,
		summary{"percent-malformed", rng(0, 17, 0, 18), p.DiagnosticSeverityError, docsURL + "percent-malformed"})
	var actions []p.CodeAction
	c.call("textDocument/codeAction", json.RawMessage(`{"textDocument":{"uri":"`+string(uri)+`"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":20}},
		"context":{"diagnostics":[{"range":{"start":{"line":0,"character":17},"end":{"line":0,"character":18}},"message":"m","severity":1,"code":"percent-malformed","source":"urilint","bufnr":1,"namespace":3}],"triggerKind":1}}`), &actions)
	if len(actions) != 1 || actions[0].Title != `write the literal "%" as %25 (percent-malformed), review it` || actions[0].IsPreferred {
		t.Errorf("code actions %+v", actions)
	}
}

// TestCheckParts: a Markdown document checked part by part, with parts
// taken from the cache of an earlier check, gives the diagnostics of the
// whole, with the same positions and fixes.
func TestCheckParts(t *testing.T) {
	// Every rule, and code too: more to compare.
	ch, err := lint.NewChecker(rules.All, &lint.Config{Strict: true, Extract: extract.Options{IncludeCodeBlocks: true, IncludeCodeSpans: true}})
	if err != nil {
		t.Fatal(err)
	}
	doc := bigDoc(t, "md", "URILINT_CORPUS_MD", ".md", 1<<20)
	format := func(ds []*lint.Diagnostic) []string {
		var out []string
		for _, d := range ds {
			s := fmt.Sprintf("%d %d %+v %s %s", d.Start, d.End, d.Ranges, d.Rule.Name, d.Message)
			for _, f := range d.Fixes {
				s += fmt.Sprintf(" [%s %v %+v]", f.Message, f.Safe, f.Edits)
			}
			out = append(out, s)
		}
		return out
	}
	var whole []*lint.Diagnostic
	ch.Check("doc.md", extract.FormatMarkdown, []byte(doc), func(d *lint.Diagnostic) { whole = append(whole, d) })
	parts, cache, _ := checkParts(ch, "doc.md", extract.FormatMarkdown, doc, nil)
	if !slices.Equal(format(parts), format(whole)) {
		t.Fatalf("part by part: %d diagnostics, whole: %d", len(parts), len(whole))
	}
	// Parts, not cache entries: on a plain clone the document is the few
	// test documents repeated, whose parts are cached once each.
	if n := len(extract.MarkdownSplits([]byte(doc), minPart)) + 1; len(whole) == 0 || n < 10 || len(cache) < 2 {
		t.Fatalf("%d diagnostics, %d parts, %d different: the test needs more", len(whole), n, len(cache))
	}
	// An edit in the middle: the cache serves the other parts.
	edited := doc[:len(doc)/2] + "see http://example.com/%zz%zz here\n\n" + doc[len(doc)/2:]
	whole = whole[:0]
	ch.Check("doc.md", extract.FormatMarkdown, []byte(edited), func(d *lint.Diagnostic) { whole = append(whole, d) })
	parts, _, _ = checkParts(ch, "doc.md", extract.FormatMarkdown, edited, nil, cache)
	if !slices.Equal(format(parts), format(whole)) {
		t.Fatalf("after an edit, part by part: %d diagnostics, whole: %d", len(parts), len(whole))
	}
}

// TestRegisterWatchers: a client that registers watchers on request is
// asked to watch the configuration files.
func TestRegisterWatchers(t *testing.T) {
	c := startServer(t)
	var res p.InitializeResult
	c.call("initialize", json.RawMessage(`{"capabilities":{"workspace":{"didChangeWatchedFiles":{"dynamicRegistration":true}}}}`), &res)
	c.notify("initialized", struct{}{})
	select {
	case params := <-c.registered:
		const want = `{"registrations":[{"id":"urilint-config","method":"workspace/didChangeWatchedFiles","registerOptions":{"watchers":[{"globPattern":"**/.urilint.yaml"},{"globPattern":"**/.urilint.yml"},{"globPattern":"**/*"}]}}]}`
		if string(params) != want {
			t.Errorf("registration %s, want %s", params, want)
		}
	case <-liveness.After(t):
		t.Fatal("no registration")
	}
}

// TestUnlisted: a document with more problems than lint.MaxFileDiagnostics
// gets the first of them, and a note at its start that counts the rest, in
// plain text (checked whole) and Markdown (checked in parts).
func TestUnlisted(t *testing.T) {
	c := startServer(t)
	c.initialize()
	dir := t.TempDir()
	for _, name := range []string{"a.txt", "a.md"} {
		uri := fileURI(filepath.Join(dir, name))
		var b strings.Builder
		for range lint.MaxFileDiagnostics + 7 {
			b.WriteString("http://a/%zz\n\n")
		}
		c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
			Uri: uri, LanguageId: "plaintext", Version: 1, Text: b.String(),
		}})
		got := c.wait(uri, 1).Diagnostics
		if len(got) != lint.MaxFileDiagnostics+1 {
			t.Fatalf("%s: %d diagnostics, want %d", name, len(got), lint.MaxFileDiagnostics+1)
		}
		if want := "7 more problems in this document are not shown (the first 10000 are)"; got[0].Message != want || got[0].Range != rng(0, 0, 0, 0) {
			t.Errorf("%s: first diagnostic %q at %v, want %q at the start", name, got[0].Message, got[0].Range, want)
		}
		last := lint.MaxFileDiagnostics - 1
		expectDiagnostics(t, got[len(got)-1:],
			summary{"percent-malformed", rng(uint32(2*last), 9, uint32(2*last), 10), p.DiagnosticSeverityError, docsURL + "percent-malformed"})
	}
}
