package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/report"
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

	configs *config.Finder
	// windowed, when set, processes a large plain-text file a window at a
	// time (see fileio.TextWindows) instead of eachFile's process.
	windowed func(name string, windows *fileio.TextWindows, sink *fileio.Sink) error
	// finish, when set, gives what is written after every file is read:
	// the diagnostics of the rules that look across files (names are the
	// files in the run's order, as process was given them).
	finish  func(names []string, w chunkWriter) error
	failed  int             // paths that could not be linted or fixed, after eachFile
	unfixed int             // of those, files linted whose fixes could not be written
	named   map[string]bool // the files named on the command line, cleaned
	// roots are the directories named on the command line, each with
	// the absolute path its links lead to: check --fix writes only
	// inside them (see fixAllowed).
	roots []fixRoot
	// buffers holds the buffers files are read into, for the next file:
	// reading each file into a new buffer left the garbage collector as
	// much to do as the files' size, and cost -j 2 more than it did -j 1.
	// Nothing a file's processing returns refers to its bytes (the
	// candidates' and diagnostics' strings are copies).
	buffers sync.Pool
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

// withStdin returns paths, or "-" (standard input) when there are none
// and --stdin-filename says what standard input is: giving its name is
// asking for it.
func (s *selection) withStdin(paths []string) []string {
	if len(paths) == 0 && s.stdinFilename != "" {
		return []string{"-"}
	}
	return paths
}

// stdinName is the name standard input is shown with.
func (s *selection) stdinName() string {
	if s.stdinFilename != "" {
		return s.stdinFilename
	}
	return "<stdin>"
}

// stdinPath is the path that stands for standard input in the list of
// files: no file can have this name.
const stdinPath = "\x00stdin"

// files returns the files to read, with "-" (standard input) first, and
// names each path that could not be read on stderr.
func (s *selection) files(paths []string, stderr io.Writer) ([]string, []*lint.FileError) {
	var named []string
	stdin := false
	s.named = map[string]bool{stdinPath: true}
	for _, p := range paths {
		if p == "-" {
			stdin = true
		} else {
			named = append(named, p)
			s.named[filepath.Clean(p)] = true
			if info, err := os.Stat(p); err == nil && info.IsDir() {
				if real, err := realPath(p); err == nil {
					s.roots = append(s.roots, fixRoot{given: filepath.Clean(p), real: real})
				}
			}
		}
	}
	files, walkErrs := fileio.Files(named, fileio.WalkOptions{Configs: s.configs, NoIgnore: s.noIgnore, Jobs: *s.jobs})
	if stdin && !s.stdinExcluded() {
		files = append([]string{stdinPath}, files...)
	}
	var errs []*lint.FileError
	for _, e := range walkErrs {
		noteFile(stderr, e.Path, e.Err)
		if !fileio.IsSkip(e.Err) {
			errs = append(errs, e)
		}
	}
	return files, errs
}

// fixRoot is a directory named on the command line: as given, and the
// absolute path its links lead to.
type fixRoot struct{ given, real string }

// realPath returns the absolute path the links of path lead to.
func realPath(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return filepath.EvalSymlinks(abs)
}

// fixAllowed returns what decides whether the fixes of the file name may
// be written where its links lead (see fileio.FixFile): anywhere for a
// file named on the command line (nil), only inside one of the
// directories named for a file found in a walk. A symbolic link in a
// cloned repository can lead anywhere the user can write.
func (s *selection) fixAllowed(name string) func(real string) error {
	if s.named[filepath.Clean(name)] {
		return nil
	}
	return func(real string) error {
		for _, r := range s.roots {
			if rel, err := filepath.Rel(r.real, real); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel) {
				return nil
			}
		}
		given := make([]string, len(s.roots))
		for i, r := range s.roots {
			given[i] = report.DisplayPath(r.given)
		}
		return fmt.Errorf("not fixed: it leads to %s, outside the directories given (%s); name the file itself to fix it", report.DisplayPath(real), strings.Join(given, ", "))
	}
}

// stdinExcluded reports whether the configuration excludes the path that
// standard input stands for.
func (s *selection) stdinExcluded() bool {
	return s.stdinFilename != "" && fileio.Excluded(s.configs, s.stdinFilename, false)
}

// stdinSizes are how standard input is read (see fileio.ReadStream): up
// to large bytes first, then plain text on in windows of about window
// bytes, and what must be read whole up to maxWhole bytes. Tests make them
// small.
var stdinSizes = struct{ large, window, maxWhole int }{fileio.LargeText, fileio.WindowSize, 256 << 20}

// maxPooledBuffer is the largest buffer kept for the next file: a rare
// large file's is left to the collector.
const maxPooledBuffer = 4 << 20

// chunkWriter takes the output of the files, in chunks, in file order
// (Write), then what follows it (Close, with the files that could not be
// read), and flushes it.
type chunkWriter interface {
	Write(chunk []byte) error
	Close(errs []*lint.FileError) error
}

