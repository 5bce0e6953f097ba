//go:build unix

package fileio_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/urilint/urilint/lint/fileio"
)

// savePoints are the points of a fix's write, in order, at which
// TestFixKeepsSave saves the file as an editor would.
var savePoints = []string{"written", "owner", "mode", "synced", "compared", "renamed"}

// saveKinds are the ways an editor saves a file: writing it in place
// through a descriptor it opened before urilint replaced the file, writing
// it in place by its name (opened afresh), or writing a new file and
// renaming it over the old one.
var saveKinds = []string{"descriptor", "name", "rename"}

// TestFixKeepsSave saves the file being fixed at each point of the fix's
// write, each way an editor saves: what the user saved is what the file
// holds in the end, and the fix, when it could not keep it otherwise, is
// undone with ErrChanged. Nothing is left behind in the directory.
func TestFixKeepsSave(t *testing.T) {
	const orig, fixed, saved = "orig\n", "fixed\n", "the user's save, longer\n"
	for _, method := range fileio.ReplaceMethods() {
		for _, point := range savePoints {
			for _, kind := range saveKinds {
				if method == "rename" && kind == "rename" && point == "compared" {
					// A rename over the file between the last look and the
					// plain rename is lost: the one gap of the fallback
					// (see WriteFileAtomic).
					continue
				}
				t.Run(method+"/"+point+"/"+kind, func(t *testing.T) {
					dir := t.TempDir()
					path := filepath.Join(dir, "a.md")
					if err := os.WriteFile(path, []byte(orig), 0o644); err != nil {
						t.Fatal(err)
					}
					held, err := os.OpenFile(path, os.O_WRONLY, 0)
					if err != nil {
						t.Fatal(err)
					}
					defer held.Close()
					done := false
					fileio.SetReplaceMethod(t, method)
					fileio.SetAtomicHook(t, func(p string) {
						if p != point || done {
							return
						}
						done = true
						save(t, kind, path, held, saved)
					})
					err = fileio.WriteFileAtomic(path, []byte(fixed), []byte(orig))
					if !done {
						t.Fatalf("the write never reached %q", point)
					}
					if got, _ := os.ReadFile(path); string(got) != saved {
						t.Errorf("the file holds %q, want the user's save %q", got, saved)
					}
					// Saved by name or replaced after the rename, the save
					// is a later edit of the fixed file: no error is due.
					lost := point != "renamed" || kind == "descriptor"
					if lost && !errors.Is(err, fileio.ErrChanged) {
						t.Errorf("error %v, want ErrChanged", err)
					}
					if !lost && err != nil {
						t.Errorf("error %v, want none", err)
					}
					if entries, _ := os.ReadDir(dir); len(entries) != 1 {
						var names []string
						for _, e := range entries {
							names = append(names, e.Name())
						}
						t.Errorf("the directory holds %q, want a.md only", names)
					}
				})
			}
		}
	}
}

// save saves content to the file at path the way kind says.
func save(t *testing.T, kind, path string, held *os.File, content string) {
	t.Helper()
	var err error
	switch kind {
	case "descriptor":
		if err = held.Truncate(0); err == nil {
			_, err = held.WriteAt([]byte(content), 0)
		}
	case "name":
		err = os.WriteFile(path, []byte(content), 0o644)
	case "rename":
		tmp := path + ".editor~"
		if err = os.WriteFile(tmp, []byte(content), 0o644); err == nil {
			err = os.Rename(tmp, path)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
}
