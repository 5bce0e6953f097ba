package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/urilint/urilint/internal/schematest"
)

// schemaFile is the path of the JSON Schema docs/schema/name.
func schemaFile(name string) string {
	return filepath.Join("..", "..", "docs", "schema", name)
}

// schemaDocuments are the documents the schema tests run the commands on:
// the repository's test documents (every rule's, the walkers', a few
// RFCs), and a few files of each kind of ../shared/corpus when it is
// beside the checkout, spread over the sorted list and at most 300 KB each.
func schemaDocuments(t *testing.T) []string {
	t.Helper()
	root := filepath.Join("..", "..")
	docs := []string{}
	for _, d := range []string{"rules", "markdown", "html", "xml", "text", "corpus", "rst", "asciidoc"} {
		docs = append(docs, filepath.Join(root, "testdata", d))
	}
	shared := filepath.Join(root, "..", "shared", "corpus")
	for _, kind := range []string{"md", "html", "xml", "txt"} {
		var files []string
		_ = filepath.WalkDir(filepath.Join(shared, kind), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, "."+kind) {
				if info, err := d.Info(); err == nil && info.Size() <= 300<<10 {
					files = append(files, p)
				}
			}
			return nil
		})
		slices.Sort(files)
		const n = 4
		for i := range min(n, len(files)) {
			docs = append(docs, files[i*len(files)/n])
		}
	}
	return docs
}

// runCommand runs urilint with args and returns its standard output.
func runCommand(t *testing.T, stdin string, args ...string) []byte {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, strings.NewReader(stdin), &stdout, &stderr); code == exitError && !strings.Contains(stderr.String(), "no such file") {
		t.Fatalf("urilint %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return stdout.Bytes()
}

// validateLines validates each line of out against sch, and returns them
// decoded.
func validateLines(t *testing.T, what string, sch *jsonschema.Schema, out []byte) []map[string]any {
	t.Helper()
	var lines []map[string]any
	for i, line := range bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n")) {
		if err := schematest.ValidateJSON(t, sch, line); err != nil {
			t.Fatalf("%s, line %d: %v\n%s", what, i+1, err, line)
		}
		var v map[string]any
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, v)
	}
	return lines
}

