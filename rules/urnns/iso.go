package urnns

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// ISO is urn:iso: (RFC 5141 section 2.4 and appendix B).
var ISO = Namespace{
	NID:  "iso",
	Spec: "RFC 5141 section 2.4",
	Syntax: `std-nss = "std:" docidentifier *supplement *docelement [addition]; docidentifier = originator [ ":" ` +
		`type ] ":" docnumber [ ":" partnumber ] ...; originator = iso, iso-iec, iso-cie, iso-astm, iso-ieee or ` +
		`iec; type = data, guide, isp, iwa, pas, r, tr, ts or tta; docnumber = DIGITS; and, where they appear, ` +
		`partnumber = "-" letters, digits and "-", stage = "stage-" DD.DD [ ".v" DIGITS ], edition = "ed-" ` +
		`DIGITS. What follows ":tech" is the committee's`,
	Check: checkISO,
}

var (
	isoOriginators = []string{"iso", "iso-iec", "iso-cie", "iso-astm", "iso-ieee", "iec"}
	isoTypes       = []string{"data", "guide", "isp", "iwa", "pas", "r", "tr", "ts", "tta"}
)

func checkISO(nss string) []grammar.Violation {
	fs, offs := fields(strings.ToLower(nss), ':')
	if fs[0] != "std" {
		return problem(0, len(fs[0]), `%q: every ISO URN starts "urn:iso:std:" (RFC 5141 section 2.4.1)`, nss[:len(fs[0])])
	}
	if len(fs) < 3 {
		return problem(len(nss), len(nss), `ISO URN %q lacks its originator and document number: "std:" originator [ ":" type ] ":" docnumber (RFC 5141 section 2.4.1)`, nss)
	}
	if !contains(isoOriginators, fs[1]) {
		return problem(offs[1], offs[1]+len(fs[1]), `originator %q is none of %s (RFC 5141 section 2.4.1)`, nss[offs[1]:offs[1]+len(fs[1])], strings.Join(isoOriginators, ", "))
	}
	i := 2
	if contains(isoTypes, fs[i]) {
		i++
	}
	if i >= len(fs) || !allDigits(fs[i]) {
		what := "nothing"
		if i < len(fs) {
			what = grammar.Messagef("%q", nss[offs[i]:offs[i]+len(fs[i])])
		}
		at, end := len(nss), len(nss)
		if i < len(fs) {
			at, end = offs[i], offs[i]+len(fs[i])
		}
		return problem(at, end, `the document number (digits) or a type (%s) follows the originator, not %s (RFC 5141 section 2.4.1)`, strings.Join(isoTypes, ", "), what)
	}
	for i++; i < len(fs); i++ {
		f := fs[i]
		if f == "tech" {
			return nil // techdefined: the committee's own
		}
		bad := ""
		switch {
		case f == "":
			bad = `an empty element`
		case f[0] == '-':
			if notLDH(f[1:]) >= 0 {
				bad = `a part number is "-" and letters, digits or "-"`
			}
		case strings.HasPrefix(f, "stage-"):
			if !isoStage(f[len("stage-"):]) {
				bad = `a stage is "stage-" DIGIT DIGIT "." DIGIT DIGIT [ ".v" DIGITS ]`
			}
		case strings.HasPrefix(f, "ed-"):
			if !allDigits(f[len("ed-"):]) {
				bad = `an edition is "ed-" DIGITS`
			}
		}
		if bad != "" {
			return problem(offs[i], offs[i]+len(f), `%q in ISO URN %q: %s (RFC 5141 section 2.4.1)`, nss[offs[i]:offs[i]+len(f)], nss, bad)
		}
	}
	return nil
}

// isoStage checks stagecode [ "." iteration ]: DD.DD[.vN].
func isoStage(s string) bool {
	if len(s) < 5 || !grammar.IsDigit(s[0]) || !grammar.IsDigit(s[1]) || s[2] != '.' || !grammar.IsDigit(s[3]) || !grammar.IsDigit(s[4]) {
		return false
	}
	return len(s) == 5 || strings.HasPrefix(s[5:], ".v") && allDigits(s[7:])
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
