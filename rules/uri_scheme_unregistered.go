package rules

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/iana"
	"github.com/urilint/urilint/internal/suggest"
	"github.com/urilint/urilint/lint"
)

// URISchemeUnregistered reports a scheme that is not in the IANA registry.
var URISchemeUnregistered = &lint.Rule{
	Name:     "uri-scheme-unregistered",
	Category: lint.Policy,
	Severity: lint.Warning,
	// A scheme of the document's own: a typo is made once or twice, a
	// private scheme is written in many URIs (Phing's XSL reports write
	// to "efile://{$output.dir}/...", its own stream wrapper, 11 different
	// URIs in one style sheet). Across every held-out set judged, the 50
	// true reports were in documents where fewer than three different
	// URIs had an unregistered scheme, and the 11 in the one document
	// where more did were noise.
	Notation:  true,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURI},
	Doc: lint.Doc{
		Title: `A URI's scheme is not in the IANA registry.`,
		Text: `Schemes are registered with IANA (RFC 7595): its "Uniform Resource Identifier (URI) Schemes" registry
lists the permanent, provisional and historical ones (the snapshot is in iana/uri-schemes.csv). A scheme
outside it is often a typo. When the scheme is one edit away from a registered one (two, for long
schemes; a scheme of three or four letters only from a common one such as http, ftp or urn: "wiki"
is a private scheme more often than a slip of "wifi"; a name of three letters is no slip of another of
three, "ssl" of "ssh"), the message suggests the likely one. A scheme made of a registered one and
letters after it ("ftps", "httpx") or one letter before it ("tgit", TortoiseGit's links; "mftp",
MAVLink's; not "xhttps") is a name of its own, not a slip. When it ends with "http",
"https", "ftp" or "file" and "//" follows, it is taken for text run together with the scheme
("seehttps://"), but for a key of git's configuration that holds a URL
("credential.https://example.com.username", "url.https://example.com/.insteadOf"). Schemes are
compared ignoring case. Private schemes used on purpose can be allowed in the configuration.`,
		Bad:  `htps://example.com/  htttp://example.com/  seehttp://example.com/`,
		Good: `https://example.com/  see http://example.com/`,
		Fix: `Fix (not safe): the suggested scheme; for run-together text, a space before the scheme in running
text, or removing the text in a link.`,
	},
	Run: func(p *lint.Pass) {
		u := p.URI
		if u.As == grammar.AsURN || !u.Scheme.Present() {
			return
		}
		for _, pr := range u.Problems {
			if pr.Start < u.Scheme.End && (pr.Code == grammar.SchemeEmpty || pr.Code == grammar.SchemeStart || pr.Code == grammar.SchemeChar) {
				return
			}
		}
		scheme := u.Scheme.In(u.Input)
		if iana.IsScheme(scheme) { // compared ignoring case
			return
		}
		lower := strings.ToLower(scheme)
		if p.Config.AllowedSchemes[lower] {
			return
		}
		s, joined := suggestScheme(lower, u)
		if s == "" && !p.Config.Strict {
			return // no likely typo: a private or new scheme, on purpose
		}
		f := lint.Finding{Start: u.Scheme.Start, End: u.Scheme.End,
			Message: fmt.Sprintf("scheme %s is not in the IANA URI scheme registry", grammar.Quote(scheme))}
		switch {
		case joined:
			// Text run together with the scheme: in running text, the fix
			// separates them rather than deleting the text.
			at, text := u.Scheme.End-len(s), scheme[:len(scheme)-len(s)]
			f.Message += fmt.Sprintf("; is %s text run together with %q?", grammar.Quote(text), s)
			fix := lint.Fix{Message: fmt.Sprintf("separate %s from %q", grammar.Quote(text), s), Edits: []lint.Edit{{Start: at, End: at, New: " "}}}
			if !runningText(p.Candidate.Context) {
				fix = lint.Fix{Message: fmt.Sprintf("remove %s", grammar.Quote(text)), Edits: []lint.Edit{{Start: u.Scheme.Start, End: at}}}
			}
			f.Fixes = []lint.Fix{fix}
		case s != "":
			f.Message += fmt.Sprintf("; did you mean %q?", s)
			f.Fixes = []lint.Fix{{Message: fmt.Sprintf("use the registered scheme %q", s),
				Edits: []lint.Edit{{Start: f.Start, End: f.End, New: s}}}}
		}
		p.Report(f)
	},
}

// runningText reports whether a candidate in context ctx was found in
// running text, where a space separates words.
func runningText(ctx extract.Context) bool {
	switch ctx {
	case extract.ContextText, extract.ContextQuoted, extract.ContextCodeSpan, extract.ContextCodeBlock:
		return true
	}
	return false
}

// opaqueSchemes are the common schemes whose URIs have no authority.
var opaqueSchemes = map[string]bool{"urn": true, "mailto": true, "data": true, "tel": true}

// commonSchemes are tried first.
var commonSchemes = []string{"https", "http", "ftp", "mailto", "file", "urn", "ssh", "git", "data", "tel"}

