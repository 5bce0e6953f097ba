// Package lint is the API of urilint's rules and the engine that runs them,
// in the manner of golang.org/x/tools/go/analysis: a rule is a plain
// value, listed explicitly, that looks at one URI at a time and reports
// through a Pass; the engine finds the URIs, parses them, runs the rules,
// places what they report in the document, judges their fixes and applies
// the suppression comments.
//
// # Writing a rule
//
// A Rule is a name (its stable ID), a Category, a default Severity, a Doc
// (rendered by urilint explain, docs/rules.md and SARIF), the Kinds of
// candidate it looks at, the least Certainty of the candidates it reports
// on by default (see extract.Certainty: a link's destination is certain,
// a guess in running text is not), and a Run function:
//
//	var NoExampleNet = &lint.Rule{
//		Name: "no-example-net", Category: lint.Policy, Severity: lint.Warning,
//		Doc:   lint.Doc{Title: "...", Text: "...", Bad: "...", Good: "...", Fix: "..."},
//		Kinds: []extract.Kind{extract.KindURI}, Certainty: extract.Likely,
//		Run: func(p *lint.Pass) {
//			u := p.URI // parsed once, for every rule
//			if u.Host.Present() && u.Host.In(u.Input) == "example.net" {
//				p.Reportf(u.Host.Start, u.Host.End, "%q: write example.org", "example.net")
//			}
//		},
//	}
//
// Run sees the candidate (Pass.Candidate: the URI, its context, its
// offsets in the document) and the URI parsed (Pass.URI, a
// grammar.Parsed: components as spans of Input, and the problems of the
// generic syntax). It reports Findings in offsets of the URI; the engine
// moves them into the document (through the candidate's map, where the
// document escaped the URI), and a Finding with InDocument set is in
// document offsets already. A Finding may offer Fixes, each a set of
// Edits; a fix marked Safe never changes what the identifier means, and
// the engine applies it with --fix only where nothing else can go wrong
// (the boundaries of the URI certain, its text not what readers see, the
// URI clean once fixed: see Fix), else it is offered as a suggestion with
// the reason.
//
// The rules of one URI must hold to a few contracts, which the engine
// relies on:
//   - Placeholders of templates ("{id}", "{{ page.url }}", "%s") are
//     masked with "0" in Pass.URI; findings and fixes that touch one are
//     dropped, but a check over a whole component (a length, a check
//     digit) must skip a component that holds one (Pass.Masked).
//   - A rule that reports the grammar's problems claims their codes
//     (Rule.Codes): every code is claimed by exactly one rule of a list
//     (Validate), and a rule with ProblemsOnly runs only on candidates
//     that have one of its problems (Pass.Problems yields them).
//   - A candidate keeps the first 100 findings of a rule and counts the
//     rest (Pass.Full); several findings of a rule on one URI are merged
//     into one diagnostic, with a fix made of theirs.
//   - Messages quote input with grammar.Quote or grammar.Messagef
//     (Pass.Reportf does), which abbreviate it.
//
// A rule that compares URIs across documents records Facts instead of
// reporting (Pass.Record), and reports in its Across step, once every
// document is read (see Across). A rule that reports by itself and leaves
// only some findings to its Across step is Deferred: it asks
// Pass.Collecting before it records, and reports at once where nothing
// would see its facts.
//
// Test a rule with package lint/linttest: documents whose comments say
// which diagnostics they expect, and golden files of the fixes.
//
// # Running rules
//
// A driver (urilint's command line, through package lint/runner, and its
// language server) makes a Checker of a list of rules and a Config, and
// calls Check on each document: the Diagnostics come in order of offset,
// after the suppression comments have dropped what they cover; Fix
// applies the safe fixes until none is left, and ApplyFixes applies a
// list. The names a driver needs besides: Diagnostic and Range, Unlisted
// and Lister (a file lists its first MaxFileDiagnostics diagnostics),
// CheckWindow and CheckableInPieces (a document read in pieces), Across
// and Placed (the rules that look across documents), CheckValue (a value
// that is not in a document, for urilint validate).
package lint
