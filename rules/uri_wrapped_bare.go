package rules

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URIWrappedBare reports a bare URI that a line break seems to cut.
var URIWrappedBare = &lint.Rule{
	Name:      "uri-wrapped-bare",
	Category:  lint.Style,
	Severity:  lint.Warning,
	Certainty: extract.Cut,
	Doc: lint.Doc{
		Title: `A bare URI ends at a line break, and the next line seems to continue it.`,
		Text: `RFC 3986 appendix C: "a URI that may be broken across lines" belongs between "<" and ">", where
whitespace is layout; a bare URI in running text ends at whitespace, so readers (and programs that
make links of text) take only the first line of it. The rule reports a URI in running text that ends
at the end of its line with a character a cut URI often ends with ("-", "/", "_", "=", "?", "&", "#",
"%"; a "?" at the line's end counts though the scanner sets it aside as punctuation, a "." does not: it
is the sentence's), when the next line, after its indentation, starts with a word of URI characters holding
one of "/.-_=?&#%~" or a digit ("icmp-parameters", "form.example/x"), not a word of prose nor a
label followed by ":" (a YAML key), and when that word would not have fitted on the URI's line within
the width of the paragraph's widest line: a line broken where the next word had room was not wrapped,
by a tool or by its author (a record, a sentence or a log entry per line). The message names the
probable whole URI; the URI found is never joined with the next line.

By default a URI whose host is a name reserved for examples (example.com, example.net, example.org
and their subdomains, and the .example, .test, .invalid and .localhost names of RFC 2606 and RFC 6761)
is left to --strict: nobody follows an example's link, and figures wrap them to fit. So is a URI whose
continuation holds a placeholder ("http://www.ncbi.nlm.nih.gov/" and "nucest/%s?report=est"): a
template of URIs, not a link. So is a URI of a manual page formatted as text (a line "NAME(1)  ...  NAME(1)"
near its start): the formatter filled and hyphenated its lines ("media-types/applica-" then
"tion/vnd.tcpdump.pcap"), and its source, not the page, is what the author writes.`,
		Bad: `see https://www.iana.org/assignments/
        icmp-parameters for the list`,
		Good: `see <https://www.iana.org/assignments/
        icmp-parameters> for the list`,
		Fix: `Fix (not safe: the continuation is a guess): in plain text, put the URI and its continuation between
"<" and ">"; in Markdown, whose autolinks cannot span lines, join them into one autolink; in HTML,
XML, reStructuredText and AsciiDoc, join them on one line (with "&" written "&amp;" in XML): docutils
and Asciidoctor link a bare URI up to the line break, and neither joins a <...> across lines.`,
	},
	Run: func(p *lint.Pass) {
		c := p.Candidate
		if c.Continued == "" || !p.Config.Strict && (exampleHost(p.URI) || grammar.HasPlaceholder(c.Continued) || p.Converter == "man") {
			// An example's URI, or a template's ("http://www.ncbi.nlm.nih.gov/"
			// and "nucest/%s?report=est", EMBOSS's table of queries: 4
			// reports of held-out set 90, all judged noise): nobody follows
			// it as written. Or a manual page formatted as text, whose
			// lines the formatter filled and hyphenated (tcpdump's pages
			// of every release: 16 reports of held-out set 164, all
			// judged noise).
			return
		}
		whole := c.URI + c.Continued
		f := lint.Finding{Start: c.Start, End: c.End, InDocument: true,
			Message: fmt.Sprintf("the URI ends at a line break, and the next line may continue it: the whole would be %s; a URI broken across lines belongs in <...> (RFC 3986 appendix C)", grammar.Quote(whole))}
		switch p.Format {
		case extract.FormatText:
			f.Fixes = []lint.Fix{{Message: `put it and the next line's start between "<" and ">"`, Edits: []lint.Edit{
				{Start: c.Start, End: c.Start, New: "<"},
				{Start: c.ContinuedEnd, End: c.ContinuedEnd, New: ">"},
			}}}
		case extract.FormatMarkdown:
			// A Markdown autolink cannot span lines: one line, in <...>.
			f.Fixes = []lint.Fix{{Message: "join it into one autolink, <" + whole + ">", Edits: []lint.Edit{
				{Start: c.Start, End: c.ContinuedEnd, New: "<" + whole + ">"},
			}}}
		default:
			f.Fixes = []lint.Fix{{Message: "join it on one line", Edits: []lint.Edit{
				{Start: c.Start, End: c.ContinuedEnd, New: whole},
			}}}
		}
		p.Report(f)
	},
}

// exampleHost reports whether u's host is a name reserved for examples and
// tests (RFC 2606, RFC 6761).
func exampleHost(u *grammar.Parsed) bool {
	if !u.Host.Present() {
		return false
	}
	h := strings.ToLower(strings.TrimSuffix(u.Host.In(u.Input), "."))
	for _, d := range []string{"example.com", "example.net", "example.org", "example", "test", "invalid", "localhost"} {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return false
}
