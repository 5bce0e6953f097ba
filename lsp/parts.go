package lsp

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// minPart is the smallest part a document is cut into (a Markdown one): small
// enough that an edit re-reads little, large enough that a 5 MB document
// is a few hundred parts.
const minPart = 8 << 10

// checkParts checks a document of a splittable format (Markdown) part by
// part (extract.Format.Splits), taking the
// diagnostics of a part that has not changed from a cache (the parts of
// earlier lints), and returns the document's diagnostics and the parts it
// read, the new cache. The result is the same as checking the whole
// document (the extract package's tests compare the two readings).
//
// stop, when not nil, is asked before each part: once it says so, the
// check ends there, and returns the parts read so far (for the cache of
// the next check) and no diagnostics.
//
// Like Check, it lists the first lint.MaxFileDiagnostics diagnostics of the
// document, counts the rest, and gates the document whole (lint.Gate).
func checkParts(ch *lint.Checker, name string, f extract.Format, doc string, stop func() bool, caches ...map[string][]*lint.Diagnostic) ([]*lint.Diagnostic, map[string][]*lint.Diagnostic, lint.Unlisted) {
	src := []byte(doc)
	bounds := append(append([]int{0}, f.Splits(src, minPart)...), len(src))
	parts := make(map[string][]*lint.Diagnostic, len(bounds))
	var out []*lint.Diagnostic
	g := ch.NewGate(func(d *lint.Diagnostic) { out = append(out, d) })
	for k := 0; k+1 < len(bounds); k++ {
		if stop != nil && stop() {
			return nil, parts, lint.Unlisted{}
		}
		start, end := bounds[k], bounds[k+1]
		part := doc[start:end]
		found, ok := parts[part]
		for _, cache := range caches {
			if ok {
				break
			}
			found, ok = cache[part]
		}
		if !ok {
			found = []*lint.Diagnostic{}
			ch.CheckPiece(name, f, src[start:end], func(d *lint.Diagnostic) { found = append(found, d) })
		}
		parts[part] = found
		for _, d := range found {
			g.Add(moved(d, start))
		}
	}
	return out, parts, g.Finish()
}

// moved returns a copy of a part's diagnostic placed in the document, the
// part starting at offset base.
func moved(d *lint.Diagnostic, base int) *lint.Diagnostic {
	c := *d
	c.Start, c.End = base+d.Start, base+d.End
	if d.Ranges != nil {
		c.Ranges = make([]lint.Range, len(d.Ranges))
		for i, rg := range d.Ranges {
			c.Ranges[i] = lint.Range{Start: base + rg.Start, End: base + rg.End}
		}
	}
	c.Fixes = make([]lint.Fix, len(d.Fixes))
	for i, f := range d.Fixes {
		c.Fixes[i] = lint.Fix{Message: f.Message, Safe: f.Safe, Edits: make([]lint.Edit, len(f.Edits))}
		for j, e := range f.Edits {
			c.Fixes[i].Edits[j] = lint.Edit{Start: base + e.Start, End: base + e.End, New: e.New}
		}
	}
	return &c
}
