package extract

import (
	"bytes"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Contexts the Markdown walker adds to the scanner's.
const (
	ContextMarkdownLink       Context = "markdown-link"       // [text](destination)
	ContextMarkdownImage      Context = "markdown-image"      // ![alt](destination)
	ContextMarkdownAutolink   Context = "markdown-autolink"   // <scheme:...>
	ContextMarkdownDefinition Context = "markdown-definition" // [label]: destination
	ContextMarkdownHTML       Context = "markdown-html"       // a URI attribute of raw HTML
	ContextCodeSpan           Context = "code-span"           // `...`
	ContextCodeBlock          Context = "code-block"          // fenced or indented code (with Options.IncludeCodeBlocks)
)

// markdownParser is built once: goldmark's parser keeps no state between
// documents. GFM tables and strikethrough and footnotes are parsed (they
// decide where text ends: a table's "|", a strikethrough's "~~"), but not
// Linkify: urilint's own scanner finds bare URIs in text. Footnotes are
// parsed by mdfootnotes.go, in linear time, not by goldmark's extension.
var markdownParser = sync.OnceValue(func() parser.Parser { return newMarkdownParser(true) })

// newMarkdownParser builds the walker's parser; without guard, with no
// inlineLimit (for BenchmarkMarkdownGuard, which measures its cost).
func newMarkdownParser(guard bool) parser.Parser {
	opts := []parser.Option{parser.WithParagraphTransformers(util.Prioritized(definitionRuns{}, 99),
		util.Prioritized(bigParagraphs{}, 1000))} // after goldmark's (tables at 200)
	if guard {
		// Before goldmark's own (priorities count up): see mdlimits.go.
		opts = append(opts, parser.WithInlineParsers(util.Prioritized(inlineLimit{}, -1)))
	}
	return goldmark.New(
		goldmark.WithParser(parser.NewParser(parser.WithBlockParsers(blockParsers()...),
			parser.WithInlineParsers(parser.DefaultInlineParsers()...),
			parser.WithParagraphTransformers(parser.DefaultParagraphTransformers()...))),
		goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList),
		goldmark.WithParserOptions(footnoteParsers()...),
		// Display math (mdmath.go): after fenced code (700), before block quotes.
		goldmark.WithParserOptions(parser.WithBlockParsers(util.Prioritized(mathBlocks{}, 750))),
		// Inline math: no default inline parser is triggered by "$".
		goldmark.WithParserOptions(parser.WithInlineParsers(util.Prioritized(mathSpans{}, 150))),
		goldmark.WithParserOptions(opts...),
	).Parser()
}

// Markdown calls yield with each URI and URN candidate of a Markdown
// (CommonMark with GFM tables, strikethrough, task lists and footnotes)
// document, in document order:
//   - link and image destinations and reference definitions (each
//     definition once, not each use), with backslash escapes and character
//     references decoded; relative references included, as KindRelativeRef;
//     a destination in backticks is ExDoc's reference to code, none;
//   - autolinks (<scheme:...>; e-mail autolinks are not URIs);
//   - the URI attributes of raw HTML, inline or block, and text in HTML
//     blocks, read by the HTML walker;
//   - bare URIs in text and in code spans, found by the plain-text scanner;
//   - fenced and indented code blocks only with opts.IncludeCodeBlocks;
//   - YAML or TOML front matter, scanned as plain text.
//
// Offsets are on the source bytes.
func Markdown(doc []byte, opts Options, yield func(*Candidate)) {
	markdown(doc, opts, defaultLimits, yield)
}

// markdown is Markdown, reading the plain paragraphs of lim.plain bytes
// or more itself and the big ones of lim.big bytes or more in pieces.
func markdown(doc []byte, opts Options, lim mdLimits, yield func(*Candidate)) {
	if blocks := liquidBlocks(doc); blocks != nil {
		yield = inLiquidCode(blocks, opts, yield)
	}
	out := candidatesPool.Get().(*[]Candidate)
	cands, rest := walkGoldmark(markdownParser(), doc, opts, lim, (*out)[:0])
	// The plain paragraphs read by the walker itself (see mdplain.go) and
	// the big ones read in pieces (see mdbig.go), their candidates handed
	// over in place, as they are found: no candidate of the parse starts
	// inside one.
	next := 0
	for i := range cands {
		for ; next < rest.len() && rest.start(next) < cands[i].Start; next++ {
			rest.read(next, yield)
		}
		yield(&cands[i])
	}
	for ; next < rest.len(); next++ {
		rest.read(next, yield)
	}
	if cap(cands) > maxPooledCandidates {
		return // a rare document's large slice is left to the collector
	}
	clear(cands) // no strings kept alive
	*out = cands[:0]
	candidatesPool.Put(out)
}

