package report

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/fileio"
)

// The sarif format: one SARIF 2.1.0 log (OASIS, errata 01) with one run.
// The run lists every rule in tool.driver.rules (id, name, short and full
// description, helpUri, default level); each result names its rule by
// ruleId and ruleIndex, and has a level, message.text, one physical
// location (the artifact's URI: relative paths as written, absolute ones as
// file: URIs) whose region has 1-based lines and columns, the end column
// exclusive, counted in Unicode code points (the run's columnKind), and the
// byte offset and length, and the diagnostic's fixes. Files that could not
// be read are toolExecutionNotifications of the run's invocation.

const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string             `json:"id"`
	Name                 string             `json:"name"`
	ShortDescription     sarifMessage       `json:"shortDescription"`
	FullDescription      sarifMessage       `json:"fullDescription"`
	HelpURI              string             `json:"helpUri"`
	DefaultConfiguration sarifConfiguration `json:"defaultConfiguration"`
	Properties           sarifRuleProps     `json:"properties"`
}

type sarifConfiguration struct {
	Level string `json:"level"`
}

type sarifRuleProps struct {
	Tags []string `json:"tags"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
	ByteOffset  int `json:"byteOffset"`
	ByteLength  int `json:"byteLength"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           *sarifRegion  `json:"region,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	Fixes     []sarifFix      `json:"fixes,omitempty"`
	// PartialFingerprints identify the result across runs: see
	// sarifFingerprint.
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifFix struct {
	Description     sarifMessage          `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifByteRegion `json:"deletedRegion"`
	InsertedContent sarifContent    `json:"insertedContent"`
}

type sarifByteRegion struct {
	ByteOffset int `json:"byteOffset"`
	ByteLength int `json:"byteLength"`
}

type sarifContent struct {
	Text string `json:"text"`
}

type sarifNotification struct {
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

// sarifLevel maps a severity to a SARIF level.
func sarifLevel(s lint.Severity) string {
	switch s {
	case lint.Error:
		return "error"
	case lint.Warning:
		return "warning"
	}
	return "note"
}

// sarifURI returns the artifact URI of a file path.
func sarifURI(path string) string {
	slash := filepath.ToSlash(path)
	u := url.URL{Path: slash}
	if filepath.IsAbs(path) {
		u.Scheme = "file"
		if !strings.HasPrefix(slash, "/") {
			u.Path = "/" + slash // a Windows drive letter
		}
		return u.String()
	}
	// A relative reference whose first segment holds ":" would read as a
	// scheme; "./" keeps it a path.
	s := u.EscapedPath()
	if first, _, _ := strings.Cut(s, "/"); strings.Contains(first, ":") {
		s = "./" + s
	}
	return s
}

// appendSARIFStart appends what comes before the first result.
func appendSARIFStart(dst []byte, opts WriterOptions) []byte {
	rules := make([]sarifRule, 0, len(opts.Rules))
	for _, r := range opts.Rules {
		rules = append(rules, sarifRule{
			ID: r.Name, Name: r.Name,
			ShortDescription:     sarifMessage{r.Doc.Title},
			FullDescription:      sarifMessage{r.Doc.String()},
			HelpURI:              r.DocURL(),
			DefaultConfiguration: sarifConfiguration{sarifLevel(r.Severity)},
			Properties:           sarifRuleProps{Tags: []string{string(r.Category)}},
		})
	}
	version := opts.Version
	if version == "" {
		version = "(devel)"
	}
	driver := struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Version        string      `json:"version"`
		Rules          []sarifRule `json:"rules"`
	}{"urilint", "https://github.com/urilint/urilint", version, rules}
	dst = append(dst, `{"$schema":"`+sarifSchema+`","version":"2.1.0","runs":[{"tool":{"driver":`...)
	dst = appendJSON(dst, driver)
	return append(dst, `},"columnKind":"unicodeCodePoints","results":[`...)
}

