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
	"github.com/urilint/urilint/rules"
)

// failLevels are the values of --fail-level, from the strictest, and
// reportLevels those of --report-level.
var (
	failLevels   = []string{"info", "warning", "error", "none"}
	reportLevels = []string{"info", "warning", "error"}
)

func runCheck(e *env, args []string) int {
	stdin, stdout, stderr := e.stdin, e.stdout, e.stderr
	fs := newFlags(e, "check", "[flags] PATH...   (\"-\" reads standard input)")
	var formats formatsFlag
	fs.Var(&formats, "format", "output `format`: text, json, jsonl, sarif (SARIF 2.1.0) or github (GitHub Actions annotations), to standard output; NAME:PATH writes it to the file PATH (replaced atomically). May be given more than once, each output getting the same findings; at most one without a path (default: text)")
	output := fs.String("output", "", "write the output of the --format given without a path to `file` (replaced atomically) instead of standard output")
	reportLevel := fs.String("report-level", "info", "report only the diagnostics at or above this `level`: error, warning or info (every one); the others are not written, counted or failed on")
	failLevel := fs.String("fail-level", "", "exit 1 when a diagnostic is at or above this `level`: error, warning, info, or none (default: the configuration's fail-level, else error)")
	synName := fs.String("urn-syntax", "", "URN `syntax`: rfc8141, or rfc2141 (the 1997 syntax) (default: the configuration's urn-syntax, else rfc8141)")
	codeSettings := codeFlags(fs)
	strict := fs.Bool("strict", false, "turn every rule on, and every report of the rules that leave some out by default: the letter of the RFCs (default: the configuration's strict, else off)")
	fix := fs.Bool("fix", false, "apply the safe fixes to the files, then report what is left")
	diff := fs.Bool("diff", false, "print the safe fixes as a unified diff, and change nothing; exit 1 when there is one")
	color := fs.String("color", "auto", "colour the text format: auto (on a terminal, unless NO_COLOR is set), always or never")
	quiet := fs.Bool("quiet", false, "do not print the summary line on standard error")
	baselinePath := fs.String("baseline", "", "report only the findings not in the baseline `file` (written by --write-baseline): matched by file, rule and URI, with counts")
	writeBaseline := fs.String("write-baseline", "", "write the findings to the baseline `file` (replaced atomically), and report none")
	sel := selectionFlags(fs)
	paths, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	paths = sel.withStdin(paths)
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	usage := func(err error) int { return usageError(stderr, "check", err) }
	specs, err := parseOutputs(formats, *output)
	if err != nil {
		return usage(err)
	}
	if err := oneOf("color", *color, []string{"auto", "always", "never"}); err != nil {
		return usage(err)
	}
	if err := oneOf("report-level", *reportLevel, reportLevels); err != nil {
		return usage(err)
	}
	minLevel, _ := lint.ParseSeverity(*reportLevel)
	var cli config.Settings
	if set["fail-level"] {
		if err := oneOf("fail-level", *failLevel, failLevels); err != nil {
			return usage(err)
		}
		sev := lint.Off // none: no diagnostic is this severe
		if *failLevel != "none" {
			sev, _ = lint.ParseSeverity(*failLevel)
		}
		cli.FailLevel = &sev
	}
	if set["urn-syntax"] {
		syn, err := grammar.ParseSyntax(*synName)
		if err != nil {
			return usage(err)
		}
		cli.URNSyntax = &syn
	}
	codeSettings(&cli)
	if set["strict"] {
		cli.Strict = strict
	}
	switch {
	case *fix && *diff:
		return usage(errors.New("--fix and --diff exclude each other"))
	case *diff && set["format"]:
		return usage(errors.New("--diff prints a diff: --format does not apply"))
	case set["baseline"] && set["write-baseline"]:
		return usage(errors.New("--baseline and --write-baseline exclude each other (--write-baseline writes the findings of the whole run)"))
	case *diff && set["write-baseline"]:
		return usage(errors.New("--diff and --write-baseline exclude each other: --diff reports no findings"))
	case set["baseline"] && *baselinePath == "", set["write-baseline"] && *writeBaseline == "":
		return usage(errors.New("--baseline and --write-baseline take a file"))
	case len(paths) == 0:
		return usage(errors.New("no path given (try: urilint check .)"))
	case *fix && slices.Contains(paths, "-"):
		return usage(errors.New("--fix cannot write standard input back: use --diff"))
	case slices.Contains(paths, "-") && sel.stdinFilename == "":
		for _, s := range specs {
			if s.format == "sarif" || s.format == "github" {
				return usage(fmt.Errorf("--format %s places findings in files: with standard input, give its path with --stdin-filename", s.format))
			}
		}
	}
	if err = sel.load(); err != nil {
		return configError(stderr, err)
	}
	if sel.listFiles {
		return sel.listFilesTo(paths, stdout, stderr)
	}
	files, walkErrs := sel.files(paths, stderr)
	if err := outputsApart(specs, *baselinePath, *writeBaseline, files, stdin); err != nil {
		return usage(err)
	}

	var base *baseline.Baseline
	if *baselinePath != "" {
		if base, err = baseline.Load(*baselinePath); err != nil {
			printError(stderr, err)
			return exitError
		}
	}
	var record *baseline.Recorder
	if *writeBaseline != "" {
		if record, err = baseline.NewRecorder(*writeBaseline); err != nil {
			printError(stderr, err)
			return exitError
		}
	}

	if *fix || record != nil || slices.ContainsFunc(specs, func(s outputSpec) bool { return s.path != "" }) {
		defer removeTemporariesOnSignal()()
	}
	outs, err := openOutputs(specs, stdout, stderr, func(dst io.Writer) report.WriterOptions {
		return report.WriterOptions{Color: colorOn(*color, isTerminal(dst), os.Getenv), Rules: rules.All, Version: versionNumber()}
	})
	if err != nil {
		printError(stderr, err)
		return exitError
	}
	defer outs.abort()
	c := &checkRun{
		env: e, sel: sel, outs: outs, fix: *fix, diff: *diff, reportLevel: minLevel, base: base, record: record,
		across: lint.NewAcross(),
	}
	c.resolver = config.NewResolver(rules.All, sel.configs, cli).CollectAcross(c.across)
	if !c.diff {
		sel.finish = c.finish
	}
	if !c.fix && !c.diff {
		sel.windowed = c.window
	}
	code = sel.eachFile(files, walkErrs, stdin, outs, stderr, c.file)
	if !outs.commit(stderr) {
		code = exitError
	}
	written := ""
	if record != nil {
		if written, err = c.writeBaseline(); err != nil {
			printError(stderr, err)
			code = exitError
		}
	}
	if !*quiet {
		fmt.Fprintln(stderr, c.sum.line(c.fix, c.diff)+sel.failedSummary())
		if written != "" {
			fmt.Fprintln(stderr, written)
		}
	}
	switch {
	case code != exitOK:
		return code
	case c.diff && c.sum.fixes.Load() > 0:
		return exitFindings
	case !c.diff && c.sum.failing.Load() > 0:
		return exitFindings
	}
	return exitOK
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
