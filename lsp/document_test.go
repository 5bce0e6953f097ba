package lsp

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/internal/cputime"
)

func TestTextPositions(t *testing.T) {
	// Lines end with "\n", "\r\n" and a lone "\r"; 𝄞 is two UTF-16 units
	// and four bytes, é one unit and two bytes.
	tx := newText("aé𝄞b\r\nx\ry\n\nlast")
	for _, tt := range []struct {
		off       int
		u16, u8   p.Position
		fromU16At int // the offset of u16 read back (the same, unless inside a character)
	}{
		{0, pos(0, 0), pos(0, 0), 0},
		{1, pos(0, 1), pos(0, 1), 1},
		{3, pos(0, 2), pos(0, 3), 3},
		{7, pos(0, 4), pos(0, 7), 7},
		{8, pos(0, 5), pos(0, 8), 8},
		{10, pos(1, 0), pos(1, 0), 10},
		{12, pos(2, 0), pos(2, 0), 12},
		{14, pos(3, 0), pos(3, 0), 14},
		{15, pos(4, 0), pos(4, 0), 15},
		{19, pos(4, 4), pos(4, 4), 19},
	} {
		var c cursor
		if got := c.position(tx, tt.off, utf16); got != tt.u16 {
			t.Errorf("offset %d: UTF-16 position %+v, want %+v", tt.off, got, tt.u16)
		}
		c = cursor{}
		if got := c.position(tx, tt.off, utf8Bytes); got != tt.u8 {
			t.Errorf("offset %d: UTF-8 position %+v, want %+v", tt.off, got, tt.u8)
		}
		if got := tx.offset(tt.u16, utf16); got != tt.fromU16At {
			t.Errorf("UTF-16 %+v: offset %d, want %d", tt.u16, got, tt.fromU16At)
		}
		if got := tx.offset(tt.u8, utf8Bytes); got != tt.off {
			t.Errorf("UTF-8 %+v: offset %d, want %d", tt.u8, got, tt.off)
		}
	}
	// Inside 𝄞 (UTF-16 unit 3): its start. Past a line's end: the line's end,
	// before "\r\n". Past the last line: the end.
	for _, tt := range []struct {
		pos  p.Position
		enc  encoding
		want int
	}{
		{pos(0, 3), utf16, 3}, {pos(0, 99), utf16, 8}, {pos(0, 5), utf8Bytes, 3}, {pos(9, 0), utf16, 19}, {pos(1, 5), utf16, 11},
	} {
		if got := tx.offset(tt.pos, tt.enc); got != tt.want {
			t.Errorf("%+v (%d): offset %d, want %d", tt.pos, tt.enc, got, tt.want)
		}
	}
	// Positions in order through one cursor agree with fresh ones (at the
	// start of characters: offsets from the linter always are).
	var c cursor
	for off := 0; off <= len(tx.s); off++ {
		if off < len(tx.s) && !utf8.RuneStart(tx.s[off]) {
			continue
		}
		var fresh cursor
		if got, want := c.position(tx, off, utf16), fresh.position(tx, off, utf16); got != want {
			t.Fatalf("offset %d: cursor %+v, fresh %+v", off, got, want)
		}
	}
	if got := tx.edit(p.Range{Start: pos(0, 1), End: pos(0, 4)}, "-", utf16).s; got != "a-b\r\nx\ry\n\nlast" {
		t.Errorf("edit: %q", got)
	}
}

func pos(line, char uint32) p.Position { return p.Position{Line: line, Character: char} }

// naiveChanges applies changes one by one to the whole text, as the
// server once did: the reference for applyChanges.
func naiveChanges(t *text, changes []contentChange, enc encoding) *text {
	for _, ch := range changes {
		if ch.Range == nil {
			t = newText(ch.Text)
		} else {
			t = t.edit(*ch.Range, ch.Text, enc)
		}
	}
	return t
}

