package report

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// The json format: one object, {"version":1,"candidates":[...],"errors":[...]}
// for extract and {"version":1,"diagnostics":[...],"errors":[...]} for
// check, streamed as the files come. Items are the objects below.

// jsonCandidate is a candidate in the json and jsonl formats.
type jsonCandidate struct {
	File      string            `json:"file"`
	URI       string            `json:"uri"`
	Raw       string            `json:"raw"`
	Kind      extract.Kind      `json:"kind"`
	Context   extract.Context   `json:"context"`
	Certainty extract.Certainty `json:"certainty"`
	Attribute string            `json:"attribute,omitempty"`
	Start     extract.Pos       `json:"start"`
	End       extract.Pos       `json:"end"`
	// Equivalence is the RFC 8141 equivalence key of a valid URN.
	Equivalence string `json:"equivalence,omitempty"`
	// Templated says that the URI holds a placeholder ("{id}", "{{ x }}",
	// "%s"), which no rule reports and no fix touches.
	Templated bool `json:"templated,omitempty"`
}

func newJSONCandidate(path string, c *extract.Candidate, loc *extract.Locator) jsonCandidate {
	j := jsonCandidate{
		File: path, URI: c.URI, Raw: c.Raw, Kind: c.Kind, Context: c.Context, Certainty: c.Certainty(),
		Attribute: c.Attribute, Start: loc.Pos(c.Start), End: loc.Pos(c.End), Templated: grammar.HasPlaceholder(c.URI),
	}
	if c.Kind == extract.KindURN {
		if p := grammar.Parse(c.URI, grammar.AsURN, grammar.RFC8141); p.Valid() {
			j.Equivalence = p.EquivalenceKey()
		}
	}
	return j
}

// jsonDiagnostic is a diagnostic in the json and jsonl formats.
type jsonDiagnostic struct {
	File     string        `json:"file"`
	Rule     string        `json:"rule"`
	Category lint.Category `json:"category"`
	Severity lint.Severity `json:"severity"`
	Message  string        `json:"message"`
	URI      string        `json:"uri"`
	Start    extract.Pos   `json:"start"`
	End      extract.Pos   `json:"end"`
	Ranges   []jsonRange   `json:"ranges"`
	Fixes    []jsonFix     `json:"fixes"`
	URL      string        `json:"url"`
}

type jsonRange struct {
	Start extract.Pos `json:"start"`
	End   extract.Pos `json:"end"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Safe    bool       `json:"safe"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Start extract.Pos `json:"start"`
	End   extract.Pos `json:"end"`
	New   string      `json:"new"`
}

func newJSONDiagnostic(d *lint.Diagnostic, loc Positions) jsonDiagnostic {
	j := jsonDiagnostic{
		File: d.File, Rule: d.Rule.Name, Category: d.Rule.Category, Severity: d.Severity,
		Message: d.Message, URI: d.URI, Start: loc.Pos(d.Start), End: loc.Pos(d.End), Fixes: []jsonFix{}, URL: d.Rule.DocURL(),
	}
	for _, rg := range d.AllRanges() {
		j.Ranges = append(j.Ranges, jsonRange{loc.Pos(rg.Start), loc.Pos(rg.End)})
	}
	for _, f := range d.Fixes {
		jf := jsonFix{Message: f.Message, Safe: f.Safe}
		for _, e := range f.Edits {
			jf.Edits = append(jf.Edits, jsonEdit{loc.Pos(e.Start), loc.Pos(e.End), e.New})
		}
		j.Fixes = append(j.Fixes, jf)
	}
	return j
}

// jsonError is a file that could not be read.
type jsonError struct {
	File    string `json:"file"`
	Message string `json:"message"`
}

// appendJSONItem appends one item of the json list, after a separating
// comma (which Writer.Write drops before the first item) and a newline.
func appendJSONItem(dst []byte, v any) []byte {
	return appendJSON(append(dst, ",\n"...), v)
}