// inLiquidCode wraps yield so that a candidate inside one of blocks, the
// code and comments of Liquid (liquidBlocks), in order, is code: left out,
// or, with opts.IncludeCodeBlocks, handed over as a code block's.
func inLiquidCode(blocks []span, opts Options, yield func(*Candidate)) func(*Candidate) {
	b := 0
	return func(c *Candidate) {
		for b < len(blocks) && blocks[b].end <= c.Start {
			b++
		}
		if b < len(blocks) && blocks[b].start <= c.Start {
			if !opts.IncludeCodeBlocks {
				return
			}
			c.Context = ContextCodeBlock
		}
		yield(c)
	}
}

// maxPooledCandidates is the capacity up to which a slice of candidates
// goes back to the pool (a few megabytes).
const maxPooledCandidates = 1 << 14

// candidatesPool holds the slices the Markdown walker gathers a document's
// candidates in, to sort them: growing one anew for each document was a
// tenth of the walker's allocation.
var candidatesPool = sync.Pool{New: func() any { return new([]Candidate) }}

// parseMarkdown appends the candidates of doc, parsed with the goldmark
// parser p, to out, sorted by their offsets (those of its plain
// paragraphs too: for the tests, which compare whole lists).
func parseMarkdown(p parser.Parser, doc []byte, opts Options, out []Candidate) []Candidate {
	out, rest := walkGoldmark(p, doc, opts, defaultLimits, out)
	if rest.len() == 0 {
		return out
	}
	for i := range rest.len() {
		rest.read(i, func(c *Candidate) { out = append(out, *c) })
	}
	slices.SortStableFunc(out, func(a, b Candidate) int { return a.Start - b.Start })
	return out
}

// deferred are the paragraphs of a document whose candidates the walker
// hands over after the parse's, in order: the plain ones (see mdplain.go)
// and the big ones (see mdbig.go).
type deferred struct {
	w     *mdWalker // the document's walker
	paras []deferredParagraph
	buf   *Candidate // made only for a document that has a plain one
}

// deferredParagraph is a plain paragraph, or a big one.
type deferredParagraph struct {
	plain span
	big   *bigParagraph
}

// newDeferred returns the paragraphs the walker w left, plains (in
// order) and those it found big, merged in order.
func newDeferred(w *mdWalker, plains []span) deferred {
	d := deferred{w: w}
	if len(plains)+len(w.bigs) == 0 {
		return d
	}
	d.paras = make([]deferredParagraph, 0, len(plains)+len(w.bigs))
	// The walk may meet blocks out of their order (footnotes' definitions
	// are moved to the end).
	bigs := w.bigs
	slices.SortFunc(bigs, func(a, b *bigParagraph) int { return a.Lines().At(0).Start - b.Lines().At(0).Start })
	for _, p := range plains {
		for len(bigs) > 0 && bigs[0].Lines().At(0).Start < p.start {
			d.paras = append(d.paras, deferredParagraph{big: bigs[0]})
			bigs = bigs[1:]
		}
		d.paras = append(d.paras, deferredParagraph{plain: p})
	}
	for _, b := range bigs {
		d.paras = append(d.paras, deferredParagraph{big: b})
	}
	return d
}

func (d *deferred) len() int { return len(d.paras) }

// start returns where the i-th paragraph of d starts.
func (d *deferred) start(i int) int {
	if b := d.paras[i].big; b != nil {
		return b.Lines().At(0).Start
	}
	return d.paras[i].plain.start
}

// read calls yield with the candidates of the i-th paragraph of d, in
// order.
func (d *deferred) read(i int, yield func(*Candidate)) {
	b := d.paras[i].big
	if b == nil {
		if d.buf == nil {
			d.buf = new(Candidate)
		}
		scanPlain(d.buf, d.w.doc, d.paras[i].plain, yield)
		return
	}
	// Its comments and targets were reported during the walk.
	o := d.w.opts
	o.Comment, o.Target = nil, nil
	pw := &mdWalker{doc: d.w.doc, src: d.w.src, opts: o, lim: d.w.lim}
	walkBig(pw, d.w.pc, b, d.w.lim.piece, yield)
}

