package extract

import (
	"fmt"
	"slices"
	"testing"
)

// targetsOf returns the targets the walker of f reports in doc, each as
// "kind id|text level source-span".
func targetsOf(f Format, doc string) []string {
	var got []string
	f.Walk([]byte(doc), Options{Target: func(t Target) {
		s := fmt.Sprintf("%d %s|%s %d %q", t.Kind, t.ID, t.Text, t.Level, doc[t.Start:t.End])
		if t.IDPrefix != nil || t.IDSeparator != nil {
			p, sep := "nil", "nil"
			if t.IDPrefix != nil {
				p = *t.IDPrefix
			}
			if t.IDSeparator != nil {
				sep = *t.IDSeparator
			}
			s += fmt.Sprintf(" prefix=%q sep=%q", p, sep)
		}
		got = append(got, s)
	}}, func(*Candidate) {})
	return got
}

func TestRSTTargets(t *testing.T) {
	doc := "=====\nTitle\n=====\n\n.. _my  label:\n\nSub *Section* ``code``\n---------------------\n\n" +
		"Text with _`inline target` and `link <https://a.example/>`_.\n\n" +
		".. _away: https://b.example/\n\n.. note::\n   :name: Fig One\n\n   Body.\n\n.. [#note] A footnote.\n\n.. [CIT2002] A citation.\n\n" +
		"Another\n-------\n"
	want := []string{
		`1 |Title 1 "Title"`,
		`5 my label| 0 "my  label"`,
		"1 |Sub Section code 2 \"Sub *Section* ``code``\"",
		`5 inline target| 0 "inline target"`,
		`6 link| 0 "link"`,
		`6 away| 0 "away"`,
		`5 Fig One| 0 "Fig One"`,
		`5 note| 0 "note"`,
		`5 CIT2002| 0 "CIT2002"`,
		`1 |Another 2 "Another"`,
	}
	if got := targetsOf(FormatReStructuredText, doc); !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

func TestAsciiDocTargets(t *testing.T) {
	doc := "= Doc\n:idseparator: -\n\n== First *Bold* Section\n\n[[custom]]\n== Second\n\n[#blk.role]\nA para with [[inl]] and anchor:mac[text] and [#q]#quoted#.\n\n" +
		"== Third [[end]]\n\n:sectids!:\n\n== Fourth\n"
	want := []string{
		`1 |First Bold Section 1 "First *Bold* Section" prefix="nil" sep="-"`,
		`2 custom| 0 "custom"`,
		`1 custom|Second 1 "Second" prefix="nil" sep="-"`,
		`2 blk| 0 "blk"`,
		`2 inl| 0 "inl"`,
		`2 mac| 0 "mac"`,
		`2 q| 0 "q"`,
		`1 end|Third 1 "Third [[end]]" prefix="nil" sep="-"`,
	}
	if got := targetsOf(FormatAsciiDoc, doc); !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// Cross references are candidates of kind xref, at their places, only
// when asked for, and never in monospace.
func TestAsciiDocCrossReferences(t *testing.T) {
	doc := "See <<intro>>, <<other.adoc#x,text>> and xref:guide.adoc#y[Guide], `<<code>>`.\n"
	var got []string
	AsciiDoc([]byte(doc), Options{CrossReferences: true}, func(c *Candidate) {
		got = append(got, fmt.Sprintf("%s %s %s %q %d-%d", c.Kind, c.Context, c.Attribute, c.URI, c.Start, c.End))
	})
	want := []string{
		`xref adoc-xref << "intro" 6-11`,
		`xref adoc-xref << "other.adoc#x" 17-29`,
		`xref adoc-xref xref "guide.adoc#y" 46-58`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	got = got[:0]
	AsciiDoc([]byte(doc), Options{}, func(c *Candidate) { got = append(got, c.URI) })
	if len(got) != 0 {
		t.Errorf("without CrossReferences: %q", got)
	}
}
