package config

import (
	"bytes"
	"errors"
	"io"

	"go.yaml.in/yaml/v3"
)

// document decodes the YAML of a configuration file into doc. A file is one
// document: a second one (after a "---" line, even an empty one) is an
// error at that line, where yaml.Unmarshal would silently read the first
// only.
func (d *configDecoder) document(data []byte, doc *yaml.Node) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil // no document: every default
		}
		return d.yamlError(err)
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
		return nil
	case err != nil:
		return d.yamlError(err)
	}
	return d.errorf(&next, "a second YAML document starts here: a configuration file is one document (merge them, or remove this \"---\" and what follows)")
}
