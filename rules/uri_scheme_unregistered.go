package rules

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/iana"
	"github.com/urilint/urilint/lint"
)

// URISchemeUnregistered reports a scheme that is not in the IANA registry.
var URISchemeUnregistered = &lint.Rule{
	Name:     "uri-scheme-unregistered",
	Category: lint.Policy,
	Severity: lint.Warning,
	Kinds:    []extract.Kind{extract.KindURI},
	Doc: `A URI's scheme is not in the IANA registry.

Schemes are registered with IANA (RFC 7595): its "Uniform Resource Identifier (URI) Schemes" registry
lists the permanent, provisional and historical ones (the snapshot is in iana/uri-schemes.csv). A scheme
outside it is often a typo. When the scheme is one edit away from a registered one (two, for long
schemes; a three-letter scheme only from a common one such as http, ftp or urn), or ends with a common
scheme (text run together with "https"), the message suggests the likely one. Schemes are compared ignoring case. Private schemes used on purpose can be allowed in the
configuration.

Bad:  htps://example.com/  htttp://example.com/  linkhttp://example.com/
Good: https://example.com/

Fix (not safe): the suggested scheme.`,
	Run: func(p *lint.Pass) {
		u := p.URI
		if u.As != extract.AsURI || !u.Scheme.Present() {
			return
		}
		for _, pr := range u.Problems {
			if pr.Start < u.Scheme.End && (pr.Code == extract.SchemeEmpty || pr.Code == extract.SchemeStart || pr.Code == extract.SchemeChar) {
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
		f := lint.Finding{Start: u.Scheme.Start, End: u.Scheme.End,
			Message: fmt.Sprintf("scheme %q is not in the IANA URI scheme registry", scheme)}
		if s := suggestScheme(lower); s != "" {
			f.Message += fmt.Sprintf("; did you mean %q?", s)
			f.Fixes = []lint.Fix{{Message: fmt.Sprintf("use the registered scheme %q", s),
				Edits: []lint.Edit{{Start: f.Start, End: f.End, New: s}}}}
		}
		p.Report(f)
	},
}

// commonSchemes are tried first, and are the ones looked for at the end of
// a run-together scheme.
var commonSchemes = []string{"https", "http", "ftp", "mailto", "file", "urn", "ssh", "git", "data", "tel"}

// suggestScheme returns the registered scheme most likely meant, or "".
// A scheme of three letters is one edit away from dozens of registered
// ones ("app" from "ipp"), so it is only compared with the common schemes
// ("htp", "urk").
func suggestScheme(scheme string) string {
	names := registeredSchemes()
	if len(scheme) <= 3 {
		names = commonSchemes
	}
	if s := suggest(scheme, names); s != "" {
		return s
	}
	for _, c := range commonSchemes {
		if len(scheme) > len(c) && strings.HasSuffix(scheme, c) {
			return c
		}
	}
	return ""
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
