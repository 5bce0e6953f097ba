package lsp

import (
	"os"
	"path/filepath"
	"testing"

	p "github.com/myleshyson/lsprotocol-go/protocol"
)

// TestAcross: a rule that looks across documents compares the open
// documents, and a document whose reports change because another changed
// (or closed) is published again.
func TestAcross(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".urilint.yaml"), []byte("rules: {urn-inconsistent-spelling: warning}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := startServer(t)
	c.initialize()
	open := func(uri p.DocumentUri, lang, text string) {
		c.notify("textDocument/didOpen", p.DidOpenTextDocumentParams{TextDocument: p.TextDocumentItem{Uri: uri, LanguageId: p.LanguageKind(lang), Version: 1, Text: text}})
	}
	a, b := fileURI(filepath.Join(dir, "a.md")), fileURI(filepath.Join(dir, "b.txt"))
	const rule = "urn-inconsistent-spelling"
	want := func(r p.Range) summary { return summary{rule, r, p.DiagnosticSeverityWarning, docsURL + rule} }

	open(a, "markdown", "# A\n\nurn:example:x%2c and urn:example:x%2c.\n")
	expectDiagnostics(t, c.wait(a, 1).Diagnostics)

	// b's spelling is the less common one: b has the report, a has none.
	open(b, "plaintext", "URN:example:x%2C\n")
	got := c.wait(b, 1).Diagnostics
	expectDiagnostics(t, got, want(rng(0, 0, 0, 16)))
	if m := got[0].Message; m != `URN "URN:example:x%2C" is written "urn:example:x%2c" at `+filepath.Join(dir, "a.md")+`:3:1 and `+filepath.Join(dir, "a.md")+`:3:22: the same URN (RFC 8141 section 3.1: "urn", the NID and the hexadecimal digits of percent-encodings are compared ignoring case), spelled differently` {
		t.Errorf("message %q", m)
	}

	// b now writes it three times: a's spelling becomes the odd one, and a
	// is published again without an edit of its own.
	c.notify("textDocument/didChange", p.DidChangeTextDocumentParams{
		TextDocument:   p.VersionedTextDocumentIdentifier{Uri: b, Version: 2},
		ContentChanges: []p.TextDocumentContentChangeEvent{{Value: p.TextDocumentContentChangeWholeDocument{Text: "URN:example:x%2C URN:example:x%2C URN:example:x%2C\n"}}},
	})
	expectDiagnostics(t, c.wait(b, 2).Diagnostics)
	expectDiagnostics(t, c.wait(a, 1).Diagnostics, want(rng(2, 0, 2, 16)), want(rng(2, 21, 2, 37)))

	// Closed, b no longer counts: a is clean again.
	c.notify("textDocument/didClose", p.DidCloseTextDocumentParams{TextDocument: p.TextDocumentIdentifier{Uri: b}})
	expectDiagnostics(t, c.wait(a, 1).Diagnostics)
}
