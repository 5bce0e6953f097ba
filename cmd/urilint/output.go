package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/lint/runner"
)

// openOutput opens the file of --output: an AtomicFile that replaces it
// (or writes it directly, when it is not a regular file: /dev/null, a
// named pipe; see fileio.CreateOutput), or, when path is the process's own
// standard output or error (/dev/stdout, or the file stdout is redirected
// to), that stream itself, with a nil AtomicFile: replacing the file would
// lose what the stream wrote before and after.
func openOutput(path string, stdout, stderr io.Writer) (io.Writer, *fileio.AtomicFile, error) {
	if w := sameFile(path, stdout, stderr); w != nil {
		return w, nil, nil
	}
	if dir := filepath.Dir(path); dir != "." {
		_ = os.MkdirAll(dir, 0o755) // CreateAtomic reports what fails
	}
	a, err := fileio.CreateOutput(path)
	if err != nil {
		return nil, nil, err
	}
	return a, a, nil
}

// sameFile returns the first of streams that is an *os.File open on the
// file at path (the same device and inode, links followed), or nil.
func sameFile(path string, streams ...io.Writer) io.Writer {
	info, err := os.Stat(path)
	if err != nil {
		return nil
	}
	for _, w := range streams {
		if f, ok := w.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && os.SameFile(info, fi) {
				return w
			}
		}
	}
	return nil
}

// outputsApart checks that no file check writes is a file it reads, which
// the output would replace: the files of the outputs (specs) and the
// baseline written (writeBaseline) against one another, the baseline read
// (baselinePath), standard input when it is read and redirected from a
// file, and files, the run's inputs (stdinPath for standard input), found
// in a directory or named. The same file is the same device and inode,
// links followed; an output that does not exist yet can be none of them
// (parseOutputs refuses two outputs with one path).
func outputsApart(specs []outputSpec, baselinePath, writeBaseline string, files *runner.Files, stdin io.Reader) error {
	type written struct {
		flag string
		info os.FileInfo
	}
	var outs []written
	add := func(flag, path string) {
		if info, err := os.Stat(path); err == nil {
			outs = append(outs, written{flag, info})
		}
	}
	for _, s := range specs {
		if s.path != "" {
			add(s.describe(), s.path)
		}
	}
	if writeBaseline != "" {
		// Not there yet, it is the same file as an output by its path.
		abs, _ := filepath.Abs(writeBaseline)
		for _, s := range specs {
			if p, _ := filepath.Abs(s.path); s.path != "" && p == abs {
				return fmt.Errorf("%s and --write-baseline %s are the same file", s.describe(), writeBaseline)
			}
		}
		add("--write-baseline "+writeBaseline, writeBaseline)
	}
	if len(outs) == 0 {
		return nil
	}
	same := func(info os.FileInfo) string {
		for _, o := range outs {
			if os.SameFile(o.info, info) {
				return o.flag
			}
		}
		return ""
	}
	for i, o := range outs {
		for _, p := range outs[:i] {
			if os.SameFile(p.info, o.info) {
				return fmt.Errorf("%s and %s are the same file", p.flag, o.flag)
			}
		}
	}
	if baselinePath != "" {
		if info, err := os.Stat(baselinePath); err == nil {
			if flag := same(info); flag != "" {
				return fmt.Errorf("%s and --baseline %s are the same file: the output would replace the baseline", flag, baselinePath)
			}
		}
	}
	paths, readsStdin := files.Paths()
	if in, ok := stdin.(*os.File); ok && readsStdin {
		if info, err := in.Stat(); err == nil && info.Mode().IsRegular() {
			if flag := same(info); flag != "" {
				return fmt.Errorf("%s and standard input are the same file: the output would replace it", flag)
			}
		}
	}
	for _, f := range paths {
		if info, err := os.Stat(f); err == nil {
			if flag := same(info); flag != "" {
				return fmt.Errorf("%s and the input %s are the same file: the output would replace it", flag, report.DisplayPath(f))
			}
		}
	}
	return nil
}

// formatsFlag is check's --format, which may be given more than once: each
// value is NAME, written to standard output (or --output), or NAME:PATH,
// written to the file PATH.
type formatsFlag []string

func (f *formatsFlag) String() string {
	if f == nil {
		return ""
	}
	return strings.Join(*f, " ")
}

func (f *formatsFlag) Set(v string) error {
	*f = append(*f, v)
	return nil
}

// outputSpec is one output of a check run: a format, and the file it goes
// to ("" for standard output).
type outputSpec struct {
	flag   string // "--format NAME" or "--format NAME:PATH", for messages
	format string
	path   string
}

// maxOutputs bounds the outputs of one run: more would only cost memory
// (each file's output is held in a buffer per output).
const maxOutputs = 255

