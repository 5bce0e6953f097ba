package extract

import "testing"

// The text column of a hex dump shows bytes as characters: strings cut at
// sixteen bytes and run together through "." separators. No URI is
// written there (XEP-0390 shows the hexdump -C of a string of URIs); the
// same URI elsewhere on such a line, or in a line that is no dump, is
// found.
func TestTextHexDump(t *testing.T) {
	checkText(t, ""+
		"00000020  74 72 65 61 6d 73 1f 68  74 74 70 3a 2f 2f 6a 61  |treams.http://ja|\n"+
		"00000090  73 63 6f 23 69 74 65 6d  73 1f 68 74 74 70 3a 2f  |sco#items.http:/|\n"+
		"00000050  70 3a 2f 2f 6a 61 62 62  65 72 2e 6f 72 67 2f 70  |p://jabber.org/p|\n"+
		"00000020: 7472 6561 6d73 1f68 7474 703a 2f2f 6a61  treams.http://ja\n"+
		"0000020 74 72 65 61 6d 73 1f 68 74 74 70 3a 2f 2f 6a 61  >treams.http://ja<\n"+
		"see http://a.example/x\n"+
		"1234 at http://b.example/y\n"+
		"00 11 22 33 44 http://c.example/z\n",
		`6:5-6:23 385-403 uri text "http://a.example/x"`,
		`7:9-7:27 412-430 uri text "http://b.example/y"`,
		`8:16-8:34 446-464 uri text "http://c.example/z"`,
	)
}

func TestInHexDump(t *testing.T) {
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"00000020  74 72 65 61 6d 73 1f 68  74 74 70 3a 2f 2f 6a 61  |", true},
		{"00000020: 7472 6561 6d73 1f68  ", true},
		{"  0020 74 72 65 61 ", true},
		{"0020 74 72 65 ", false},     // three groups
		{"002 74 72 65 61 ", false},   // a short offset
		{"0020 747 72 65 61 ", false}, // a group of three digits
		{"see ", false},
		{"", false},
	} {
		if got := inHexDump([]byte(tt.line)); got != tt.want {
			t.Errorf("inHexDump(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
