package extract

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	extast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Footnotes (GFM, PHP Markdown Extra) are parsed with goldmark's block
// parser for definitions ("[^label]: text"), but not with the rest of its
// footnote extension, which takes time in the square of the footnotes: its
// inline parser looks each reference ("[^label]") up by walking the list of
// definitions from its start, and its AST transformer sorts that list by
// insertion (40,000 footnotes in 1.3 MB took 65 s). Here a reference is
// looked up in a map from label to definition (footnoteReferences), filled
// as each definition closes (footnoteDefinitions), and there is no
// transformer: it only numbered the backlinks, dropped the definitions
// nothing refers to (whose text the walker reads all the same) and moved
// the list to the end of the document, none of which changes what the
// walker finds. A label refers to the first definition of it to close, as
// in goldmark's list.

// footnoteLabels holds, in a parse's context, the map from a footnote
// label to its definition.
var footnoteLabels = parser.NewContextKey()

// footnoteMap returns the parse's map of footnote labels, made on first use.
func footnoteMap(pc parser.Context) map[string]*extast.Footnote {
	m, _ := pc.Get(footnoteLabels).(map[string]*extast.Footnote)
	if m == nil {
		m = map[string]*extast.Footnote{}
		pc.Set(footnoteLabels, m)
	}
	return m
}

// footnoteDefinitions is goldmark's footnote definition parser that, as a
// definition closes (goldmark's Close moves it into the list of
// definitions), records it under its label unless one was recorded first.
type footnoteDefinitions struct{ parser.BlockParser }

func (b footnoteDefinitions) Close(node ast.Node, reader text.Reader, pc parser.Context) {
	b.BlockParser.Close(node, reader, pc)
	if fn, ok := node.(*extast.Footnote); ok {
		m := footnoteMap(pc)
		if _, seen := m[string(fn.Ref)]; !seen {
			m[string(fn.Ref)] = fn
		}
	}
}

// footnoteLabelLimit is the longest footnote label, as in goldmark (and
// CommonMark's link labels).
const footnoteLabelLimit = 999

// footnoteReferences reads a footnote reference, "[^label]" (or "![^label]",
// "!" then a reference), where label has a definition; else it leaves the
// text to the link parser, as goldmark's footnote parser does.
type footnoteReferences struct{}

func (footnoteReferences) Trigger() []byte { return []byte{'!', '['} }

func (footnoteReferences) Parse(parent ast.Node, block text.Reader, pc parser.Context) ast.Node {
	line, segment := block.PeekLine()
	pos := 1
	if len(line) > 0 && line[0] == '!' {
		pos++
	}
	if pos >= len(line) || line[pos] != '^' {
		return nil
	}
	pos++
	if pos >= len(line) {
		return nil
	}
	closure := util.FindClosure(line[pos:min(len(line), pos+footnoteLabelLimit)], '[', ']', false, false) //nolint:staticcheck // as goldmark's own footnote parser
	if closure < 0 {
		return nil
	}
	end := pos + closure
	label := block.Value(text.NewSegment(segment.Start+pos, segment.Start+end))
	m, _ := pc.Get(footnoteLabels).(map[string]*extast.Footnote)
	fn := m[string(label)]
	if fn == nil {
		return nil
	}
	if list, ok := fn.Parent().(*extast.FootnoteList); ok && fn.Index < 0 {
		list.Count++
		fn.Index = list.Count
	}
	block.Advance(end + 1)
	if line[0] == '!' {
		parent.AppendChild(parent, ast.NewTextSegment(text.NewSegment(segment.Start, segment.Start+1)))
	}
	return extast.NewFootnoteLink(fn.Index)
}

// footnoteParsers are the block and inline parsers of footnotes, at the
// priorities of goldmark's footnote extension.
func footnoteParsers() []parser.Option {
	return []parser.Option{
		parser.WithBlockParsers(util.Prioritized(footnoteDefinitions{extension.NewFootnoteBlockParser()}, 999)),
		parser.WithInlineParsers(util.Prioritized(footnoteReferences{}, 101)),
	}
}
