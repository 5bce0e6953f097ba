package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestConfigErrors checks that a configuration file with several problems
// reports each, at its line and column, and stops the run with exit
// status 2, as one problem always did: check, extract and config print.
func TestConfigErrors(t *testing.T) {
	dir := t.TempDir()
	cfg := filepath.Join(dir, "c.yaml")
	doc := filepath.Join(dir, "a.md")
	if err := os.WriteFile(cfg, []byte("exlude: [\"vendor/**\"]\nurn-syntax: rfc3986\nrules:\n  percent-lowercse: info\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(doc, []byte("http://example.com/%7e\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "urilint: " + cfg + `:1:1: unknown key "exlude"; did you mean "exclude"?` + "\n" +
		"urilint: " + cfg + `:2:13: urn-syntax: invalid value "rfc3986" (want rfc8141 or rfc2141)` + "\n" +
		"urilint: " + cfg + `:4:21: rules: unknown rule "percent-lowercse"; did you mean "percent-lowercase"?` + "\n"
	for _, args := range [][]string{
		{"check", "--config", cfg, doc},
		{"extract", "--config", cfg, doc},
		{"config", "print", "--config", cfg, doc},
	} {
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader(""), &stdout, &stderr)
		if code != exitError || stdout.Len() != 0 || stderr.String() != want {
			t.Errorf("%v: exit %d, stdout %q, stderr:\n%s\nwant exit 2, nothing on stdout, stderr:\n%s", args, code, stdout.String(), stderr.String(), want)
		}
	}
}

// TestConfigPrintLinks: config print shows the local link rules' settings
// that apply, the defaults when the file gives none, paths as given made
// absolute (with --config, against the working directory, as globs are).
func TestConfigPrintLinks(t *testing.T) {
	dir := t.TempDir()
	rootDocs, err := filepath.Abs("docs")
	if err != nil {
		t.Fatal(err)
	}
	cfg := filepath.Join(dir, "c.yaml")
	doc := filepath.Join(dir, "a.md")
	for name, text := range map[string]string{
		cfg: "links:\n  slugs: [github, python-markdown]\n  root: docs\n  repository: https://github.com/o/r\n  ignore: [\"_build/**\"]\n",
		doc: "# A\n",
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"config", "print", "--config", cfg, doc}, "links:\n" +
			"  slugs: [\"github\", \"python-markdown\"]\n" +
			"  root: " + `"` + rootDocs + `"` + "\n" +
			"  index: [\"README.md\", \"index.md\", \"index.html\", \"README.rst\", \"index.rst\", \"index.adoc\", \"README.adoc\"]\n" +
			"  sources: [\".md\", \".markdown\", \".rst\", \".adoc\", \".asciidoc\", \".txt\", \".xml\"]\n" +
			"  repository: \"https://github.com/o/r\"\n" +
			"  site: \"\"\n" +
			"  site-root: \"\"\n" +
			"  ignore: [\"_build/**\"]\n"},
		{[]string{"config", "print", doc}, "links:\n" +
			"  slugs: [\"github\", \"docutils\", \"asciidoctor\"]\n" +
			"  root: \"\"\n" +
			"  index: [\"README.md\", \"index.md\", \"index.html\", \"README.rst\", \"index.rst\", \"index.adoc\", \"README.adoc\"]\n" +
			"  sources: [\".md\", \".markdown\", \".rst\", \".adoc\", \".asciidoc\", \".txt\", \".xml\"]\n" +
			"  repository: \"\"\n" +
			"  site: \"\"\n" +
			"  site-root: \"\"\n" +
			"  ignore: []\n"},
	} {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(""), &stdout, &stderr)
		out := stdout.String()
		i := strings.Index(out, "links:\n")
		if code != exitOK || i < 0 || out[i:] != tt.want {
			t.Errorf("%v: exit %d, stderr %q, stdout:\n%s\nwant it to end in:\n%s", tt.args, code, stderr.String(), out, tt.want)
		}
	}
}

// TestConfigFormat: an override's format reads the files it matches in
// that format whatever their names (issue 24: ".txt" as reStructuredText
// only where configured): check and extract read docs/a.txt as reST, where
// an inline literal is code and `text <URI>`_ a link, and b.txt, which no
// override matches, as plain text.
func TestConfigFormat(t *testing.T) {
	dir := t.TempDir()
	doc := "Code is not prose in reStructuredText: ``GET https://example.com/a^b``.\n" +
		"A link: `the page <https://example.com/c^d>`_.\n"
	for name, data := range map[string]string{
		".urilint.yaml": "overrides:\n  - files: [\"docs/**/*.txt\"]\n    format: restructuredtext\n",
		"docs/a.txt":    doc,
		"b.txt":         doc,
	} {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", "--quiet", "."}, strings.NewReader(""), &stdout, &stderr); code != exitFindings {
		t.Errorf("check: exit %d, stderr %s", code, stderr.String())
	}
	want := `b.txt:1:67: error percent-unencoded: "^" must be percent-encoded as %5E
b.txt:2:41: error percent-unencoded: "^" must be percent-encoded as %5E
docs/a.txt:2:41: error percent-unencoded: "^" must be percent-encoded as %5E
`
	if got := stdout.String(); got != want {
		t.Errorf("check:\n%s\nwant:\n%s", got, want)
	}
	stdout.Reset()
	if code := run([]string{"extract", "--format", "jsonl", "."}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("extract: exit %d, stderr %s", code, stderr.String())
	}
	var contexts []string
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var c struct{ File, URI, Context string }
		if err := json.Unmarshal([]byte(line), &c); err != nil {
			t.Fatal(err)
		}
		contexts = append(contexts, c.File+" "+c.URI+" "+c.Context)
	}
	wantContexts := []string{
		"b.txt https://example.com/a^b text",
		"b.txt https://example.com/c^d angle",
		"docs/a.txt https://example.com/c^d rst-link",
	}
	if !slices.Equal(contexts, wantContexts) {
		t.Errorf("extract: %q, want %q", contexts, wantContexts)
	}
	stdout.Reset()
	if code := run([]string{"config", "print", filepath.Join("docs", "a.txt")}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Errorf("config print: exit %d, stderr %s", code, stderr.String())
	}
	wantHead := "# docs/a.txt: configuration file .urilint.yaml, overrides [0]\n# docs/a.txt is read as reStructuredText, the format an override gives\n"
	if got := stdout.String(); !strings.HasPrefix(got, wantHead) {
		t.Errorf("config print:\n%s\nwant it to start:\n%s", got, wantHead)
	}
}
