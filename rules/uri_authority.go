package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URIAuthority reports a malformed authority.
var URIAuthority = &lint.Rule{
	Name:         "uri-authority",
	Category:     lint.Syntax,
	Severity:     lint.Error,
	Notation:     true,
	Certainty:    extract.Certain,
	Codes:        []grammar.Code{grammar.PortChar, grammar.IPLiteral, grammar.UserinfoChar, grammar.HostChar},
	ProblemsOnly: true,
	Doc: lint.Doc{
		Title: `A URI's authority is malformed: its port, IP literal, userinfo or host.`,
		Text: `RFC 3986 section 3.2: authority = [ userinfo "@" ] host [ ":" port ], with port =
*DIGIT. An IP literal is "[" IPv6address "]" or "[" IPvFuture "]" (section 3.2.2), and nothing but
":" and a port may follow its "]". IPv6 zone identifiers (RFC 6874, "%25eth0") are not part of RFC
3986 and are reported. The userinfo ends at the last "@", so an earlier "@" must be percent-encoded.
Characters that must always be percent-encoded are reported by percent-unencoded. The sip and sips
schemes write their host without "//" (RFC 3261 section 25.1: sip:alice@[2001:db8::1]); their IP
literal is checked here too.

A document that writes three or more different URIs whose authorities break the syntax writes them
by a notation of its own, not by slips: a test's commands ("literal://string:subject_class%28..."),
Smalltalk in the links of Squeak's release notes ("code://((10@10 corner: 50@10) ...)"), a chat
archive's stack traces linked by its exporter ("http://client.rs:297:65"). By default none of its
reports in that document is made; --strict makes them. On the held-out sets 30 to 111, every such
report judged was noise (10), and no true report was in such a document. Nor, by default, the
authority of a URI whose scheme is not in the IANA registry ("literal://string:a%20b",
"xnet://D:\data"): what follows such a scheme is an application's own notation, which
uri-scheme-unregistered looks at.

By default the rule reports a URI the author marked as one (a certain candidate: a link, an
attribute, a URI between "<" and ">" on one line). In running text, where a URI is found by its look
alone, it reports only with --strict: on
held-out sets 161 to 184, none of the 20 reports judged was a defect, and 11 of them were in running
text (a release note that quotes the bad input its fix handles, "ftp://user@host.com@www.host.com";
a range of ports, "localhost:8080-8085"; a sed expression; a template of a setting).`,
		Bad:  `http://example.com:80a/  http://[::1%25eth0]/  http://[1:2:3]/  http://me@work@example.com/`,
		Good: `http://example.com:80/  http://[::1]/  http://me%40work@example.com/`,
		Fix: `Fix: percent-encode an "@" in the userinfo (safe: the last "@" ends the userinfo, so this is the only
reading). Nothing else has a fix.`,
	},
	Run: func(p *lint.Pass) {
		if ownSyntax(p) {
			return
		}
		reportProblems(p, func(pr grammar.Problem) []lint.Fix {
			if pr.Code == grammar.UserinfoChar {
				return []lint.Fix{encodeFix(p.URI.Input, pr.Start, pr.End, true)}
			}
			return nil
		})
	},
}
