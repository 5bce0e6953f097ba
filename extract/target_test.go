package extract

import (
	"fmt"
	"slices"
	"testing"
)

// TestTargets: the headings and ids of each format, with their places.
func TestTargets(t *testing.T) {
	show := func(doc string, tg Target) string {
		switch tg.Kind {
		case TargetHeading:
			return fmt.Sprintf("h%d %q alt=%q src=%q @%q", tg.Level, tg.Text, tg.TextWithAlt, tg.Source, doc[tg.Start:tg.End])
		case TargetName:
			return fmt.Sprintf("name %q @%q", tg.ID, doc[tg.Start:tg.End])
		case TargetAttrID:
			return fmt.Sprintf("attr %q h%d @%d %q", tg.ID, tg.Level, tg.Start, doc[tg.Start:tg.End])
		}
		return fmt.Sprintf("id %q @%q", tg.ID, doc[tg.Start:tg.End])
	}
	for _, tt := range []struct {
		name, doc string
		walk      func([]byte, Options, func(*Candidate))
		want      []string
	}{
		{"markdown", "# Hello *World* `code`\n\n## Install ![logo](x.png) <b>now</b> {#install-now}\n\n" +
			"Text <a name=\"anchor1\"></a> and <span id=\"s&#45;2\">x</span>.\n\nSetext &amp; \\*more\\*\n======\n", Markdown, []string{
			`h1 "Hello World code" alt="Hello World code" src="Hello *World* ` + "`code`" + `" @"Hello *World* ` + "`code`" + `"`,
			`h2 "Install  now {#install-now}" alt="Install logo now {#install-now}" src="Install ![logo](x.png) <b>now</b> {#install-now}" @"Install ![logo](x.png) <b>now</b> {#install-now}"`,
			`attr "install-now" h2 @27 "Install ![logo](x.png) <b>now</b> {#install-now}"`,
			`name "anchor1" @"anchor1"`,
			`id "s-2" @"s&#45;2"`,
			`h1 "Setext & *more*" alt="Setext & *more*" src="Setext &amp; \\*more\\*" @"Setext &amp; \\*more\\*"`,
		}},
		// The text is what the renderer keeps: the parser strips the line's
		// own leading and trailing blanks and a closing sequence, nothing
		// else; a space left before a dropped image or tag, or inside a code
		// span, stays (GitHub makes "valid-heading-has-" of the second).
		{"markdown-text-kept", "# Foo -\n\n### Valid Heading Has ![an Image](x.png)\n\n" +
			"### Introduce `validation-gen `\n\n##   Closed  ##  \n\n## Tag <br>\n", Markdown, []string{
			`h1 "Foo -" alt="Foo -" src="Foo -" @"Foo -"`,
			`h3 "Valid Heading Has " alt="Valid Heading Has an Image" src="Valid Heading Has ![an Image](x.png)" @"Valid Heading Has ![an Image](x.png)"`,
			`h3 "Introduce validation-gen " alt="Introduce validation-gen " src="Introduce ` + "`validation-gen `" + `" @"Introduce ` + "`validation-gen `" + `"`,
			`h2 "Closed" alt="Closed" src="Closed" @"Closed"`,
			`h2 "Tag " alt="Tag " src="Tag <br>" @"Tag <br>"`,
		}},
		// Attribute lists after paragraphs and inline elements: kramdown's
		// and Python-Markdown's attr_list; not in code, not a template's
		// "{#if x}" nor a set.
		{"markdown-attr-lists", "Some __text__{: #text } here,\n**b**{ #b .c key=\"v w\" }.\n{: #para }\n\n" +
			"`{#code}` {#if x} {a, b} {#} {: .only-class}\n", Markdown, []string{
			`attr "text" h0 @13 "{: #text }"`,
			`attr "b" h0 @35 "{ #b .c key=\"v w\" }"`,
			`attr "para" h0 @56 "{: #para }"`,
		}},
		{"html", `<h2 id="intro">Intro</h2><a name="old">x</a><p name="not-a">y</p><div ID=" sp ">z</div>`, HTML, []string{
			`id "intro" @"intro"`, `name "old" @"old"`, `id "sp" @" sp "`,
		}},
		{"xml", `<rfc><section anchor="intro"><t xml:id="p1" id="p&#x32;">x</t></section><x name="n"/></rfc>`, XML, []string{
			`id "intro" @"intro"`, `id "p1" @"p1"`, `id "p2" @"p&#x32;"`,
		}},
	} {
		var got []string
		tt.walk([]byte(tt.doc), Options{Target: func(tg Target) { got = append(got, show(tt.doc, tg)) }}, func(*Candidate) {})
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

func TestExplicitID(t *testing.T) {
	for _, tt := range []struct{ in, id, rest string }{
		{"Title {#my-id}", "my-id", "Title"},
		{"Title {: #my-id .cls }", "my-id", "Title"},
		{"Title {.cls}", "", "Title {.cls}"},
		{"Title", "", "Title"},
		{"a {#}", "", "a {#}"},
	} {
		id, rest, _ := explicitID(tt.in)
		if id != tt.id || rest != tt.rest {
			t.Errorf("explicitID(%q) = %q, %q; want %q, %q", tt.in, id, rest, tt.id, tt.rest)
		}
	}
}
