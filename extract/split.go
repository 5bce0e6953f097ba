package extract

import (
	"bytes"

	"github.com/urilint/urilint/extract/grammar"
)

// MarkdownSplits returns offsets where a Markdown document can be cut into
// parts that the Markdown walker reads independently: the candidates of the
// parts, their offsets moved by where each part starts, are those of the
// whole document. The language server uses it to read again only the part
// that an edit touched.
//
// A cut is made only at the start of a line that follows a blank line and
// starts at column 0 with a character that is not whitespace: there no
// paragraph, list item content, block quote or indented code block goes on
// (a blank line ends the first and third, and the others need indentation
// or a marker on the line). Never inside front matter, a fenced code block
// (up to its closing fence, or the end), or an HTML block of CommonMark
// types 1 to 5 (<script>, <pre>, <style>, <textarea>, comments, processing
// instructions, declarations, CDATA), which run across blank lines to
// their end marker. Parts are at least minPart bytes, so that there are
// few. Link reference definitions are resolved within a part only; a
// reference left unresolved reads as text, where the scanner finds the same
// URIs (the tests compare the two readings over the corpus).
func MarkdownSplits(doc []byte, minPart int) []int {
	var splits []int
	start := 0
	if fm, ok := findFrontMatter(doc); ok {
		start = fm.end
	}
	last := 0      // the last cut
	blank := false // the previous line was blank
	var fence []byte
	var htmlEnd []byte // the end marker of the HTML block being read
	for i := start; i < len(doc); {
		line, next := lineAt(doc, i)
		switch {
		case fence != nil:
			if closesFence(line, fence) {
				fence = nil
			}
		case htmlEnd != nil:
			if bytes.Contains(bytes.ToLower(line), htmlEnd) {
				htmlEnd = nil
			}
		default:
			if blank && len(line) > 0 && !isMDSpace(line[0]) && i-last >= minPart {
				splits = append(splits, i)
				last = i
			}
			if f := openingFence(line); f != nil {
				fence = f
			} else if end := htmlBlockEnd(line); end != nil && !bytes.Contains(bytes.ToLower(line[bytes.IndexByte(line, '<')+1:]), end) {
				htmlEnd = end
			}
		}
		blank = len(bytes.Trim(line, " \t\r")) == 0
		i = next
	}
	return splits
}

func isMDSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// indent returns the line without up to three leading spaces, or nil when
// it has more (an indented code block, or a container's content).
func indent(line []byte) []byte {
	n := 0
	for n < len(line) && line[n] == ' ' {
		n++
	}
	if n > 3 {
		return nil
	}
	return line[n:]
}

// openingFence returns the fence that opens a fenced code block on line
// ("```" or "~~~", or longer), or nil.
func openingFence(line []byte) []byte {
	rest := indent(line)
	if len(rest) < 3 || rest[0] != '`' && rest[0] != '~' {
		return nil
	}
	n := 0
	for n < len(rest) && rest[n] == rest[0] {
		n++
	}
	if n < 3 || rest[0] == '`' && bytes.IndexByte(rest[n:], '`') >= 0 {
		return nil // a backtick fence's info string holds no backtick
	}
	return rest[:n]
}

// closesFence reports whether line closes the fenced code block opened by
// fence: the same character, at least as many, and nothing after.
func closesFence(line, fence []byte) bool {
	rest := indent(line)
	n := 0
	for n < len(rest) && rest[n] == fence[0] {
		n++
	}
	return n >= len(fence) && len(bytes.Trim(rest[n:], " \t\r")) == 0
}

// htmlBlockEnd returns, for a line that starts an HTML block of CommonMark
// types 1 to 5, the marker that ends the block (in lower case), or nil.
func htmlBlockEnd(line []byte) []byte {
	rest := indent(line)
	if len(rest) < 2 || rest[0] != '<' {
		return nil
	}
	lower := bytes.ToLower(rest[1:min(len(rest), 12)])
	for _, tag := range []string{"script", "pre", "style", "textarea"} {
		if bytes.HasPrefix(lower, []byte(tag)) {
			if k := len(tag); k == len(lower) || lower[k] == ' ' || lower[k] == '>' || lower[k] == '\t' || lower[k] == '\r' {
				return []byte("</" + tag + ">")
			}
		}
	}
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		return []byte("-->")
	case bytes.HasPrefix(rest, []byte("<?")):
		return []byte("?>")
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		return []byte("]]>")
	case len(rest) > 2 && rest[1] == '!' && grammar.IsAlpha(rest[2]):
		return []byte(">")
	}
	return nil
}
