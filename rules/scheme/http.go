package scheme

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract/grammar"
)

// Codes of the http, https, ws and wss checks.
const (
	NoSlashes   Code = "no-slashes"    // "http:example.com", "http:/example.com/x": no "//" before a host name
	NoSlashesTo Code = "no-slashes-to" // "http:x", "http:/x": no "//", and no host name follows (in running text, a word)
	HostEmpty   Code = "host-empty"    // "http://", "http:///x", "http://:80/"
	Userinfo    Code = "userinfo"      // "http://user@host/"
	PortRange   Code = "port-range"    // a port above 65535
	IPv4        Code = "ipv4"          // a host that ends in a number but is no IPv4 address
	EmptyLabel  Code = "empty-label"   // "www..example.com"
	LongLabel   Code = "long-label"    // a label of more than 63 characters
	WSFragment  Code = "ws-fragment"   // a fragment in a ws or wss URI
	PrefixAlone Code = "prefix-alone"  // HostEmpty on "http://" alone: in running text, the prefix talked about
)

// httpByLength are the schemes HTTP checks, by length less 2.
var httpByLength = [...]string{"ws", "wss", "http", "https"}

// HTTP checks http and https (RFC 9110 section 4.2) and ws and wss (RFC
// 6455 section 3), as browsers read them (the WHATWG URL Standard's special
// schemes).
var HTTP = Scheme{
	Names: []string{"http", "https", "ws", "wss"},
	Spec:  "RFC 9110 section 4.2 (http, https), RFC 6455 section 3 (ws, wss), the WHATWG URL Standard's host parser",
	Syntax: `http-URI = "http" "://" authority path-abempty [ "?" query ] (and "https"); ws-URI = "ws:" "//" host ` +
		`[ ":" port ] path [ "?" query ] (and "wss"). The host is not empty, there is no userinfo, the port is at ` +
		`most 65535, a host that ends in a number is an IPv4 address (four decimal numbers of 0 to 255), and no ` +
		`label of a host name is empty or longer than 63 characters. ws and wss URIs have no fragment`,
	Check: checkHTTP,
}

func checkHTTP(u *grammar.Parsed) []grammar.Violation {
	var ps []grammar.Violation
	s := u.Input
	// The names differ in length: in lower case, without allocating.
	scheme := httpByLength[u.Scheme.End-u.Scheme.Start-2]
	ws := scheme == "ws" || scheme == "wss"
	colon := u.Scheme.End
	if !u.Authority.Present() {
		end := colon + 1
		if end < len(s) && s[end] == '/' {
			end++
		}
		code := NoSlashesTo
		if hostName(s[end:]) {
			code = NoSlashes
		}
		p := grammar.Violation{Code: code, Start: colon, End: end,
			Message: grammar.Messagef(`%q must be followed by "//" and a host (%s); browsers read %q as %q (the WHATWG URL Standard's special-scheme-missing-following-solidus)`,
				s[:colon+1], specOf(scheme), s, s[:colon+1]+"//"+strings.TrimLeft(s[colon+1:], "/"))}
		if u.Path.End > end {
			p.Fix, p.FixStart, p.FixEnd = "://", colon, end
			p.FixMessage = grammar.Messagef(`write %q`, s[:colon]+"://")
		}
		return append(ps, p)
	}
	a := u.Authority
	if u.Host.Start == u.Host.End && s[u.Host.Start-1] != ']' {
		code := HostEmpty
		if a.End == len(s) && a.Start == a.End {
			code = PrefixAlone
		}
		msg := grammar.Messagef(`%s needs a host after "//" (%s); browsers reject it (the WHATWG URL Standard's host-missing)`, article(scheme), specOf(scheme))
		if rest := strings.TrimLeft(s[a.End:], "/"); a.Start == a.End && len(rest) < len(s)-a.End && rest != "" {
			// "https:///github.com/x": browsers skip every "/" after the
			// scheme of a special one (the WHATWG URL Standard's special
			// authority ignore slashes state) and take what follows for
			// the host; other programs read an empty host.
			host := rest[:strings.IndexFunc(rest+"/", func(r rune) bool { return r == '/' || r == '?' || r == '#' || r == '\\' })]
			msg = grammar.Messagef(`%s needs a host after "//" (%s); browsers skip the extra "/" and take %q for the host, other programs read none`, article(scheme), specOf(scheme), host)
		}
		ps = append(ps, grammar.Violation{Code: code, Start: a.Start - 2, End: a.End, Message: msg})
	}
	if u.Userinfo.Present() {
		p := grammar.Violation{Code: Userinfo, Start: u.Userinfo.Start, End: u.Userinfo.End + 1}
		ui := u.Userinfo.In(s)
		if sc, ok := SchemeInUserinfo(ui); ok {
			p.Message = grammar.Messagef(`%q inside %s: %q is the host, and %q the userinfo; is %q left over before a %s URI?`,
				sc+":", article(scheme), u.Host.In(s), ui, s[:u.Authority.Start], sc)
			p.Fix, p.FixStart, p.FixEnd = "", 0, u.Authority.Start
			p.FixMessage = grammar.Messagef("remove %q", s[:u.Authority.Start])
		} else if ws {
			p.Message = grammar.Messagef(`userinfo %q: a %s URI has none (RFC 6455 section 3: "//" host [ ":" port ])`, ui+"@", scheme)
		} else {
			p.Message = grammar.Messagef(`userinfo %q: a sender must not generate it in %s (RFC 9110 section 4.2.4); browsers warn of it, and the Nu Html Checker rejects it`, ui+"@", article(scheme))
		}
		ps = append(ps, p)
	}
	if u.Port.Present() && u.Port.End > u.Port.Start {
		port := u.Port.In(s)
		if allDigits(port) && portValue(port) > 65535 {
			ps = append(ps, grammar.Violation{Code: PortRange, Start: u.Port.Start, End: u.Port.End,
				Message: grammar.Messagef("port %s is above 65535, the largest TCP port; browsers reject it (the WHATWG URL Standard's port-out-of-range)", grammar.Abbreviate(port))})
		}
	}
	if h := u.Host; h.End > h.Start && s[h.Start] != '[' {
		ps = append(ps, checkHost(s, h.Start, h.End)...)
	}
	if ws && u.Fragment.Present() {
		ps = append(ps, grammar.Violation{Code: WSFragment, Start: u.Fragment.Start - 1, End: u.Fragment.End,
			Message: grammar.Messagef(`a fragment in a %s URI: fragment identifiers "MUST NOT be used on these URIs" (RFC 6455 section 3)`, scheme)})
	}
	return ps
}

