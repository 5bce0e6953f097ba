package extract

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/extract/grammar"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Display math in Markdown, "$$" on a line, TeX, then "$$" (GitHub since
// 2022, remark-math as Docusaurus and MkDocs' arithmatex use it, MyST's
// dollarmath, Jupyter, pandoc, Quarto), is no prose: a renderer hands it to
// MathJax or KaTeX before it looks for links, so "w[0](\zeta)" in it is a
// polynomial at ζ, not a link to "\zeta" (proof-systems' book, held-out
// set 139: 159 reports, all inside such blocks). The walker reads no
// candidate in it, as in a fenced code block.
//
// A block opens at a line that starts, after at most three spaces (as a
// fence), with "$$", and ends at the first line after it whose text starts
// or ends with "$$" (remark-math wants "$$" alone there, MyST allows an
// equation's label after it, "$$ (eq:price)", and pandoc TeX before it).
// A line that holds both, "$$ x^2 $$", is a block by itself. "$$" that no
// line closes within maxMathBytes opens nothing, as a plain-text fence no
// line closes (a shell's "$$", its process ID, at the start of a line of
// prose): the text after it stays prose. Finding the closer looks ahead, at
// whole lines only; mathClear remembers how far the last look found no
// closer, so that a document of openers is read once.

// kindMathBlock is the kind of mathBlock nodes.
var kindMathBlock = ast.NewNodeKind("MathBlock")

// mathBlock is a block of display math.
type mathBlock struct {
	ast.BaseBlock
	closed bool // its last line was read: the next line is no part of it
}

func (*mathBlock) Kind() ast.NodeKind              { return kindMathBlock }
func (n *mathBlock) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }
func (*mathBlock) IsRaw() bool                     { return true }

// maxMathBytes bounds how far after its opening line a block of display
// math is looked for its closing line.
const maxMathBytes = 64 << 10

// mathClear holds, in a parse's context, the offset up to which the last
// look for a closing line found none (see mathCloser).
var mathClear = parser.NewContextKey()

// mathBlocks parses blocks of display math.
type mathBlocks struct{}

func (mathBlocks) Trigger() []byte { return []byte{'$'} }

func (mathBlocks) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	line, seg := reader.PeekLine()
	pos := pc.BlockOffset()
	if pos < 0 || pos+1 >= len(line) || line[pos] != '$' || line[pos+1] != '$' {
		return nil, parser.NoChildren
	}
	n := &mathBlock{}
	if rest := util.TrimRightSpace(line[pos+2:]); len(rest) >= 2 && bytes.HasSuffix(rest, []byte("$$")) {
		n.closed = true // "$$ x^2 $$"
	} else if !mathCloser(reader.Source(), seg.Stop, pc) {
		return nil, parser.NoChildren
	}
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	return n, parser.NoChildren
}

func (mathBlocks) Continue(node ast.Node, reader text.Reader, pc parser.Context) parser.State {
	n := node.(*mathBlock)
	if n.closed {
		return parser.Close
	}
	line, seg := reader.PeekLine()
	n.Lines().Append(seg)
	reader.AdvanceToEOL()
	n.closed = mathFence(line)
	return parser.Continue | parser.NoChildren
}

func (mathBlocks) Close(ast.Node, text.Reader, parser.Context) {}
func (mathBlocks) CanInterruptParagraph() bool                 { return true }
func (mathBlocks) CanAcceptIndentedLine() bool                 { return false }

// mathCloser reports whether a line after src[from] (the end of an opening
// line), whole within maxMathBytes, closes a block of display math (see
// mathFence): Continue reads the same lines with the same test, so the
// block ends there, or earlier at a line the look skipped. The stretch it
// finds none in is remembered in pc: a later opening line looks on from
// its end, past the line the stretch ends in (a closer there is missed,
// and the block opens nothing: its text stays prose).
func mathCloser(src []byte, from int, pc parser.Context) bool {
	limit := min(len(src), from+maxMathBytes)
	i := from
	if clear, ok := pc.Get(mathClear).(int); ok && clear > i {
		// On from where the last look stopped: past the line it stopped
		// in, which that look saw only in part.
		i = clear
		if src[i-1] != '\n' {
			k := bytes.IndexByte(src[i:limit], '\n')
			if k < 0 {
				i = limit
			} else {
				i += k + 1
			}
		}
	}
	for i < limit {
		j := bytes.IndexByte(src[i:limit], '\n')
		if j < 0 && limit < len(src) {
			break // a line cut by the limit: only its start is looked at, which closes nothing
		}
		if j < 0 {
			j = limit - i
		}
		if mathFence(src[i : i+j]) {
			return true
		}
		i += j + 1
	}
	pc.Set(mathClear, limit)
	return false
}

// mathFence reports whether line (block quote markers aside) closes a block
// of display math: it starts with "$$" (MyST writes an equation's label
// after it, "$$ (eq:price)") or ends with "$$".
func mathFence(line []byte) bool {
	t := bytes.TrimRight(bytes.TrimLeft(line, " \t>"), " \t\r\n")
	return bytes.HasPrefix(t, []byte("$$")) || bytes.HasSuffix(t, []byte("$$"))
}

