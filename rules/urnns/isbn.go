package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// ISBN is urn:isbn: (RFC 3187 section 3, and the template RFC 8254
// section 2.1 put in its place: ISBN-10 and ISBN-13).
var ISBN = Namespace{
	NID:  "isbn",
	Spec: "RFC 3187 section 3; RFC 8254 section 2.1",
	Syntax: `an ISBN-10 (9 digits and a modulus 11 check digit, "X" for 10) or an ISBN-13 ("978" or "979", 9 ` +
		`digits and an EAN-13 check digit), its parts usually separated by "-"; the check digit is verified`,
	Check: checkISBN,
}

func checkISBN(nss string) []grammar.Violation {
	digits, bad := stripHyphens(nss, "xX")
	if bad >= 0 {
		return problem(bad, bad+1, `%q in ISBN %q: an ISBN is digits, hyphens and a final "X" (RFC 3187 section 3)`, nss[bad:bad+1], nss)
	}
	if k := strings.IndexAny(digits, "xX"); k >= 0 && k != len(digits)-1 {
		return problem(0, len(nss), `"X" in ISBN %q is not its last character: only the check digit may be "X" (RFC 3187 section 3)`, nss)
	}
	last := len(nss) - 1
	switch len(digits) {
	case 10:
		want := mod11(digits[:9], 10)
		if !strings.EqualFold(digits[9:], want) {
			return []grammar.Violation{{Start: last, End: last + 1, FixEnd: len(nss), Fix: nss[:last] + want,
				Message: grammar.Messagef(`check digit of ISBN %q is %s, not %s: a digit is mistyped (RFC 3187 section 3: a modulus 11 check digit)`, nss, want, nss[last:])}}
		}
	case 13:
		if !strings.HasPrefix(digits, "978") && !strings.HasPrefix(digits, "979") {
			return problem(0, len(nss), `ISBN-13 %q does not start with 978 or 979 (RFC 8254 section 2.1; ISO 2108)`, nss)
		}
		if strings.ContainsAny(digits, "xX") {
			return problem(last, last+1, `ISBN-13 %q ends with "X": its check digit is a digit (ISO 2108)`, nss)
		}
		want := ean13(digits[:12])
		if digits[12:] != want {
			return []grammar.Violation{{Start: last, End: last + 1, FixEnd: len(nss), Fix: nss[:last] + want,
				Message: grammar.Messagef(`check digit of ISBN %q is %s, not %s: a digit is mistyped (RFC 8254 section 2.1; ISO 2108: an EAN-13 check digit)`, nss, want, nss[last:])}}
		}
	default:
		return problem(0, len(nss), `ISBN %q has %s: an ISBN has 10 or 13 (RFC 3187 section 3; RFC 8254 section 2.1)`, nss, grammar.Count(len(digits), "digit"))
	}
	return nil
}

// stripHyphens returns s without its hyphens, and the offset of the first
// character that is neither a digit, a hyphen nor one of extra, or -1.
func stripHyphens(s, extra string) (string, int) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '-':
		case grammar.IsDigit(c) || strings.IndexByte(extra, c) >= 0:
			b.WriteByte(c)
		default:
			return "", i
		}
	}
	return b.String(), -1
}

// mod11 is the modulus 11 check digit of digits, weighted from weight down
// to 2 ("X" for 10): the ISBN-10's and the ISSN's.
func mod11(digits string, weight int) string {
	sum := 0
	for i := 0; i < len(digits); i++ {
		sum += int(digits[i]-'0') * (weight - i)
	}
	switch c := (11 - sum%11) % 11; c {
	case 10:
		return "X"
	default:
		return string(rune('0' + c))
	}
}

// ean13 is the EAN-13 check digit of 12 digits: weights 1 and 3 in turn.
func ean13(digits string) string {
	sum := 0
	for i := 0; i < len(digits); i++ {
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += int(digits[i]-'0') * w
	}
	return string(rune('0' + (10-sum%10)%10))
}
