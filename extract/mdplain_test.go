package extract

import (
	"fmt"
	"math"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// walkBoth reads doc with every plain paragraph read by the walker itself
// (see mdplain.go) and with none, and returns both readings: whole
// candidates, targets and comments, in order.
func walkBoth(doc []byte, opts Options) (plain, parsed []any) {
	return readMarkdown(doc, opts, mdLimits{1, math.MaxInt, bigPieceSize}),
		readMarkdown(doc, opts, mdLimits{math.MaxInt, math.MaxInt, bigPieceSize})
}

// readMarkdown reads doc with the limits lim and returns what it finds:
// whole candidates, and the targets and comments when opts asks for them,
// in the order reported.
func readMarkdown(doc []byte, opts Options, lim mdLimits) []any {
	var got []any
	o := opts
	if opts.Target != nil {
		o.Target = func(t Target) { got = append(got, t) }
	}
	if opts.Comment != nil {
		o.Comment = func(c Comment) { got = append(got, c) }
	}
	markdown(doc, o, lim, func(c *Candidate) {
		cc := *c
		cc.HyphenBreaks = slices.Clone(c.HyphenBreaks)
		cc.pieces = slices.Clone(c.pieces)
		got = append(got, cc)
	})
	return got
}

var plainOptions = []Options{{}, {IncludeCodeBlocks: true, IncludeCodeSpans: true}, {Target: func(Target) {}, Comment: func(Comment) {}}}

// plainCases hold plain paragraphs next to what might reach into them.
const plainCases = "urn:example:a1\nurn:example:a2 see http://a.example/x-\ncontinued here\n\n" +
	"- item http://b.example/\n\nhttp://c.example/ after a list\n  indented, trailing  \n\n" +
	"> quote\n\nurn:x:y then\n===\n\nA line\nthen *emphasis* http://d.example/\n\n" +
	"Title line http://e.example/\n---\n\n<div>\nhtml http://f.example/\n</div>\n\n" +
	"```\ncode http://g.example/\n\nfence goes on http://h.example/\n```\n\n" +
	"After the fence http://i.example/\r\nwith CRLF urn:a:b\r\n\r\n" +
	"[^1]: a note\n\nhttp://j.example/ begin:vcard\nend:vcard\n\n" +
	"1. one\n2. two\n\nlast http://k.example/ ends"

// TestMarkdownPlain: reading plain paragraphs without goldmark finds the
// same candidates, targets and comments as the parse, in the same order,
// over the test documents and the corpus.
func TestMarkdownPlain(t *testing.T) {
	docs := map[string][]byte{"plainCases": []byte(plainCases)}
	names, texts := markdownTestDocs(t)
	for i, name := range names {
		docs[name] = texts[i]
	}
	read := 0
	for name, doc := range docs {
		read += len(plainParagraphs(doc, 1))
		for _, opts := range plainOptions {
			if plain, parsed := walkBoth(doc, opts); !reflect.DeepEqual(plain, parsed) {
				t.Errorf("%s (%+v): read by the walker\n%v\nparsed\n%v", name, opts, plain, parsed)
			}
		}
	}
	if read < 10 {
		t.Errorf("only %d plain paragraphs in all", read)
	}
	// The cases: which paragraphs are plain.
	var got []string
	for _, p := range plainParagraphs([]byte(plainCases), 1) {
		got = append(got, strings.SplitN(plainCases[p.start:p.end], "\n", 2)[0])
	}
	want := []string{"urn:example:a1", "After the fence http://i.example/\r", "http://j.example/ begin:vcard", "last http://k.example/ ends"}
	if !slices.Equal(got, want) {
		t.Errorf("plain paragraphs starting %q, want %q", got, want)
	}
}

func FuzzMarkdownPlain(f *testing.F) {
	f.Add([]byte(plainCases))
	f.Add([]byte("a http://a.example/\nb\n\n- c\nd urn:a:b\n"))
	f.Add([]byte("a $x http://a.example/ y$ b\n")) // inline math (mdmath.go)
	f.Fuzz(func(t *testing.T, doc []byte) {
		for _, opts := range plainOptions {
			if plain, parsed := walkBoth(doc, opts); !reflect.DeepEqual(plain, parsed) {
				t.Fatalf("%+v: read by the walker\n%v\nparsed\n%v", opts, plain, parsed)
			}
		}
	})
}

// TestMarkdownPlainMemory: one paragraph of 8 MiB of URNs, which no blank
// line cuts (issue 22, item 14: 16 MiB took 600 MB at once and 1.3 GB
// in all), allocates a small constant times its size, and every URN is
// found, in order, at its place.
func TestMarkdownPlainMemory(t *testing.T) {
	var b strings.Builder
	b.WriteString("[a](http://a.example/)\n\n")
	for i := 0; b.Len() < 8<<20; i++ {
		fmt.Fprintf(&b, "urn:example:a%d\n", i)
	}
	b.WriteString("\n[z](http://z.example/)\n")
	doc := []byte(b.String())
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	before := m.TotalAlloc
	n, last, ordered := 0, -1, true
	var firstURI, finalURI string
	firstAt := -1
	Markdown(doc, Options{}, func(c *Candidate) {
		if n == 0 {
			firstURI, firstAt = c.URI, c.Start
		}
		finalURI = c.URI
		ordered = ordered && c.Start > last
		last = c.Start
		n++
	})
	runtime.ReadMemStats(&m)
	first, final := fmt.Sprintf("%d %s", firstAt, firstURI), fmt.Sprintf("%d %s", last, finalURI)
	grown := m.TotalAlloc - before
	t.Logf("%.1f times the document allocated", float64(grown)/float64(len(doc)))
	if grown > 10*uint64(len(doc)) {
		t.Errorf("%d MB allocated for a document of %d MB", grown>>20, len(doc)>>20)
	}
	urns := strings.Count(b.String(), "urn:")
	if want := fmt.Sprintf("%d http://z.example/", len(doc)-len("http://z.example/)\n")); n != urns+2 || !ordered ||
		first != "4 http://a.example/" || final != want {
		t.Errorf("%d candidates (ordered %v), first %q, last %q; want %d, %q, %q", n, ordered, first, final, urns+2, "4 http://a.example/", want)
	}
}
