package grammar

import (
	"strings"
	"unicode/utf8"
)

// Character classes of RFC 3986 Appendix A, RFC 8141 section 2 and RFC 2141
// section 2, one bit each, looked up in a 256-entry table so that the
// grammar and the scanner test a byte with one load and one AND.
const (
	cAlpha       uint16 = 1 << iota // ALPHA
	cDigit                          // DIGIT
	cHex                            // HEXDIG (either case)
	cMark                           // "-" / "." / "_" / "~": the rest of unreserved
	cSub                            // sub-delims: ! $ & ' ( ) * + , ; =
	cColon                          // ":"
	cAt                             // "@"
	cSlash                          // "/"
	cQuestion                       // "?"
	cSchemePunct                    // "+" / "-" / "."
	cOther2141                      // RFC 2141 <other>: ( ) + , - . : = @ ; $ _ ! * '
	cExcluded                       // CTL, SP, DQUOTE, "<", ">", "\", "^", "`", "{", "|", "}", DEL
	cSpace                          // whitespace: SP, HT, LF, VT, FF, CR
)

// Sets built from the classes above.
const (
	mUnreserved = cAlpha | cDigit | cMark
	mRegName    = mUnreserved | cSub                   // reg-name (without pct-encoded)
	mUserinfo   = mRegName | cColon                    // userinfo; also IPvFuture's tail
	mPchar      = mRegName | cColon | cAt              // pchar (without pct-encoded)
	mPath       = mPchar | cSlash                      // path characters; RFC 8141 NSS
	mQuery      = mPath | cQuestion                    // query, fragment; r-, q-, f-component
	mScheme     = cAlpha | cDigit | cSchemePunct       // scheme after its first letter
	mNID        = cAlpha | cDigit                      // ldh without the hyphen
	mNSS2141    = cAlpha | cDigit | cOther2141         // RFC 2141 <trans> minus <reserved>
	mURIChar    = mQuery | cHex | cSchemePunct | cMark // every character a URI may contain, but "%", "#", "[", "]"
)

var class = func() (t [256]uint16) {
	set := func(chars string, c uint16) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= c
		}
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] |= cAlpha
		t[c+'a'-'A'] |= cAlpha
	}
	set("0123456789", cDigit)
	set("0123456789ABCDEFabcdef", cHex)
	set("-._~", cMark)
	set("!$&'()*+,;=", cSub)
	set(":", cColon)
	set("@", cAt)
	set("/", cSlash)
	set("?", cQuestion)
	set("+-.", cSchemePunct)
	set("()+,-.:=@;$_!*'", cOther2141)
	for c := 0; c < 0x20; c++ {
		t[c] |= cExcluded
	}
	set(" \"<>\\^`{|}\x7f", cExcluded)
	set(" \t\n\v\f\r", cSpace)
	return t
}()

func is(c byte, m uint16) bool { return class[c]&m != 0 }

// mustEncode reports whether c can appear in a URI only percent-encoded
// wherever it is: the excluded characters of RFC 2396bis 2.4.3 (controls,
// space, DQUOTE, "<", ">", "\", "^", "`", "{", "|", "}"), DEL, every octet of
// a non-ASCII character, "[" and "]" (the grammar callers never pass the
// brackets of an IP literal), and "#" (callers never pass the "#" that starts
// a fragment, so any "#" they see is a second one).
func mustEncode(c byte) bool {
	return c >= 0x80 || class[c]&cExcluded != 0 || c == '[' || c == ']' || c == '#'
}

// urlCodePoint returns the length of the non-ASCII character at the start
// of s when it is one a URL may hold (the WHATWG URL Standard's URL code
// points from U+00A0: not a C1 control, a surrogate or a noncharacter; RFC
// 3987's ucschar and iprivate are among them), else 0: an invalid UTF-8
// byte, a C1 control or a noncharacter, which no standard allows.
func urlCodePoint(s string) int {
	if len(s) == 0 || s[0] < 0x80 {
		return 0
	}
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 || r < 0xa0 || r >= 0xfdd0 && r <= 0xfdef || r&0xfffe == 0xfffe {
		return 0
	}
	return n
}

// urlCodePoints returns the length of the run of non-ASCII URL code points
// (see urlCodePoint) at the start of s.
func urlCodePoints(s string) int {
	i := 0
	for i < len(s) {
		n := urlCodePoint(s[i:])
		if n == 0 {
			break
		}
		i += n
	}
	return i
}

// IsHex reports whether c is a HEXDIG, of either case.
func IsHex(c byte) bool { return class[c]&cHex != 0 }

// IsAlpha reports whether c is an ASCII letter (ALPHA).
func IsAlpha(c byte) bool { return class[c]&cAlpha != 0 }

// IsDigit reports whether c is an ASCII digit (DIGIT).
func IsDigit(c byte) bool { return class[c]&cDigit != 0 }

// IsAlnum reports whether c is an ASCII letter or digit.
func IsAlnum(c byte) bool { return class[c]&(cAlpha|cDigit) != 0 }

// IsSchemeChar reports whether c may follow the first letter of a scheme:
// ALPHA / DIGIT / "+" / "-" / ".".
func IsSchemeChar(c byte) bool { return class[c]&mScheme != 0 }

// IsExcluded reports whether c is one of the characters RFC 2396bis
// section 2.4.3 excludes from URIs in any component: the ASCII controls,
// space, DQUOTE, "<", ">", "\", "^", "`", "{", "|", "}" and DEL.
func IsExcluded(c byte) bool { return class[c]&cExcluded != 0 }

// IsSpace reports whether c is ASCII whitespace: SP, HT, LF, VT, FF, CR.
func IsSpace(c byte) bool { return class[c]&cSpace != 0 }

// Lower returns the lower case of an ASCII letter, and any other byte as
// it is.
func Lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

const upperHex = "0123456789ABCDEF"

// appendPercentEncoded appends the percent-encoding of every octet of s.
func appendPercentEncoded(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, '%', upperHex[s[i]>>4], upperHex[s[i]&15])
	}
	return dst
}

// HexValue is the value of the hexadecimal digit c (IsHex(c)).
func HexValue(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// PercentDecode returns s with each percent-encoding ("%" and two
// hexadecimal digits) replaced by its octet; a "%" that starts none stays as
// it is.
func PercentDecode(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) {
			b = append(b, HexValue(s[i+1])<<4|HexValue(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// PercentEncode returns the percent-encoding (upper-case hex digits) of every
// octet of s: the UTF-8 octets of a non-ASCII character are encoded one by one,
// as RFC 3986 section 2.5 and RFC 8141 section 2 ask.
func PercentEncode(s string) string { return string(appendPercentEncoded(nil, s)) }
