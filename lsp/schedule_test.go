package lsp

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/extract"
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

// lintLog records the lints a server runs.
type lintLog struct {
	mu      sync.Mutex
	started map[p.DocumentUri]int // lints started, by document
	running map[p.DocumentUri]int // lints running
	most    map[p.DocumentUri]int // the most lints running at once
	ch      chan lintStart
}

type lintStart struct {
	uri     p.DocumentUri
	version int32
	at      time.Time
}

func (l *lintLog) hook(s *Server) {
	l.started, l.running, l.most = map[p.DocumentUri]int{}, map[p.DocumentUri]int{}, map[p.DocumentUri]int{}
	l.ch = make(chan lintStart, 1000)
	s.traceLint = func(uri p.DocumentUri, version int32, done bool) {
		l.mu.Lock()
		defer l.mu.Unlock()
		if done {
			l.running[uri]--
			return
		}
		l.started[uri]++
		l.running[uri]++
		l.most[uri] = max(l.most[uri], l.running[uri])
		select {
		case l.ch <- lintStart{uri, version, time.Now()}:
		default: // nobody waits for lints
		}
	}
}

// await returns when a lint of uri at version starts.
func (l *lintLog) await(t *testing.T, uri p.DocumentUri, version int32) lintStart {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case st := <-l.ch:
			if st.uri == uri && st.version == version {
				return st
			}
		case <-timeout:
			t.Fatalf("no lint of %s version %d", uri, version)
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

// TestStaleLints: edits that come faster than a document is linted do not
// pile lints up. At most one lint of a document runs at a time, the next
// lints the latest text (the lints run are logged, not counted: how many
// depends on the machine's load), and diagnostics are published in the
// order of the versions: edits every fifth of a lint's time for eight lints' time
// get the last version's diagnostics within a few lints' time of the last
// edit (the server linted every version at once before, and the last
// waited for all of them: 236 s in the report).
func TestStaleLints(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a slow document dozens of times")
	}
	var log lintLog
	c := startServer(t, log.hook)
	c.initialize()
	uri := fileURI(filepath.Join(t.TempDir(), "slow.md"))
	c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
		Uri: uri, LanguageId: "markdown", Version: 1, Text: slowDoc(1<<20, ""),
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
	// The time of one lint, the best of three edits.
	lint := time.Duration(1 << 62)
	for v := int32(2); v <= 4; v++ {
		start := time.Now()
		edit(v)
		c.wait(uri, v)
		lint = min(lint, time.Since(start))
	}
	const last = 44
	before, _ := log.counts(uri)
	for v := int32(5); v <= last; v++ {
		edit(v)
		time.Sleep(lint / 5)
	}
	start := time.Now()
	published := []int32{}
	timeout := time.After(2 * time.Minute)
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
	latency := time.Since(start)
	lints, most := log.counts(uri)
	lints -= before
	for i := 1; i < len(published); i++ {
		if published[i] <= published[i-1] {
			t.Errorf("versions published out of order: %v", published)
			break
		}
	}
	if latency > 4*lint+200*time.Millisecond {
		t.Errorf("the last version's diagnostics came %v after the last edit (a lint takes %v); published %v",
			latency, lint, published)
	}
	if most != 1 {
		t.Errorf("%d lints of the document ran at once", most)
	}
	t.Logf("a lint: %v; %d lints for 40 versions; the last version's diagnostics: %v after the edits; published %v",
		lint, lints, latency, published)
}

// TestStaleLintStops: a lint of a Markdown document read in parts stops
// at the end of a part once the document has changed, so that a slow
// document replaced by a small one has the small one's diagnostics long
// before the slow one's lint would have ended.
func TestStaleLintStops(t *testing.T) {
	if testing.Short() {
		t.Skip("lints a slow document")
	}
	var log lintLog
	c := startServer(t, log.hook)
	c.initialize()
	dir := t.TempDir()
	open := func(uri p.DocumentUri, tag string) {
		c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{
			Uri: uri, LanguageId: "markdown", Version: 1,
			Text: strings.ReplaceAll(slowDoc(4<<20, tag), "urilint-", "x-"), // read in parts
		}})
	}
	// Three attempts, so that a moment of a busy machine does not fail
	// the test: without the stop, every attempt waits for the lint.
	for attempt := 1; ; attempt++ {
		// The time of a first lint of such a document, from its start to
		// its diagnostics (of URIs of its own: the linter remembers those
		// it has read).
		probe := fileURI(filepath.Join(dir, fmt.Sprintf("probe%d.md", attempt)))
		open(probe, fmt.Sprintf("probe%d", attempt))
		started := log.await(t, probe, 1)
		c.wait(probe, 1)
		lint := time.Since(started.at)

		tag := fmt.Sprintf("slow%d", attempt)
		uri := fileURI(filepath.Join(dir, tag+".md"))
		open(uri, tag)
		log.await(t, uri, 1)
		start := time.Now()
		c.notify("textDocument/didChange", p.DidChangeTextDocumentParams{
			TextDocument:   p.VersionedTextDocumentIdentifier{Uri: uri, Version: 2},
			ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangeWholeDocument{Text: "http://a.example/%zz\n"}}},
		})
		got := c.wait(uri, 2)
		latency := time.Since(start)
		expectDiagnostics(t, got.Diagnostics, summary{"percent-malformed", rng(0, 17, 0, 18), p.DiagnosticSeverityError, docsURL + "percent-malformed"})
		t.Logf("a first lint: %v; the small version's diagnostics: %v after it", lint, latency)
		if latency <= lint/3 {
			return
		}
		if attempt == 3 {
			t.Fatalf("the small version's diagnostics came %v after it (a first lint of the slow one takes %v)", latency, lint)
		}
		for _, u := range []p.DocumentUri{probe, uri} {
			c.notify("textDocument/didClose", p.DidCloseTextDocumentParams{TextDocument: p.TextDocumentIdentifier{Uri: u}})
		}
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
