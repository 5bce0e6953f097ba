package urnns

import "github.com/urilint/urilint/extract/grammar"

import "strings"

// OGC is urn:ogc: (RFC 5165 section 2).
var OGC = Namespace{
	NID:    "ogc",
	Spec:   "RFC 5165 section 2",
	Syntax: `urn:ogc:{OGCresource}:{ResourceSpecificString}: a resource class without ":" ("def", "specification", "serviceType", ...), ":", and the string its registration defines`,
	Check:  checkOGC,
}

func checkOGC(nss string) []grammar.Violation {
	res, rest, ok := strings.Cut(nss, ":")
	switch {
	case !ok:
		return problem(len(nss), len(nss), `OGC URN %q has a resource class and nothing after it: urn:ogc:{OGCresource}:{ResourceSpecificString} (RFC 5165 section 2)`, nss)
	case res == "":
		return problem(0, 0, `OGC URN %q has no resource class before ":" (RFC 5165 section 2)`, nss)
	case rest == "":
		return problem(len(nss), len(nss), `OGC URN %q has nothing after its resource class %q (RFC 5165 section 2)`, nss, res)
	}
	return nil
}
