package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"

	"github.com/urilint/urilint/internal/suggest"
	"github.com/urilint/urilint/lint/report"
)

// Exit codes, the same for every command.
const (
	exitOK       = 0 // success; every value valid; nothing at the fail level
	exitFindings = 1 // a value is invalid (validate); a diagnostic at the fail level (check)
	exitError    = 2 // usage error, or a file could not be read
)

// env is what a command runs with: the process's streams, and the hooks
// that main and tests set. Commands keep no state of their own between
// runs: tests run many in one process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// useCores, when set, is called with the -j a command line gives: main
	// sets it to limit the cores the process uses (see useCores); tests,
	// which share one process, leave it unset.
	useCores func(jobs int)
	// beforeCheck, set by tests only, is called as each file is checked: a
	// test makes it panic to see the panic reported for that file alone.
	beforeCheck func(name string)
	// describe, when set, stops a command at its flag parsing, before it
	// does anything, and is given the command's flag set (see
	// command.describe).
	describe func(*flags)
}

// run is the whole program without the hooks of env: tests call it with
// their arguments and streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return (&env{stdin: stdin, stdout: stdout, stderr: stderr}).run(args)
}

// run runs the command args name.
func (e *env) run(args []string) int {
	if len(args) == 0 {
		fmt.Fprint(e.stderr, usage())
		return exitError
	}
	name, rest := args[0], args[1:]
	switch name {
	case "-h", "-help", "--help":
		return runHelp(e, nil)
	case "-version", "--version":
		return runVersion(e, rest)
	}
	if c := lookup(name); c != nil {
		return c.run(e, rest)
	}
	fmt.Fprintf(e.stderr, "urilint: %s\n\n%s", report.Printable(unknownCommand(name)), usage())
	return exitError
}

// flags is a command's flag set and its usage.
type flags struct {
	*flag.FlagSet
	env            *env
	stdout, stderr io.Writer
	synopsis       string
}

// newFlags returns the flag set of a command whose usage line is synopsis.
// Parse errors go to stderr; the usage goes to stdout when asked for (-h)
// and is otherwise only pointed to, so that it never mixes with output.
func newFlags(e *env, name, synopsis string) *flags {
	fs := flag.NewFlagSet("urilint "+name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse writes the errors, with a suggestion
	fs.Usage = func() {}
	return &flags{FlagSet: fs, env: e, stdout: e.stdout, stderr: e.stderr, synopsis: synopsis}
}

// parse parses flags wherever they appear among the arguments ("urilint
// extract docs --format json"), and returns the other arguments in order.
// "--" ends the flags: everything after it is an argument. It returns an
// exit code >= 0 when the command must stop: after printing the usage for -h
// (0) or reporting a bad flag (2).
func (f *flags) parse(args []string) ([]string, int) {
	if f.env.describe != nil {
		f.env.describe(f)
		return nil, exitOK
	}
	var pos []string
	for {
		if err := f.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				f.printHelp()
				return nil, exitOK
			}
			fmt.Fprintf(f.stderr, "%s%s\n", report.Printable(err.Error()), f.didYouMean(err, args))
			fmt.Fprintf(f.stderr, "Run \"%s -h\" for its flags.\n", f.Name())
			return nil, exitError
		}
		rest := f.Args()
		if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
			return append(pos, rest...), -1
		}
		if len(rest) == 0 {
			return pos, -1
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// didYouMean returns, for the error of a flag that is not defined, the
// flag most likely meant, written with as many dashes as the mistyped one
// ("; did you mean --format?"), or "".
func (f *flags) didYouMean(err error, args []string) string {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: -")
	if !ok {
		return ""
	}
	var names []string
	f.VisitAll(func(fl *flag.Flag) { names = append(names, fl.Name) })
	s := suggest.Closest(name, names)
	if s == "" {
		return ""
	}
	dashes := "-"
	for _, a := range args {
		if a == "--"+name || strings.HasPrefix(a, "--"+name+"=") {
			dashes = "--"
			break
		}
	}
	return fmt.Sprintf("; did you mean %s%s?", dashes, s)
}

// usageError reports a usage error of a command and returns its exit code.
func usageError(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "urilint %s: %s\n", cmd, report.Printable(err.Error()))
	return exitError
}

// printError reports err on stderr, after "urilint: ". Its message may
// quote input (paths, values): it goes through report.Printable, as every
// byte of input printed does.
func printError(stderr io.Writer, err error) {
	fmt.Fprintf(stderr, "urilint: %s\n", report.Printable(err.Error()))
}

// maxJobs bounds -j: more files at once than this only costs memory.
const maxJobs = 1024

// jobsFlag defines -j, the number of files processed at once.
func jobsFlag(fs *flags) *int {
	j := new(int)
	*j = runtime.GOMAXPROCS(0)
	def := "the number of CPUs"
	if fs.env.describe == nil { // the man page is the same on every machine
		def += fmt.Sprintf(", %d", *j)
	}
	fs.Func("j", fmt.Sprintf("number of files to process at once, 1 to %d (default: %s)", maxJobs, def), func(s string) error {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 || n > maxJobs {
			return fmt.Errorf("must be a number from 1 to %d", maxJobs)
		}
		*j = n
		if fs.env.useCores != nil {
			fs.env.useCores(n)
		}
		return nil
	})
	return j
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
