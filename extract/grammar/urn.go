package grammar

import (
	"strings"
	"unicode/utf8"
)

// parseURN parses an RFC 8141 namestring:
//
//	namestring    = assigned-name [ rq-components ] [ "#" f-component ]
//	assigned-name = "urn" ":" NID ":" NSS
//	NID           = (alphanum) 0*30(ldh) (alphanum)
//	NSS           = pchar *(pchar / "/")
//	rq-components = [ "?+" r-component ] [ "?=" q-component ]
//	r-component   = pchar *( pchar / "/" / "?" )
//	q-component   = pchar *( pchar / "/" / "?" )
//	f-component   = fragment
//
// with the prose of sections 2.3.1 and 2.3.2: an r-component ends at the
// first "?=" or "#", a q-component only at "#"; a "?" in the NSS that does not
// start "?+" or "?=" is a syntax error. Or, with RFC2141, an RFC 2141 URN:
//
//	<URN> ::= "urn:" <NID> ":" <NSS>
//	<NID> ::= <let-num> [ 1,31<let-num-hyp> ]   (1 to 32 characters; "urn" reserved)
//	<NSS> ::= 1*<URN chars>                     ("/", "?", "#" not allowed unencoded)
func (p *Parsed) parseURN() {
	s := p.Input
	n := len(s)
	if n < 4 || s[3] != ':' || !strings.EqualFold(s[:3], "urn") {
		end := schemeColon(s)
		if end < 0 {
			end = 0
		}
		p.add(NotURN, 0, end)
		return
	}
	p.Scheme = Span{0, 3}

	// The NID ends at the ":" before the NSS. Under RFC 8141 a "?" or "#"
	// before that ":" means the NSS is missing and a component follows.
	a := 4
	e := a
	for e < n && s[e] != ':' && (p.Syntax == RFC2141 || s[e] != '?' && s[e] != '#') {
		e++
	}
	p.NID = Span{a, e}
	p.nid(a, e)
	ns := e + 1
	missing := e == n || s[e] != ':'
	if missing {
		p.add(NSSMissing, e, e)
		ns = e
	}

	if p.Syntax == RFC2141 {
		// The NID took everything up to the ":", so a missing NSS leaves
		// nothing to check.
		if !missing {
			p.NSS = Span{ns, n}
			if ns == n {
				p.add(NSSEmpty, n, n)
			}
			p.chars(ns, n, mNSS2141, NSSChar)
		}
		return
	}

	// The NSS ends at the first "?+", "?=" or "#".
	ne := ns
	for ne < n && s[ne] != '#' && !delim(s, ne, '+') && !delim(s, ne, '=') {
		ne++
	}
	// After a missing NSS, what is left before a component can only be "?"
	// characters that start none: they are checked, but not called an NSS.
	if !missing {
		p.NSS = Span{ns, ne}
		switch {
		case ne == ns:
			p.add(NSSEmpty, ns, ns)
		case s[ns] == '/':
			p.add(NSSStart, ns, ns+1)
		}
	}
	p.chars(ns, ne, mPath, UnencodedQuestion)

	i := ne
	if i < n && delim(s, i, '+') {
		a := i + 2
		e := a
		for e < n && s[e] != '#' && !delim(s, e, '=') {
			e++
		}
		p.RComponent = Span{a, e}
		p.component(a, e, RComponentEmpty)
		i = e
	}
	if i < n && delim(s, i, '=') {
		a := i + 2
		e := n
		if h := strings.IndexByte(s[a:], '#'); h >= 0 {
			e = a + h
		}
		p.QComponent = Span{a, e}
		p.component(a, e, QComponentEmpty)
		i = e
	}
	if i < n { // s[i] == '#'
		p.FComponent = Span{i + 1, n}
		p.chars(i+1, n, mQuery, 0)
	}
}

// delim reports whether s[i:] starts with "?" followed by c: "?+" starts an
// r-component, "?=" a q-component.
func delim(s string, i int, c byte) bool { return s[i] == '?' && i+1 < len(s) && s[i+1] == c }

// nid checks the namespace identifier s[a:e].
func (p *Parsed) nid(a, e int) {
	s := p.Input
	if a == e {
		p.add(NIDEmpty, a, a)
		return
	}
	for i := a; i < e; {
		if is(s[i], mNID) || s[i] == '-' {
			i++
			continue
		}
		j := i + 1
		for j < e && !is(s[j], mNID) && s[j] != '-' {
			j++
		}
		p.add(NIDChar, i, j)
		i = j
	}
	n := utf8.RuneCountInString(s[a:e]) // lengths count characters (a non-ASCII one is also NIDChar)
	if s[a] == '-' {
		p.add(NIDLeadingHyphen, a, a+1)
	}
	if n > 32 {
		p.add(NIDTooLong, a, e)
	}
	switch p.Syntax {
	case RFC8141:
		if n > 1 && s[e-1] == '-' {
			p.add(NIDTrailingHyphen, e-1, e)
		}
		if n < 2 {
			p.add(NIDTooShort, a, e)
		}
	case RFC2141:
		if strings.EqualFold(s[a:e], "urn") {
			p.add(NIDReserved, a, e)
		}
	}
}

// component checks an r- or q-component s[a:e]; empty reports an empty one,
// at its "?+" or "?=".
func (p *Parsed) component(a, e int, empty Code) {
	s := p.Input
	if a == e {
		p.add(empty, a-2, a)
		return
	}
	if s[a] == '/' || s[a] == '?' {
		p.add(ComponentStart, a, a+1)
		a++
	}
	p.chars(a, e, mQuery, 0)
}

// EquivalenceKey returns the key under which URNs are URN-equivalent (RFC
// 8141 section 3.1): "urn" and the NID in lower case, the hexadecimal digits
// of percent-encodings in the NSS in upper case, the r-, q- and f-components
// dropped. Percent-encodings are never decoded. It returns "" unless p is a
// URN with an NID and an NSS.
func (p *Parsed) EquivalenceKey() string {
	if p.As != AsURN || !p.NID.Present() || !p.NSS.Present() {
		return ""
	}
	s := p.Input
	nid, nss := s[p.NID.Start:p.NID.End], s[p.NSS.Start:p.NSS.End]
	var b strings.Builder
	b.Grow(5 + len(nid) + len(nss))
	b.WriteString("urn:")
	for i := 0; i < len(nid); i++ {
		b.WriteByte(Lower(nid[i]))
	}
	b.WriteByte(':')
	for i := 0; i < len(nss); i++ {
		c := nss[i]
		if c == '%' && i+2 < len(nss) && IsHex(nss[i+1]) && IsHex(nss[i+2]) {
			b.WriteByte('%')
			b.WriteByte(upper(nss[i+1]))
			b.WriteByte(upper(nss[i+2]))
			i += 2
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}
