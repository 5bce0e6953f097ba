package baseline

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/urilint/urilint/lint"
)

var (
	ruleA = &lint.Rule{Name: "rule-a"}
	ruleB = &lint.Rule{Name: "rule-b"}
)

// TestRoundTrip records findings, writes them, reads them back and matches
// them: the first ones of each rule and URI are hidden, in order, and the
// rest reported.
func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	r, err := NewRecorder(filepath.Join("ci", "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	bad := "http://a.example/\xff\xfe" // not UTF-8: written as two U+FFFD
	f := r.File(filepath.Join("docs", "a.md"))
	for _, d := range []*lint.Diagnostic{
		{Rule: ruleA, URI: "http://a.example/%zz"}, {Rule: ruleB, URI: "urn:isbm:1"},
		{Rule: ruleA, URI: "http://a.example/%zz"}, {Rule: ruleA, URI: bad},
	} {
		f.Add(d)
	}
	f.Close()
	g := r.File("b.txt")
	g.Add(&lint.Diagnostic{Rule: ruleB, URI: "x:&<>"})
	g.Close()
	if _, err := r.Write(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("ci", "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"version":1,"findings":[
{"file":"../b.txt","rule":"rule-b","uri":"x:&<>","count":1},
{"file":"../docs/a.md","rule":"rule-a","uri":"http://a.example/%zz","count":2},
{"file":"../docs/a.md","rule":"rule-a","uri":"http://a.example/` + "\ufffd\ufffd" + `","count":1},
{"file":"../docs/a.md","rule":"rule-b","uri":"urn:isbm:1","count":1}
]}
`
	if string(got) != want {
		t.Errorf("baseline:\n%s\nwant:\n%s", got, want)
	}

	// Read from a subdirectory: the same files, named from there.
	if err := os.Mkdir("docs", 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir("docs")
	b, err := Load(filepath.Join("..", "ci", "baseline.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := b.Matcher("a.md")
	var hidden []bool
	for _, d := range []*lint.Diagnostic{
		{Rule: ruleA, URI: "http://a.example/%zz"}, {Rule: ruleA, URI: "http://a.example/%zz"},
		{Rule: ruleA, URI: "http://a.example/%zz"}, {Rule: ruleA, URI: bad}, {Rule: ruleA, URI: "urn:isbm:1"},
	} {
		hidden = append(hidden, m.Hide(d))
	}
	if want := []bool{true, true, false, true, false}; !slices.Equal(hidden, want) {
		t.Errorf("hidden %v, want %v", hidden, want)
	}
	if m.Left() != 1 { // rule-b in urn:isbm:1 was not found
		t.Errorf("left %d, want 1", m.Left())
	}
	if m := b.Matcher(filepath.Join("..", "b.txt")); !m.Hide(&lint.Diagnostic{Rule: ruleB, URI: "x:&<>"}) || m.Left() != 0 {
		t.Error("../b.txt: not matched")
	}
	if m := b.Matcher("b.txt"); m.Hide(&lint.Diagnostic{Rule: ruleB, URI: "x:&<>"}) {
		t.Error("docs/b.txt matched the entry of b.txt")
	}
}

func TestEmpty(t *testing.T) {
	if got := string(Marshal(nil)); got != "{\"version\":1,\"findings\":[]}\n" {
		t.Errorf("empty baseline %q", got)
	}
	entries, err := parse(Marshal(nil))
	if err != nil || len(entries) != 0 {
		t.Errorf("parse: %v, %v", entries, err)
	}
}

// TestDuplicates: entries repeated add up.
func TestDuplicates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "b.json")
	doc := `{"version":1,"findings":[{"file":"a.md","rule":"rule-a","uri":"u","count":1},{"file":"a.md","rule":"rule-a","uri":"u","count":1}]}`
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	m := b.Matcher(filepath.Join(filepath.Dir(path), "a.md"))
	if m.Left() != 2 {
		t.Errorf("count %d, want 2", m.Left())
	}
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{`{"version":1}`, `no "findings"`},
		{`{"version":1,"findings":[{"rule":"r","uri":"u","count":1}]}`, `findings[0]: no file`},
		{`{"version":1,"findings":[{"file":"f","uri":"u","count":1}]}`, `findings[0]: no rule`},
		{`{"version":1,"findings":[{"file":"f","rule":"r","uri":"u"}]}`, `findings[0]: count 0 (at least 1)`},
		{`{"version":1,"findings":[]`, `unexpected EOF`},
		{`[]`, `a JSON array where an object is wanted`},
		{`{"version":"1","findings":[]}`, `version: a JSON string where int is wanted`},
	} {
		_, err := parse([]byte(tt.doc))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error %v, want %s", tt.doc, err, tt.want)
		}
	}
}
