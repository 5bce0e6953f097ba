package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// NBN is urn:nbn: (RFC 8458 section 4.2).
var NBN = Namespace{
	NID:    "nbn",
	Spec:   "RFC 8458 section 4.2",
	Syntax: `nbn-nss = prefix "-" nbn-string; prefix = iso-cc *( ":" subspc ); iso-cc = 2ALPHA (an ISO 3166-1 country code); subspc = 1*( ALPHA / DIGIT ); nbn-string = path-rootless`,
	Check:  checkNBN,
}

func checkNBN(nss string) []grammar.Violation {
	dash := strings.IndexByte(nss, '-')
	if dash < 0 {
		return problem(len(nss), len(nss), `no "-" in %q: an NBN URN is the country code (and sub-namespaces), "-" and the NBN string (RFC 8458 section 4.2)`, nss)
	}
	parts, offs := fields(nss[:dash], ':')
	if cc := parts[0]; len(cc) != 2 || !grammar.IsAlpha(cc[0]) || !grammar.IsAlpha(cc[1]) {
		return problem(0, len(cc), `%q is not a two-letter ISO 3166-1 country code: prefix = iso-cc *( ":" subspc ) (RFC 8458 section 4.2)`, cc)
	}
	for i, p := range parts[1:] {
		for k := 0; k <= len(p); k++ {
			if k == len(p) && p != "" {
				break
			}
			if k == len(p) || !grammar.IsAlnum(p[k]) {
				o := offs[i+1] + k
				return problem(o, min(o+1, dash), `sub-namespace %q of NBN %q: subspc = 1*( ALPHA / DIGIT ) (RFC 8458 section 4.2)`, p, nss)
			}
		}
	}
	if s := nss[dash+1:]; s == "" || s[0] == '/' {
		return problem(dash+1, dash+1+min(1, len(s)), `NBN string of %q is empty or starts with "/": nbn-string = path-rootless (RFC 8458 section 4.2)`, nss)
	}
	return nil
}
