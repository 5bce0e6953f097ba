package slug

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Heading is a heading as a walker gives it.
//
// A line break inside the heading (a setext heading of several lines, a
// hard break) is "\n" in Text and TextWithAlt and in Source. Footnote
// references are left out of Text and TextWithAlt (Python-Markdown 3.6
// and later drops them; github.com would keep the footnote's number).
type Heading struct {
	// Text is the rendered text: markup removed, character references
	// decoded, without images' alt text and without raw HTML (the text
	// between raw HTML tags is kept).
	Text string
	// TextWithAlt is Text with the alt text of images, which GitLab
	// (comrak), Hugo and Docusaurus keep.
	TextWithAlt string
	// Source is the heading's source after its marker ("## "), as written:
	// an ATX heading's closing sequence and attribute block included, a
	// setext heading's lines joined by "\n". goldmark's default ids and
	// kramdown slug it, and it carries the attribute blocks of goldmark,
	// Hugo and kramdown and the anchors of AsciiDoc titles. A one-line
	// Source is read as an ATX heading: its closing sequence is removed
	// where the renderer removes one.
	Source string
	// ID is an id that markup outside the heading's text gives it (an
	// AsciiDoc block anchor, "[[id]]" or "[#id]" on the line above a
	// section title): the heading's id under every profile, none made of
	// its text.
	ID string
	// IDPrefix and IDSeparator are the AsciiDoc document's idprefix and
	// idseparator attributes where the heading is (nil: not set), which
	// the asciidoctor profile follows (the profiles of github.com and
	// GitLab set their own, which a document cannot change).
	IDPrefix, IDSeparator *string
}

// Profile is the heading-to-id rule of one renderer in one configuration:
// which text of a heading it reads, how it makes an id of that text, how it
// tells duplicates apart, which explicit heading ids it takes, and how a
// link's fragment reaches an id. Profiles are immutable and safe for
// concurrent use; a Slugger is not.
type Profile struct {
	name    string
	summary string
	// format names the markup whose headings the profile gives ids:
	// "restructuredtext", "asciidoc", or "" for Markdown.
	format string

	// explicit finds the heading's own explicit id ({#id}, [[id]]), for
	// renderers with such a syntax; the empty string with true is an
	// explicit empty id (no id).
	explicit func(h Heading) (string, bool)
	// explicitTaken: explicit ids enter the pool that generated ids avoid.
	explicitTaken bool
	// base is the id before de-duplication.
	base func(s *Slugger, h Heading) string
	// post rewrites an id after de-duplication (Astro).
	post func(string) string

	dedup dedup

	reserves      bool // Reserve enters ids in the pool
	reservesAhead bool // the renderer takes every explicit id of the page first
	foldMatch     bool // a fragment reaches an id whatever its letter case
	encodedIDs    bool // ids are percent-encoded (pymdownx percent_encode)
	attrLists     bool // attribute lists after blocks and inline elements give ids
	// adocAttrs: the profile follows a heading's IDPrefix and IDSeparator
	// (Asciidoctor's defaults); adocPrefix is its idprefix when unset.
	adocAttrs  bool
	adocPrefix string
}

// Name is the profile's name, as Lookup takes it.
func (p *Profile) Name() string { return p.name }

// Summary says in one line which renderer and configuration the profile
// follows.
func (p *Profile) Summary() string { return p.summary }

// Format names the markup whose headings the profile gives ids, as
// package extract names formats: "markdown", "restructuredtext" (docutils,
// sphinx, docutils-github) or "asciidoc" (asciidoctor, asciidoctor-github,
// asciidoctor-gitlab).
func (p *Profile) Format() string {
	if p.format == "" {
		return "markdown"
	}
	return p.format
}

// Reserves reports whether the renderer's generated ids avoid explicit ids
// found elsewhere in the document (Reserve has an effect).
func (p *Profile) Reserves() bool { return p.reserves }

// AttrLists reports whether the renderer reads an attribute list ("{#id}",
// "{: #id .class}") after a paragraph or an inline element as that
// element's id: Python-Markdown's attr_list (MkDocs), kramdown's inline
// attribute lists (Jekyll). A heading's own "{#id}" is ExplicitID's.
func (p *Profile) AttrLists() bool { return p.attrLists }

