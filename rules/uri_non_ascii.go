package rules

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URINonASCII reports non-ASCII characters in a URI: an IRI where a URI is
// asked for.
var URINonASCII = &lint.Rule{
	Name:         "uri-non-ascii",
	Category:     lint.Syntax,
	Severity:     lint.Warning,
	Certainty:    extract.Likely,
	Codes:        []grammar.Code{grammar.NonASCII},
	ProblemsOnly: true,
	DefaultOff:   true,
	Doc: lint.Doc{
		Title: `A URI holds non-ASCII characters: it is an IRI, not a URI.`,
		Text: `URIs are ASCII (RFC 3986 section 2): a non-ASCII character is written as the percent-encoding of its
UTF-8 octets, and a non-ASCII host name as its IDNA A-label (xn--...). An IRI (RFC 3987) may hold them
as they are, and so may a URL in a browser: the WHATWG URL Standard counts every character from U+00A0
on (but noncharacters) among the URL code points, and browsers percent-encode them when they follow the
link. So:
- in Markdown and HTML, whose links browsers follow (a bare URI in Markdown text is a link on GitHub
  and in most renderers too), and in XML, whose namespace names, schema locations, links and RDF
  identifiers are IRIs (Namespaces in XML 1.1, XML Schema's anyURI, XLink 1.1, RDF 1.1), a non-ASCII
  character in a URI is valid, and this rule reports it only with --strict;
- in AsciiDoc and in the links of reStructuredText, which Asciidoctor and docutils write into the
  page as they are (and Asciidoctor a bare URI too), likewise;
- in plain text, where RFC 3986 governs, in text no processor makes a link of (the running text of
  reStructuredText, which docutils links only up to the first non-ASCII character; a bare URI in
  AsciiDoc with a scheme Asciidoctor does not link, but http, https, ftp, file and irc), and in
  every URN (RFC 8141 section 2 is ASCII only), it reports them at its default severity.

Characters that no standard allows, non-ASCII or not (C1 controls, noncharacters, bytes that are not
UTF-8, the space, "<", ">", "|", ...), are reported by percent-unencoded at every level.

The rule is off by default: on documents nobody here tuned it on, every one of its reports was an IRI
written on purpose (an example of internationalized identifiers, a name in the author's language),
none a slip. Standards editors who want their plain text to the letter of RFC 3986 turn it on.`,
		Bad:  `urn:example:café  http://example.com/Москва`,
		Good: `urn:example:caf%C3%A9  http://example.com/%D0%9C%D0%BE%D1%81%D0%BA%D0%B2%D0%B0`,
		Fix: `Fix: percent-encode the UTF-8 octets (RFC 3987 section 3.1, mapping an IRI to a URI), which is safe:
it never changes what the identifier means. In a host name, the A-label (RFC 5891) is offered
instead, and not as safe: IDNA's mappings differ between its versions for a few characters ("ß"); none
when the name is not one DNS can hold (a label over 63 octets, or a name over 253, once encoded). An
invisible format character (a left-to-right mark, a zero-width space: Unicode's Cf) is a slip of a copy
that no link means: its fix removes it, not as safe, since encoded the link would stay as broken and
look deliberate.`,
	},
	Run: func(p *lint.Pass) {
		if !unlinked(p) && p.Candidate.Kind != extract.KindURN && !p.Config.Strict {
			return // on the web, where IRIs work
		}
		u := p.URI
		var hostFix []lint.Fix // the host's A-label, worked out once
		hostDone := false
		reportProblems(p, func(pr grammar.Problem) []lint.Fix {
			if u.Host.Present() && pr.Start >= u.Host.Start && pr.End <= u.Host.End {
				if !hostDone {
					hostDone = true
					host := u.Host.In(u.Input)
					if ace, ok := aLabel(host); ok && ace != host {
						hostFix = []lint.Fix{{Message: fmt.Sprintf("write the host name as its A-label %s", grammar.Quote(ace)),
							Edits: []lint.Edit{{Start: u.Host.Start, End: u.Host.End, New: ace}}}}
					}
				}
				return hostFix
			}
			if text := u.Input[pr.Start:pr.End]; invisible(text) {
				// A left-to-right mark, a zero-width space: a slip of a
				// copy, which no link means; encoded, the link would stay
				// as broken and look deliberate.
				return []lint.Fix{{Message: fmt.Sprintf("remove the invisible %s", codePoints(text)),
					Edits: []lint.Edit{{Start: pr.Start, End: pr.End}}}}
			}
			return []lint.Fix{encodeFix(u.Input, pr.Start, pr.End, true)}
		})
	},
}

