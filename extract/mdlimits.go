package extract

import (
	"bytes"
	"reflect"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// goldmark takes more than linear time on some Markdown that no document
// writes but anyone can (CommonMark's pathological inputs): thousands of
// emphasis markers, brackets or unclosed links in one paragraph, thousands
// of link reference definitions in a row, lists nested thousands deep. The
// walker bounds each, so that its time stays linear in the document, in
// ways that do not change what is found in documents people write:
//
//   - a paragraph, heading or table cell with much markup for its length is
//     read as plain text, its escapes and character references decoded
//     (maxInlineWork, inlineLimit);
//   - link reference definitions in a row are parsed maxDefinitionRun lines
//     at a time (definitionRuns);
//   - block quotes and list items nest at most maxNesting deep
//     (flattenNesting for the markers of one line, nestingLimit across
//     lines);
//   - a long run of blank lines, inside block quotes or not, is read as
//     its first few (mergeBlankRuns).
//
// Footnotes, which goldmark's extension reads in quadratic time, are read
// by mdfootnotes.go.

// maxInlineWork bounds the markup a paragraph, heading or table cell may
// hold for its emphasis, links, code spans and raw HTML to be parsed: its
// markup characters ("*", "_", "~", "`", "[", "]" and "<") times its length
// in bytes. goldmark's time on a block grows with that product (each "["
// of an unclosed link, each "`" of an unclosed code span looks for its end
// to the end of the block), so a block past the bound is read as plain
// text, its escapes and character references decoded, its HTML comments
// read as such. The bound allows
// 1,000 markup characters in a block of 1 KB, 100 in one of 10 KB; the
// most in a block of 1,900 real documents (design documents and
// documentation sites, 30 MB) is 88, and the largest product a twelfth of
// the bound.
const maxInlineWork = 1 << 20

// inlineLimit is an inline parser that goes before goldmark's own: in a
// block past maxInlineWork, it takes each markup character and the rest of
// its line as text, so that goldmark's parsers never see the block's
// markup, but for HTML comments: goldmark reads those in linear time, and
// a suppression comment is one.
type inlineLimit struct{}

// inlineLimitKey holds, in a parse's context, the last block inlineLimit
// looked at and whether it is past the bound.
var inlineLimitKey = parser.NewContextKey()

type inlineLimitState struct {
	block ast.Node
	over  bool
}

func (inlineLimit) Trigger() []byte { return []byte{'*', '_', '~', '`', '[', ']', '!', '<'} }

func (inlineLimit) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	st, _ := pc.Get(inlineLimitKey).(*inlineLimitState)
	if st == nil {
		st = &inlineLimitState{}
		pc.Set(inlineLimitKey, st)
	}
	if st.block != parent {
		st.block, st.over = parent, overInlineWork(block.Source(), parent.Lines())
	}
	if !st.over {
		return nil
	}
	src := block.Source()
	line, seg := block.PeekLine()
	if bytes.HasPrefix(src[seg.Start:seg.Stop], openComment) {
		return nil // comments are still read, suppression comments among them
	}
	stop := seg.Stop
	if stop > seg.Start && src[stop-1] == '\n' {
		stop-- // the line end is goldmark's to read
	}
	if k := bytes.Index(src[seg.Start+1:stop], openComment); k >= 0 {
		stop = seg.Start + 1 + k
	}
	block.Advance(len(line) - (seg.Stop - stop))
	return ast.NewTextSegment(text.NewSegment(seg.Start, stop))
}

var openComment = []byte("<!--")

// overInlineWork reports whether the block of lines is past
// maxInlineWork.
func overInlineWork(src []byte, lines *text.Segments) bool {
	size := 0
	for i := range lines.Len() {
		seg := lines.At(i)
		size += seg.Stop - seg.Start
	}
	limit := maxInlineWork / max(size, 1) // markup characters allowed
	if size <= limit {
		return false // a block of 1 KB or less (most) holds no more than it may
	}
	n := 0
	for i := range lines.Len() {
		seg := lines.At(i)
		for _, c := range src[seg.Start:seg.Stop] {
			if c == '*' || c == '_' || c == '~' || c == '`' || c == '[' || c == ']' || c == '<' {
				if n++; n > limit {
					return true
				}
			}
		}
	}
	return false
}

// maxDefinitionRun is how many lines of a paragraph goldmark's link
// reference definition parser is given at a time: it takes time in the
// square of the lines that follow the definitions it finds.
const maxDefinitionRun = 64

// definitionRuns is a paragraph transformer that goes before goldmark's
// link reference definition parser. In a paragraph of more lines than
// maxDefinitionRun, it has the definitions at its start parsed a run of
// lines at a time, each run as a paragraph of its own put before it, until
// a run starts with a line that no definition starts on. What is left of
// the paragraph is goldmark's as usual.
type definitionRuns struct{}

