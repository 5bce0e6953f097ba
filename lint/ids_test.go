package lint

import (
	"maps"
	"slices"
	"testing"
)

// TestReadIDs: the values of id, xml:id and name (HTML's in any letter
// case), quoted or not, with
// character references resolved; not an attribute whose name only ends
// in "id" or "name", nor an empty or unclosed value.
func TestReadIDs(t *testing.T) {
	src := `<a name="OAuth Core 1.0"></a><h2 id='Section "One"'>x</h2>
<h3 id=plain>y</h3><para xml:id="printable character//"/>
<p data-id="no" valid="no" filename="no" id="&lt;tag&gt;" name="">
<H2><A NAME="Solving linear Systems"></A></H2><DIV ID=upper Name="Capital"><b iD=mixed nAmE=Mixed>
<p id="unclosed`
	got := slices.Sorted(maps.Keys(readIDs([]byte(src))))
	want := []string{"<tag>", "Capital", "Mixed", "OAuth Core 1.0", `Section "One"`, "Solving linear Systems", "mixed", "plain", "printable character//", "upper"}
	if !slices.Equal(got, want) {
		t.Errorf("readIDs = %q, want %q", got, want)
	}
}
