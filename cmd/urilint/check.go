package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/driver"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/rules"
)

// testHookCheck, set by tests only, is called as each file is checked: a
// test makes it panic to see the panic reported for that file alone.
var testHookCheck func(name string)

// failLevels are the values of --fail-level, from the strictest.
var failLevels = []string{"info", "warning", "error", "none"}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("check", "[flags] PATH...   (\"-\" reads standard input)", stdout, stderr)
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
	resolver := config.NewResolver(rules.All, sel.configs, cli)
	var sum summary
	if !*fix && !*diff {
		sel.windowed = func(name string, windows *driver.TextWindows, sink *driver.Sink) error {
			p, err := resolver.Resolve(name)
			if err != nil {
				windows.Close()
				return err
			}
			sum.files.Add(1)
			var b []byte
			problems := false
			var l lint.Lister
			err = windows.Each(func(win driver.Window) {
				loc := extract.NewLocatorAt(win.Src, win.Base)
				p.Checker.CheckWindow(name, win.Src, win.Base.Offset, func(d *lint.Diagnostic) {
					problems = true
					if l.List(d) {
						sum.count(d, p.FailLevel)
						b = sink.Flush(w.AppendDiagnostic(b, d, loc))
					}
				})
			})
			if problems {
				sum.problemFiles.Add(1)
			}
			sink.Close(b)
			return errors.Join(err, sum.unlisted(l.Unlisted, p.FailLevel))
		}
	}
	code = sel.eachFile(paths, stdin, w, out, stderr, func(name string, src []byte, sink *driver.Sink) error {
		if testHookCheck != nil {
			testHookCheck(name)
		}
		p, err := resolver.Resolve(name)
		if err != nil {
			return err
		}
		f := lint.FormatOf(name)
		sum.files.Add(1)
		var diags []*lint.Diagnostic
		var fixed []byte
		var unlisted lint.Unlisted
		applied := 0
		if *fix || *diff {
			fixed, applied, diags, unlisted = p.Checker.Fix(name, f, src)
		} else {
			unlisted = p.Checker.Check(name, f, src, func(d *lint.Diagnostic) { diags = append(diags, d) })
		}
		var b []byte
		var writeErr error
		switch {
		case *diff:
			b = append(b, report.UnifiedDiff(name, src, fixed)...)
		case *fix && applied > 0:
			if writeErr = driver.WriteFileAtomic(name, fixed, src); writeErr != nil {
				// Nothing was fixed: what is left is what was found.
				applied, diags = 0, diags[:0]
				unlisted = p.Checker.Check(name, f, src, func(d *lint.Diagnostic) { diags = append(diags, d) })
				writeErr = &fixWriteError{writeErr}
			}
		}
		if applied > 0 { // counted once written
			sum.fixes.Add(int64(applied))
			sum.fixedFiles.Add(1)
		}
		if len(diags) > 0 {
			sum.problemFiles.Add(1)
		}
		// The diagnostics are of the fixed document with --fix, once
		// written (else of the document read).
		doc := src
		if *fix && applied > 0 {
			doc = fixed
		}
		loc := extract.NewLocator(doc)
		for _, d := range diags {
			sum.count(d, p.FailLevel)
			if !*diff {
				b = sink.Flush(w.AppendDiagnostic(b, d, loc))
			}
		}
		sink.Close(b)
		return errors.Join(writeErr, sum.unlisted(unlisted, p.FailLevel), malformedXML(f, src))
	})
	if outFile != nil {
		if err := outFile.Commit(); err != nil {
			fmt.Fprintf(stderr, "urilint: writing %s: %v\n", *output, err)
			code = exitError
		}
	}
	if !*quiet {
		fmt.Fprintln(stderr, sum.line(*fix, *diff)+sel.failedSummary())
	}
	switch {
	case code != exitOK:
		return code
	case *diff && sum.fixes.Load() > 0:
		return exitFindings
	case !*diff && sum.failing.Load() > 0:
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
	fmt.Fprintf(stderr, "urilint: %v\n", err)
	return exitError
}

// summary counts what the run found, for the line on stderr.
type summary struct {
	files, problemFiles, fixes, fixedFiles, fixable, failing atomic.Int64
	bySeverity                                               [lint.Error + 1]atomic.Int64
}

func (s *summary) count(d *lint.Diagnostic, fail lint.Severity) {
	if d.Severity <= lint.Error {
		s.bySeverity[d.Severity].Add(1)
	}
	if d.Severity >= fail && fail != lint.Off {
		s.failing.Add(1)
	}
	for _, f := range d.Fixes {
		if f.Safe {
			s.fixable.Add(1)
			break
		}
	}
}

// unlisted counts the problems of a file that were found but not listed
// (past lint.MaxFileDiagnostics), and returns the note that says so, or
// nil.
func (s *summary) unlisted(u lint.Unlisted, fail lint.Severity) error {
	if u.N == 0 {
		return nil
	}
	for sev, n := range u.BySeverity {
		s.bySeverity[sev].Add(int64(n))
		if lint.Severity(sev) >= fail && fail != lint.Off {
			s.failing.Add(int64(n))
		}
	}
	more := "problems"
	if u.N == 1 {
		more = "problem"
	}
	return &note{fmt.Sprintf("%d more %s not listed (a file lists its first %d)", u.N, more, lint.MaxFileDiagnostics)}
}

// line is the summary line: "urilint: 3 problems (1 error, 2 warnings) in
// 2 of 40 files; 2 can be fixed with --fix".
func (s *summary) line(fix, diff bool) string {
	var b strings.Builder
	b.WriteString("urilint: ")
	if fix || diff {
		verb := "fixed"
		if diff {
			verb = "would fix"
		}
		fmt.Fprintf(&b, "%s %s in %s; ", verb, plural(s.fixes.Load(), "problem"), plural(s.fixedFiles.Load(), "file"))
	}
	total := s.bySeverity[lint.Error].Load() + s.bySeverity[lint.Warning].Load() + s.bySeverity[lint.Info].Load()
	if total == 0 {
		fmt.Fprintf(&b, "no problems in %s", plural(s.files.Load(), "file"))
		return b.String()
	}
	if fix || diff {
		b.WriteString("left: ")
	}
	var parts []string
	for _, sev := range []lint.Severity{lint.Error, lint.Warning, lint.Info} {
		if n := s.bySeverity[sev].Load(); n > 0 {
			parts = append(parts, plural(n, sev.String()))
		}
	}
	fmt.Fprintf(&b, "%s (%s) in %d of %s", plural(total, "problem"), strings.Join(parts, ", "), s.problemFiles.Load(), plural(s.files.Load(), "file"))
	if n := s.fixable.Load(); n > 0 && !fix && !diff {
		fmt.Fprintf(&b, "; %d can be fixed with --fix", n)
	}
	return b.String()
}

func plural(n int64, word string) string {
	if n == 1 || word == "info" { // "info" has no plural
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
