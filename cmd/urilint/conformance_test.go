package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateConformance feeds every URN and URI conformance case to
// urilint validate (the command, not the package) and checks its verdict
// against the RFC label of the case.
func TestValidateConformance(t *testing.T) {
	for _, tc := range []struct {
		file string
		args []string
		as   string // JSON field with the production, "" for urn files
		want string // JSON field with the label
	}{
		{"urn-cases.jsonl", []string{"--as", "urn"}, "", "valid_rfc8141"},
		{"urn-cases.jsonl", []string{"--as", "urn", "--urn-syntax", "rfc2141"}, "", "valid_rfc2141"},
		{"uri-cases.jsonl", nil, "kind", "valid_rfc3986"},
	} {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "conformance", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		groups := map[string][]map[string]any{} // by --as value
		sc := bufio.NewScanner(bytes.NewReader(data))
		for sc.Scan() {
			var c map[string]any
			if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
				t.Fatal(err)
			}
			if in := c["input"].(string); strings.ContainsAny(in, "\r\n") || strings.TrimSpace(in) == "" {
				continue // not one line of stdin (blank lines are skipped): covered by the package tests
			}
			as := ""
			if tc.as != "" {
				as = map[string]string{"URI": "uri", "URI-reference": "uri-reference", "relative": "relative-ref"}[c[tc.as].(string)]
			}
			groups[as] = append(groups[as], c)
		}
		for as, cases := range groups {
			var in strings.Builder
			for _, c := range cases {
				in.WriteString(c["input"].(string) + "\n")
			}
			args := append([]string{"validate", "--format", "json"}, tc.args...)
			if as != "" {
				args = append(args, "--as", as)
			}
			var stdout, stderr bytes.Buffer
			run(append(args, "-"), strings.NewReader(in.String()), &stdout, &stderr)
			var out struct {
				Results []struct {
					Input string `json:"input"`
					Valid bool   `json:"valid"`
				} `json:"results"`
			}
			if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
				t.Fatalf("%v: %v\n%s", args, err, stderr.String())
			}
			if len(out.Results) != len(cases) {
				t.Fatalf("%v: %d results for %d cases", args, len(out.Results), len(cases))
			}
			for i, r := range out.Results {
				c := cases[i]
				if r.Input != c["input"] || r.Valid != c[tc.want] {
					t.Errorf("%s %v: %q valid=%v, want %v (%v)", tc.file, args, r.Input, r.Valid, c[tc.want], c["note"])
				}
			}
		}
	}
}
