package extract

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/testcorpus"
)

// The extraction cases of ../testdata/conformance (copied from other
// projects' test suites; see the README there; the validation cases are the
// grammar's, in grammar/conformance_test.go) must agree with the peer except
// where RFC 3986 Appendix C or the URI grammar says otherwise; those cases
// are listed in extractDisagreements with the reason, and in
// docs/conformance.md.

// extractDisagreements lists the extraction cases where urilint answers
// differently from the peer, with what urilint finds and why.
var extractDisagreements = map[string]struct {
	got    []string
	reason string
}{
	// xurls (Strict).
	"http://a.b/a0/$€¥":                  {[]string{"http://a.b/a0/$"}, nonASCIISymbol},
	"http://✪foo.bar/pa✪th©more":         {nil, nonASCIISymbol},
	"http://foo.com/–":                   {[]string{"http://foo.com/"}, nonASCIISymbol},
	"http://foo.com/🐼":                   {[]string{"http://foo.com/"}, nonASCIISymbol},
	"https://shmibbles.me/tmp/自殺でも？.png": {[]string{"https://shmibbles.me/tmp/自殺でも"}, nonASCIISymbol},
	"'http://foo.com/bar'more":           {[]string{"http://foo.com/bar"}, "a \"'\" before the URI makes single quotes delimit it, as in XML attributes (xmlns='urn:a:b'/>)"},
	"http://foo.bar/path@":               {[]string{"http://foo.bar/path@"}, "\"@\" is a pchar and not sentence punctuation; Appendix C strips only punctuation"},
	"http://foo.bar/path|more":           {[]string{"http://foo.bar/path|more"}, "an excluded character followed by more URI characters stays in the candidate so that its missing percent-encoding is reported"},
	"randomtexthttp://foo.bar/etc":       {[]string{"randomtexthttp://foo.bar/etc"}, "the scheme is what is written; uri-scheme-unregistered then reports it and suggests http"},
	"<https://foo.bar/baz bim>\n":        {[]string{"https://foo.bar/bazbim"}, layoutInAngles},
	"<http://foo.bar/baz bim>\n":         {[]string{"http://foo.bar/bazbim"}, layoutInAngles},
	"<foo@bar.example.com>\n":            {nil, noScheme},
	"<foo+special@Bar.baz-bar0.com>\n":   {nil, noScheme},
	"< https://foo.bar >\n":              {[]string{"https://foo.bar"}, bareFound},
	"< http://foo.bar >\n":               {[]string{"http://foo.bar"}, bareFound},
	"https://example.com\n":              {[]string{"https://example.com"}, bareFound},
	"http://example.com\n":               {[]string{"http://example.com"}, bareFound},
	"mailto:foo":                         {nil, proseScheme},
	"MAILTO:foo":                         {nil, proseScheme},
	// GFM autolink extension.
	"www.commonmark.org\n":                                         {nil, abbreviated},
	"Visit www.commonmark.org/help for more information.\n":        {nil, abbreviated},
	"Visit www.commonmark.org.\n\nVisit www.commonmark.org/a.b.\n": {nil, abbreviated},
	"www.google.com/search?q=Markup+(business)\n\nwww.google.com/search?q=Markup+(business)))\n\n(www.google.com/search?q=Markup+(business))\n\n(www.google.com/search?q=Markup+(business)\n": {nil, abbreviated},
	"www.google.com/search?q=(business))+ok\n":                                             {nil, abbreviated},
	"www.google.com/search?q=commonmark&hl=en\n\nwww.google.com/search?q=commonmark&hl;\n": {nil, abbreviated},
	"www.commonmark.org/he<lp\n":                                                           {nil, abbreviated},
	"foo@bar.baz\n":                                                                        {nil, noScheme},
	"hello@mail+xyz.example isn't valid, but hello+xyz@mail.example is.\n":                 {nil, noScheme},
	"a.b-c_d@a.b\n\na.b-c_d@a.b.\n\na.b-c_d@a.b-\n\na.b-c_d@a.b_\n":                        {nil, noScheme},
	"mailto:foo@bar.baz\n\nmailto:a.b-c_d@a.b\n\nmailto:a.b-c_d@a.b.\n\nmailto:a.b-c_d@a.b/\n\nmailto:a.b-c_d@a.b-\n\nmailto:a.b-c_d@a.b_\n\nxmpp:foo@bar.baz\n\nxmpp:foo@bar.baz.\n": {
		[]string{"mailto:foo@bar.baz", "mailto:a.b-c_d@a.b", "mailto:a.b-c_d@a.b", "mailto:a.b-c_d@a.b/", "mailto:a.b-c_d@a.b-", "mailto:a.b-c_d@a.b_", "xmpp:foo@bar.baz", "xmpp:foo@bar.baz"},
		"\"/\", \"-\" and \"_\" are URI characters, not sentence punctuation; GFM's e-mail link rules are not URI syntax"},
	"xmpp:foo@bar.baz/txt/bin\n": {[]string{"xmpp:foo@bar.baz/txt/bin"}, "GFM allows one \"/\" resource in xmpp links; URI syntax has no such limit"},
}

