package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

func runExtract(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("extract", "[flags] PATH...   (\"-\" reads standard input)", stdout, stderr)
	format := fs.String("format", "text", "output `format`: text (file:line:col: kind uri), json (one object) or jsonl (one object per line)")
	codeSettings := codeFlags(fs)
	sel := selectionFlags(fs)
	paths, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	if err := oneOf("format", *format, lint.CandidateFormats); err != nil {
		return usageError(stderr, "extract", err)
	}
	if len(paths) == 0 {
		return usageError(stderr, "extract", fmt.Errorf("no path given (try: urilint extract .)"))
	}
	var cli lint.Settings
	codeSettings(&cli)
	if err := sel.load(); err != nil {
		return configError(stderr, err)
	}
	if sel.listFiles {
		return sel.listFilesTo(paths, stdout, stderr)
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	w, _ := lint.NewCandidateWriter(*format, out)
	sel.windowed = func(name string, windows *lint.TextWindows, sink *lint.Sink) error {
		if _, err := sel.configs.For(name, false); err != nil {
			windows.Close()
			return err
		}
		var b []byte
		err := windows.Each(func(win lint.Window) {
			lint.ExtractWindow(win, func(c *extract.Candidate) { b = sink.Flush(w.AppendCandidate(b, name, c)) })
		})
		sink.Close(b)
		return err
	}
	return sel.eachFile(paths, stdin, w, out, stderr, func(name string, src []byte, sink *lint.Sink) error {
		cf, err := sel.configs.For(name, false)
		if err != nil {
			return err
		}
		abs, err := sel.configs.Abs(name)
		if err != nil {
			return err
		}
		opts := cf.For(abs, cli).Config.Extract
		var b []byte
		f := lint.FormatOf(name)
		lint.Extract(f, src, opts, func(c *extract.Candidate) { b = sink.Flush(w.AppendCandidate(b, name, c)) })
		sink.Close(b)
		return malformedXML(f, src)
	})
}
