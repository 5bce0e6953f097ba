package scheme

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Codes of the tel checks.
const (
	TelNoContext Code = "tel-no-context" // a local number without ";phone-context="
	TelDigits    Code = "tel-digits"     // a number with characters that are not digits or visual separators
	TelEmpty     Code = "tel-empty"      // no digit
	TelParameter Code = "tel-parameter"  // a malformed parameter
)

// Tel checks tel URIs (RFC 3966).
var Tel = Scheme{
	Names: []string{"tel"},
	Spec:  "RFC 3966 section 3",
	Syntax: `telephone-uri = "tel:" ( global-number / local-number ); global-number = "+" digits and visual ` +
		`separators ("-" "." "(" ")") *par; local-number = digits, "*", "#" and visual separators *par ` +
		`";phone-context=" descriptor *par. A local number needs its phone-context (section 5.1.5); letters ` +
		`and spaces are not part of a number; ";ext=" takes digits`,
	Check: checkTel,
}

func checkTel(u *grammar.Parsed) []grammar.Violation {
	s := u.Input
	a, e := rest(u)
	if a >= e {
		return nil
	}
	num := s[a:e]
	params := ""
	if k := strings.IndexByte(num, ';'); k >= 0 {
		num, params = num[:k], num[k:]
	}
	global := strings.HasPrefix(num, "+")
	digits := num
	if global {
		digits = num[1:]
	}
	var ps []grammar.Violation
	any := false
	for i := 0; i < len(digits); {
		c := digits[i]
		switch {
		case grammar.IsDigit(c):
			any = true
			i++
			continue
		case c == '-' || c == '.' || c == '(' || c == ')':
			i++
			continue
		case !global && (grammar.IsHex(c) || c == '*'):
			any = true
			i++
			continue
		case !global && strings.HasPrefix(strings.ToUpper(digits[i:]), "%23"):
			any = true
			i += 3
			continue
		}
		at := a + len(num) - len(digits) + i
		what := grammar.Messagef("%q", c)
		switch {
		case strings.HasPrefix(digits[i:], "%20"):
			what = `a space ("%20")`
		case c == '%':
			what = grammar.Messagef("%q", grammar.PercentDecode(digits[i:min(i+3, len(digits))]))
		case grammar.IsAlpha(c):
			what = grammar.Messagef("the letter %q (a number is written in digits, not the letters of a keypad)", c)
		}
		return append(ps, grammar.Violation{Code: TelDigits, Start: at, End: at + 1 + 2*boolInt(c == '%'),
			Message: grammar.Messagef(`%s in telephone number %q: only digits and the visual separators "-", ".", "(", ")" are allowed (RFC 3966 section 3)`, what, grammar.PercentDecode(num))})
	}
	if !any {
		return append(ps, grammar.Violation{Code: TelEmpty, Start: a, End: a + len(num),
			Message: grammar.Messagef(`telephone number %q has no digit (RFC 3966 section 3)`, num)})
	}
	ctx := false
	for off := a + len(num); params != ""; {
		p := params[1:]
		k := strings.IndexByte(p, ';')
		if k < 0 {
			k = len(p)
		}
		p = p[:k]
		name, value, hasEq := strings.Cut(p, "=")
		switch n := strings.ToLower(name); {
		case name == "" || !pname(name):
			return append(ps, grammar.Violation{Code: TelParameter, Start: off, End: off + 1 + k,
				Message: grammar.Messagef(`parameter %q: pname = 1*( alphanum / "-" ) (RFC 3966 section 3)`, ";"+p)})
		case n == "phone-context":
			ctx = true
			if !hasEq || !descriptor(value) {
				return append(ps, grammar.Violation{Code: TelParameter, Start: off, End: off + 1 + k,
					Message: grammar.Messagef(`%q: the phone-context is a domain name or a global number starting with "+" (RFC 3966 section 5.1.5)`, ";"+p)})
			}
		case n == "ext":
			if !hasEq || strings.Trim(value, "0123456789-.()") != "" || strings.Trim(value, "-.()") == "" {
				return append(ps, grammar.Violation{Code: TelParameter, Start: off, End: off + 1 + k,
					Message: grammar.Messagef(`%q: an extension is digits and visual separators (RFC 3966 section 5.2)`, ";"+p)})
			}
		}
		off += 1 + k
		params = params[1+k:]
	}
	if !global && !ctx {
		ps = append(ps, grammar.Violation{Code: TelNoContext, Start: a, End: a + len(num),
			Message: grammar.Messagef(`local number %q without ";phone-context=": a local number must say where it is dialled (RFC 3966 section 5.1.5); write the global number, "+" and the country code`, grammar.PercentDecode(num))})
	}
	return ps
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pname checks pname = 1*( alphanum / "-" ).
func pname(s string) bool {
	for i := 0; i < len(s); i++ {
		if !grammar.IsAlnum(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// descriptor checks descriptor = domainname / global-number-digits.
func descriptor(s string) bool {
	if strings.HasPrefix(s, "+") {
		return strings.Trim(s[1:], "0123456789-.()") == "" && strings.ContainsAny(s, "0123456789")
	}
	s = strings.TrimSuffix(s, ".")
	if s == "" {
		return false
	}
	for _, l := range strings.Split(s, ".") {
		if l == "" || l[0] == '-' || l[len(l)-1] == '-' || !pname(l) {
			return false
		}
	}
	return true
}
