//go:build unix

package fileio

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/urilint/urilint/internal/liveness"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/internal/osfile"
)

// guard runs f, failing the test if it has not returned by the test run's
// deadline (a read blocked on a named pipe, or reading /dev/zero), rather
// than hanging.
func guard(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-liveness.After(t):
		t.Fatalf("%s: still reading at the test run's deadline", what)
	}
}

// TestReadSpecialFiles checks that no read path opens a named pipe or a
// device as if it were a file, even when a walk did not see it (a file
// replaced since, or a path given to the function directly): each is
// refused at once, with osfile.ErrNotRegular.
func TestReadSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.txt")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink("fifo.txt", link); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.txt")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		fifo: "not a regular file (a named pipe)",
		link: "not a regular file (a named pipe)",
		zero: "not a regular file (a character device)",
		dir:  "is a directory",
	}
	for _, path := range []string{fifo, link, zero, dir} {
		name := filepath.Base(path)
		guard(t, "ReadFile "+name, func() {
			_, err := ReadFileInto(path, nil)
			if err == nil || err.Error() != want[path] {
				t.Errorf("ReadFile %s: error %v, want %q", name, err, want[path])
			}
			if path != dir && !errors.Is(err, osfile.ErrNotRegular) {
				t.Errorf("ReadFile %s: error %v is not osfile.ErrNotRegular", name, err)
			}
		})
		guard(t, "openRegular "+name, func() {
			if _, _, err := osfile.OpenRegular(path); err == nil || err.Error() != want[path] {
				t.Errorf("openRegular %s: error %v, want %q", name, err, want[path])
			}
		})
		guard(t, "OpenTextWindows "+name, func() {
			// A stat sees no large regular file: read whole, by ReadFile.
			if w, err := OpenTextWindows(path, 0, 1<<10); w != nil || err != nil {
				t.Errorf("OpenTextWindows %s: %v, %v; want nil, nil", name, w, err)
			}
		})
		guard(t, "LoadConfig "+name, func() {
			_, err := config.Load(path, nil)
			if err == nil || err.Error() != path+": "+want[path] {
				t.Errorf("LoadConfig %s: error %v, want %q", name, err, path+": "+want[path])
			}
		})
		guard(t, "readPatterns "+name, func() {
			var failed error
			if ps := readPatterns(path, "", func(_ string, err error) { failed = err }); ps != nil {
				t.Errorf("readPatterns %s: %v", name, ps)
			}
			if failed == nil || !strings.HasPrefix(failed.Error(), want[path]) {
				t.Errorf("readPatterns %s: error %v, want %q", name, failed, want[path])
			}
		})
	}
}

// TestConfigSpecialFiles checks that a .urilint.yaml that is a named pipe,
// or a link to /dev/zero, is an error naming it, where the language server
// and the command line find configuration files.
func TestConfigSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	for _, sub := range []string{"p", "z"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "p", ".urilint.yaml"), 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "z", ".urilint.yaml")); err != nil {
		t.Fatal(err)
	}
	c, err := config.NewFinder(nil, "", false)
	if err != nil {
		t.Fatal(err)
	}
	for sub, want := range map[string]string{"p": "a named pipe", "z": "a character device"} {
		guard(t, "Configs.For "+sub, func() {
			_, err := c.For(filepath.Join(dir, sub, "a.md"), false)
			var ce *config.Error
			if !errors.As(err, &ce) || ce.Msg != "not a regular file ("+want+")" {
				t.Errorf("%s: error %v, want a ConfigError: not a regular file (%s)", sub, err, want)
			}
		})
	}
}
