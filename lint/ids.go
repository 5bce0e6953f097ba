package lint

import (
	"bytes"
	"html"
	"sync"

	"github.com/urilint/urilint/extract"
)

// pageIDs are the ids a document gives its elements, as written: the
// values of its id, xml:id and name attributes (HTML's <a name>, which
// browsers match as they match ids). They are read from the document's
// bytes once, the first time a rule asks (Pass.HasID), which is rare: a
// link to a place of its own page with something to report. The parts of
// a document checked at once (CheckParts) share them.
type pageIDs struct {
	once sync.Once
	src  []byte
	ids  map[string]struct{}
}

// idsIn reports whether the ids of a document of format f can be read
// from its markup: HTML and XML, and Markdown, whose raw HTML renderers
// pass on.
func idsIn(f extract.Format) bool {
	return f == extract.FormatHTML || f == extract.FormatXML || f == extract.FormatMarkdown
}

// has reports whether the document gives an element the id id.
func (p *pageIDs) has(id string) bool {
	p.once.Do(func() { p.ids, p.src = readIDs(p.src), nil })
	_, ok := p.ids[id]
	return ok
}

// readIDs returns the values of the attributes id, xml:id and name in src
// (in any letter case)
// (an attribute's name after a space, a tab, a line break or ":", then
// "=", then a quoted or unquoted value), character references resolved.
// It reads the markup without parsing it: an attribute in a comment or
// in code counts as well, which can only make a fragment that names it
// look deliberate.
func readIDs(src []byte) map[string]struct{} {
	ids := map[string]struct{}{}
	// One pass over the "="s: HTML's attribute names are case-insensitive
	// ("<A NAME=...>" in pages of the 1990s: Euler's reference, SGML-Tools'
	// output), so each name is compared in any letter case.
	for at := 0; ; {
		i := bytes.IndexByte(src[at:], '=')
		if i < 0 {
			break
		}
		eq := at + i
		at = eq + 1
		b := -1 // the byte before the attribute's name
		switch {
		case eq >= 2 && bytes.EqualFold(src[eq-2:eq], []byte("id")):
			b = eq - 3
		case eq >= 4 && bytes.EqualFold(src[eq-4:eq], []byte("name")):
			b = eq - 5
		}
		if b < 0 || bytes.IndexByte([]byte(" \t\r\n:"), src[b]) < 0 {
			continue
		}
		rest := src[at:]
		var v []byte
		if len(rest) > 0 && (rest[0] == '"' || rest[0] == '\'') {
			end := bytes.IndexByte(rest[1:], rest[0])
			if end < 0 {
				continue
			}
			v = rest[1 : 1+end]
		} else {
			end := bytes.IndexAny(rest, " \t\r\n>")
			if end < 0 {
				end = len(rest)
			}
			v = rest[:end]
		}
		if len(v) == 0 {
			continue
		}
		s := string(v)
		if bytes.IndexByte(v, '&') >= 0 {
			s = html.UnescapeString(s)
		}
		ids[s] = struct{}{}
	}
	return ids
}
