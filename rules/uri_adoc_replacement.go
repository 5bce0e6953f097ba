package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URIAdocReplacement reports a sequence in a URI of an AsciiDoc document
// that Asciidoctor turns into a typographic character before it makes the
// link.
var URIAdocReplacement = &lint.Rule{
	Name:      "uri-adoc-replacement",
	Category:  lint.Syntax,
	Severity:  lint.Error,
	Certainty: extract.Likely,
	Doc: lint.Doc{
		Title: `Asciidoctor turns characters of an AsciiDoc URI into typographic ones ("..." into "…"), and the link breaks.`,
		Text: `Asciidoctor applies its replacements substitution to running text before it finds the links and
macros in it, so a URI written there is changed before it becomes a link: "..." becomes an ellipsis
(with a zero-width space), "--" between word characters an em dash, "(C)", "(R)" and "(TM)" signs, "->",
"=>", "<-" and "<=" arrows, and an apostrophe between a letter or digit and a letter ("it's") a curved
one. https://example.org/a...b[x] links to "https://example.org/a…b" (and a zero-width space), a page that does not exist.
This happens to bare URLs, <...> autolinks, link:, mailto: and inline image: macros (their targets
and link= attributes), in paragraphs, titles, lists, table cells, verses and monospace text, and to
the value of an attribute that such a place references ({url}[x]: reported at the reference). It does
not happen in block macros (image::, video::, audio::, include::), listing, literal and source blocks,
passthroughs (link:++URL++[text], pass:[...], +++...+++, also around a part of the URL:
#clojure.core/+++->+++), text whose subs leave the replacements out,
nor to a sequence escaped with "\" ("\...", "a\--b", "it\'s", "\<-"), which reads as written.
"..." right after a bare URL ("see https://example.org/docs... for more") is reported too: the
ellipsis Asciidoctor makes of it becomes part of the link.
Seen with Asciidoctor 2.0.18.`,
		Bad:  `https://example.org/a...b[x]  https://example.org/a--b[y]  https://example.org/O'Reilly[z]`,
		Good: `https://example.org/a\...b[x]  https://example.org/a\--b[y]  link:++https://example.org/O'Reilly++[z]`,
		Fix: `Fix (not safe: review it): write "\" before the sequence, which Asciidoctor reads as the sequence as
written; or put the whole URL in a passthrough, link:++URL++[text]. No fix is offered where the
sequence comes from an attribute's value: escape it in the attribute entry.`,
	},
	Run: func(p *lint.Pass) {
		c := p.Candidate
		if !c.Replacements() {
			return
		}
		if c.EllipsisAfter() && !p.Full() {
			// No fix: "\..." ends the URL before the dots, but for one in
			// parentheses ("(https://a.example/d\...)" links to "d..",
			// Asciidoctor 2.0.18); which to write is the author's choice.
			p.Report(lint.Finding{Start: c.End, End: c.End + 3, InDocument: true,
				Message: `Asciidoctor turns the "..." after this URL into an ellipsis before it finds the URL, which takes it in: the link leads elsewhere; write "\..." or a space before the dots, or the URL as a link macro with its text`})
		}
		for r := range extract.AdocReplacements(c.URI) {
			if inPassthrough(c.URI, r.Start, r.End) {
				// "#clojure.core/+++->+++": an inline passthrough in the
				// URL, which Asciidoctor sets aside before the
				// replacements and puts back as written (the Clojure
				// site's threading macros guide).
				continue
			}
			if p.Masked(r.Start, r.End) && (r.Seq != "..." || !alnumAround(c.URI, r.Start, r.End)) {
				// A placeholder, or "..." that elides a part ("/.../"):
				// not meant as a link's. "..." between letters or digits
				// is the URI's own (GitHub's compare/v1.0...v2.0).
				continue
			}
			s, e := c.SourceSpan(r.Start, r.End)
			substituted := c.Substituted(r.Start, r.End)
			if !substituted && (s < c.Start || e > c.End || c.Raw[s-c.Start:e-c.Start] != r.Seq) {
				// Written otherwise (a character reference, an escape):
				// Asciidoctor does not see the sequence.
				continue
			}
			// Placed in the document: "..." may be masked as an elision.
			if p.Full() {
				p.Report(lint.Finding{Start: s, End: e, InDocument: true})
				continue
			}
			f := lint.Finding{Start: s, End: e, InDocument: true}
			if substituted {
				f.Message = grammar.Messagef("the attribute value referenced here holds %q, which Asciidoctor turns into %s (%q) before it makes the link: the link leads elsewhere; write \"\\%s\" in the attribute entry to keep it, or pass the URL through (link:++URL++[text])",
					r.Seq, r.Name, r.Into, r.Seq)
			} else {
				f.Message = grammar.Messagef("Asciidoctor turns %q into %s (%q) before it makes the link: the link leads elsewhere; write \"\\%s\" to keep it, or pass the URL through (link:++URL++[text])",
					r.Seq, r.Name, r.Into, r.Seq)
				if !c.Coarse(r.Start, r.End) {
					f.Fixes = []lint.Fix{{Message: grammar.Messagef("escape it: write %q", `\`+r.Seq),
						Edits: []lint.Edit{{Start: s, End: s, New: `\`}}}}
				}
			}
			p.Report(f)
		}
	},
}

// inPassthrough reports whether s[start:end] is inside an inline
// passthrough of s: between "+++" and "+++", or "++" and "++".
func inPassthrough(s string, start, end int) bool {
	for _, mark := range [...]string{"+++", "++"} {
		for i := 0; ; {
			a := strings.Index(s[i:], mark)
			if a < 0 {
				break
			}
			a += i + len(mark)
			b := strings.Index(s[a:], mark)
			if b < 0 {
				break
			}
			b += a
			if start >= a && end <= b {
				return true
			}
			i = b + len(mark)
		}
	}
	return false
}

// alnumAround reports whether an ASCII letter or digit comes right before
// the run of dots that holds s[start:end] and right after it.
func alnumAround(s string, start, end int) bool {
	for start > 0 && s[start-1] == '.' {
		start--
	}
	for end < len(s) && s[end] == '.' {
		end++
	}
	return start > 0 && end < len(s) && grammar.IsAlnum(s[start-1]) && grammar.IsAlnum(s[end])
}
