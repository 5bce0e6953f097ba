//go:build !unix

package fileio

import (
	"os"
	"path/filepath"
)

// hardLinks returns how many names the file has (1 where unknown).
func hardLinks(os.FileInfo) uint64 { return 1 }

// fileID returns the identity of the file at path: its absolute path, links
// resolved (nil when it cannot be resolved, and the path then stands
// alone).
func fileID(path string) any {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil
	}
	abs, err := filepath.Abs(real)
	if err != nil {
		return nil
	}
	return abs
}

// infoID returns nil: the identity of a file is its path here (fileID).
func infoID(os.FileInfo) any { return nil }

// isLinkLoop reports whether err says a symbolic link leads back to itself
// (not told apart from other errors here).
func isLinkLoop(error) bool { return false }
