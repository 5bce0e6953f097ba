package links

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/urilint/urilint/extract"
)

func TestResolve(t *testing.T) {
	s := &Settings{Root: "/repo"}
	from := "/repo/docs/a.md"
	for _, tt := range []struct {
		ref  string
		want Link
		ok   bool
	}{
		{"b.md", Link{Path: "/repo/docs/b.md"}, true},
		{"../README.md#install", Link{Path: "/repo/README.md", Fragment: "install", HasFrag: true}, true},
		{"#caf%C3%A9", Link{Fragment: "café", HasFrag: true}, true},
		{"sub/", Link{Path: "/repo/docs/sub", Dir: true}, true},
		{"my%20file.md?raw=1", Link{Path: "/repo/docs/my file.md"}, true},
		{"/guide/x.md", Link{Path: "/repo/guide/x.md"}, true},
		{"//cdn.example/x.js", Link{}, false},
		{"?tab=1", Link{}, false},
	} {
		got, ok := Resolve(from, tt.ref, s)
		if ok != tt.ok || got != tt.want {
			t.Errorf("Resolve(%q) = %+v, %v; want %+v, %v", tt.ref, got, ok, tt.want, tt.ok)
		}
	}
	if _, ok := Resolve(from, "/x.md", &Settings{}); ok {
		t.Error("a root-relative link without a root is resolved")
	}
}

func TestOwnURL(t *testing.T) {
	s := &Settings{Repository: "https://github.com/org/repo", RepositoryRoot: "/co", Site: "https://docs.example.org/guide/", SiteRoot: "/co/site"}
	for _, tt := range []struct {
		url  string
		want Link
		ok   bool
	}{
		{"https://github.com/org/repo/blob/main/docs/a.md#usage", Link{Path: "/co/docs/a.md", Fragment: "usage", HasFrag: true}, true},
		{"https://github.com/org/repo/blob/v1.2/src/x.go#L10-L20", Link{Path: "/co/src/x.go", First: 10, Last: 20}, true},
		{"https://github.com/org/repo/tree/main/docs", Link{Path: "/co/docs", Dir: true}, true},
		{"https://GitHub.com/org/repo/blob/main/README.md", Link{Path: "/co/README.md"}, true},
		{"https://github.com/org/repo/issues/1", Link{}, false},
		{"https://github.com/org/other/blob/main/a.md", Link{}, false},
		{"https://docs.example.org/guide/start/", Link{Path: "/co/site/start", Dir: true}, true},
		{"https://docs.example.org/other/", Link{}, false},
	} {
		got, ok := OwnURL(tt.url, s)
		if ok != tt.ok || got != tt.want {
			t.Errorf("OwnURL(%q) = %+v, %v; want %+v, %v", tt.url, got, ok, tt.want, tt.ok)
		}
	}
}

func TestTreeCase(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "Docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Docs", "Guide.md"), []byte("# x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tr := NewTree()
	for _, tt := range []struct {
		p    string
		want Entry
	}{
		{"Docs/Guide.md", Entry{Exists: true}},
		{"Docs", Entry{Exists: true, Dir: true}},
		{"Docs/guide.md", Entry{Case: "Guide.md"}},
		{"docs/Guide.md", Entry{Case: filepath.Join("Docs", "Guide.md")}},
		{"Docs/none.md", Entry{}},
	} {
		if got := tr.Stat(filepath.Join(dir, tt.p)); got != tt.want {
			t.Errorf("Stat(%s) = %+v, want %+v", tt.p, got, tt.want)
		}
	}
}

func TestDocMissing(t *testing.T) {
	src := []byte("# Getting Started\n\n## Install `urilint`\n\n## Install `urilint`\n\n<a name=\"old-anchor\"></a>\n\n## Title {#custom}\n\n<span id=\"HREFandID\"></span>\n\n## X {#UpperCase}\n")
	d := NewDoc(extract.FormatMarkdown, src, []string{"github", "gitlab"})
	for _, tt := range []struct {
		frag string
		want []string
	}{
		{"getting-started", nil},
		{"install-urilint", nil},
		{"install-urilint-1", nil},
		{"old-anchor", nil},
		{"custom", nil},                         // GitHub and GitLab know no {#id}, but its author meant a renderer that does
		{"title-custom", nil},                   // the slug keeps it
		{"Getting-Started", []string{"gitlab"}}, // GitHub matches fragments in any case
		{"installation", []string{"github", "gitlab"}},
		// An id the author gave matches exactly under every profile, as
		// browsers match it; GitHub's any-case match is for its own ids.
		{"HREFandID", nil},
		{"hrefandid", []string{"github", "gitlab"}},
		{"x-uppercase", nil},
		{"Custom", []string{"github", "gitlab"}},
		{"Old-Anchor", []string{"github", "gitlab"}},
	} {
		if got := d.Missing(tt.frag); !slices.Equal(got, tt.want) {
			t.Errorf("Missing(%q) = %q, want %q", tt.frag, got, tt.want)
		}
	}
	if d.Lines != 13 {
		t.Errorf("Lines = %d, want 13", d.Lines)
	}
}

