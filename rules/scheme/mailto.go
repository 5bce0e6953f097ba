package scheme

import (
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Codes of the mailto checks.
const (
	MailtoNoAt        Code = "mailto-no-at"        // an address without "@"
	MailtoEmpty       Code = "mailto-empty"        // an empty address between commas
	MailtoSemicolon   Code = "mailto-semicolon"    // addresses separated by ";"
	MailtoAmpersand   Code = "mailto-ampersand"    // "a@b.com&subject=": "&" where "?" starts the header fields
	MailtoLocalPart   Code = "mailto-local-part"   // an empty local part, or a "." first, last or doubled
	MailtoDomain      Code = "mailto-domain"       // an empty domain, or a "." first, last or doubled
	MailtoHeaderField Code = "mailto-header-field" // a header field without "=" or without a name
)

// Mailto checks mailto URIs (RFC 6068).
var Mailto = Scheme{
	Names: []string{"mailto"},
	Spec:  "RFC 6068 section 2",
	Syntax: `mailtoURI = "mailto:" [ to ] [ hfields ]; to = addr-spec *("," addr-spec); hfields = "?" hfield ` +
		`*( "&" hfield ); hfield = hfname "=" hfvalue. Each address is local-part "@" domain, neither empty ` +
		`nor with a "." first, last or doubled (outside a quoted local part); addresses are separated by ",", ` +
		`not ";", and the header fields start with "?", not "&"`,
	Check: checkMailto,
}

func checkMailto(u *grammar.Parsed) []grammar.Violation {
	var ps []grammar.Violation
	s := u.Input
	to := u.Path
	if to.End > to.Start {
		i := to.Start
		for {
			j := strings.IndexByte(s[i:to.End], ',')
			if j < 0 {
				j = to.End - i
			}
			ps = checkAddress(ps, s, i, i+j, to.End)
			i += j + 1
			if i > to.End {
				break
			}
			if len(ps) > 0 {
				break // one problem in the list is enough to read it again
			}
		}
	}
	if u.Query.Present() {
		q := u.Query
		for i := q.Start; i <= q.End; {
			j := strings.IndexByte(s[i:q.End], '&')
			if j < 0 {
				j = q.End - i
			}
			f := s[i : i+j]
			name, _, hasEq := strings.Cut(f, "=")
			switch {
			case f == "" && q.End == q.Start:
				// "mailto:a@b?": an empty query, harmless
			case !hasEq:
				ps = append(ps, grammar.Violation{Code: MailtoHeaderField, Start: i, End: i + j,
					Message: grammar.Messagef(`header field %q has no "=": hfield = hfname "=" hfvalue (RFC 6068 section 2)`, f)})
			case name == "":
				ps = append(ps, grammar.Violation{Code: MailtoHeaderField, Start: i, End: i + j,
					Message: grammar.Messagef(`header field %q has no name before "=" (RFC 6068 section 2)`, f)})
			}
			i += j + 1
		}
	}
	return ps
}

// checkAddress checks the address s[a:e] of a mailto URI's "to", whose
// list ends at end.
func checkAddress(ps []grammar.Violation, s string, a, e, end int) []grammar.Violation {
	addr := s[a:e]
	if addr == "" {
		what := "between two commas"
		if e == end {
			what = `after the last ","`
		} else if a == e && s[a-1] == ':' {
			what = "before the first \",\""
		}
		return append(ps, grammar.Violation{Code: MailtoEmpty, Start: a, End: e,
			Message: "empty address " + what + ` in a mailto URI: to = addr-spec *("," addr-spec) (RFC 6068 section 2)`})
	}
	dec := grammar.PercentDecode(addr)
	if k := strings.Index(addr, "&"); k > 0 {
		if name, _, ok := strings.Cut(addr[k+1:], "="); ok && isHeaderName(name) {
			return append(ps, grammar.Violation{Code: MailtoAmpersand, Start: a + k, End: a + k + 1,
				Message: grammar.Messagef(`%q follows the address: the header fields of a mailto URI start with "?" (RFC 6068 section 2)`, "&"+name+"="),
				Fix:     "?", FixStart: a + k, FixEnd: a + k + 1, FixMessage: `write "?" for "&"`})
		}
	}
	if strings.Count(dec, "@") > 1 || strings.Contains(addr, ";") {
		if k := strings.IndexByte(addr, ';'); k > 0 && strings.Contains(addr[:k], "@") && strings.Contains(addr[k+1:], "@") {
			return append(ps, grammar.Violation{Code: MailtoSemicolon, Start: a + k, End: a + k + 1,
				Message: `";" between two addresses: a mailto URI separates them with "," (RFC 6068 section 2)`,
				Fix:     ",", FixStart: a + k, FixEnd: a + k + 1, FixMessage: `write "," for ";"`})
		}
	}
	at := strings.LastIndex(addr, "@")
	if at < 0 && !strings.Contains(strings.ToLower(addr), "%40") {
		return append(ps, grammar.Violation{Code: MailtoNoAt, Start: a, End: e,
			Message: grammar.Messagef(`%q is not an email address: addr-spec = local-part "@" domain (RFC 6068 section 2)`, dec)})
	}
	if at < 0 {
		return ps // "%40": decoded, the parts are not where they are written
	}
	local, domain := addr[:at], addr[at+1:]
	if msg := dotAtom(local, true); msg != "" {
		ps = append(ps, grammar.Violation{Code: MailtoLocalPart, Start: a, End: a + at,
			Message: grammar.Messagef(`local part %q of %q: %s (RFC 6068 section 2; RFC 5322 section 3.4.1)`, grammar.PercentDecode(local), dec, msg)})
	}
	if strings.HasPrefix(domain, "[") {
		return ps
	}
	if msg := dotAtom(domain, false); msg != "" {
		ps = append(ps, grammar.Violation{Code: MailtoDomain, Start: a + at + 1, End: e,
			Message: grammar.Messagef(`domain %q of %q: %s (RFC 6068 section 2; RFC 5322 section 3.4.1)`, grammar.PercentDecode(domain), dec, msg)})
	}
	return ps
}

// dotAtom says what is wrong with a dot-atom-text (RFC 5322 section 3.2.3:
// 1*atext *("." 1*atext)), or "": empty, or a "." first, last or doubled.
// A local part in quotes (quoted-string) is not checked.
func dotAtom(s string, local bool) string {
	d := grammar.PercentDecode(s)
	switch {
	case d == "":
		return "empty"
	case local && strings.HasPrefix(d, `"`) && strings.HasSuffix(d, `"`) && len(d) > 1:
		return ""
	case d[0] == '.':
		return `starts with "."`
	case d[len(d)-1] == '.':
		return `ends with "."`
	case strings.Contains(d, ".."):
		return `holds ".."`
	}
	return ""
}

// isHeaderName reports whether s can be a mail header field name that
// people put in mailto URIs (RFC 6068 section 2 names subject, body, cc,
// bcc, to, in-reply-to, keywords).
func isHeaderName(s string) bool {
	switch strings.ToLower(s) {
	case "subject", "body", "cc", "bcc", "to", "in-reply-to", "keywords":
		return true
	}
	return false
}
