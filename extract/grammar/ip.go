package grammar

// validIPLiteral reports whether s, the text between "[" and "]", is an
// IPv6address or IPvFuture (RFC 3986 section 3.2.2). IPv6 zone identifiers
// (RFC 6874) are not part of RFC 3986 and are rejected.
func validIPLiteral(s string) bool {
	if len(s) > 0 && (s[0] == 'v' || s[0] == 'V') {
		return validIPvFuture(s)
	}
	return validIPv6(s)
}

// validIPvFuture checks IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ).
func validIPvFuture(s string) bool {
	i := 1
	for i < len(s) && IsHex(s[i]) {
		i++
	}
	if i == 1 || i+1 >= len(s) || s[i] != '.' {
		return false
	}
	for i++; i < len(s); i++ {
		if !is(s[i], mUserinfo) {
			return false
		}
	}
	return true
}

// validIPv6 checks IPv6address. The nine alternatives of the ABNF come down
// to: pieces of 1 to 4 hex digits separated by single colons, at most one
// "::", an IPv4address allowed only as the last piece (where it counts as two
// pieces), and 8 pieces in all, or at most 7 when "::" stands for the rest.
func validIPv6(s string) bool {
	n := len(s)
	if n < 2 {
		return false
	}
	pieces, double, i := 0, false, 0
	if s[0] == ':' {
		if s[1] != ':' {
			return false
		}
		double, i = true, 2
		if i == n {
			return true
		}
	}
	for {
		j := i
		for j < n && j-i <= 4 && IsHex(s[j]) {
			j++
		}
		if j < n && s[j] == '.' {
			if !validIPv4(s[i:]) {
				return false
			}
			pieces += 2
			break
		}
		if j == i || j-i > 4 {
			return false
		}
		pieces++
		if j == n {
			break
		}
		if s[j] != ':' {
			return false
		}
		if j+1 < n && s[j+1] == ':' {
			if double {
				return false
			}
			double, i = true, j+2
			if i == n {
				break
			}
			continue
		}
		i = j + 1
		if i == n {
			return false
		}
	}
	if double {
		return pieces <= 7
	}
	return pieces == 8
}

// validIPv4 checks IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet,
// where a dec-octet is 0 to 255 without leading zeros.
func validIPv4(s string) bool {
	for k := 0; k < 4; k++ {
		if k > 0 {
			if len(s) == 0 || s[0] != '.' {
				return false
			}
			s = s[1:]
		}
		j := 0
		for j < len(s) && j < 4 && is(s[j], cDigit) {
			j++
		}
		if j == 0 || j > 3 || j > 1 && s[0] == '0' {
			return false
		}
		v := 0
		for _, c := range s[:j] {
			v = v*10 + int(c-'0')
		}
		if v > 255 {
			return false
		}
		s = s[j:]
	}
	return len(s) == 0
}
