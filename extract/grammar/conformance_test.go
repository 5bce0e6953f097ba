package grammar

import (
	"testing"

	"github.com/urilint/urilint/internal/testcorpus"
)

// The validation cases of ../../testdata/conformance (copied from other
// projects' test suites; see the README there) must all agree with their
// RFC labels, disputed ones included: the label is the RFC's answer.

func TestConformanceURN(t *testing.T) {
	type urnCase struct {
		Source       string `json:"source"`
		Input        string `json:"input"`
		ValidRFC8141 bool   `json:"valid_rfc8141"`
		ValidRFC2141 bool   `json:"valid_rfc2141"`
		Disputed     bool   `json:"disputed"`
		Note         string `json:"note"`
	}
	cases := testcorpus.Conformance[urnCase](t, "urn-cases.jsonl")
	agree := map[Syntax]int{}
	for _, c := range cases {
		for _, tc := range []struct {
			syn  Syntax
			want bool
		}{{RFC8141, c.ValidRFC8141}, {RFC2141, c.ValidRFC2141}} {
			p := Parse(c.Input, AsURN, tc.syn)
			if p.Valid() != tc.want {
				t.Errorf("%s: Parse(%q, urn, %v).Valid() = %v, want %v (problems %s; note %q)",
					c.Source, c.Input, tc.syn, p.Valid(), tc.want, problems(&p), c.Note)
				continue
			}
			agree[tc.syn]++
		}
	}
	disputed := 0
	for _, c := range cases {
		if c.Disputed {
			disputed++
			t.Logf("disputed, asserted as RFC 8141 and RFC 2141 say: %q: %s", c.Input, c.Note)
		}
	}
	t.Logf("urn-cases.jsonl: RFC 8141 %d/%d, RFC 2141 %d/%d agree (%d disputed cases among them)", agree[RFC8141], len(cases), agree[RFC2141], len(cases), disputed)
}

func TestConformanceURI(t *testing.T) {
	type uriCase struct {
		Source   string `json:"source"`
		Input    string `json:"input"`
		Valid    bool   `json:"valid_rfc3986"`
		Kind     string `json:"kind"`
		Disputed bool   `json:"disputed"`
		Note     string `json:"note"`
	}
	cases := testcorpus.Conformance[uriCase](t, "uri-cases.jsonl")
	n := 0
	for _, c := range cases {
		as := map[string]As{"URI": AsURI, "URI-reference": AsURIReference, "relative": AsRelativeRef}[c.Kind]
		if as == 0 {
			t.Fatalf("%s: unknown kind %q", c.Source, c.Kind)
		}
		p := Parse(c.Input, as, RFC8141)
		if p.Valid() != c.Valid {
			t.Errorf("%s: Parse(%q, %v).Valid() = %v, want %v (problems %s; note %q)",
				c.Source, c.Input, as, p.Valid(), c.Valid, problems(&p), c.Note)
			continue
		}
		n++
	}
	disputed := 0
	for _, c := range cases {
		if c.Disputed {
			disputed++
			t.Logf("disputed, asserted as RFC 3986 says (valid %v): %q: %s", c.Valid, c.Input, c.Note)
		}
	}
	t.Logf("uri-cases.jsonl: %d/%d agree (%d disputed cases among them)", n, len(cases), disputed)
}