// unlinked reports whether the URI of p is text that no processor of its
// document makes a link of, as written: plain text; the running text of
// reStructuredText, where docutils 0.19 links a URI only up to the first
// character outside RFC 2396's (a non-ASCII one, "^", "|", ...: its
// states.py, Inliner.uric); and in the running text of AsciiDoc, a URI
// with a scheme Asciidoctor does not link (adocAutolinked). Markdown's
// running text is not: GitHub and most renderers link a bare URI whole.
func unlinked(p *lint.Pass) bool {
	switch {
	case p.Format == extract.FormatText:
		return true
	case p.Candidate == nil || p.Candidate.Context.IsLink():
		return false
	case p.Format == extract.FormatReStructuredText:
		return true
	case p.Format == extract.FormatAsciiDoc:
		return !adocAutolinked(p.URI.Scheme.In(p.URI.Input))
	}
	return false
}

// DNS limits (RFC 1035 section 2.3.4, RFC 5890 section 2.3.2.1): a label
// is at most 63 octets, a name at most 253 in its text form (255 on the
// wire), the root's empty label and its dot aside.
const (
	maxLabel = 63
	maxName  = 253
)

// aLabel returns the host name host in its A-label form (IDNA's lookup
// profile, UTS 46 nontransitional), and whether it is a DNS name: each label
// at most maxLabel octets, the name at most maxName. A host that is not
// gets no A-label, however long it is, and the time IDNA takes on it is
// linear: Punycode's encoding takes time in the length of a label times its
// distinct characters, so labels are measured before they are encoded. The
// lookup profile's mapping (ToUnicode, which maps and checks a name as
// ToASCII does, and decodes its xn-- labels, up to 1,024 characters each)
// gives each label's characters; the A-label of a label that is not ASCII is
// "xn--" and at least one octet per character (RFC 3492), an ASCII label
// its characters. Only a name whose labels all fit is encoded.
func aLabel(host string) (string, bool) {
	// An ASCII label maps to itself, lower-cased: one too long needs no
	// mapping to be told.
	for label := range strings.SplitSeq(host, ".") {
		if len(label) > maxLabel && isASCII(label) {
			return "", false
		}
	}
	mapped, err := idna.Lookup.ToUnicode(host)
	if err != nil || !fitsDNS(mapped, true) {
		return "", false
	}
	ace, err := idna.Lookup.ToASCII(host)
	if err != nil || !fitsDNS(ace, false) {
		return "", false
	}
	return ace, true
}

// fitsDNS reports whether the name, in its A-label form or (unicode) its
// U-label form, whose A-labels are at least as long as measured here, has
// labels of at most maxLabel octets and at most maxName octets in all.
func fitsDNS(name string, unicode bool) bool {
	name = strings.TrimSuffix(name, ".")
	total := -1 // no dot before the first label
	for label := range strings.SplitSeq(name, ".") {
		n := len(label)
		if unicode {
			if n = utf8.RuneCountInString(label); n < len(label) {
				n += len("xn--") // not ASCII
			}
		}
		if n == 0 || n > maxLabel {
			return false
		}
		if total += 1 + n; total > maxName {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// invisible reports whether text is made only of format characters
// (Unicode category Cf: U+200B to U+200F, U+202A to U+202E, U+2060,
// U+FEFF, the soft hyphen...), which show nothing.
func invisible(text string) bool {
	for _, r := range text {
		if !unicode.Is(unicode.Cf, r) {
			return false
		}
	}
	return text != ""
}

// codePoints names the code points of text: "U+200E U+200B", the first
// three and how many more.
func codePoints(text string) string {
	var b strings.Builder
	n := 0
	for _, r := range text {
		if n == 3 {
			return b.String() + fmt.Sprintf(" and %d more", utf8.RuneCountInString(text)-3)
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "U+%04X", r)
		n++
	}
	return b.String()
}
