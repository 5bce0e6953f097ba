package links

import (
	"path/filepath"
	"testing"

	"github.com/urilint/urilint/extract"
)

// Each format gets the configured profiles of its own, else its default:
// a Markdown profile list does not apply to reStructuredText or AsciiDoc.
func TestProfilesForFormats(t *testing.T) {
	for _, tc := range []struct {
		f          extract.Format
		configured []string
		want       []string
	}{
		{extract.FormatMarkdown, nil, []string{"github"}},
		{extract.FormatReStructuredText, nil, []string{"docutils"}},
		{extract.FormatAsciiDoc, nil, []string{"asciidoctor"}},
		{extract.FormatMarkdown, []string{"gitlab", "hugo"}, []string{"gitlab", "hugo"}},
		{extract.FormatReStructuredText, []string{"gitlab", "hugo"}, []string{"docutils"}},
		{extract.FormatAsciiDoc, []string{"gitlab"}, []string{"asciidoctor"}},
		{extract.FormatReStructuredText, []string{"gitlab", "sphinx"}, []string{"sphinx"}},
		{extract.FormatAsciiDoc, []string{"github", "asciidoctor-github"}, []string{"asciidoctor-github"}},
		{extract.FormatMarkdown, []string{"sphinx"}, []string{"github"}},
		{extract.FormatHTML, nil, nil},
	} {
		var got []string
		for _, p := range ProfilesFor(tc.f, tc.configured) {
			got = append(got, p.Name())
		}
		if len(got) != len(tc.want) || len(got) > 0 && got[0] != tc.want[0] || len(got) > 1 && got[1] != tc.want[1] {
			t.Errorf("ProfilesFor(%s, %q) = %q, want %q", tc.f, tc.configured, got, tc.want)
		}
	}
}

// An AsciiDoc cross reference resolves as Asciidoctor resolves it, and in
// an Antora module from the module's pages.
func TestXref(t *testing.T) {
	from := filepath.FromSlash("/t/docs/guide.adoc")
	antora := filepath.FromSlash("/t/docs/modules/api/pages/sub/page.adoc")
	for _, tc := range []struct {
		from, ref string
		macro     bool
		path      string // "" for the document itself; "-" for not checked
		frag      string
		hasFrag   bool
	}{
		{from, "intro", false, "", "intro", true},
		{from, "Section Title", false, "", "Section Title", true},
		{from, "#intro", false, "", "intro", true},
		{from, "other.adoc#intro", false, "/t/docs/other.adoc", "intro", true},
		{from, "other#intro", false, "/t/docs/other.adoc", "intro", true},
		{from, "sub/other.adoc#", false, "/t/docs/sub/other.adoc", "", true},
		{from, "other.adoc", true, "/t/docs/other.adoc", "", false},
		{from, "intro", true, "", "intro", true},
		{from, "manual.pdf", true, "/t/docs/manual.pdf", "", false},
		{from, "https://example.org/x#y", true, "-", "", false},
		{antora, "install.adoc#setup", true, "/t/docs/modules/api/pages/install.adoc", "setup", true},
		{antora, "./near.adoc", true, "/t/docs/modules/api/pages/sub/near.adoc", "", false},
		{antora, "ROOT:index.adoc", true, "/t/docs/modules/ROOT/pages/index.adoc", "", false},
		{antora, "other-component::index.adoc", true, "-", "", false},
		{antora, "2.0@api:index.adoc", true, "-", "", false},
		{antora, "here", false, "", "here", true},
	} {
		l, ok := Xref(tc.from, tc.ref, tc.macro)
		if tc.path == "-" {
			if ok {
				t.Errorf("Xref(%q, %q) = %+v, want not checked", tc.from, tc.ref, l)
			}
			continue
		}
		want := tc.path
		if want != "" {
			want = filepath.FromSlash(want)
		}
		if !ok || l.Path != want || l.Fragment != tc.frag || l.HasFrag != tc.hasFrag || !l.Xref {
			t.Errorf("Xref(%q, %q, %v) = %+v, %v; want path %q fragment %q (%v)", tc.from, tc.ref, tc.macro, l, ok, want, tc.frag, tc.hasFrag)
		}
	}
}

// A fragment names an AsciiDoc section under some idprefix and
// idseparator when it has the words of its title.
func TestSectionUnderAnySettings(t *testing.T) {
	d := DocOf(extract.FormatAsciiDoc, []extract.Target{
		{Kind: extract.TargetHeading, Text: "Quick setup", Level: 1, Start: 0, End: 1},
		{Kind: extract.TargetHeading, Text: "Convert (inline) markup: only", Level: 1, Start: 2, End: 3},
	}, 3, nil)
	for frag, want := range map[string]bool{
		"quick-setup": true, "_quick_setup": true, "id_quick_setup": true, "quicksetup": false,
		"setup-quick": false, "quick": false, "x_y_quick_setup": false,
		"convert-inline-markup-only": true, "_convert_inline_markup_only": true,
	} {
		if got := d.SectionUnderAnySettings(frag); got != want {
			t.Errorf("SectionUnderAnySettings(%q) = %v, want %v", frag, got, want)
		}
	}
}
