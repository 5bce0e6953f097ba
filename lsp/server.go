// Package lsp is urilint's language server: the Language Server Protocol
// 3.17 over JSON-RPC 2.0, for editors. It lints the text of open documents
// (saved or not) as urilint check would lint the files, with the same
// configuration files, and publishes the diagnostics, with the rules'
// fixes as code actions.
//
// The protocol types are github.com/myleshyson/lsprotocol-go (generated
// from the protocol's metaModel, 3.17 and later). The base protocol
// (stream.go) and JSON-RPC (rpc.go) are the package's own, so that every
// malformed message is answered as JSON-RPC says and the server reads on.
package lsp

import (
	"context"
	"encoding/json"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
)

// DefaultDelay is how long a document must stay unchanged before it is
// linted: long enough to skip the keystrokes of a word, short enough that
// a 5 MB document has its diagnostics well within 200 ms of the last
// change.
const DefaultDelay = 15 * time.Millisecond

// Server is a language server for one client.
type Server struct {
	rules []*lint.Rule
	// Delay is the debounce delay (DefaultDelay if zero).
	Delay time.Duration

	stream *stream

	mu        sync.Mutex
	enc       encoding
	docs      map[p.DocumentUri]*document
	resolver  *config.Resolver
	configErr error
	// across collects the facts of the rules that look across documents,
	// over the open documents.
	across       *lint.Across
	initialized  bool // initialize was answered
	shutdown     bool
	exitCode     int  // set by the exit notification
	exited       bool // an exit notification came
	watchDynamic bool // the client registers file watchers on request
	// traceLint, when set (by tests, before Serve), is called as each lint
	// starts and as it ends (done).
	traceLint func(uri p.DocumentUri, version int32, done bool)
	// tracePart, when set (by tests, before Serve), is called by a lint of
	// a Markdown document read in parts before each part, right before it
	// asks whether the document changed (and stops if it did).
	tracePart func(uri p.DocumentUri, version int32)
	// seq numbers the states of the documents: each open, change and
	// close of a document, and each reload of the configuration, moves a
	// document to a new state, the next number.
	seq uint64
}

// document is an open document.
type document struct {
	uri    p.DocumentUri
	path   string // the file's path, "" when the URI is not a file
	format extract.Format
	// text is the document's content, or nil when it changed since it was
	// last made: rope holds it then. The message loop edits the rope (a
	// change costs time in the log of the document, not its size), and a
	// lint makes the text from it, off the loop.
	text    *text
	rope    *rope
	version int32
	// gen is the document's state (see Server.seq): a lint of an earlier
	// one is stale. Written with s.mu held; read without, by a lint that
	// asks whether to stop.
	gen   atomic.Uint64
	timer *time.Timer
	// running says a lint of the document is running: there is at most
	// one at a time. again says the timer fired meanwhile: the lint runs
	// once more, on the latest text, when it ends.
	running, again bool
	// last is the result of the last lint published: the version it was of,
	// the text and the diagnostics.
	last *result
	// parts holds, for a Markdown document, the diagnostics of each part
	// of the last lint published (see extract.MarkdownSplits), by the
	// part's text, with offsets within the part: an edit re-reads only its
	// part. partial holds those of the last lint that was stale (whole or
	// not): what it read serves the next.
	parts, partial partCache
	// across is what the rules that look across documents reported in the
	// last lint published (see acrossKey): when another document's lint
	// changes it, the document is linted again.
	across []string
}

// name is the name the document is linted under: its path, or its URI
// when it is not a file.
func (d *document) name() string {
	if d.path == "" {
		return string(d.uri)
	}
	return d.path
}

// partCache is the diagnostics of the parts of a Markdown document, read
// with checker.
type partCache struct {
	checker *lint.Checker
	parts   map[string][]*lint.Diagnostic
}

type result struct {
	version int32
	text    *text
	diags   []*lint.Diagnostic
}

// NewServer returns a server running rules.
func NewServer(rules []*lint.Rule) *Server {
	s := &Server{rules: rules, docs: map[p.DocumentUri]*document{}, across: lint.NewAcross()}
	s.loadConfigs()
	return s
}

// Serve runs the server over the stream rwc (standard input and output
// for an editor) until the exit notification or the end of the stream,
// closes rwc, and returns the process's exit status: 0 after a shutdown
// request, 1 without one (as the protocol says). Cancelling ctx closes
// rwc, which ends the server where that ends a read.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) int {
	st := newStream(rwc)
	s.mu.Lock()
	s.stream = st
	s.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { _ = st.Close() })
	s.loop(st)
	stop()
	_ = st.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	// The documents close: a timer that has fired finds none, a lint
	// running stops where it can, and nothing is published.
	for uri, d := range s.docs {
		if d.timer != nil {
			d.timer.Stop()
		}
		s.touch(d)
		delete(s.docs, uri)
	}
	if s.exited {
		return s.exitCode
	}
	if s.shutdown {
		return 0
	}
	return 1
}