// suggestScheme returns the registered scheme most likely meant by the
// unregistered scheme (in lower case) of u, or "".
//   - Only a scheme one edit away is a slip: two edits find words
//     ("roster" for "nostr", "webtab" for "web+ap").
//   - A scheme of three or four letters is one edit away from dozens of
//     registered ones ("app" from "ipp", "wiki" from "wifi": a private
//     scheme that is a word), so it is only compared with the common
//     schemes ("htp", "urk", "htps"); and a URI with an authority is not compared
//     with the schemes that take none ("uri://" is no "urn:").
//   - Letters added at the end of a registered scheme name a variant of it
//     ("ftps", "httpx"), not a typo (see variant); so does a letter added
//     at its start ("tgit", "mftp": MAVLink's FTP over its own protocol;
//     see prefixed), but for "http" and "https" ("xhttps://" is a slip).
//   - A name of three letters is no slip of another, one letter changed
//     ("ssl" of "ssh", see wordForWord).
//   - A scheme written with the letters of "http" and "https" alone, "h"
//     first, "t" and "p" in it ("hppt", "hptts"), is a slip of the web's
//     scheme even two edits away: nothing registered is written so.
//   - With joined, the scheme is text run together with a common scheme
//     that takes an authority ("seehttps://", "streams.http://"; a letter
//     alone is no text, "mftp" a name of its own, see prefixed): not after
//     "+" or "-" ("git+https" is a compound scheme) or a section of git's
//     configuration ("credential.https://", see gitSections), and never
//     without an authority, since "hotel:" or "metadata:" do not hide
//     "tel:" and "data:".
func suggestScheme(scheme string, u *grammar.Parsed) (s string, joined bool) {
	names := registeredSchemes()
	if len(scheme) <= 4 {
		names = commonSchemes
	}
	if u.Authority.Present() {
		// "uri://a.example/" is no slip of "urn:": a scheme without an
		// authority is not what a "//" was written for.
		names = slices.DeleteFunc(slices.Clone(names), func(n string) bool { return opaqueSchemes[n] })
	}
	if s := suggest.Within(scheme, names, 1); s != "" && !variant(scheme) && !prefixed(scheme, s) && !wordForWord(scheme, s) {
		return s, false
	}
	if s := webSlip(scheme); s != "" {
		return s, false
	}
	if u.Authority.Present() {
		for _, c := range []string{"https", "http", "ftp", "file"} {
			if n := len(scheme) - len(c); n > 1 && strings.HasSuffix(scheme, c) && scheme[n-1] != '+' && scheme[n-1] != '-' && !gitSections[scheme[:n]] {
				return c, true
			}
		}
	}
	return "", false
}

// prefixed reports whether scheme is the registered scheme s after one
// more letter, not a doubled first one: a name made from it ("tgit" for
// TortoiseGit's links), not a slip ("hhttp" is one). Before the web's
// schemes and "file", a letter is taken for a slip still.
func prefixed(scheme, s string) bool {
	switch s {
	case "http", "https":
		return false // a slip of the web's schemes ("xhttps://" in a changelog)
	}
	return len(scheme) == len(s)+1 && scheme[1:] == s && scheme[0] != s[0]
}

// wordForWord reports whether the suggestion s for scheme is a word of
// three letters for another, one letter changed: "ssl" is no slip of "ssh"
// (Kafka's listeners, "SSL://broker:9093", held-out set 164), "gif" none of
// "git". Of the names of three letters, one letter from each other, most
// are names of their own; a letter left out or doubled ("htp", "htttp") is
// a slip.
func wordForWord(scheme, s string) bool { return len(scheme) == 3 && len(s) == 3 }

// gitSections are the sections of git's configuration whose keys hold a
// URL (git-config(1)): "credential.https://example.com.username",
// "http.https://example.com/.sslVerify", "url.https://example.com/.insteadOf"
// name a setting, not a URL with text run into it.
var gitSections = map[string]bool{"credential.": true, "http.": true, "url.": true}

// variant reports whether scheme names a variant of a registered scheme
// (see extended), or a registered scheme after a prefix that ends in "-"
// or "+", the way experimental and compound schemes are named ("x-http",
// RFC 6648's "x-"; "git+https"). File has no variant ("files:///" is a
// typo).
func variant(scheme string) bool {
	if k := strings.LastIndexAny(scheme, "-+"); k > 0 && iana.IsScheme([]byte(scheme[k+1:])) {
		return true
	}
	base, ok := extended(scheme, func(s string) bool { return iana.IsScheme([]byte(s)) })
	return ok && base != "file"
}

// registeredSchemes lists the registry's schemes, the common ones first,
// then the permanent, provisional and historical ones.
var registeredSchemes = sync.OnceValue(func() []string {
	names := slices.Clone(commonSchemes)
	for _, status := range []iana.Status{iana.Permanent, iana.Provisional, iana.Historical} {
		for _, s := range iana.Schemes() {
			if s.Status == status && !slices.Contains(commonSchemes, s.Name) {
				names = append(names, s.Name)
			}
		}
	}
	return names
})

// webSlip returns "http" or "https" when scheme is written with their
// letters alone, "h" first, holds a "t" and a "p", and is two edits from
// one of them at most ("hppt", "hptts"): the closer, or "https" for a
// scheme ending in "s" as close to both; else "".
func webSlip(scheme string) string {
	s := strings.ToLower(scheme)
	if len(s) < 4 || s[0] != 'h' || strings.Trim(s, "htps") != "" || !strings.Contains(s, "t") || !strings.Contains(s, "p") {
		return ""
	}
	dHTTP, dHTTPS := suggest.Distance(s, "http", 3), suggest.Distance(s, "https", 3)
	switch {
	case min(dHTTP, dHTTPS) > 2:
		return ""
	case dHTTPS < dHTTP || dHTTPS == dHTTP && strings.HasSuffix(s, "s"):
		return "https"
	}
	return "http"
}
