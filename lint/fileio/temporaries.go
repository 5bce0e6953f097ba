package fileio

import (
	"os"
	"sync"
)

// temps are the temporary files of the AtomicFiles under way, for
// RemoveTemporaries. Creating, renaming and removing one holds mu, so that
// none is created, or renamed into place, after RemoveTemporaries.
var temps = struct {
	mu    sync.Mutex
	names map[string]bool
}{names: map[string]bool{}}

// createTemp is os.CreateTemp, with the file recorded.
func createTemp(dir, pattern string) (*os.File, error) {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	f, err := os.CreateTemp(dir, pattern)
	if err == nil {
		temps.names[f.Name()] = true
	}
	return f, err
}

// renameTemp renames the temporary file tmp to path.
func renameTemp(tmp, path string) error {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	if !temps.names[tmp] {
		return os.ErrNotExist // removed by RemoveTemporaries
	}
	err := os.Rename(tmp, path)
	if err == nil {
		delete(temps.names, tmp)
	}
	return err
}

// removeTemp removes the temporary file tmp.
func removeTemp(tmp string) {
	temps.mu.Lock()
	defer temps.mu.Unlock()
	delete(temps.names, tmp)
	_ = os.Remove(tmp)
}

// RemoveTemporaries removes the temporary files of the AtomicFiles not yet
// committed or aborted (check --fix, --output), for a process about to end
// on a signal (SIGINT, SIGTERM, SIGHUP, or SIGPIPE: a closed standard
// output): the files they were to replace are left as they were. Until
// unlock is called, creating, committing or aborting an AtomicFile waits;
// a process that exits need not call it.
func RemoveTemporaries() (unlock func()) {
	temps.mu.Lock()
	for name := range temps.names {
		_ = os.Remove(name)
		delete(temps.names, name)
	}
	return temps.mu.Unlock
}
