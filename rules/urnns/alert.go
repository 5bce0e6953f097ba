package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Alert is urn:alert: (RFC 7462 section 7).
var Alert = Namespace{
	NID:  "alert",
	Spec: "RFC 7462 section 7",
	Syntax: `alert-identifier = alert-category ":" alert-indication; alert-indication = alert-ind-part *( ":" ` +
		`alert-ind-part ); each part a label (letters, digits, "-", not first or last) or a private name, label ` +
		`"@" provider. The categories RFC 7462 defines are service, priority, source, duration, delay and ` +
		`locale; a private one has "@". A ";" ends the URN, as for service`,
	Check: checkAlert,
}

var alertCategories = []string{"service", "priority", "source", "duration", "delay", "locale"}

func checkAlert(nss string) []grammar.Violation {
	nss = sipParams(nss)
	parts, offs := fields(nss, ':')
	for i, p := range parts {
		label, provider, private := strings.Cut(p, "@")
		if !ldh(label) || private && !ldh(provider) {
			return problem(offs[i], offs[i]+len(p), `%q in alert URN %q is not a label or label "@" provider: letters, digits and "-" (RFC 7462 section 7)`, p, nss)
		}
	}
	if len(parts) < 2 {
		return problem(len(nss), len(nss), `alert URN %q has a category and no indication: alert-identifier = alert-category ":" alert-indication (RFC 7462 section 7)`, nss)
	}
	if c := parts[0]; !strings.Contains(c, "@") {
		for _, k := range alertCategories {
			if c == k {
				return nil
			}
		}
		for _, k := range alertCategories {
			if close1(strings.ToLower(c), k) {
				return []grammar.Violation{{Start: 0, End: len(c), FixEnd: len(nss), Fix: k + nss[len(c):],
					Message: grammar.Messagef(`alert category %q is not one RFC 7462 defines; did you mean %q? (RFC 7462 section 8.2)`, c, k)}}
			}
		}
	}
	return nil
}

// close1 reports whether a and b differ by one letter changed, added or
// dropped, or two swapped, or only by case.
func close1(a, b string) bool {
	if a == b {
		return true
	}
	switch len(a) - len(b) {
	case 0:
		d := -1
		for i := 0; i < len(a); i++ {
			if a[i] != b[i] {
				if d >= 0 {
					return d == i-1 && a[d] == b[i] && a[i] == b[d] && a[i+1:] == b[i+1:]
				}
				d = i
			}
		}
		return true
	case 1:
		a, b = b, a
		fallthrough
	case -1:
		for i := 0; i < len(a); i++ {
			if a[i] != b[i] {
				return a[i:] == b[i+1:]
			}
		}
		return true
	}
	return false
}
