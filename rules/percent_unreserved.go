package rules

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// PercentUnreserved reports a percent-encoded unreserved character outside
// URNs.
var PercentUnreserved = &lint.Rule{
	Name:     "percent-unreserved",
	Category: lint.Style,
	Severity: lint.Info,
	Kinds:    []extract.Kind{extract.KindURI, extract.KindRelativeRef},
	Doc: `An unreserved character (letter, digit, "-", ".", "_", "~") is percent-encoded in a URI.

RFC 3986 section 2.3: percent-encoded unreserved characters "should not be created by URI producers and,
when found in a URI, should be decoded". URIs that differ only in that are equivalent (section
6.2.2.2), so decoding is safe. Never for URNs: RFC 8141 section 3 forbids decoding a URN's
percent-encodings, and "a123%2Cz456" and "a123,z456" are different URNs.

Bad:  http://example.com/%7Euser  http://example.com/a%2Db
Good: http://example.com/~user  http://example.com/a-b

Fix (safe): write the character itself. The fix is not safe for "_" and "~" in running text, where
Markdown may read the decoded character as emphasis or strikethrough.

Not reported: "%2D" in a text fragment directive (#:~:text=...), where "-" separates a prefix or suffix
from the text and a literal "-" must stay encoded (the URL Fragment Text Directives specification).`,
	Run: func(p *lint.Pass) {
		u := p.URI
		if u.As == extract.AsURN {
			return
		}
		running := false
		switch p.Candidate.Context {
		case extract.ContextText, extract.ContextQuoted, extract.ContextAngle, extract.ContextAngleURL:
			running = true
		}
		s := u.Input
		directive := -1 // where a fragment directive starts
		if u.Fragment.Present() {
			if d := strings.Index(u.Fragment.In(s), ":~:"); d >= 0 {
				directive = u.Fragment.Start + d
			}
		}
		for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); {
			inDirective := directive >= 0 && i > directive
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil && unreserved(byte(v)) && (v != '-' || !inDirective) {
				c := string(rune(v))
				p.Report(lint.Finding{Start: i, End: i + 3,
					Message: fmt.Sprintf("%q encodes the unreserved character %q; write it as is (RFC 3986 section 2.3)", s[i:i+3], c),
					Fixes: []lint.Fix{{Message: fmt.Sprintf("write %q", c), Safe: !running || c != "_" && c != "~",
						Edits: []lint.Edit{{Start: i, End: i + 3, New: c}}}}})
			}
			j := strings.IndexByte(s[i+1:], '%')
			if j < 0 {
				break
			}
			i += 1 + j
		}
	},
}

func unreserved(c byte) bool {
	return isLetter(c) || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
