package rules

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
)

// URNInconsistentSpelling reports a URN written differently in different
// places of one run, though the same URN under RFC 8141's equivalence. It
// looks across documents: its Run records each URN's equivalence key, and
// its Across step compares them once every document is read.
var URNInconsistentSpelling = &lint.Rule{
	Name:       "urn-inconsistent-spelling",
	Category:   lint.Style,
	Severity:   lint.Warning,
	Certainty:  extract.Likely,
	DefaultOff: true,
	Kinds:      []extract.Kind{extract.KindURN},
	Doc: lint.Doc{
		Title: `The same URN is written differently in different places of the documents checked together.`,
		Text: `RFC 8141 section 3.1: two URNs are URN-equivalent if their assigned-name portions are octet-by-octet
equal after case normalization of the scheme "urn" and of the NID (to lower case), and of the hexadecimal
digits of percent-encodings in the NSS (to upper case); r-, q- and f-components are ignored. So
"URN:IETF:params:xml:ns:yang:ietf-interfaces" is "urn:ietf:params:xml:ns:yang:ietf-interfaces", and
"urn:example:a%2cb" is "urn:example:a%2Cb". Programs that compare URNs as strings (most do) take them for
different names, and readers wonder whether they are.

The rule compares every URN of a run, across files: the files of one urilint check, or the documents open
in the editor. For each URN written in more than one way, the way it is written most often (the first, on
a tie) is taken as the usual one, and every other spelling is reported with the places of the usual one.
A URN with a syntax problem, or with a placeholder, is left out, and so is a place where a suppression
comment turns the rule off. Equivalence rules of a namespace's own (such as the case of a UUID) are not
applied: only RFC 8141's.

The rule is off by default (a style choice, and a run of one file sees little); turn it on in the
configuration or with --strict.`,
		Bad:  `urn:ietf:params:xml:ns:yang:ietf-interfaces in one file, URN:IETF:params:xml:ns:yang:ietf-interfaces in another`,
		Good: `urn:ietf:params:xml:ns:yang:ietf-interfaces in both`,
		Fix:  `No fix is offered: which spelling to keep is the author's choice; the message names the usual one.`,
	},
	Run: func(p *lint.Pass) {
		u := p.URI
		if !u.Valid() || !u.NID.Present() || !u.NSS.Present() || u.Input != p.Candidate.URI {
			return // a syntax problem, or placeholders masked
		}
		name := u.Input[:u.NSS.End]
		p.Record(u.EquivalenceKey(), name, 0, u.NSS.End)
	},
	Across: func(p *lint.AcrossPass) {
		type spelling struct {
			value string
			at    []*lint.Fact
		}
		// A URN's spellings in order of first place. A URN may be spelled in
		// as many ways as it has places: past a few, a spelling is found by
		// its value in a map, not by comparing it with each.
		const few = 8
		type urn struct {
			spellings []*spelling
			byValue   map[string]*spelling // once there are more than few
		}
		groups := map[string]*urn{} // by key
		var keys []string
		for i := range p.Facts {
			f := p.Facts[i]
			g := groups[f.Key]
			if g == nil {
				g = &urn{}
				groups[f.Key] = g
				keys = append(keys, f.Key)
			}
			var s *spelling
			if g.byValue != nil {
				s = g.byValue[f.Value]
			} else {
				for _, x := range g.spellings {
					if x.value == f.Value {
						s = x
						break
					}
				}
			}
			if s == nil {
				s = &spelling{value: f.Value}
				g.spellings = append(g.spellings, s)
				if g.byValue != nil {
					g.byValue[f.Value] = s
				} else if len(g.spellings) > few {
					g.byValue = make(map[string]*spelling, 2*len(g.spellings))
					for _, x := range g.spellings {
						g.byValue[x.value] = x
					}
				}
			}
			s.at = append(s.at, f)
		}
		for _, key := range keys {
			sp := groups[key].spellings
			if len(sp) < 2 {
				continue
			}
			usual := sp[0]
			for _, s := range sp[1:] {
				if len(s.at) > len(usual.at) {
					usual = s
				}
			}
			places := placesOf(usual.at, 3)
			for _, s := range sp {
				if s == usual {
					continue
				}
				for _, f := range s.at {
					p.Report(f, fmt.Sprintf(`URN %s is written %s at %s: the same URN (RFC 8141 section 3.1: "urn", the NID and the hexadecimal digits of percent-encodings are compared ignoring case), spelled differently`,
						grammar.Quote(s.value), grammar.Quote(usual.value), places))
				}
			}
		}
	},
}

// placesOf names the places of facts, "file:line:column", the first max of
// them and how many more there are.
func placesOf(facts []*lint.Fact, max int) string {
	var b strings.Builder
	for i, f := range facts {
		if i == max {
			fmt.Fprintf(&b, " and %d more places", len(facts)-max)
			break
		}
		if i > 0 {
			if i == len(facts)-1 {
				b.WriteString(" and ")
			} else {
				b.WriteString(", ")
			}
		}
		fmt.Fprintf(&b, "%s:%d:%d", f.File, f.StartPos.Line, f.StartPos.Column)
	}
	return b.String()
}
