package main

import (
	"bufio"
	"fmt"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/rules"
)

func runExtract(e *env, args []string) int {
	stdin, stdout, stderr := e.stdin, e.stdout, e.stderr
	fs := newFlags(e, "extract", "[flags] PATH...   (\"-\" reads standard input)")
	format := fs.String("format", "text", "output `format`: text (file:line:col: kind uri), json (one object) or jsonl (one object per line)")
	codeSettings := codeFlags(fs)
	sel := selectionFlags(fs)
	paths, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	paths = sel.withStdin(paths)
	if err := oneOf("format", *format, report.CandidateFormats); err != nil {
		return usageError(stderr, "extract", err)
	}
	if len(paths) == 0 {
		return usageError(stderr, "extract", fmt.Errorf("no path given (try: urilint extract .)"))
	}
	var cli config.Settings
	codeSettings(&cli)
	if err := sel.load(); err != nil {
		return configError(stderr, err)
	}
	if sel.listFiles {
		return sel.listFilesTo(paths, stdout, stderr)
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	w, _ := report.NewCandidateWriter(*format, out)
	resolver := config.NewResolver(rules.All, sel.configs, cli)
	sel.windowed = func(name string, windows *fileio.TextWindows, sink *fileio.Sink) error {
		if _, err := resolver.Resolve(name); err != nil {
			windows.Close()
			return err
		}
		var b []byte
		err := windows.Each(func(win fileio.Window) {
			loc := extract.NewLocatorAt(win.Src, win.Base)
			extract.ScanText(win.Src, win.Base.Offset, func(c *extract.Candidate) { b = sink.Flush(w.AppendCandidate(b, name, c, loc)) })
		})
		sink.Close(b)
		return err
	}
	files, errs := sel.files(paths, stderr)
	return sel.eachFile(files, errs, stdin, singleOutput{w, out}, stderr, func(name string, src []byte, sink *fileio.Sink) error {
		p, err := resolver.Resolve(name)
		if err != nil {
			return err
		}
		opts := p.Effective.Config.Extract
		var b []byte
		loc := extract.NewLocator(src)
		f := extract.FormatOf(name)
		f.Walk(src, opts, func(c *extract.Candidate) { b = sink.Flush(w.AppendCandidate(b, name, c, loc)) })
		sink.Close(b)
		return malformedXML(f, src)
	})
}
