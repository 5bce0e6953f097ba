package links

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
)

// TestFoldKey: two strings share a foldKey exactly when strings.EqualFold
// says they are equal, on strings of letters with several case forms
// (K, k and the Kelvin sign; s, S and the long s), others, and bytes that
// are not UTF-8.
func TestFoldKey(t *testing.T) {
	parts := []string{"k", "K", "\u212a", "s", "S", "\u017f", "a", "\xff", "\xfe", "é", "É", "ß"}
	r := rand.New(rand.NewPCG(3, 4))
	word := func() string {
		var b strings.Builder
		for range r.IntN(4) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		return b.String()
	}
	for range 20000 {
		a, b := word(), word()
		if (foldKey(a) == foldKey(b)) != strings.EqualFold(a, b) {
			t.Fatalf("%q and %q: same key %v, EqualFold %v", a, b, foldKey(a) == foldKey(b), strings.EqualFold(a, b))
		}
	}
}

// TestHasSnippet: hasSnippet finds "--8<--" wherever bytes.Contains does,
// on strings made of its pieces and their neighbours.
func TestHasSnippet(t *testing.T) {
	parts := []string{"-", "8", "<", "--", "8<", "<--", "x", "\n"}
	r := rand.New(rand.NewPCG(5, 6))
	for range 50000 {
		var b strings.Builder
		for range r.IntN(9) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		s := b.String()
		if got, want := hasSnippet([]byte(s)), strings.Contains(s, "--8<--"); got != want {
			t.Fatalf("hasSnippet(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestTemplates: an HTML or XML document is a template when it holds a
// template language's marks, or (HTML) when it sits in a directory where
// site generators keep templates; a page is none.
func TestTemplates(t *testing.T) {
	for _, tc := range []struct {
		f    extract.Format
		path string
		src  string
		want bool
	}{
		{extract.FormatHTML, "site/layouts/_partials/icons.html", `<svg><use href="#icon--x"></use></svg>`, true},
		{extract.FormatHTML, "_includes/footer.html", `<a href="about.html">About</a>`, true},
		{extract.FormatHTML, "docs/_templates/contents.html", `<p>x</p>`, true},
		{extract.FormatHTML, "page.html", `{{ partial "head.html" . }}<a href="css/a.css">`, true},
		{extract.FormatHTML, "page.html", `{% include "nav.html" %}`, true},
		{extract.FormatHTML, "page.php.html", `<?php echo $x; ?>`, true},
		{extract.FormatXML, "relaxng/index.xhtml", `<title>DocBook {$version}</title>`, true},
		{extract.FormatXML, "style/html.xsl", `<xsl:stylesheet xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>`, true},
		{extract.FormatHTML, "docs/guide.html", `<a href="install.html">Install</a> 50% <b>of</b>`, false},
		{extract.FormatXML, "layouts/draft.xml", `<rfc><xref target="a"/></rfc>`, false},
		{extract.FormatMarkdown, "_layouts/readme.md", `{{ site.url }}`, false},
	} {
		d := (&Doc{}).ReadText(tc.f, []byte(tc.src)).Located(tc.f, tc.path, "")
		if d.Template != tc.want || d.Template && !d.Includes {
			t.Errorf("%s %q: Template %v, Includes %v; want %v", tc.path, tc.src, d.Template, d.Includes, tc.want)
		}
	}
}

// TestTemplateDirBelowTop: only the directories below the top of the tree
// make a template; a checkout kept under one named "templates" is read as
// any.
func TestTemplateDirBelowTop(t *testing.T) {
	top := filepath.FromSlash("/home/u/templates/site")
	for _, tc := range []struct {
		path string
		want bool
	}{
		{"/home/u/templates/site/docs/page.html", false},
		{"/home/u/templates/site/layouts/page.html", true},
		{"/elsewhere/layouts/page.html", false},
	} {
		d := (&Doc{}).Located(extract.FormatHTML, filepath.FromSlash(tc.path), top)
		if d.Template != tc.want {
			t.Errorf("%s under %s: Template %v, want %v", tc.path, top, d.Template, tc.want)
		}
	}
}

// The snippets a Markdown document includes with pymdownx.snippets: one
// per line, or the lines of a block between two "--8<--"; a section or
// lines after ":" are not the file's name; an escaped mark (";--8<--") and
// a URL's snippet are no file of the tree here. (Forms from
// pymdownx.snippets' documentation.)
func TestSnippetTargets(t *testing.T) {
	src := "# A\n\n--8<-- \"docs/snippets/a.md\"\n;--8<-- \"escaped.md\"\n--8<-- 'b.md:intro'\n" +
		"--8<--\nc.md\n\nd.md:1:3\n;e.md\n--8<--\n--8<-- \"https://example.com/x.md\"\nText --8<-- \"f.md\"\n"
	got := IncludeTargets(extract.FormatMarkdown, []byte(src))
	want := []string{"docs/snippets/a.md", "b.md", "c.md", "d.md", "https://example.com/x.md"}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// The files a Markdown document includes whole with mdBook
// ("{{#include}}", mdBook's guide), MyST (the include directive, MyST-Parser's
// documentation), markdown-include ("{!path!}") or a site's build hook
// ("<!-- include: path -->", nextest's site/src/docs/configuration/reference.md);
// a part of a file (an anchor, lines, :start-after:) is no include of it
// as a whole (Incus's howto/server_expose.md shows a part of
// authentication.md, a page of its own).
func TestMarkdownIncludes(t *testing.T) {
	src := "# A\n\n{{#include ../xref.md}}\n{{#include listing.rs:main}}\n{{#rustdoc_include src/lib.md}}\n" +
		"```{include} ../README.md\n:relative-docs: docs/\n```\n" +
		"```{include} ../authentication.md\n    :start-after: <!-- Include start -->\n```\n" +
		":::{include} part.md\n:::\n" +
		"{!docs/shared/intro.md!}\n" +
		"<!-- include: nextest-runner/repo-config-reference.md -->\n<!-- include this later -->\n" +
		"A line that says {{#include x}} in passing is one too.\n"
	got := IncludeTargets(extract.FormatMarkdown, []byte(src))
	want := []string{"../xref.md", "x", "src/lib.md", "../README.md", "part.md", "docs/shared/intro.md", "nextest-runner/repo-config-reference.md"}
	if !slices.Equal(got, want) {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if !HasInclude(extract.FormatMarkdown, []byte("{{#include ../xref.md}}\n")) {
		t.Error("HasInclude: an mdBook include is an include")
	}
}
