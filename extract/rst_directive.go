package extract

import (
	"bytes"
	"strings"
)

// Directives: ".. name:: arguments", then options (a field list), then
// content, parsed as docutils' parse_directive_block parses them, and read
// as docutils' and Sphinx's directives read them.

// argKind says what a directive's arguments are.
type argKind uint8

const (
	argsSkip        argKind = iota // names, signatures, expressions, paths: not running text
	argsNone                       // none: text on the first lines is content
	argsProse                      // a title or a text (admonition, topic, versionadded...)
	argsURI                        // one URI (image, figure)
	argsRole                       // the role directive: "name(base)"
	argsDefaultRole                // the default-role directive: a role's name
)

// contentKind says what a directive's content is.
type contentKind uint8

const (
	contentBody    contentKind = iota // body elements
	contentCode                       // code (or math, or raw output): read only with IncludeCodeBlocks
	contentNone                       // nothing to read
	contentLiteral                    // parsed-literal: one text block
	contentCSV                        // csv-table: CSV records whose cells are running text
	contentToctree                    // toctree: document names, and "Title <https://...>" external entries
)

// dirSpec is how a directive is read, and which of its options hold a URI.
type dirSpec struct {
	args    argKind
	content contentKind
	uriOpts string // space-separated option names
}

// rstDirectives are the directives the walker knows, of docutils
// (docs/ref/rst/directives.rst) and Sphinx (sphinx/directives/*.py) and of
// common extensions. Any other takes arguments it does not read (a
// signature, a name) and holds body elements; its options named target,
// url, uri, href, link or src are read when they hold an absolute URI.
var rstDirectives = func() map[string]dirSpec {
	m := map[string]dirSpec{
		"image":  {args: argsURI, content: contentNone, uriOpts: "target"},
		"figure": {args: argsURI, content: contentBody, uriOpts: "target"},
		"raw":    {args: argsSkip, content: contentCode, uriOpts: "url"},

		"csv-table":      {args: argsProse, content: contentCSV, uriOpts: "url"},
		"parsed-literal": {args: argsNone, content: contentLiteral},
		"toctree":        {args: argsNone, content: contentToctree},
		"role":           {args: argsRole, content: contentNone},
		"default-role":   {args: argsDefaultRole, content: contentNone},
	}
	for _, name := range strings.Fields(`code code-block sourcecode highlight literalinclude include
		doctest testcode testoutput testsetup testcleanup math productionlist graphviz graph digraph
		ipython ipython3 jupyter-execute jupyter-input jupyter-output plot mermaid uml plantuml code-cell
		prompt code-tab program-output command-output runblock jinja`) {
		m[name] = dirSpec{args: argsSkip, content: contentCode}
	}
	for _, name := range strings.Fields(`index tabularcolumns unicode date sectnum section-numbering
		target-notes footnotes autosummary`) {
		m[name] = dirSpec{args: argsSkip, content: contentNone}
	}
	for _, name := range strings.Fields(`admonition topic sidebar table list-table versionadded
		versionchanged deprecated versionremoved deprecated-removed seealso`) {
		m[name] = dirSpec{args: argsProse, content: contentBody}
	}
	for _, name := range strings.Fields(`rubric centered title contents`) {
		m[name] = dirSpec{args: argsProse, content: contentNone}
	}
	for _, name := range strings.Fields(`note warning tip hint important caution danger error attention
		todo epigraph highlights pull-quote compound hlist glossary header footer meta replace line-block`) {
		m[name] = dirSpec{args: argsNone, content: contentBody}
	}
	return m
}()

// unknownURIOpts are the options of a directive the walker does not know
// that are read as URIs (when they hold an absolute one).
const unknownURIOpts = "target url uri href link src"