// ReservesAhead reports whether the renderer collects every explicit id of
// the page before it generates any (Python-Markdown's toc). A caller then
// calls Reserve for all of a document's explicit ids (ExplicitID of each
// heading included) before the first Slug; otherwise in document order.
func (p *Profile) ReservesAhead() bool { return p.reservesAhead }

// ExplicitID is the id the renderer takes from the heading's own syntax
// ("## Title {#id}" in goldmark with attributes, Hugo, Python-Markdown's
// attr_list, Docusaurus and kramdown, each with its own rules; "== Title
// [[id]]" in AsciiDoc), if the heading has one. Slug gives it too; ExplicitID is for callers that must Reserve
// explicit ids ahead (ReservesAhead).
func (p *Profile) ExplicitID(h Heading) (string, bool) {
	if p.explicit == nil {
		return "", false
	}
	return p.explicit(h)
}

// Match reports whether a link's fragment, already percent-decoded by the
// caller, reaches id under the renderer's rules: exactly, or by the
// renderer's case rule (github.com matches whatever the letter case); ids
// a renderer percent-encodes (pymdownx's percent_encode) are decoded first.
func (p *Profile) Match(fragment, id string) bool {
	if fragment == id {
		return true
	}
	if p.encodedIDs {
		if d, ok := percentDecode(id); ok && d == fragment {
			return true
		}
	}
	if p.foldMatch {
		var c casers
		return c.lower(fragment) == c.lower(id)
	}
	return false
}

// NewSlugger starts the ids of one document.
func (p *Profile) NewSlugger() *Slugger { return p.NewSluggerFor(0) }

// NewSluggerFor starts the ids of one document of about n headings and
// labels: its set of the ids taken is made of that size once, not grown
// heading by heading.
func (p *Profile) NewSluggerFor(n int) *Slugger {
	return &Slugger{p: p, taken: make(map[string]struct{}, n)}
}

// Slugger gives the ids of one document's headings, in document order,
// telling duplicates apart as the renderer does. It is not safe for
// concurrent use.
type Slugger struct {
	p      *Profile
	taken  map[string]struct{}
	counts map[string]int
	// next is, for a base whose id was taken, the next number to try;
	// lastPy the last id given for a base, with Python-Markdown's dedup.
	next   map[string]int
	lastPy map[string]string
	c      casers
}

// Slug is the id the renderer gives the heading: its explicit id if it has
// one the renderer takes, or the id made of its text, de-duplicated against
// the document's earlier ids. It is "" when the renderer gives no id.
func (s *Slugger) Slug(h Heading) string {
	p := s.p
	if h.ID != "" {
		return s.take(h.ID)
	}
	if p.explicit != nil {
		if id, ok := p.explicit(h); ok {
			if p.explicitTaken && id != "" {
				s.taken[id] = struct{}{}
			}
			return id
		}
	}
	if p.adocAttrs && (h.IDPrefix != nil || h.IDSeparator != nil) {
		prefix, sep := p.adocPrefix, p.dedup.sep
		if h.IDPrefix != nil {
			prefix = *h.IDPrefix
		}
		if h.IDSeparator != nil {
			sep = firstRune(*h.IDSeparator)
		}
		return s.collision(asciidoctorSlug(&s.c, h.Text, prefix, sep), sep)
	}
	id := s.unique(p.base(s, h))
	if p.post != nil {
		id = p.post(id)
	}
	return id
}

// Label is the id the renderer gives a place of the document that its
// author named (a reStructuredText hyperlink target, inline target,
// directive :name:, labelled footnote or citation: docutils makes the id
// of the name as it makes a section's, avoiding the ids taken before), and
// takes it. Under a profile whose renderer uses names as they are, the
// name is the id.
func (s *Slugger) Label(name string) string {
	if s.p.dedup.kind == dedupDocutils {
		return s.docutilsID(docutilsName(&s.c, name), "target")
	}
	if name != "" {
		s.take(name)
	}
	return name
}

