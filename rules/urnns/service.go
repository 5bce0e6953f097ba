package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Service is urn:service: (RFC 5031 section 3).
var Service = Namespace{
	NID:    "service",
	Spec:   "RFC 5031 section 3",
	Syntax: `service = top-level *( "." sub-service ); labels of letters, digits and "-", not first or last, the top level 27 characters at most, in lower case ("urn:service:sos.fire"). A ";" ends the URN: what follows is the parameters of a SIP header ("To: urn:service:sos;tag=x", RFC 3261 section 20)`,
	Check:  checkService,
}

func checkService(nss string) []grammar.Violation {
	nss = sipParams(nss)
	labels, offs := fields(nss, '.')
	for i, l := range labels {
		switch {
		case !ldh(l):
			return problem(offs[i], offs[i]+len(l), `label %q of service %q: labels are letters, digits and "-", separated by "." (RFC 5031 section 3)`, l, nss)
		case i == 0 && len(l) > 27:
			return problem(0, len(l), `top-level service %q is longer than 27 characters (RFC 5031 section 3)`, l)
		}
	}
	if low := strings.ToLower(nss); low != nss {
		return []grammar.Violation{{Start: 0, End: len(nss), FixEnd: len(nss), Fix: low,
			Message: `service labels "MUST be specified in all lower-case" (RFC 5031 section 3): ` + grammar.Abbreviate(low)}}
	}
	return nil
}

// sipParams is nss up to its first ";": service and alert URNs are carried
// in SIP headers, where ";tag=..." and other header parameters follow the
// URI, and no ";" is part of their syntax.
func sipParams(nss string) string {
	if i := strings.IndexByte(nss, ';'); i >= 0 {
		return nss[:i]
	}
	return nss
}
