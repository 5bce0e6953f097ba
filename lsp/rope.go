package lsp

import (
	"math/rand/v2"
	"strings"
	"unicode/utf8"

	p "github.com/myleshyson/lsprotocol-go/protocol"
)

// apply returns the rope after the changes of a didChange, in order; r is
// left as it was (see rope). A change costs time in the depth of the tree
// and the size of a chunk, not in the size of the text: a document is
// kept as a rope while it is edited, and made a text again only when it
// is linted, off the message loop (2,000 one-character didChanges of a
// 5 MB document, each copying it and finding its lines, held the requests
// behind them for 29 s; 16,000 changes of a 1 MB document in one didChange
// took 21 s).
func (r *rope) apply(changes []contentChange, enc encoding) *rope {
	for _, ch := range changes {
		if ch.Range == nil {
			r = newRope(ch.Text)
			continue
		}
		start, end := r.offset(ch.Range.Start, enc), r.offset(ch.Range.End, enc)
		if end < start {
			start, end = end, start
		}
		r = r.replace(start, end, ch.Text)
	}
	return r
}

// A rope is a text as a balanced tree (a treap, in the order of the text)
// of chunks, each node knowing the bytes, line breaks and UTF-16 units of
// its subtree: a position is found, and a range replaced, in time in
// proportion to the depth of the tree and the size of a chunk.
//
// A rope never changes: replace returns a new one, which shares all but the
// nodes on the paths to the cut with the old, so that a lint can read the
// text of a version while the message loop edits the next.
//
// Line breaks are "\n", "\r\n" and a "\r" alone, as in text. No chunk
// ends between the "\r" and the "\n" of a "\r\n", so each chunk counts
// its own breaks. Chunks never split a character either: positions fall
// between characters (text.offset's rules), and so do cuts.
type rope struct{ root *rnode }

type rnode struct {
	s           string
	pri         uint64
	left, right *rnode
	// The line breaks and UTF-16 units of s.
	breaks, units int
	// The bytes, line breaks and UTF-16 units of the subtree.
	sumBytes, sumBreaks, sumUnits int
}

// maxChunk is the largest chunk cut from a text: the cost of a position
// within a chunk, against the number of nodes. (A variable: the tests
// make it small, so that chunks end everywhere; at least 5, so that a
// chunk can end between characters, out of a "\r\n".)
var maxChunk = 1 << 10

func newNode(s string) *rnode {
	n := &rnode{s: s, pri: rand.Uint64()}
	n.measure()
	n.fix()
	return n
}

// measure counts the line breaks and UTF-16 units of n.s.
func (n *rnode) measure() {
	n.breaks, n.units = 0, 0
	for i, r := range n.s {
		switch r {
		case '\n':
			n.breaks++
		case '\r':
			if i+1 == len(n.s) || n.s[i+1] != '\n' {
				n.breaks++
			}
		}
		n.units++
		if r >= 0x10000 {
			n.units++
		}
	}
}

// fix sums the subtree's counts after a change of its children.
func (n *rnode) fix() {
	n.sumBytes, n.sumBreaks, n.sumUnits = len(n.s), n.breaks, n.units
	for _, c := range []*rnode{n.left, n.right} {
		if c != nil {
			n.sumBytes += c.sumBytes
			n.sumBreaks += c.sumBreaks
			n.sumUnits += c.sumUnits
		}
	}
}

func (n *rnode) bytes() int {
	if n == nil {
		return 0
	}
	return n.sumBytes
}

func (n *rnode) lineBreaks() int {
	if n == nil {
		return 0
	}
	return n.sumBreaks
}

// unitsOf returns the subtree's units in the encoding: bytes or UTF-16
// units.
func (n *rnode) unitsOf(enc encoding) int {
	switch {
	case n == nil:
		return 0
	case enc == utf8Bytes:
		return n.sumBytes
	}
	return n.sumUnits
}

func (n *rnode) ownUnits(enc encoding) int {
	if enc == utf8Bytes {
		return len(n.s)
	}
	return n.units
}

// newRope returns the rope of s, in chunks of at most maxChunk bytes. The
// tree is built in one pass over the chunks (a Cartesian tree of their
// priorities, its right spine on a stack), its nodes all new.
func newRope(s string) *rope {
	var spine []*rnode
	for len(s) > 0 {
		k := min(len(s), maxChunk)
		if k < len(s) {
			for k > 0 && !utf8.RuneStart(s[k]) {
				k--
			}
			if k > 0 && s[k-1] == '\r' && s[k] == '\n' {
				k--
			}
			if k == 0 { // not UTF-8: cut anywhere but in a "\r\n"
				k = maxChunk
				if s[k-1] == '\r' && s[k] == '\n' {
					k++
				}
			}
		}
		n := newNode(s[:k])
		var below *rnode
		for len(spine) > 0 && spine[len(spine)-1].pri < n.pri {
			below, spine = spine[len(spine)-1], spine[:len(spine)-1]
		}
		n.left = below
		if len(spine) > 0 {
			spine[len(spine)-1].right = n
		}
		spine = append(spine, n)
		s = s[k:]
	}
	if len(spine) == 0 {
		return &rope{}
	}
	fixTree(spine[0])
	return &rope{spine[0]}
}

// fixTree sums the counts of every node of a new tree, children first.
func fixTree(n *rnode) {
	if n == nil {
		return
	}
	fixTree(n.left)
	fixTree(n.right)
	n.fix()
}

