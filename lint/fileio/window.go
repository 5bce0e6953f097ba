package fileio

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/internal/osfile"
)

// Sizes for reading large plain-text files in windows (see TextWindows).
const (
	// LargeText is the size from which check and extract read a plain-text
	// file in windows rather than whole.
	LargeText = 16 << 20
	// WindowSize is about how much of such a file is held at once.
	WindowSize = 1 << 20
)

// A Window is a stretch of a plain-text document that starts at the start
// of a line: Src, whose first byte is at Base in the document.
type Window struct {
	Src  []byte
	Base extract.Pos
}

// TextWindows reads a large plain-text file a window at a time, so that
// checking a directory of 100 MB files holds a few megabytes of each, not
// the whole.
//
// A window ends after a blank line (a line of spaces, tabs and "\r" only,
// or an empty one). No candidate in running text spans a blank line: a
// bare URI ends at whitespace, and one in angle brackets may wrap across
// lines but not across a blank one. Nor does the scanner look across one
// to decide about a candidate. A window without a blank line ends at the
// last line break where the scanner looks across none either (see
// extract.LastLineCut: no angle bracket open, no URI cut at the line's
// end, and none within 31 lines of one, whose paragraph's width the
// scanner measures): text that never has a blank line (a log, a list of URIs, endless
// standard input) is read in windows too. Neither cut is made inside a
// fenced code block, whose code the text walker leaves out, nor after a
// fence that may still open one (extract.FenceSafeCut): a block spans 64
// KiB at most, so a window grows by that much at most for one. So scanning the windows one by
// one finds exactly what scanning the whole text finds, at the same
// positions once shifted by Base (TestTextWindows and FuzzTextWindows hold
// it to that). A window grows past its size only until it holds such a
// cut: a single line is read whole in the end.
type TextWindows struct {
	r      io.Reader
	f      *os.File // the file read, closed once read; nil for a stream
	window int
	// stream says that r could not be read through first (standard
	// input): each window is checked, as it comes, for what must not come
	// in pieces.
	stream bool
}

// ErrReadWhole is returned by OpenTextWindows for a file that must be read
// whole: one that holds "urilint-", since a suppression directive reaches
// across the text.
var ErrReadWhole = errors.New("read the whole file")

// OpenTextWindows opens the plain-text file at path to be read in windows
// of about window bytes when it is at least large bytes long; else it
// returns nil and no error, and the file is to be read whole. Before any
// window, the file is read through once and judged as CheckText judges a
// whole file: ErrUTF16, ErrBinary (a NUL byte), or ErrReadWhole.
func OpenTextWindows(path string, large, window int) (*TextWindows, error) {
	// A stat first: most files are small, and are then opened once, by
	// whoever reads them whole (which reports what is wrong with them).
	if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() || info.Size() < int64(large) {
		return nil, nil
	}
	f, _, err := osfile.OpenRegular(path) // not os.Open: the file may have become a named pipe since
	if err != nil {
		return nil, osfile.CleanError(err)
	}
	if err := precheck(f, window); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		f.Close()
		return nil, osfile.CleanError(err)
	}
	return &TextWindows{r: f, f: f, window: window}, nil
}

// precheck reads f through, looking for what CheckText looks for, for a
// directive, and for the note of RFC 8792 line folding (a URI folded in a
// later window is rejoined only if the scanner sees the note).
func precheck(f io.Reader, block int) error {
	const keep = len(extract.FoldingNote) - 1 // carried over, so that a directive or the note cut in two is found
	buf := make([]byte, keep+block)
	n, off, carried := 0, 0, 0 // bytes in buf; offset of buf[carried] in the file
	for {
		m, err := io.ReadFull(f, buf[carried:])
		n = carried + m
		if err := checkText(buf[carried:n], off); err != nil {
			return err
		}
		if !lint.CheckableInPieces(buf[:n]) {
			return ErrReadWhole
		}
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			return nil
		case err != nil:
			return osfile.CleanError(err)
		}
		off += m
		carried = copy(buf, buf[n-keep:n])
	}
}

// Close closes the file, for a caller that does not call Each.
func (t *TextWindows) Close() error {
	if t.f == nil {
		return nil
	}
	return t.f.Close()
}

// Each calls fn with each window of the file, in order, and closes the
// file. The window's bytes are valid only during the call.
// A window that CheckText would refuse (a NUL byte) means the file changed
// since it was checked: Each stops there with that error. A window of a
// stream that holds a directive or the folding note stops it with
// ErrLateDirective.
func (t *TextWindows) Each(fn func(Window)) error {
	defer t.Close()
	return eachWindow(t.r, t.window, func(w Window) error {
		if err := checkText(w.Src, w.Base.Offset); err != nil {
			if t.stream {
				return err
			}
			return fmt.Errorf("%w, written while the file was read", err)
		}
		if t.stream && !lint.CheckableInPieces(w.Src) {
			return ErrLateDirective
		}
		fn(w)
		return nil
	})
}

// Reading a stream (standard input), which may never end.
var (
	// ErrTooLarge is a stream that must be read whole and goes past the
	// most ReadStream reads whole.
	ErrTooLarge = errors.New("too large to be read whole")
	// ErrLateDirective is a stream read in windows that holds, past its
	// start, a suppression comment or the note of RFC 8792 line folding:
	// either reaches back over text already checked and reported.
	ErrLateDirective = errors.New("a suppression comment (urilint-) or an RFC 8792 folding note comes after the text read first, which it would apply to but is already checked: give the text as a file")
)