// fingerprintKey names urilint's fingerprint among a result's
// partialFingerprints (SARIF 3.27.17: a name, "/v" and a version, which
// changes when the way it is computed does).
const fingerprintKey = "urilint/v1"

// sarifFingerprint is a result's fingerprint: the SHA-256, in lower-case
// hex, of its rule ID, its artifact URI, the URI the problem is in, and its
// occurrence (decimal: how many results of that rule and URI came before it
// in the file), each followed by a NUL byte. Lines, columns and messages
// are left out: the fingerprint stays the same when lines are added or
// removed elsewhere in the file, or when a message is reworded.
func sarifFingerprint(rule, artifact, uri string, occurrence int) string {
	h := sha256.New()
	for _, s := range []string{rule, artifact, uri, strconv.Itoa(occurrence)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// appendSARIFResult appends one result, after a separating comma (which
// Writer.Write drops before the first one).
func appendSARIFResult(dst []byte, d *lint.Diagnostic, loc Positions, rules []*lint.Rule, occurrence int) []byte {
	index := -1
	for i, r := range rules {
		if r == d.Rule {
			index = i
			break
		}
	}
	uri := sarifURI(d.File)
	res := sarifResult{
		RuleID: d.Rule.Name, RuleIndex: index, Level: sarifLevel(d.Severity),
		Message:             sarifMessage{d.Message},
		PartialFingerprints: map[string]string{fingerprintKey: sarifFingerprint(d.Rule.Name, uri, d.URI, occurrence)},
	}
	// Each place of a problem found more than once in the URI is a
	// location (SARIF 3.27.12: "the result can only be corrected by making
	// a change at every location"); the first is the diagnostic's.
	for _, rg := range d.AllRanges() {
		start, end := loc.Pos(rg.Start), loc.Pos(rg.End)
		res.Locations = append(res.Locations, sarifLocation{PhysicalLocation: sarifPhysical{
			ArtifactLocation: sarifArtifact{uri},
			Region: &sarifRegion{
				StartLine: start.Line, StartColumn: start.Column,
				EndLine: end.Line, EndColumn: end.Column,
				ByteOffset: rg.Start, ByteLength: rg.End - rg.Start,
			},
		}})
	}
	for _, f := range d.Fixes {
		ch := sarifArtifactChange{ArtifactLocation: sarifArtifact{uri}}
		for _, e := range f.Edits {
			ch.Replacements = append(ch.Replacements, sarifReplacement{
				DeletedRegion:   sarifByteRegion{e.Start, e.End - e.Start},
				InsertedContent: sarifContent{e.New},
			})
		}
		desc := f.Message
		if !f.Safe && !strings.Contains(desc, lint.NotApplied) {
			desc += " (review it: " + lint.NotApplied + ")"
		}
		res.Fixes = append(res.Fixes, sarifFix{Description: sarifMessage{desc}, ArtifactChanges: []sarifArtifactChange{ch}})
	}
	return appendJSON(append(dst, ",\n"...), res)
}

// appendSARIFEnd appends what follows the last result: the invocation,
// with the files that could not be read.
func appendSARIFEnd(dst []byte, errs []*fileio.FileError) []byte {
	notes := make([]sarifNotification, 0, len(errs))
	for _, e := range errs {
		notes = append(notes, sarifNotification{
			Level: "error", Message: sarifMessage{e.Err.Error()},
			Locations: []sarifLocation{{PhysicalLocation: sarifPhysical{ArtifactLocation: sarifArtifact{sarifURI(e.Path)}}}},
		})
	}
	inv := struct {
		ExecutionSuccessful bool                `json:"executionSuccessful"`
		Notifications       []sarifNotification `json:"toolExecutionNotifications"`
	}{len(errs) == 0, notes}
	dst = append(dst, `],"invocations":[`...)
	dst = appendJSON(dst, inv)
	return append(dst, "]}]}\n"...)
}
