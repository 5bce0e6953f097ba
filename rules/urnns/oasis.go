package urnns

import "github.com/urilint/urilint/extract/grammar"

import "strings"

// OASIS is urn:oasis: (RFC 3121 section 2).
var OASIS = Namespace{
	NID:  "oasis",
	Spec: "RFC 3121 section 2",
	Syntax: `"names:" ( "specification" / "tc" / "technical" ) ":" and the identifiers of the class ` +
		`("urn:oasis:names:tc:{tc-id}:{type}{:subtype}?:{document-id}"), or "member:" member-id ":" and ` +
		`an opaque string; URNs are compared as they are written, so "names" is in lower case`,
	Check: checkOASIS,
}

func checkOASIS(nss string) []grammar.Violation {
	parts, offs := fields(nss, ':')
	switch parts[0] {
	case "names":
		if len(parts) < 2 {
			break
		}
		switch parts[1] {
		case "specification", "tc", "technical":
			if len(parts) < 3 || parts[2] == "" {
				return problem(len(nss), len(nss), `OASIS URN %q stops after its class %q: the identifiers of the document follow (RFC 3121 section 2)`, nss, parts[1])
			}
			return nil
		}
		return problem(offs[1], offs[1]+len(parts[1]), `class %q of "urn:oasis:names:" is none of specification, tc and technical (RFC 3121 section 2)`, parts[1])
	case "member":
		if len(parts) < 3 || parts[1] == "" {
			return problem(len(nss), len(nss), `OASIS member URN %q: "member:" member-id ":" and an opaque string (RFC 3121 section 2)`, nss)
		}
		return nil
	}
	msg := `%q: the NSS of an OASIS URN starts with "names:" or "member:" (RFC 3121 section 2)`
	if l := strings.ToLower(parts[0]); l == "names" || l == "member" {
		msg += `, in lower case: URNs in it are equivalent only if identical`
	}
	return problem(0, len(parts[0]), msg, parts[0])
}