// randomChanges returns n changes of a text, each of a random range (now
// and then past the end of its line or of the text, or reversed) replaced
// by random text of line ends of every kind, non-ASCII characters and
// characters outside the Basic Multilingual Plane, and now and then a
// replacement of the whole text.
func randomChanges(r *rand.Rand, n int) []contentChange {
	pieces := []string{"a", "bc", " ", "é", "𝄞", "\n", "\r", "\r\n", "x\r", "\ny", "http://a.example/%7e", "\u2028"}
	str := func(max int) string {
		var b strings.Builder
		for range r.IntN(max + 1) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	position := func() p.Position {
		return p.Position{Line: uint32(r.IntN(12)), Character: uint32(r.IntN(14))}
	}
	var changes []contentChange
	for range n {
		if r.IntN(40) == 0 {
			changes = append(changes, contentChange{Text: str(30)})
			continue
		}
		rg := p.Range{Start: position(), End: position()}
		if r.IntN(3) == 0 {
			rg.End = rg.Start
		}
		changes = append(changes, contentChange{Range: &rg, Text: str(4)})
	}
	return changes
}

// applyChanges returns the text after the changes, through a rope, as the
// server makes it.
func applyChanges(t *text, changes []contentChange, enc encoding) *text {
	return newText(newRope(t.s).apply(changes, enc).String())
}

// TestApplyChanges: many changes in one didChange give the text that
// applying them one by one gives, in both position encodings, and leave the
// rope they were applied to as it was (a lint reads it meanwhile).
func TestApplyChanges(t *testing.T) {
	defer func(n int) { maxChunk = n }(maxChunk)
	r := rand.New(rand.NewPCG(1, 2))
	for _, chunk := range []int{5, 7, 1 << 10} { // small chunks: edits across chunks
		maxChunk = chunk
		for i := range 5000 {
			enc := encoding(i % 2)
			start := newText(strings.Repeat("ab𝄞\r\ncd\ré\n\n", r.IntN(5)) + "end")
			changes := randomChanges(r, 1+r.IntN(30))
			want := naiveChanges(start, changes, enc)
			before := newRope(start.s)
			got := newText(before.apply(changes, enc).String())
			if got.s != want.s || !slices.Equal(got.lines, want.lines) {
				t.Fatalf("chunks of %d, case %d (encoding %d): got %q, want %q", chunk, i, enc, got.s, want.s)
			}
			if before.String() != start.s {
				t.Fatalf("chunks of %d, case %d: the rope changed: %q, was %q", chunk, i, before.String(), start.s)
			}
		}
	}
}

// TestApplyChangesLinear: the time of a didChange grows with the
// document and the number of changes, not with their product (16,000
// changes of a 1 MB document took 21 s when each copied the document).
// Two sizes ten times apart, both the document and the changes (200 KB
// and 3,200 changes, 2 MB and 32,000): the larger must take at most
// twenty times as long (cputime.Linear, as the other linear tests). Twenty, not lint's fifteen: a change
// costs the depth of the rope, which grows with the log of its size
// (about 13x measured for 10x; one by one, 100x to 160x).
func TestApplyChangesLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	line := strings.Repeat("some words é 𝄞 and http://a.example/path ", 2) + "\n"
	for _, tt := range []struct {
		name    string
		doc     func(n int) string
		changes func(doc *text, k int) []contentChange
	}{
		{"typing at the start", func(n int) string { return strings.Repeat(line, n/len(line)) }, func(_ *text, k int) []contentChange {
			out := make([]contentChange, k)
			for i := range out {
				out[i] = contentChange{Range: &p.Range{}, Text: "x"}
			}
			return out
		}},
		{"typing at the end of one long line", func(n int) string { return strings.Repeat("abc é 𝄞 ", n/13) }, func(doc *text, k int) []contentChange {
			units := uint32(0)
			for _, r := range doc.s {
				units++
				if r >= 0x10000 {
					units++
				}
			}
			out := make([]contentChange, k)
			for i := range out {
				pos := p.Position{Character: units + uint32(i)}
				out[i] = contentChange{Range: &p.Range{Start: pos, End: pos}, Text: "x"}
			}
			return out
		}},
		{"new lines everywhere", func(n int) string { return strings.Repeat(line, n/len(line)) }, func(doc *text, k int) []contentChange {
			r := rand.New(rand.NewPCG(3, 4))
			lines := len(doc.lines)
			out := make([]contentChange, k)
			for i := range out {
				pos := p.Position{Line: uint32(r.IntN(lines)), Character: uint32(r.IntN(len(line)))}
				end := pos
				end.Character += uint32(r.IntN(3))
				out[i] = contentChange{Range: &p.Range{Start: pos, End: end}, Text: []string{"\n", "ab\r\ncd", "", "é"}[r.IntN(4)]}
			}
			return out
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			small, large := newText(tt.doc(200_000)), newText(tt.doc(2_000_000))
			cs, cl := tt.changes(small, 3200), tt.changes(large, 32000)
			cputime.Linear(t, len(small.s), len(large.s), func(l bool) {
				if l {
					applyChanges(large, cl, utf16)
				} else {
					applyChanges(small, cs, utf16)
				}
			}, 20, 0)
		})
	}
}

// naivePosition is the position of off counted from the start of its line,
// as the server once counted it: the reference for the text's marks.
func naivePosition(t *text, off int, enc encoding) p.Position {
	l := t.lineOf(off)
	n := off - t.lines[l]
	if enc == utf16 {
		n = countUnits(t.s[t.lines[l]:off])
	}
	return p.Position{Line: uint32(l), Character: uint32(n)}
}

// naiveOffset is text.offset counted from the start of the line.
func naiveOffset(t *text, pos p.Position, enc encoding) int {
	l := int(pos.Line)
	if l >= len(t.lines) {
		return len(t.s)
	}
	off, end := t.lines[l], t.lineEnd(l)
	for n := uint32(0); off < end; {
		r, size := utf8.DecodeRuneInString(t.s[off:end])
		w := uint32(size)
		if enc == utf16 {
			w = 1
			if r >= 0x10000 {
				w = 2
			}
		}
		if n+w > pos.Character {
			break
		}
		n += w
		off += size
	}
	return off
}