// TestOutputSchemas runs check, extract and validate on real documents and
// validates their JSON output, and each line of their JSONL output,
// against the schemas in docs/schema. The schemas are strict (no field
// they do not list, every field they list required unless optional in
// the format): a field added, renamed or dropped fails here until the
// schema says so.
func TestOutputSchemas(t *testing.T) {
	checkSchema := schematest.Compile(t, schemaFile("check.schema.json"))
	checkLine := schematest.Compile(t, schemaFile("check-line.schema.json"), schemaFile("check.schema.json"))
	extractSchema := schematest.Compile(t, schemaFile("extract.schema.json"))
	extractLine := schematest.Compile(t, schemaFile("extract-line.schema.json"), schemaFile("extract.schema.json"))
	validateSchema := schematest.Compile(t, schemaFile("validate.schema.json"))

	docs := schemaDocuments(t)
	missing := filepath.Join(t.TempDir(), "missing.md") // an entry of "errors"
	args := func(cmd, format string) []string {
		// The configuration of link-own-url's documents: the settings of
		// the local link rules, which every rule's documents need.
		config := filepath.Join("..", "..", "testdata", "rules", "link-own-url", "links.yaml")
		flags := []string{cmd, "--format", format, "--config", config, "--include-code-blocks", "--include-code-spans"}
		if cmd == "check" {
			flags = append(flags, "--strict", "--quiet", "--fail-level", "none")
		}
		return append(append(flags, docs...), missing)
	}

	t.Run("check", func(t *testing.T) {
		out := runCommand(t, "", args("check", "json")...)
		if err := schematest.ValidateJSON(t, checkSchema, out); err != nil {
			t.Fatalf("check --format json: %v", err)
		}
		var doc struct {
			Diagnostics []map[string]any
			Errors      []map[string]any
		}
		if err := json.Unmarshal(out, &doc); err != nil {
			t.Fatal(err)
		}
		rules, fixes := map[string]bool{}, 0
		for _, d := range doc.Diagnostics {
			rules[d["rule"].(string)] = true
			fixes += len(d["fixes"].([]any))
		}
		// Every rule reports on its own test documents: each is in the
		// output the schema was checked on.
		if len(rules) != len(ruleNames()) || fixes == 0 || len(doc.Errors) != 1 {
			t.Errorf("%d diagnostics of %d rules (want %d), %d fixes, %d errors: too little to test the schema on",
				len(doc.Diagnostics), len(rules), len(ruleNames()), fixes, len(doc.Errors))
		}
		t.Logf("%d diagnostics of %d rules, %d fixes", len(doc.Diagnostics), len(rules), fixes)

		lines := validateLines(t, "check --format jsonl", checkLine,
			runCommand(t, "", args("check", "jsonl")...))
		if len(lines) != len(doc.Diagnostics) {
			t.Errorf("jsonl: %d lines, json %d diagnostics", len(lines), len(doc.Diagnostics))
		}
	})

	var uris []string
	t.Run("extract", func(t *testing.T) {
		out := runCommand(t, "", args("extract", "json")...)
		if err := schematest.ValidateJSON(t, extractSchema, out); err != nil {
			t.Fatalf("extract --format json: %v", err)
		}
		lines := validateLines(t, "extract --format jsonl", extractLine, runCommand(t, "", args("extract", "jsonl")...))
		contexts, kinds := map[string]bool{}, map[string]bool{}
		for _, c := range lines {
			contexts[c["context"].(string)] = true
			kinds[c["kind"].(string)] = true
			uris = append(uris, c["uri"].(string))
		}
		// Every context and kind the schema lists is in the output.
		var doc struct {
			Defs struct {
				CandidateFields struct {
					Properties struct {
						Context, Kind struct{ Enum []string }
					}
				} `json:"candidateFields"`
			} `json:"$defs"`
		}
		readJSON(t, schemaFile("extract.schema.json"), &doc)
		for _, c := range doc.Defs.CandidateFields.Properties.Context.Enum {
			if !contexts[c] {
				t.Errorf("no candidate in context %q: the schema is not tested on it", c)
			}
		}
		for _, k := range doc.Defs.CandidateFields.Properties.Kind.Enum {
			if !kinds[k] {
				t.Errorf("no candidate of kind %q", k)
			}
		}
		t.Logf("%d candidates", len(lines))
	})

	t.Run("validate", func(t *testing.T) {
		// The URIs found, and values the grammar rejects, as stdin lines.
		values := append(slices.Clone(uris), "urn:example:a?b", "urn:urn:x", "%zz", "http://a.example/"+strings.Repeat("%", 150), "relative/path", "x:")
		for _, as := range []string{"auto", "uri-reference", "urn"} {
			for _, syntax := range []string{"rfc8141", "rfc2141"} {
				out := runCommand(t, strings.Join(values, "\n"), "validate", "--format", "json", "--strict", "--as", as, "--urn-syntax", syntax, "-")
				if err := schematest.ValidateJSON(t, validateSchema, out); err != nil {
					t.Fatalf("validate --as %s --urn-syntax %s: %v", as, syntax, err)
				}
			}
		}
	})
}

