package extract

import (
	"fmt"
	"testing"
	"unicode/utf8"
)

// render describes a candidate of doc on one line: positions, offsets,
// kind, context, the URI, and what differs from the plain case.
func render(doc []byte, c Candidate) string {
	start, end := slowPos(doc, c.Start), slowPos(doc, c.End)
	s := fmt.Sprintf("%d:%d-%d:%d %d-%d %s %s %q", start.Line, start.Column, end.Line, end.Column,
		c.Start, c.End, c.Kind, c.Context, c.URI)
	if c.Raw != c.URI {
		s += fmt.Sprintf(" raw=%q", c.Raw)
	}
	if len(c.HyphenBreaks) > 0 {
		s += fmt.Sprintf(" hyphens=%v", c.HyphenBreaks)
	}
	if c.PrefixStart >= 0 {
		s += fmt.Sprintf(" prefix=%d", c.PrefixStart)
	}
	if c.Attribute != "" {
		s += " attr=" + c.Attribute
	}
	return s
}

func renderAll(doc []byte, cands []Candidate) []string {
	var out []string
	for _, c := range cands {
		out = append(out, render(doc, c))
	}
	return out
}

// checkInvariants checks what must hold for any document: spans in range
// and in order, Raw is the source slice, URI is Raw without layout, and
// a Locator's positions of the spans agree with their definition.
func checkInvariants(t *testing.T, doc []byte, cands []Candidate) {
	t.Helper()
	prevEnd := 0
	loc := NewLocator(doc)
	for i, c := range cands {
		s, e := c.Start, c.End
		if s < prevEnd || e <= s || e > len(doc) {
			t.Fatalf("candidate %d: span %d-%d out of range or order (previous end %d, len %d)", i, s, e, prevEnd, len(doc))
		}
		prevEnd = e
		if c.Raw != string(doc[s:e]) {
			t.Fatalf("candidate %d: Raw %q is not the source slice %q", i, c.Raw, doc[s:e])
		}
		if c.URI == "" || (c.pieces == nil && c.URI != c.Raw) {
			t.Fatalf("candidate %d: URI %q, Raw %q", i, c.URI, c.Raw)
		}
		checkPieces(t, doc, &c)
		if c.Kind != KindURI && c.Kind != KindURN && c.Kind != KindRelativeRef {
			t.Fatalf("candidate %d: kind %v", i, c.Kind)
		}
		if a, b := c.SourceSpan(0, len(c.URI)); a != s || b != e {
			t.Fatalf("candidate %d: SourceSpan of the whole URI = %d-%d, want %d-%d", i, a, b, s, e)
		}
		for _, off := range []int{s, e} {
			if p, want := loc.Pos(off), slowPos(doc, off); p != want {
				t.Fatalf("candidate %d: position %+v, want %+v", i, p, want)
			}
		}
	}
}

// checkPieces checks a candidate's map from URI to source: the pieces
// cover the URI without gap, in order, within the candidate's span; a piece
// that maps byte for byte holds the same bytes on both sides (a decoded
// escape or reference maps as a whole and is checked by the walker tests).
func checkPieces(t *testing.T, doc []byte, c *Candidate) {
	t.Helper()
	if c.pieces == nil {
		return
	}
	u, src := 0, c.Start
	for k, p := range c.pieces {
		if p.uri != u || p.src < src || p.n < 0 || p.srcN < 0 || p.src+p.srcN > c.End {
			t.Fatalf("candidate %q: piece %d %+v out of order or range (URI at %d, source at %d, end %d)", c.URI, k, p, u, src, c.End)
		}
		if !p.decoded && (p.n != p.srcN || c.URI[p.uri:p.uri+p.n] != string(doc[p.src:p.src+p.srcN])) {
			t.Fatalf("candidate %q: piece %d maps %q to %q", c.URI, k, c.URI[p.uri:p.uri+p.n], doc[p.src:p.src+p.srcN])
		}
		u, src = p.uri+p.n, p.src+p.srcN
	}
	if u != len(c.URI) || c.pieces[0].src != c.Start || src != c.End {
		t.Fatalf("candidate %q: pieces cover URI to %d of %d, source %d-%d of %d-%d", c.URI, u, len(c.URI), c.pieces[0].src, src, c.Start, c.End)
	}
}

// slowPos is the definition of a position, for checking Locator.
func slowPos(doc []byte, off int) Pos {
	line, col := 1, 1
	for i := 0; i < off; {
		r, size := rune(doc[i]), 1
		if r >= 0x80 {
			r, size = utf8.DecodeRune(doc[i:])
		}
		switch {
		case r == '\n':
			line, col = line+1, 1
		case r == '\r' && i+1 < len(doc) && doc[i+1] == '\n':
		case i == 0 && r == 0xfeff:
		default:
			col++
		}
		i += size
	}
	return Pos{Offset: off, Line: line, Column: col}
}