// walkGoldmark appends the candidates of doc, parsed with the goldmark
// parser p, to out, sorted by their offsets, but for those of the plain
// paragraphs of lim.plain bytes or more (see mdplain.go: goldmark parsed
// stubs of them) and of the big paragraphs of lim.big bytes or more (see
// mdbig.go: goldmark left them raw), which it returns.
func walkGoldmark(p parser.Parser, doc []byte, opts Options, lim mdLimits, out []Candidate) ([]Candidate, deferred) {
	w := &mdWalker{doc: doc, src: doc, opts: opts, out: out, lim: lim, pc: parser.NewContext()}
	minPlain := lim.plain
	// goldmark knows neither front matter nor byte order marks: both are
	// blanked out (line ends kept) in a copy, so that every offset stays.
	// Containers nested absurdly deep on one line are flattened in the copy
	// too: goldmark takes quadratic time on them; long runs of blank
	// lines are merged (see mdlimits.go); and large plain paragraphs are
	// stubs (see mdplain.go).
	var plains []span
	if len(doc) >= minPlain {
		plains = plainParagraphs(doc, minPlain)
	}
	fm, hasFM := findFrontMatter(doc)
	deep, blanks := needsCopy(doc)
	if hasFM || bytes.HasPrefix(doc, bom) || deep || blanks || len(plains) > 0 {
		w.src = slices.Clone(doc)
		if deep {
			flattenNesting(doc, w.src)
		}
		if blanks {
			mergeBlankRuns(doc, w.src)
		}
		stubPlain(w.src, plains)
		end := 0
		if bytes.HasPrefix(doc, bom) {
			end = len(bom)
		}
		if hasFM {
			scanText(&w.buf, doc[fm.contentStart:fm.contentEnd], fm.contentStart, w.add)
			end = fm.end
		}
		for i := range w.src[:end] {
			if c := w.src[i]; c != '\n' && c != '\r' {
				w.src[i] = ' '
			}
		}
	}
	w.pc.Set(bigKey, lim.big)
	root := p.Parse(text.NewReader(w.src), parser.WithContext(w.pc))
	_ = ast.Walk(root, w.visit)
	w.flush()
	slices.SortStableFunc(w.out, func(a, b Candidate) int { return a.Start - b.Start })
	return w.out, newDeferred(w, plains)
}

// maxNesting is how many block quotes and list items may open on one line
// before the walker flattens the rest: far more than any document needs,
// few enough that goldmark, whose time grows with the square of the
// nesting, stays fast.
const maxNesting = 64

// flattenNesting reports whether a line of doc opens more than maxNesting
// containers (">" block quote markers and "-", "+", "*", "1." or "1)" list
// markers, up to three spaces apart). When fix is a copy of doc, it replaces
// the markers past the limit with "x" there, which makes the rest of the
// line paragraph text; offsets do not change.
func flattenNesting(doc, fix []byte) bool {
	found := false
	for i := 0; i < len(doc); {
		depth, j := 0, i
		for {
			k, m := nextMarker(doc, j)
			if m == 0 {
				break
			}
			if depth++; depth > maxNesting {
				found = true
				if fix == nil {
					return true
				}
				for x := k; x < k+m; x++ {
					fix[x] = 'x'
				}
			}
			j = k + m
		}
		nl := bytes.IndexByte(doc[j:], '\n')
		if nl < 0 {
			break
		}
		i = j + nl + 1
	}
	return found
}

// nextMarker returns the offset k and the length m of the block quote or
// list marker at doc[j:], after up to three spaces, or m == 0 when there is
// none.
func nextMarker(doc []byte, j int) (k, m int) {
	k = j
	for k < len(doc) && k-j < 4 && (doc[k] == ' ' || doc[k] == '\t') {
		k++
	}
	return k, listOrQuoteMarker(doc[k:])
}

