package config_test

import (
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/internal/schematest"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/rules"
)

func ruleNames() []string {
	var names []string
	for _, r := range rules.All {
		names = append(names, r.Name)
	}
	return names
}

// configCases are configuration files, and the error the loader gives for
// each ("" when it is valid). The JSON Schema in docs must agree.
var configCases = []struct {
	name, yaml, err string
}{
	{"empty", "", ""},
	{"comments only", "# nothing\n", ""},
	{"warn for warning", "fail-level: warn\nrules:\n  percent-lowercase: warn\n", ""},
	{"every key", `include: ["**/*.md", "docs/*.html"]
exclude: [vendor/**]
fail-level: warning
urn-syntax: rfc2141
include-code-blocks: true
include-code-spans: true
strict: true
allowed-nids: [acme, Example-Corp]
allowed-schemes: [x-acme+json]
rules:
  percent-lowercase: off
  uri-scheme-unregistered: error
overrides:
  - files: ["legacy/**"]
    urn-syntax: rfc8141
    fail-level: none
    strict: false
    include-code-spans: false
    rules: {percent-unencoded: warning}
`, ""},
	{"empty lists", "include:\nallowed-nids: []\nrules:\n", ""},
	{"unknown key", "exclude: [a]\nexlude: [b]\n", `2:1: unknown key "exlude"; did you mean "exclude"?`},
	{"unknown key, nothing close", "exclude: [a]\nfrobnicate: [b]\n", `2:1: unknown key "frobnicate"`},
	{"unknown key in override", "overrides:\n  - files: [a]\n    rule: {}\n", `3:5: unknown key "overrides[0].rule"; did you mean "rules"?`},
	{"include in override", "overrides:\n  - files: [a]\n    exclude: [b]\n", `3:5: unknown key "overrides[0].exclude"`},
	{"bad severity", "rules:\n  percent-lowercase: warnings\n", `2:22: rules.percent-lowercase: invalid severity "warnings" (want error, warning, info or off)`},
	{"unknown rule", "rules:\n  percent-lowercas: off\n", `2:21: rules: unknown rule "percent-lowercas"; did you mean "percent-lowercase"?`},
	{"unknown rule, nothing close", "rules:\n  no-such-rule: off\n", `2:17: rules: unknown rule "no-such-rule" (urilint rules lists them)`},
	{"bad fail level", "fail-level: fatal\n", `1:13: fail-level: invalid value "fatal" (want error, warning, info or none)`},
	{"bad syntax", "urn-syntax: rfc3986\n", `1:13: urn-syntax: invalid value "rfc3986" (want rfc8141 or rfc2141)`},
	{"not a boolean", "include-code-blocks: \"yes\"\n", `1:22: include-code-blocks: want true or false`},
	{"strict not a boolean", "strict: 1\n", `1:9: strict: want true or false`},
	{"code spans not a boolean", "include-code-spans: [x]\n", `1:21: include-code-spans: want true or false`},
	{"not a list", "exclude: vendor\n", `1:10: exclude: want a list`},
	{"absolute glob", "exclude: [/etc/x]\n", `1:11: exclude: invalid glob "/etc/x"`},
	{"bad NID", "allowed-nids: [a_b]\n", `1:16: allowed-nids: "a_b" is not a valid name`},
	{"bad scheme", "allowed-schemes: [1http]\n", `1:19: allowed-schemes: "1http" is not a valid name`},
	{"override without files", "overrides:\n  - urn-syntax: rfc2141\n", `2:5: overrides[0]: files is required`},
	{"override with no files", "overrides:\n  - files: []\n", `2:5: overrides[0]: files is required`},
	{"not a mapping", "- a\n- b\n", `1:1: want a mapping of keys`},
	{"key twice", "fail-level: error\nfail-level: info\n", `2:1: "fail-level": key given twice`},
	{"YAML error", "exclude: [a\n", `invalid YAML`},
}

