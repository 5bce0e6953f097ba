package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

func runExtract(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("extract", "[--format text|json|jsonl] [--include-code-blocks] [-j N] PATH...", stdout, stderr)
	format := fs.String("format", "text", "output `format`: text (file:line:col: kind uri), json (one object) or jsonl (one object per line)")
	var opts extract.Options
	fs.BoolVar(&opts.IncludeCodeBlocks, "include-code-blocks", false, "also scan fenced and indented code blocks (Markdown), and <pre> and <xmp> (HTML)")
	jobs := jobsFlag(fs)
	paths, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	if err := oneOf("format", *format, lint.Formats); err != nil {
		return usageError(stderr, "extract", err)
	}
	if len(paths) == 0 {
		return usageError(stderr, "extract", fmt.Errorf("no path given (try: urilint extract .)"))
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	w, _ := lint.NewCandidateWriter(*format, out)
	files, walkErrs := lint.Files(paths)
	var errs []*lint.FileError
	for _, e := range walkErrs {
		report(stderr, e.Path, e.Err)
		if !lint.IsSkip(e.Err) {
			errs = append(errs, e)
		}
	}
	var writeErr error
	lint.Run(files, *jobs, func(path string, sink *lint.Sink) error {
		src, err := lint.ReadFile(path)
		if err != nil {
			return err
		}
		var b []byte
		lint.Extract(lint.FormatOf(path), src, opts, func(c *extract.Candidate) { b = sink.Flush(w.AppendCandidate(b, path, c)) })
		sink.Close(b)
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
