// Package urnns checks the namespace-specific string (NSS) of a URN against
// the syntax its namespace defines, from the RFC that registered it: one
// small table-driven checker per namespace identifier (NID).
//
// The checkers are pure functions of the NSS: they know nothing of
// documents, configuration or how a violation is reported. Each returns
// the violations it finds (grammar.Violation), their offsets in the NSS;
// a fix replaces the whole NSS with the one the author most likely meant
// (its FixMessage left for the rule, which knows the whole URN).
package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Namespace is one URN namespace and its checker.
type Namespace struct {
	// NID is the namespace identifier, in lower case. Only URNs with this
	// very NID (compared ignoring case) are checked: "urn:guid:" is not
	// "urn:uuid:".
	NID string
	// Spec names the RFC and section that define the syntax.
	Spec string
	// Syntax states what is checked, for documentation.
	Syntax string
	// Check returns the violations of an NSS, or nil. It is nil for a
	// namespace that allows any NSS (example).
	Check func(nss string) []grammar.Violation
}

// All lists the namespaces with a syntax, in the order they are
// documented.
var All = []*Namespace{&IETF, &Alert, &UUID, &OGC, &Example, &Service, &OASIS, &OID, &Dev, &ISO, &ISBN, &NBN,
	&ISSN, &PublicID, &FDC}

// Lookup returns the namespace of the NID (any case), or nil.
func Lookup(nid string) *Namespace {
	if len(nid) < 3 || len(nid) > 8 {
		return nil
	}
	for _, n := range All {
		if len(n.NID) == len(nid) && strings.EqualFold(n.NID, nid) {
			return n
		}
	}
	return nil
}

// Check returns the violations of the NSS of a URN in namespace nid, or
// nil when the namespace has no syntax here.
func Check(nid, nss string) []grammar.Violation {
	n := Lookup(nid)
	if n == nil || n.Check == nil {
		return nil
	}
	return n.Check(nss)
}

func problem(start, end int, format string, args ...any) []grammar.Violation {
	return []grammar.Violation{{Start: start, End: end, Message: grammar.Messagef(format, args...)}}
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !grammar.IsDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// number reports whether s is a number without leading zeros.
func number(s string) bool { return allDigits(s) && (s[0] != '0' || len(s) == 1) }

// fields splits s at sep, with the offset of each field.
func fields(s string, sep byte) (fs []string, offs []int) {
	off := 0
	for {
		i := strings.IndexByte(s[off:], sep)
		if i < 0 {
			return append(fs, s[off:]), append(offs, off)
		}
		fs, offs = append(fs, s[off:off+i]), append(offs, off)
		off += i + 1
	}
}

// ldh reports whether s is a let-dig-hyp label: letters, digits and "-",
// neither first nor last a "-" (RFC 1123 section 2.1; RFC 5031's and RFC
// 7462's let-dig [ *let-dig-hyp let-dig ]).
func ldh(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !grammar.IsAlnum(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}
