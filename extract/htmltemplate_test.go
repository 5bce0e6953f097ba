package extract

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/cputime"
)

// TestHTMLTemplateTags checks that the attributes of a tag inside a tag of
// a template language are not read, and that those of a tag between two
// template tags, or after an opener with no closer, are.
func TestHTMLTemplateTags(t *testing.T) {
	checkURIs(t, "HTML", HTML, []uriCase{
		{"liquid string", `{% assign s = '<a href="' | append: u | append: '">' %}<a href="b">`, []string{"b"}},
		{"go template", "{{ $re := `(<a)( href=\"#([^\"]+)\">)` }}<img src=\"c\">", []string{"c"}},
		{"between tags", `{% if x %}<a href="d">{% endif %}`, []string{"d"}},
		{"no closer", `{% if x <a href="e">`, []string{"e"}},
		{"closer too far", "{{ " + strings.Repeat("x", maxTemplateTag) + `<a href="f"> }}`, []string{"f"}},
		{"template toolkit", `[% IF x; '<a href="'; row.$col.href; '">'; END %]<a href="h">`, []string{"h"}},
		{"erb", `<% s = '<a href="' + u + '">' %><a href="i">`, []string{"i"}},
		{"template toolkit no closer", `[%d] <a href="j">`, []string{"j"}},
		{"placeholder in a value", `<a href="{{ site.url }}/g">`, []string{"{{ site.url }}/g"}},
	})
}

// TestHTMLTemplateTagsLinear checks that openers of template tags with no
// closer are read in linear time.
func TestHTMLTemplateTagsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for name, unit := range map[string]string{"liquid": `{%<a href="x">`, "go": `{{<a href="x">`,
		"template toolkit": `[%<a href="x">`, "erb": `<%<a href="x">`} {
		t.Run(name, func(t *testing.T) {
			small, large := []byte(strings.Repeat(unit, 2000)), []byte(strings.Repeat(unit, 20000))
			cputime.Linear(t, len(small), len(large), func(l bool) {
				HTML(pick(l, small, large), Options{}, func(*Candidate) {})
			}, 0, 50*time.Millisecond)
		})
	}
}

// TestTemplateTagsNaive checks templateTags against a plain reading of its
// rule on random documents: from the start, at each opener, the tag runs
// to the first closer of its kind that ends within maxTemplateTag bytes of
// it, and the next opener is looked for after the tag, or after the
// opener when there is none.
func TestTemplateTagsNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 147))
	const alphabet = "{}%[]<>a"
	for n := range 3000 {
		size := 1 + rng.IntN(200)
		if n%10 == 0 {
			size = maxTemplateTag + rng.IntN(maxTemplateTag)
		}
		doc := make([]byte, size)
		for i := range doc {
			if n%10 == 0 && rng.IntN(50) > 0 {
				doc[i] = 'a'
				continue
			}
			doc[i] = alphabet[rng.IntN(len(alphabet))]
		}
		want := make([]bool, len(doc))
		for i := 0; i+1 < len(doc); {
			k := slices.IndexFunc(templateOpeners[:], func(o []byte) bool { return bytes.HasPrefix(doc[i:], o) })
			if k < 0 {
				i++
				continue
			}
			limit := min(len(doc), i+maxTemplateTag)
			j := bytes.Index(doc[min(i+2, limit):limit], templateClosers[k])
			if j < 0 {
				i++
				continue
			}
			end := i + 2 + j + 2
			for off := i + 1; off < end; off++ {
				want[off] = true
			}
			i = end
		}
		tags := newTemplateTags(doc)
		for off := range doc {
			if got := tags.holds(off); got != want[off] {
				t.Fatalf("%q: holds(%d) = %v, want %v", doc, off, got, want[off])
			}
		}
	}
}