// parseOutputs reads the values of --format (none: text) and --output into
// the outputs of a run. At most one format goes without a path, to
// standard output; --output, when given, is that format's path.
func parseOutputs(values []string, output string) ([]outputSpec, error) {
	if len(values) == 0 {
		values = []string{"text"}
	}
	if len(values) > maxOutputs {
		return nil, fmt.Errorf("--format given %d times: at most %d outputs", len(values), maxOutputs)
	}
	var specs []outputSpec
	toStdout := -1
	for _, v := range values {
		name, path, hasPath := strings.Cut(v, ":")
		s := outputSpec{flag: "--format " + v, format: name, path: path}
		if !hasPath {
			if err := oneOf("format", name, report.DiagnosticFormats); err != nil {
				return nil, err
			}
		} else {
			if !slices.Contains(report.DiagnosticFormats, name) {
				return nil, fmt.Errorf("invalid format %q in --format %s (want %s, each NAME or NAME:PATH)", name, v, strings.Join(report.DiagnosticFormats, ", "))
			}
			if path == "" {
				return nil, fmt.Errorf("--format %s: no path after \":\" (NAME writes to standard output)", v)
			}
		}
		if !hasPath {
			if toStdout >= 0 {
				return nil, fmt.Errorf("%s and %s both write to standard output: give all but one a path (--format NAME:PATH)", specs[toStdout].flag, s.flag)
			}
			toStdout = len(specs)
		}
		specs = append(specs, s)
	}
	if output != "" {
		if toStdout < 0 {
			return nil, fmt.Errorf("--output %s: every --format has a path of its own (--output is the path of the one without)", output)
		}
		specs[toStdout].path = output
	}
	seen := map[string]int{}
	for i, s := range specs {
		if s.path == "" {
			continue
		}
		key := s.path
		if abs, err := filepath.Abs(s.path); err == nil {
			key = abs
		}
		if j, ok := seen[key]; ok {
			return nil, fmt.Errorf("%s and %s write to the same file", specs[j].describe(), s.describe())
		}
		seen[key] = i
	}
	return specs, nil
}

// describe names the output in messages: its --format, with --output when
// that gave its path.
func (s outputSpec) describe() string {
	if _, _, hasPath := strings.Cut(strings.TrimPrefix(s.flag, "--format "), ":"); !hasPath && s.path != "" {
		return s.flag + " (--output " + s.path + ")"
	}
	return s.flag
}

// output is one open output of a check run.
type output struct {
	outputSpec
	dst  io.Writer          // the file, or the stream
	file *fileio.AtomicFile // nil for a stream
	run  *runner.Output
}

// outputs are the open outputs of a check run.
type outputs []*output

// runOutputs returns what the run writes to.
func (outs outputs) runOutputs() []*runner.Output {
	r := make([]*runner.Output, len(outs))
	for i, o := range outs {
		r[i] = o.run
	}
	return r
}

// openOutputs opens the files of specs (through openOutput) and makes the
// writer of each. It fails when two outputs would write to one stream
// (--format json:/dev/stdout beside --format text): their output would
// mix.
func openOutputs(specs []outputSpec, stdout, stderr io.Writer, opts func(dst io.Writer) report.WriterOptions) (outputs, error) {
	var outs outputs
	for _, s := range specs {
		o := &output{outputSpec: s, dst: stdout}
		if s.path != "" {
			dst, file, err := openOutput(s.path, stdout, stderr)
			if err != nil {
				outs.abort()
				return nil, fmt.Errorf("%s: %w", s.path, err)
			}
			o.dst, o.file = dst, file
		}
		if o.file == nil {
			for _, p := range outs {
				if p.file == nil && p.dst == o.dst {
					outs.abort()
					return nil, fmt.Errorf("%s and %s both write to %s", p.describe(), s.describe(), streamName(o.dst, stdout))
				}
			}
		}
		dst := o.dst
		if o.file == nil {
			dst = pipeWriter{dst}
		}
		w, err := report.NewDiagnosticWriter(s.format, dst, opts(o.dst))
		if err != nil {
			outs.abort()
			return nil, err
		}
		o.run = &runner.Output{Name: s.path, Writer: w}
		outs = append(outs, o)
	}
	return outs, nil
}

func streamName(w, stdout io.Writer) string {
	if w == stdout {
		return "standard output"
	}
	return "standard error"
}

// pipeWriter is a stream output: a write to a pipe whose reader is gone
// ends the process (see brokenPipe).
type pipeWriter struct{ w io.Writer }

func (p pipeWriter) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	brokenPipe(err)
	return n, err
}

// commit replaces the files of the outputs written whole, drops those of
// the others, and reports each failure on stderr. It returns false when an
// output could not be written.
func (outs outputs) commit(stderr io.Writer) bool {
	ok := true
	for _, o := range outs {
		switch {
		case o.run.Err() != nil:
			o.file.Abort()
			ok = false
		case o.file != nil:
			if err := o.file.Commit(); err != nil {
				fmt.Fprintf(stderr, "urilint: writing %s: %s\n", report.DisplayPath(o.path), report.Printable(err.Error()))
				ok = false
			}
		}
	}
	return ok
}

// abort drops the files of the outputs.
func (outs outputs) abort() {
	for _, o := range outs {
		o.file.Abort()
	}
}