// article is "an http URI", "a ws URI".
func article(scheme string) string {
	if scheme[0] == 'h' {
		return "an " + scheme + " URI"
	}
	return "a " + scheme + " URI"
}

// hostName reports whether s starts with what looks like a host name:
// labels of letters, digits and "-", two or more, before the end or a
// "/", "?", "#" or ":".
func hostName(s string) bool {
	dots, n := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case grammar.IsAlnum(c) || c == '-':
			n++
		case c == '.' && n > 0:
			dots, n = dots+1, 0
		case c == '/' || c == '?' || c == '#' || c == ':':
			return dots > 0 && n > 0
		default:
			return false
		}
	}
	return dots > 0 && n > 0
}

// specOf names the section that defines scheme.
func specOf(scheme string) string {
	switch scheme {
	case "ws", "wss":
		return "RFC 6455 section 3"
	case "https":
		return "RFC 9110 section 4.2.2"
	}
	return "RFC 9110 section 4.2.1"
}

// SchemeInUserinfo reports whether the userinfo ui starts with a common
// scheme and ":" ("mailto:josh"): an http URI run together with another.
func SchemeInUserinfo(ui string) (string, bool) {
	name, _, ok := strings.Cut(ui, ":")
	if !ok {
		return "", false
	}
	switch strings.ToLower(name) {
	case "mailto", "http", "https", "tel", "ftp", "sip", "xmpp":
		return name, true
	}
	return "", false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !grammar.IsDigit(s[i]) {
			return false
		}
	}
	return s != ""
}

// portValue is the value of a decimal port, or a number above 65535 when
// it is too long to compute.
func portValue(s string) int {
	s = strings.TrimLeft(s, "0")
	if len(s) > 6 {
		return 1 << 30
	}
	v := 0
	for i := 0; i < len(s); i++ {
		v = v*10 + int(s[i]-'0')
	}
	return v
}

// checkHost checks the registered name s[start:end] of a special URL: its
// labels, and, when it ends in a number, that it is an IPv4 address.
func checkHost(s string, start, end int) []grammar.Violation {
	host := s[start:end]
	// One pass finds what the checks need: most hosts are plain names.
	empty, long, labelStart, dots := -1, -1, 0, 0
	for i := 0; i < len(host); i++ {
		switch host[i] {
		case '%':
			return nil // percent-decoded by browsers first: not checked here
		case '.':
			dots++
			if i == labelStart && empty < 0 && i != len(host)-1 {
				empty = i
			}
			if i-labelStart > 63 && long < 0 {
				long = labelStart
			}
			labelStart = i + 1
		}
	}
	if dots == len(host) {
		return nil // "...": a host left out
	}
	if len(host)-labelStart > 63 && long < 0 {
		long = labelStart
	}
	var ps []grammar.Violation
	if empty >= 0 {
		ps = append(ps, grammar.Violation{Code: EmptyLabel, Start: start + empty, End: start + empty + 1,
			Message: grammar.Messagef(`empty label in host %q: a "." %s (RFC 1034 section 3.1); browsers reject it`, host, where(empty))})
	}
	if p, ok := checkIPv4(host, start); ok {
		return append(ps, p)
	}
	if long >= 0 {
		n := strings.IndexByte(host[long:], '.')
		if n < 0 {
			n = len(host) - long
		}
		if isASCII(host[long : long+n]) {
			ps = append(ps, grammar.Violation{Code: LongLabel, Start: start + long, End: start + long + n,
				Message: grammar.Messagef("label of %d characters in a host name: DNS labels are at most 63 (RFC 1035 section 2.3.4); browsers reject it", n)})
		}
	}
	return ps
}