// Automatic reports whether fragment has the form of an id the renderer
// numbers for an element with no name of its own, which a Slugger does not
// follow (docutils' footnotes and their references, anonymous targets,
// system messages: "footnote-1", "id3"): a fragment of that form may name
// one, and cannot be judged from the headings and names alone.
func (p *Profile) Automatic(fragment string) bool {
	d := &p.dedup
	if d.kind != dedupDocutils {
		return false
	}
	prefix := d.idPrefix + d.autoIDPrefix
	if strings.HasSuffix(prefix, "%") {
		// Sphinx builds the same sources with the prefix "id" ("id3"): a
		// fragment of that form may name one there.
		if rest, ok := strings.CutPrefix(fragment, d.idPrefix+"id"); ok && allDigits(rest) {
			return true
		}
		rest, ok := strings.CutPrefix(fragment, strings.TrimSuffix(prefix, "%"))
		if !ok {
			return false
		}
		i := strings.LastIndexByte(rest, '-')
		if i < 0 || !allDigits(rest[i+1:]) {
			return false
		}
		switch rest[:i] {
		case "footnote", "footnote-reference", "citation-reference", "target", "system-message", "problematic":
			return true
		}
		return false
	}
	rest, ok := strings.CutPrefix(fragment, prefix)
	return ok && allDigits(rest)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Reserve records an explicit id found in the document (an HTML id, a
// reST target, an AsciiDoc anchor), so that later generated ids avoid it,
// where the renderer does so (Profile.Reserves); otherwise it does nothing.
func (s *Slugger) Reserve(id string) {
	if s.p.reserves && id != "" {
		s.taken[id] = struct{}{}
	}
}

func (s *Slugger) has(id string) bool {
	_, ok := s.taken[id]
	return ok
}

func (s *Slugger) take(id string) string {
	s.taken[id] = struct{}{}
	return id
}

func (s *Slugger) count(key string) int {
	if s.counts == nil {
		s.counts = make(map[string]int)
	}
	n := s.counts[key]
	s.counts[key] = n + 1
	return n
}

// dedupKind is how a renderer tells duplicate ids apart.
type dedupKind uint8

const (
	// collision-aware: base, then base+sep+n for n from start up, the
	// first not yet taken (taken: every id so far, explicit ones where
	// the renderer enters them). GitHub, comrak, goldmark, Hugo,
	// Asciidoctor.
	dedupCollision dedupKind = iota
	// naive counter: base+"-"+n where n counts the earlier headings with
	// the same base, whatever else is taken. GitLab before 17.0,
	// html-pipeline, kramdown.
	dedupCounter
	// Python-Markdown's unique(): an id ending in _n is incremented,
	// another gets _1; the empty id too.
	dedupPython
	// docutils' set_id: name-derived ids, then prefixed counters.
	dedupDocutils
)

type dedup struct {
	kind  dedupKind
	sep   string // collision-aware: between base and number
	start int    // collision-aware: the first number
	empty string // collision-aware: the base of an empty id (goldmark: "heading")

	// docutils
	idPrefix, autoIDPrefix string
}

func (s *Slugger) unique(base string) string {
	d := &s.p.dedup
	switch d.kind {
	case dedupCounter:
		if n := s.count(base); n > 0 {
			return s.take(base + "-" + strconv.Itoa(n))
		}
		return s.take(base)
	case dedupPython:
		// Each try follows from the one before, and those tried before
		// are still taken: the search goes on from the last id given for
		// base (see pythonUnique).
		start := base
		if last, ok := s.lastPy[base]; ok {
			start = last
		}
		id := s.take(pythonUnique(start, s.has))
		if s.lastPy == nil {
			s.lastPy = make(map[string]string)
		}
		s.lastPy[base] = id
		return id
	case dedupDocutils:
		return s.docutilsID(base, "section")
	}
	if base == "" {
		base = d.empty
	}
	return s.collision(base, d.sep)
}

// collision is the collision-aware de-duplication: base, else base, sep
// and the first number from the profile's start whose id is not taken.
func (s *Slugger) collision(base, sep string) string {
	if !s.has(base) {
		return s.take(base)
	}
	// The numbers tried for base before are still taken (ids are never
	// given back): the search goes on from the last one, so that k
	// headings of one text cost k tries, not k*k/2.
	key := base + "\x00" + sep
	n, ok := s.next[key]
	if !ok {
		n = s.p.dedup.start
	}
	for ; ; n++ {
		if id := base + sep + strconv.Itoa(n); !s.has(id) {
			s.remember(key, n+1)
			return s.take(id)
		}
	}
}

// remember notes where the search for a free id for base goes on.
func (s *Slugger) remember(base string, n int) {
	if s.next == nil {
		s.next = make(map[string]int)
	}
	s.next[base] = n
}

// registry holds the named profiles.
var registry = map[string]*Profile{}

func register(ps ...*Profile) {
	for _, p := range ps {
		if _, dup := registry[p.name]; dup {
			panic("slug: profile registered twice: " + p.name)
		}
		registry[p.name] = p
	}
}

// Lookup finds a profile by name ("github", "gitlab", "goldmark", "hugo",
// "python-markdown", "docutils", "asciidoctor", ...: Names lists them all).
func Lookup(name string) (*Profile, bool) {
	p, ok := registry[name]
	return p, ok
}

// Names lists the profiles' names, sorted.
func Names() []string {
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// percentDecode decodes %XX escapes; ok is false for a malformed one.
func percentDecode(s string) (string, bool) {
	if !strings.Contains(s, "%") {
		return s, true
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
			return "", false
		}
		b.WriteByte(byte(unhex(s[i+1])<<4 | unhex(s[i+2])))
		i += 2
	}
	return b.String(), true
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}

// Index answers Match for a set of ids at once, in the time of a map
// lookup: what a document's every link to a fragment asks of its ids.
type Index struct {
	p     *Profile
	keys  map[string]bool // the ids, and with encoded ids their decoding
	lower map[string]bool // the ids in lower case, where case does not count
	// own says keys is exactly the set of ids (an IndexOf, of a profile
	// whose ids are not encoded), and lower holds only the lower cases of
	// the ids that are not their own lower case: an id that is (most are,
	// github.com's all) answers from keys, which spares a second map of
	// each document's ids. That map is made on the first fragment that
	// matches no id exactly (lowerOnce): most match one, and a document
	// whose every link does never needs it.
	own       bool
	lowerOnce sync.Once
	c         casers
}

// IndexOf returns the Index of the set of ids, which it uses as it is and
// never changes: a document's ids are indexed without copying them. Add
// must not be called on it.
func (p *Profile) IndexOf(ids map[string]bool) *Index {
	if p.encodedIDs {
		x := p.NewIndex()
		for id := range ids {
			x.Add(id)
		}
		return x
	}
	return &Index{p: p, keys: ids, own: true}
}

// makeLower gives an IndexOf of a profile whose match ignores case its
// map of the lower cases of the ids that are not their own.
func (x *Index) makeLower() {
	for id := range x.keys {
		if l := x.c.lower(id); l != id {
			if x.lower == nil {
				x.lower = map[string]bool{}
			}
			x.lower[l] = true
		}
	}
}

// NewIndex returns an empty Index of the profile's ids.
func (p *Profile) NewIndex() *Index {
	x := &Index{p: p, keys: map[string]bool{}}
	if p.foldMatch {
		x.lower = map[string]bool{}
	}
	return x
}

// Add enters id in the index.
func (x *Index) Add(id string) {
	x.keys[id] = true
	if x.p.encodedIDs {
		if d, ok := percentDecode(id); ok {
			x.keys[d] = true
		}
	}
	if x.lower != nil {
		x.lower[x.c.lower(id)] = true
	}
}

// Match reports whether Match(fragment, id) holds for an id entered.
func (x *Index) Match(fragment string) bool {
	if x.keys[fragment] {
		return true
	}
	var c casers // not x.c: Match may be called from several goroutines
	if x.own {
		if !x.p.foldMatch {
			return false
		}
		// An id whose lower case is l: one that is its own lower case
		// (then it is l), or one of the others.
		x.lowerOnce.Do(x.makeLower)
		l := c.lower(fragment)
		return x.lower[l] || x.keys[l] && c.lower(l) == l
	}
	return x.lower != nil && x.lower[c.lower(fragment)]
}
