package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/urilint/urilint/lint"
)

// eachFile is the pipeline that check and extract share. It reads the
// files and directories in paths on jobs workers, calls process with each
// file's contents and its sink, writes the output of the files in their
// order through w, names on stderr each file that could not be read, and
// closes w and flushes out, the buffer under it. It returns exitError when a
// file could not be read or the output could not be written, else exitOK.
func eachFile(paths []string, jobs int, w *lint.Writer, out *bufio.Writer, stderr io.Writer,
	process func(path string, src []byte, sink *lint.Sink)) int {
	files, walkErrs := lint.Files(paths)
	var errs []*lint.FileError
	for _, e := range walkErrs {
		report(stderr, e.Path, e.Err)
		if !lint.IsSkip(e.Err) {
			errs = append(errs, e)
		}
	}
	var writeErr error
	lint.Run(files, jobs, func(path string, sink *lint.Sink) error {
		src, err := lint.ReadFile(path)
		if err != nil {
			return err
		}
		process(path, src, sink)
		return nil
	}, func(chunk []byte) {
		if writeErr == nil {
			writeErr = w.Write(chunk)
		}
	}, func(path string, err error) {
		if err == nil {
			return
		}
		report(stderr, path, err)
		if !lint.IsSkip(err) {
			errs = append(errs, &lint.FileError{Path: path, Err: err})
		}
	})
	if writeErr == nil {
		writeErr = w.Close(errs)
	}
	if writeErr == nil {
		writeErr = out.Flush()
	}
	if writeErr != nil {
		fmt.Fprintf(stderr, "urilint: writing output: %v\n", writeErr)
		return exitError
	}
	if len(errs) > 0 {
		return exitError
	}
	return exitOK
}

// report names a file that could not be read, or was skipped, on stderr.
func report(stderr io.Writer, path string, err error) {
	fmt.Fprintf(stderr, "urilint: %s: %v\n", lint.DisplayPath(path), err)
}
