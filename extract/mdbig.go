package extract

import (
	"bytes"
	"math"
	"sync"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// goldmark parses the inlines of every block before it hands back the
// document, and keeps a node (about 100 bytes) for each line of a
// paragraph, more for each piece of markup: one paragraph of 8 MiB with
// markup on its lines, or lines that do not start with a letter (which
// mdplain.go leaves to the parse), took 50 to 80 times its size. A big
// paragraph (minBigParagraph bytes or more) is therefore left raw by the
// parse: goldmark finds its lines, as for any paragraph, and bigParagraphs
// puts them in a bigParagraph node, whose inlines goldmark does not parse.
// The walker parses them later, a piece of lines at a time (pieceParser),
// walking each piece's inlines and dropping them before the next: the
// paragraph's lines are the same segments, read by the same inline
// parsers, so a piece's inlines are the paragraph's, but for what
// reaches from one line into the next. A piece therefore ends only where
// nothing can (bigCuts):
//   - in a paragraph past maxInlineWork, which inlineLimit reads as text,
//     what reaches over a line is an HTML comment (read as such for its
//     suppression directives) and the escape of a line ending in "\"; a
//     piece ends at a line that ends in no "\", after which no "<!--" is
//     open;
//   - in any other paragraph (its markup characters, if any, few:
//     overInlineWork), a piece ends only before its first line that holds
//     one of them (a code span, link, emphasis or raw HTML tag may reach
//     from there to the end): at most 1 MiB of lines is then parsed whole.
//
// Its candidates are handed over after the parse's (see markdown), in
// order; its comments and targets, which the walker reports as it reads,
// in a first reading during the walk, where the document's other comments
// and targets are reported (walkBig). FuzzMarkdownBig holds the two
// readings to the same candidates, comments and targets.

// minBigParagraph is the size from which a paragraph is read in pieces (the
// tests read every paragraph of two lines or more so, and none).
const minBigParagraph = 64 << 10

// bigPieceSize is about how many bytes of lines a piece holds.
const bigPieceSize = 32 << 10

// mdLimits are the sizes from which the walker reads a paragraph itself
// (plain, see mdplain.go) or in pieces (big, of about piece bytes each).
type mdLimits struct{ plain, big, piece int }

// defaultLimits are the limits of every document's reading.
var defaultLimits = mdLimits{minPlainParagraph, minBigParagraph, bigPieceSize}

// bigParagraph is a paragraph whose inlines goldmark does not parse: over
// holds whether inlineLimit reads them as text.
type bigParagraph struct {
	ast.BaseBlock
	over bool
}

var kindBigParagraph = ast.NewNodeKind("BigParagraph")

func (*bigParagraph) Kind() ast.NodeKind           { return kindBigParagraph }
func (*bigParagraph) IsRaw() bool                  { return true }
func (n *bigParagraph) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// bigKey holds, in a parse's context, the size from which bigParagraphs
// takes a paragraph (none when unset).
var bigKey = parser.NewContextKey()

// bigParagraphs is the paragraph transformer that goes after goldmark's
// (tables and link reference definitions take theirs first): it puts a
// big paragraph's lines in a bigParagraph. A list item's paragraph that
// starts with "[" stays (goldmark's task list box is read at its start),
// as does one closed by a setext heading's bar (goldmark makes a heading
// of it, when no transformer took it).
type bigParagraphs struct{}

func (bigParagraphs) Transform(p *ast.Paragraph, r text.Reader, pc parser.Context) {
	min, _ := pc.Get(bigKey).(int)
	lines := p.Lines()
	if min <= 0 || lines.Len() < 2 || lines.At(lines.Len()-1).Stop-lines.At(0).Start < min {
		return
	}
	if line, _ := r.PeekLine(); setextBar(line) {
		return // goldmark is making a heading of it (a bar under a paragraph closes it first)
	}
	src := r.Source()
	parent := p.Parent()
	if _, ok := parent.(*ast.ListItem); ok && src[lines.At(0).Start] == '[' {
		return
	}
	// goldmark closes a paragraph after its transformers, and not one they
	// took: its lines are trimmed here as its parser's Close trims them.
	for i := range lines.Len() {
		l := lines.At(i)
		lines.Set(i, l.TrimLeftSpace(src))
	}
	last := lines.At(lines.Len() - 1)
	lines.Set(lines.Len()-1, last.TrimRightSpace(src))
	n := &bigParagraph{over: overInlineWork(src, lines)}
	n.SetLines(lines)
	parent.ReplaceChild(parent, p, n)
}

// setextBar reports whether line is a setext heading's underline: up to
// three spaces, a run of "=" or of "-", and whitespace (CommonMark 4.3).
func setextBar(line []byte) bool {
	line = bytes.TrimRight(line, " \t\r\n")
	i := 0
	for i < len(line) && i < 3 && line[i] == ' ' {
		i++
	}
	if i == len(line) || line[i] != '=' && line[i] != '-' {
		return false
	}
	for _, c := range line[i:] {
		if c != line[i] {
			return false
		}
	}
	return true
}

// pieceKey holds, in a parse of pieceParser, the piece it parses.
var pieceKey = parser.NewContextKey()

type pieceState struct {
	lines *text.Segments
	over  bool
}

// pieceBlock is pieceParser's only block parser: at the first line it
// reads, it opens a paragraph of the piece's lines and reads no further.
type pieceBlock struct{}

func (pieceBlock) Trigger() []byte { return nil }

func (pieceBlock) Open(_ ast.Node, r text.Reader, pc parser.Context) (ast.Node, parser.State) {
	st := pc.Get(pieceKey).(*pieceState)
	p := ast.NewParagraph()
	p.SetLines(st.lines)
	pc.Set(inlineLimitKey, &inlineLimitState{block: p, over: st.over})
	end := len(r.Source())
	line, _ := r.Position()
	r.SetPosition(line, text.NewSegment(end, end))
	return p, parser.NoChildren
}

func (pieceBlock) Continue(ast.Node, text.Reader, parser.Context) parser.State { return parser.Close }
func (pieceBlock) Close(ast.Node, text.Reader, parser.Context)                 {}
func (pieceBlock) CanInterruptParagraph() bool                                 { return false }
func (pieceBlock) CanAcceptIndentedLine() bool                                 { return true }

// pieceParser parses the inlines of a piece of a big paragraph with the
// inline parsers of markdownParser, and nothing else.
var pieceParser = sync.OnceValue(func() parser.Parser {
	inlines := append(parser.DefaultInlineParsers(),
		util.Prioritized(extension.NewStrikethroughParser(), 500),
		util.Prioritized(footnoteReferences{}, 101),
		util.Prioritized(mathSpans{}, 150),
		util.Prioritized(inlineLimit{}, -1))
	return parser.NewParser(parser.WithBlockParsers(util.Prioritized(pieceBlock{}, 0)),
		parser.WithInlineParsers(inlines...))
})

// bigCuts calls piece with each piece of the lines of n, a big paragraph
// of src, in order: [a, b) of its lines, about size bytes each where
// they may end (see above).
func bigCuts(src []byte, n *bigParagraph, size int, piece func(a, b int)) {
	lines := n.Lines()
	a, from, open := 0, lines.At(0).Start, false
	for i := range lines.Len() {
		seg := lines.At(i)
		line := src[seg.Start:seg.Stop]
		if !n.over && bytes.ContainsAny(line, "*_~`[]<") {
			break // the rest is one piece
		}
		if n.over {
			open = commentOpen(line, open)
		}
		if seg.Stop-from >= size && i+1 < lines.Len() && !open && !endsInBackslash(line) {
			piece(a, i+1)
			a, from = i+1, lines.At(i+1).Start
		}
	}
	piece(a, lines.Len())
}

// commentOpen reports whether an HTML comment may be open after line,
// given whether one was before it: it may be from a "<!--" on to the next
// "-->" (more often than goldmark reads one, never less).
func commentOpen(line []byte, open bool) bool {
	for {
		if open {
			i := bytes.Index(line, []byte("-->"))
			if i < 0 {
				return true
			}
			line, open = line[i+3:], false
			continue
		}
		i := bytes.Index(line, openComment)
		if i < 0 {
			return false
		}
		line, open = line[i+len(openComment):], true
	}
}

// endsInBackslash reports whether line, without its line break, ends in
// "\" (an escape goldmark may carry to the next line).
func endsInBackslash(line []byte) bool {
	line = bytes.TrimRight(line, "\r\n")
	return len(line) > 0 && line[len(line)-1] == '\\'
}

// walkBig walks the big paragraph n in pieces with w, a walker of its own
// (whose options say what it reports), parsing them in pc, the context
// of the document's parse (its link reference definitions). With emit,
// it calls emit with the paragraph's candidates in order; without, it
// drops them.
func walkBig(w *mdWalker, pc parser.Context, n *bigParagraph, size int, emit func(*Candidate)) {
	if emit == nil {
		emit = func(*Candidate) {}
	}
	w.emit = emit
	lines := n.Lines()
	p := pieceParser()
	var piece text.Segments
	bigCuts(w.src, n, size, func(a, b int) {
		end := lines.At(b - 1).Stop
		piece.Clear()
		piece.AppendAll(lines.Sliced(a, b))
		ppc := pieceContext(pc)
		ppc.Set(pieceKey, &pieceState{lines: &piece, over: n.over})
		first := lines.At(a)
		r := text.NewReader(w.src[:end])
		// At the piece's first line, with the line's start there (the
		// reader counts columns from it).
		r.SetPosition(0, text.NewSegment(first.Start, first.Start))
		r.AdvanceLine()
		root := p.Parse(r, parser.WithContext(ppc))
		for c := root.FirstChild().FirstChild(); c != nil; c = c.NextSibling() {
			_ = ast.Walk(c, w.visit)
		}
		// What a later piece may still add starts at or after the run of
		// text left open (or the piece's end).
		bound := end
		if w.inRun {
			bound = min(bound, w.runStart)
		}
		w.drain(bound)
	})
	w.flush()
	w.drain(math.MaxInt)
}

// pieceContext returns a parse context for a piece of a big paragraph
// whose document was parsed in pc: its link reference definitions and
// footnotes, and nothing of the parses before. goldmark keeps in a
// context where its search for a raw HTML closer ("-->") failed, up to the
// end of the source it was given: a piece's source ends at the piece, and
// the walk reads each piece twice when it reports comments, so a failure
// kept from another parse would make it read a comment that closes as
// text (found by FuzzMarkdownBig: "0<!--A://0-->\n0<!--").
func pieceContext(pc parser.Context) parser.Context {
	ppc := parser.NewContext()
	for _, r := range pc.References() {
		ppc.AddReference(r)
	}
	if m := pc.Get(footnoteLabels); m != nil {
		ppc.Set(footnoteLabels, m)
	}
	return ppc
}

// bigHolds reports whether a line of n, a big paragraph of src, holds b.
func bigHolds(src []byte, n *bigParagraph, b []byte) bool {
	lines := n.Lines()
	for i := range lines.Len() {
		if seg := lines.At(i); bytes.Contains(src[seg.Start:seg.Stop], b) {
			return true
		}
	}
	return false
}