// directive parses the directive named name (in lower case) on line i,
// whose arguments start at args, and returns the line after it.
func (w *rstWalker) directive(f *rstFrame, b *rblock, i int, name string, args, depth int) int {
	src := f.src
	db := f.firstKnown(b, i, args, false)
	next := max(db.hi, i+1)
	spec, known := rstDirectives[name]
	if !known {
		spec = dirSpec{args: argsSkip, content: contentBody, uriOpts: unknownURIOpts}
	}
	lo, hi := i, db.hi
	if lo < hi && f.blank(&db, lo) {
		lo++ // an empty first line
	}
	if lo >= hi {
		if spec.args == argsDefaultRole {
			w.defaultRole = roleProse
		}
		return next
	}
	// The arguments and options run to the first blank line; the options
	// start at the first line that starts a field.
	argEnd := lo
	for argEnd < hi && !f.blank(&db, argEnd) {
		argEnd++
	}
	optStart := argEnd
	for k := lo; k < argEnd; k++ {
		t := f.textStart(&db, k)
		if f.rel(&db, k) == 0 && src[t] == ':' {
			if _, _, ok := fieldMarker(src, t, f.lines[k].tend); ok {
				optStart = k
				break
			}
		}
	}
	argStart, argStop := f.textStart(&db, lo), f.lines[max(optStart-1, lo)].tend
	if optStart == lo {
		argStart, argStop = 0, 0
	}
	if !w.commentsOnly {
		switch spec.args {
		case argsURI:
			if argStart < argStop {
				w.uriValue(f, argStart, argStop, ContextRSTImage, "", false)
			}
		case argsProse:
			if argStart < argStop {
				w.text(f, argStart, argStop)
			}
		case argsSkip:
			if !known && argStart < argStop {
				w.links(f, argStart, argStop)
			}
		}
		w.options(f, &db, optStart, argEnd, name, spec, known)
	}
	switch spec.args {
	case argsRole:
		w.defineRole(src[argStart:argStop])
	case argsDefaultRole:
		w.defaultRole = w.roleOf(strings.ToLower(string(bytes.TrimSpace(src[argStart:argStop]))))
	}
	// The content: after the blank line, and for a directive without
	// arguments, the lines before the options too.
	var parts [2]rblock
	n := 0
	if spec.args == argsNone && optStart > lo {
		first := -1
		if lo == i {
			first = db.first
		}
		parts[n] = rblock{lo: lo, hi: optStart, base: db.base, first: first}
		n++
	}
	if argEnd < hi {
		parts[n] = rblock{lo: argEnd, hi: hi, base: db.base, first: -1}
		n++
	}
	for _, cb := range parts[:n] {
		w.content(f, &cb, spec.content, depth)
	}
	return next
}

// content reads a directive's content cb as the directive does.
func (w *rstWalker) content(f *rstFrame, cb *rblock, kind contentKind, depth int) {
	lo := cb.lo
	for lo < cb.hi && f.blank(cb, lo) {
		lo++
	}
	if lo >= cb.hi {
		return
	}
	start, end := f.textStart(cb, lo), f.lines[cb.hi-1].tend
	switch kind {
	case contentBody:
		w.body(f, *cb, depth+1)
	case contentCode:
		if lo > cb.lo || cb.first < 0 {
			start = f.lines[lo].start
		}
		w.codeBlock(f, start, end)
	case contentLiteral:
		w.text(f, start, end)
	case contentCSV:
		w.csvCells(f, start, end, ',', '"')
	case contentToctree:
		w.toctree(f, cb)
	}
}

// options reads the options of a directive, the lines [lo, hi) of db: the
// values of its URI options.
func (w *rstWalker) options(f *rstFrame, db *rblock, lo, hi int, name string, spec dirSpec, known bool) {
	src := f.src
	for k := lo; k < hi; {
		t := f.textStart(db, k)
		nameEnd, body, ok := fieldMarker(src, t, f.lines[k].tend)
		j := k + 1
		for j < hi && f.rel(db, j) > 0 {
			j++
		}
		if !ok {
			k = j
			continue
		}
		opt := strings.ToLower(string(src[t+1 : nameEnd]))
		start, end := body, f.lines[j-1].tend
		for start < end && isSpaceByte(src[start]) {
			start++
		}
		if opt == "name" {
			// The directive's element is a target of that name.
			w.label(f, TargetLabel, start, end)
		}
		switch {
		case start >= end:
		case name == "csv-table" && opt == "header":
			w.csvCells(f, start, end, ',', '"')
		case opt == "caption":
			// A code block's, a literal include's or a toctree's caption is
			// shown, parsed as inline text.
			w.text(f, start, end)
		case containsWord(spec.uriOpts, opt):
			switch {
			case opt == "target" && isReference(src, start, end):
				// A reference name: the image links to that target.
			case !known && !absoluteURI(src[start:end]):
			default:
				w.uriValue(f, start, end, ContextRSTDirective, opt, false)
			}
		}
		k = j
	}
}

// containsWord reports whether the space-separated list holds word.
func containsWord(list, word string) bool {
	for _, w := range strings.Fields(list) {
		if w == word {
			return true
		}
	}
	return false
}

