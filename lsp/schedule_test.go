package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/liveness"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// slowDoc is a Markdown document of about size bytes that takes a while
// to lint: every line has URIs of its own (their hosts start with tag),
// one line in fifty a finding, and a suppression comment makes the server
// read it whole.
func slowDoc(size int, tag string) string {
	var b strings.Builder
	b.WriteString("<!-- urilint-disable-next-line urn-nid-unregistered -->\nurn:isbm:1\n\n")
	for i := 0; b.Len() < size; i++ {
		if i%50 == 0 {
			fmt.Fprintf(&b, "and http://%sa%d.example/%%zz\n\n", tag, i)
		} else {
			fmt.Fprintf(&b, "see http://%sa%d.example/path%d?q=%d and [a link](http://%sb%d.example/) more\n", tag, i, i, i, tag, i)
		}
	}
	return b.String()
}

// lintLog records the lints a server runs, and can hold one as it starts.
type lintLog struct {
	mu       sync.Mutex
	started  map[p.DocumentUri]int     // lints started, by document
	versions map[p.DocumentUri][]int32 // the versions they started on
	running  map[p.DocumentUri]int     // lints running
	most     map[p.DocumentUri]int     // the most lints running at once
	holding  *held                     // the lint to hold, if any
}

// held is a lint (or a part of one) made to wait where it starts until
// the test has done what it must meanwhile.
type held struct {
	uri     p.DocumentUri
	version int32
	arrived chan struct{} // closed once it waits
	release chan struct{} // closed to let it go on
}

// hold makes the next lint of uri at version wait as it starts, until
// release is called; arrived is closed once it waits.
func (l *lintLog) hold(uri p.DocumentUri, version int32) (arrived <-chan struct{}, release func()) {
	h := &held{uri, version, make(chan struct{}), make(chan struct{})}
	l.mu.Lock()
	l.holding = h
	l.mu.Unlock()
	return h.arrived, func() { close(h.release) }
}

func (l *lintLog) hook(s *Server) {
	l.started, l.running, l.most = map[p.DocumentUri]int{}, map[p.DocumentUri]int{}, map[p.DocumentUri]int{}
	l.versions = map[p.DocumentUri][]int32{}
	s.traceLint = func(uri p.DocumentUri, version int32, done bool) {
		l.mu.Lock()
		if done {
			l.running[uri]--
			l.mu.Unlock()
			return
		}
		l.started[uri]++
		l.versions[uri] = append(l.versions[uri], version)
		l.running[uri]++
		l.most[uri] = max(l.most[uri], l.running[uri])
		h := l.holding
		if h != nil && h.uri == uri && h.version == version {
			l.holding = nil
		} else {
			h = nil
		}
		l.mu.Unlock()
		if h != nil {
			close(h.arrived)
			<-h.release
		}
	}
}

// counts returns the number of lints of uri started, and the most that
// ran at once.
func (l *lintLog) counts(uri p.DocumentUri) (started, most int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.started[uri], l.most[uri]
}

// startedVersions returns the versions of uri that lints started on, in
// the order they started.
func (l *lintLog) startedVersions(uri p.DocumentUri) []int32 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.versions[uri])
}

// waitFor waits for ch to be closed, failing the test with what when the
// test run's deadline comes first.
func waitFor(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-liveness.After(t):
		t.Fatal(what)
	}
}

// TestStaleLints: edits that come faster than a document is linted do not
// pile lints up (the server linted every version at once before, and the
// last waited for all of them: 236 s in the report). At most one lint of a
// document runs at a time; the edits that come while it runs are merged,
// and the next lint takes the latest text: the versions in between are
// never linted, and the lint that ran on an older version publishes
// nothing. The test holds a lint while 40 edits come, so that what it
// checks is the order of events, never how long they take.
func TestStaleLints(t *testing.T) {
	var log lintLog
	c := startServer(t, log.hook)
	c.initialize()
	uri := fileURI(filepath.Join(t.TempDir(), "slow.md"))
	c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: "markdown", Version: 1, Text: slowDoc(64<<10, ""),
	}})
	first := c.wait(uri, 1)
	edit := func(v int32) {
		c.notify("textDocument/didChange", p.DidChangeTextDocumentParams{
			TextDocument: p.VersionedTextDocumentIdentifier{Uri: uri, Version: v},
			ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangePartial{
				Range: rng(3, 0, 3, 0), Text: "x",
			}}},
		})
	}
	// The lint of version 2 waits as it starts, while versions 3 to 42
	// come and are taken in (sync: the server has handled every message
	// before its answer).
	arrived, release := log.hold(uri, 2)
	before := len(log.startedVersions(uri))
	edit(2)
	waitFor(t, arrived, "no lint of version 2")
	const last = 42
	for v := int32(3); v <= last; v++ {
		edit(v)
	}
	c.sync()
	release()
	// Only version 42's diagnostics are published: version 2's lint, stale
	// once it went on, publishes nothing.
	var published []int32
	timeout := liveness.After(t)
	for done := false; !done; {
		select {
		case d := <-c.diags:
			if d.Uri != uri {
				continue
			}
			published = append(published, d.Version)
			if d.Version == last {
				done = true
				if len(d.Diagnostics) != len(first.Diagnostics) {
					t.Errorf("version %d: %d diagnostics, want %d", last, len(d.Diagnostics), len(first.Diagnostics))
				}
			}
		case <-timeout:
			t.Fatalf("no diagnostics for version %d; published %v", last, published)
		}
	}
	if !slices.Equal(published, []int32{last}) {
		t.Errorf("published versions %v, want [%d]", published, last)
	}
	if versions := log.startedVersions(uri)[before:]; !slices.Equal(versions, []int32{2, last}) {
		t.Errorf("lints started on versions %v, want [2 %d]", versions, last)
	}
	if _, most := log.counts(uri); most != 1 {
		t.Errorf("%d lints of the document ran at once", most)
	}
}

