//go:build unix

package lint

import (
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
