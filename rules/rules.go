// Package rules holds urilint's lint rules, one per file, each a plain
// lint.Rule value, listed explicitly in All.
package rules

import (
	"fmt"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// All is every rule, in the order they are documented. Their names are a
// public contract.
var All = []*lint.Rule{
	URNNIDSyntax,
	URNNSSSyntax,
	URNUnencodedQuestion,
	URNComponentSyntax,
	URNNIDReserved,
	URNNIDUnregistered,
	URNRComponent,
	URNNUL,
	URNNamespaceSyntax,
	URNInconsistentSpelling,
	PercentMalformed,
	PercentUnencoded,
	URINonASCII,
	PercentLowercase,
	PercentUnreserved,
	URISchemeSyntax,
	URIRelativeColon,
	URISchemeUnregistered,
	URIAuthority,
	URIHTTPSyntax,
	URIMailtoSyntax,
	URITelSyntax,
	URIFileSyntax,
	URIDataSyntax,
	URIHyphenBreak,
	URIWrappedBare,
	URIURLPrefix,
	URIAdocReplacement,
	LinkMissingFile,
	LinkMissingFragment,
	LinkOwnURL,
	LinkMalformed,
	lint.UnusedSuppression, // the engine's own: see lint/suppress.go
}

// ByName returns the rule with a name, or nil.
func ByName(name string) *lint.Rule {
	for _, r := range All {
		if r.Name == name {
			return r
		}
	}
	return nil
}

// reportProblems reports each grammar problem of the running rule with the
// grammar's message; fixes, if not nil, offers fixes for a problem.
func reportProblems(p *lint.Pass, fixes func(grammar.Problem) []lint.Fix) {
	var finish func(grammar.Problem, *lint.Finding)
	if fixes != nil {
		finish = func(pr grammar.Problem, f *lint.Finding) { f.Fixes = fixes(pr) }
	}
	reportProblemsBut(p, nil, finish)
}

// reportProblemsBut is reportProblems leaving out the problems skip, if not
// nil, says to; finish, if not nil, completes the finding of a problem
// (its fixes, a message of the rule's own).
func reportProblemsBut(p *lint.Pass, skip func(grammar.Problem) bool, finish func(grammar.Problem, *lint.Finding)) {
	for pr := range p.Problems {
		if skip != nil && skip(pr) {
			continue
		}
		if p.Full() { // counted only: no message, no fixes
			p.Report(lint.Finding{Start: pr.Start, End: pr.End})
			continue
		}
		f := lint.Finding{Start: pr.Start, End: pr.End, Message: pr.Message(p.URI.Input)}
		if finish != nil {
			finish(pr, &f)
		}
		p.Report(f)
	}
}

// encodeFix is the fix that percent-encodes the URI bytes [start, end).
func encodeFix(uri string, start, end int, safe bool) lint.Fix {
	text := uri[start:end]
	return lint.Fix{
		Message: fmt.Sprintf("percent-encode %s as %s", grammar.Quote(text), grammar.Abbreviate(grammar.PercentEncode(text))),
		Safe:    safe,
		Edits:   []lint.Edit{{Start: start, End: end, New: grammar.PercentEncode(text)}},
	}
}
