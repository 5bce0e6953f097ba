package runner

import "github.com/urilint/urilint/extract"

// The memory policy of a run. The collector's soft limit (see
// Input.SoftLimit) follows the documents the workers hold, so that it
// bounds the heap by a constant times the input without ever falling
// below what a large document needs (where a fixed limit had the collector
// run without pause once a document's live heap neared it); and
// a worker about to process a large document waits while the others hold
// enough (maxHeldWeight), whatever -j says, so that memory does not grow
// with -j either. The file whose output is being written never waits:
// the others may be waiting for it.
const (
	// countFrom is the weight from which a document counts: smaller ones
	// (most files) cost no accounting, and at most jobs of them are held.
	countFrom = 4 << 20
	// maxHeldWeight is the weight of the documents held, together, past
	// which a worker waits before taking a large one (one is always
	// taken: the run goes on whatever a file's size).
	maxHeldWeight = 256 << 20
	// LimitFloor and LimitPerWeight make the soft limit a run asks for:
	// LimitFloor plus LimitPerWeight times the weight of the documents
	// held. The weights are the memory each document's processing holds
	// (about), so the collector always has LimitFloor of room above what
	// is live. Three times the weight took the same CPU time, in paired
	// runs, for more memory: -j 32 on 32 Markdown files of 1.9 MB 550 MB
	// against 490 to 500 MB, a 64 MB Markdown file 456 to 477 MB against
	// 331 MB, a line of 100 MB 528 MB against 349 MB.
	LimitFloor     = 256 << 20
	LimitPerWeight = 1
)

// treeWeight is about the memory goldmark's syntax tree of a Markdown
// document holds, per byte of the document.
const treeWeight = 10

// weight is about the memory that processing a document of format f and
// size bytes read whole holds at its peak, the document included: a
// Markdown document checked in parts, its bytes and the syntax trees of
// the parts checked at once, each weighed as the largest (about ten times
// the part); one read whole, its tree, about ten times its size; HTML and
// XML, whose walkers hold no tree, their decoded values and candidates;
// text, its candidates.
func weight(f extract.Format, size int, parts *docParts) int64 {
	n := int64(size)
	switch {
	case f == extract.FormatMarkdown && parts != nil:
		return n + treeWeight*int64(parts.largest)*int64(parts.jobs)
	case f == extract.FormatMarkdown:
		return 12 * n
	case f == extract.FormatText:
		return 2 * n
	default:
		return 4 * n
	}
}

// hold counts a document of weight w as held by the sink's file, once
// the others hold little enough that it may be (see maxHeldWeight), and
// returns the function that gives it back. A document under countFrom is
// not counted.
func (s *sink) hold(w int64) (release func()) {
	p := s.p
	if w < countFrom || p == nil {
		return func() {}
	}
	p.mu.Lock()
	for !s.head && p.weight > 0 && p.weight+w > maxHeldWeight {
		p.cond.Wait()
	}
	p.weight += w
	p.softLimit()
	p.mu.Unlock()
	return func() {
		p.mu.Lock()
		p.weight -= w
		p.softLimit()
		p.mu.Unlock()
		p.cond.Broadcast()
	}
}

// grow counts the window of a document read in windows, which grows until
// it holds a place to cut (one line, in the end), at its largest so far:
// it never waits, since the document is under way. A window weighs its
// size: its candidates are passed on as they are found. (Twice its size
// made the limit 1 GiB for a line of 100 MB, whose run peaked at 806 MB
// against 265 MB, in the same time.)
func (s *sink) grow(w int64, held *int64) {
	p := s.p
	if w <= *held || w < countFrom || p == nil {
		return
	}
	p.mu.Lock()
	p.weight += w - *held
	*held = w
	p.softLimit()
	p.mu.Unlock()
}

// drop gives back what grow counted.
func (s *sink) drop(held *int64) {
	p := s.p
	if *held == 0 || p == nil {
		return
	}
	p.mu.Lock()
	p.weight -= *held
	*held = 0
	p.softLimit()
	p.mu.Unlock()
	p.cond.Broadcast()
}

// softLimit asks for the soft limit that the weight held calls for. Called
// with p.mu held.
func (p *pipeline) softLimit() {
	if p.setLimit != nil {
		p.setLimit(LimitFloor + LimitPerWeight*p.weight)
	}
}
