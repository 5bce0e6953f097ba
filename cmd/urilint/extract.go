package main

import (
	"errors"
	"fmt"

	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/lint/runner"
	"github.com/urilint/urilint/rules"
)

// runExtract is urilint extract: its flags, then the run
// (runner.Extract).
func runExtract(e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	fs := newFlags(e, "extract", "[flags] PATH...   (\"-\" reads standard input)")
	format := fs.String("format", "text", "output `format`: text (file:line:col: kind uri), json (one object) or jsonl (one object per line)")
	codeSettings := codeFlags(fs)
	sel := selectionFlags(fs)
	paths, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	in := sel.input(e, paths)
	if err := oneOf("format", *format, report.CandidateFormats); err != nil {
		return usageError(stderr, "extract", err)
	}
	if len(in.Paths) == 0 {
		return usageError(stderr, "extract", errors.New("no path given (try: urilint extract .)"))
	}
	var cli config.Settings
	codeSettings(&cli)
	if err := sel.load(); err != nil {
		return configError(stderr, err)
	}
	if sel.listFiles {
		return sel.listFilesTo(in, stdout, stderr)
	}
	w, _ := report.NewCandidateWriter(*format, stdout)
	sum, err := runner.Extract(runner.ExtractOptions{
		Input: in, Resolver: config.NewResolver(rules.All, sel.configs, cli),
		Output: &runner.Output{Writer: w}, Stderr: stderr,
	})
	if err != nil {
		printError(stderr, fmt.Errorf("writing output: %w", err))
		return exitError
	}
	if sum.Failed > 0 {
		return exitError
	}
	return exitOK
}
