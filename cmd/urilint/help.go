package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/urilint/urilint/internal/suggest"
	"github.com/urilint/urilint/lint/report"
)

// intro is what urilint's usage and the man page say urilint does.
const intro = `urilint finds the URIs and URNs in Markdown, HTML, XML, reStructuredText,
AsciiDoc and plain-text documents and tells you what is wrong with them.`

// exitStatuses are urilint's exit statuses, for the usage and the man page.
var exitStatuses = []struct {
	code    int
	meaning string
}{
	{exitOK, "success"},
	{exitFindings, "a diagnostic at the fail level (check), a fix to make (check --diff) or an invalid value (validate)"},
	{exitError, "usage, configuration or I/O error"},
}

// usage is urilint's usage: what it does, its commands, its exit statuses.
func usage() string {
	var b strings.Builder
	b.WriteString(intro + "\n\nUsage:\n")
	for _, c := range commands() {
		fmt.Fprintf(&b, "  %-35s %s\n", c.line(), c.summary)
	}
	var codes []string
	for _, s := range exitStatuses {
		codes = append(codes, fmt.Sprintf("%d %s", s.code, s.meaning))
	}
	b.WriteString("\n" + wrap("Exit status: "+strings.Join(codes, ", ")+".", 78))
	return b.String()
}

// line is the command line of c in the usage: "urilint check [flags] PATH...".
func (c *command) line() string {
	return strings.TrimSpace("urilint " + c.name + " " + c.args)
}

// wrap breaks text into lines of at most width bytes, at spaces, each
// ended by a newline.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}

// unknownCommand is the error of a command name that names none.
func unknownCommand(name string) string {
	if s := suggest.Closest(name, commandNames()); s != "" {
		return fmt.Sprintf("unknown command %q; did you mean %q?", name, s)
	}
	return fmt.Sprintf("unknown command %q", name)
}

func runHelp(e *env, args []string) int {
	fs := newFlags(e, "help", "[--man] [COMMAND]")
	man := fs.Bool("man", false, "print the man page (roff), for man(1): urilint help --man > urilint.1")
	rest, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	switch {
	case *man && len(rest) > 0:
		return usageError(e.stderr, "help", errors.New("--man prints the page of every command: give no command"))
	case *man:
		_, err := io.WriteString(e.stdout, manPage())
		return written(err, e.stderr)
	case len(rest) > 1:
		return usageError(e.stderr, "help", fmt.Errorf("unexpected argument %q", rest[1]))
	case len(rest) == 1:
		if c := lookup(rest[0]); c != nil {
			return c.run(e, []string{"-h"})
		}
		fmt.Fprintf(e.stderr, "urilint help: %s\n", report.Printable(unknownCommand(rest[0])))
		return exitError
	}
	_, err := io.WriteString(e.stdout, usage())
	return written(err, e.stderr)
}

func runVersion(e *env, args []string) int {
	fs := newFlags(e, "version", "")
	if _, code := fs.parse(args); code >= 0 {
		return code
	}
	// Arguments are ignored, as they always were.
	fmt.Fprint(e.stdout, versionText(version, buildInfo()))
	return exitOK
}

// written returns the exit code of writing the output, whose error is
// err.
func written(err error, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintf(stderr, "urilint: writing output: %v\n", err)
		return exitError
	}
	return exitOK
}

// printHelp writes the help of the command of f, for -h: its synopsis,
// flags and examples.
func (f *flags) printHelp() {
	w := f.stdout
	fmt.Fprintf(w, "Usage: %s\n", strings.TrimSpace(f.Name()+" "+f.synopsis))
	if hasFlags(f.FlagSet) {
		fmt.Fprint(w, "\nFlags:\n")
		for _, e := range f.entries() {
			fmt.Fprintf(w, "  %s\n", strings.TrimSpace(e.names+" "+e.value))
			for _, line := range strings.SplitAfter(strings.TrimSuffix(wrap(e.usage, 72), "\n"), "\n") {
				fmt.Fprintf(w, "        %s", line)
			}
			fmt.Fprintln(w)
		}
	}
	if c := lookup(strings.Fields(strings.TrimPrefix(f.Name(), "urilint "))[0]); c != nil && len(c.examples) > 0 {
		fmt.Fprint(w, "\nExamples:\n")
		for _, ex := range c.examples {
			fmt.Fprintf(w, "  %s\n      %s\n", ex.line, ex.what)
		}
	}
}

// flagEntry is one flag as the help and the man page list it.
type flagEntry struct {
	names string // "--format", "-j", "-q, --quiet"
	value string // the name of its value, "" for a boolean flag
	usage string // what it does, with its default when it has one
}

// entries lists the flags of f in order of name, a one-letter alias with
// the flag it stands for.
func (f *flags) entries() []flagEntry {
	var out []flagEntry
	f.VisitAll(func(fl *flag.Flag) {
		if f.isAlias(fl.Name) {
			return
		}
		value, usage := flag.UnquoteUsage(fl)
		if d := fl.DefValue; d != "" && d != "false" && !strings.Contains(usage, "default") {
			usage += fmt.Sprintf(" (default: %s)", d)
		}
		names := dashed(fl.Name)
		if s := f.short[fl.Name]; s != "" {
			names = dashed(s) + ", " + names
		}
		out = append(out, flagEntry{names: names, value: value, usage: usage})
	})
	return out
}

// hasFlags reports whether fs defines a flag.
func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

// describe returns the flag set of c as c defines it: c runs with
// env.describe set, which stops it at its flag parsing, before it does
// anything. The help, the completion scripts and the man page read a
// command's flags this way, from the command itself.
func (c *command) describe() *flags {
	var got *flags
	e := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, describe: func(f *flags) { got = f }}
	var args []string
	if c.sub != "" {
		args = []string{c.sub}
	}
	c.run(e, args)
	if got == nil {
		panic("urilint " + c.name + " defines no flag set") // a test runs describe on every command
	}
	return got
}
