package grammar

import (
	"fmt"
	"slices"
	"strings"
)

// As selects the production a string is parsed as.
type As uint8

// Productions: RFC 3986 URI, URI-reference and relative-ref, and the RFC
// 8141 namestring (or RFC 2141 URN).
const (
	// AsAuto parses a string that starts with "urn:" (any case) as a URN,
	// one with a scheme as a URI, anything else as a relative reference.
	AsAuto As = iota
	AsURI
	AsURIReference
	AsRelativeRef
	AsURN
)

var asNames = [...]string{AsAuto: "auto", AsURI: "uri", AsURIReference: "uri-reference", AsRelativeRef: "relative-ref", AsURN: "urn"}

func (a As) String() string {
	if int(a) < len(asNames) {
		return asNames[a]
	}
	return fmt.Sprintf("As(%d)", a)
}

// ParseAs reads the name of a production as printed by As.String.
func ParseAs(name string) (As, error) {
	for a, n := range asNames {
		if n == name {
			return As(a), nil
		}
	}
	return 0, fmt.Errorf("unknown production %q (want auto, uri, uri-reference, relative-ref or urn)", name)
}

// Syntax selects the URN grammar.
type Syntax uint8

// URN grammars. RFC 8141 is the default; RFC 2141 is the 1997 syntax, still
// the reference of many namespace registrations.
const (
	RFC8141 Syntax = iota
	RFC2141
)

func (s Syntax) String() string {
	if s == RFC2141 {
		return "rfc2141"
	}
	return "rfc8141"
}

// ParseSyntax reads the name of a URN grammar as printed by Syntax.String.
func ParseSyntax(name string) (Syntax, error) {
	switch name {
	case "rfc8141":
		return RFC8141, nil
	case "rfc2141":
		return RFC2141, nil
	}
	return 0, fmt.Errorf("unknown URN syntax %q (want rfc8141 or rfc2141)", name)
}

// Span is the byte range [Start, End) of a component in the parsed string.
// An absent component has Start == End == -1; a present one may be empty.
type Span struct{ Start, End int }

var absent = Span{-1, -1}

// Present reports whether the component appears in the string.
func (s Span) Present() bool { return s.Start >= 0 }

// In returns the component's text in s, or "" when it is absent.
func (s Span) In(str string) string {
	if s.Start < 0 {
		return ""
	}
	return str[s.Start:s.End]
}

// Parsed is a string parsed as a URI, URI reference, relative reference or
// URN: the byte span of every component and every problem found.
//
// For a generic URI, Scheme, Authority (with Userinfo, Host, Port), Path,
// Query and Fragment are set. For a URN, Scheme, NID, NSS and the three
// optional components RComponent ("?+"), QComponent ("?=") and FComponent
// ("#") are set. Spans exclude the delimiters ("//", "?", "#", "?+", ...).
type Parsed struct {
	Input  string
	As     As     // the production used; never AsAuto
	Syntax Syntax // the URN grammar, when As is AsURN

	Scheme, Authority, Userinfo, Host, Port, Path, Query, Fragment Span
	NID, NSS, RComponent, QComponent, FComponent                   Span

	// Problems in order of position. Empty when the string is valid. At
	// most MaxProblemsPerCode of one code are recorded; Omitted counts the
	// rest.
	Problems []Problem

	// tally counts the problems of each code, once the parse has found
	// MaxProblemsPerCode problems: only a string with that many pays for it.
	tally *[codeCount]int
}

// MaxProblemsPerCode is how many problems of one code a parse records. A
// string with a million "%" is one mistake written a million times: its
// first problems are recorded and the rest only counted (Omitted), so that
// memory stays a small constant times the string (a recorded problem takes
// 24 bytes per byte of input). The checks report 100 findings of a rule on
// a URI at most, so a rule never misses one it would have shown.
const MaxProblemsPerCode = 1024

// Omitted returns how many problems of code c the parse found and did not
// record in Problems (beyond the first MaxProblemsPerCode).
func (p *Parsed) Omitted(c Code) int {
	if p.tally == nil || int(c) >= len(p.tally) {
		return 0
	}
	return max(p.tally[c]-MaxProblemsPerCode, 0)
}

// OmittedAll returns how many problems of any code the parse found and did
// not record.
func (p *Parsed) OmittedAll() int {
	n := 0
	for c := Code(1); c < codeCount; c++ {
		n += p.Omitted(c)
	}
	return n
}

// Valid reports whether the grammar found no problem.
func (p *Parsed) Valid() bool { return len(p.Problems) == 0 }

// Parse parses s as the production as (with the URN grammar syn). It never
// fails: every violation is recorded in Problems with its byte span, and
// parsing goes on so that one call reports every problem. Parsing a valid
// string does not allocate.
func Parse(s string, as As, syn Syntax) Parsed {
	var p Parsed
	ParseTo(&p, s, as, syn)
	return p
}

