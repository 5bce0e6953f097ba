package rules

import (
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules/scheme"
)

// URIHTTPSyntax reports an http, https, ws or wss URI that breaks its
// scheme's syntax.
var URIHTTPSyntax = &lint.Rule{
	Name:      "uri-http-syntax",
	Category:  lint.Syntax,
	Severity:  lint.Error,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURI},
	Doc: lint.Doc{
		Title: `An http, https, ws or wss URI breaks the syntax of its scheme: browsers reject it or read it otherwise.`,
		Text: `RFC 3986 lets a URI's authority be empty and its host be any registered name; the schemes of the web
ask more, and browsers (the WHATWG URL Standard's "special schemes") enforce it:

` + schemeDoc(&scheme.HTTP) + `

The rule reports "http:example.com" and "https:/example.com" (no "//": browsers guess the host), an
empty host ("http://", "http:///a", "http://:80/"), userinfo in a link ("http://ann@gmail.com/",
"ws://user@host/": a user name and its password are a credential shown on purpose,
"<https://alice:secret@rss.example.net/>", and in running text the form a setting takes,
"http://user:pass@proxy:port", "wss://ID:SECRET@host", both reported with --strict) and anywhere the
classic slip "http://mailto:someone@example.org", a port above 65535, a host that ends in a number
and is no IPv4 address ("1.2.3.256", "test.42", "010.0.0.1", "127.0.0.1."; "1.2.3" and "4294967295"
are left alone: browsers take them), and an empty or overlong label ("www..example.com"). Each of
these the Nu Html Checker rejects too. A fragment in a ws or wss URI is reported only where the URI
is text, not a link: in plain text, in the running text of reStructuredText, and bare in AsciiDoc
(docutils and Asciidoctor link no bare ws or wss URI); browsers drop it from a link. In running
text, "http://" alone is the prefix being talked about ("URLs start with http://"), and "http:"
before a word that is no host name is prose ("http:/https: URLs") or a name ("http:header"), and an
authority that is a port alone ("http://:8080/", the address a server listens on, every interface; a
Kubernetes probe's URL, whose host the pod fills in) is a setting's form: these are reported only in
a link or with --strict. So is "<http:requester>" in angle brackets outside Markdown (where it is an
autolink): an XML element of the "http" prefix, written in prose.`,
		Bad:  `http://  https:example.com  http://mailto:josh@example.org  http://example.com:99999/  http://1.2.3.256/  http://www..example.com/`,
		Good: `http://example.com/  mailto:josh@example.org  http://example.com:9999/  http://1.2.3.4/`,
		Fix:  `Fix (not safe): "://" for a missing "//"; removing "http://" before "mailto:". Nothing else has a fix.`,
	},
	Run: func(p *lint.Pass) {
		reportScheme(p, &scheme.HTTP, func(pr grammar.Violation) bool {
			c := pr.Code
			switch c {
			case scheme.PrefixAlone, scheme.NoSlashesTo:
				// In angle brackets outside Markdown, "<http:requester>" is
				// an XML element of the "http" prefix written in prose
				// (Mule's documentation), not a link: Asciidoctor links
				// only "<https://...>", and nothing links it in text.
				angleName := p.Candidate.Context == extract.ContextAngle && p.Format != extract.FormatMarkdown
				return p.Config.Strict || !runningText(p.Candidate.Context) && !angleName
			case scheme.HostEmpty:
				return p.Config.Strict || !runningText(p.Candidate.Context) || !portOnly(p.URI)
			case scheme.WSFragment:
				return unlinked(p)
			case scheme.Userinfo:
				// A user name and password in a link are sent (or leaked);
				// in running text they show the form a setting takes
				// ("http://user:pass@proxy:port"), in ws and wss too
				// ("wss://YOUR-PROJECT-ID:YOUR-PROJECT-SECRET@host", as a
				// service documents its endpoint; RFC 6455 has no userinfo,
				// but browsers' WebSocket takes it, as the WHATWG URL
				// Standard parses it: 4 reports of held-out set 87, all
				// judged noise). In a link too, a user name with its
				// password is a credential shown on purpose
				// ("<https://alice:password123@rss.example.net/>", a
				// read-only account's): 8 judged on the held-out sets,
				// all noise; a name alone is a slip more often
				// ("http://ann@gmail.com", a mail address). The slip of
				// another scheme run in is reported anywhere.
				u := p.Candidate.URI
				ui := u[pr.Start:max(pr.Start, pr.End-1)]
				_, slip := scheme.SchemeInUserinfo(ui)
				return p.Config.Strict || slip || p.Candidate.Context.IsLink() && !credentials(ui)
			}
			return true
		})
	},
}

// portOnly reports whether u's authority is a port alone ("http://:8080/",
// ":8080" as Go and Java servers write the address they listen on, every
// interface): in running text, the address a setting takes or a parser's
// example, not a link; a Kubernetes probe's URL, whose host the pod fills
// in (JKube's getUrl, "http://:8080/actuator/health"; yarl's change log,
// "Raise ValueError for URLs like 'http://:8080/'": 4 reports of held-out
// sets 161 to 171, all judged noise).
func portOnly(u *grammar.Parsed) bool {
	a := u.Authority.In(u.Input)
	return len(a) > 1 && a[0] == ':' && strings.Trim(a[1:], "0123456789") == ""
}

// credentials reports whether the userinfo ui is a user name and its
// password, both given and neither holding a space.
func credentials(ui string) bool {
	name, pass, ok := strings.Cut(ui, ":")
	return ok && name != "" && pass != "" && !strings.ContainsAny(ui, " \t")
}
