package lint

import (
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
)

// judge decides whether the safe fixes of the findings r.out[first:], the
// rule's on the candidate c, may be applied without review, and returns
// why not (they are then made suggestions: not safe), or "". A rule marks a fix safe when it never
// changes what the identifier means; --fix applies it only when, besides:
//   - the candidate's boundaries are certain and its text is not what
//     readers see (fixContext);
//   - it touches no placeholder (report drops those that do);
//   - applied to the URI, it leaves a URI of the same shape in which the
//     rule finds nothing (verified here, by parsing it again), and it adds
//     only letters, digits, "%", "-", ".", "_" and "~", which end no
//     candidate in any context.
func (r *checkState) judge(c *extract.Candidate, rule *Rule, first int) (reason string) {
	fs := r.out[first:]
	if reason := fixContext(c, r.format); reason != "" {
		return reason
	}
	var edits []Edit
	for i := range fs {
		if len(fs[i].f.Fixes) == 0 || !fs[i].f.Fixes[0].Safe {
			return "" // the fix of them all is not safe anyway (see merge)
		}
		if fs[i].f.InDocument {
			continue // outside the URI, as a "URL:" prefix: nothing to parse again
		}
		for _, e := range fs[i].f.Fixes[0].Edits {
			if c.Coarse(e.Start, e.End) {
				return "the URI is too long to place this edit exactly in the document: fix it by hand"
			}
			if c.Substituted(e.Start, e.End) {
				return "the text is the value of a reference (an attribute of the document): fix it where it is defined"
			}
		}
		edits = append(edits, fs[i].f.Fixes[0].Edits...)
	}
	if len(edits) == 0 || r.more > 0 || r.fixedClean(c, rule, edits) {
		return ""
	}
	return "applied, it would not leave the URI clean"
}

// fixedClean reports whether the URI with edits applied (offsets in the
// masked URI, none overlapping) holds only safe insertions and gives the
// rule nothing to report.
func (r *checkState) fixedClean(c *extract.Candidate, rule *Rule, edits []Edit) bool {
	slices.SortFunc(edits, func(a, b Edit) int { return a.Start - b.Start })
	in := r.parsed.Input
	var b strings.Builder
	last := 0
	for _, e := range edits {
		if e.Start < last || e.End > len(in) || !boundaryNeutral(e.New) {
			return false
		}
		b.WriteString(in[last:e.Start])
		b.WriteString(e.New)
		last = e.End
	}
	b.WriteString(in[last:])
	if r.recheck == nil {
		r.recheck = r.ch.newCheckState()
	}
	rr := r.recheck
	rr.template = shiftSpans(r.template, edits)
	grammar.ParseTo(&rr.parsed, b.String(), r.parsed.As, r.parsed.Syntax)
	if rr.parsed.Scheme != r.parsed.Scheme {
		return false
	}
	rr.pass.Candidate, rr.pass.rule, rr.out, rr.kept, rr.more = c, rule, rr.out[:0], 0, 0
	rule.Run(&rr.pass)
	return len(rr.out) == 0
}

// boundaryNeutral reports whether s holds only characters that a fix may
// add without moving where any candidate ends: unreserved ones and "%".
func boundaryNeutral(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("%-._~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// shiftSpans returns spans moved by edits (sorted, none inside a span).
func shiftSpans(spans []grammar.Span, edits []Edit) []grammar.Span {
	if spans == nil {
		return nil
	}
	out := slices.Clone(spans)
	for i := range out {
		d := 0
		for _, e := range edits {
			if e.End <= spans[i].Start {
				d += len(e.New) - (e.End - e.Start)
			}
		}
		out[i].Start += d
		out[i].End += d
	}
	return out
}

// fixContext returns why --fix may not apply a fix to the candidate c of a
// document in format f, or "" when it may: its boundaries are certain (a
// link's, or <...> on one line of plain text, holding no layout) and its text is not shown to readers (an
// autolink's is, and so is a URI's in the running text of Markdown, HTML or
// XML); and it is not a name XML compares as a string (a namespace name).
func fixContext(c *extract.Candidate, f extract.Format) string {
	switch {
	case c.Context == extract.ContextMarkdownAutolink:
		return "an autolink's text is what readers see"
	case c.Context.IsName():
		return "XML compares a namespace name or an RDF IRI character by character: any change names something else"
	case c.Context.IsLink():
		return ""
	case f == extract.FormatText && (c.Context == extract.ContextAngle || c.Context == extract.ContextAngleURL):
		if c.Certainty() < extract.Certain {
			// Across lines, in a table's cells, or holding layout: where
			// the URI is, and what of it is layout, is a reading.
			return "the <...> spans lines or holds layout: where the URI is in it is a reading"
		}
		return ""
	case c.Context == extract.ContextAngle || c.Context == extract.ContextAngleURL:
		return "its text is what readers see"
	}
	return "where a URI in running text ends is a judgement"
}

// NotApplied says, in a fix's message, that --fix does not apply it.
const NotApplied = "not applied by --fix"

// demote makes the safe fixes of f suggestions, saying why.
func demote(f *Finding, reason string) {
	for i := range f.Fixes {
		if f.Fixes[i].Safe {
			f.Fixes = slices.Clone(f.Fixes)
			for j := i; j < len(f.Fixes); j++ {
				if f.Fixes[j].Safe {
					f.Fixes[j].Safe = false
					f.Fixes[j].Message += " (" + NotApplied + ": " + reason + ")"
				}
			}
			return
		}
	}
}
