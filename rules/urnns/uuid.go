package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// UUID is urn:uuid: (RFC 9562 section 4; RFC 4122 registered the NID).
var UUID = Namespace{
	NID:    "uuid",
	Spec:   "RFC 9562 section 4",
	Syntax: `UUID = 4hexOctet "-" 2hexOctet "-" 2hexOctet "-" 2hexOctet "-" 6hexOctet: 8-4-4-4-12 hexadecimal digits, in either case`,
	Check:  checkUUID,
}

// uuidGroups are the lengths of the groups of a UUID's string form.
var uuidGroups = [5]int{8, 4, 4, 4, 12}

var uuidOrdinals = [5]string{"first", "second", "third", "fourth", "fifth"}

func checkUUID(nss string) []grammar.Violation {
	if strings.HasPrefix(nss, "{") || strings.HasPrefix(nss, "%7B") || strings.HasPrefix(nss, "%7b") {
		return problem(0, len(nss), `UUID %q in braces: a UUID URN writes the UUID alone, 8-4-4-4-12 hexadecimal digits (RFC 9562 section 4)`, nss)
	}
	if len(nss) == 32 && allHex(nss) {
		return []grammar.Violation{{Start: 0, End: len(nss), FixEnd: len(nss), Fix: nss[:8] + "-" + nss[8:12] + "-" + nss[12:16] + "-" + nss[16:20] + "-" + nss[20:],
			Message: `UUID without its hyphens: the string form is 8-4-4-4-12 hexadecimal digits separated by "-" (RFC 9562 section 4)`}}
	}
	if uuidShape(nss) {
		return nil
	}
	gs, offs := fields(nss, '-')
	if len(gs) != 5 {
		return problem(0, len(nss), `%q has %s: a UUID is 5 groups of 8-4-4-4-12 hexadecimal digits separated by "-" (RFC 9562 section 4)`, nss, grammar.Count(len(gs), "group"))
	}
	for i, g := range gs {
		for k := 0; k < len(g); k++ {
			if !grammar.IsHex(g[k]) {
				return problem(offs[i]+k, offs[i]+k+1, `%q in the %s group of UUID %q is not a hexadecimal digit (RFC 9562 section 4)`, g[k:k+1], uuidOrdinals[i], nss)
			}
		}
		if len(g) != uuidGroups[i] {
			return problem(offs[i], offs[i]+len(g), `the %s group of UUID %q has %s, not %d: a UUID is 8-4-4-4-12 (RFC 9562 section 4)`, uuidOrdinals[i], nss, grammar.Count(len(g), "hexadecimal digit"), uuidGroups[i])
		}
	}
	return nil
}

func allHex(s string) bool {
	for i := 0; i < len(s); i++ {
		if !grammar.IsHex(s[i]) {
			return false
		}
	}
	return s != ""
}

// uuidShape reports whether nss is 8-4-4-4-12 hexadecimal digits: the
// common case, checked without allocating.
func uuidShape(nss string) bool {
	if len(nss) != 36 {
		return false
	}
	for i := 0; i < 36; i++ {
		if i == 8 || i == 13 || i == 18 || i == 23 {
			if nss[i] != '-' {
				return false
			}
		} else if !grammar.IsHex(nss[i]) {
			return false
		}
	}
	return true
}
