//go:build unix

package fileio

import (
	"errors"
	"os"
	"syscall"
)

// hardLinks returns how many names the file has (1 where unknown).
func hardLinks(info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink) //nolint:unconvert // a uint16 on some systems
	}
	return 1
}

// devIno is what tells one file from another: its device and inode.
type devIno struct{ dev, ino uint64 }

// fileID returns the identity of the file at path, links followed (a
// devIno; nil when it cannot be read, and the path then stands alone).
func fileID(path string) any {
	info, err := os.Stat(path)
	if err != nil {
		return nil
	}
	return infoID(info)
}

// infoID returns the identity of the file info describes (nil if unknown).
func infoID(info os.FileInfo) any {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return devIno{uint64(st.Dev), st.Ino} //nolint:unconvert // Dev is an int32 on some systems
	}
	return nil
}

// isLinkLoop reports whether err says a symbolic link leads back to
// itself.
func isLinkLoop(err error) bool { return errors.Is(err, syscall.ELOOP) }