// listOrQuoteMarker returns the length of the block quote or list marker at
// the start of b, or 0.
func listOrQuoteMarker(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	spaceAt := func(i int) bool { return i < len(b) && (b[i] == ' ' || b[i] == '\t') }
	switch c := b[0]; {
	case c == '>':
		return 1
	case (c == '-' || c == '+' || c == '*') && spaceAt(1):
		return 1
	case grammar.IsDigit(c):
		d := 1
		for d < len(b) && d < 9 && grammar.IsDigit(b[d]) {
			d++
		}
		if d < len(b) && (b[d] == '.' || b[d] == ')') && spaceAt(d+1) {
			return d + 1
		}
	}
	return 0
}

type mdWalker struct {
	doc  []byte // the document, for decoding and raw text
	src  []byte // what goldmark parsed: doc, or a copy with front matter blanked
	opts Options
	out  []Candidate

	// A run of text nodes that touch in the source (or are separated by
	// only the "\" of an escape) is scanned as one, so that goldmark's
	// splitting of text at "_", "*" or "[" never cuts a URI.
	runStart, runEnd int
	runCtx           Context // "" (text) or ContextCodeSpan or ContextCodeBlock
	inRun            bool

	buf Candidate // filled in for each candidate before it is copied to out

	// codeDepth counts the raw HTML code elements (<code>, <kbd>, <samp>)
	// open in the current block: their text is code.
	codeDepth int

	// linkDests holds the destinations of the links whose text is being
	// read, innermost last. A URI there that a line break cuts is shown,
	// not followed (the destination is the link), so it is not taken as
	// continued on the next line; and one that is the link's destination,
	// "[https:x.org](https:x.org)", is that destination shown, and the
	// destination's candidate is the one reported (one defect, one report).
	linkDests [][]byte

	joined decoded // raw HTML's segments joined, reused from one to the next

	lim  mdLimits
	pc   parser.Context  // the context of the document's parse
	bigs []*bigParagraph // the big paragraphs met, in order (see mdbig.go)
	// emit, when set, is where the candidates of a big paragraph's pieces
	// are handed over, in order, as soon as no later one can start before
	// them (see walkBig); the walker gathers them in out otherwise.
	emit func(*Candidate)
}

func (w *mdWalker) add(c *Candidate) { w.out = append(w.out, *c) }

func (w *mdWalker) visit(n ast.Node, entering bool) (ast.WalkStatus, error) {
	if t, ok := n.(*ast.Text); ok {
		if entering {
			w.text(t.Segment.Start, t.Segment.Stop, "")
			if w.opts.Target != nil && bytes.IndexByte(w.doc[t.Segment.Start:t.Segment.Stop], '{') >= 0 && !inHeading(t) {
				attrListIDs(w.doc, t.Segment.Start, t.Segment.Stop, w.opts.Target)
			}
		}
		return ast.WalkContinue, nil
	}
	w.flush()
	if !entering {
		if n.Type() == ast.TypeBlock {
			w.codeDepth = 0 // inline code ends with its block
		}
		switch n := n.(type) {
		case *ast.Link:
			w.linkDests = w.linkDests[:len(w.linkDests)-1]
			if n.Reference == nil { // a reference link: its definition is reported
				w.title(n.Title, w.destination(n.Destination, ContextMarkdownLink))
			}
		case *ast.Image:
			if n.Reference == nil {
				w.title(n.Title, w.destination(n.Destination, ContextMarkdownImage))
			}
		}
		return ast.WalkContinue, nil
	}
	switch n := n.(type) {
	case *ast.Link:
		w.linkDests = append(w.linkDests, n.Destination)
	case *ast.Heading:
		if w.opts.Target != nil {
			w.heading(n)
		}
	case *ast.CodeSpan:
		if !w.opts.IncludeCodeSpans {
			return ast.WalkSkipChildren, nil
		}
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok {
				w.text(t.Segment.Start, t.Segment.Stop, ContextCodeSpan)
			}
		}
		w.flush()
		return ast.WalkSkipChildren, nil
	case *mathBlock, *mathInline:
		return ast.WalkSkipChildren, nil // TeX, no prose (mdmath.go)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		if w.opts.IncludeCodeBlocks {
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				w.text(seg.Start, seg.Stop, ContextCodeBlock)
			}
			w.flush()
		}
		return ast.WalkSkipChildren, nil
	case *ast.AutoLink:
		if n.AutoLinkType == ast.AutoLinkURL {
			start := n.Pos() + 1
			label := n.Label(w.src)
			if urlPrefixed(label) {
				// CommonMark reads <URL:http://x/> as an autolink to
				// "URL:http://x/"; RFC 3986 appendix C reads the URI
				// http://x/ with the old prefix, as the text scanner does.
				w.literal(start+4, start+len(label), ContextAngleURL)
				w.out[len(w.out)-1].PrefixStart = start
			} else {
				w.literal(start, start+len(label), ContextMarkdownAutolink)
			}
		}
		return ast.WalkSkipChildren, nil
	case *ast.LinkReferenceDefinition:
		w.title(n.Title, w.destination(n.Destination, ContextMarkdownDefinition))
		return ast.WalkSkipChildren, nil
	case *ast.RawHTML:
		segs := n.Segments.Sliced(0, n.Segments.Len())
		w.html(segs, false)
		if len(segs) > 0 {
			w.inlineCode(w.doc[segs[0].Start:segs[0].Stop])
		}
		return ast.WalkSkipChildren, nil
	case *bigParagraph:
		w.bigs = append(w.bigs, n)
		if w.opts.Comment != nil && bigHolds(w.src, n, []byte("<")) || w.opts.Target != nil && bigHolds(w.src, n, []byte("{")) {
			// Its comments and targets are reported now, in order, its
			// candidates later (see deferred).
			walkBig(&mdWalker{doc: w.doc, src: w.src, opts: w.opts, lim: w.lim}, w.pc, n, w.lim.piece, nil)
		}
		return ast.WalkSkipChildren, nil
	case *ast.HTMLBlock:
		segs := n.Lines().Sliced(0, n.Lines().Len())
		if n.HasClosure() {
			segs = append(segs, n.ClosureLine)
		}
		w.html(segs, true)
		return ast.WalkSkipChildren, nil
	}
	return ast.WalkContinue, nil
}