const (
	nonASCIISymbol = "a non-ASCII character that is not a letter, mark or digit ends a candidate (non-ASCII letters continue it so that an IRI written in text is reported)"
	layoutInAngles = "RFC 3986 Appendix C: whitespace inside <...> is layout and is removed"
	noScheme       = "an e-mail address without \"mailto:\" is not a URI"
	bareFound      = "not a <...> autolink, but a URI in running text, which Appendix C delimits by whitespace"
	abbreviated    = "an abbreviated URI without a scheme (Appendix F of the 2003 draft) is not extracted"
	proseScheme    = "in running text, \"mailto:\" before a word with no \"@\" is prose (\"write to mailto:or call\"), not a URI: a scheme whose name is a word starts a URI only where its syntax starts"
)

func TestConformanceExtract(t *testing.T) {
	type extractCase struct {
		Source   string   `json:"source"`
		Input    string   `json:"input"`
		Expect   []string `json:"expect"`
		Match    string   `json:"match"`
		Variants []string `json:"variants"`
	}
	text := func(doc []byte) []string {
		var uris []string
		for _, c := range Text(doc) {
			uris = append(uris, c.URI)
		}
		return uris
	}
	markdown := func(doc []byte) []string {
		var uris []string
		Markdown(doc, Options{}, func(c *Candidate) { uris = append(uris, c.URI) })
		return uris
	}
	used := map[string]bool{}
	for _, run := range []struct {
		file, walker string
		walk         func([]byte) []string
	}{
		{"extract-xurls.jsonl", "text", text},
		{"extract-commonmark-autolinks.jsonl", "text", text},
		{"extract-gfm-spec-autolinks.jsonl", "text", text},
		// The CommonMark and GFM inputs are Markdown: the Markdown walker must
		// give the same answers (autolinks from goldmark, the rest from text).
		{"extract-commonmark-autolinks.jsonl", "markdown", markdown},
		{"extract-gfm-spec-autolinks.jsonl", "markdown", markdown},
	} {
		file := run.file + " (" + run.walker + ")"
		cases := testcorpus.Conformance[extractCase](t, run.file)
		n, agree := 0, 0
		for _, c := range cases {
			if c.Variants != nil && !slices.Contains(c.Variants, "Strict") {
				continue // Relaxed-only cases find URIs without a scheme: not our default
			}
			n++
			got := run.walk([]byte(c.Input))
			want := c.Expect
			if c.Match == "first" && len(got) > 1 {
				got = got[:1]
			}
			if d, ok := extractDisagreements[c.Input]; ok {
				used[c.Input] = true
				if !slices.Equal(got, d.got) {
					t.Errorf("%s: Text(%q) = %q; the documented answer is %q (%s)", file, c.Input, got, d.got, d.reason)
				}
				continue
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s (%s): Text(%q) = %q, want %q", file, c.Source, c.Input, got, want)
				continue
			}
			agree++
		}
		t.Logf("%s: %d of %d cases agree with the peer, %d differ as documented", file, agree, n, n-agree)
	}
	for in := range extractDisagreements {
		if !used[in] {
			t.Errorf("documented disagreement %q matches no case", in)
		}
	}
}

// TestConformanceDocumented checks that docs/conformance.md lists every
// documented disagreement, so that the page stays true.
func TestConformanceDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "docs", "conformance.md"))
	if err != nil {
		t.Fatal(err)
	}
	page := strings.ReplaceAll(string(doc), `\|`, "|")
	for in := range extractDisagreements {
		first := strings.SplitN(strings.TrimSpace(in), "\n", 2)[0]
		if !strings.Contains(page, first) {
			t.Errorf("docs/conformance.md does not mention %q", first)
		}
	}
}
