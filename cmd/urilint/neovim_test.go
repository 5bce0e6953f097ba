package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestNeovim runs urilint lsp in a real editor: headless Neovim, with a
// small Lua configuration that attaches the server to Markdown buffers,
// opens testdata/lsp/neovim.md, waits for the diagnostics, applies a
// quick fix, and writes what it saw; the test compares that with
// testdata/lsp/neovim.want (0-based lines, byte columns: Neovim converts
// the server's UTF-16 ranges, and the line has non-ASCII text before the
// URI). It needs nvim; .ci/run installs it (Debian's) and sets
// URILINT_E2E=1, which turns its absence into a failure.
func TestNeovim(t *testing.T) {
	if testing.Short() {
		t.Skip("builds urilint and starts an editor: not in -short")
	}
	if _, err := exec.LookPath("nvim"); err != nil {
		if os.Getenv("URILINT_E2E") != "" {
			t.Fatal("nvim is not installed (URILINT_E2E is set)")
		}
		t.Skip("nvim is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "urilint")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	lspData := filepath.Join("..", "..", "testdata", "lsp")
	doc, err := os.ReadFile(filepath.Join(lspData, "neovim.md"))
	if err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(dir, "work")
	if err := os.MkdirAll(filepath.Join(work, ".git"), 0o755); err != nil { // a repository root: no configuration above
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(work, "notes.md"), doc, 0o644); err != nil {
		t.Fatal(err)
	}
	initLua, _ := filepath.Abs(filepath.Join(lspData, "init.lua"))
	sessionLua, _ := filepath.Abs(filepath.Join(lspData, "session.lua"))
	out := filepath.Join(dir, "seen.txt")

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "nvim", "--headless", "-n", "-i", "NONE", "-u", initLua, "notes.md", "-c", "luafile "+sessionLua)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "URILINT_BIN="+bin, "URILINT_OUT="+out, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote nothing: %v", err)
	}
	want, err := os.ReadFile(filepath.Join(lspData, "neovim.want"))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("Neovim saw:\n%s\nwant:\n%s", got, want)
	}
}
