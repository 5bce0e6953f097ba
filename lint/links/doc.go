package links

import (
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/slug"
	"github.com/urilint/urilint/internal/suggest"
)

// Doc is what a link's fragment can name in a document: the ids of its
// headings under each slug profile, the ids its author gave (HTML id and
// <a name>, XML id and xml:id, xml2rfc anchor, Markdown {#id}), and its
// length in lines (for a forge's "#L10-L20"). Memory goes with the
// targets, not the document.
type Doc struct {
	Lines    int
	explicit map[string]bool
	headings map[string]map[string]bool // profile name -> ids
	profiles []*slug.Profile

	// Made on the first question (see makeIndex): by profile, what
	// fragments reach; the sorted ids by their case-folded key (the
	// first of each); the sorted ids for suggestions.
	indexOnce sync.Once
	index     []*slug.Index
	folded    map[string]string
	near      *suggest.Index
	mu        sync.Mutex
	closest   map[string]string // the answers of Closest
}

// ProfilesFor returns the slug profiles a document of format f is
// rendered under: the configured ones for Markdown (github by default).
// (HTML and XML headings get no ids of their own.)
func ProfilesFor(f extract.Format, configured []string) []*slug.Profile {
	names := configured
	if len(names) == 0 {
		names = DefaultSlugs
	}
	if f != extract.FormatMarkdown {
		return nil
	}
	var ps []*slug.Profile
	for _, n := range names {
		if p, ok := slug.Lookup(n); ok {
			ps = append(ps, p)
		}
	}
	return ps
}

// NewDoc reads the targets of the document src of format f.
func NewDoc(f extract.Format, src []byte, configured []string) *Doc {
	var ts []extract.Target
	f.Walk(src, extract.Options{Target: func(t extract.Target) { ts = append(ts, t) }}, func(*extract.Candidate) {})
	return DocOf(f, ts, countLines(src), configured)
}

// DocOf makes the Doc of a document of format f whose targets are ts, in
// order, and which has lines lines.
func DocOf(f extract.Format, ts []extract.Target, lines int, configured []string) *Doc {
	d := &Doc{Lines: lines, explicit: map[string]bool{}, headings: map[string]map[string]bool{}, profiles: ProfilesFor(f, configured)}
	for _, t := range ts {
		if t.Kind != extract.TargetHeading {
			d.explicit[t.ID] = true
		}
	}
	for _, p := range d.profiles {
		ids := map[string]bool{}
		s := p.NewSlugger()
		for id := range d.explicit {
			s.Reserve(id)
		}
		for _, t := range ts {
			if t.Kind != extract.TargetHeading {
				continue
			}
			if id := s.Slug(slug.Heading{Text: t.Text, TextWithAlt: t.TextWithAlt, Source: t.Source}); id != "" {
				ids[id] = true
			}
		}
		d.headings[p.Name()] = ids
	}
	return d
}

// Missing returns the names of the profiles under which fragment (percent-
// decoded) names nothing in the document, or nil when it names a target
// under each. An id given by the author is a target under every profile.
func (d *Doc) Missing(fragment string) []string {
	if d.explicit[fragment] {
		return nil
	}
	d.indexOnce.Do(d.makeIndex)
	var missing []string
	for i, p := range d.profiles {
		if !d.index[i].Match(fragment) {
			missing = append(missing, p.Name())
		}
	}
	if len(d.profiles) == 0 {
		// No headings' ids: only the author's count.
		return []string{"id"}
	}
	slices.Sort(missing)
	return missing
}

// makeIndex indexes, for each profile, the ids a fragment can reach
// (headings' and explicit), and the sorted ids Closest picks from: a
// document's links are answered in the time of a lookup each, where
// looking through every id for each link took the number of links times
// the number of ids.
func (d *Doc) makeIndex() {
	d.index = make([]*slug.Index, len(d.profiles))
	for i, p := range d.profiles {
		x := p.NewIndex()
		for id := range d.headings[p.Name()] {
			x.Add(id)
		}
		for id := range d.explicit {
			x.Add(id)
		}
		d.index[i] = x
	}
	set := map[string]bool{}
	for id := range d.explicit {
		set[id] = true
	}
	for _, ids := range d.headings {
		for id := range ids {
			set[id] = true
		}
	}
	ids := make([]string, 0, len(set))
	for id := range set {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	d.folded = make(map[string]string, len(ids))
	for _, id := range ids {
		if k := foldKey(id); d.folded[k] == "" {
			d.folded[k] = id
		}
	}
	d.near = suggest.NewIndex(ids)
	d.closest = map[string]string{}
}

// foldKey returns a key that two strings share when strings.EqualFold
// says they are equal: each rune (a byte that is not UTF-8 read as
// utf8.RuneError, as EqualFold reads it) replaced by the least rune of its
// orbit under unicode.SimpleFold.
func foldKey(s string) string {
	var b strings.Builder
	for _, r := range s {
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// Profiles names the slug profiles the document's headings have ids under.
func (d *Doc) Profiles() []string {
	names := make([]string, len(d.profiles))
	for i, p := range d.profiles {
		names[i] = p.Name()
	}
	return names
}

// Closest returns the id of the document most likely meant by a fragment
// that names none (a letter or two away, or the same but for case), or "".
func (d *Doc) Closest(fragment string) string {
	d.indexOnce.Do(d.makeIndex)
	if id, ok := d.folded[foldKey(fragment)]; ok {
		return id // the first id in order that strings.EqualFold matches
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	near, ok := d.closest[fragment]
	if !ok {
		// A document links to the same missing fragment again and
		// again: each is looked for once.
		near = d.near.Closest(fragment)
		d.closest[fragment] = near
	}
	return near
}
