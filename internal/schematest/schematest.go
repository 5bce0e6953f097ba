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

// Compile compiles the JSON Schema in the file path. The schemas in the
// files refs are known too, by their "$id": path may refer to them
// ("$ref": "other.schema.json#/$defs/x", resolved against its "$id"),
// and nothing is fetched from the network.
func Compile(tb testing.TB, path string, refs ...string) *jsonschema.Schema {
	tb.Helper()
	c := jsonschema.NewCompiler()
	url := addSchema(tb, c, path)
	for _, r := range refs {
		doc := readSchema(tb, r)
		obj, _ := doc.(map[string]any)
		id, _ := obj["$id"].(string)
		if id == "" {
			tb.Fatalf("%s: no $id to refer to it by", r)
		}
		if err := c.AddResource(id, doc); err != nil {
			tb.Fatal(err)
		}
	}
	sch, err := c.Compile(url)
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return sch
}

// addSchema adds the schema in the file path to c, and returns its URL.
func addSchema(tb testing.TB, c *jsonschema.Compiler, path string) string {
	tb.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		tb.Fatal(err)
	}
	url := "file://" + filepath.ToSlash(abs)
	if err := c.AddResource(url, readSchema(tb, path)); err != nil {
		tb.Fatal(err)
	}
	return url
}

// readSchema reads the JSON document in the file path.
func readSchema(tb testing.TB, path string) any {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return doc
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