func TestParseConfig(t *testing.T) {
	for _, tt := range configCases {
		t.Run(tt.name, func(t *testing.T) {
			_, err := config.Parse("dir/.urilint.yaml", "/dir", []byte(tt.yaml), ruleNames())
			switch {
			case tt.err == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.err != "" && err == nil:
				t.Fatalf("no error, want %q", tt.err)
			case err != nil:
				var ce *config.Error
				if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), "dir/.urilint.yaml:") || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %q, want a ConfigError containing %q", err, tt.err)
				}
			}
		})
	}
}

// TestParseConfigErrors checks that every problem of a file is reported,
// in the order of the file, each at its line and column.
func TestParseConfigErrors(t *testing.T) {
	data := `exlude: ["vendor/**"]
fail-level: fatal
include: ["/abs", "docs/**", 7]
rules:
  percent-lowercse: info
  percent-unencoded: warnings
overrides:
  - urn-syntax: rfc2141
  - files: ["a/**"]
    strict: maybe
`
	_, err := config.Parse("c.yaml", "/dir", []byte(data), ruleNames())
	want := []string{
		`c.yaml:1:1: unknown key "exlude"; did you mean "exclude"?`,
		`c.yaml:2:13: fail-level: invalid value "fatal" (want error, warning, info or none)`,
		`c.yaml:3:11: include: invalid glob "/abs" (a pattern relative to the directory of the configuration file)`,
		`c.yaml:3:30: include: want a list of strings`,
		`c.yaml:5:21: rules: unknown rule "percent-lowercse"; did you mean "percent-lowercase"?`,
		`c.yaml:6:22: rules.percent-unencoded: invalid severity "warnings" (want error, warning, info or off)`,
		`c.yaml:8:5: overrides[0]: files is required (the globs the override applies to)`,
		`c.yaml:10:13: overrides[1].strict: want true or false`,
	}
	if err == nil {
		t.Fatal("no error")
	}
	var got []string
	for _, p := range config.Problems(err) {
		var ce *config.Error
		if !errors.As(p, &ce) {
			t.Errorf("%v is not an *Error", p)
		}
		got = append(got, p.Error())
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if err.Error() != strings.Join(want, "\n") {
		t.Errorf("message %q, want the problems a line each", err)
	}
	var ce *config.Error
	if !errors.As(err, &ce) || ce.Line != 1 || ce.Path != "c.yaml" {
		t.Errorf("errors.As finds %+v, want the first problem", ce)
	}
	// One problem is an *Error, as it always was.
	_, err = config.Parse("c.yaml", "/dir", []byte("strict: 1\n"), ruleNames())
	var es config.Errors
	if errors.As(err, &es) || len(config.Problems(err)) != 1 {
		t.Errorf("one problem: %T %v", err, err)
	}
}

// TestConfigSchema checks the published JSON Schema against the loader: it
// accepts exactly the configurations the loader accepts (among the cases),
// it knows every rule, and the starter file of urilint init is valid.
func TestConfigSchema(t *testing.T) {
	sch := schematest.Compile(t, filepath.Join("..", "..", "docs", "urilint.schema.json"))
	for _, tt := range configCases {
		if tt.name == "YAML error" || tt.name == "key twice" { // not a document the schema sees
			continue
		}
		var v any
		if err := yaml.Unmarshal([]byte(tt.yaml), &v); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		err := schematest.Validate(t, sch, v)
		if (err == nil) != (tt.err == "") {
			t.Errorf("%s: schema says %v, the loader %q", tt.name, err, tt.err)
		}
	}
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "urilint.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Properties map[string]any `json:"properties"`
		Defs       struct {
			Settings struct {
				Properties struct {
					Rules struct {
						Properties map[string]any `json:"properties"`
					} `json:"rules"`
				} `json:"properties"`
			} `json:"settings"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	// The keys the loader knows (and suggests for a mistyped one) are the
	// schema's.
	if got, want := slices.Sorted(maps.Keys(doc.Properties)), slices.Sorted(slices.Values(config.FileKeys())); !slices.Equal(got, want) {
		t.Errorf("the schema's keys are %q; the loader's %q", got, want)
	}
	var overrides struct {
		Items struct {
			Properties map[string]any `json:"properties"`
		} `json:"items"`
	}
	if b, err := json.Marshal(doc.Properties["overrides"]); err != nil || json.Unmarshal(b, &overrides) != nil {
		t.Fatal("the schema's overrides", err)
	}
	if got, want := slices.Sorted(maps.Keys(overrides.Items.Properties)), slices.Sorted(slices.Values(config.OverrideKeys())); !slices.Equal(got, want) {
		t.Errorf("the schema's keys of an override are %q; the loader's %q", got, want)
	}
	var inSchema []string
	for name := range doc.Defs.Settings.Properties.Rules.Properties {
		inSchema = append(inSchema, name)
	}
	slices.Sort(inSchema)
	want := slices.Sorted(slices.Values(ruleNames()))
	if !slices.Equal(inSchema, want) {
		t.Errorf("the schema's rules are %q; want every rule, %q", inSchema, want)
	}
}

func TestEffective(t *testing.T) {
	cf, err := config.Parse(".urilint.yaml", "/repo", []byte(`include: ["**/*.md"]
exclude: ["vendor", "drafts/*.md"]
fail-level: warning
allowed-nids: [acme]
rules: {percent-lowercase: off}
overrides:
  - files: ["legacy/**"]
    urn-syntax: rfc2141
    allowed-nids: [old]
    rules: {percent-lowercase: error}
  - files: ["legacy/keep.md"]
    fail-level: none
    strict: true
    include-code-spans: true
`), ruleNames())
	if err != nil {
		t.Fatal(err)
	}
	excluded := map[string]bool{
		"/repo/a.md": false, "/repo/docs/b.md": false, "/repo/c.txt": true, "/repo/vendor/x.md": true,
		"/repo/drafts/d.md": true, "/repo/drafts/sub/e.md": false,
	}
	for path, want := range excluded {
		if got := cf.Excluded(path, false); got != want {
			t.Errorf("Excluded(%s) = %v, want %v", path, got, want)
		}
	}
	if !cf.Excluded("/repo/vendor", true) || cf.Excluded("/repo/docs", true) {
		t.Errorf("directories: vendor must be excluded, docs not")
	}

	e := cf.For("/repo/a.md", config.Settings{})
	if e.FailLevel != lint.Warning || e.Config.URNSyntax != grammar.RFC8141 || e.Config.Severity["percent-lowercase"] != lint.Off ||
		!e.Config.AllowedNIDs["acme"] || len(e.Overrides) != 0 {
		t.Errorf("a.md: %+v", e)
	}
	e = cf.For("/repo/legacy/keep.md", config.Settings{})
	if e.FailLevel != config.FailNone || e.Config.URNSyntax != grammar.RFC2141 || e.Config.Severity["percent-lowercase"] != lint.Error ||
		!e.Config.AllowedNIDs["acme"] || !e.Config.AllowedNIDs["old"] || !slices.Equal(e.Overrides, []int{0, 1}) ||
		!e.Config.Strict || !e.Config.Extract.IncludeCodeSpans || e.Config.Extract.IncludeCodeBlocks {
		t.Errorf("legacy/keep.md: %+v", e)
	}
	if e := cf.For("/repo/legacy/other.md", config.Settings{}); e.Config.Strict || e.Config.Extract.IncludeCodeSpans {
		t.Errorf("legacy/other.md: %+v", e)
	}
	// The command line comes last.
	syn, info, no := grammar.RFC8141, lint.Info, false
	e = cf.For("/repo/legacy/keep.md", config.Settings{URNSyntax: &syn, FailLevel: &info, Strict: &no})
	if e.FailLevel != lint.Info || e.Config.URNSyntax != grammar.RFC8141 || e.Config.Strict {
		t.Errorf("with flags: %+v", e)
	}
}

// FuzzParseConfig: any file gives a configuration or a ConfigError that
// names the file; nothing panics.
func FuzzParseConfig(f *testing.F) {
	for _, tt := range configCases {
		f.Add([]byte(tt.yaml))
	}
	names := ruleNames()
	f.Fuzz(func(t *testing.T, data []byte) {
		_, err := config.Parse("c.yaml", "/dir", data, names)
		var ce *config.Error
		if err != nil && (!errors.As(err, &ce) || !strings.HasPrefix(err.Error(), "c.yaml")) {
			t.Fatalf("error %v is not a ConfigError naming the file", err)
		}
	})
}