func (definitionRuns) Transform(node *ast.Paragraph, reader text.Reader, pc parser.Context) {
	lines := node.Lines()
	n := lines.Len()
	if n <= maxDefinitionRun {
		return
	}
	all := lines.Sliced(0, n)
	done := 0
	for done < n {
		part := ast.NewParagraph()
		part.SetBlankPreviousLines(done == 0 && node.HasBlankPreviousLines())
		size := min(maxDefinitionRun, n-done)
		run := text.NewSegments()
		run.AppendAll(all[done : done+size])
		part.SetLines(run)
		node.Parent().InsertBefore(node.Parent(), node, part)
		parser.LinkReferenceParagraphTransformer.Transform(part, reader, pc)
		left := 0
		if part.Parent() != nil { // not all definitions: what is left goes back
			left = part.Lines().Len()
			part.Parent().RemoveChild(part.Parent(), part)
		}
		used := size - left
		if used == 0 {
			break
		}
		done += used
	}
	if done == n {
		node.Parent().RemoveChild(node.Parent(), node)
		return
	}
	rest := text.NewSegments()
	rest.AppendAll(all[done:])
	node.SetLines(rest)
}

// nestingLimit wraps goldmark's block quote and list parsers: where
// block quotes and list items already nest maxNesting deep, it opens no
// other, and the marker is read as what else it can be (text, mostly).
// goldmark's time for each line grows with the square of the containers
// open around it; flattenNesting bounds the containers a single line opens,
// this the containers lines open one inside the other.
type nestingLimit struct{ parser.BlockParser }

func (b nestingLimit) Open(parent ast.Node, reader text.Reader, pc parser.Context) (ast.Node, parser.State) {
	depth := 0
	for n := parent; n != nil; n = n.Parent() {
		if k := n.Kind(); k == ast.KindBlockquote || k == ast.KindListItem {
			depth++
		}
	}
	if depth >= maxNesting {
		return nil, parser.NoChildren
	}
	return b.BlockParser.Open(parent, reader, pc)
}

// blockParsers are goldmark's block parsers, the block quote and list
// parsers wrapped in nestingLimit.
func blockParsers() []util.PrioritizedValue {
	wrap := map[reflect.Type]bool{
		reflect.TypeOf(parser.NewBlockquoteParser()): true,
		reflect.TypeOf(parser.NewListParser()):       true,
	}
	ps := parser.DefaultBlockParsers()
	for i, p := range ps {
		if wrap[reflect.TypeOf(p.Value)] {
			ps[i].Value = nestingLimit{p.Value.(parser.BlockParser)}
		}
	}
	return ps
}

// maxBlankRun is how many lines in a row that hold nothing but whitespace
// and block quote markers goldmark reads as they are: mergeBlankRuns makes
// the rest of the run one line with the last of them.
const maxBlankRun = 8

// mergeBlankRuns reports whether doc has more than maxBlankRun lines in a
// row that hold nothing but whitespace and block quote markers: blank
// lines, inside block quotes or not. goldmark takes time and memory for
// each such line in the number of containers open around it, and keeps
// that memory until they all close (a list item then a million blank
// lines: a second and 250 MB; a list 16 deep in a block quote, then 500 KB
// of lines ">" and " >": 3.3 s and 790 MB), while other lines that stay in
// as many containers are longer. When fix is a copy of doc, it makes the lines of
// such a run past the first maxBlankRun part of the last of those there:
// they become spaces, with the line ends before them. A run holds no text:
// what the lines past the first few could change is which block quotes and
// lists the text after the run is in, not what that text is. Offsets do
// not change.
func mergeBlankRuns(doc, fix []byte) bool {
	found := false
	run := 0 // how many such lines in a row end at the previous line
	for i := 0; i < len(doc); {
		end := len(doc)
		if nl := bytes.IndexByte(doc[i:], '\n'); nl >= 0 {
			end = i + nl
		}
		blank := end < len(doc)
		for _, c := range doc[i:end] {
			if c != ' ' && c != '\t' && c != '>' && c != '\r' {
				blank = false
				break
			}
		}
		switch {
		case !blank:
			run = 0
		case run < maxBlankRun:
			run++
		default:
			found = true
			if fix == nil {
				return true
			}
			// This line, with the line end before it, joins the previous.
			for x := i - 1; x < end; x++ {
				fix[x] = ' '
			}
		}
		i = end + 1
	}
	return found
}

// needsCopy is flattenNesting(doc, nil) and mergeBlankRuns(doc, nil), in
// one pass over the lines of doc: what the walker asks of every document.
func needsCopy(doc []byte) (deep, blanks bool) {
	run := 0
	for i := 0; i < len(doc); {
		depth, j := 0, i
		for !deep {
			k, m := nextMarker(doc, j)
			if m == 0 {
				break
			}
			if depth++; depth > maxNesting {
				deep = true
			}
			j = k + m
		}
		end := len(doc)
		if nl := bytes.IndexByte(doc[j:], '\n'); nl >= 0 {
			end = j + nl
		}
		blank := end < len(doc)
		for _, c := range doc[i:end] {
			if c != ' ' && c != '\t' && c != '>' && c != '\r' {
				blank = false
				break
			}
		}
		if !blank {
			run = 0
		} else if run++; run > maxBlankRun {
			blanks = true
		}
		if deep && blanks {
			break
		}
		i = end + 1
	}
	return deep, blanks
}
