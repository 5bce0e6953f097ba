package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/liveness"
)

// TestNeovim runs urilint lsp in a real editor: headless Neovim, with each
// Neovim snippet of docs/integrations.md as its init.lua (the server attached to
// Markdown buffers, urilint found on the PATH), opens testdata/lsp/neovim.md,
// waits for the diagnostics, applies a quick fix, and writes what it saw;
// the test compares that with testdata/lsp/neovim.want (0-based lines, byte
// columns: Neovim converts the server's UTF-16 ranges, and the line has
// non-ASCII text before the URI). A snippet is marked in the document with the
// Neovim it needs ("<!-- neovim: 0.8 -->"), and skipped when the Neovim
// installed is older. It needs nvim; .ci/run installs it (Debian's) and sets
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
	versionOut, err := exec.Command("nvim", "--version").Output()
	if err != nil {
		t.Fatalf("nvim --version: %v", err)
	}
	installed, ok := neovimVersion(string(versionOut))
	if !ok {
		t.Fatalf("nvim --version: no version in %q", versionOut)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(snippetDoc)))
	if err != nil {
		t.Fatal(err)
	}
	snippets := neovimSnippets(string(readme))
	if len(snippets) < 3 {
		t.Fatalf("%s has %d Neovim snippets marked \"<!-- neovim: VERSION -->\"; it had 3", snippetDoc, len(snippets))
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if out, err := exec.Command("go", "build", "-o", filepath.Join(bin, "urilint"), ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	lspData := filepath.Join("..", "..", "testdata", "lsp")
	doc, err := os.ReadFile(filepath.Join(lspData, "neovim.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join(lspData, "neovim.want"))
	if err != nil {
		t.Fatal(err)
	}
	sessionLua, _ := filepath.Abs(filepath.Join(lspData, "session.lua"))
	ran := 0
	for _, sn := range snippets {
		t.Run("neovim-"+sn.version, func(t *testing.T) {
			if neovimOlder(installed, sn.need) {
				t.Skipf("%s:%d: the snippet for Neovim %s; Neovim %d.%d is installed", snippetDoc, sn.line, sn.version, installed[0], installed[1])
			}
			ran++
			run := filepath.Join(dir, "neovim-"+sn.version)
			work := filepath.Join(run, "work")
			if err := os.MkdirAll(filepath.Join(work, ".git"), 0o755); err != nil { // a repository root: no configuration above
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(work, "notes.md"), doc, 0o644); err != nil {
				t.Fatal(err)
			}
			initLua := filepath.Join(run, "init.lua")
			if err := os.WriteFile(initLua, []byte(sn.lua), 0o644); err != nil {
				t.Fatal(err)
			}
			out := filepath.Join(run, "seen.txt")
			ctx, cancel := context.Background(), func() {} // Neovim is stopped at the test run's deadline, if any
			if d := liveness.Remaining(t); d > 0 {
				ctx, cancel = context.WithTimeout(ctx, d)
			}
			defer cancel()
			cmd := exec.CommandContext(ctx, "nvim", "--headless", "-n", "-i", "NONE", "-u", initLua, "notes.md", "-c", "luafile "+sessionLua)
			cmd.Dir = work
			cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "URILINT_OUT="+out,
				"XDG_CONFIG_HOME="+run, "XDG_DATA_HOME="+run, "XDG_STATE_HOME="+run)
			b, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("nvim: %v\n%s", err, b)
			}
			got, err := os.ReadFile(out)
			if err != nil {
				t.Fatalf("nvim wrote nothing: %v", err)
			}
			if string(got) != string(want) {
				t.Errorf("%s:%d: with the snippet for Neovim %s, Neovim %d.%d saw:\n%s\nwant:\n%s\nNeovim's output:\n%s",
					snippetDoc, sn.line, sn.version, installed[0], installed[1], got, want, b)
			}
		})
	}
	if ran == 0 {
		t.Errorf("Neovim %d.%d is older than every snippet of %s", installed[0], installed[1], snippetDoc)
	}
}

// snippetDoc is the document that shows the editors' settings, relative
// to the repository.
const snippetDoc = "docs/integrations.md"

// neovimSnippet is an init.lua of snippetDoc, for a Neovim version or later.
type neovimSnippet struct {
	version string // as the document writes it, "0.8"
	need    [2]int // major, minor
	lua     string
	line    int
}

var neovimMarker = regexp.MustCompile("(?m)^<!-- neovim: ([0-9]+)\\.([0-9]+) -->\n```lua\n")

// neovimSnippets reads the Neovim snippets of a document: each Lua block
// right after a "<!-- neovim: MAJOR.MINOR -->" comment.
func neovimSnippets(readme string) []neovimSnippet {
	var snippets []neovimSnippet
	for _, m := range neovimMarker.FindAllStringSubmatchIndex(readme, -1) {
		body := readme[m[1]:]
		end := strings.Index(body, "\n```\n")
		if end < 0 {
			continue
		}
		major, _ := strconv.Atoi(readme[m[2]:m[3]])
		minor, _ := strconv.Atoi(readme[m[4]:m[5]])
		snippets = append(snippets, neovimSnippet{
			version: readme[m[2]:m[3]] + "." + readme[m[4]:m[5]],
			need:    [2]int{major, minor},
			lua:     body[:end+1],
			line:    strings.Count(readme[:m[1]], "\n") + 1,
		})
	}
	return snippets
}

// neovimVersion reads the major and minor version of "nvim --version"'s
// first line, "NVIM v0.7.2".
func neovimVersion(out string) ([2]int, bool) {
	m := regexp.MustCompile(`NVIM v([0-9]+)\.([0-9]+)`).FindStringSubmatch(out)
	if m == nil {
		return [2]int{}, false
	}
	major, _ := strconv.Atoi(m[1])
	minor, _ := strconv.Atoi(m[2])
	return [2]int{major, minor}, true
}

// neovimOlder reports whether Neovim version a is older than b.
func neovimOlder(a, b [2]int) bool { return a[0] < b[0] || a[0] == b[0] && a[1] < b[1] }

func TestNeovimSnippets(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(snippetDoc)))
	if err != nil {
		t.Fatal(err)
	}
	var versions []string
	for _, sn := range neovimSnippets(string(readme)) {
		versions = append(versions, sn.version)
		if !strings.Contains(sn.lua, `cmd = { "urilint", "lsp" }`) {
			t.Errorf("%s:%d: the snippet for Neovim %s does not run urilint lsp", snippetDoc, sn.line, sn.version)
		}
	}
	if strings.Join(versions, " ") != "0.11 0.8 0.7" {
		t.Errorf("%s's Neovim snippets are for %q, want 0.11 0.8 0.7", snippetDoc, versions)
	}
	for _, c := range []struct {
		out  string
		want [2]int
	}{{"NVIM v0.7.2\nBuild type: Release\n", [2]int{0, 7}}, {"NVIM v0.11.0-dev-1234+g5678\n", [2]int{0, 11}}} {
		if got, ok := neovimVersion(c.out); !ok || got != c.want {
			t.Errorf("neovimVersion(%q) = %v, want %v", c.out, got, c.want)
		}
	}
	if !neovimOlder([2]int{0, 7}, [2]int{0, 8}) || neovimOlder([2]int{0, 11}, [2]int{0, 8}) || neovimOlder([2]int{1, 0}, [2]int{0, 11}) {
		t.Error("neovimOlder compares versions wrong")
	}
}
