package extract

import "github.com/urilint/urilint/extract/grammar"

// goldmark spends about 25 bytes for every byte of a paragraph, in nodes
// and segments kept per line, and the walker gathered every candidate of a
// document (200 bytes each) to sort them: one paragraph of 16 MiB made of
// 880,000 lines of URNs took 1.3 GB in all and 600 MB at once. A large
// paragraph of plain lines is therefore read by the walker itself: goldmark
// sees a stub of it, and its candidates are scanned as the document's are
// handed over, one at a time, never gathered.
//
// A plain line starts at column 0 with an ASCII letter and holds only
// printable ASCII but for the characters where goldmark's inline parsers
// or the walker start anything ("*", "_", "~", "`", "[", "]", "!", "<",
// "\", "&", "{", "|", "$" (inline math, mdmath.go), and ">" and '"' for
// good measure), spaces and tabs,
// and a "\r" before its line break. Such a line starts no block: not a
// heading, quote, list item, fence, code block, HTML block, table,
// definition, thematic break or setext underline; within a paragraph, it
// goes on with it, and goldmark makes of it one text node, which the
// walker joins with the others of the paragraph (the line break between
// them is whitespace) into one run of text. A plain paragraph is a run of
// plain lines that starts where MarkdownSplits may cut (after a blank line
// at the top level, outside fences and HTML blocks; or at the document's
// start) and ends at a blank line or at the end: a paragraph of the
// document's top level, nothing but its lines, whose candidates are those
// the walker finds in the one run from its first byte to its last that is
// not whitespace (scanRun). The stub goldmark sees in its place is the
// paragraph's first letter, then spaces: still a paragraph ended by the
// same blank line (or the end), which closes whatever the paragraph closed
// and holds no candidate; the document's other blocks parse as before.
// FuzzMarkdownPlain holds the two readings to the same candidates.

// minPlainParagraph is the size from which a plain paragraph is read by
// the walker itself (the tests read every one so, and none).
const minPlainParagraph = 64 << 10

// span is a stretch of a document, [start, end).
type span struct{ start, end int }

// plainByte says which bytes a plain line may hold.
var plainByte = func() (t [256]bool) {
	for c := ' '; c <= '~'; c++ {
		t[c] = true
	}
	for _, c := range "*_~`[]!<>\\&{}|\"$" {
		t[c] = false
	}
	t['\t'] = true
	return t
}()

// plainLine reports whether line (without its line break) is plain.
func plainLine(line []byte) bool {
	if len(line) == 0 || !grammar.IsAlpha(line[0]) {
		return false
	}
	for i, c := range line {
		if !plainByte[c] && (c != '\r' || i != len(line)-1) {
			return false
		}
	}
	return true
}

// plainParagraphs returns the plain paragraphs of doc of at least min
// bytes, in order: each from its first byte to the end of its last line
// (its line break included, when it has one).
func plainParagraphs(doc []byte, min int) []span {
	var ps []span
	end := 0 // where the last paragraph looked at ends
	blockStarts(doc, func(i int, afterBlank, _ bool) {
		if !afterBlank || i < end {
			return
		}
		j := i
		for j < len(doc) {
			line, next := lineAt(doc, j)
			if !plainLine(line) {
				if !blank(line) {
					j = -1 // not a paragraph of plain lines only
				}
				break
			}
			j = next
		}
		if j < 0 {
			end = i + 1
			return
		}
		end = j
		if j-i >= min {
			ps = append(ps, span{i, j})
		}
	})
	return ps
}

// blank reports whether line (without its line break) is blank.
func blank(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}

// stubPlain replaces, in src (a copy of the document), each plain
// paragraph of ps with its first letter and spaces, line breaks kept.
func stubPlain(src []byte, ps []span) {
	for _, p := range ps {
		for i := p.start + 1; i < p.end; i++ {
			if c := src[i]; c != '\n' && c != '\r' {
				src[i] = ' '
			}
		}
	}
}

// scanPlain calls yield with the candidates of the plain paragraph p of
// doc, in order: those of the run of text from its first byte to its last
// that is not whitespace, as the walker scans a paragraph's text.
func scanPlain(buf *Candidate, doc []byte, p span, yield func(*Candidate)) {
	end := p.end
	for end > p.start && grammar.IsSpace(doc[end-1]) {
		end--
	}
	scanRun(buf, doc, p.start, end, yield)
}