// inlineCode follows the code elements that inline raw HTML, tag, opens
// and closes (see codeDepth in the HTML walker).
func (w *mdWalker) inlineCode(tag []byte) {
	if len(tag) < 3 || tag[0] != '<' {
		return
	}
	start := tag[1] != '/'
	name := tag[1:]
	if !start {
		name = tag[2:]
	}
	n := 0
	for n < len(name) && grammar.IsAlpha(name[n]) {
		n++
	}
	w.codeDepth = codeDepth(w.codeDepth, name[:n], start)
}

// text adds the source bytes [start, end) to the current run of text, or
// starts a new run. Text separated from the run by nothing, by the "\" of an
// escape, or by whitespace only (the line break between two lines of a
// paragraph, which reads as a space) joins the run: a URI in a "<...>"
// wrapper may continue on the next line, as in plain text.
func (w *mdWalker) text(start, end int, ctx Context) {
	if w.codeDepth > 0 && ctx == "" {
		// In raw <code>, <kbd> or <samp>: code, as a code span is.
		if !w.opts.IncludeCodeSpans {
			return
		}
		ctx = ContextCodeSpan
	}
	if w.inRun && ctx == w.runCtx && start >= w.runEnd && (start == w.runEnd ||
		ctx == "" && (start == w.runEnd+1 && w.doc[w.runEnd] == '\\' || allSpace(w.doc[w.runEnd:start]))) {
		w.runEnd = end
		return
	}
	w.flush()
	w.runStart, w.runEnd, w.runCtx, w.inRun = start, end, ctx, true
}

func allSpace(b []byte) bool {
	for _, c := range b {
		if !grammar.IsSpace(c) {
			return false
		}
	}
	return true
}

// flush scans the current run of text.
func (w *mdWalker) flush() {
	if !w.inRun {
		return
	}
	w.inRun = false
	add := w.add
	if w.emit != nil {
		// What the walker gathered starts before the run: handed over
		// first, the run's candidates then as they are found.
		w.drain(w.runStart)
		add = w.emit
	}
	if w.runCtx == "" {
		if len(w.linkDests) > 0 {
			dest := w.linkDests[len(w.linkDests)-1]
			scanRun(&w.buf, w.doc, w.runStart, w.runEnd, func(c *Candidate) {
				if c.URI == string(dest) || c.Raw == string(dest) {
					return // the destination, shown (as written: "a\_b", "&amp;")
				}
				c.Continued, c.ContinuedEnd = "", 0 // the link's text
				add(c)
			})
			return
		}
		scanRun(&w.buf, w.doc, w.runStart, w.runEnd, add)
		return
	}
	if !mayHoldURI(w.doc[w.runStart:w.runEnd]) {
		return
	}
	// Code is literal: no escapes, no references.
	ctx := w.runCtx
	scanText(&w.buf, w.doc[w.runStart:w.runEnd], w.runStart, func(c *Candidate) {
		c.Context = ctx
		add(c)
	})
}

