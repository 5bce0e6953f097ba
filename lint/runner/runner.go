// Package runner runs urilint check and urilint extract over files: it
// selects the files (Select), reads them on workers (whole, or a large
// document of a windowed format in windows), lints or extracts each with
// the configuration its Resolver gives, writes the outputs in the order of
// the files whatever the number of workers, and counts what it found. The
// command line parses its flags into Options, calls Check or Extract, and
// prints the Summary; the language server lints each open document with
// Lint, the function Check lints each file with.
//
// A run, file by file of this package: select.go chooses the files;
// read.go reads them on workers and writes their output in order (the
// pipeline of pipeline.go, in typed chunks, one output each); check.go
// lints, fixes and reports one file (Lint, in lint.go), and extract.go
// lists its candidates; summary.go counts.
package runner

import (
	"io"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/baseline"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/report"
)

// Mode is what Check does with the fixes.
type Mode uint8

// The modes.
const (
	// Report reports the diagnostics (urilint check).
	Report Mode = iota
	// Fix applies the safe fixes to the files, then reports what is left
	// (--fix).
	Fix
	// Diff writes the safe fixes as a unified diff to the first output,
	// changes nothing, and reports no diagnostic (--diff).
	Diff
)

// Input is what a run reads.
type Input struct {
	// Paths are the files and directories to read; "-" is standard input.
	Paths []string
	// Stdin is standard input, and StdinName, when not "", the path it
	// stands for: its format and its configuration (--stdin-filename).
	Stdin     io.Reader
	StdinName string
	// StdinSizes say how standard input is read; zero values are the
	// defaults (DefaultStdinSizes).
	StdinSizes StdinSizes
	// Jobs is how many files are processed at once (at least 1).
	Jobs int
	// NoIgnore reads what .gitignore ignores too.
	NoIgnore bool
	// SoftLimit, when set, is called with the soft memory limit that the
	// documents the workers hold call for (LimitFloor, and LimitPerWeight
	// times their weight), each time it changes: the command line sets
	// the collector's limit with it (runtime/debug.SetMemoryLimit). It is
	// called with a lock of the run held, and must not call back.
	SoftLimit func(int64)
}

// StdinSizes are how standard input is read (see fileio.ReadStream): up to
// Large bytes first, then plain text on in windows of about Window bytes,
// and what must be read whole up to MaxWhole bytes.
type StdinSizes struct{ Large, Window, MaxWhole int }

// DefaultStdinSizes are the sizes standard input is read with.
var DefaultStdinSizes = StdinSizes{Large: fileio.LargeText, Window: fileio.WindowSize, MaxWhole: 256 << 20}

func (s StdinSizes) orDefault() StdinSizes {
	d := DefaultStdinSizes
	if s.Large > 0 {
		d.Large = s.Large
	}
	if s.Window > 0 {
		d.Window = s.Window
	}
	if s.MaxWhole > 0 {
		d.MaxWhole = s.MaxWhole
	}
	return d
}

// Options are a check run's: what it reads, how, and where it writes.
type Options struct {
	Input
	// Files, when set, are the files to read as Select found them, for a
	// caller that must know them first (to keep its outputs apart from
	// them); else Check selects them.
	Files *Files
	// Resolver gives each file its configuration. The rules that look
	// across files run when it collects their facts
	// (config.Resolver.CollectAcross).
	Resolver *config.Resolver
	Mode     Mode
	// ReportLevel leaves out the diagnostics below it: not reported,
	// counted or failed on.
	ReportLevel lint.Severity
	// Baseline, when set, hides the findings it lists (--baseline);
	// Record, when set, takes every finding instead of reporting it
	// (--write-baseline).
	Baseline *baseline.Baseline
	Record   *baseline.Recorder
	// Outputs each get every diagnostic reported, in file order.
	Outputs []*Output
	// Stderr gets a line for each path that could not be read, linted or
	// fixed, and for each note on a file.
	Stderr io.Writer
	// BeforeCheck, when set, is called as each file is checked: a test
	// makes it panic to see the panic reported for that file alone.
	BeforeCheck func(name string)
}

// ExtractOptions are an extract run's.
type ExtractOptions struct {
	Input
	// Files, when set, are the files to read (see Options.Files).
	Files *Files
	// Resolver gives each file its configuration (what the walkers read).
	Resolver *config.Resolver
	// Output gets every candidate, in file order.
	Output *Output
	// Stderr gets a line for each path that could not be read, and for
	// each note on a file.
	Stderr io.Writer
}

// Output is one output of a run: each item is formatted and written by
// Writer. An output that fails is written no more (the others go on), and
// the run's error names it.
type Output struct {
	// Name names the output in errors: the path of its file, or "" for a
	// stream.
	Name   string
	Writer *report.Writer
	err    error // the first error writing it
}

// Err returns the error that stopped the output, or nil once it is
// written whole.
func (o *Output) Err() error { return o.err }

func (o *Output) write(b []byte) {
	if o.err == nil {
		o.err = o.Writer.Write(b)
	}
}

// Check lints the files of opts.Input (or opts.Files), fixes them or
// writes the diff of their fixes as opts.Mode says, and writes their
// diagnostics to every output, in the order of the files whatever
// opts.Jobs is. A path that cannot be read, linted or fixed is named on
// opts.Stderr, and the others go on: the Summary counts them. The error is
// that of an output that could not be written, each named by its Name.
func Check(opts Options) (Summary, error) {
	files := opts.Files
	if files == nil {
		files = Select(opts.Input, opts.Resolver.Finder(), opts.Stderr)
	}
	c := &checkRun{opts: &opts, files: files, across: opts.Resolver.Across()}
	r := newRun(&opts.Input, files, opts.Outputs, opts.Stderr, c)
	err := r.each()
	return c.counts.summary(len(r.errs), r.unfixed), err
}

// Extract lists the candidates of the files of opts.Input (or opts.Files)
// to opts.Output, in the order of the files. A path that cannot be read is
// named on opts.Stderr, and counted in the Summary's Failed; the error is
// the output's.
func Extract(opts ExtractOptions) (Summary, error) {
	files := opts.Files
	if files == nil {
		files = Select(opts.Input, opts.Resolver.Finder(), opts.Stderr)
	}
	x := &extractRun{resolver: opts.Resolver, w: opts.Output.Writer}
	r := newRun(&opts.Input, files, []*Output{opts.Output}, opts.Stderr, x)
	err := r.each()
	return Summary{Files: int(x.files.Load()), Failed: len(r.errs)}, err
}