// TestOutputSchemasStrict checks that the schemas reject what urilint does
// not write: a field added, a field missing, a line without its version,
// a value out of its set.
func TestOutputSchemasStrict(t *testing.T) {
	checkSchema := schematest.Compile(t, schemaFile("check.schema.json"))
	checkLine := schematest.Compile(t, schemaFile("check-line.schema.json"), schemaFile("check.schema.json"))
	extractLine := schematest.Compile(t, schemaFile("extract-line.schema.json"), schemaFile("extract.schema.json"))
	validateSchema := schematest.Compile(t, schemaFile("validate.schema.json"))
	dir := t.TempDir()
	doc := filepath.Join(dir, "a.md")
	if err := os.WriteFile(doc, []byte("See [x](http://example.com/a%2fb) and urn:example:a.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	line := runCommand(t, "", "check", "--no-config", "--strict", "--quiet", "--format", "jsonl", doc)
	candidate := bytes.SplitN(runCommand(t, "", "extract", "--no-config", "--format", "jsonl", doc), []byte("\n"), 2)[0]
	whole := runCommand(t, "", "check", "--no-config", "--strict", "--quiet", "--format", "json", doc)
	value := runCommand(t, "", "validate", "--format", "json", "urn:example:a")
	for _, tt := range []struct {
		name  string
		sch   *jsonschema.Schema
		doc   []byte
		valid bool
	}{
		{"check line", checkLine, line, true},
		{"check line, a field added", checkLine, bytes.Replace(line, []byte(`"url":`), []byte(`"column":1,"url":`), 1), false},
		{"check line, without version", checkLine, bytes.Replace(line, []byte(`"version":1,`), nil, 1), false},
		{"check line, version 2", checkLine, bytes.Replace(line, []byte(`"version":1,`), []byte(`"version":2,`), 1), false},
		{"check line, without url", checkLine, bytes.Replace(line, []byte(`,"url":"https://github.com/urilint/urilint/blob/main/docs/rules.md#percent-lowercase"`), nil, 1), false},
		{"check line, an unknown rule", checkLine, bytes.Replace(line, []byte(`"rule":"percent-lowercase"`), []byte(`"rule":"percent-lower"`), 1), false},
		{"check line, a severity note", checkLine, bytes.Replace(line, []byte(`"severity":"info"`), []byte(`"severity":"note"`), 1), false},
		{"check line, a position without offset", checkLine, bytes.Replace(line, []byte(`"start":{"offset":28,`), []byte(`"start":{`), 1), false},
		{"check json", checkSchema, whole, true},
		{"check json, a line's version in a diagnostic", checkSchema, bytes.Replace(whole, []byte(`{"file":`), []byte(`{"version":1,"file":`), 1), false},
		{"check json, without errors", checkSchema, bytes.Replace(whole, []byte(`,"errors":[]`), nil, 1), false},
		{"extract line", extractLine, candidate, true},
		{"extract line, an unknown context", extractLine, bytes.Replace(candidate, []byte(`"context":"markdown-link"`), []byte(`"context":"link"`), 1), false},
		{"extract line, templated false", extractLine, bytes.Replace(candidate, []byte(`"kind":`), []byte(`"templated":false,"kind":`), 1), false},
		{"validate", validateSchema, value, true},
		{"validate, a syntax for a URI", validateSchema, bytes.Replace(value, []byte(`"as":"urn"`), []byte(`"as":"uri"`), 1), false},
		{"validate, without syntax for a URN", validateSchema, bytes.Replace(value, []byte(`"syntax":"rfc8141",`), nil, 1), false},
	} {
		changed := tt.valid || !bytes.Equal(tt.doc, line) && !bytes.Equal(tt.doc, whole) && !bytes.Equal(tt.doc, candidate) && !bytes.Equal(tt.doc, value)
		if !changed {
			t.Errorf("%s: the test's replacement changed nothing", tt.name)
			continue
		}
		err := schematest.ValidateJSON(t, tt.sch, tt.doc)
		if tt.valid != (err == nil) {
			t.Errorf("%s: valid %v, want %v (%v)\n%s", tt.name, err == nil, tt.valid, err, tt.doc)
		}
	}
}

// TestSchemaRules checks that the schemas list every rule, and only them.
func TestSchemaRules(t *testing.T) {
	want := slices.Sorted(slices.Values(ruleNames()))
	for _, name := range []string{"check.schema.json", "validate.schema.json"} {
		var doc struct {
			Defs struct {
				Rule struct{ Enum []string }
			} `json:"$defs"`
		}
		readJSON(t, schemaFile(name), &doc)
		if got := slices.Sorted(slices.Values(doc.Defs.Rule.Enum)); !slices.Equal(got, want) {
			t.Errorf("%s lists the rules %q; want %q", name, got, want)
		}
	}
}

// TestBaselineSchema checks a baseline written by check against its
// schema.
func TestBaselineSchema(t *testing.T) {
	sch := schematest.Compile(t, schemaFile("baseline.schema.json"))
	path := filepath.Join(t.TempDir(), "baseline.json")
	runCommand(t, "", "check", "--no-config", "--strict", "--quiet", "--write-baseline", path, filepath.Join("..", "..", "testdata", "rules"))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := schematest.ValidateJSON(t, sch, data); err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n < 100 {
		t.Errorf("a baseline of %d lines: too little to test the schema on", n)
	}
	bad := bytes.Replace(data, []byte(`"count":1}`), []byte(`"count":0}`), 1)
	if schematest.ValidateJSON(t, sch, bad) == nil {
		t.Error("a count of 0 is valid")
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
