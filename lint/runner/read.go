package runner

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint/fileio"
)

// processor is what a run does with each file: a *checkRun (Check) or an
// *extractRun (Extract).
type processor interface {
	// windowed reports whether a large document of a windowed format
	// (extract.Format.Windowed) is processed a window at a time, by
	// windows, rather than read whole.
	windowed() bool
	// format returns the format the file name is read in: its
	// configuration's, else its extension's.
	format(name string) extract.Format
	// inParts returns how the document src of format f, read whole, is
	// processed in parts, or nil when it is processed whole (see weight).
	inParts(f extract.Format, src []byte) *docParts
	// document processes a document read whole, in parts when parts is
	// not nil, and writes its output to out.
	document(name string, src []byte, parts *docParts, out *sink) error
	// windows processes a large document a window at a time, and writes
	// its output to out.
	windows(name string, f extract.Format, w *fileio.TextWindows, out *sink) error
	// finish writes, once every file is read, what follows their output;
	// names are the files, in the run's order.
	finish(names []string, out chunkSink)
}

// docParts is how a document read whole is processed in parts: cut at
// splits (extract.Format.Splits), jobs parts at once, the largest of
// largest bytes.
type docParts struct {
	splits  []int
	largest int
	jobs    int
}

// chunkSink takes a file's output, for each of the run's outputs by its
// index: a *sink of the pipeline, or, for what finish writes, a
// *directSink.
type chunkSink interface {
	// flush passes b on when it has grown to a chunk, and returns the
	// buffer to go on appending to.
	flush(output int, b []byte) []byte
	// close passes on what is left.
	close(output int, b []byte)
}

// run reads the files of a run on workers, has its processor process
// each, and writes their output in the order of the files: what Check and
// Extract share.
type run struct {
	in     *Input
	files  *Files
	outs   []*Output
	stderr io.Writer
	proc   processor

	stdinOnce sync.Once
	// buffers holds the buffers files are read into, for the next file:
	// reading each file into a new buffer left the garbage collector as
	// much to do as the files' size, and cost -j 2 more than it did -j 1.
	// Nothing a file's processing returns refers to its bytes (the
	// candidates' and diagnostics' strings are copies).
	buffers sync.Pool
	// errs are the paths that could not be read or processed, and
	// unfixed counts, among them, the files linted whose fixes could not
	// be written. Written by done, on the goroutine that writes.
	errs    []*fileio.FileError
	unfixed int
}

// maxPooledBuffer is the largest buffer kept for the next file: a rare
// large file's is left to the collector.
const maxPooledBuffer = 4 << 20

func newRun(in *Input, files *Files, outs []*Output, stderr io.Writer, proc processor) *run {
	r := &run{in: in, files: files, outs: outs, stderr: stderr, proc: proc}
	r.errs = append(r.errs, files.errs...)
	return r
}

// each processes the files, writes their output and then what the
// processor writes after them, and closes the outputs. It returns the
// errors of the outputs that could not be written, each named.
func (r *run) each() error {
	inOrder(r.files.list, r.in.Jobs, r.in.SoftLimit, r.read, r.write, r.done)
	r.proc.finish(r.files.Names(), &directSink{r})
	var errs []error
	for _, o := range r.outs {
		if o.err == nil {
			o.err = o.Writer.Close(r.errs)
		}
		switch {
		case o.err == nil:
		case o.Name != "":
			errs = append(errs, fmt.Errorf("%s: %w", o.Name, o.err))
		default:
			errs = append(errs, o.err)
		}
	}
	return errors.Join(errs...)
}

// read reads the file at path (stdinPath: standard input, read once), on
// a worker, and has it processed.
func (r *run) read(path string, out *sink) error {
	if path == stdinPath {
		return r.readStdin(out)
	}
	if f := r.proc.format(path); r.proc.windowed() && f.Windowed() {
		windows, err := fileio.OpenTextWindows(path, fileio.LargeText, fileio.WindowSize)
		switch {
		case windows != nil:
			return r.proc.windows(path, f, windows, out)
		case err != nil && !errors.Is(err, fileio.ErrReadWhole):
			return err
		}
	}
	buf, _ := r.buffers.Get().(*[]byte)
	if buf == nil {
		buf = new([]byte)
	}
	src, err := fileio.ReadFileInto(path, *buf)
	defer func() {
		if cap(src) > cap(*buf) && cap(src) <= maxPooledBuffer {
			*buf = src[:0]
		}
		r.buffers.Put(buf)
	}()
	if err != nil {
		return err
	}
	f := r.proc.format(path)
	parts := r.proc.inParts(f, src)
	defer out.hold(weight(f, len(src), parts))()
	return r.proc.document(path, src, parts, out)
}

// readStdin reads standard input, as the document it stands for: whole,
// or in windows, as a large file of its format would be.
func (r *run) readStdin(out *sink) error {
	name := r.files.stdinName
	var src []byte
	var err error
	streamed := false
	r.stdinOnce.Do(func() {
		sizes := r.in.StdinSizes.orDefault()
		f := r.proc.format(name)
		var windows *fileio.TextWindows
		src, windows, err = fileio.ReadStream(r.in.Stdin, r.proc.windowed() && f.Windowed(), sizes.Large, sizes.Window, sizes.MaxWhole)
		switch {
		case windows != nil:
			streamed, err = true, r.proc.windows(name, f, windows, out)
		case errors.Is(err, fileio.ErrTooLarge):
			err = fmt.Errorf("standard input %w: it is read whole for a Markdown, HTML or XML document, for --diff, and for text with a suppression comment or an RFC 8792 folding note in its first %d MiB; give it as a file", err, sizes.Large>>20)
		}
	})
	if streamed || err != nil {
		return err
	}
	f := r.proc.format(name)
	parts := r.proc.inParts(f, src)
	defer out.hold(weight(f, len(src), parts))()
	return r.proc.document(name, src, parts, out)
}

// write writes a chunk of a file's output to its output.
func (r *run) write(c chunk) { r.outs[c.output].write(c.data) }

// done names on stderr what went wrong with the file at path, once its
// output is written.
func (r *run) done(path string, err error) {
	if err == nil {
		return
	}
	asked := r.files.named[path]
	name := r.files.name(path)
	for _, err := range splitJoined(err) {
		r.fileError(name, asked, err)
	}
}

// fileError reports on stderr what went wrong with a file (or what it has
// to note), and keeps, in errs, the failures: a file skipped as binary or
// UTF-16 is only noted when a directory was walked; named (as pre-commit
// names files), it could not be linted as asked.
func (r *run) fileError(name string, asked bool, err error) {
	PrintFileError(r.stderr, name, err)
	if n := (*note)(nil); errors.As(err, &n) {
		return
	}
	if !fileio.IsSkip(err) || asked {
		r.errs = append(r.errs, &fileio.FileError{Path: name, Err: err})
	}
	if fe := (*fixWriteError)(nil); errors.As(err, &fe) {
		r.unfixed++
	}
}

// splitJoined returns the errors joined in err (errors.Join), or err.
func splitJoined(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// directSink writes what it is given straight to the run's outputs, when
// it is closed: what finish writes, after the files' output.
type directSink struct{ r *run }

func (s *directSink) flush(_ int, b []byte) []byte { return b }

func (s *directSink) close(output int, b []byte) {
	if len(b) > 0 {
		s.r.outs[output].write(b)
	}
}