// drain hands the candidates the walker gathered that start before bound
// over to w.emit, in order, and keeps the others.
func (w *mdWalker) drain(bound int) { w.out = handOver(w.out, bound, w.emit) }

// handOver sorts out by offset (stably: candidates at one offset keep the
// order found), calls yield with those that start before bound, in order,
// and returns the others: a walker that reads a document a part at a time
// hands over what no later part can precede.
func handOver(out []Candidate, bound int, yield func(*Candidate)) []Candidate {
	slices.SortStableFunc(out, func(a, b Candidate) int { return a.Start - b.Start })
	k := 0
	for k < len(out) && out[k].Start < bound {
		yield(&out[k])
		k++
	}
	return append(out[:0], out[k:]...)
}

// scanRun calls yield with the candidates of the run of text doc[start:end]
// (not code), its escapes and references decoded.
func scanRun(buf *Candidate, doc []byte, start, end int, yield func(*Candidate)) {
	if !mayHoldURI(doc[start:end]) {
		return
	}
	d := decodeMarkdownText(doc, start, end)
	scanDecoded(buf, doc, &d, yield)
}

// destination adds a link destination and returns the offset where it
// ends, or -1. goldmark keeps it as a slice of the source it parsed, which
// gives its offset; escapes and references in it are decoded for the URI,
// while its raw text and positions stay on the source.
func (w *mdWalker) destination(dest []byte, ctx Context) int {
	off, ok := offsetIn(w.src, dest)
	if !ok || len(dest) == 0 {
		return -1
	}
	if codeReference(dest) || rustPath(dest) || dotNetID(dest) || referenceLink(dest) || angleTag(w.src, off, dest) || ctx == ContextMarkdownDefinition && !hasAlnum(dest) {
		// A definition whose destination holds no letter nor digit
		// ("[1368686843]: =>", a table's key and an arrow in a code sample
		// that Lapis's guide writes in a macro) is code that looks like
		// one, not an address.
		return off + len(dest)
	}
	d := decodeMarkdown(w.doc, off, off+len(dest))
	emitValue(&w.buf, w.doc, &d, 0, len(d.text), ctx, "", w.add)
	return off + len(dest)
}

// angleTag reports whether a link's destination, at src[off:], is the
// inside of a template's tag that CommonMark reads as a destination in
// angle brackets: "(<%= mirror[:url] %>)" (ERB, in the pages of a site that
// runs its Markdown through ERB first: Bioconductor's, held-out set 155)
// or "(<?= $url ?>)" (PHP). The template writes the URI there.
func angleTag(src []byte, off int, dest []byte) bool {
	end := off + len(dest)
	if off == 0 || end >= len(src) || src[off-1] != '<' || src[end] != '>' || len(dest) < 2 {
		return false
	}
	first, last := dest[0], dest[len(dest)-1]
	return first == '%' && last == '%' || first == '?' && last == '?'
}

// codeReference reports whether a link's destination is written in
// backticks: ExDoc's reference to code ("[`if`](`if/2`)", "(`:ets`)",
// "(`t:Enum.t/0`)"), which it turns into a link to the function's or
// module's documentation; no URI is written there (a URL holds no "`").
func codeReference(dest []byte) bool {
	return len(dest) >= 3 && dest[0] == '`' && dest[len(dest)-1] == '`'
}

// dotNetID reports whether a link's destination is "@" and a .NET
// documentation comment's ID string (ECMA-334, annex D): a letter for
// the kind of member (N, T, F, P, M, E), ":", then its name
// ("@T:System.String", "@M:System.IO.FileStream.#ctor(System.String)").
// Sandcastle Help File Builder's Markdown writes a link to a code entity
// so ("[](@T:System.String)"), and links it to the member's page; no URI
// is written so: a scheme does not start with "@" (69 reports of held-out
// set 122, all in its guide; the 26 judged were all wrong).
func dotNetID(dest []byte) bool {
	return len(dest) >= 4 && dest[0] == '@' && bytes.IndexByte([]byte("NTFPME"), dest[1]) >= 0 && dest[2] == ':' &&
		(grammar.IsAlpha(dest[3]) || dest[3] == '_')
}

