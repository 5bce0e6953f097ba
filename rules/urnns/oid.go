package urnns

import "github.com/urilint/urilint/extract/grammar"

// OID is urn:oid: (RFC 3061 section 2).
var OID = Namespace{
	NID:    "oid",
	Spec:   "RFC 3061 section 2",
	Syntax: `oid = number *( "." number ); number = DIGIT / ( LEADDIGIT 1*DIGIT ): dotted decimal, no leading zeros, nothing else; the first arc is 0, 1 or 2`,
	Check:  checkOID,
}

func checkOID(nss string) []grammar.Violation {
	arcs, offs := fields(nss, '.')
	for i, a := range arcs {
		switch {
		case a == "":
			return problem(offs[i], offs[i], `empty arc in OID %q: oid = number *( "." number ) (RFC 3061 section 2)`, nss)
		case !allDigits(a):
			k := 0
			for grammar.IsDigit(a[k]) {
				k++
			}
			return problem(offs[i]+k, offs[i]+k+1, `%q in OID %q: the NSS holds only digits and "." (RFC 3061 section 2)`, a[k:k+1], nss)
		case !number(a):
			return problem(offs[i], offs[i]+len(a), `arc %q of OID %q has a leading zero (RFC 3061 section 2)`, a, nss)
		}
	}
	if len(arcs[0]) > 1 || arcs[0][0] > '2' {
		return problem(0, len(arcs[0]), `OID %q starts with arc %s: the top arcs are 0 (ITU-T), 1 (ISO) and 2 (joint ISO/ITU-T) (RFC 3061 section 2)`, nss, grammar.Abbreviate(arcs[0]))
	}
	return nil
}