// ReadStream reads a document from the stream r (standard input), which
// may be endless ("urilint check - < /dev/zero", "yes URI | urilint check
// -"), without holding it whole where it need not be:
//
//   - its first bytes (up to 8,000) are judged as CheckText judges a file,
//     before anything more is read: a NUL byte there, and it is skipped
//     (ErrBinary);
//   - read up to large bytes, a stream that ends there is returned whole
//     (src);
//   - a longer one that is plain text (text) and can be checked in pieces
//     so far (no directive, no folding note) is read on in windows of about
//     window bytes (TextWindows; src nil), and holds at most large bytes
//     and a window at a time. A window past the first large bytes that
//     holds a directive or the folding note stops it (ErrLateDirective).
//   - any other is read whole, up to maxWhole bytes: past that,
//     ErrTooLarge, and nothing of it is checked.
func ReadStream(r io.Reader, text bool, large, window, maxWhole int) ([]byte, *TextWindows, error) {
	src := make([]byte, min(binarySniff, large))
	n, err := io.ReadFull(r, src)
	src = src[:n]
	if err := checkText(src, 0); err != nil {
		return nil, nil, err
	}
	if err == nil && len(src) < large {
		src, err = readAppend(src, io.LimitReader(r, int64(large-len(src))))
	}
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || err == nil && len(src) < large:
		return src, nil, nil
	case err != nil:
		return nil, nil, osfile.CleanError(err)
	}
	if text && lint.CheckableInPieces(src) {
		return nil, &TextWindows{r: io.MultiReader(bytes.NewReader(src), r), window: window, stream: true}, nil
	}
	src, err = readAppend(src, io.LimitReader(r, int64(maxWhole-len(src)+1)))
	switch {
	case err != nil:
		return nil, nil, osfile.CleanError(err)
	case len(src) > maxWhole:
		return nil, nil, fmt.Errorf("%w: more than %d MiB", ErrTooLarge, maxWhole>>20)
	}
	return src, nil, nil
}

// readAppend appends what r holds, to its end, to b: nil when r ends
// (io.EOF is not an error), and what would have stopped a read.
func readAppend(b []byte, r io.Reader) ([]byte, error) {
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)] // grow
		}
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
	}
}

// eachWindow reads the plain text r to its end in windows of about window
// bytes, cut after blank lines (or safe line breaks), and calls fn with
// each, in order (see
// TextWindows; r is not checked for NUL bytes or directives). A window without a blank line doubles
// until it has one; once cut, what is left goes back into a buffer of the
// window's size when it fits, so that a long stretch without a blank line
// near the start does not make every later window as large.
func eachWindow(r io.Reader, window int, fn func(Window) error) error {
	buf := make([]byte, window)
	n := 0 // bytes in buf
	base := extract.Pos{Line: 1, Column: 1}
	for {
		if n == len(buf) { // no blank line in it: grow
			buf = append(buf, make([]byte, len(buf))...)
		}
		m, err := io.ReadFull(r, buf[n:])
		n += m
		eof := err == io.EOF || err == io.ErrUnexpectedEOF
		if err != nil && !eof {
			return osfile.CleanError(err)
		}
		cut := n
		if !eof {
			cut = extract.FenceSafeCut(buf[:n], lastCut, extract.LastLineCut)
			if cut < 0 {
				continue
			}
		}
		if eof {
			if n > 0 {
				return fn(Window{Src: buf[:n], Base: base})
			}
			return nil
		}
		if err := fn(Window{Src: buf[:cut], Base: base}); err != nil {
			return err
		}
		base.Offset += cut
		base.Line += bytes.Count(buf[:cut], []byte{'\n'})
		if len(buf) > window && n-cut < window {
			buf = append(make([]byte, 0, window), buf[cut:n]...)[:window]
			n -= cut
			continue
		}
		n = copy(buf, buf[cut:n])
	}
}

// lastCut returns the last place b may be cut: after a blank line, with
// something after it that is not a byte order mark (which the Locator
// counts only at the start of a document) and starts its line (no space
// or tab first: the scanner looks back across blank lines from an indented
// line, for the "::" before a literal block of reStructuredText, up to the
// line its indented block starts after); -1 when there is none.
func lastCut(b []byte) int {
	q := bytes.LastIndexByte(b, '\n')
	for q > 0 {
		p := bytes.LastIndexByte(b[:q], '\n')
		if p < 0 {
			return -1
		}
		if blankLine(b[p+1:q]) && q+1+len(utf8BOM) <= len(b) && !bytes.HasPrefix(b[q+1:], utf8BOM) &&
			b[q+1] != ' ' && b[q+1] != '\t' {
			return q + 1
		}
		q = p
	}
	return -1
}

var utf8BOM = []byte("\xef\xbb\xbf")

// blankLine reports whether a line holds only spaces, tabs and "\r".
func blankLine(line []byte) bool {
	for _, c := range line {
		if c != ' ' && c != '\t' && c != '\r' {
			return false
		}
	}
	return true
}
