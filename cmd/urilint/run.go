package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
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
	// softLimit, when set, is given to the runner as
	// runner.Input.SoftLimit: main sets it to set the collector's soft
	// memory limit (see tuneGC); tests leave it unset.
	softLimit func(int64)
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
	fmt.Fprintf(e.stderr, "urilint: %s\n", report.Printable(unknownCommand(name)))
	if hint := commandHint(name, args); hint != "" {
		fmt.Fprintf(e.stderr, "%s\n", report.Printable(hint))
	}
	fmt.Fprint(e.stderr, "Run \"urilint help\" for the commands.\n")
	return exitError
}

// commandHint returns, for the first argument name that names no command,
// what was likely meant, or "": a flag asking for the version, or paths to
// check.
func commandHint(name string, args []string) string {
	switch name {
	case "-v", "-V", "--v":
		return "The version is \"urilint version\" (or --version)."
	}
	if strings.HasPrefix(name, "-") {
		return "Flags come after the command: \"urilint check " + strings.Join(args, " ") + "\"."
	}
	if looksLikePath(name) {
		return "To lint files, name the command first: \"urilint check " + strings.Join(args, " ") + "\"."
	}
	return ""
}

// looksLikePath reports whether s names a file or directory there is, or
// is written as a path is (with a separator, or an extension).
func looksLikePath(s string) bool {
	if _, err := os.Stat(s); err == nil {
		return true
	}
	return s == "." || strings.ContainsAny(s, "/\\") || filepath.Ext(s) != ""
}

// flags is a command's flag set and its usage.
type flags struct {
	*flag.FlagSet
	env            *env
	stdout, stderr io.Writer
	synopsis       string
	// short are the one-letter aliases of flags, by the long flag's name
	// ("quiet": "q"): one flag to the help and the man page.
	short map[string]string
}

// alias defines the one-letter flag short as another name of the flag
// long, defined before.
func (f *flags) alias(short, long string) {
	f.Var(f.Lookup(long).Value, short, "same as --"+long)
	if f.short == nil {
		f.short = map[string]string{}
	}
	f.short[long] = short
}

// isAlias reports whether name is the one-letter alias of another flag.
func (f *flags) isAlias(name string) bool {
	for _, s := range f.short {
		if s == name {
			return true
		}
	}
	return false
}

// dashed is a flag's name as urilint writes it: two dashes, one for a
// one-letter flag ("--format", "-j"). Either is accepted.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
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
			fmt.Fprintf(f.stderr, "%s: %s%s\n", f.Name(), report.Printable(flagError(err, args)), f.didYouMean(err))
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

// flagError is the message of err, an error of flag.FlagSet.Parse, with the
// flag written as it was given: "unknown flag --fromat" for the standard
// library's "flag provided but not defined: -fromat".
func flagError(err error, args []string) string {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, "flag provided but not defined: -")
	if !ok {
		return msg
	}
	return "unknown flag " + asGiven(name, args)
}

// asGiven is the flag name as args give it: with two dashes when they do,
// else with one.
func asGiven(name string, args []string) string {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "--"+name || strings.HasPrefix(a, "--"+name+"=") {
			return "--" + name
		}
	}
	return "-" + name
}

// didYouMean returns, for the error of a flag that is not defined, the
// flag most likely meant, written as urilint writes flags ("; did you mean
// --format?"), or "".
func (f *flags) didYouMean(err error) string {
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
	return fmt.Sprintf("; did you mean %s?", dashed(s))
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
	fs.Func("j", fmt.Sprintf("`number` of files to process at once, 1 to %d (default: %s)", maxJobs, def), func(s string) error {
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