// TestDocClosest: the suggestion comes from the ids of the profiles that
// miss the fragment and the author's ids, and is never the fragment, which
// another profile may have (GitHub's "300---2018" is python-markdown's
// "300-2018" and the other way round).
func TestDocClosest(t *testing.T) {
	src := []byte("## [3.0.0] - 2018-09-21\n\n<a name=\"HREFandID\"></a>\n")
	d := NewDoc(extract.FormatMarkdown, src, []string{"github", "python-markdown"})
	for _, tt := range []struct {
		frag, want string
	}{
		{"300-2018-09-21", "300---2018-09-21"},
		{"300---2018-09-21", "300-2018-09-21"},
		{"hrefandid", "HREFandID"},
		{"300-2018-09-2", "300-2018-09-21"},
	} {
		missing := d.Missing(tt.frag)
		if len(missing) == 0 {
			t.Fatalf("Missing(%q) = nil, want a profile", tt.frag)
		}
		if got := d.Closest(tt.frag, missing); got != tt.want {
			t.Errorf("Closest(%q, %q) = %q, want %q", tt.frag, missing, got, tt.want)
		}
	}
}

// TestDocAttrLists: the ids of Markdown attribute lists are targets under
// the profiles whose renderer reads them, and matched exactly: a heading's
// "{#id}" under python-markdown, kramdown and goldmark-attributes (each as
// its renderer writes it), one after
// a paragraph or an inline element under python-markdown and kramdown only;
// github.com reads none (links-eval.md FP class 1).
func TestDocAttrLists(t *testing.T) {
	src := []byte("## Preprocessors {: #preprocessors }\n\n## Install {#setup}\n\nSome __text__{: #text } here.\n\n" +
		"A paragraph.\n{: #para .note }\n\n`{: #code }` and {#if x} and {a, b}.\n")
	d := NewDoc(extract.FormatMarkdown, src, []string{"github", "python-markdown", "kramdown-gfm", "goldmark-attributes"})
	for _, tt := range []struct {
		frag string
		want []string
	}{
		{"preprocessors", nil}, // "{: ...}" on a heading is attr_list's: the author's id, under every profile
		{"setup", nil},         // a heading's own {#id} is the author's, under every profile
		{"text", []string{"github", "goldmark-attributes"}},
		{"para", []string{"github", "goldmark-attributes"}},
		{"Text", []string{"github", "goldmark-attributes", "kramdown-gfm", "python-markdown"}},
		{"code", []string{"github", "goldmark-attributes", "kramdown-gfm", "python-markdown"}},
		{"if", []string{"github", "goldmark-attributes", "kramdown-gfm", "python-markdown"}},
	} {
		if got := d.Missing(tt.frag); !slices.Equal(got, tt.want) {
			t.Errorf("Missing(%q) = %q, want %q", tt.frag, got, tt.want)
		}
	}
}

// TestHasInclude: the documents whose targets are made beyond what their
// walker reads: includes of reST and AsciiDoc, Markdown snippets, HTML that
// loads ReSpec; and documents that merely mention such things in other
// formats.
func TestHasInclude(t *testing.T) {
	for _, tt := range []struct {
		f    extract.Format
		src  string
		want bool
	}{
		{extract.FormatReStructuredText, ".. include:: part.rst\n", true},
		{extract.FormatAsciiDoc, "include::part.adoc[]\n", true},
		{extract.FormatAsciiDoc, "= Title\n\nText.\n", false},
		{extract.FormatMarkdown, "# A\n\n--8<-- \"snippets/part.md\"\n", true},
		{extract.FormatMarkdown, "# A\n\n{{< readfile file=\"part.md\" markdown=\"true\" >}}\n", true},
		{extract.FormatMarkdown, "# A\n\n{{% include \"part.md\" %}}\n", true},
		{extract.FormatMarkdown, "# A\n\ninclude::part.adoc[] is AsciiDoc.\n", false},
		{extract.FormatMarkdown, "# CLI\n\n::: mkdocs-click\n    :module: mkdocs.__main__\n", true}, // MkDocs' own cli.md
		{extract.FormatMarkdown, "# API\n\n::: my_package.module\n", true},                          // mkdocstrings
		{extract.FormatMarkdown, "# A\n\nA ratio of 1::: 2, or a line `::: `.\n", false},
		{extract.FormatHTML, `<script src="https://www.w3.org/Tools/respec/respec-w3c" class="remove" defer></script>`, true},
		{extract.FormatHTML, `<p>See <a href="#intro">the introduction</a>.</p>`, false},
		{extract.FormatHTML, `<script>var a = 1;</script><p><a href="#intro">x</a></p>`, false},
		{extract.FormatHTML, `<script type="module" src="../js/footer.js"></script>`, true},
		{extract.FormatHTML, `<SCRIPT LANGUAGE="JavaScript" SRC="menu.js"></SCRIPT>`, true},
		{extract.FormatXML, `<include href="respec-w3c"/>`, false},
	} {
		if got := HasInclude(tt.f, []byte(tt.src)); got != tt.want {
			t.Errorf("HasInclude(%v, %q) = %v, want %v", tt.f, tt.src, got, tt.want)
		}
	}
	for _, tt := range []struct {
		f    extract.Format
		src  string
		want bool
	}{
		{extract.FormatHTML, `<head><base href="/"></head><a href="assets/x.js">`, true},
		{extract.FormatHTML, `<head><basefont size=3></head><a href="x.html">`, false},
		// Tag names in any letter case (Lynx's copy of the CERN pages, 1993).
		{extract.FormatHTML, "<!-- X-URL: http://www.w3.org/History/1993/WWW/FreeofCharge.html -->\n<BASE HREF=\"http://www.w3.org/History/1993/WWW/FreeofCharge.html\">", true},
		{extract.FormatMarkdown, `<base href="/">`, false},
	} {
		if got := HasBase(tt.f, []byte(tt.src)); got != tt.want {
			t.Errorf("HasBase(%v, %q) = %v, want %v", tt.f, tt.src, got, tt.want)
		}
	}
}

