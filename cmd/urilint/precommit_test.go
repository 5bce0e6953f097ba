package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/urilint/urilint/lint/config"
	"go.yaml.in/yaml/v3"
)

// TestPreCommitHook runs the real hook definition, .pre-commit-hooks.yaml,
// with the real pre-commit: a throwaway repository uses a copy of this
// checkout as its hook repository, a commit of a bad file fails with the
// finding, and the fixed file commits. It needs pre-commit and git; .ci/run
// installs pre-commit (from Debian) and sets URILINT_E2E=1, which turns a
// missing tool into a failure rather than a skip.
func TestPreCommitHook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds urilint through pre-commit: not in -short")
	}
	for _, tool := range []string{"pre-commit", "git", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("URILINT_E2E") != "" {
				t.Fatalf("%s is not installed (URILINT_E2E is set)", tool)
			}
			t.Skipf("%s is not installed", tool)
		}
	}
	tmp := t.TempDir()
	gitEnv := append(os.Environ(),
		"GIT_AUTHOR_NAME=urilint test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=urilint test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"PRE_COMMIT_HOME="+filepath.Join(tmp, "cache"),
		"GOFLAGS=-mod=mod", "NO_COLOR=1",
	)
	if mc, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil {
		// pre-commit gives Go a GOPATH of its own; the module cache is shared.
		gitEnv = append(gitEnv, "GOMODCACHE="+strings.TrimSpace(string(mc)))
	}
	run := func(dir string, wantOK bool, name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = gitEnv
		out, err := cmd.CombinedOutput()
		if (err == nil) != wantOK {
			t.Fatalf("%s %s: %v (want success: %v)\n%s", name, strings.Join(args, " "), err, wantOK, out)
		}
		return string(out)
	}

	// The hook repository: this checkout's tracked files as they are now,
	// committed in a copy.
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	hooks := filepath.Join(tmp, "hooks")
	files := run(root, true, "git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	for _, f := range strings.Split(strings.TrimRight(files, "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			continue // deleted in the work tree
		}
		dst := filepath.Join(hooks, f)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run(hooks, true, "git", "init", "-q")
	run(hooks, true, "git", "add", "-A")
	run(hooks, true, "git", "commit", "-q", "-m", "urilint under test")
	rev := strings.TrimSpace(run(hooks, true, "git", "rev-parse", "HEAD"))

	// The project that uses the hook.
	proj := filepath.Join(tmp, "project")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	run(proj, true, "git", "init", "-q")
	write := func(name, content string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(proj, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".pre-commit-config.yaml", "repos:\n  - repo: "+hooks+"\n    rev: "+rev+"\n    hooks:\n      - id: urilint\n")
	write(".urilint.yaml", "exclude: [vendor/**]\n")
	run(proj, true, "git", "add", ".pre-commit-config.yaml", ".urilint.yaml")
	run(proj, true, "git", "commit", "-q", "-m", "config")
	run(proj, true, "pre-commit", "install")

	write("README.md", "# Docs\n\nSee [the book](urn:isbn:0-395-36341-1) and http://example.com/50%zz.\n")
	if err := os.MkdirAll(filepath.Join(proj, "vendor"), 0o755); err != nil {
		t.Fatal(err)
	}
	write("vendor/lib.md", "http://example.com/%zz\n") // excluded, though pre-commit names it
	run(proj, true, "git", "add", "README.md", "vendor/lib.md")
	out := run(proj, false, "git", "commit", "-m", "bad link")
	want := `README.md:3:65: error percent-malformed: "%" not followed by two hexadecimal digits (found "%zz")`
	if !strings.Contains(out, want) || !strings.Contains(out, "urilint") || !strings.Contains(out, "Failed") {
		t.Fatalf("the hook's output does not report %q:\n%s", want, out)
	}
	t.Logf("the hook, on the bad commit:\n%s", out)
	if strings.Contains(out, "vendor/lib.md") {
		t.Errorf("the excluded vendor/lib.md was reported:\n%s", out)
	}

	write("README.md", "# Docs\n\nSee [the book](urn:isbn:0-395-36341-1) and http://example.com/50%25.\n")
	// Code is not a document: the hook is not run on it.
	write("app.py", "URL = \"http://example.com/%zz\"\n")
	write("CMakeLists.txt", "# http://example.com/%zz\n")
	run(proj, true, "git", "add", "README.md", "app.py", "CMakeLists.txt")
	out = run(proj, true, "git", "commit", "-m", "fixed link")
	if !bytes.Contains([]byte(out), []byte("Passed")) {
		t.Errorf("the hook did not pass:\n%s", out)
	}

	// urilint-fix applies the safe fixes: pre-commit fails the commit
	// because the hook changed the file, and the fixed file commits.
	write(".pre-commit-config.yaml", "repos:\n  - repo: "+hooks+"\n    rev: "+rev+"\n    hooks:\n      - id: urilint-fix\n")
	write("notes.md", "See [the page](<http://example.com/c`d>) and [this](http://example.com/a^b).\n")
	run(proj, true, "git", "add", ".pre-commit-config.yaml", "notes.md")
	out = run(proj, false, "git", "commit", "-m", "fixable")
	if !strings.Contains(out, "files were modified by this hook") {
		t.Errorf("urilint-fix did not modify the file:\n%s", out)
	}
	fixed, err := os.ReadFile(filepath.Join(proj, "notes.md"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "See [the page](<http://example.com/c%60d>) and [this](http://example.com/a%5Eb).\n"; string(fixed) != want {
		t.Errorf("after urilint-fix: %q, want %q", fixed, want)
	}
	run(proj, true, "git", "add", "notes.md")
	run(proj, true, "git", "commit", "-m", "fixed")
}

// TestPreCommitHookFiles: the hooks' files and exclude patterns choose the
// files a directory walk lints by default (config.IsDocument), so that the
// hook lints what urilint check . does.
func TestPreCommitHookFiles(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", ".pre-commit-hooks.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var hooks []struct {
		ID      string `yaml:"id"`
		Files   string `yaml:"files"`
		Exclude string `yaml:"exclude"`
	}
	if err := yaml.Unmarshal(data, &hooks); err != nil {
		t.Fatal(err)
	}
	names := []string{"README.md", "docs/guide.MD", "a.markdown", "x.mdown", "x.mkd", "x.mdx", "p.html", "p.HTM", "p.xhtml",
		"rfc.xml", "s.XSD", "a.wsdl", "foaf.rdf", "t.xsl", "t.xslt", "d.svg", "notes.txt", "notes.text", "doc.rst", "README", "sub/CHANGELOG", "NEWS", "HISTORY", "AUTHORS", "CONTRIBUTORS", "NOTICE",
		"CHANGES", "app.py", "Cargo.lock", "go.mod", "a.json", "a.yaml", "run.sh", "CMakeLists.txt", "sub/requirements-dev.txt",
		"constraints.txt", "robots.txt", "LICENSE", "Makefile", "xreadme", "readme.txt.bak", "image.png"}
	for _, h := range hooks {
		files, exclude := regexp.MustCompile(h.Files), regexp.MustCompile(h.Exclude)
		for _, n := range names {
			if got, want := files.MatchString(n) && !exclude.MatchString(n), config.IsDocument(n); got != want {
				t.Errorf("hook %s: %s chosen %t, but config.IsDocument says %t", h.ID, n, got, want)
			}
		}
	}
}