// TestStaleLintStops: a lint of a Markdown document read in parts stops
// at the end of a part once the document has changed, so that a slow
// document replaced by a small one has the small one's diagnostics long
// before the slow one's lint would have ended. The test holds the lint as
// it is about to read its third part, replaces the document, and lets it
// go on: it must read no further part.
func TestStaleLintStops(t *testing.T) {
	var log lintLog
	var mu sync.Mutex
	var calls []int32 // the versions of the parts read, in order
	var atThird *held
	c := startServer(t, log.hook, func(s *Server) {
		s.tracePart = func(uri p.DocumentUri, version int32) {
			mu.Lock()
			calls = append(calls, version)
			h := atThird
			if h != nil && version == h.version && len(calls) == 3 {
				atThird = nil
			} else {
				h = nil
			}
			mu.Unlock()
			if h != nil {
				close(h.arrived)
				<-h.release
			}
		}
	})
	c.initialize()
	doc := strings.ReplaceAll(slowDoc(1<<20, ""), "urilint-", "x-") // read in parts
	parts := len(extract.MarkdownSplits([]byte(doc), minPart)) + 1
	if parts < 10 {
		t.Fatalf("the document has %d parts: the test needs many", parts)
	}
	uri := fileURI(filepath.Join(t.TempDir(), "slow.md"))
	h := &held{uri: uri, version: 1, arrived: make(chan struct{}), release: make(chan struct{})}
	mu.Lock()
	atThird = h
	mu.Unlock()
	c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: "markdown", Version: 1, Text: doc,
	}})
	waitFor(t, h.arrived, "the lint of version 1 did not reach its third part")
	c.notify("textDocument/didChange", p.DidChangeTextDocumentParams{
		TextDocument:   p.VersionedTextDocumentIdentifier{Uri: uri, Version: 2},
		ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangeWholeDocument{Text: "http://a.example/%zz\n"}}},
	})
	c.sync()
	close(h.release)
	got := c.wait(uri, 2)
	expectDiagnostics(t, got.Diagnostics, summary{"percent-malformed", rng(0, 17, 0, 18), p.DiagnosticSeverityError, docsURL + "percent-malformed"})
	mu.Lock()
	defer mu.Unlock()
	// Version 1: two parts read, then the question before the third,
	// answered "changed". Version 2, a small document, is read whole (the
	// local link rules look across documents): no part.
	if want := []int32{1, 1, 1}; !slices.Equal(calls, want) {
		t.Errorf("parts of the versions read, in order: %v, want %v (the document has %d parts)", calls, want, parts)
	}
	if versions := log.startedVersions(uri); !slices.Equal(versions, []int32{1, 2}) {
		t.Errorf("lints started on versions %v, want [1 2]", versions)
	}
}

// TestCheckPartsStop: a check of parts asked to stop ends at the end of a
// part, and what it read serves the next check.
func TestCheckPartsStop(t *testing.T) {
	ch, err := lint.NewChecker(rules.All, &lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.ReplaceAll(slowDoc(1<<20, ""), "urilint-", "x-")
	whole, _, _ := checkParts(ch, "doc.md", extract.FormatMarkdown, doc, nil)
	asked := 0
	diags, partial, _ := checkParts(ch, "doc.md", extract.FormatMarkdown, doc, func() bool { asked++; return asked > 10 })
	if diags != nil || asked != 11 || len(partial) != 10 {
		t.Fatalf("stopped: %d diagnostics, asked %d times, %d parts read; want none, 11 and 10", len(diags), asked, len(partial))
	}
	// The parts read are not read again: the next check, stopped after
	// twice as many parts, takes their diagnostics from the cache and
	// reads ten more.
	asked = 0
	_, more, _ := checkParts(ch, "doc.md", extract.FormatMarkdown, doc, func() bool { asked++; return asked > 20 }, partial)
	if len(more) != 20 {
		t.Fatalf("%d parts read, want 20", len(more))
	}
	found := 0
	for part, ds := range partial {
		if len(ds) > 0 {
			found++
			if len(more[part]) != len(ds) || more[part][0] != ds[0] {
				t.Fatalf("a part's diagnostics were not taken from the cache")
			}
		}
	}
	if found == 0 {
		t.Fatal("no diagnostics in the first ten parts: the test needs some")
	}
	diags, _, _ = checkParts(ch, "doc.md", extract.FormatMarkdown, doc, nil, more)
	if len(diags) != len(whole) || len(whole) == 0 {
		t.Fatalf("%d diagnostics from the cache, %d whole", len(diags), len(whole))
	}
}