// ParseTo is Parse into *p, for callers that parse many strings in turn:
// it reuses the memory of p.Problems, which must no longer be in use.
func ParseTo(p *Parsed, s string, as As, syn Syntax) {
	// Field by field: a composite literal is built aside, then copied.
	p.Input, p.Syntax, p.Problems, p.tally = s, syn, p.Problems[:0], nil
	p.Scheme, p.Authority, p.Userinfo, p.Host, p.Port = absent, absent, absent, absent, absent
	p.Path, p.Query, p.Fragment = absent, absent, absent
	p.NID, p.NSS, p.RComponent, p.QComponent, p.FComponent = absent, absent, absent, absent, absent
	if as == AsAuto {
		as = Detect(s)
	}
	p.As = as
	if as == AsURN {
		p.parseURN()
	} else {
		p.parseURI()
	}
	if len(p.Problems) > 1 {
		slices.SortStableFunc(p.Problems, func(a, b Problem) int { return a.Start - b.Start })
	}
}

// Detect chooses the production for AsAuto: relative-ref without a
// scheme, URN for the scheme "urn", else URI.
func Detect(s string) As {
	c := schemeColon(s)
	switch {
	case c < 0:
		return AsRelativeRef
	case c == 3 && strings.EqualFold(s[:3], "urn"):
		return AsURN
	}
	return AsURI
}

// schemeColon returns the index of the ":" that ends a scheme: the first ":"
// before any "/", "?" or "#"; -1 if there is none.
func schemeColon(s string) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ':':
			return i
		case '/', '?', '#':
			return -1
		}
	}
	return -1
}

func (p *Parsed) add(c Code, start, end int) {
	if len(p.Problems) >= MaxProblemsPerCode && p.omit(c) {
		return
	}
	p.Problems = append(p.Problems, Problem{c, start, end})
}

// omit counts a problem of code c, found after MaxProblemsPerCode
// problems, and reports whether it is one too many of its code to record.
func (p *Parsed) omit(c Code) bool {
	if p.tally == nil {
		p.tally = new([codeCount]int)
		for _, pr := range p.Problems {
			p.tally[pr.Code]++
		}
	}
	p.tally[c]++
	return p.tally[c] > MaxProblemsPerCode
}

// parseURI parses a URI (RFC 3986 section 3), URI-reference (section 4.1) or
// relative-ref (section 4.2).
func (p *Parsed) parseURI() {
	s := p.Input
	rest := 0
	colon := schemeColon(s)
	switch p.As {
	case AsURI:
		if colon < 0 {
			p.add(SchemeMissing, 0, 0)
			break
		}
		p.scheme(colon)
		rest = colon + 1
	case AsURIReference:
		if colon >= 0 {
			p.scheme(colon)
			rest = colon + 1
		}
	case AsRelativeRef:
		if colon >= 0 {
			p.add(RelativeColon, colon, colon+1)
		}
	}

	n := len(s)
	i := rest
	if i+1 < n && s[i] == '/' && s[i+1] == '/' {
		i = p.authority(i + 2)
	}
	// Each component is checked in the same pass that finds its end.
	var e int
	if h, end, ok := p.sipIPLiteral(i); ok {
		e = p.charsUntil(i, h, mPath, 0, '?', '#')
		if e == h {
			p.Host = Span{h, end}
			if !validIPLiteral(s[h+1 : end-1]) {
				p.add(IPLiteral, h, end)
			}
			e = p.charsUntil(end, n, mPath, 0, '?', '#')
		}
	} else {
		e = p.charsUntil(i, n, mPath, 0, '?', '#')
	}
	p.Path = Span{i, e}
	if e < n && s[e] == '?' {
		q := e + 1
		e = p.charsUntil(q, n, mQuery, 0, '#', '#')
		p.Query = Span{q, e}
	}
	if e < n {
		p.Fragment = Span{e + 1, n}
		p.chars(e+1, n, mQuery, 0)
	}
}

// scheme checks scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), which
// ends at colon.
func (p *Parsed) scheme(colon int) {
	s := p.Input
	p.Scheme = Span{0, colon}
	if colon == 0 {
		p.add(SchemeEmpty, 0, 0)
		return
	}
	i := 0
	if !IsAlpha(s[0]) {
		j := runeEnd(s, 0)
		p.add(SchemeStart, 0, j)
		i = j
	}
	for i < colon {
		if is(s[i], mScheme) {
			i++
			continue
		}
		j := i
		for j < colon && !is(s[j], mScheme) {
			j++
		}
		p.add(SchemeChar, i, j)
		i = j
	}
}

// runeEnd returns the end of the UTF-8 sequence starting at s[i], or i+1 for
// an invalid byte.
func runeEnd(s string, i int) int {
	j := i + 1
	if s[i] >= 0x80 {
		for j < len(s) && j-i < 4 && s[j]&0xc0 == 0x80 {
			j++
		}
	}
	return j
}