// merge joins two trees, a's text before b's, into a new tree: the nodes
// it changes are copies.
func merge(a, b *rnode) *rnode {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.pri > b.pri:
		c := *a
		c.right = merge(a.right, b)
		c.fix()
		return &c
	}
	c := *b
	c.left = merge(a, b.left)
	c.fix()
	return &c
}

// split cuts a tree at byte offset k: the first k bytes, and the rest, as
// new trees (the nodes it changes are copies).
func split(n *rnode, k int) (*rnode, *rnode) {
	if n == nil {
		return nil, nil
	}
	left := n.left.bytes()
	switch {
	case k <= left:
		if k == 0 && left == 0 && n.left == nil {
			return nil, n
		}
		a, b := split(n.left, k)
		c := *n
		c.left = b
		c.fix()
		return a, &c
	case k >= left+len(n.s):
		if k == n.sumBytes {
			return n, nil
		}
		a, b := split(n.right, k-left-len(n.s))
		c := *n
		c.right = a
		c.fix()
		return &c, b
	}
	// Inside n's chunk: a copy of n keeps the start, a new node of the
	// same priority takes the rest and n's right subtree.
	i := k - left
	m := &rnode{s: n.s[i:], pri: n.pri, right: n.right}
	m.measure()
	m.fix()
	c := *n
	c.s, c.right = n.s[:i], nil
	c.measure()
	c.fix()
	return &c, m
}

// lineBreak returns the end of the l-th line break (l ≥ 1, at most the
// number of breaks) and the break's length.
func (r *rope) lineBreak(l int) (end, size int) {
	n, base := r.root, 0
	for {
		if l <= n.left.lineBreaks() {
			n = n.left
			continue
		}
		l -= n.left.lineBreaks()
		base += n.left.bytes()
		if l <= n.breaks {
			s := n.s
			for i := 0; i < len(s); i++ {
				switch s[i] {
				case '\n':
					l--
					size = 1
					if i > 0 && s[i-1] == '\r' {
						size = 2
					}
				case '\r':
					if i+1 == len(s) || s[i+1] != '\n' {
						l--
						size = 1
					}
				}
				if l == 0 {
					return base + i + 1, size
				}
			}
		}
		l -= n.breaks
		base += len(n.s)
		n = n.right
	}
}

// unitsBefore returns the units, in the encoding, of the text before byte
// offset off (at the start of a character).
func (r *rope) unitsBefore(off int, enc encoding) int {
	if enc == utf8Bytes {
		return off
	}
	n, units := r.root, 0
	for n != nil {
		left := n.left.bytes()
		if off < left {
			n = n.left
			continue
		}
		units += n.left.unitsOf(enc)
		off -= left
		if off < len(n.s) {
			for _, c := range n.s[:off] {
				units++
				if c >= 0x10000 {
					units++
				}
			}
			return units
		}
		units += n.units
		off -= len(n.s)
		n = n.right
	}
	return units
}

// atUnits returns the byte offset of the start of the character that
// holds the unit u (in the encoding) of the text, or the end of the text
// for a unit past it.
func (r *rope) atUnits(u int, enc encoding) int {
	n, off := r.root, 0
	for n != nil {
		left := n.left.unitsOf(enc)
		if u < left {
			n = n.left
			continue
		}
		u -= left
		off += n.left.bytes()
		if u < n.ownUnits(enc) {
			for i := 0; ; {
				c, size := utf8.DecodeRuneInString(n.s[i:])
				w := size
				if enc == utf16 {
					w = 1
					if c >= 0x10000 {
						w = 2
					}
				}
				if u < w {
					return off + i
				}
				u -= w
				i += size
			}
		}
		u -= n.ownUnits(enc)
		off += len(n.s)
		n = n.right
	}
	return off
}

// offset returns the byte offset of a position, as text.offset does.
func (r *rope) offset(pos p.Position, enc encoding) int {
	l, breaks, size := int(pos.Line), r.root.lineBreaks(), r.root.bytes()
	if l > breaks {
		return size
	}
	start, end := 0, size
	if l > 0 {
		start, _ = r.lineBreak(l)
	}
	if l < breaks {
		e, n := r.lineBreak(l + 1)
		end = e - n
	}
	target := r.unitsBefore(start, enc) + int(pos.Character)
	if target >= r.unitsBefore(end, enc) {
		return end
	}
	return r.atUnits(target, enc)
}

// replace returns the rope with the bytes [start, end) replaced by s.
func (r *rope) replace(start, end int, s string) *rope {
	a, rest := split(r.root, start)
	_, c := split(rest, end-start)
	// Keep each "\r\n" in one chunk: a "\r" that ends what comes before,
	// and a "\n" that starts what comes after, join the new text.
	if a != nil && lastByte(a) == '\r' {
		a, _ = split(a, a.bytes()-1)
		s = "\r" + s
	}
	if c != nil && firstByte(c) == '\n' {
		_, c = split(c, 1)
		s += "\n"
	}
	return &rope{merge(merge(a, newRope(s).root), c)}
}

func lastByte(n *rnode) byte {
	for n.right != nil {
		n = n.right
	}
	return n.s[len(n.s)-1]
}

func firstByte(n *rnode) byte {
	for n.left != nil {
		n = n.left
	}
	return n.s[0]
}

// String returns the text.
func (r *rope) String() string {
	var b strings.Builder
	b.Grow(r.root.bytes())
	var walk func(n *rnode)
	walk = func(n *rnode) {
		for n != nil {
			walk(n.left)
			b.WriteString(n.s)
			n = n.right
		}
	}
	walk(r.root)
	return b.String()
}
