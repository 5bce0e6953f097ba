// Package treepath says whether a path lies in a directory's tree, as
// filepath.Rel reads the two paths: the one test that the configuration's
// top, the link rules' top, the files --fix may write and the paths of
// messages share.
package treepath

import (
	"path/filepath"
	"strings"
)

// Rel returns p relative to top, and whether p is top or under it; "" and
// false when it is elsewhere, or when one is absolute and the other not.
func Rel(top, p string) (string, bool) {
	rel, err := filepath.Rel(top, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// Under reports whether p is top or under it.
func Under(top, p string) bool {
	_, ok := Rel(top, p)
	return ok
}
