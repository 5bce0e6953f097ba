package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/lint/runner"
	"github.com/urilint/urilint/rules"
)

// selection holds the flags that choose the files and their configuration,
// which check and extract share.
type selection struct {
	config        string
	noConfig      bool
	noIgnore      bool
	listFiles     bool
	stdinFilename string
	jobs          *int

	configs *config.Finder // after load
}

func selectionFlags(fs *flags) *selection {
	s := &selection{}
	fs.StringVar(&s.config, "config", "", "use the configuration `file` for every file, instead of the nearest .urilint.yaml")
	fs.BoolVar(&s.noConfig, "no-config", false, "use no configuration file")
	fs.BoolVar(&s.noIgnore, "no-ignore", false, "also read what .gitignore ignores")
	fs.BoolVar(&s.listFiles, "list-files", false, "print the files that would be read, one per line, and stop")
	fs.StringVar(&s.stdinFilename, "stdin-filename", "", "the `path` standard input (\"-\") stands for: it decides the format and the configuration; without a PATH argument, standard input is read")
	s.jobs = jobsFlag(fs)
	return s
}

// codeFlags defines --include-code-blocks and --include-code-spans, which
// check and extract share, and returns what sets those given in settings.
func codeFlags(fs *flags) func(*config.Settings) {
	blocks := fs.Bool("include-code-blocks", false, "also scan fenced and indented code blocks (Markdown), and <pre> and <xmp> (HTML) (default: the configuration's include-code-blocks, else off)")
	spans := fs.Bool("include-code-spans", false, "also scan code spans (Markdown), and <code>, <kbd> and <samp> (HTML) (default: the configuration's include-code-spans, else off)")
	return func(s *config.Settings) {
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "include-code-blocks":
				s.IncludeCodeBlocks = blocks
			case "include-code-spans":
				s.IncludeCodeSpans = spans
			}
		})
	}
}

// load checks the selection flags and loads --config.
func (s *selection) load() error {
	if s.config != "" && s.noConfig {
		return errors.New("--config and --no-config exclude each other")
	}
	c, err := config.NewFinder(ruleNames(), s.config, s.noConfig)
	s.configs = c
	return err
}

func ruleNames() []string {
	names := make([]string, len(rules.All))
	for i, r := range rules.All {
		names[i] = r.Name
	}
	return names
}

// input is what the run reads: paths, or "-" (standard input) when there
// are none and --stdin-filename says what standard input is (giving its
// name is asking for it).
func (s *selection) input(e *env, paths []string) runner.Input {
	if len(paths) == 0 && s.stdinFilename != "" {
		paths = []string{"-"}
	}
	return runner.Input{Paths: paths, Stdin: e.stdin, StdinName: s.stdinFilename, StdinSizes: stdinSizes, Jobs: *s.jobs, NoIgnore: s.noIgnore, SoftLimit: e.softLimit}
}

// stdinSizes are how standard input is read (runner.DefaultStdinSizes
// when zero). Tests make them small.
var stdinSizes runner.StdinSizes

// listFilesTo prints the files that would be read, for --list-files.
func (s *selection) listFilesTo(in runner.Input, stdout, stderr io.Writer) int {
	files := runner.Select(in, s.configs, stderr)
	out := bufio.NewWriter(stdout)
	for _, name := range files.Names() {
		fmt.Fprintln(out, report.DisplayPath(name))
	}
	if code := flushed(out, stderr); code != exitOK {
		return code
	}
	if files.Failed() > 0 {
		return exitError
	}
	return exitOK
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
