package lsp

import (
	"fmt"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/lint"
)

// fixAllKind is the code action that applies every safe fix of a
// document, as urilint check --fix does.
const fixAllKind = p.CodeActionKind("source.fixAll.urilint")

// toProtocol turns a diagnostic into the protocol's: the rule's ID as
// the code, its documentation as codeDescription.href, the range in the
// negotiated encoding.
// A problem found more than once in a URI is one diagnostic, at the first
// place, with the others as its related information ("the same here").
func toProtocol(uri p.DocumentUri, d *lint.Diagnostic, t *text, c *cursor, enc encoding) p.Diagnostic {
	sev := p.DiagnosticSeverityInformation
	switch d.Severity {
	case lint.Error:
		sev = p.DiagnosticSeverityError
	case lint.Warning:
		sev = p.DiagnosticSeverityWarning
	}
	pd := p.Diagnostic{
		Range:           c.rangeOf(t, d.Start, d.End, enc),
		Severity:        &sev,
		Code:            &p.Or2[int32, string]{Value: d.Rule.Name},
		CodeDescription: &p.CodeDescription{Href: p.URI(d.Rule.DocURL())},
		Source:          "urilint",
		Message:         d.Message,
	}
	for _, rg := range d.Ranges[min(1, len(d.Ranges)):] {
		pd.RelatedInformation = append(pd.RelatedInformation, p.DiagnosticRelatedInformation{
			Location: p.Location{Uri: uri, Range: t.rangeOf(rg.Start, rg.End, enc)},
			Message:  "the same problem here",
		})
	}
	return pd
}

// configDiagnostic reports, at the top of a document, that its
// configuration file cannot be used.
func configDiagnostic(err error) p.Diagnostic {
	sev := p.DiagnosticSeverityError
	return p.Diagnostic{Severity: &sev, Source: "urilint", Message: "configuration: " + err.Error()}
}

// unlistedDiagnostic says, at the start of the document, how many problems
// were found past the first lint.MaxFileDiagnostics and not shown.
func unlistedDiagnostic(u lint.Unlisted) p.Diagnostic {
	sev := p.DiagnosticSeverityInformation
	return p.Diagnostic{Severity: &sev, Source: "urilint",
		Message: fmt.Sprintf("%d more problems in this document are not shown (the first %d are)", u.N, lint.MaxFileDiagnostics)}
}

// codeAction offers the fixes of the diagnostics in the range as quick
// fixes (the safe ones preferred), and the safe fixes of the whole
// document as one source action, from the last lint of the document's
// current text.
func (s *Server) codeAction(params *codeActionParams) []p.CodeAction {
	s.mu.Lock()
	d := s.docs[params.TextDocument.URI]
	enc := s.enc
	var last *result
	if d != nil && d.last != nil && d.last.text == d.text {
		last = d.last
	}
	s.mu.Unlock()
	actions := []p.CodeAction{}
	if last == nil {
		return actions // not linted yet, or changed since: the positions would be wrong
	}
	want := func(kind p.CodeActionKind) bool {
		if len(params.Context.Only) == 0 {
			return true
		}
		for _, k := range params.Context.Only {
			if k == kind || len(k) < len(kind) && string(kind[:len(k)]) == string(k) && kind[len(k)] == '.' {
				return true
			}
		}
		return false
	}
	uri := params.TextDocument.URI
	t := last.text
	if want(p.CodeActionKindQuickFix) {
		start, end := t.offset(params.Range.Start, enc), t.offset(params.Range.End, enc)
		for _, diag := range last.diags {
			if diag.End < start || diag.Start > end {
				continue
			}
			var c cursor
			pd := toProtocol(params.TextDocument.URI, diag, t, &c, enc)
			for _, fix := range diag.Fixes {
				edits := make([]p.TextEdit, 0, len(fix.Edits))
				for _, e := range fix.Edits {
					edits = append(edits, p.TextEdit{Range: t.rangeOf(e.Start, e.End, enc), NewText: e.New})
				}
				kind := p.CodeActionKindQuickFix
				title := fix.Message + " (" + diag.Rule.Name + ")"
				if !fix.Safe {
					title += ", review it"
				}
				actions = append(actions, p.CodeAction{
					Title: title, Kind: &kind, Diagnostics: []p.Diagnostic{pd}, IsPreferred: fix.Safe,
					Edit: &p.WorkspaceEdit{Changes: map[p.DocumentUri][]p.TextEdit{uri: edits}},
				})
			}
		}
	}
	if want(fixAllKind) {
		// One round of the safe fixes of the last lint, without linting
		// again: the handler must answer at once. What a fix reveals is
		// offered after the next lint.
		if fixed, n := lint.ApplyFixes([]byte(t.s), last.diags, true); n > 0 {
			kind := fixAllKind
			actions = append(actions, p.CodeAction{
				Title: "Apply every safe urilint fix", Kind: &kind,
				Edit: &p.WorkspaceEdit{Changes: map[p.DocumentUri][]p.TextEdit{uri: {{
					Range: t.rangeOf(0, len(t.s), enc), NewText: string(fixed),
				}}}},
			})
		}
	}
	return actions
}

// wirePublish and wireDiagnostic are PublishDiagnosticsParams and
// Diagnostic as they are sent: plain structs that encoding/json writes
// several times faster than the protocol package's (whose union types
// marshal through MarshalJSON, which encoding/json then validates again).
// A document with thousands of findings is published in milliseconds.
type wirePublish struct {
	URI         p.DocumentUri    `json:"uri"`
	Version     int32            `json:"version,omitempty"`
	Diagnostics []wireDiagnostic `json:"diagnostics"`
}

type wireDiagnostic struct {
	Range           p.Range          `json:"range"`
	Severity        uint32           `json:"severity,omitempty"`
	Code            string           `json:"code,omitempty"`
	CodeDescription *wireDescription `json:"codeDescription,omitempty"`
	Source          string           `json:"source"`
	Message         string           `json:"message"`
	Related         []wireRelated    `json:"relatedInformation,omitempty"`
}

type wireRelated struct {
	Location p.Location `json:"location"`
	Message  string     `json:"message"`
}

type wireDescription struct {
	Href p.URI `json:"href"`
}

func wire(d p.Diagnostic) wireDiagnostic {
	w := wireDiagnostic{Range: d.Range, Source: d.Source, Message: d.Message}
	if d.Severity != nil {
		w.Severity = uint32(*d.Severity)
	}
	if d.Code != nil {
		w.Code, _ = d.Code.Value.(string)
	}
	if d.CodeDescription != nil {
		w.CodeDescription = &wireDescription{Href: d.CodeDescription.Href}
	}
	for _, r := range d.RelatedInformation {
		w.Related = append(w.Related, wireRelated{r.Location, r.Message})
	}
	return w
}