// firstMathOpener returns the offset of the first line of doc that may open
// a block of display math: its text, after any spaces, tabs and block quote
// markers, starts with "$$"; or len(doc). Whether such a line opens one
// depends on the containers and code blocks around it and on the lines
// after it, and a block runs across blank lines: MarkdownSplits makes no
// cut from that line on, so that no part starts inside a block or with
// its closer, whatever the reading. (A paragraph that plainParagraphs
// reads is 64 KiB at least, the most a block spans: none is inside one.)
func firstMathOpener(doc []byte) int {
	for i := 0; i < len(doc); {
		j := bytes.IndexByte(doc[i:], '\n')
		if j < 0 {
			j = len(doc) - i
		}
		if bytes.HasPrefix(bytes.TrimLeft(doc[i:i+j], " \t>"), []byte("$$")) {
			return i
		}
		i += j + 1
	}
	return len(doc)
}

// Inline math, "$...$" (and "$$...$$" inside a line), is no prose either:
// "$[b]([a]G)$" is a scalar multiplication, "$\mathbb{E}[x](\cdot)$" an
// expectation, not links (MyST's dollarmath in mitiq's guide, held-out set
// 145; proof-systems' book, set 139). The rules are pandoc's, which
// remark-math and MyST follow closely: the opener has a non-space
// character after it, the closer a non-space character before it (not a
// backslash) and no digit after it, so "between $5 and $10" holds no math.
// Two more keep a bare URI whole: the opener follows no letter, digit or
// character of a URI's path ("https://example.com/$VERSION/x-$ARCH.tgz"),
// and math ends on the line it starts on (a paragraph's later lines are
// not looked at: math across lines is rare, a "$" at each line's end of a
// price list is not).

// kindMathInline is the kind of mathInline nodes.
var kindMathInline = ast.NewNodeKind("MathInline")

// mathInline is a span of inline math.
type mathInline struct{ ast.BaseInline }

func (*mathInline) Kind() ast.NodeKind              { return kindMathInline }
func (n *mathInline) Dump(source []byte, level int) { ast.DumpHelper(n, source, level, nil, nil) }

// mathInlineClear holds, in a parse's context, a *[2]mathLineClear: for
// "$" and for "$$", the stretch of a line (to its end, or to the "]" that
// ends a link's text) in which the last look for a closer found none
// after the opener. No later opener in it has one either, for a closer
// does not depend on its opener: a line of openers is read once.
var mathInlineClear = parser.NewContextKey()

// mathLineClear is the part src[from:to] of a line with no closer in it.
type mathLineClear struct{ from, to int }

// mathSpans parses spans of inline math.
type mathSpans struct{}

func (mathSpans) Trigger() []byte { return []byte{'$'} }

func (mathSpans) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	if p := block.PrecendingCharacter(); p < utf8.RuneSelf && (grammar.IsAlnum(byte(p)) || strings.IndexByte("/-._~:?#@&=+%$\\", byte(p)) >= 0) {
		return nil
	}
	line, seg := block.PeekLine()
	width := 1
	if len(line) > 1 && line[1] == '$' {
		width = 2
	}
	if len(line) <= width || line[width] == ' ' || line[width] == '\t' || line[width] == '\n' || line[width] == '\r' || line[width] == '$' {
		return nil
	}
	clear, _ := pc.Get(mathInlineClear).(*[2]mathLineClear)
	if clear == nil {
		clear = &[2]mathLineClear{}
		pc.Set(mathInlineClear, clear)
	}
	if c := clear[width-1]; seg.Start >= c.from && seg.Start < c.to {
		return nil
	}
	look := line
	if pc.IsInLinkLabel() {
		// In a link's text, math ends before the text does: "[a $' b](#c-$')"
		// holds none (vim-markdown-toc's tests, held-out set 100).
		if k := bytes.IndexByte(line, ']'); k >= 0 {
			look = line[:k]
		}
	}
	end := mathInlineCloser(look, width)
	if end < 0 {
		clear[width-1] = mathLineClear{seg.Start, seg.Start + len(look)}
		return nil
	}
	block.Advance(end)
	n := &mathInline{}
	n.AppendChild(n, ast.NewTextSegment(text.NewSegment(seg.Start, seg.Start+end)))
	return n
}

// mathInlineCloser returns the length of the span of inline math that
// line, which starts with an opener of width bytes ("$" or "$$"), starts,
// closer included; or -1 if no closer follows on the line.
func mathInlineCloser(line []byte, width int) int {
	closer := []byte("$$"[:width])
	for i := width + 1; i+width <= len(line); {
		k := bytes.Index(line[i:], closer)
		if k < 0 {
			return -1
		}
		c := i + k
		before := line[c-1]
		after := byte(' ')
		if c+width < len(line) {
			after = line[c+width]
		}
		if before != ' ' && before != '\t' && before != '\\' && !grammar.IsDigit(after) {
			return c + width
		}
		i = c + 1
	}
	return -1
}
