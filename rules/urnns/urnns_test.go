package urnns

import (
	"strings"
	"testing"
)

// badNSS are NSSs that a check fails on, with where and why, and its fix.
var badNSS = []struct {
	nid, nss   string
	start, end int
	msg, fix   string
}{
	{"uuid", "f81d4fae-7dec-11d0-a765-00a0c91e6bf", 24, 35, "the fifth group", ""},
	{"uuid", "f81d4fae-7dec-11d0-a76-500a0c91e6bf6", 19, 22, "the fourth group", ""},
	{"uuid", "f81d4fae-7dec-11g0-a765-00a0c91e6bf6", 16, 17, `"g" in the third group`, ""},
	{"uuid", "f81d4fae7dec11d0a76500a0c91e6bf6", 0, 32, "without its hyphens", "f81d4fae-7dec-11d0-a765-00a0c91e6bf6"},
	{"UUID", "{f81d4fae-7dec-11d0-a765-00a0c91e6bf6}", 0, 38, "in braces", ""},
	{"uuid", "f81d4fae-7dec-11d0-a765", 0, 23, "has 4 groups", ""},
	{"uuid", "f81d4fae", 0, 8, `"f81d4fae" has 1 group: a UUID`, ""},
	{"uuid", "f81d4fae-7dec-11d0-a765-0", 24, 25, "has 1 hexadecimal digit, not 12", ""},
	{"oid", "1.3.06.1", 4, 6, "leading zero", ""},
	{"oid", "1.3..1", 4, 4, "empty arc", ""},
	{"oid", "1.3.6.x", 6, 7, `"x" in OID`, ""},
	{"oid", "3.1", 0, 1, "the top arcs are 0", ""},
	{"isbn", "0-395-36341-2", 12, 13, "check digit of ISBN \"0-395-36341-2\" is 1, not 2", "0-395-36341-1"},
	{"isbn", "978-0-395-36341-5", 16, 17, "is 6, not 5", "978-0-395-36341-6"},
	{"isbn", "0-395-3634", 0, 10, "has 8 digits", ""},
	{"isbn", "7", 0, 1, `ISBN "7" has 1 digit: an ISBN`, ""},
	{"isbn", "977-0-395-36341-6", 0, 17, "978 or 979", ""},
	{"isbn", "0 395", 1, 2, `" " in ISBN`, ""},
	{"isbn", "X-395-36341-1", 0, 13, `"X" in ISBN`, ""},
	{"issn", "1046-8189", 8, 9, "is 8, not 9", "1046-8188"},
	{"issn", "0259-0000", 8, 9, "is X, not 0", "0259-000X"},
	{"issn", "1046-818", 0, 8, "not NNNN-NNNC", ""},
	{"ietf", "rfc:0123", 4, 8, `leading zeros: "urn:ietf:rfc:123"`, "rfc:123"},
	{"ietf", "rfc:2141bis", 4, 11, "is not a number", ""},
	{"ietf", "id:draft_x", 8, 9, `"_" in "id:draft_x"`, ""},
	{"ietf", "xml:ns:yang:x", 0, 3, `start "urn:ietf:params:xml:"`, "params:xml:ns:yang:x"},
	{"service", "sos.Fire;tag=x", 0, 8, "lower-case", "sos.fire"},
	{"ietf", "params:xml::x", 11, 11, "empty name", ""},
	{"ietf", "params:xml:namespace:x", 11, 20, `class "namespace"`, "params:xml:ns:namespace:x"},
	{"ietf", "params:xml:xmpp-stanzas", 11, 23, `an XML namespace is "urn:ietf:params:xml:ns:xmpp-stanzas"`, "params:xml:ns:xmpp-stanzas"},
	{"ietf", "xml:params:ns:xmpp-stanzas", 0, 3, `"urn:ietf:params:xml:ns:xmpp-stanzas"?`, "params:xml:ns:xmpp-stanzas"},
	{"ietf", "params:", 7, 7, "empty name", ""},
	{"nbn", "fi", 2, 2, `no "-"`, ""},
	{"nbn", "fin-123", 0, 3, "two-letter", ""},
	{"nbn", "se:u_u-1", 4, 5, "subspc", ""},
	{"nbn", "se:-1", 3, 3, "subspc", ""},
	{"nbn", "se-", 3, 3, "NBN string", ""},
	{"iso", "iso:9999", 0, 3, `starts "urn:iso:std:"`, ""},
	{"iso", "std:ansi:9999", 4, 8, `originator "ansi"`, ""},
	{"iso", "std:iso:abc", 8, 11, `not "abc"`, ""},
	{"iso", "std:iso:9999:-1:ed-x", 16, 20, `an edition is "ed-" DIGITS`, ""},
	{"iso", "std:iso:9999:-1:stage-9.99:ed-1", 16, 26, "a stage is", ""},
	{"iso", "std:iso", 7, 7, "lacks its originator", ""},
	{"publicid", "-//OASIS//DTD+DocBook+XML+V4.1.2//EN", 1, 3, `an unconverted "//"`, "-:OASIS:DTD+DocBook+XML+V4.1.2:EN"},
	{"publicid", "ISO/IEC+10179", 3, 4, `a literal "/"`, "ISO%2FIEC+10179"},
	{"publicid", "a++b", 1, 3, `"++"`, "a+b"},
	{"publicid", "+a", 0, 1, `a "+" (a space) first`, "a"},
	{"publicid", "a%20b", 1, 4, `"%20"`, "a+b"},
	{"service", "sos.Fire", 0, 8, "lower-case", "sos.fire"},
	{"service", "sos:police", 0, 10, `label "sos:police"`, ""},
	{"service", "sos.", 4, 4, `label ""`, ""},
	{"service", "-sos", 0, 4, `label "-sos"`, ""},
	{"service", strings.Repeat("a", 28), 0, 28, "longer than 27", ""},
	{"alert", "service", 7, 7, "no indication", ""},
	{"alert", "servce:call-waiting", 0, 6, `did you mean "service"`, "service:call-waiting"},
	{"alert", "service:call_waiting", 8, 20, `"call_waiting"`, ""},
	{"alert", "service:x@", 8, 10, `"x@"`, ""},
	{"ogc", "def", 3, 3, "nothing after it", ""},
	{"ogc", ":x", 0, 0, "no resource class", ""},
	{"ogc", "def:", 4, 4, "nothing after its resource class", ""},
	{"oasis", "name:tc:x", 0, 4, `starts with "names:"`, ""},
	{"oasis", "Names:tc:x", 0, 5, "in lower case", ""},
	{"oasis", "names:committee:x", 6, 15, `class "committee"`, ""},
	{"oasis", "names:tc", 8, 8, "stops after its class", ""},
	{"oasis", "member:A00024", 13, 13, "opaque string", ""},
	{"dev", "mac:0024beffff804ff", 4, 19, "not pairs of hexadecimal digits", ""},
	{"dev", "ow:10e2073a0108", 3, 15, "not 16", ""},
	{"dev", "org:032473-foo", 4, 10, "Private Enterprise Number", ""},
	{"dev", "os:32473", 8, 8, `posnumber "-"`, ""},
	{"dev", "ops:32473-Refrigerator", 10, 22, `"ops:" posnumber "-" product "-" serial`, ""},
	{"dev", "org:32473-foo_bar_", 18, 18, "not empty", ""},
	{"dev", "1x:foo", 0, 2, `subtype "1x"`, ""},
	{"dev", "mac", 3, 3, "nothing after it", ""},
	{"fdc", "example.com:2002", 16, 16, "ProviderId", ""},
	{"fdc", "example:2002:x", 0, 7, "not a domain name", ""},
	{"fdc", "example.com:200213:x", 12, 18, `date "200213"`, ""},
	{"fdc", "example.com:20021:x", 12, 17, `date "20021"`, ""},
}