// loadConfigs (re)reads the configuration files, as urilint check finds
// them: the nearest .urilint.yaml of each document.
func (s *Server) loadConfigs() {
	names := make([]string, len(s.rules))
	for i, r := range s.rules {
		names[i] = r.Name
	}
	configs, err := config.NewFinder(names, "", false)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.configErr = err
	s.resolver = config.NewResolver(s.rules, configs, config.Settings{}).CollectAcross(s.across)
}

// handle answers a request or takes a notification (notif), with its
// parameters (nil when there are none), and typed, the parameters already
// decoded into the method's type when the message loop could (see
// readEnvelope), else nil. Messages are handled one at a
// time, in the order they came, and never lint: linting runs on timers,
// so the editor is never kept waiting.
//
// As LSP 3.17 says: before initialize is answered, a request is an error,
// ServerNotInitialized, and a notification is dropped, exit excepted; a
// second initialize is an invalid request; after shutdown, every request
// is an invalid request.
func (s *Server) handle(method string, params json.RawMessage, typed any, notif bool) (any, *rpcError) {
	s.mu.Lock()
	down, ready := s.shutdown, s.initialized
	s.mu.Unlock()
	refuse := func(code p.ErrorCodes, msg string) (any, *rpcError) {
		if notif {
			return nil, nil
		}
		return nil, rpcErr(code, msg)
	}
	switch {
	case method == "exit":
	case down:
		return refuse(p.ErrorCodesInvalidRequest, "the server is shut down")
	case !ready && method != "initialize":
		return refuse(p.ErrorCodesServerNotInitialized, "the server is not initialized")
	case ready && method == "initialize":
		return refuse(p.ErrorCodesInvalidRequest, "the server is initialized already")
	}
	switch method {
	case "initialize":
		params2, err := paramsOf[initializeParams](params, typed)
		if err != nil {
			return nil, err
		}
		return s.initialize(params2), nil
	case "initialized":
		s.mu.Lock()
		dynamic, st := s.watchDynamic, s.stream
		s.mu.Unlock()
		if dynamic {
			s.registerWatchers(st)
		}
		return nil, nil
	case "shutdown":
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		return nil, nil
	case "exit":
		s.mu.Lock()
		s.exited, s.exitCode = true, 1
		if down {
			s.exitCode = 0
		}
		s.mu.Unlock()
		return nil, nil
	case "textDocument/didOpen":
		params2, err := paramsOf[didOpenParams](params, typed)
		if err != nil {
			return nil, err
		}
		s.didOpen(params2)
		return nil, nil
	case "textDocument/didChange":
		params2, err := paramsOf[didChangeParams](params, typed)
		if err != nil {
			return nil, err
		}
		s.didChange(params2)
		return nil, nil
	case "textDocument/didSave":
		params2, err := paramsOf[documentParams](params, typed)
		if err != nil {
			return nil, err
		}
		s.didSave(params2)
		return nil, nil
	case "textDocument/didClose":
		params2, err := paramsOf[documentParams](params, typed)
		if err != nil {
			return nil, err
		}
		s.didClose(params2)
		return nil, nil
	case "textDocument/codeAction":
		params2, err := paramsOf[codeActionParams](params, typed)
		if err != nil {
			return nil, err
		}
		return s.codeAction(params2), nil
	case "workspace/didChangeWatchedFiles":
		params2, err := paramsOf[didChangeWatchedFilesParams](params, typed)
		if err != nil {
			return nil, err
		}
		s.filesChanged(params2.Changes)
		return nil, nil
	}
	// "$/cancelRequest", "$/setTrace" and the like: nothing to do.
	return refuse(p.ErrorCodesMethodNotFound, "method not supported: "+method)
}

// initialize negotiates the position encoding (UTF-8 when the client
// offers it, else UTF-16) and states what the server does.
func (s *Server) initialize(params *initializeParams) p.InitializeResult {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.initialized = true
	enc := p.PositionEncodingKindUTF16
	s.enc = utf16
	if g := params.Capabilities.General; g != nil && slices.Contains(g.PositionEncodings, p.PositionEncodingKindUTF8) {
		enc, s.enc = p.PositionEncodingKindUTF8, utf8Bytes
	}
	if w := params.Capabilities.Workspace; w != nil && w.DidChangeWatchedFiles != nil {
		s.watchDynamic = w.DidChangeWatchedFiles.DynamicRegistration
	}
	sync := p.TextDocumentSyncKindIncremental
	return p.InitializeResult{
		Capabilities: p.ServerCapabilities{
			PositionEncoding: &enc,
			TextDocumentSync: &p.Or2[p.TextDocumentSyncOptions, p.TextDocumentSyncKind]{Value: p.TextDocumentSyncOptions{
				OpenClose: true, Change: &sync, Save: &p.Or2[bool, p.SaveOptions]{Value: true},
			}},
			CodeActionProvider: &p.Or2[bool, p.CodeActionOptions]{Value: p.CodeActionOptions{
				CodeActionKinds: []p.CodeActionKind{p.CodeActionKindQuickFix, fixAllKind},
			}},
		},
		ServerInfo: &p.ServerInfo{Name: "urilint"},
	}
}

