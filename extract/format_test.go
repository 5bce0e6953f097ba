package extract

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The table of formats holds together: names, extensions and language
// identifiers are unique, extensions are lower case with their dot, and
// FormatOf and FormatOfLanguage find each format by them.
func TestFormatTable(t *testing.T) {
	names := map[string]bool{}
	exts := map[string]Format{}
	langs := map[string]Format{}
	for _, f := range Formats() {
		if f.String() == "" || f.Title() == "" || names[f.String()] {
			t.Errorf("format %d: name %q, title %q: each format has a name of its own and a title", f, f.String(), f.Title())
		}
		names[f.String()] = true
		if f.info().walk == nil {
			t.Errorf("%s: no walker", f)
		}
		for _, e := range f.Extensions() {
			if !strings.HasPrefix(e, ".") || strings.ToLower(e) != e {
				t.Errorf("%s: extension %q: lower case, with its dot", f, e)
			}
			if g, ok := exts[e]; ok {
				t.Errorf("extension %q is %s's and %s's", e, g, f)
			}
			exts[e] = f
			for _, name := range []string{"a" + e, "dir/A" + strings.ToUpper(e)} {
				if got := FormatOf(name); got != f {
					t.Errorf("FormatOf(%q) = %s, want %s", name, got, f)
				}
			}
		}
		for _, l := range f.Languages() {
			if g, ok := langs[l]; ok {
				t.Errorf("language %q is %s's and %s's", l, g, f)
			}
			langs[l] = f
			if got, ok := FormatOfLanguage(l); !ok || got != f {
				t.Errorf("FormatOfLanguage(%q) = %s, %v, want %s", l, got, ok, f)
			}
		}
	}
	if len(Formats()[FormatText].Extensions()) != 0 || FormatOf("a.unknown") != FormatText || FormatOf("README") != FormatText {
		t.Error("FormatText is the format of every other file, and has no extension of its own")
	}
	if _, ok := FormatOfLanguage("no-such-language"); ok {
		t.Error("FormatOfLanguage finds a format for an unknown language")
	}
}

// A source a site shows as text (Sphinx's _sources/) is read in its
// source's format; any other ".txt" is plain text.
func TestFormatOfShownSource(t *testing.T) {
	for name, want := range map[string]Format{
		"_sources/intro.rst.txt":  FormatReStructuredText,
		"_sources/Guide.MD.TXT":   FormatMarkdown,
		"_sources/book.adoc.txt":  FormatAsciiDoc,
		"notes.txt":               FormatText,
		"page.html.txt":           FormatText,
		"feed.xml.txt":            FormatText,
		"v1.2.txt":                FormatText,
		"dir.rst/notes.txt":       FormatText,
		"_sources/intro.rst.text": FormatText,
	} {
		if got := FormatOf(name); got != want {
			t.Errorf("FormatOf(%q) = %s, want %s", name, got, want)
		}
		if got := ShownSource(name); got != (want != FormatText) {
			t.Errorf("ShownSource(%q) = %v", name, got)
		}
	}
}

// A windowed format's WalkWindow finds, on a whole document, what its Walk
// finds; and only windowed formats have windows.
func TestFormatWindowsWalkAsWhole(t *testing.T) {
	doc := []byte("See http://example.com/a and <urn:isbn:0-395-36341-1>.\n\nThen <http://example.\ncom/b> and\nhttps://example.org/c\n")
	for _, f := range Formats() {
		if !f.Windowed() {
			continue
		}
		var whole, window []string
		f.Walk(doc, Options{}, func(c *Candidate) { whole = append(whole, c.URI+"@"+strconv.Itoa(c.Start)) })
		f.WalkWindow(doc, 0, Options{}, func(c *Candidate) { window = append(window, c.URI+"@"+strconv.Itoa(c.Start)) })
		if len(whole) < 3 || !slices.Equal(whole, window) {
			t.Errorf("%s: Walk found %q, WalkWindow %q", f, whole, window)
		}
	}
}

// The docs (the README, and docs/*.md) describe the files each format
// reads, where they say how files are read and chosen, and which language
// identifiers the language server knows: the table and the docs say the
// same. (A new format is one entry in the table, its walker, and these
// sentences.)
func TestFormatTableInDocs(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	paths = append([]string{filepath.Join("..", "README.md")}, paths...)
	var all strings.Builder
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		all.Write(data)
		all.WriteString("\n\n")
	}
	readme := all.String()
	// One line per format that has extensions, under extract: "- TITLE:
	// `.a`, `.b`;" (its extensions, in the table's order), and "- plain
	// text: anything else".
	for _, f := range Formats() {
		if len(f.Extensions()) == 0 {
			if !strings.Contains(readme, "- "+f.Title()+": anything else") {
				t.Errorf("docs: no line \"- %s: anything else\"", f.Title())
			}
			continue
		}
		line := regexp.MustCompile(`(?m)^\s*- ` + regexp.QuoteMeta(f.Title()) + `: ((?:` + "`" + `\.[a-z0-9]+` + "`" + `(?:, )?)+)`).FindStringSubmatch(readme)
		if line == nil {
			t.Errorf("docs: no line \"- %s: `.ext`, ...\" listing the extensions of %s", f.Title(), f)
			continue
		}
		if got := backticked(line[1]); !slices.Equal(got, f.Extensions()) {
			t.Errorf("the docs list for %s the extensions %q; the table has %q", f.Title(), got, f.Extensions())
		}
	}
	// "Choosing files": every extension is among the documents a
	// directory walk reads by default.
	choosing := section(t, readme, "Choosing files")
	for _, f := range Formats() {
		for _, e := range f.Extensions() {
			if !strings.Contains(choosing, "`"+e+"`") {
				t.Errorf("docs, Choosing files: the default documents do not list %s's extension %q", f.Title(), e)
			}
		}
	}
	// The language server: "read by the walker for its language (`a` and
	// `b`; ...)", every identifier of the table and no other.
	flat := strings.Join(strings.Fields(readme), " ")
	m := regexp.MustCompile(`read by the walker for its language \(([^)]*)\)`).FindStringSubmatch(flat)
	if m == nil {
		t.Fatal("docs: no sentence \"read by the walker for its language (...)\" in the language server's section")
	}
	var want []string
	for _, f := range Formats() {
		want = append(want, f.Languages()...)
	}
	got := backticked(m[1])
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the docs list the language identifiers %q; the table has %q", got, want)
	}
}

// backticked returns the words between backticks in s, in order.
func backticked(s string) []string {
	var out []string
	for _, m := range regexp.MustCompile("`([^`]*)`").FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

// section returns the section of the docs under the heading title (of
// any level), to the next heading of its level or above.
func section(t *testing.T, docs, title string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^(#+) ` + regexp.QuoteMeta(title) + `\n`).FindStringSubmatchIndex(docs)
	if m == nil {
		t.Fatalf("docs: no section %q", title)
	}
	rest := docs[m[1]:]
	for n := 1; n <= m[3]-m[2]; n++ {
		if j := strings.Index(rest, "\n"+strings.Repeat("#", n)+" "); j >= 0 {
			rest = rest[:j]
		}
	}
	return rest
}