// eachFile is the pipeline that check and extract share. It reads the
// files (see files: errs are the paths that could not be expanded) on the
// selection's workers (stdinPath is standard input, read once), calls
// process with each file's name,
// contents and sink, writes the output of the files in their order through
// w, names on stderr each file that could not be read, and closes w.
// process returns an error for a file it could not process. eachFile
// returns exitError when a file could not be read or processed or the
// output could not be written, else exitOK.
func (s *selection) eachFile(files []string, errs []*lint.FileError, stdin io.Reader, w chunkWriter, stderr io.Writer,
	process func(name string, src []byte, sink *fileio.Sink) error) int {
	var stdinOnce sync.Once
	var writeErr error
	fileio.Run(files, *s.jobs, func(path string, sink *fileio.Sink) error {
		var src []byte
		var err error
		name := path
		if path == stdinPath {
			name = s.stdinName()
			streamed := false
			stdinOnce.Do(func() {
				var windows *fileio.TextWindows
				text := s.windowed != nil && extract.FormatOf(name) == extract.FormatText
				src, windows, err = fileio.ReadStream(stdin, text, stdinSizes.large, stdinSizes.window, stdinSizes.maxWhole)
				switch {
				case windows != nil:
					streamed, err = true, s.windowed(name, windows, sink)
				case errors.Is(err, fileio.ErrTooLarge):
					err = fmt.Errorf("standard input %w: it is read whole for a Markdown, HTML or XML document, for --diff, and for text with a suppression comment or an RFC 8792 folding note in its first %d MiB; give it as a file", err, stdinSizes.large>>20)
				}
			})
			if streamed {
				return err
			}
		} else {
			if s.windowed != nil && extract.FormatOf(path) == extract.FormatText {
				windows, err := fileio.OpenTextWindows(path, fileio.LargeText, fileio.WindowSize)
				switch {
				case windows != nil:
					return s.windowed(name, windows, sink)
				case err != nil && !errors.Is(err, fileio.ErrReadWhole):
					return err
				}
			}
			buf, _ := s.buffers.Get().(*[]byte)
			if buf == nil {
				buf = new([]byte)
			}
			src, err = fileio.ReadFileInto(path, *buf)
			defer func() {
				if cap(src) > cap(*buf) && cap(src) <= maxPooledBuffer {
					*buf = src[:0]
				}
				s.buffers.Put(buf)
			}()
		}
		if err != nil {
			return err
		}
		return process(name, src, sink)
	}, func(chunk []byte) {
		if writeErr == nil {
			writeErr = w.Write(chunk)
		}
	}, func(path string, err error) {
		if err == nil {
			return
		}
		asked := s.named[path]
		if path == stdinPath {
			path = s.stdinName()
		}
		for _, err := range splitJoined(err) {
			s.fileError(path, asked, err, stderr, &errs)
		}
	})
	s.failed = len(errs)
	if writeErr == nil && s.finish != nil {
		names := make([]string, len(files))
		for i, path := range files {
			names[i] = path
			if path == stdinPath {
				names[i] = s.stdinName()
			}
		}
		writeErr = s.finish(names, w)
	}
	if writeErr == nil {
		writeErr = w.Close(errs)
	}
	if writeErr != nil {
		printError(stderr, fmt.Errorf("writing output: %w", writeErr))
		return exitError
	}
	if len(errs) > 0 {
		return exitError
	}
	return exitOK
}

// fileError reports on stderr what went wrong with a file (or what it has
// to note), and keeps, in errs, the failures: a file skipped as binary or
// UTF-16 is only noted when a directory was walked; named on the command
// line (as pre-commit names files), it could not be linted as asked.
func (s *selection) fileError(path string, asked bool, err error, stderr io.Writer, errs *[]*lint.FileError) {
	noteFile(stderr, path, err)
	if n := (*note)(nil); errors.As(err, &n) {
		return
	}
	if !fileio.IsSkip(err) || asked {
		*errs = append(*errs, &lint.FileError{Path: path, Err: err})
	}
	if fe := (*fixWriteError)(nil); errors.As(err, &fe) {
		s.unfixed++
	}
}

// splitJoined returns the errors joined in err (errors.Join), or err.
func splitJoined(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// listFiles prints the files that would be read, for --list-files.
func (s *selection) listFilesTo(paths []string, stdout, stderr io.Writer) int {
	files, errs := s.files(paths, stderr)
	out := bufio.NewWriter(stdout)
	for _, f := range files {
		if f == stdinPath {
			f = s.stdinName()
		}
		fmt.Fprintln(out, report.DisplayPath(f))
	}
	if code := flushed(out, stderr); code != exitOK {
		return code
	}
	if len(errs) > 0 {
		return exitError
	}
	return exitOK
}

// malformedXML returns the note on the document src, of format f, when it
// is XML whose markup breaks (the walker read the rest as running text),
// else nil. It is a note on stderr, not an error: the file was linted, and
// the output and the exit status are what they would be without it.
func malformedXML(f extract.Format, src []byte) error {
	if f != extract.FormatXML {
		return nil
	}
	off, reason, ok := extract.XMLSyntaxError(src)
	if !ok {
		return nil
	}
	p := extract.NewLocator(src).Pos(off)
	return &note{fmt.Sprintf("malformed XML at line %d, column %d (%s): the rest is read as running text", p.Line, p.Column, reason)}
}

// noteFile names a file that could not be read, or was skipped, on stderr.
func noteFile(stderr io.Writer, path string, err error) {
	var ce *config.Error
	if errors.As(err, &ce) {
		printConfigError(stderr, err) // it names the file, line and key
		return
	}
	fmt.Fprintf(stderr, "urilint: %s: %s\n", report.DisplayPath(path), report.Printable(err.Error()))
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
