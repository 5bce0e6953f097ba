package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// FDC is urn:fdc: (RFC 4198 section 2): federated content. RFC 4198 was
// filed in ../shared/specs as the mpeg namespace's RFC, which is RFC 3614;
// its text is not there, so urn:mpeg: has no checker.
var FDC = Namespace{
	NID:  "fdc",
	Spec: "RFC 4198 section 2",
	Syntax: `NSS = ProviderId ":" DateId ":" ResourceId; ProviderId = a domain name of two labels or more; ` +
		`DateId = CCYY [ MM [ DD ] ] (ISO 8601 basic format, a real month and day), or 1 to 3 digits (reserved); ` +
		`ResourceId = 1*( alphanum / other / pct-encoded )`,
	Check: checkFDC,
}

func checkFDC(nss string) []grammar.Violation {
	parts := strings.SplitN(nss, ":", 3)
	if len(parts) < 3 || parts[2] == "" {
		return problem(len(nss), len(nss), `FDC URN %q: ProviderId ":" DateId ":" ResourceId (RFC 4198 section 2)`, nss)
	}
	provider, date := parts[0], parts[1]
	labels := strings.Split(provider, ".")
	ok := len(labels) >= 2
	for i, l := range labels {
		ok = ok && ldh(l) && (i < len(labels)-1 || grammar.IsAlpha(l[0]))
	}
	if !ok {
		return problem(0, len(provider), `provider %q is not a domain name (RFC 4198 section 2: ProviderId = 1*(label ".") toplabel)`, provider)
	}
	at := len(provider) + 1
	if !fdcDate(date) {
		return problem(at, at+len(date), `date %q is not CCYY, CCYYMM or CCYYMMDD (a real month and day) nor 1 to 3 digits (RFC 4198 section 2: DateId)`, date)
	}
	return nil
}

func fdcDate(d string) bool {
	if !allDigits(d) {
		return false
	}
	switch len(d) {
	case 1, 2, 3, 4:
		return true
	case 6, 8:
		m := d[4:6]
		if m < "01" || m > "12" {
			return false
		}
		return len(d) == 6 || d[6:] >= "01" && d[6:] <= "31"
	}
	return false
}
