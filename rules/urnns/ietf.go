package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// IETF is urn:ietf: (RFC 2648 section 2), with its params sub-namespace
// (RFC 3553 section 3) and the XML registry's classes (RFC 3688 section
// 3.2).
var IETF = Namespace{
	NID:  "ietf",
	Spec: "RFC 2648 section 2; RFC 3553 section 3; RFC 3688 section 3",
	Syntax: `"rfc:" / "fyi:" / "std:" / "bcp:" and a number without leading zeros; "id:" and a draft name, ` +
		`"mtg:" and a meeting name (letters, digits, "-"); "params:" class *( ":" name ), no name empty, and ` +
		`under "params:xml:" the classes pi, ns, schema and rdfschema; any other sub-namespace is letters, ` +
		`digits and "-" with no ":"`,
	Check: checkIETF,
}

// ietfSubs are the sub-namespaces of urn:ietf: RFC 2648 and RFC 3553
// define.
var ietfSubs = []string{"rfc", "fyi", "std", "bcp", "id", "mtg", "params"}

// xmlClasses are the classes of urn:ietf:params:xml: (RFC 3688 section 3.2).
var xmlClasses = []string{"pi", "ns", "schema", "rdfschema"}

func checkIETF(nss string) []grammar.Violation {
	sub, rest, ok := strings.Cut(nss, ":")
	if !ok {
		return nil // other-nss: a string of letters, digits and "-", for future series
	}
	at := len(sub) + 1
	switch s := strings.ToLower(sub); s {
	case "rfc", "fyi", "std", "bcp":
		if !allDigits(rest) {
			return problem(at, len(nss), `%q after "urn:ietf:%s:" is not a number: %s-nss = "%s:" 1*DIGIT (RFC 2648 section 2)`, rest, s, s, s)
		}
		if !number(rest) {
			n := strings.TrimLeft(rest, "0")
			return []grammar.Violation{{Start: at, End: len(nss), FixEnd: len(nss), Fix: sub + ":" + n,
				Message: grammar.Messagef(`%s number %q with leading zeros: %q names the same document, and URNs are compared as strings (RFC 2648 section 2; RFC 8141 section 3)`, strings.ToUpper(s), rest, "urn:ietf:"+s+":"+n)}}
		}
	case "id", "mtg":
		if k := notLDH(rest); k >= 0 {
			return problem(at+k, at+k+1, `%q in %q: the name after "urn:ietf:%s:" is letters, digits and "-" (RFC 2648 section 2)`, charAt(rest, k), nss, s)
		}
	case "params":
		return checkParams(nss, at, rest)
	default:
		p := grammar.Violation{Start: 0, End: len(sub),
			Message: grammar.Messagef(`sub-namespace %q of urn:ietf: is not one RFC 2648 or RFC 3553 defines (%s), and only those hold ":"`, sub, strings.Join(ietfSubs, ", "))}
		if strings.EqualFold(sub, "xml") {
			r := rest
			if len(r) > 7 && strings.EqualFold(r[:7], "params:") {
				r = r[7:] // "urn:ietf:xml:params:ns:x"
			}
			p.Fix, p.FixEnd = "params:xml:"+r, len(nss)
			p.Message += grammar.Messagef(`; the XML registry's URNs start "urn:ietf:params:xml:" (RFC 3688 section 3.1): %q?`, "urn:ietf:"+p.Fix)
		}
		return []grammar.Violation{p}
	}
	return nil
}

// checkParams checks the names after "urn:ietf:params:" (at offset at).
func checkParams(nss string, at int, rest string) []grammar.Violation {
	if rest == "" || rest[0] == ':' || rest[len(rest)-1] == ':' || strings.Contains(rest, "::") {
		i := strings.Index(rest, "::") + 1 // an empty name: between "::", or first, or last
		switch {
		case rest == "" || rest[0] == ':':
			i = 0
		case i == 0:
			i = len(rest)
		}
		return problem(at+i, at+i, `empty name in %q: "if a colon is present then the items on both sides of it are valid names" (RFC 3553 section 3)`, "urn:ietf:"+nss)
	}
	if len(rest) <= 4 || !strings.EqualFold(rest[:4], "xml:") {
		return nil
	}
	class, _, _ := strings.Cut(rest[4:], ":")
	for _, x := range xmlClasses {
		if strings.EqualFold(class, x) {
			return nil
		}
	}
	c := at + 4
	fix := nss[:c] + "ns:" + nss[c:]
	return []grammar.Violation{{Start: c, End: c + len(class), FixEnd: len(nss), Fix: fix,
		Message: grammar.Messagef(`class %q of urn:ietf:params:xml: is none of %s (RFC 3688 section 3.2); an XML namespace is %q`, class, strings.Join(xmlClasses, ", "), "urn:ietf:"+fix)}}
}

// notLDH returns the offset of the first character of s that is not a
// letter, a digit or "-", 0 for an empty s, or -1.
func notLDH(s string) int {
	if s == "" {
		return 0
	}
	for i := 0; i < len(s); i++ {
		if !grammar.IsAlnum(s[i]) && s[i] != '-' {
			return i
		}
	}
	return -1
}

// charAt is the character at i of s, or "" at its end.
func charAt(s string, i int) string {
	if i >= len(s) {
		return ""
	}
	return s[i : i+1]
}
