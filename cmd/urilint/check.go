package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/baseline"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/lint/runner"
	"github.com/urilint/urilint/rules"
)

// failLevels are the values of --fail-level, from the strictest, and
// reportLevels those of --report-level.
var (
	failLevels   = []string{"info", "warning", "error", "none"}
	reportLevels = []string{"info", "warning", "error"}
)

// runCheck is urilint check: its flags parsed and validated into the
// options of a run (checkFlags), the outputs opened (output.go), the run
// (runner.Check), and its summary (summary.go).
func runCheck(e *env, args []string) int {
	f := newCheckFlags(e)
	paths, code := f.parse(args)
	if code >= 0 {
		return code
	}
	opts, specs, err := f.options(e, paths)
	if err != nil {
		return usageError(e.stderr, "check", err)
	}
	if err := f.sel.load(); err != nil {
		return configError(e.stderr, err)
	}
	if f.sel.listFiles {
		return f.sel.listFilesTo(opts.Input, e.stdout, e.stderr)
	}
	opts.Files = runner.Select(opts.Input, f.sel.configs, e.stderr)
	if err := outputsApart(specs, *f.baseline, *f.writeBaseline, opts.Files, e.stdin); err != nil {
		return usageError(e.stderr, "check", err)
	}
	if opts.Baseline, opts.Record, err = openBaselines(*f.baseline, *f.writeBaseline); err != nil {
		printError(e.stderr, err)
		return exitError
	}
	if opts.Mode == runner.Fix || opts.Record != nil || slices.ContainsFunc(specs, func(s outputSpec) bool { return s.path != "" }) {
		defer removeTemporariesOnSignal()()
	}
	outs, err := openOutputs(specs, e.stdout, e.stderr, f.writerOptions)
	if err != nil {
		printError(e.stderr, err)
		return exitError
	}
	defer outs.abort()
	opts.Outputs = outs.runOutputs()
	opts.Resolver = config.NewResolver(rules.All, f.sel.configs, f.cli).CollectAcross(lint.NewAcross())
	sum, err := runner.Check(opts)
	return f.summarise(e.stderr, outs, opts.Record, sum, err)
}

// checkFlags are the flags of urilint check.
type checkFlags struct {
	*flags
	formats                                                                   formatsFlag
	output, reportLevel, failLevel, urnSyntax, color, baseline, writeBaseline *string
	strict, fix, diff, quiet                                                  *bool
	codeSettings                                                              func(*config.Settings)
	sel                                                                       *selection
	// set are the flags given; cli the settings they give, over the
	// configuration's (after options).
	set map[string]bool
	cli config.Settings
}

func newCheckFlags(e *env) *checkFlags {
	f := &checkFlags{flags: newFlags(e, "check", "[flags] PATH...   (\"-\" reads standard input)")}
	f.Var(&f.formats, "format", "output `format`: text, json, jsonl, sarif (SARIF 2.1.0) or github (GitHub Actions annotations), to standard output; NAME:PATH writes it to the file PATH (replaced atomically). May be given more than once, each output getting the same findings; at most one without a path (default: text)")
	f.output = f.String("output", "", "write the output of the --format given without a path to `file` (replaced atomically) instead of standard output")
	f.reportLevel = f.String("report-level", "info", "report only the diagnostics at or above this `level`: error, warning or info (every one); the others are not written, counted or failed on")
	f.failLevel = f.String("fail-level", "", "exit 1 when a diagnostic is at or above this `level`: error, warning, info, or none (default: the configuration's fail-level, else error)")
	f.urnSyntax = f.String("urn-syntax", "", "URN `syntax`: rfc8141, or rfc2141 (the 1997 syntax) (default: the configuration's urn-syntax, else rfc8141)")
	f.codeSettings = codeFlags(f.flags)
	f.strict = f.Bool("strict", false, "turn every rule on, and every report of the rules that leave some out by default: the letter of the RFCs (default: the configuration's strict, else off)")
	f.fix = f.Bool("fix", false, "apply the safe fixes to the files, then report what is left")
	f.diff = f.Bool("diff", false, "print the safe fixes as a unified diff, and change nothing; exit 1 when there is one")
	f.color = f.String("color", "auto", "colour the text format `when`: auto (on a terminal, unless NO_COLOR is set), always or never")
	f.quiet = f.Bool("quiet", false, "do not print the summary line on standard error")
	f.alias("q", "quiet")
	f.baseline = f.String("baseline", "", "report only the findings not in the baseline `file` (written by --write-baseline): matched by file, rule and URI, with counts")
	f.writeBaseline = f.String("write-baseline", "", "write the findings to the baseline `file` (replaced atomically), and report none")
	f.sel = selectionFlags(f.flags)
	return f
}

// options validates the flags, with paths the arguments, into the options
// of the run and its outputs; the error is a usage error.
func (f *checkFlags) options(e *env, paths []string) (runner.Options, []outputSpec, error) {
	f.set = map[string]bool{}
	f.Visit(func(fl *flag.Flag) { f.set[fl.Name] = true })
	opts := runner.Options{Input: f.sel.input(e, paths), Stderr: e.stderr, BeforeCheck: e.beforeCheck}
	specs, err := parseOutputs(f.formats, *f.output)
	if err != nil {
		return opts, nil, err
	}
	if err := f.settings(); err != nil {
		return opts, nil, err
	}
	opts.ReportLevel, _ = lint.ParseSeverity(*f.reportLevel)
	switch {
	case *f.fix:
		opts.Mode = runner.Fix
	case *f.diff:
		opts.Mode = runner.Diff
	}
	return opts, specs, f.conflicts(opts.Paths, specs)
}

