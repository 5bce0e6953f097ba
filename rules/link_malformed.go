package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// LinkMalformed reports a link that is almost certainly a broken absolute
// URI, read as a relative path.
var LinkMalformed = &lint.Rule{
	Name:      "link-malformed",
	Category:  lint.Syntax,
	Severity:  lint.Error,
	Certainty: extract.Certain,
	Kinds:     []extract.Kind{extract.KindRelativeRef},
	Doc: lint.Doc{
		Title: `A link is almost certainly a broken absolute URL, which browsers read as a relative path.`,
		Text: `A link's destination without a scheme is a relative reference: browsers resolve it against the
page. Some are absolute URLs written wrong, and lead to a page of the same site that does not exist:
- "http//example.com" or "https//example.com": the ":" after the scheme is missing;
- "www.example.com/x" in a link: without "https://", a path to a file named "www.example.com".
The rule reports these in links only (a Markdown link, an HTML or XML URI attribute, a reST or AsciiDoc
link), where a typo is never meant; a scheme written wrong ("htps://") is uri-scheme-unregistered's.`,
		Bad:  `[site](http//example.com)  <a href="www.example.com/docs">`,
		Good: `[site](http://example.com)  <a href="https://www.example.com/docs">`,
		Fix:  `Fix (not safe: the scheme is a guess): add the ":" that is missing, or "https://".`,
	},
	Run: func(p *lint.Pass) {
		if !p.Candidate.Context.IsLink() || len(p.Placeholders) > 0 {
			return
		}
		uri := p.URI.Input
		switch scheme, host := malformedLink(uri); {
		case scheme != "":
			p.Report(lint.Finding{Start: 0, End: len(scheme) + 2,
				Message: grammar.Messagef("%q is missing the \":\" after its scheme: browsers read it as a path of this site", uri[:len(scheme)+2]),
				Fixes: []lint.Fix{{Message: grammar.Messagef("write %q", uri[:len(scheme)]+"://"),
					Edits: []lint.Edit{{Start: len(scheme), End: len(scheme), New: ":"}}}}})
		case host != "":
			p.Report(lint.Finding{Start: 0, End: len(host),
				Message: grammar.Messagef("%q has no scheme: browsers read it as a path of this site, not the site %q", uri, host),
				Fixes: []lint.Fix{{Message: "write \"https://\" before it",
					Edits: []lint.Edit{{Start: 0, End: 0, New: "https://"}}}}})
		}
	},
}

// malformedLink returns the scheme of a relative reference that is an
// absolute URL missing its ":" ("https//example.com"), or the host of one
// missing its scheme ("www.example.com/x"), or "", "".
func malformedLink(uri string) (scheme, host string) {
	// Every link of a document comes here (three rules ask): no copy of it
	// is made.
	for _, s := range [...]string{"https", "http", "ftp"} {
		if len(uri) > len(s)+2 && strings.EqualFold(uri[:len(s)], s) && uri[len(s):len(s)+2] == "//" {
			return s, ""
		}
	}
	h, _, _ := strings.Cut(uri, "/")
	if len(h) > 4 && strings.EqualFold(h[:4], "www.") && strings.Count(h, ".") >= 2 && !hasSuffixFold(h, ".html") && !hasSuffixFold(h, ".md") {
		return "", h
	}
	return "", ""
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}
