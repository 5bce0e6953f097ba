package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// ISSN is urn:issn: (RFC 3044 section 2, updated by RFC 8254 section 2.2).
var ISSN = Namespace{
	NID:    "issn",
	Spec:   "RFC 3044 section 2; RFC 8254 section 2.2",
	Syntax: `NNNN-NNNC: eight digits, the hyphen optional, C a modulus 11 check digit with weights 8 to 2 ("X" for 10); the check digit is verified`,
	Check:  checkISSN,
}

func checkISSN(nss string) []grammar.Violation {
	digits, bad := stripHyphens(nss, "xX")
	switch {
	case bad >= 0:
		return problem(bad, bad+1, `%q in ISSN %q: an ISSN is NNNN-NNNC, digits and a check digit (RFC 3044 section 2)`, nss[bad:bad+1], nss)
	case len(digits) != 8 || strings.Count(nss, "-") > 1 || strings.Contains(nss, "-") && nss[4] != '-':
		return problem(0, len(nss), `ISSN %q is not NNNN-NNNC: eight digits, the last a check digit (RFC 3044 section 2)`, nss)
	case strings.ContainsAny(digits[:7], "xX"):
		return problem(0, len(nss), `"X" in ISSN %q is not its last character: only the check digit may be "X" (RFC 3044 section 2)`, nss)
	}
	last := len(nss) - 1
	if want := mod11(digits[:7], 8); !strings.EqualFold(digits[7:], want) {
		return []grammar.Violation{{Start: last, End: last + 1, FixEnd: len(nss), Fix: nss[:last] + want,
			Message: grammar.Messagef(`check digit of ISSN %q is %s, not %s: a digit is mistyped (RFC 3044 section 2: modulus 11, weights 8 to 2)`, nss, want, nss[last:])}}
	}
	return nil
}
