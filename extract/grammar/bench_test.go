package grammar

import "testing"

func BenchmarkParse(b *testing.B) {
	uris := []string{
		"https://www.rfc-editor.org/info/rfc8141",
		"urn:ietf:params:xml:ns:yang:ietf-interfaces",
		"http://[2001:db8::7]/c=GB?objectClass?one",
		"urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=lat=1#frag",
	}
	var n int64
	for _, u := range uris {
		n += int64(len(u))
	}
	b.SetBytes(n)
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range uris {
			Parse(u, AsAuto, RFC8141)
		}
	}
}
