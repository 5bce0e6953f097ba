package rules

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// lintValue returns the names of the rules that report on a value, with
// the default configuration.
func lintValue(t *testing.T, v string, cfg *lint.Config) []string {
	t.Helper()
	if cfg == nil {
		cfg = &lint.Config{}
	}
	ch, err := lint.NewChecker(All, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	ch.CheckValue(v, grammar.AsAuto, func(d *lint.Diagnostic) { names = append(names, d.Rule.Name) })
	return names
}

// RFC 8141 section 5: the constraints on NIDs beyond their syntax.
func TestRFC8141Section5(t *testing.T) {
	tests := []struct {
		urn  string
		want []string
	}{
		{"urn:example:x", nil},
		{"urn:urn-7:x", nil},                              // 5.2: informal, registered
		{"urn:urn-9:x", []string{"urn-nid-unregistered"}}, // 5.2: well formed, not (yet) assigned
		{"urn:urn-0:x", []string{"urn-nid-reserved"}},     // 5.2: no leading zeros
		{"urn:urn-07:x", []string{"urn-nid-reserved"}},
		{"urn:urn-:x", []string{"urn-nid-syntax"}}, // a trailing hyphen: syntax first
		{"urn:urn:x", []string{"urn-nid-reserved"}},
		{"urn:X-foo:x", []string{"urn-nid-reserved"}}, // appendix C
		{"urn:x-foo:x", []string{"urn-nid-reserved"}},
		{"urn:de-bund:x", []string{"urn-nid-reserved"}},  // 5.1(3): ALPHA ALPHA "-"
		{"urn:xn--abc:x", []string{"urn-nid-reserved"}},  // 5.1(3): "xn--"
		{"urn:ab:x", []string{"urn-nid-reserved"}},       // 5.1(3): more than two characters
		{"urn:a1-b:x", []string{"urn-nid-unregistered"}}, // a digit: not a country code
		{"urn:abc:x", []string{"urn-nid-unregistered"}},
	}
	for _, tt := range tests {
		// Strict: an unregistered NID that is no likely typo is reported
		// only then.
		if got := lintValue(t, tt.urn, &lint.Config{Strict: true}); !slices.Equal(got, tt.want) {
			t.Errorf("%s: rules %q, want %q", tt.urn, got, tt.want)
		}
	}
	// Registered on purpose by the configuration.
	if got := lintValue(t, "urn:ab:x", &lint.Config{AllowedNIDs: map[string]bool{"ab": true}}); got != nil {
		t.Errorf("allowed urn:ab:x: rules %q", got)
	}
}

// RFC 8141 section 3.2's URNs are valid and registered: nothing is reported
// but the r-component (a policy rule, off by default).
func TestRFC8141Section3Examples(t *testing.T) {
	for _, urn := range []string{
		"urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456",
		"urn:example:a123,z456?=xyz", "urn:example:a123,z456#789", "urn:example:a123,z456/foo",
		"urn:example:a123%2Cz456", "urn:example:A123,z456", "urn:example:%D0%B0123,z456",
	} {
		if got := lintValue(t, urn, nil); got != nil {
			t.Errorf("%s: rules %q", urn, got)
		}
	}
	if got := lintValue(t, "urn:example:a123,z456?+abc", &lint.Config{Strict: true}); !slices.Equal(got, []string{"urn-r-component"}) {
		t.Errorf("r-component: rules %q", got)
	}
	// "%2c" is equivalent to "%2C", and written in lower case (a style
	// rule, off by default).
	if got := lintValue(t, "URN:EXAMPLE:a123%2cz456", &lint.Config{Strict: true}); !slices.Equal(got, []string{"percent-lowercase"}) {
		t.Errorf("lower-case encoding: rules %q", got)
	}
}

// The nid_policy labels of the URN conformance cases agree with the policy
// rules: for every case valid under RFC 8141, the labels are exactly the
// policy problems urn-nid-reserved reports (by the label its message
// implies), and a case without labels draws no urn-nid-reserved.
func TestNIDPolicyConformance(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "testdata", "conformance", "urn-cases.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	labels := []struct{ label, message string }{
		{"reserved-urn", `"urn" is reserved`},
		{"x-prefix", `experimental "X-"`},
		{"bad-informal-form", "informal namespaces"},
		{"two-letter-prefix", "reserved for"},
		{"too-short-for-formal", "more than two characters"},
	}
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c struct {
			Input     string   `json:"input"`
			Valid     bool     `json:"valid_rfc8141"`
			NIDPolicy []string `json:"nid_policy"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		if !c.Valid {
			continue
		}
		ch, _ := lint.NewChecker(All, &lint.Config{Strict: true}) // the letter of RFC 8141
		var got []string
		ch.CheckValue(c.Input, grammar.AsURN, func(d *lint.Diagnostic) {
			if d.Rule != URNNIDReserved {
				return
			}
			for _, l := range labels {
				if strings.Contains(d.Message, l.message) {
					got = append(got, l.label)
				}
			}
		})
		if !slices.Equal(got, c.NIDPolicy) {
			t.Errorf("%q: policy %q, want %q", c.Input, got, c.NIDPolicy)
		}
		n++
	}
	t.Logf("%d valid URN cases agree with their nid_policy labels", n)
}

func TestSuggest(t *testing.T) {
	for _, tt := range []struct {
		scheme    string
		authority bool
		want      string
		joined    bool
	}{
		{"linkhttps", true, "https", true}, // run together with text
		{"treams.http", true, "http", true},
		{"htps", true, "https", false},
		{"htpps", true, "https", false},
		{"httpss", true, "https", false}, // among equally close ones, the common scheme first
		{"httpx", true, "", false},       // a variant: letters added at the end
		{"ftps", true, "", false},
		{"files", false, "file", false}, // files:/// is a typo: file has no variant
		{"git+https", true, "", false},  // a compound scheme, not run-together text
		{"registry+https", true, "", false},
		{"bzr+ssh", true, "", false},
		{"htp", true, "http", false},
		{"urk", false, "", false}, // three letters for three: a name of its own ("ssl", "gif")
		{"ssl", true, "", false},
		{"gif", true, "", false},
		{"mftp", true, "", false}, // a letter before "ftp": a name of its own, as "tgit"
		{"xhttps", true, "https", false},
		{"htttp", true, "http", false},
		{"app", true, "", false}, // three letters: only the common schemes ("ipp" is one edit away)
		{"gs", true, "", false},
		{"hotel", false, "", false}, // not "tel": no "//", so not run-together text
		{"metadata", false, "", false},
		{"intelhttp", false, "", false},
		{"intelhttp", true, "http", true},
	} {
		uri := tt.scheme + ":x"
		if tt.authority {
			uri = tt.scheme + "://x"
		}
		u := grammar.Parse(uri, grammar.AsURI, grammar.RFC8141)
		got, joined := suggestScheme(tt.scheme, &u)
		if got != tt.want || joined != tt.joined {
			t.Errorf("suggestScheme(%q, %v) = %q, %v; want %q, %v", tt.scheme, tt.authority, got, joined, tt.want, tt.joined)
		}
	}
}
