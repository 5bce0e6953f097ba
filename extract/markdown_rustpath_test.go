package extract

import "testing"

// TestRustPath: rustdoc's intra-doc links are names joined by "::"; a URI
// or anything else is not one.
func TestRustPath(t *testing.T) {
	for s, want := range map[string]bool{
		"block_on::block_on": true, "crate::sync::Mutex": true, "Vec::new()": true, "std::println!": true,
		"a::b::c": true, "x": false, "a:b": false, "a:::b": false, "::a": false, "a::": false, "a::1b": false,
		"http://a.example/": false, "urn:a:b": false, "a::b/c": false, "a ::b": false, "": false,
	} {
		if got := rustPath([]byte(s)); got != want {
			t.Errorf("rustPath(%q) = %v, want %v", s, got, want)
		}
	}
	if n := testing.AllocsPerRun(10, func() { rustPath([]byte("crate::sync::Mutex")) }); n != 0 {
		t.Errorf("rustPath allocates %v times", n)
	}
}
