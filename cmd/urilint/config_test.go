package main

import (
	"bytes"
	"os"
	"path/filepath"
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
			"  sources: [\".md\", \".markdown\", \".rst\", \".adoc\", \".asciidoc\", \".txt\"]\n" +
			"  repository: \"https://github.com/o/r\"\n" +
			"  site: \"\"\n" +
			"  site-root: \"\"\n" +
			"  ignore: [\"_build/**\"]\n"},
		{[]string{"config", "print", doc}, "links:\n" +
			"  slugs: [\"github\", \"docutils\", \"asciidoctor\"]\n" +
			"  root: \"\"\n" +
			"  index: [\"README.md\", \"index.md\", \"index.html\", \"README.rst\", \"index.rst\", \"index.adoc\", \"README.adoc\"]\n" +
			"  sources: [\".md\", \".markdown\", \".rst\", \".adoc\", \".asciidoc\", \".txt\"]\n" +
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
