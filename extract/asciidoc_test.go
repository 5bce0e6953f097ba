package extract

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/testcorpus"
)

// The AsciiDoc walker's own tests, beyond adocCases (Asciidoctor's): each
// input is read as Asciidoctor 2.0.18 reads it (checked by rendering it),
// but for the choices docs/extraction.md states.
func TestAsciiDocWalker(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     []string
	}{
		// Attributes.
		{"reference in a link's middle", ":host: a.example\n\nSee https://{host}/x[x].\n",
			[]string{"adoc-url-macro 22-38 https://a.example/x"}},
		{"earlier attributes resolve in a value", ":org: https://a.example\n:repo: {org}/r\n\n{repo}[r]\n",
			[]string{"adoc-attribute 6-23 https://a.example", "adoc-attribute 31-38 https://a.example/r", "adoc-url-macro 40-46 https://a.example/r"}},
		{"unset attribute", ":u: https://a.example/\n:u!:\n\n{u}[u] and https://b.example/{u}\n",
			[]string{"adoc-attribute 4-22 https://a.example/", "text 40-61 https://b.example/{u}"}},
		// git's Documentation/technical/unit-tests.adoc: ":clar: https://github.com/clar-test/clar[Clar]".
		{"a value that is a URL macro", ":clar: https://a.example/clar[Clar]\n:v6: http://[::1]:8080/\n\nSee {clar}.\n",
			[]string{"adoc-attribute 7-29 https://a.example/clar", "adoc-attribute 41-59 http://[::1]:8080/", "adoc-url-macro 65-71 https://a.example/clar"}},
		{"names in any case", ":URL-X: https://a.example/\n\n{url-x}[a] {Url-X}[b]\n",
			[]string{"adoc-attribute 8-26 https://a.example/", "adoc-url-macro 28-35 https://a.example/", "adoc-url-macro 39-46 https://a.example/"}},
		{"intrinsic attributes", "https://a.example/a{sp}b and https://b.example/{startsb}x{endsb}\n",
			[]string{"text 0-19 https://a.example/a", "adoc-url-macro 29-47 https://b.example/"}},
		{"default attributes", "link:other{outfilesuffix}[other]\n",
			[]string{"adoc-link-macro 5-25 other.html"}},
		{"escaped reference", ":x: y\n\nhttps://a.example/\\{x}/z\n",
			[]string{"text 7-31 https://a.example/{x}/z"}},
		{"a whole target unresolved is no candidate", "{url-missing}[x] and link:{also-missing}[y]\n", nil},
		{"set and counter", "{set:h:https://a.example}{h}/x and https://b.example/{counter:n}{counter:n}\n",
			[]string{"text 25-30 https://a.example/x", "text 35-75 https://b.example/12"}},
		{"a value that is text", ":desc: See https://a.example/ and https://b.example/[b].\n",
			[]string{"text 11-29 https://a.example/", "adoc-url-macro 34-52 https://b.example/"}},
		{"a value that is a macro", ":star: icon:star[role=red]\n\n{star}\n", nil},
		{"a value in pass:[]", ":p: pass:[https://a.example/{x}]\n",
			[]string{"adoc-attribute 10-31 https://a.example/{x}"}},
		{"two URIs from one reference", ":two: https://a.example/ https://b.example/\n\n{two}\n",
			[]string{"text 6-24 https://a.example/", "text 25-43 https://b.example/", "text 45-50 https://a.example/"}},

		// Conditionals: the text of every branch is read; attribute
		// entries apply where Asciidoctor goes by default.
		{"conditional attribute entries", ":base: link:\nifdef::env-site[]\n:base: https://site.example/\nendif::[]\nifndef::env-site[]\n:other: https://b.example/\nendif::[]\n\n{base}a.adoc[a] {other}[b]\n",
			[]string{"adoc-attribute 38-59 https://site.example/", "adoc-attribute 97-115 https://b.example/", "adoc-link-macro 133-139 a.adoc", "adoc-url-macro 143-150 https://b.example/"}},
		{"ifdef of a document attribute", ":x:\nifdef::x[]\n:u: https://a.example/\nendif::[]\n{u}[a]\n",
			[]string{"adoc-attribute 19-37 https://a.example/", "adoc-url-macro 48-51 https://a.example/"}},
		{"directive lines inside a paragraph", "see\nifdef::x[]\nhttps://a.example/\nendif::[]\nhttps://b.example/ there\n",
			[]string{"text 15-33 https://a.example/", "text 44-62 https://b.example/"}},
		{"one-line ifdef", "ifdef::x[See https://a.example/.]\n", []string{"text 13-31 https://a.example/"}},

		// Macros.
		{"character references in a target", "link:a&amp;b.html[x] https://a.example/?a=1&amp;b=2[y]\n",
			[]string{"adoc-link-macro 5-17 a&b.html", "adoc-url-macro 21-51 https://a.example/?a=1&b=2"}},
		{"escaped ellipsis", "https://a.example/v1\\...v2[diff] https://b.example/v1...v2[x]\n",
			[]string{"adoc-url-macro 0-26 https://a.example/v1...v2", "adoc-url-macro 33-58 https://b.example/v1...v2"}},
		{"emphasis and highlight around a URI", "_https://a.example/x_ and #https://b.example/y# and __https://c.example/z__\n",
			[]string{"text 1-20 https://a.example/x", "text 27-46 https://b.example/y", "text 54-73 https://c.example/z"}},
		{"a URL macro in emphasis", "*https://a.example/[a]* and _https://b.example/[b]_\n",
			[]string{"adoc-url-macro 1-19 https://a.example/", "adoc-url-macro 29-47 https://b.example/"}},
		{"a URL macro Asciidoctor does not link", "x=https://a.example/[a] and ssh://h.example/r[r]\n",
			[]string{"text 2-20 https://a.example/", "text 28-45 ssh://h.example/r"}},
		{"link text is text", "https://a.example/[see https://b.example/ too]\n",
			[]string{"adoc-url-macro 0-18 https://a.example/", "text 23-41 https://b.example/"}},
		{"an image in a link", "link:https://a.example/[image:https://b.example/badge.svg[badge]]\n",
			[]string{"adoc-link-macro 5-23 https://a.example/", "adoc-image 30-57 https://b.example/badge.svg"}},
		{"an image's link attribute, quoted", "image:a.png[\"A, b\", link=\"https://a.example/?x=1,2\", window=_blank]\n",
			[]string{"adoc-image 6-11 a.png", "adoc-image-link 26-50 https://a.example/?x=1,2"}},
		{"a block image's link on the line above", "[link=https://a.example/]\nimage::a.png[]\n\n.Title\n[#id,link=\"https://b.example/?x=1,2\"]\nimage::b.png[B]\n",
			[]string{"adoc-image-link 6-24 https://a.example/", "adoc-image 33-38 a.png", "adoc-image-link 60-84 https://b.example/?x=1,2", "adoc-image 94-99 b.png"}},
		{"icons are names", "icon:heart[link=https://a.example/] icon:x[]\n",
			[]string{"adoc-image-link 16-34 https://a.example/"}},
		{"Antora resource ids are not URIs", "image::ROOT:a.png[]\n\nimage:2.0@comp:mod:b.png[] image:data:image/png;base64,AA==[]\n",
			[]string{"adoc-image 54-80 data:image/png;base64,AA=="}},
		// A block macro runs to the "]" that ends its line.
		{"a block image", "image::a.png[] image:b.png[]\n", []string{"adoc-image 7-12 a.png"}},
		{"video services", "video::abc123[youtube]\n\nvideo::v.mp4[poster=p.png]\n\nvideo::def[poster=vimeo]\n",
			[]string{"adoc-video 31-36 v.mp4"}},
		{"an escaped macro is text", "\\link:https://a.example/[a] \\image:b.png[] \\mailto:c@d.example[]\n",
			// \link:URL[] is a URL macro after "link:" (Asciidoctor shows the "\").
			[]string{"adoc-url-macro 6-24 https://a.example/", "text 44-62 mailto:c@d.example"}},
		{"link::", "link::https://a.example/[a]\n", []string{"text 6-24 https://a.example/"}},
		{"xrefs and anchors are no URIs", "[[sec:a]] see <<https://a.example/x, X>> and xref:b.adoc#c[https://c.example/] and anchor:d:e[]\n",
			[]string{"text 59-77 https://c.example/"}},
		{"an angle autolink in <<...>>", "<<https://a.example/>>\n", []string{"angle 2-20 https://a.example/"}},
		{"footnote text", "A note.footnote:[See https://a.example/.]\n", []string{"text 21-39 https://a.example/"}},

		// Monospace and passthroughs.
		{"superscript and subscript around a URI", "^https://a.example/x^ ~https://b.example/y~ https://c.example/a^b^c\n",
			[]string{"text 1-20 https://a.example/x", "text 23-42 https://b.example/y", "text 44-67 https://c.example/a^b^c"}},
		// A URL macro inside: Asciidoctor makes the tag before it finds links
		// (Zalando's API guidelines' changelog, ^URL[#807]^).
		{"a URL macro in superscript", "A rule. ^https://a.example/pull/807[#807]^ ~https://b.example/x[b]~\n",
			[]string{"adoc-url-macro 9-35 https://a.example/pull/807", "adoc-url-macro 44-63 https://b.example/x"}},
		{"character references in text", "https://a.example/?a=1&amp;b=2 and https://b.example/&#126;x &lt;https://c.example/&gt;\n",
			[]string{"text 0-30 https://a.example/?a=1&b=2", "text 35-60 https://b.example/~x", "angle 65-83 https://c.example/"}},
		{"constrained monospace needs word boundaries", "a`https://a.example/`b and `https://b.example/`.\n",
			[]string{"text 2-20 https://a.example/"}},
		{"unconstrained monospace", "x``https://a.example/``y\n", nil},
		{"backticks from an attribute are no markup", ":bt: `\n\n{bt}https://a.example/{bt}\n",
			[]string{"text 12-30 https://a.example/"}},
		{"passthrough kinds", "pass:q[https://a.example/] $$https://b.example/$$ stem:[https://c.example/] pass:m,q[see https://d.example/]\n",
			[]string{"text 89-107 https://d.example/"}},
		{"link to a passthrough", "link:++https://a.example/a b++[x] link:pass:[c d.pdf][y]\n",
			[]string{"adoc-link-macro 7-28 https://a.example/a b", "adoc-link-macro 45-52 c d.pdf"}},
		{"raw HTML inline", "+++<a href=\"https://a.example/\">a</a>+++ and pass:[<img src=\"b.png\">]\n",
			[]string{"adoc-pass-html 12-30 https://a.example/", "adoc-pass-html 61-66 b.png"}},
		{"an escaped passthrough is text", "\\+https://a.example/+ and \\++https://b.example/++\n",
			// As Asciidoctor: the text "+https://a.example/+" links "https://a.example/+".
			[]string{"text 2-21 https://a.example/+", "text 29-49 https://b.example/++"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := adocRun(t, tt.in, Options{}); !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

func TestAsciiDocBlocks(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     []string
		code     []string // with IncludeCodeBlocks and IncludeCodeSpans, when it differs
	}{
		{"a literal block in a list item", "* item https://a.example/\n  more https://b.example/\n\n  literal https://c.example/\n",
			[]string{"text 7-25 https://a.example/", "text 33-51 https://b.example/"},
			[]string{"text 7-25 https://a.example/", "text 33-51 https://b.example/", "code-block 63-81 https://c.example/"}},
		{"the text of a description list term", "term::\n\n  text https://a.example/\n\nterm2:: text\n\n  literal https://b.example/\n",
			[]string{"text 15-33 https://a.example/"},
			[]string{"text 15-33 https://a.example/", "code-block 59-77 https://b.example/"}},
		{"indented list items are text", "  * https://a.example/\n  1. https://b.example/\n", []string{"text 4-22 https://a.example/", "text 28-46 https://b.example/"}, nil},
		{"a section title", "== See https://a.example/ [[id]]\n  literal https://b.example/\n",
			[]string{"text 7-25 https://a.example/"},
			[]string{"text 7-25 https://a.example/", "code-block 43-61 https://b.example/"}},
		{"a two-line section title", "Title https://a.example/\n------------------------\n\ntext\n",
			[]string{"text 6-24 https://a.example/"}, nil},
		{"not a title: a listing", "Title\n---------------\nhttps://a.example/\n---------------\n",
			nil, []string{"code-block 22-40 https://a.example/"}},
		{"header", "= Title https://a.example/\nA. Author <a@example.com>\nv1.0, 2024-01-01: see https://b.example/\n:u: https://c.example/\n\n  literal https://d.example/\n",
			[]string{"text 8-26 https://a.example/", "text 75-93 https://b.example/", "adoc-attribute 98-116 https://c.example/"},
			[]string{"text 8-26 https://a.example/", "text 75-93 https://b.example/", "adoc-attribute 98-116 https://c.example/", "code-block 128-146 https://d.example/"}},
		{"block title and attributes", ".See https://a.example/\n[source]\n----\nhttps://b.example/\n----\n",
			[]string{"text 5-23 https://a.example/"},
			[]string{"text 5-23 https://a.example/", "code-block 38-56 https://b.example/"}},
		{"attributes survive comments", "[source]\n// a comment\n////\nblock\n////\nhttps://a.example/\n",
			nil, []string{"code-block 38-56 https://a.example/"}},
		{"a block attribute line ends a paragraph", "text\n[https://a.example/]\nhttps://b.example/\n",
			[]string{"text 26-44 https://b.example/"}, nil},
		{"styled paragraphs", "[listing]\nhttps://a.example/\n\n[verse]\nhttps://b.example/\n\n[normal]\n  https://c.example/\n",
			[]string{"text 38-56 https://b.example/", "text 69-87 https://c.example/"},
			[]string{"code-block 10-28 https://a.example/", "text 38-56 https://b.example/", "text 69-87 https://c.example/"}},
		{"open block styles", "[source]\n--\nhttps://a.example/\n--\n\n[verse]\n____\nhttps://b.example/\n____\n",
			[]string{"text 48-66 https://b.example/"},
			[]string{"code-block 12-30 https://a.example/", "text 48-66 https://b.example/"}},
		{"math", "[stem]\n++++\nhttps://a.example/\n++++\n\n[latexmath]\n++++\n<a href=\"https://b.example/\">\n++++\n", nil,
			[]string{"code-block 12-30 https://a.example/", "code-block 63-81 https://b.example/"}},
		{"an unterminated block runs to the end", "----\nhttps://a.example/\n", nil, []string{"code-block 5-23 https://a.example/"}},
		{"an include of a URL, in a listing too", "include::https://a.example/a.adoc[]\n\n----\ninclude::{base}/b.java[]\nhttps://c.example/\n----\n\n:base: https://b.example\n\n----\ninclude::{base}/b.java[]\n----\n",
			[]string{"adoc-include 9-33 https://a.example/a.adoc", "adoc-attribute 99-116 https://b.example", "adoc-include 132-145 https://b.example/b.java"},
			[]string{"adoc-include 9-33 https://a.example/a.adoc", "code-block 67-85 https://c.example/", "adoc-attribute 99-116 https://b.example", "adoc-include 132-145 https://b.example/b.java"}},
		{"an include of a path is no candidate", "include::partial$a.adoc[]\ninclude::../b.adoc[tag=x]\n", nil, nil},
		{"front matter and a byte order mark", "\ufeff---\nurl: https://a.example/\n---\n= T\n\nhttps://b.example/\n",
			[]string{"text 12-30 https://a.example/", "text 40-58 https://b.example/"}, nil},
		{"CRLF", ":u: https://a.example/\r\n\r\n{u}[a]\r\n----\r\nhttps://b.example/\r\n----\r\n",
			[]string{"adoc-attribute 4-22 https://a.example/", "adoc-url-macro 26-29 https://a.example/"},
			[]string{"adoc-attribute 4-22 https://a.example/", "adoc-url-macro 26-29 https://a.example/", "code-block 40-58 https://b.example/"}},
		{"a comment open block takes its attributes", "[comment]\n--\nhttps://a.example/\n--\n\nNOTE: https://b.example/\n",
			[]string{"text 42-60 https://b.example/"}, nil},
		{"a comment line in a paragraph", "see https://a.example/\n// urilint-disable-next-line x\nhttps://b.example/\n",
			[]string{"text 4-22 https://a.example/", "text 54-72 https://b.example/"}, nil},
		{"subs on a listing", "[subs=\"attributes+\"]\n----\nhttps://a.example/\n----\n\n[subs=\"+macros\"]\n----\nhttps://b.example/[b]\n----\n",
			[]string{"adoc-url-macro 73-91 https://b.example/"},
			[]string{"code-block 26-44 https://a.example/", "adoc-url-macro 73-91 https://b.example/"}},
		{"a paragraph without macros", "[subs=-macros]\nhttps://a.example/[a]\n", []string{"text 15-33 https://a.example/"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := adocRun(t, tt.in, Options{}); !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			code := tt.want
			if tt.code != nil {
				code = tt.code
			}
			if got := adocRun(t, tt.in, Options{IncludeCodeBlocks: true, IncludeCodeSpans: true}); !slices.Equal(got, code) {
				t.Errorf("with code: got  %q\nwant %q", got, code)
			}
		})
	}
}

func TestAsciiDocTables(t *testing.T) {
	for _, tt := range []struct {
		name, in string
		want     []string
		code     []string
	}{
		{"cells on a line and across lines", "|===\n|a |https://a.example/x|b\n|https://b.example/\ngoes on https://c.example/ |d\n|===\n",
			[]string{"text 9-28 https://a.example/x", "text 32-50 https://b.example/", "text 59-77 https://c.example/"}, nil},
		{"a cell spec is not text", "|===\n|x 2+|https://a.example/ .2+^.>s|y\n|===\n",
			[]string{"text 11-29 https://a.example/"}, nil},
		{"column styles", "[cols=\"1,2*l\"]\n|===\n|https://a.example/ |https://b.example/ |https://c.example/\n|===\n",
			[]string{"text 21-39 https://a.example/"},
			[]string{"text 21-39 https://a.example/", "code-block 41-59 https://b.example/", "code-block 61-79 https://c.example/"}},
		{"a cell's style over its column's, not in the header row", "[cols=\"a,m\"]\n|===\n|https://a.example/ |https://b.example/\n\nl|https://c.example/ |`x` https://d.example/ https://e.example/[e]\n|===\n",
			[]string{"text 19-37 https://a.example/", "text 39-57 https://b.example/", "adoc-url-macro 104-122 https://e.example/"},
			[]string{"text 19-37 https://a.example/", "text 39-57 https://b.example/", "code-block 61-79 https://c.example/", "code-span 85-103 https://d.example/", "adoc-url-macro 104-122 https://e.example/"}},
		{"an AsciiDoc cell is a document", "|===\na|\n* https://a.example/\n\n  literal https://b.example/\n\n[source]\n----\nhttps://c.example/\n----\n|===\n",
			[]string{"text 10-28 https://a.example/"},
			[]string{"text 10-28 https://a.example/", "code-block 40-58 https://b.example/", "code-block 74-92 https://c.example/"}},
		{"a nested table", "[cols=\"1a\"]\n|===\n|\n!===\n!https://a.example/ !https://b.example/\n!===\n|===\n",
			[]string{"text 25-43 https://a.example/", "text 45-63 https://b.example/"}, nil},
		{"an escaped separator", "|===\n|https://a.example/a\\|b |c\n|===\n",
			[]string{"text 6-28 https://a.example/a|b"}, nil},
		{"a comment line in a table", "|===\n|https://a.example/\n// a comment https://x.example/\n|https://b.example/\n|===\n",
			[]string{"text 6-24 https://a.example/", "text 58-76 https://b.example/"}, nil},
		{"CSV", ",===\nhttps://a.example/,\"https://b.example/x,\"\"y\"\"\"\n\"a,\nhttps://c.example/\",d\n,===\n",
			// The scanner ends a URI at a double quote.
			[]string{"text 5-23 https://a.example/", "text 25-44 https://b.example/x", "text 56-74 https://c.example/"}, nil},
		{"TSV and a separator", "[format=tsv]\n|===\nhttps://a.example/\thttps://b.example/\n|===\n\n[separator=;]\n|===\n;https://c.example/;https://d.example/\n|===\n",
			[]string{"text 18-36 https://a.example/", "text 37-55 https://b.example/", "text 82-100 https://c.example/", "text 101-119 https://d.example/"}, nil},
		{"DSV", ":===\na:https\\://a.example/\n:===\n", []string{"text 7-26 https://a.example/"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := adocRun(t, tt.in, Options{}); !slices.Equal(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
			code := tt.want
			if tt.code != nil {
				code = tt.code
			}
			if got := adocRun(t, tt.in, Options{IncludeCodeBlocks: true, IncludeCodeSpans: true}); !slices.Equal(got, code) {
				t.Errorf("with code: got  %q\nwant %q", got, code)
			}
		})
	}
}

// Comments are handed over, the text of each, before any candidate; and
// AsciiDocComments finds the same.
func TestAsciiDocComments(t *testing.T) {
	doc := "https://a.example/\n// one\n////\ntwo\nthree\n////\n[comment]\n--\nfour\n--\n" +
		"|===\n|x\n// five\n|===\n\n----\n// not a comment\n----\n\n  // literal, not a comment\n\n[cols=1a]\n|===\na|// six\n|===\n"
	var events []string
	AsciiDoc([]byte(doc), Options{Comment: func(c Comment) { s, e := c.TextStart, c.TextEnd; events = append(events, "comment "+doc[s:e]) }},
		func(c *Candidate) { events = append(events, "uri "+c.URI) })
	want := []string{"comment  one", "comment two\nthree", "comment four", "comment  five", "comment  six", "uri https://a.example/"}
	if !slices.Equal(events, want) {
		t.Errorf("got  %q\nwant %q", events, want)
	}
	var only []string
	AsciiDocComments([]byte(doc), func(c Comment) { s, e := c.TextStart, c.TextEnd; only = append(only, "comment "+doc[s:e]) })
	if !slices.Equal(only, want[:5]) {
		t.Errorf("AsciiDocComments: %q", only)
	}
}

// A URI with an attribute resolved maps back to the source: its own
// characters byte for byte, the attribute's value as the whole reference.
func TestAsciiDocAttributeMap(t *testing.T) {
	doc := ":base: https://a.example\n\nSee {base}/p%c3[x].\n"
	var cands []Candidate
	AsciiDoc([]byte(doc), Options{}, func(c *Candidate) { cands = append(cands, *c) })
	checkInvariants(t, []byte(doc), cands)
	if len(cands) != 2 {
		t.Fatalf("%d candidates", len(cands))
	}
	c := cands[1]
	if c.URI != "https://a.example/p%c3" || c.Raw != "{base}/p%c3" || c.Context != ContextAdocURLMacro {
		t.Fatalf("%+v", c)
	}
	for _, tt := range []struct {
		s, e  int // in the URI
		where string
	}{
		{0, 5, "{base}"},  // the scheme: in the value
		{8, 17, "{base}"}, // the host
		{17, 18, "/"},     // the document's own characters
		{19, 22, "%c3"},   // a problem there is reported there
		{16, 19, "{base}/p"},
	} {
		s, e := c.SourceSpan(tt.s, tt.e)
		if got := doc[s:e]; got != tt.where {
			t.Errorf("URI %q maps to %q, want %q", c.URI[tt.s:tt.e], got, tt.where)
		}
	}
	// The value's bytes are a decoded piece: one that no fix may edit
	// inside (a fix there would be written over the reference).
	if len(c.pieces) != 2 || !c.pieces[0].decoded || c.pieces[1].decoded {
		t.Errorf("pieces %+v", c.pieces)
	}
}

// Candidates are handed over in document order, held or not.
func TestAsciiDocOrder(t *testing.T) {
	var b strings.Builder
	for i := range 50 {
		fmt.Fprintf(&b, ":u%d: https://a.example/%d\n\n{u%d}[x] image:i%d.png[link=https://l.example/%d] `https://c.example/%d` // x\n\n", i, i, i, i, i, i)
		fmt.Fprintf(&b, "|===\n|https://t.example/%d |+++<a href=\"https://p.example/%d\">p</a>+++\n|===\n// comment %d\n", i, i, i)
	}
	doc := b.String()
	for _, opts := range []Options{{}, {IncludeCodeSpans: true, IncludeCodeBlocks: true}, {Comment: func(Comment) {}}} {
		got := adocRun(t, doc, opts)
		if len(got) < 300 {
			t.Errorf("%d candidates", len(got))
		}
	}
}

// TestAsciiDocCorpusInvariants runs the walker over every AsciiDoc
// document of URILINT_CORPUS_ADOC, else the shared corpus's, else
// testdata/asciidoc, with and without the code switches, and checks the
// invariants every walker keeps, and the comments (in order, inside the
// document, the same as AsciiDocComments finds).
func TestAsciiDocCorpusInvariants(t *testing.T) {
	docs, _ := testcorpus.Load(t, "adoc", "URILINT_CORPUS_ADOC", ".adoc")
	for _, d := range docs {
		for _, opts := range []Options{{}, {IncludeCodeBlocks: true, IncludeCodeSpans: true}} {
			var comments [][2]int
			opts.Comment = func(c Comment) { s, e := c.TextStart, c.TextEnd; comments = append(comments, [2]int{s, e}) }
			var cands []Candidate
			AsciiDoc(d.Src, opts, func(c *Candidate) { cands = append(cands, *c) })
			pos := allPositions(d.Src)
			loc := NewLocator(d.Src)
			prevEnd := 0
			for i := range cands {
				c := &cands[i]
				s, e := c.Start, c.End
				if s < prevEnd || e <= s || e > len(d.Src) || c.Raw != string(d.Src[s:e]) || c.URI == "" ||
					loc.Pos(s) != pos[s] || loc.Pos(e) != pos[e] {
					t.Fatalf("%s: candidate %d %s: out of order or range, or Raw or positions wrong", d.Path, i, render(d.Src, *c))
				}
				if a, b := c.SourceSpan(0, len(c.URI)); a != s || b != e {
					t.Fatalf("%s: candidate %d: SourceSpan of the whole URI = %d-%d, want %d-%d", d.Path, i, a, b, s, e)
				}
				checkPieces(t, d.Src, c)
				prevEnd = e
			}
			var only [][2]int
			AsciiDocComments(d.Src, func(c Comment) { s, e := c.TextStart, c.TextEnd; only = append(only, [2]int{s, e}) })
			prev := 0
			for _, cm := range comments {
				if cm[0] < prev || cm[1] < cm[0] || cm[1] > len(d.Src) {
					t.Fatalf("%s: comment %v out of order or range", d.Path, cm)
				}
				prev = cm[1]
			}
			if !slices.Equal(only, comments) {
				t.Fatalf("%s: AsciiDocComments finds %d comments, the walker %d", d.Path, len(only), len(comments))
			}
		}
	}
}