// settings validates the flags that take a value, and gives cli the
// settings of the flags given.
func (f *checkFlags) settings() error {
	if err := oneOf("color", *f.color, []string{"auto", "always", "never"}); err != nil {
		return err
	}
	// "warn" is "warning", as in a configuration file (lint.ParseSeverity).
	for _, l := range []*string{f.reportLevel, f.failLevel} {
		if *l == "warn" {
			*l = "warning"
		}
	}
	if err := oneOf("report-level", *f.reportLevel, reportLevels); err != nil {
		return err
	}
	if f.set["fail-level"] {
		if err := oneOf("fail-level", *f.failLevel, failLevels); err != nil {
			return err
		}
		sev := config.FailNone
		if *f.failLevel != "none" {
			sev, _ = lint.ParseSeverity(*f.failLevel)
		}
		f.cli.FailLevel = &sev
	}
	if f.set["urn-syntax"] {
		syn, err := grammar.ParseSyntax(*f.urnSyntax)
		if err != nil {
			return err
		}
		f.cli.URNSyntax = &syn
	}
	f.codeSettings(&f.cli)
	if f.set["strict"] {
		f.cli.Strict = f.strict
	}
	return nil
}

// conflicts returns the first of the flags given that exclude each other,
// or that the paths exclude.
func (f *checkFlags) conflicts(paths []string, specs []outputSpec) error {
	set := f.set
	switch {
	case *f.fix && *f.diff:
		return errors.New("--fix and --diff exclude each other")
	case *f.diff && set["format"]:
		return errors.New("--diff prints a diff: --format does not apply")
	case set["baseline"] && set["write-baseline"]:
		return errors.New("--baseline and --write-baseline exclude each other (--write-baseline writes the findings of the whole run)")
	case *f.diff && set["write-baseline"]:
		return errors.New("--diff and --write-baseline exclude each other: --diff reports no findings")
	case set["baseline"] && *f.baseline == "", set["write-baseline"] && *f.writeBaseline == "":
		return errors.New("--baseline and --write-baseline take a file")
	case len(paths) == 0:
		return errors.New("no path given (try: urilint check .)")
	case *f.fix && slices.Contains(paths, "-"):
		return errors.New("--fix cannot write standard input back: use --diff")
	case slices.Contains(paths, "-") && f.sel.stdinFilename == "":
		for _, s := range specs {
			if s.format == "sarif" || s.format == "github" {
				return fmt.Errorf("--format %s places findings in files: with standard input, give its path with --stdin-filename", s.format)
			}
		}
	}
	return nil
}

// writerOptions are what the writer of an output to dst needs.
func (f *checkFlags) writerOptions(dst io.Writer) report.WriterOptions {
	return report.WriterOptions{Color: colorOn(*f.color, isTerminal(dst), os.Getenv), Rules: rules.All, Version: versionNumber()}
}

// openBaselines loads the baseline read (--baseline) and makes the
// recorder of the one written (--write-baseline), each when given.
func openBaselines(read, write string) (base *baseline.Baseline, record *baseline.Recorder, err error) {
	if read != "" {
		if base, err = baseline.Load(read); err != nil {
			return nil, nil, err
		}
	}
	if write != "" {
		if record, err = baseline.NewRecorder(write); err != nil {
			return nil, nil, err
		}
	}
	return base, record, nil
}

// summarise ends a check run: it reports the error of an output, replaces
// the files of the outputs written whole, writes the baseline (record),
// prints the summary line, and returns the exit status.
func (f *checkFlags) summarise(stderr io.Writer, outs outputs, record *baseline.Recorder, sum runner.Summary, err error) int {
	code := exitOK
	if err != nil {
		printError(stderr, fmt.Errorf("writing output: %w", err))
		code = exitError
	} else if sum.Failed > 0 {
		code = exitError
	}
	if !outs.commit(stderr) {
		code = exitError
	}
	written := ""
	if record != nil {
		if written, err = writeBaseline(record, sum); err != nil {
			printError(stderr, err)
			code = exitError
		}
	}
	if !*f.quiet {
		fmt.Fprintln(stderr, summaryLine(sum, *f.fix, *f.diff))
		if written != "" {
			fmt.Fprintln(stderr, written)
		}
	}
	switch {
	case code != exitOK:
		return code
	case *f.diff && sum.Fixes > 0:
		return exitFindings
	case !*f.diff && sum.Failing > 0:
		return exitFindings
	}
	return exitOK
}

// writeBaseline writes the findings recorded (--write-baseline), unless a
// path could not be linted or fixed, and returns the line that says so.
func writeBaseline(record *baseline.Recorder, sum runner.Summary) (string, error) {
	if sum.Failed > 0 {
		return "", fmt.Errorf("%s: the baseline is not written: %s could not be linted or fixed (above)", record.Path(), plural(sum.Failed, "path"))
	}
	entries, err := record.Write()
	if err != nil {
		return "", fmt.Errorf("writing the baseline %w", err)
	}
	files, n := 0, 0
	for i, e := range entries {
		if i == 0 || e.File != entries[i-1].File {
			files++
		}
		n += e.Count
	}
	return fmt.Sprintf("urilint: wrote the baseline %s: %s in %s", report.DisplayPath(record.Path()), plural(n, "problem"), plural(files, "file")), nil
}

// colorOn decides --color: always, never, or auto, which colours a
// terminal unless NO_COLOR is set to something (https://no-color.org) or
// TERM is "dumb".
func colorOn(mode string, terminal bool, getenv func(string) string) bool {
	switch mode {
	case "always":
		return true
	case "auto":
		return terminal && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
	}
	return false
}

// configError reports a configuration file that cannot be used.
func configError(stderr io.Writer, err error) int {
	printConfigError(stderr, err)
	return exitError
}