// TestOutsideWithin checks Outside, whose plain paths skip filepath.Rel,
// against filepath.Rel's reading for paths plain and not.
func TestOutsideWithin(t *testing.T) {
	for _, tc := range []struct {
		top, p string
		want   bool
	}{
		{"/r", "/r", false},
		{"/r", "/r/a/b.md", false},
		{"/r", "/r/..a/b.md", false},
		{"/r", "/r/../x", true},
		{"/r", "/r/a/../../x", true},
		{"/r", "/rx/a.md", true},
		{"/r", "/", true},
		{"/r/", "/r/a.md", false},
		{"/", "/a.md", false},
		{"/r/a/..", "/r/x", false},
		{"r", "/r/a", true},
	} {
		if got := (&Settings{Top: tc.top}).Outside(tc.p); got != tc.want {
			t.Errorf("Outside(%q) under %q = %v, want %v", tc.p, tc.top, got, tc.want)
		}
	}
}

// TestTreeForget checks that what the tree read once (the names under a
// directory, a small file) is read again after Forget, as the language
// server asks when a file changes, and that a directory that cannot be
// read makes the names incomplete.
func TestTreeForget(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("guides/a.md", "a")
	write(".hidden/h.md", "h")
	write("deps/d.md", "d")
	write("antora-playbook.yml", "url: .\n")
	tr := NewTree()
	names, complete := tr.Names(dir)
	if !complete || !names["a.md"] || names["h.md"] || names["d.md"] || !names["antora-playbook.yml"] || len(names) != 2 {
		t.Fatalf("Names = %v, %v", names, complete)
	}
	if src, err := tr.Small(filepath.Join(dir, "antora-playbook.yml")); err != nil || string(src) != "url: .\n" {
		t.Fatalf("Small = %q, %v", src, err)
	}
	write("guides/b.md", "b")
	write("antora-playbook.yml", "url: https://example.org/r.git\n")
	if names, _ := tr.Names(dir); names["b.md"] {
		t.Error("Names walked again before Forget")
	}
	tr.Forget(filepath.Join(dir, "guides/b.md"), filepath.Join(dir, "antora-playbook.yml"))
	if names, _ := tr.Names(dir); !names["b.md"] {
		t.Error("Names did not walk again after Forget")
	}
	if src, _ := tr.Small(filepath.Join(dir, "antora-playbook.yml")); string(src) != "url: https://example.org/r.git\n" {
		t.Errorf("Small after Forget = %q", src)
	}
	if _, complete := tr.Names(filepath.Join(dir, "gone")); complete {
		t.Error("a directory that cannot be read gives complete names")
	}
	if _, err := tr.Small(filepath.Join(dir, "gone.yml")); err == nil {
		t.Error("Small of no file gives no error")
	}
}

// TestTreeUnlistable checks that a file in a directory that can be
// searched but not listed (mode 0311) is found by its name, and not taken
// for missing. Root reads every directory: the test needs another user.
func TestTreeUnlistable(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "locked")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o311); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(dir, 0o755) })
	if _, err := os.ReadDir(dir); err == nil {
		t.Skip("this user lists every directory")
	}
	tr := NewTree()
	if got := tr.Stat(filepath.Join(dir, "a.md")); got != (Entry{Exists: true}) {
		t.Errorf("Stat(locked/a.md) = %+v", got)
	}
	if got := tr.Stat(filepath.Join(dir, "b.md")); got != (Entry{}) {
		t.Errorf("Stat(locked/b.md) = %+v", got)
	}
}