// checkPositions compares the text's positions and offsets, through one
// cursor moving back and forth and fresh, with the counts from the start
// of each line, at every character of t and at random positions.
func checkPositions(tb testing.TB, t *text, r *rand.Rand) {
	tb.Helper()
	var starts []int
	for i := range t.s {
		starts = append(starts, i)
	}
	starts = append(starts, len(t.s))
	for _, enc := range []encoding{utf16, utf8Bytes} {
		var c cursor
		for range 2 * len(starts) {
			off := starts[r.IntN(len(starts))]
			if r.IntN(2) == 0 && c.ok { // mostly forward, as diagnostics come
				if k, ok := slices.BinarySearch(starts, c.off); ok && k+1 < len(starts) {
					off = starts[min(k+1+r.IntN(4), len(starts)-1)]
				}
			}
			want := naivePosition(t, off, enc)
			if got := c.position(t, off, enc); got != want {
				tb.Fatalf("%q: offset %d (encoding %d): cursor %+v, want %+v", t.s, off, enc, got, want)
			}
			var fresh cursor
			if got := fresh.position(t, off, enc); got != want {
				tb.Fatalf("%q: offset %d (encoding %d): %+v, want %+v", t.s, off, enc, got, want)
			}
			// Read back, but for the "\n" of a "\r\n" (a position past the end
			// of a line is its end).
			if got := t.offset(want, enc); got != off && off <= t.lineEnd(int(want.Line)) {
				tb.Fatalf("%q: %+v (encoding %d): offset %d, want %d", t.s, want, enc, got, off)
			}
		}
		for range 200 {
			pos := p.Position{Line: uint32(r.IntN(len(t.lines) + 1)), Character: uint32(r.IntN(2*markEvery + 40))}
			if got, want := t.offset(pos, enc), naiveOffset(t, pos, enc); got != want {
				tb.Fatalf("%q: %+v (encoding %d): offset %d, want %d", t.s, pos, enc, got, want)
			}
		}
	}
}

// TestTextMarks: on texts with long lines of characters of every width,
// line ends of every kind and invalid bytes, positions found with the marks
// are those counted from the start of each line.
func TestTextMarks(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 8))
	pieces := []string{"a", "é", "𝄞", "中", "\n", "\r\n", "\r", "\xff", strings.Repeat("x", 100), strings.Repeat("𝄞", 70), strings.Repeat("é中", 250)}
	for range 300 {
		var b strings.Builder
		for range r.IntN(60) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		checkPositions(t, newText(b.String()), r)
	}
}

// FuzzTextMarks: the same on any text.
func FuzzTextMarks(f *testing.F) {
	f.Add(strings.Repeat("é𝄞a", 200) + "\r\nb\rc\n" + strings.Repeat("\xffx", 300))
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<12 {
			return
		}
		checkPositions(t, newText(s), rand.New(rand.NewPCG(uint64(len(s)), 1)))
	})
}

// TestDidChangeSequence: didChanges in a row, some ending with the whole
// text (kept as a text, with no rope) and some of ranges (applied to a
// rope made again of that text), leave the document with the text that
// applying their changes one by one gives.
func TestDidChangeSequence(t *testing.T) {
	defer func(n int) { maxChunk = n }(maxChunk)
	maxChunk = 7
	r := rand.New(rand.NewPCG(3, 4))
	const uri = p.DocumentUri("file:///a.txt")
	for i := range 300 {
		s := NewServer(nil)
		s.Delay = time.Hour
		s.enc = encoding(i % 2)
		var open didOpenParams
		open.TextDocument.URI, open.TextDocument.Text = uri, strings.Repeat("ab𝄞\r\ncd\ré\n\n", r.IntN(5))+"end"
		s.didOpen(&open)
		want := newText(open.TextDocument.Text)
		for v := range 20 {
			changes := randomChanges(r, 1+r.IntN(4))
			if r.IntN(3) == 0 {
				changes = append(changes, contentChange{Text: strings.Repeat("whole\r\n𝄞é", r.IntN(4))})
			}
			want = naiveChanges(want, changes, s.enc)
			var change didChangeParams
			change.TextDocument.URI, change.TextDocument.Version, change.ContentChanges = uri, int32(v+2), changes
			s.didChange(&change)
			d := s.docs[uri]
			got := d.text
			if got == nil {
				got = newText(d.rope.String())
			} else if d.rope != nil {
				t.Fatalf("case %d, change %d: a text and a rope", i, v)
			}
			if got.s != want.s || !slices.Equal(got.lines, want.lines) {
				t.Fatalf("case %d, change %d (encoding %d): got %q, want %q", i, v, s.enc, got.s, want.s)
			}
		}
		s.docs[uri].timer.Stop()
	}
}
