package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Dev is urn:dev: (RFC 9039 section 3.2).
var Dev = Namespace{
	NID:  "dev",
	Spec: "RFC 9039 section 3.2",
	Syntax: `devurn = "urn:dev:" body componentpart; body = "mac:" hexstring / "ow:" hexstring / "org:" ` +
		`posnumber "-" identifier *( ":" identifier ) / "os:" posnumber "-" serial *( ":" identifier ) / ` +
		`"ops:" posnumber "-" product "-" serial *( ":" identifier ) / subtype ":" identifier *( ":" ` +
		`identifier ); hexstring = pairs of hexadecimal digits (a 1-Wire address 16 of them); posnumber a ` +
		`number without leading zeros (an IANA Private Enterprise Number); identifier = letters, digits, ` +
		`"." and "-"; componentpart = *( "_" identifier )`,
	Check: checkDev,
}

func checkDev(nss string) []grammar.Violation {
	body, comps, _ := strings.Cut(nss, "_")
	sub, rest, ok := strings.Cut(body, ":")
	if !ok {
		return problem(len(body), len(body), `DEV URN %q has a subtype and nothing after it: devurn = "urn:dev:" subtype ":" ... (RFC 9039 section 3.2)`, nss)
	}
	at := len(sub) + 1
	switch sub {
	case "mac", "ow":
		if rest == "" || len(rest)%2 != 0 || !allHex(rest) {
			return problem(at, len(body), `%q after "urn:dev:%s:" is not pairs of hexadecimal digits (RFC 9039 section 3.2: hexstring)`, rest, sub)
		}
		if sub == "ow" && len(rest) != 16 {
			return problem(at, len(body), `1-Wire address %q has %d hexadecimal digits, not 16 (RFC 9039 section 4.2)`, rest, len(rest))
		}
	case "org", "os", "ops":
		pen, id, ok := strings.Cut(rest, "-")
		if !number(pen) || pen == "0" {
			return problem(at, at+len(pen), `%q is not a Private Enterprise Number (a number without leading zeros) before "-" (RFC 9039 section 3.2: posnumber)`, pen)
		}
		if !ok || id == "" {
			return problem(at+len(pen), len(body), `DEV URN %q: "%s:" posnumber "-" and an identifier (RFC 9039 section 3.2)`, nss, sub)
		}
		if sub == "ops" {
			product, serial, ok := strings.Cut(id, "-")
			if !ok || product == "" || serial == "" || strings.ContainsAny(product, ":") {
				return problem(at+len(pen)+1, len(body), `DEV URN %q: "ops:" posnumber "-" product "-" serial (RFC 9039 section 3.2)`, nss)
			}
		}
		if p := checkIdentifiers(id, at+len(pen)+1, nss); p != nil {
			return p
		}
	default:
		if sub == "" || !grammar.IsAlpha(sub[0]) || notLDH(sub) >= 0 || strings.Contains(sub, "-") {
			return problem(0, len(sub), `subtype %q of DEV URN %q: a letter, then letters and digits (RFC 9039 section 3.2)`, sub, nss)
		}
		if p := checkIdentifiers(rest, at, nss); p != nil {
			return p
		}
	}
	if comps != "" || strings.HasSuffix(nss, "_") {
		if p := checkIdentifiers(strings.ReplaceAll(comps, "_", ":"), len(body)+1, nss); p != nil {
			return p
		}
	}
	return nil
}

// checkIdentifiers checks identifier *( ":" identifier ) at offset at of
// the NSS: each is 1*( ALPHA / DIGIT / "." / "-" ).
func checkIdentifiers(s string, at int, nss string) []grammar.Violation {
	ids, offs := fields(s, ':')
	for i, id := range ids {
		for k := 0; k <= len(id); k++ {
			if k == len(id) && id != "" {
				break
			}
			if k == len(id) || !grammar.IsAlnum(id[k]) && id[k] != '.' && id[k] != '-' {
				o := at + offs[i] + k
				return problem(o, min(o+1, len(nss)), `identifier %q of DEV URN %q: letters, digits, "." and "-", not empty (RFC 9039 section 3.2)`, id, nss)
			}
		}
	}
	return nil
}