// authority parses authority = [ userinfo "@" ] host [ ":" port ], which
// starts at a and ends at the first "/", "?" or "#", and returns its end.
// The last "@" ends the userinfo, so that an "@" that should have been
// percent-encoded is reported in the userinfo rather than the host.
func (p *Parsed) authority(a int) int {
	s := p.Input
	// One pass finds the end, the last "@", the first ":" after it, and
	// whether any character needs a closer look.
	at, colon, plain := -1, -1, true
	e := a
scan:
	for ; e < len(s); e++ {
		c := s[e]
		if class[c]&mRegName != 0 {
			continue
		}
		switch c {
		case '/', '?', '#':
			break scan
		case '@':
			at, colon = e, -1
		case ':':
			if colon < 0 {
				colon = e
			}
		default:
			plain = false
		}
	}
	p.Authority = Span{a, e}
	h := a
	if at >= 0 {
		p.Userinfo = Span{a, at}
		p.chars(a, at, mUserinfo, UserinfoChar)
		h = at + 1
	}
	if h < e && s[h] == '[' {
		end := strings.IndexByte(s[h:e], ']')
		if end < 0 {
			p.Host = Span{h, e}
			p.add(IPLiteral, h, e)
			return e
		}
		end += h + 1
		p.Host = Span{h, end}
		if !validIPLiteral(s[h+1 : end-1]) {
			p.add(IPLiteral, h, end)
		}
		switch {
		case end == e:
		case s[end] == ':':
			p.port(end+1, e)
		default:
			p.add(HostChar, end, e)
		}
		return e
	}
	hostEnd := e
	if colon >= 0 {
		hostEnd = colon
		p.port(hostEnd+1, e)
	}
	p.Host = Span{h, hostEnd}
	if !plain {
		p.chars(h, hostEnd, mRegName, 0)
	}
	return e
}

// sipIPLiteral finds the IPv6 reference of a sip or sips URI, whose host
// follows "sip:" or "user@" with no "//" (RFC 3261 section 25.1: SIP-URI =
// "sip:" [ userinfo ] hostport ..., IPv6reference = "[" IPv6address "]").
// The generic syntax reads that host as path, where "[" and "]" are not
// allowed; the scheme's registered syntax allows them there, so they are
// checked as an IP literal instead. It returns the literal's span, in the
// path that starts at i.
func (p *Parsed) sipIPLiteral(i int) (h, end int, ok bool) {
	s := p.Input
	if p.Scheme.End-p.Scheme.Start < 3 || p.Authority.Present() {
		return 0, 0, false
	}
	if sc := p.Scheme.In(s); !strings.EqualFold(sc, "sip") && !strings.EqualFold(sc, "sips") {
		return 0, 0, false
	}
	e := i
	for e < len(s) && s[e] != '?' && s[e] != '#' {
		e++
	}
	h = i
	if at := strings.IndexByte(s[i:e], '@'); at >= 0 {
		h = i + at + 1
	}
	if h >= e || s[h] != '[' {
		return 0, 0, false
	}
	c := strings.IndexByte(s[h:e], ']')
	if c < 0 {
		return 0, 0, false
	}
	return h, h + c + 1, true
}

// port checks port = *DIGIT in s[a:e].
func (p *Parsed) port(a, e int) {
	p.Port = Span{a, e}
	for i := a; i < e; i++ {
		if !is(p.Input[i], cDigit) {
			p.add(PortChar, a, e)
			return
		}
	}
}

// chars checks that s[i:e] holds only characters of the set allowed,
// percent-encodings, and nothing else. Characters that must always be
// percent-encoded are reported as Unencoded; any other character outside the
// set is reported with the code other. Consecutive offending characters of
// one kind make one problem.
func (p *Parsed) chars(i, e int, allowed uint16, other Code) {
	p.charsUntil(i, e, allowed, other, -1, -1)
}

// charsUntil is chars over s[i:e] that stops at the first byte stop or
// stop2 (neither of them in allowed; -1 for none) and returns its offset,
// or e: a component is checked in the pass that finds its end.
func (p *Parsed) charsUntil(i, e int, allowed uint16, other Code, stop, stop2 int) int {
	s := p.Input
	for i < e {
		c := s[i]
		if class[c]&allowed != 0 {
			i++
			continue
		}
		if int(c) == stop || int(c) == stop2 {
			return i
		}
		switch {
		case c == '%':
			if i+2 < e && IsHex(s[i+1]) && IsHex(s[i+2]) {
				i += 3
				continue
			}
			p.add(PercentMalformed, i, i+1)
			i++
		case c == '#' && other == NSSChar:
			p.add(NSSChar, i, i+1) // RFC 2141 reserves "#"; there is no fragment to be second in
			i++
		case mustEncode(c):
			if n := urlCodePoints(s[i:e]); n > 0 {
				p.add(NonASCII, i, i+n)
				i += n
				continue
			}
			j := i + 1
			for j < e && mustEncode(s[j]) && int(s[j]) != stop && int(s[j]) != stop2 && urlCodePoint(s[j:e]) == 0 {
				j++
			}
			p.add(Unencoded, i, j)
			i = j
		default:
			j := i + 1
			for j < e && class[s[j]]&allowed == 0 && s[j] != '%' && !mustEncode(s[j]) && int(s[j]) != stop && int(s[j]) != stop2 {
				j++
			}
			if other == 0 {
				panic(fmt.Sprintf("extract: unexpected %q at %d in %q", s[i:j], i, s))
			}
			p.add(other, i, j)
			i = j
		}
	}
	return e
}
