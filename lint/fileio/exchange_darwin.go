package fileio

import "golang.org/x/sys/unix"

// exchange swaps the files at the paths a and b in one step (renamex_np
// with RENAME_SWAP; not every file system has it, and then it fails).
func exchange(a, b string) error { return unix.RenamexNp(a, b, unix.RENAME_SWAP) }
