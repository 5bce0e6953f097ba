package config_test

import (
	"testing"

	"github.com/urilint/urilint/lint/config"
)

// TestParseConfigOneDocument checks that a configuration file is one YAML
// document: a second is an error at its "---" line, not ignored.
func TestParseConfigOneDocument(t *testing.T) {
	const second = `: a second YAML document starts here: a configuration file is one document (merge them, or remove this "---" and what follows)`
	for _, tt := range []struct{ name, yaml, err string }{
		{"one", "fail-level: none\n", ""},
		{"marked start", "---\nfail-level: none\n", ""},
		{"marked end", "fail-level: none\n...\n", ""},
		{"two", "fail-level: none\n---\nrules: {percent-lowercase: off}\n", "c.yaml:2:1" + second},
		{"empty second", "fail-level: none\n\n---\n# nothing\n", "c.yaml:3:1" + second},
		{"empty first", "---\n---\nfail-level: none\n", "c.yaml:2:1" + second},
		{"YAML error in the second", "fail-level: none\n---\nrules: [\n", "c.yaml:3:1: invalid YAML: did not find expected node content"},
	} {
		_, err := config.Parse("c.yaml", "/dir", []byte(tt.yaml), ruleNames())
		if got := errString(err); got != tt.err {
			t.Errorf("%s: error %q, want %q", tt.name, got, tt.err)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
