package extract

import (
	"bytes"

	"github.com/urilint/urilint/extract/grammar"
)

// FoldingNote is what a document that folds long lines as RFC 8792 does
// says of it ("NOTE: '\\' line wrapping per RFC 8792"). The scanner rejoins
// the URIs of such a document that a "\\" folds (see rejoinFolded); a
// reader of large text in windows reads such a file whole.
const FoldingNote = "line wrapping per RFC 8792"

// declaresFolding reports whether src says that its figures fold long
// lines as RFC 8792 does ("NOTE: '\\' line wrapping per RFC 8792", or
// "'\\\\'"), looking once and keeping the answer in *cache.
func declaresFolding(src []byte, cache *int8) bool {
	if *cache == 0 {
		*cache = -1
		if bytes.Contains(src, []byte(FoldingNote)) {
			*cache = 1
		}
	}
	return *cache > 0
}

// rejoinFolded fills in c with the bare candidate that starts at src[s] and
// whose first line ends at src[end], a "\\" that folds it (RFC 8792, in a
// document that declares it): each folding "\\", the line break and the
// indentation after it (and, in the "\\\\" strategy, the "\\" that starts the
// continuation) are layout, and the URI goes on. It returns the offset after
// the candidate.
func rejoinFolded(c *Candidate, src []byte, base, s, end int, kind Kind, ctx Context) int {
	*c = Candidate{Kind: kind, Context: ctx, Start: base + s, PrefixStart: -1}
	uri := make([]byte, 0, 2*(end-s))
	add := func(from, to int) {
		c.pieces = addPiece(c.pieces, piece{uri: len(uri), src: base + from, n: to - from, srcN: to - from})
		uri = append(uri, src[from:to]...)
		c.End = base + to
	}
	add(s, end)
	for end < len(src) && src[end] == '\\' && folds(src, end) {
		k := end + 1
		for k < len(src) && grammar.IsSpace(src[k]) && lineBreaks(src[end+1:k+1]) <= 1 {
			k++
		}
		if k < len(src) && src[k] == '\\' {
			k++
		}
		if k >= len(src) || !continues(src[k]) || lineBreaks(src[end+1:k]) != 1 {
			break
		}
		next := trim(src, k, extend(src, k), false)
		if next == k {
			break
		}
		add(k, next)
		end = next
	}
	c.URI = string(uri)
	c.Raw = string(src[s : c.End-base])
	if len(c.pieces) == 1 {
		c.pieces = nil
	}
	return c.End - base
}