// registerWatchers asks the client to report changes to configuration
// files, which are then read again.
func (s *Server) registerWatchers(st *stream) {
	watchers := []p.FileSystemWatcher{}
	for _, name := range config.Names {
		watchers = append(watchers, p.FileSystemWatcher{GlobPattern: p.GlobPattern{Value: p.Pattern("**/" + name)}})
	}
	// Every file: the local link rules look up the files links name.
	watchers = append(watchers, p.FileSystemWatcher{GlobPattern: p.GlobPattern{Value: p.Pattern("**/*")}})
	params := p.RegistrationParams{Registrations: []p.Registration{{
		Id: "urilint-config", Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: p.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers},
	}}}
	_ = st.request("client/registerCapability", params) // without watchers, a save still reloads
}

// filesChanged handles files created, changed or deleted on disk: a
// configuration file reloads every configuration; any other file may be
// one a link names, whose tree and targets are looked up again, and the
// open documents whose reports of rules that look across documents change
// are linted again.
func (s *Server) filesChanged(changes []fileEvent) {
	var paths []string
	for _, e := range changes {
		path := uriPath(e.URI)
		if isConfig(path) {
			s.reload()
			return
		}
		if path != "" {
			paths = append(paths, path)
		}
	}
	if len(paths) == 0 {
		return
	}
	s.across.ForgetFiles(paths...)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.acrossChanged(nil)
}

// reload reads the configuration files again and lints every open
// document with them.
func (s *Server) reload() {
	s.loadConfigs()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		s.touch(d)
		s.schedule(d)
	}
}

// touch moves a document to a new state. s.mu is held.
func (s *Server) touch(d *document) {
	s.seq++
	d.gen.Store(s.seq)
}

func (s *Server) didOpen(params *didOpenParams) {
	item := params.TextDocument
	path := uriPath(item.URI)
	d := &document{uri: item.URI, path: path, format: formatOf(item.LanguageID, path), text: newText(item.Text), version: item.Version}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.docs[item.URI]; old != nil {
		if old.timer != nil {
			old.timer.Stop()
		}
		s.touch(old)
	}
	s.docs[item.URI] = d
	s.touch(d)
	s.schedule(d)
}

func (s *Server) didChange(params *didChangeParams) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[params.TextDocument.URI]
	if d == nil {
		return
	}
	changes := params.ContentChanges
	switch n := len(changes); {
	case n > 0 && changes[n-1].Range == nil:
		// The whole text, last (a client that syncs the full text sends
		// only that): it replaces the changes before it, and is made a
		// text at once, as a lint would make it, with no rope; one is made
		// of it at the next change of a range. (Making a rope of 10 MB
		// took as long as reading the message.)
		d.text, d.rope = newText(changes[n-1].Text), nil
	case n > 0:
		if d.rope == nil {
			d.rope = newRope(d.text.s) // once a document is open: then it is kept
		}
		d.rope, d.text = d.rope.apply(changes, s.enc), nil
	}
	d.version = params.TextDocument.Version
	s.touch(d)
	s.schedule(d)
}

func (s *Server) didSave(params *documentParams) {
	if isConfig(uriPath(params.TextDocument.URI)) {
		s.reload()
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.docs[params.TextDocument.URI]; d != nil {
		s.schedule(d)
	}
}

func (s *Server) didClose(params *documentParams) {
	s.mu.Lock()
	d := s.docs[params.TextDocument.URI]
	delete(s.docs, params.TextDocument.URI)
	st := s.stream
	var gen uint64
	if d != nil {
		if d.timer != nil {
			d.timer.Stop()
		}
		s.touch(d)
		gen = d.gen.Load()
	}
	s.mu.Unlock()
	if d == nil {
		return
	}
	if s.across.Forget(d.name()) {
		// What the other documents' rules that look across documents
		// report may change.
		s.mu.Lock()
		for _, o := range s.docs {
			s.schedule(o)
		}
		s.mu.Unlock()
	}
	// The problems of a closed document are no longer shown (and a lint
	// that ends later publishes nothing: its state is earlier).
	_ = st.publish(gen, wirePublish{URI: d.uri, Diagnostics: []wireDiagnostic{}})
}
