package extract

import "bytes"

// Vim's help files (":help help-writing") are plain text with a mark-up of
// their own, in the doc/ of every Vim plugin: a block of examples starts
// after a line that ends with ">" and runs to a line whose first non-blank
// is "<", or to a line that starts in column 1; a word in backticks with
// no whitespace is a command ("`:set tw=78`"). Both are code, which is
// not prose: a shell's pipe after a URL in an example ("curl -L
// https://a.example/r.tar.gz|tar xzf -"), a Vim pattern
// ("`'term://|undotree'`") or a template with "\1" back-references (the
// help of the plugins SpaceVim keeps: 8 reports of held-out set 100, all
// wrong). A file is a help file where a modeline in its first or last five
// lines sets its filetype to help ("vim:tw=78:ts=8:ft=help:norl:"), as Vim
// reads modelines there; such a file is read whole (lint.CheckableInPieces
// looks for VimHelpMark).

// VimHelpMark is what the setting a help file's modeline holds ("ft=help",
// "filetype=help") ends with: a document that holds it is read whole,
// since what is code in it is known only once the modeline is read. Its
// first byte, "=", is rare in prose, so looking for it costs little.
const VimHelpMark = "=help"

// vimHelpSettings are the settings of a modeline that make a help file.
var vimHelpSettings = [...]string{"ft=help", "filetype=help"}

// codeSpan is a stretch of a help file that is code: a block of examples,
// or a command in backticks.
type codeSpan struct {
	start, end int
	block      bool
}

// scanTextWindow calls yield with the candidates of the plain text doc, a
// window from offset base, as ScanText does. Where doc is a whole Vim help
// file it leaves out those its code holds, but with opts.IncludeCodeBlocks
// and opts.IncludeCodeSpans, where they are found in the context of code.
// A help file is never cut in windows (see VimHelpMark), so a window
// from further on is no help file, and one from the start is one only
// where it is the whole document. In any other plain text, a fenced code
// block is code likewise (see fencedCode; windows are cut outside blocks,
// FenceSafeCut), and so is a URI quoted in backticks (see tickQuoted).
func scanTextWindow(doc []byte, base int, opts Options, yield func(*Candidate)) {
	var code []codeSpan
	help := false
	if base == 0 {
		code = vimHelpCode(doc)
		help = code != nil
	}
	if !help {
		code, _ = fencedCode(doc)
	}
	ScanText(doc, base, func(c *Candidate) {
		s := c.Start - base
		for len(code) > 0 && code[0].end <= s {
			code = code[1:]
		}
		switch {
		case len(code) > 0 && s >= code[0].start:
			switch {
			case code[0].block && !opts.IncludeCodeBlocks, !code[0].block && !opts.IncludeCodeSpans:
				return
			case code[0].block:
				c.Context = ContextCodeBlock
			default:
				c.Context = ContextCodeSpan
			}
		case help:
		default:
			if tick, ok := tickQuoted(doc, s, c.End-base); ok {
				if !opts.IncludeCodeSpans {
					return
				}
				c.Context = ContextCodeSpan
				if n := tick - s; n < len(c.Raw) && c.URI == c.Raw {
					// The span ends inside what the scanner took.
					c.URI, c.Raw, c.End = c.URI[:n], c.Raw[:n], c.Start+n
				}
			}
		}
		yield(c)
	})
}

// vimHelpCode returns the code of doc, in order, if doc is a Vim help
// file; else nil.
func vimHelpCode(doc []byte) []codeSpan {
	if !vimHelpModeline(doc) {
		return nil
	}
	code := []codeSpan{}
	inBlock := false
	for start := 0; start < len(doc); {
		end := bytes.IndexByte(doc[start:], '\n')
		if end < 0 {
			end = len(doc)
		} else {
			end += start
		}
		line := bytes.TrimRight(doc[start:end], " \t\r")
		if inBlock {
			trimmed := bytes.TrimLeft(line, " \t")
			switch {
			case len(trimmed) > 0 && trimmed[0] == '<':
				inBlock = false
			case len(line) > 0 && line[0] != ' ' && line[0] != '\t':
				inBlock = false
			default:
				code = append(code, codeSpan{start, end, true})
			}
		}
		if !inBlock {
			code = backticks(doc, start, start+len(line), code)
			inBlock = len(line) > 0 && line[len(line)-1] == '>' && (len(line) == 1 || line[len(line)-2] == ' ' || line[len(line)-2] == '\t')
		}
		start = end + 1
	}
	return code
}

// backticks appends to code the commands in backticks of the line
// doc[start:end]: "`" then characters that are not whitespace nor "`",
// then "`".
func backticks(doc []byte, start, end int, code []codeSpan) []codeSpan {
	for i := start; i < end; i++ {
		if doc[i] != '`' {
			continue
		}
		j := i + 1
		for j < end && doc[j] != '`' && doc[j] != ' ' && doc[j] != '\t' {
			j++
		}
		if j < end && doc[j] == '`' && j > i+1 {
			code = append(code, codeSpan{i, j + 1, false})
			i = j
		}
	}
	return code
}

// vimHelpModeline reports whether a line among the first or last five of
// doc is a modeline ("vim:" or "vi:" after the line's start or a blank)
// that sets the filetype to help.
func vimHelpModeline(doc []byte) bool {
	if !bytes.Contains(doc, []byte(VimHelpMark)) {
		return false
	}
	// The first five lines, then the last five (a final line break ends
	// the last line).
	body := bytes.TrimRight(doc, "\n")
	for i, start := 0, 0; i < 5 && start < len(body); i++ {
		end := bytes.IndexByte(body[start:], '\n')
		if end < 0 {
			end = len(body)
		} else {
			end += start
		}
		if helpModeline(body[start:end]) {
			return true
		}
		start = end + 1
	}
	for i, end := 0, len(body); i < 5 && end > 0; i++ {
		start := bytes.LastIndexByte(body[:end], '\n') + 1
		if helpModeline(body[start:end]) {
			return true
		}
		end = start - 1
	}
	return false
}

// helpModeline reports whether line is a modeline ("vim:" at its start or
// after a blank) that sets the filetype to help.
func helpModeline(line []byte) bool {
	k := bytes.Index(line, []byte("vim:"))
	if k < 0 || k > 0 && line[k-1] != ' ' && line[k-1] != '\t' {
		return false
	}
	for _, m := range vimHelpSettings {
		if j := bytes.Index(line[k:], []byte(m)); j > 0 && (line[k+j-1] == ':' || line[k+j-1] == ' ') {
			return true
		}
	}
	return false
}

// tickQuoted reports whether the candidate at doc[start:end] of a plain
// text is quoted in backticks, as Markdown, AsciiDoc and reStructuredText
// write code and plain text borrows: a "`" right before it, and one that
// closes it on its line with no whitespace before, at its end or inside it
// ("`http://^1/admin/$1`", a rewrite rule's substitution in Cherokee's
// manual, AsciiDoc saved as .txt: 5 reports of held-out set 104, all
// wrong). Such a URI is code, left out unless code spans are asked for.
// A quote of TeX's ("`http://example.com/'") is not closed so. It returns
// the offset in doc of the closing backtick.
func tickQuoted(doc []byte, start, end int) (int, bool) {
	if start < 1 || doc[start-1] != '`' {
		return 0, false
	}
	for i := start; i < len(doc) && i <= end; i++ {
		switch doc[i] {
		case '`':
			return i, i > start
		case ' ', '\t', '\n', '\r':
			return 0, false
		}
	}
	return 0, false
}
