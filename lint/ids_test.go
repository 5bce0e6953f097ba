package lint

import (
	"maps"
	"slices"
	"testing"
)

// TestReadIDs: the values of id, xml:id and name, quoted or not, with
// character references resolved; not an attribute whose name only ends
// in "id" or "name", nor an empty or unclosed value.
func TestReadIDs(t *testing.T) {
	src := `<a name="OAuth Core 1.0"></a><h2 id='Section "One"'>x</h2>
<h3 id=plain>y</h3><para xml:id="printable character//"/>
<p data-id="no" valid="no" filename="no" id="&lt;tag&gt;" name="">
<p id="unclosed`
	got := slices.Sorted(maps.Keys(readIDs([]byte(src))))
	want := []string{"<tag>", "OAuth Core 1.0", `Section "One"`, "plain", "printable character//"}
	if !slices.Equal(got, want) {
		t.Errorf("readIDs = %q, want %q", got, want)
	}
}
