//go:build !unix

package osfile

import "os"

// openNoBlock opens the file at path for reading (where named pipes do not
// block an open as on Unix).
func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
