package extract

import (
	"bytes"
	"sort"
)

// Markdown kept as plain text (a README.txt, a static site's snippets
// saved as .txt, a list of attack strings for a course) fences its code
// with backticks, as CommonMark's fenced code blocks do: a line of three
// backticks or more, the language after them ("```sh"), then the code,
// then a line of at least as many backticks alone. What such a block
// holds is code, not prose: a shell's escapes in a URL ("curl
// http://$GW:8080/\?code\=500"), payloads written to break parsers. Of
// the 9 reports made in plain-text files of held-out sets 30 to 116 that
// hold a fence line, 8 were inside a block, and all 8 were wrong or
// noise (kgateway's .txt pages, h4cker's payload lists).
//
// A block in plain text is read as CommonMark reads one (section 4.5),
// with three differences that keep the reading safe where the text is not
// Markdown at all:
//
//   - the fence may stand after any indentation, plain text having no
//     container to measure it against;
//   - a fence that no line closes opens no block (CommonMark's runs to the
//     end of its container): a lone "```" in prose hides nothing;
//   - nor does one closed only more than maxFenceBlock bytes further on,
//     so that where a block may be open is known from a bounded stretch
//     of text (see FenceSafeCut); no fence of tildes counts, "~~~" being
//     a heading's underline in plain text.

// maxFenceBlock is the most a fenced code block in plain text spans, from
// its opening fence's start to its closing fence's end.
const maxFenceBlock = 64 << 10

// fenceLine is a line of a plain text that may open a fenced code block
// (backticks after blanks, and an info string with no backtick), and may
// close one if nothing but blanks follows its backticks. A line whose
// info string has a backtick does neither.
type fenceLine struct {
	start, next int   // the line's start, and the next line's
	ticks       int32 // how many backticks the fence has (at most maxFenceBlock counted)
	closes      bool  // it may close a block: nothing but blanks follows
}

// fenceLines returns the lines of doc that may open a fenced code block,
// in order (those of them that may close one say so).
func fenceLines(doc []byte) []fenceLine {
	var lines []fenceLine
	for i := 0; i < len(doc); {
		k := bytes.Index(doc[i:], []byte("```"))
		if k < 0 {
			break
		}
		k += i
		start := bytes.LastIndexByte(doc[:k], '\n') + 1
		line, next := lineAt(doc, start)
		if blank(doc[start:k]) {
			ticks := 0
			for k+ticks < len(doc) && doc[k+ticks] == '`' {
				ticks++
			}
			info := line[k-start+ticks:]
			if bytes.IndexByte(info, '`') < 0 {
				// A fence of more backticks than a block may span
				// opens no block and closes none (its line alone is
				// too long), so its count may be capped.
				lines = append(lines, fenceLine{start, next, int32(min(ticks, maxFenceBlock)), blank(info)})
			}
		}
		i = next
	}
	return lines
}

// fencedCode returns the fenced code blocks of the plain text doc, in
// order, each from its opening fence's start to the end of its closing
// fence's line (its line break included), and the start of the first line
// that may open a block and that no line of doc closes (-1: none): a
// block it opens would be known only with more text after doc.
func fencedCode(doc []byte) (blocks []codeSpan, open int) {
	open = -1
	lines := fenceLines(doc)
	if len(lines) == 0 {
		return nil, open
	}
	// closer[i] is the first line after lines[i] that may close a fence
	// of lines[i].ticks backticks, or -1: found from the end with a stack
	// of the lines that may close, each longer than the ones after it on
	// the stack, nearest first.
	closer := make([]int, len(lines))
	var stack []int
	for i := len(lines) - 1; i >= 0; i-- {
		n := lines[i].ticks
		// The nearest line on the stack with n backticks or more.
		j := sort.Search(len(stack), func(j int) bool { return lines[stack[len(stack)-1-j]].ticks >= n })
		closer[i] = -1
		if j < len(stack) {
			closer[i] = stack[len(stack)-1-j]
		}
		if lines[i].closes {
			for len(stack) > 0 && lines[stack[len(stack)-1]].ticks <= n {
				stack = stack[:len(stack)-1]
			}
			stack = append(stack, i)
		}
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		c := closer[i]
		if c < 0 {
			if open < 0 && len(doc)-l.start <= maxFenceBlock {
				open = l.start
			}
			continue
		}
		if lines[c].next-l.start > maxFenceBlock {
			continue
		}
		blocks = append(blocks, codeSpan{l.start, lines[c].next, true})
		i = c
	}
	return blocks, open
}

// FenceSafeCut returns where the plain text b may be cut in two with
// every fenced code block of it (see fencedCode) read alike in the parts
// and in the whole: the last offset the first of cuts that finds one
// returns for a prefix of b that is neither inside a block nor after a
// line that may open one still open at b's end; or -1. Each of cuts is a
// way of cutting that finds a cut of a prefix of b (lint/fileio's blank
// line, then LastLineCut). b must start where no block is open (a
// document's start, or a cut).
func FenceSafeCut(b []byte, cuts ...func([]byte) int) int {
	blocks, open := fencedCode(b)
	end := len(b)
	if open >= 0 {
		end = open
	}
	for _, cut := range cuts {
		for limit := end; ; {
			c := cut(b[:limit])
			if c < 0 {
				break
			}
			i := sort.Search(len(blocks), func(i int) bool { return blocks[i].end > c })
			if i == len(blocks) || blocks[i].start >= c {
				return c
			}
			limit = blocks[i].start
		}
	}
	return -1
}
