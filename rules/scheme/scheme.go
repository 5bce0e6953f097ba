// Package scheme checks URIs against the syntax their scheme defines on top
// of RFC 3986: http, https, ws and wss (RFC 9110, RFC 6455, and how the
// WHATWG URL Standard reads them), mailto (RFC 6068), tel (RFC 3966), file
// (RFC 8089) and data (RFC 2397).
//
// The checkers are pure functions of a URI parsed by grammar.Parse: they
// know nothing of documents, configuration or how a problem is reported.
// Each returns the violations it finds (grammar.Violation), with their
// byte offsets in the URI, a code that says which check failed and a
// message that names the offending characters and the specification.
package scheme

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Code names the check a violation failed (grammar.Violation.Code). Codes
// are stable within this package, so that callers can treat some
// violations apart (a lint rule reports some only in some contexts).
type Code = string

// Scheme is one scheme (or family of schemes) and its checker.
type Scheme struct {
	// Names are the schemes checked, in lower case.
	Names []string
	// Spec names the specification and section that define the syntax.
	Spec string
	// Syntax is a short statement of what is checked, for documentation.
	Syntax string
	// Check returns the violations of a URI with one of Names as its
	// scheme (compared ignoring case), or nil.
	Check func(u *grammar.Parsed) []grammar.Violation
}

// All lists the schemes checked, in the order they are documented.
var All = []*Scheme{&HTTP, &Mailto, &Tel, &File, &Data}

// Lookup returns the scheme whose checker applies to the scheme name (any
// case), or nil.
func Lookup(name string) *Scheme {
	// By length and first letter, without a loop: every URI goes through
	// here, once per rule.
	if len(name) < 2 || len(name) > 6 {
		return nil
	}
	var s *Scheme
	switch name[0] | 0x20 {
	case 'h', 'w':
		s = &HTTP
	case 'm':
		s = &Mailto
	case 't':
		s = &Tel
	case 'f':
		s = &File
	case 'd':
		s = &Data
	default:
		return nil
	}
	for _, n := range s.Names {
		if len(n) == len(name) && strings.EqualFold(n, name) {
			return s
		}
	}
	return nil
}

// rest is the part of the URI after the scheme's ":" and before the
// fragment.
func rest(u *grammar.Parsed) (start, end int) {
	start, end = u.Scheme.End+1, len(u.Input)
	if u.Fragment.Present() {
		end = u.Fragment.Start - 1
	}
	return start, end
}
