package fileio

// ReplaceFile writes data to the file at path through an AtomicFile, as
// WriteFileAtomic does, except that a symbolic link at path is replaced by
// the file rather than followed: urilint init --force writes in the
// directory it is given, never through a link to a file elsewhere.
func ReplaceFile(path string, data []byte) error {
	a, err := createAtomic(path)
	if err != nil {
		return err
	}
	defer a.Abort()
	if _, err := a.Write(data); err != nil {
		return err
	}
	return a.Commit()
}
