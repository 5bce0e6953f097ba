package treepath

import (
	"path/filepath"
	"testing"
)

func TestRel(t *testing.T) {
	sep := string(filepath.Separator)
	top := filepath.FromSlash("/repo/docs")
	for _, tt := range []struct {
		p    string
		rel  string
		want bool
	}{
		{"/repo/docs", ".", true},
		{"/repo/docs/a.md", "a.md", true},
		{"/repo/docs/sub/../a.md", "a.md", true},
		{"/repo/docs/..a/b.md", "..a" + sep + "b.md", true}, // a name that starts with "..", inside
		{"/repo", "", false},
		{"/repo/docs2/a.md", "", false},
		{"/repo/docs/../other.md", "", false},
		{"/elsewhere", "", false},
	} {
		rel, ok := Rel(top, filepath.FromSlash(tt.p))
		if rel != filepath.FromSlash(tt.rel) || ok != tt.want || Under(top, filepath.FromSlash(tt.p)) != tt.want {
			t.Errorf("Rel(%q, %q) = %q, %v; want %q, %v", top, tt.p, rel, ok, tt.rel, tt.want)
		}
	}
	if _, ok := Rel(top, "relative/a.md"); ok {
		t.Error("a relative path is under an absolute top")
	}
}
