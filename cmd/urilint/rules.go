package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/urilint/urilint/internal/suggest"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

func runRules(e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	fs := newFlags(e, "rules", "")
	rest, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		return usageError(stderr, "rules", fmt.Errorf("unexpected argument %q (urilint explain RULE documents one rule)", rest[0]))
	}
	tw := bufio.NewWriter(stdout)
	fmt.Fprintf(tw, "%-24s %-8s %-8s %-7s %s\n", "RULE", "CATEGORY", "SEVERITY", "DEFAULT", "TITLE")
	for _, r := range rules.All {
		on := "on"
		if r.DefaultOff {
			on = "off"
		}
		fmt.Fprintf(tw, "%-24s %-8s %-8s %-7s %s\n", r.Name, r.Category, r.Severity, on, r.Doc.Title)
	}
	return flushed(tw, stderr)
}

func runExplain(e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	fs := newFlags(e, "explain", "RULE...")
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
			return usageError(stderr, "explain", unknownRule(name))
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

// unknownRule is the error of a rule name given on the command line that
// names no rule: with the rule most likely meant, when one is close.
func unknownRule(name string) error {
	if s := suggest.Closest(name, ruleNames()); s != "" {
		return fmt.Errorf("unknown rule %q; did you mean %q?", name, s)
	}
	return fmt.Errorf("unknown rule %q (urilint rules lists them)", name)
}

// flushed flushes a buffered writer of stdout and returns the exit code.
func flushed(w *bufio.Writer, stderr io.Writer) int {
	if err := w.Flush(); err != nil {
		printError(stderr, fmt.Errorf("writing output: %w", err))
		return exitError
	}
	return exitOK
}
