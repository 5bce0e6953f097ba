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