func where(i int) string {
	if i == 0 {
		return "starts it"
	}
	return "follows a \".\""
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// checkIPv4 checks a host that ends in a number (the WHATWG URL
// Standard's "ends in a number checker"): browsers parse it as an IPv4
// address, and fail or read something else when it is not four decimal
// numbers of 0 to 255. Forms browsers accept silently (fewer than four
// parts, "1.2.3" or "4294967295") are left alone. It returns the problem
// and true, or a zero problem when the host does not end in a number or
// is a valid address.
func checkIPv4(host string, start int) (grammar.Violation, bool) {
	// The last label first, without allocating: most hosts end in a name.
	last := strings.TrimSuffix(host, ".")
	last = last[strings.LastIndexByte(last, '.')+1:]
	if !allDigits(last) && !isHexNumber(last) {
		return grammar.Violation{}, false
	}
	parts := strings.Split(host, ".")
	trailing := false
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts, trailing = parts[:len(parts)-1], true
	}
	bad := func(msg string, args ...any) (grammar.Violation, bool) {
		return grammar.Violation{Code: IPv4, Start: start, End: start + len(host),
			Message: grammar.Messagef("host %q ends in a number, so browsers read it as an IPv4 address, and it is not one: ", host) +
				grammar.Messagef(msg, args...) + " (the WHATWG URL Standard's IPv4 parser; RFC 3986 section 3.2.2)"}, true
	}
	if len(parts) > 4 {
		return bad("%d parts, not 4", len(parts))
	}
	for _, p := range parts {
		if !allDigits(p) && !isHexNumber(p) {
			if p == "" {
				return bad("an empty part")
			}
			return bad("%q is not a number (a host name cannot end in a number: no top-level domain is all digits)", p)
		}
	}
	for _, p := range parts {
		if isHexNumber(p) || len(p) > 1 && p[0] == '0' {
			// An address browsers read, in another notation than RFC
			// 3986's: say which ("http://0x42.0x0000066.0x7.0x93/", an XSS
			// cheat sheet's, is 66.102.7.147; "010.0.0.1" is 8.0.0.1).
			a, ok := whatwgIPv4(parts)
			if !ok {
				return bad("%q is read as a hexadecimal or octal number; write the address as four decimal numbers without leading zeros", p)
			}
			return grammar.Violation{Code: IPv4, Start: start, End: start + len(host),
				Message: grammar.Messagef("host %q is an IPv4 address with a part in hexadecimal or octal (%q), which browsers read as %s; RFC 3986 allows only four decimal numbers without leading zeros (section 3.2.2): write it so (the WHATWG URL Standard's IPv4 parser)", host, p, a)}, true
		}
	}
	for i, p := range parts {
		if (len(parts) == 4 || i < len(parts)-1) && portValue(p) > 255 {
			return bad("%s is above 255", grammar.Abbreviate(p))
		}
	}
	if trailing {
		return bad(`it ends with "."`)
	}
	return grammar.Violation{}, false
}

// whatwgIPv4 returns the address the parts of a host that ends in a
// number stand for, as the WHATWG URL Standard's IPv4 parser reads them
// ("0x" hexadecimal, a leading "0" octal, the last part filling the bytes
// left), in four decimal numbers, and whether they make one.
func whatwgIPv4(parts []string) (string, bool) {
	var v [4]uint64
	for i, p := range parts {
		base, digits := uint64(10), p
		switch {
		case isHexNumber(p):
			base, digits = 16, p[2:]
		case len(p) > 1 && p[0] == '0':
			base, digits = 8, p[1:]
		}
		var n uint64
		for j := 0; j < len(digits); j++ {
			d := uint64(digits[j] - '0')
			if c := digits[j] | 0x20; c >= 'a' && c <= 'f' {
				d = uint64(c-'a') + 10
			}
			if d >= base {
				return "", false
			}
			if n = n*base + d; n > 1<<32 {
				return "", false
			}
		}
		v[i] = n
	}
	last := len(parts) - 1
	for i := 0; i < last; i++ {
		if v[i] > 255 {
			return "", false
		}
	}
	if v[last] >= 1<<(8*(5-len(parts))) {
		return "", false
	}
	addr := v[last]
	for i := 0; i < last; i++ {
		addr += v[i] << (8 * (3 - i))
	}
	return fmt.Sprintf("%d.%d.%d.%d", addr>>24, addr>>16&255, addr>>8&255, addr&255), true
}

func isHexNumber(s string) bool {
	if len(s) < 2 || s[0] != '0' || s[1] != 'x' && s[1] != 'X' {
		return false
	}
	for i := 2; i < len(s); i++ {
		if !grammar.IsHex(s[i]) {
			return false
		}
	}
	return true
}