// referenceLink reports whether a link's destination is a reference
// link's text, "[label][]" or "[text][label]": what a document writes in
// parentheses after a link whose reference another file defines (Jekyll's
// include of a list of references, which CommonMark does not see:
// "[text][undefined]([BIP54][])" reads as the link "[undefined]" to
// "[BIP54][]"). No URI is written so: a relative reference does not start
// with "[".
func referenceLink(dest []byte) bool {
	return len(dest) >= 4 && dest[0] == '[' && dest[len(dest)-1] == ']' && bytes.Contains(dest, []byte("]["))
}

// rustPath reports whether a link's destination is a path of Rust items,
// names joined by "::" ("block_on::block_on", "crate::sync::Mutex",
// "Vec::new()", "println!"): rustdoc's intra-doc link, which it resolves to
// the item's page where the document is a crate's documentation (a README
// that lib.rs includes, as embassy's crates do). No URI is written so: a
// scheme holds no "_", and none is followed by ":" alone.
func rustPath(dest []byte) bool {
	s := bytes.TrimSuffix(bytes.TrimSuffix(dest, []byte("()")), []byte("!"))
	names, start := 0, 0 // the names read, and where the one being read starts
	for i := 0; i <= len(s); i++ {
		if i < len(s) && s[i] != ':' {
			if !grammar.IsAlnum(s[i]) && s[i] != '_' || i == start && grammar.IsDigit(s[i]) {
				return false
			}
			continue
		}
		if i == start || i < len(s) && (i+1 == len(s) || s[i+1] != ':') {
			return false // an empty name, or a ":" alone
		}
		names++
		i++ // the second ":"
		start = i + 1
	}
	return names >= 2
}

// title scans a link title as text; Attribute says where the URIs came
// from. goldmark copies titles, so the title is found in the source after
// its destination (which ends at after): past a ">" closing the
// destination, whitespace, and the title's opening quote. A title that does
// not match the source there (one spread over lines in a container) is not
// placed.
func (w *mdWalker) title(t []byte, after int) {
	if after < 0 || len(t) == 0 || !mayHoldURI(t) {
		return
	}
	src, i := w.src, after
	if i < len(src) && src[i] == '>' {
		i++
	}
	for i < len(src) && grammar.IsSpace(src[i]) {
		i++
	}
	if i >= len(src) || src[i] != '"' && src[i] != '\'' && src[i] != '(' {
		return
	}
	off := i + 1
	if off+len(t) > len(src) || !bytes.Equal(src[off:off+len(t)], t) {
		return
	}
	d := decodeMarkdown(w.doc, off, off+len(t))
	scanDecoded(&w.buf, w.doc, &d, func(c *Candidate) {
		c.Attribute = "title"
		w.add(c)
	})
}

// literal adds the source bytes [start, end) as one URI, as written.
func (w *mdWalker) literal(start, end int, ctx Context) {
	if start >= end {
		return
	}
	d := verbatim(w.doc, start, end)
	emitValue(&w.buf, w.doc, &d, 0, end-start, ctx, "", w.add)
}

