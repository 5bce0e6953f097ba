package grammar

import "testing"

func TestHexValue(t *testing.T) {
	for c, want := range map[byte]byte{'0': 0, '9': 9, 'a': 10, 'f': 15, 'A': 10, 'F': 15} {
		if got := HexValue(c); got != want {
			t.Errorf("HexValue(%q) = %d, want %d", c, got, want)
		}
	}
}

func TestPercentDecode(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"abc", "abc"},
		{"a%20b", "a b"},
		{"%41%4a%4A", "AJJ"},
		{"caf%C3%A9", "caf\u00e9"},
		{"100%", "100%"},   // a "%" at the end stays
		{"%4", "%4"},       // one digit
		{"%zz%41", "%zzA"}, // not hexadecimal, then an encoding
		{"%%41", "%A"},     // a lone "%" before an encoding
		{"a%2", "a%2"},     // cut short
		{"%00", "\x00"},    // NUL is an octet like any other
	} {
		if got := PercentDecode(tt.in); got != tt.want {
			t.Errorf("PercentDecode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
