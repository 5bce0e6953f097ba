package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime"

	"github.com/urilint/urilint/lint"
)

func runExtract(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("extract", "[--format text|json|jsonl] [-j N] PATH...", stdout, stderr)
	format := fs.String("format", "text", "output `format`: text (file:line:col: kind uri), json (one object) or jsonl (one object per line)")
	jobs := fs.Int("j", runtime.GOMAXPROCS(0), "number of files to process at once")
	paths, err := parseArgs(fs, args)
	if err != nil {
		return flagError(err)
	}
	if err := oneOf("format", *format, lint.Formats); err != nil {
		fmt.Fprintf(stderr, "urilint extract: %v\n", err)
		return exitError
	}
	if len(paths) == 0 {
		fmt.Fprintln(stderr, "urilint extract: no path given (try: urilint extract .)")
		return exitError
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	w, _ := lint.NewCandidateWriter(*format, out)
	files, errs := lint.Files(paths)
	for _, e := range errs {
		fmt.Fprintf(stderr, "urilint: %v\n", e)
	}
	var writeErr error
	lint.Run(files, *jobs, func(path string) lint.Result {
		src, err := lint.ReadFile(path)
		if err != nil {
			return lint.Result{Path: path, Err: err}
		}
		return lint.Result{Path: path, Candidates: lint.Extract(path, src)}
	}, func(r lint.Result) {
		if r.Err != nil {
			fmt.Fprintf(stderr, "urilint: %s: %v\n", r.Path, r.Err)
			if !lint.IsSkip(r.Err) {
				errs = append(errs, &lint.FileError{Path: r.Path, Err: r.Err})
			}
			return
		}
		if writeErr == nil {
			writeErr = w.File(r.Path, r.Candidates)
		}
	})
	if writeErr == nil {
		writeErr = w.Finish(errs)
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