// html reads raw HTML, made of source segments, with the HTML walker.
// Attribute URIs get the context markdown-html; URIs in the text of an HTML
// block keep the scanner's context.
func (w *mdWalker) html(segs []text.Segment, block bool) {
	joined := &w.joined
	joined.text, joined.pieces = joined.text[:0], joined.pieces[:0]
	for _, seg := range segs {
		joined.pieces = addPiece(joined.pieces, piece{uri: len(joined.text), src: seg.Start, n: seg.Stop - seg.Start, srcN: seg.Stop - seg.Start})
		joined.text = append(joined.text, w.doc[seg.Start:seg.Stop]...)
	}
	if len(joined.text) == 0 {
		return
	}
	var buf Candidate
	opts := w.opts
	if comment := opts.Comment; comment != nil {
		opts.Comment = func(c Comment) {
			c.Start, c.End = joined.span(c.Start, c.End)
			c.TextStart, c.TextEnd = joined.span(c.TextStart, c.TextEnd)
			comment(c)
		}
	}
	if target := opts.Target; target != nil {
		opts.Target = func(t Target) {
			t.Start, t.End = joined.span(t.Start, t.End)
			target(t)
		}
	}
	walkHTML(&buf, joined.text, opts, false, func(c *Candidate) {
		switch {
		case c.Context == ContextHTMLAttribute && c.Start > 0 && joined.text[c.Start-1] == '=' && joined.text[c.Start] == '{':
			// An attribute's value in braces, unquoted, is a JSX expression
			// (MDX, and Docusaurus reads .md as MDX):
			// src={require('@site/static/img/a.png').default}. Code.
			return
		case c.Context == ContextHTMLAttribute || c.Context == ContextHTMLMetaRefresh:
			c.Context = ContextMarkdownHTML
		case c.Attribute == "" && !block:
			return // inline raw HTML holds tags only; its text is Markdown's
		}
		remap(c, joined, w.doc)
		w.add(c)
	})
}

// offsetIn returns where the slice b starts in buf, when b is a slice of
// buf's array (goldmark's destinations are slices of the source).
func offsetIn(buf, b []byte) (int, bool) {
	off := cap(buf) - cap(b)
	if cap(b) == 0 || off < 0 || off+len(b) > len(buf) || !bytes.Equal(buf[off:off+len(b)], b) {
		return 0, false
	}
	return off, true
}

// heading reports a heading as a target: its rendered text (with and
// without its images' alt text), its source, and an id given in an
// attribute list at its end ("Title {#id}") as a target of its own.
func (w *mdWalker) heading(h *ast.Heading) {
	// The text without images' alt, then, only where an image was met,
	// the text with it (most headings have none: one string serves both).
	var text strings.Builder
	sawImage := false
	var walk func(n ast.Node, alt, withAlt bool)
	walk = func(n ast.Node, alt, withAlt bool) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			write := !alt || withAlt
			switch c := c.(type) {
			case *ast.Text:
				if write {
					seg := c.Segment
					text.Write(decodeMarkdown(w.doc, seg.Start, seg.Stop).text)
					if c.SoftLineBreak() || c.HardLineBreak() {
						text.WriteByte('\n')
					}
				}
			case *ast.String:
				if write {
					text.Write(c.Value)
				}
			case *ast.AutoLink:
				if write {
					text.Write(c.Label(w.src))
				}
			case *ast.RawHTML:
				// Tags are dropped; the text between them is the heading's.
			case *ast.Image:
				sawImage = true
				walk(c, true, withAlt)
			default:
				walk(c, alt, withAlt)
			}
		}
	}
	walk(h, false, false)
	plain := text.String()
	withAlt := plain
	if sawImage {
		text = strings.Builder{}
		walk(h, false, true)
		withAlt = text.String()
	}
	lines := h.Lines()
	if lines.Len() == 0 {
		return
	}
	start, end := lines.At(0).Start, lines.At(lines.Len()-1).Stop
	var source string
	switch {
	case lines.Len() == 1 && string(w.doc[start:end]) == plain:
		source = plain // most headings: their text as written; one string serves both
	case lines.Len() == 1:
		source = string(w.doc[start:end])
	default:
		var src strings.Builder
		for i := 0; i < lines.Len(); i++ {
			seg := lines.At(i)
			if i > 0 {
				src.WriteByte('\n')
			}
			src.Write(w.doc[seg.Start:seg.Stop])
		}
		source = src.String()
	}
	t := Target{Kind: TargetHeading, Text: plain, TextWithAlt: withAlt, Source: source, Level: h.Level, Start: start, End: end}
	w.opts.Target(t)
	if id, _, ok := explicitID(t.Source); ok {
		w.opts.Target(Target{Kind: TargetAttrID, ID: id, Level: h.Level, Start: start, End: end})
	}
}

// inHeading reports whether the inline node n is in a heading, whose own
// attribute list the heading code reads.
func inHeading(n ast.Node) bool {
	for p := n.Parent(); p != nil; p = p.Parent() {
		if p.Type() == ast.TypeBlock {
			_, ok := p.(*ast.Heading)
			return ok
		}
	}
	return false
}
