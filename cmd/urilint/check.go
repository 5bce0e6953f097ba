package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"

	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/driver"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/rules"
)

// failLevels are the values of --fail-level, from the strictest.
var failLevels = []string{"info", "warning", "error", "none"}

func runCheck(e *env, args []string) int {
	stdin, stdout, stderr := e.stdin, e.stdout, e.stderr
	fs := newFlags(e, "check", "[flags] PATH...   (\"-\" reads standard input)")
	format := fs.String("format", "text", "output `format`: text, json, jsonl, sarif (SARIF 2.1.0) or github (GitHub Actions annotations)")
	output := fs.String("output", "", "write the output to `file` (replaced atomically) instead of standard output")
	failLevel := fs.String("fail-level", "", "exit 1 when a diagnostic is at or above this `level`: error, warning, info, or none (default: the configuration's fail-level, else error)")
	synName := fs.String("urn-syntax", "", "URN `syntax`: rfc8141, or rfc2141 (the 1997 syntax) (default: the configuration's urn-syntax, else rfc8141)")
	codeSettings := codeFlags(fs)
	strict := fs.Bool("strict", false, "turn every rule on, and every report of the rules that leave some out by default: the letter of the RFCs (default: the configuration's strict, else off)")
	fix := fs.Bool("fix", false, "apply the safe fixes to the files, then report what is left")
	diff := fs.Bool("diff", false, "print the safe fixes as a unified diff, and change nothing; exit 1 when there is one")
	color := fs.String("color", "auto", "colour the text format: auto (on a terminal, unless NO_COLOR is set), always or never")
	quiet := fs.Bool("quiet", false, "do not print the summary line on standard error")
	sel := selectionFlags(fs)
	paths, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	usage := func(err error) int { return usageError(stderr, "check", err) }
	if err := oneOf("format", *format, report.DiagnosticFormats); err != nil {
		return usage(err)
	}
	if err := oneOf("color", *color, []string{"auto", "always", "never"}); err != nil {
		return usage(err)
	}
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
	case len(paths) == 0:
		return usage(errors.New("no path given (try: urilint check .)"))
	case *fix && slices.Contains(paths, "-"):
		return usage(errors.New("--fix cannot write standard input back: use --diff"))
	case (*format == "sarif" || *format == "github") && slices.Contains(paths, "-") && sel.stdinFilename == "":
		return usage(fmt.Errorf("--format %s places findings in files: with standard input, give its path with --stdin-filename", *format))
	}
	var err error
	if err = sel.load(); err != nil {
		return configError(stderr, err)
	}
	if sel.listFiles {
		return sel.listFilesTo(paths, stdout, stderr)
	}

	if *fix || *output != "" {
		defer removeTemporariesOnSignal()()
	}
	dst := stdout
	var outFile *driver.AtomicFile
	if *output != "" {
		if dst, outFile, err = openOutput(*output, stdout, stderr); err != nil {
			fmt.Fprintf(stderr, "urilint: %s: %v\n", *output, err)
			return exitError
		}
		defer outFile.Abort()
	}
	out := bufio.NewWriterSize(dst, 64<<10)
	useColor := colorOn(*color, isTerminal(dst), os.Getenv)
	w, err := report.NewDiagnosticWriter(*format, out, report.WriterOptions{Color: useColor, Rules: rules.All, Version: versionNumber()})
	if err != nil {
		return usage(err)
	}
	c := &checkRun{
		env: e, sel: sel, w: w, fix: *fix, diff: *diff,
		resolver: config.NewResolver(rules.All, sel.configs, cli),
	}
	if !c.fix && !c.diff {
		sel.windowed = c.window
	}
	code = sel.eachFile(paths, stdin, w, out, stderr, c.file)
	if outFile != nil {
		if err := outFile.Commit(); err != nil {
			fmt.Fprintf(stderr, "urilint: writing %s: %v\n", *output, err)
			code = exitError
		}
	}
	if !*quiet {
		fmt.Fprintln(stderr, c.sum.line(c.fix, c.diff)+sel.failedSummary())
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