// Each check fails for the reason it names, at the place it names, with
// the fix it names.
func TestCheckBad(t *testing.T) {
	for _, c := range badNSS {
		ps := Check(c.nid, c.nss)
		if len(ps) == 0 {
			t.Errorf("urn:%s:%s: no problem", c.nid, c.nss)
			continue
		}
		p := ps[0]
		if p.Start != c.start || p.End != c.end || !strings.Contains(p.Message, c.msg) || p.Fix != c.fix {
			t.Errorf("urn:%s:%s: [%d,%d) %q fix %q; want [%d,%d) with %q, fix %q", c.nid, c.nss, p.Start, p.End, p.Message, p.Fix, c.start, c.end, c.msg, c.fix)
		}
	}
}

// What the namespaces allow is not reported.
func TestCheckGood(t *testing.T) {
	for _, c := range [][2]string{
		{"uuid", "F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"}, {"uuid", "00000000-0000-0000-0000-000000000000"},
		{"oid", "0"}, {"oid", "2.999.10"}, {"isbn", "0395363411"}, {"isbn", "0-8044-2957-x"}, {"isbn", "979-10-90636-07-1"},
		{"issn", "0259000x"}, {"ietf", "rfc:0"}, {"ietf", "params"}, {"ietf", "future-series"},
		{"ietf", "params:xml:ns:yang:ietf-interfaces"}, {"ietf", "params:oauth:grant-type:jwt-bearer"},
		{"IETF", "RFC:2141"}, {"nbn", "de:bvb:19-146642"}, {"iso", "std:iso:20022:tech:xsd:pain.001.001.03"},
		{"iso", "STD:ISO-IEC:TR:9999:-1"}, {"publicid", "%2B:IDN+example.org:DTD+XML+Bookmarks+1.0:EN:XML"},
		{"service", "counseling.mental-health"}, {"service", "sos.ecall.automatic;tag=8gydfe65t0"},
		{"alert", "service:call-waiting;x=y"}, {"alert", "jkl@example:a1"}, {"alert", "new-category:x"},
		{"ogc", "def:crs:EPSG::4326"}, {"oasis", "names:tc:SAML:2.0:assertion"}, {"dev", "example:new-1-2-3_comp"},
		{"example", "anything/at/all"}, {"guid", "{not-a-uuid}"}, {"fdc", "example.com:2002:A572007"},
	} {
		if ps := Check(c[0], c[1]); len(ps) > 0 {
			t.Errorf("urn:%s:%s: %q", c[0], c[1], ps[0].Message)
		}
	}
}

