package links

import (
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/slug"
	"github.com/urilint/urilint/internal/suggest"
)

// Doc is what a link's fragment can name in a document: the ids of its
// headings under each slug profile (a heading's own "{#id}" under the
// profiles that read it), the ids its author gave (HTML id and <a name>,
// XML id and xml:id, xml2rfc anchor), the ids of Markdown attribute lists
// after paragraphs and inline elements under the profiles that read them,
// and its length in lines (for a forge's "#L10-L20"). Memory goes with the
// targets, not the document.
type Doc struct {
	Lines    int
	explicit map[string]bool
	attr     map[string]bool            // ids of attribute lists after paragraphs and inline elements
	headings map[string]map[string]bool // profile name -> ids
	profiles []*slug.Profile
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
		switch t.Kind {
		case extract.TargetID, extract.TargetName:
			d.explicit[t.ID] = true
		case extract.TargetAttrID:
			// A heading's own is the profiles' (Profile.ExplicitID).
			if t.Level == 0 {
				if d.attr == nil {
					d.attr = map[string]bool{}
				}
				d.attr[t.ID] = true
			}
		}
	}
	for _, p := range d.profiles {
		ids := map[string]bool{}
		s := p.NewSlugger()
		for id := range d.explicit {
			s.Reserve(id)
		}
		if p.ReservesAhead() {
			for _, t := range ts {
				if t.Kind == extract.TargetHeading {
					if id, ok := p.ExplicitID(slug.Heading{Text: t.Text, TextWithAlt: t.TextWithAlt, Source: t.Source}); ok {
						s.Reserve(id)
					}
				}
			}
		}
		if p.AttrLists() {
			for id := range d.attr {
				s.Reserve(id)
			}
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
// under each. An id given by the author is a target under every profile,
// and matches exactly, as browsers match ids: only the ids a renderer
// generates are compared by its rules (github.com's any-case match).
func (d *Doc) Missing(fragment string) []string {
	if d.explicit[fragment] {
		return nil
	}
	if len(d.profiles) == 0 {
		// No headings' ids: only the author's count.
		return []string{"id"}
	}
	var missing []string
	for _, p := range d.profiles {
		ids := d.headings[p.Name()]
		if ids[fragment] || p.AttrLists() && d.attr[fragment] {
			continue
		}
		found := false
		for id := range ids {
			if p.Match(fragment, id) {
				found = true
				break
			}
		}
		if !found {
			missing = append(missing, p.Name())
		}
	}
	slices.Sort(missing)
	return missing
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
// that names none under the profiles missing (as Missing returns them): an
// id the author gave or one of those profiles' heading ids, a letter or
// two away or the same but for case; never the fragment itself (another
// profile may have it), or "".
func (d *Doc) Closest(fragment string, missing []string) string {
	set := map[string]bool{}
	for id := range d.explicit {
		set[id] = true
	}
	for _, name := range missing {
		for id := range d.headings[name] {
			set[id] = true
		}
		if p, ok := slug.Lookup(name); ok && p.AttrLists() {
			for id := range d.attr {
				set[id] = true
			}
		}
	}
	delete(set, fragment)
	ids := make([]string, 0, len(set))
	for id := range set {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if strings.EqualFold(id, fragment) {
			return id
		}
	}
	return suggest.Closest(fragment, ids)
}
