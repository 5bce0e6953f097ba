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
	return eachFile(paths, *jobs, w, out, stderr, func(path string, src []byte, sink *lint.Sink) {
		var b []byte
		lint.Extract(lint.FormatOf(path), src, opts, func(c *extract.Candidate) { b = sink.Flush(w.AppendCandidate(b, path, c)) })
		sink.Close(b)
	})
}
