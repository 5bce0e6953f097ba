package extract

import (
	"bytes"
	"strings"
)

// A Target is a place of a document that a link's fragment can name: a
// heading, whose id the renderer makes from its text (see package slug),
// or an element with an id the author gave it. Walkers report the targets
// of a document to Options.Target, when it is set, in document order; the
// local link rules check fragments against them.
type Target struct {
	Kind TargetKind
	// ID is the id an author gave (TargetID, TargetName, TargetAttrID), as
	// the renderer reads it (references decoded); the name a renderer makes
	// an id of (TargetLabel, TargetLink), as written, whitespace runs one
	// space; or for a heading, the id markup outside its text gives it
	// (AsciiDoc's "[[id]]" or "[#id]" above a section title), with which the
	// renderer makes none of its text ("" when it has none).
	ID string
	// For a heading: Text is its rendered text (markup removed, references
	// and escapes decoded, no image's alt text, no raw HTML), TextWithAlt
	// the same with the images' alt text, and Source its source after its
	// marker, as written.
	Text, TextWithAlt, Source string
	// Level is a heading's level: 1 to 6 in Markdown and HTML; in
	// reStructuredText, 1 for the first style of title adornment met, 2
	// for the second, and so on; in AsciiDoc, the number of "=" less one
	// (0 for a book's part). For TargetAttrID, the level of the heading it
	// ends, or 0.
	Level int
	// IDPrefix and IDSeparator are, for an AsciiDoc section title, the
	// values of the document attributes idprefix and idseparator where the
	// title is, or nil where they are not set (Asciidoctor's defaults).
	IDPrefix, IDSeparator *string
	// Start and End span the heading, the attribute's value or the name in
	// the document.
	Start, End int
}

// TargetKind says what a target is.
type TargetKind uint8

// Kinds of target.
const (
	TargetHeading TargetKind = iota + 1 // a heading: its id is a renderer's slug of its text
	TargetID                            // an id given by the author: HTML id, XML id or xml:id, xml2rfc anchor, Markdown {#id}
	TargetName                          // HTML <a name="...">, which browsers follow as an id
	// An id of a Markdown attribute list: "{#id}" ending a heading (Level
	// is the heading's), "{: #id .class}" ending a paragraph or following an
	// inline element (Level 0). Only the renderers that read attribute lists
	// give the element that id (slug.Profile ExplicitID and AttrLists).
	TargetAttrID
	// TargetLabel is a name an author gave a place of a reStructuredText
	// document, of which docutils makes its id (make_id: "My Label" is
	// "my-label", a taken one "my-label-1"): a hyperlink target
	// (".. _name:"), an inline target (_`name`), a directive's :name:
	// option, a labelled footnote ([#name]) or a citation ([NAME]).
	TargetLabel
	// TargetLink is the name of a reStructuredText hyperlink target that
	// links elsewhere (".. _name: URI", ".. _name: other_", `text <URI>`_):
	// docutils takes an id for it, which later ids avoid, but writes no
	// element with that id.
	TargetLink
)

// explicitID returns the id of a heading's attribute list at the end of
// its text, as kramdown, Python-Markdown's attr_list, pandoc and goldmark's
// attributes write it ("Title {#my-id}", "Title {: #my-id .cls}"), and the
// text before it; ok is false when there is none.
func explicitID(text string) (id, rest string, ok bool) {
	t := strings.TrimRight(text, " \t")
	if !strings.HasSuffix(t, "}") {
		return "", text, false
	}
	open := strings.LastIndexByte(t, '{')
	if open < 0 {
		return "", text, false
	}
	for _, f := range strings.Fields(t[open+1 : len(t)-1]) {
		if f == ":" {
			continue
		}
		if strings.HasPrefix(f, "#") && len(f) > 1 {
			return f[1:], strings.TrimRight(t[:open], " \t"), true
		}
	}
	return "", text, false
}

// htmlTargets reports the ids of a tag's attributes: id on any element,
// name on <a>.
func htmlTargets(src []byte, tag []byte, attrs []htmlAttr, yield func(Target)) {
	for _, a := range attrs {
		key := src[a.keyStart:a.keyEnd]
		kind := TargetKind(0)
		switch {
		case equalFoldASCII(key, "id"):
			kind = TargetID
		case equalFoldASCII(key, "name") && equalFoldASCII(tag, "a"):
			kind = TargetName
		default:
			continue
		}
		d := decodeHTML(src, a.valStart, a.valEnd, true)
		id := string(bytes.TrimSpace(d.text))
		if id != "" {
			yield(Target{Kind: kind, ID: id, Start: a.valStart, End: a.valEnd})
		}
	}
}

// attrListIDs reports the ids of the attribute lists in the text
// doc[start:end] of a paragraph: "{: #id .class key=value}" (kramdown's and
// Python-Markdown's attr_list) or "{#id}", each "{" ... "}" on one line
// whose every word is an id, a class or a key=value pair (so that "{#if x}"
// of a template, or a set "{a, b}", is none). Which renderer gives the
// element the id is the link rules' to say (TargetAttrID).
func attrListIDs(doc []byte, start, end int, yield func(Target)) {
	for i := start; i < end; i++ {
		if doc[i] != '{' {
			continue
		}
		j := i + 1
		for j < end && doc[j] != '}' && doc[j] != '\n' && doc[j] != '{' {
			j++
		}
		if j >= end || doc[j] != '}' {
			continue
		}
		if id, ok := attrListID(doc[i+1 : j]); ok {
			yield(Target{Kind: TargetAttrID, ID: id, Start: i, End: j + 1})
		}
		i = j
	}
}

// attrListID returns the last id ("#id") of the attribute list body b, the
// text between "{" and "}", when b is one.
func attrListID(b []byte) (string, bool) {
	s := strings.TrimSpace(string(b))
	s = strings.TrimPrefix(s, ":")
	id := ""
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		n := strings.IndexAny(s, " \t")
		if n < 0 {
			n = len(s)
		}
		word := s[:n]
		switch {
		case word[0] == '#' && len(word) > 1 && !strings.ContainsAny(word[1:], "#=\"'"):
			id = word[1:]
		case word[0] == '.' && len(word) > 1 && !strings.ContainsAny(word[1:], "#=\"'"):
		case strings.Contains(word, "=") && word[0] != '=':
			eq := strings.IndexByte(s, '=')
			if q := s[eq+1:]; q != "" && (q[0] == '"' || q[0] == '\'') {
				// A quoted value may hold spaces.
				close := strings.IndexByte(q[1:], q[0])
				if close < 0 {
					return "", false
				}
				n = eq + 1 + close + 2
			}
		default:
			return "", false
		}
		s = s[n:]
	}
	return id, id != ""
}
