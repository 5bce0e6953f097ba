//go:build unix

package fileio

import (
	"os"
	"syscall"
)

// fileOwner is the owner and group of a file.
type fileOwner struct{ uid, gid int }

// ownerOf returns the owner and group of the file described by info.
func ownerOf(info os.FileInfo) *fileOwner {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return &fileOwner{int(st.Uid), int(st.Gid)}
	}
	return nil
}