// absoluteURI reports whether b starts with a scheme followed by "://",
// or is a mailto: or urn: URI.
func absoluteURI(b []byte) bool {
	return startsURI(b) || hasPrefixFold(b, "mailto:")
}

// substitutionDef parses a substitution definition, ".. |name| directive::
// ...", whose name starts at nameStart on line i. The name ends at the
// first "|" not escaped nor after whitespace, followed by a space or the
// end of the line (it may go on over the block's lines). It reports false
// when no name ends (the construct is then a comment).
func (w *rstWalker) substitutionDef(f *rstFrame, b *rblock, i, nameStart, depth int) (int, bool) {
	src := f.src
	eb := f.firstKnown(b, i, nameStart, false)
	next := max(eb.hi, i+1)
	for k := eb.lo; k < eb.hi; k++ {
		from, end := nameStart+1, f.lines[k].tend
		if k > eb.lo {
			from = f.lines[k].text
		}
		for q := from; q < end; q++ {
			if src[q] != '|' || isSpaceByte(src[q-1]) || escapedAt(src, nameStart, q) ||
				q+1 < end && !isSpaceByte(src[q+1]) || src[q-1] == '\\' && !escapedAt(src, nameStart, q-1) {
				continue
			}
			r := skipSpaces(src, q+1, end)
			if r == end {
				// The directive is on the next line.
				k++
				if k >= eb.hi {
					return next, true
				}
				r, end = f.lines[k].text, f.lines[k].tend
			}
			// The embedded directive: "name::" (no space before "::").
			e := simplenameEnd(src, r, end)
			if e == r || e+2 > end || src[e] != ':' || src[e+1] != ':' || e+2 < end && !isSpaceByte(src[e+2]) {
				return next, true // "Substitution definition empty or invalid."
			}
			sb := rblock{lo: k, hi: eb.hi, base: b.base, first: r}
			w.directive(f, &sb, k, strings.ToLower(string(src[r:e])), skipSpaces(src, e+2, end), depth)
			return next, true
		}
	}
	return 0, false
}

// toctree reads a toctree's entries, the lines of cb: a document's name,
// or "Title <name>"; a name holding "://" is an external link (Sphinx's
// url_re), read as a URI.
func (w *rstWalker) toctree(f *rstFrame, cb *rblock) {
	if w.commentsOnly {
		return
	}
	src := f.src
	for k := cb.lo; k < cb.hi; k++ {
		if f.blank(cb, k) || f.rel(cb, k) != 0 {
			continue
		}
		t, end := f.textStart(cb, k), f.lines[k].tend
		if src[t] == ':' {
			continue // an option
		}
		ref := t
		if src[end-1] == '>' {
			for q := t + 1; q < end-1; q++ {
				if src[q] == '<' && !escapedAt(src, t, q) {
					ref = q + 1
					end--
					break
				}
			}
		}
		if ref < end && bytes.Contains(src[ref:end], []byte("://")) {
			w.uriValue(f, ref, end, ContextRSTLink, "toctree", false)
		}
	}
}

// csvCells reads the CSV records of src[start:end] (a csv-table's content
// or :header:), each cell's text as running text: cells are separated by
// delim outside quotes; a quoted cell's quotes are not its text.
func (w *rstWalker) csvCells(f *rstFrame, start, end int, delim, quote byte) {
	if w.commentsOnly {
		return
	}
	src := f.src
	cell, inQuote, quoted := start, false, false
	flush := func(e int) {
		a, z := cell, e
		for a < z && isSpaceByte(src[a]) {
			a++
		}
		for z > a && isSpaceByte(src[z-1]) {
			z--
		}
		if quoted && z-a >= 2 && src[a] == quote && src[z-1] == quote {
			a, z = a+1, z-1
		}
		if a < z {
			w.text(f, a, z)
		}
	}
	for i := start; i < end; i++ {
		c := src[i]
		switch {
		case c == quote:
			if !inQuote && !quoted {
				// A cell is quoted when its first character (after spaces)
				// is the quote.
				if len(bytes.TrimSpace(src[cell:i])) == 0 {
					inQuote, quoted = true, true
				}
			} else if inQuote {
				if i+1 < end && src[i+1] == quote {
					i++ // a doubled quote
				} else {
					inQuote = false
				}
			}
		case inQuote:
		case c == delim || c == '\n' || c == '\r':
			flush(i)
			cell, quoted = i+1, false
		}
	}
	flush(end)
}
