package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"sync/atomic"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// failLevels are the values of --fail-level, from the strictest.
var failLevels = []string{"info", "warning", "error", "none"}

func runCheck(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", "[--format text|json|jsonl] [--fail-level error|warning|info|none] [--urn-syntax rfc8141|rfc2141] [--include-code-blocks] [-j N] PATH...", stdout, stderr)
	format := fs.String("format", "text", "output `format`: text (file:line:col: severity rule: message), json (one object) or jsonl (one object per line)")
	failLevel := fs.String("fail-level", "error", "exit 1 when a diagnostic is at or above this `level`: error, warning, info, or none (never)")
	synName := fs.String("urn-syntax", "rfc8141", "URN `syntax`: rfc8141, or rfc2141 (the 1997 syntax)")
	cfg := &lint.Config{}
	fs.BoolVar(&cfg.Extract.IncludeCodeBlocks, "include-code-blocks", false, "also scan fenced and indented code blocks (Markdown), and <pre> and <xmp> (HTML)")
	jobs := jobsFlag(fs)
	paths, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	if err := oneOf("format", *format, lint.Formats); err != nil {
		return usageError(stderr, "check", err)
	}
	if err := oneOf("fail-level", *failLevel, failLevels); err != nil {
		return usageError(stderr, "check", err)
	}
	var err error
	if cfg.URNSyntax, err = extract.ParseSyntax(*synName); err != nil {
		return usageError(stderr, "check", err)
	}
	if len(paths) == 0 {
		return usageError(stderr, "check", errors.New("no path given (try: urilint check .)"))
	}
	checker, err := lint.NewChecker(rules.All, cfg)
	if err != nil {
		return usageError(stderr, "check", err)
	}
	fail := lint.Off // --fail-level none: no diagnostic is this severe
	if *failLevel != "none" {
		fail, _ = lint.ParseSeverity(*failLevel)
	}

	out := bufio.NewWriterSize(stdout, 64<<10)
	w, _ := lint.NewDiagnosticWriter(*format, out)
	var failing atomic.Int64
	code = eachFile(paths, *jobs, w, out, stderr, func(path string, src []byte, sink *lint.Sink) {
		var b []byte
		checker.Check(path, lint.FormatOf(path), src, func(d *lint.Diagnostic) {
			if d.Severity >= fail {
				failing.Add(1)
			}
			b = sink.Flush(w.AppendDiagnostic(b, d))
		})
		sink.Close(b)
	})
	if code == exitOK && failing.Load() > 0 {
		return exitFindings
	}
	return code
}

func runRules(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("rules", "", stdout, stderr)
	rest, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		return usageError(stderr, "rules", fmt.Errorf("unexpected argument %q (urilint explain RULE documents one rule)", rest[0]))
	}
	tw := bufio.NewWriter(stdout)
	for _, r := range rules.All {
		fmt.Fprintf(tw, "%-24s %-7s %-8s %s\n", r.Name, r.Category, r.Severity, r.Title())
	}
	return flushed(tw, stderr)
}

func runExplain(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("explain", "RULE...", stdout, stderr)
	names, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	if len(names) == 0 {
		return usageError(stderr, "explain", errors.New("no rule given (urilint rules lists them)"))
	}
	var list []*lint.Rule
	for _, name := range names {
		r := rules.ByName(name)
		if r == nil {
			return usageError(stderr, "explain", fmt.Errorf("unknown rule %q (urilint rules lists them)", name))
		}
		list = append(list, r)
	}
	tw := bufio.NewWriter(stdout)
	for i, r := range list {
		if i > 0 {
			fmt.Fprintln(tw)
		}
		fmt.Fprint(tw, rules.Explain(r))
	}
	return flushed(tw, stderr)
}

// flushed flushes a buffered writer of stdout and returns the exit code.
func flushed(w *bufio.Writer, stderr io.Writer) int {
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "urilint: writing output: %v\n", err)
		return exitError
	}
	return exitOK
}
