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

// TestDotNetID: "@" and a .NET documentation ID string; not a URI after
// "@", nor a kind of member that does not exist.
func TestDotNetID(t *testing.T) {
	for s, want := range map[string]bool{
		"@T:System.String": true, "@M:System.IO.FileStream.#ctor(System.String)": true, "@N:A": true,
		"@E:_x": true, "@https://a.example/": false, "@X:System.String": false, "@T:": false,
		"T:System.String": false, "@T:1a": false, "": false,
	} {
		if got := dotNetID([]byte(s)); got != want {
			t.Errorf("dotNetID(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestReferenceLink: a reference link's text as a destination.
func TestReferenceLink(t *testing.T) {
	for s, want := range map[string]bool{
		"[BIP54][]": true, "[a][b]": true, "[a]": false, "[]": false, "http://[::1]/": false,
		"[a][b]c": false, "a[b][c]": false,
	} {
		if got := referenceLink([]byte(s)); got != want {
			t.Errorf("referenceLink(%q) = %v, want %v", s, got, want)
		}
	}
}
