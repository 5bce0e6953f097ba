// Package schematest validates documents against JSON Schemas in tests,
// with github.com/santhosh-tekuri/jsonschema (every draft, 4 to 2020-12).
package schematest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Compile compiles the JSON Schema in the file path.
func Compile(tb testing.TB, path string) *jsonschema.Schema {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		tb.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(abs)
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		tb.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return sch
}

// Validate validates the value v (as encoding/json would write it) against
// the schema, and returns the validation error, if any.
func Validate(tb testing.TB, sch *jsonschema.Schema, v any) error {
	tb.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		tb.Fatal(err)
	}
	return ValidateJSON(tb, sch, data)
}

// ValidateJSON validates the JSON document data against the schema.
func ValidateJSON(tb testing.TB, sch *jsonschema.Schema, data []byte) error {
	tb.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("not JSON: %v", err)
	}
	return sch.Validate(inst)
}
