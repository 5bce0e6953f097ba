package fileio

// ReplaceFile writes data to the file at path through an AtomicFile, as
// WriteFileAtomic does, except that a symbolic link at path is replaced by
// the file rather than followed: urilint init --force writes in the
// directory it is given, never through a link to a file elsewhere.
func ReplaceFile(path string, data []byte) error {
	return writeAll(createAtomic(path))(data)
}
