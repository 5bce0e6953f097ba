package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// Exit codes, the same for every command.
const (
	exitOK       = 0 // success; every value valid
	exitFindings = 1 // a value is invalid (validate)
	exitError    = 2 // usage error, or a file could not be read
)

const usage = `urilint finds the URIs and URNs in Markdown, HTML and plain-text documents
and tells you what is wrong with them.

Usage:
  urilint extract [flags] PATH...     list every URI and URN found in files and directories
  urilint validate [flags] VALUE...   check values given on the command line (or "-" for stdin)
  urilint version                     print the version
  urilint help [COMMAND]              show this help, or a command's flags

Exit status: 0 success, 1 invalid values (validate), 2 usage or I/O error.
`

type command struct {
	name string
	run  func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands = []command{
	{"extract", runExtract},
	{"validate", runValidate},
}

// run is the whole program: main only passes it the process's arguments
// and streams, so tests can call it directly.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) > 0 && name == "help" {
			for _, c := range commands {
				if c.name == rest[0] {
					return c.run([]string{"-h"}, stdin, stdout, stderr)
				}
			}
			fmt.Fprintf(stderr, "urilint help: unknown command %q\n", rest[0])
			return exitError
		}
		fmt.Fprint(stdout, usage)
		return exitOK
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, version())
		return exitOK
	}
	for _, c := range commands {
		if c.name == name {
			return c.run(rest, stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "urilint: unknown command %q\n\n%s", name, usage)
	return exitError
}

func version() string {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	return "urilint " + v
}

// newFlags returns a flag set for a command whose usage line is synopsis.
// Its help goes to stdout (asked for) and its errors to stderr.
func newFlags(name, synopsis string, stdout, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("urilint "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stdout, "Usage: urilint %s %s\n\nFlags:\n", name, synopsis)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		fs.SetOutput(stderr)
	}
	return fs
}

// parseArgs parses flags wherever they appear among the arguments
// ("urilint extract docs --format json"), and returns the other arguments in
// order. "--" ends the flags: everything after it is an argument.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), nil
		}
		if len(rest) == 0 {
			return pos, nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// flagError turns a flag parsing error into an exit code: help asked for is
// a success, anything else a usage error (already printed by the flag set).
func flagError(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitError
}

// oneOf checks a flag value against the allowed ones.
func oneOf(flagName, value string, allowed []string) error {
	for _, a := range allowed {
		if value == a {
			return nil
		}
	}
	return fmt.Errorf("invalid value %q for --%s (want %s)", value, flagName, strings.Join(allowed, ", "))
}
