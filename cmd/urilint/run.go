package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
)

// Exit codes, the same for every command.
const (
	exitOK       = 0 // success; every value valid; nothing at the fail level
	exitFindings = 1 // a value is invalid (validate); a diagnostic at the fail level (check)
	exitError    = 2 // usage error, or a file could not be read
)

const usage = `urilint finds the URIs and URNs in Markdown, HTML, XML and plain-text documents
and tells you what is wrong with them.

Usage:
  urilint check [flags] PATH...       report what is wrong with every URI and URN in files and directories
  urilint extract [flags] PATH...     list every URI and URN found in files and directories
  urilint validate [flags] VALUE...   check values given on the command line (or "-" for stdin)
  urilint rules                       list the rules
  urilint explain RULE...             document a rule
  urilint init [DIR]                  write a commented starter .urilint.yaml
  urilint config print [PATH]         show the configuration a file or directory is linted with
  urilint lsp                         run the language server, for editors (over stdin and stdout)
  urilint version                     print the version (also: --version)
  urilint help [COMMAND]              show this help, or a command's flags (also: -h, --help)

Exit status: 0 success, 1 a diagnostic at the fail level (check), a fix to
make (check --diff) or an invalid value (validate), 2 usage, configuration or
I/O error.
`

type command struct {
	name string
	run  func(e *env, args []string) int
}

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
}

var commands = []command{
	{"check", runCheck},
	{"extract", runExtract},
	{"validate", runValidate},
	{"rules", runRules},
	{"explain", runExplain},
	{"init", runInit},
	{"config", runConfig},
	{"lsp", runLSP},
}

// run is the whole program without the hooks of env: tests call it with
// their arguments and streams.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return (&env{stdin: stdin, stdout: stdout, stderr: stderr}).run(args)
}

// run runs the command args name.
func (e *env) run(args []string) int {
	stdout, stderr := e.stdout, e.stderr
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
					return c.run(e, []string{"-h"})
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
			return c.run(e, rest)
		}
	}
	fmt.Fprintf(stderr, "urilint: unknown command %q\n\n%s", name, usage)
	return exitError
}

func version() string { return "urilint " + versionNumber() }

// versionNumber is the module version urilint was built at, or "(devel)".
func versionNumber() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
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
	fs.SetOutput(e.stderr)
	fs.Usage = func() {}
	return &flags{FlagSet: fs, env: e, stdout: e.stdout, stderr: e.stderr, synopsis: synopsis}
}

// parse parses flags wherever they appear among the arguments ("urilint
// extract docs --format json"), and returns the other arguments in order.
// "--" ends the flags: everything after it is an argument. It returns an
// exit code >= 0 when the command must stop: after printing the usage for -h
// (0) or reporting a bad flag (2).
func (f *flags) parse(args []string) ([]string, int) {
	var pos []string
	for {
		if err := f.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintf(f.stdout, "Usage: %s %s\n\nFlags:\n", f.Name(), f.synopsis)
				f.SetOutput(f.stdout)
				f.PrintDefaults()
				f.SetOutput(f.stderr)
				return nil, exitOK
			}
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

// usageError reports a usage error of a command and returns its exit code.
func usageError(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "urilint %s: %v\n", cmd, err)
	return exitError
}

// maxJobs bounds -j: more files at once than this only costs memory.
const maxJobs = 1024

// jobsFlag defines -j, the number of files processed at once.
func jobsFlag(fs *flags) *int {
	j := new(int)
	*j = runtime.GOMAXPROCS(0)
	fs.Func("j", fmt.Sprintf("number of files to process at once, 1 to %d (default: the number of CPUs, %d)", maxJobs, *j), func(s string) error {
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