// A NID is matched exactly: urn:guid: is not urn:uuid:, and urn:services:
// is not urn:service: (urn-nid-unregistered suggests that one).
func TestLookupExact(t *testing.T) {
	for nid, want := range map[string]*Namespace{"uuid": &UUID, "UUID": &UUID, "guid": nil, "uuids": nil,
		"services": nil, "service": &Service, "publicid": &PublicID, "ex": nil} {
		if got := Lookup(nid); got != want {
			t.Errorf("Lookup(%q) = %v, want %v", nid, got, want)
		}
	}
}

func TestClose1(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{{"servce", "service", true}, {"serivce", "service", true}, {"services", "service", true},
		{"sevrice", "service", true}, {"delay", "relay", true}, {"source", "priority", false}, {"ab", "ba", true}} {
		if got := close1(c.a, c.b); got != c.want {
			t.Errorf("close1(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// TestMessagesBounded: every NSS of badNSS, with the character at any
// place repeated 3,000 times, gives messages of at most 2,000 bytes: input
// is quoted abbreviated (grammar.Messagef, grammar.Quote).
func TestMessagesBounded(t *testing.T) {
	for _, c := range badNSS {
		for at, r := range c.nss {
			long := c.nss[:at] + strings.Repeat(string(r), 3000) + c.nss[at:]
			for _, p := range Check(c.nid, long) {
				if len(p.Message) > 2000 {
					t.Errorf("urn:%s:%.60s...: a message of %d bytes: %.200s", c.nid, long, len(p.Message), p.Message)
				}
			}
		}
	}
}
