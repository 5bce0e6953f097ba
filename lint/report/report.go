package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/fileio"
)

// CandidateFormats are the output formats of urilint extract, and
// DiagnosticFormats those of urilint check; each is written by the code in
// <name>.go.
var (
	CandidateFormats  = []string{"text", "json", "jsonl"}
	DiagnosticFormats = []string{"text", "json", "jsonl", "sarif", "github"}
)

// Writer writes the output of urilint extract (candidates) or urilint check
// (diagnostics) in one of the formats. The Append methods format one item
// and may run concurrently for different files; Write and Close are called
// in file order, from one goroutine.
//
// In the json and sarif formats, items are the elements of one JSON array:
// the Append methods append each after its separator, a comma, and Write
// drops the comma of the first item it writes, before which it writes
// what opens the array. Write must therefore be given whole items, as the
// Append methods made them.
type Writer struct {
	w      *bufio.Writer // over the writer given, flushed by Close
	format string
	key    string // the JSON list: "candidates" or "diagnostics"
	opts   WriterOptions
	items  int // chunks written so far
}

// WriterOptions are what some formats need besides the items.
type WriterOptions struct {
	// Color writes the text format with ANSI colours, for a terminal.
	Color bool
	// Rules are the rules the run knows, listed by the sarif format.
	Rules []*lint.Rule
	// Version is urilint's version, for the sarif format.
	Version string
}

// bufferSize is the size of a Writer's buffer.
const bufferSize = 64 << 10

// NewCandidateWriter returns a writer of candidates (urilint extract) to w,
// buffered: Close flushes it.
func NewCandidateWriter(format string, w io.Writer) (*Writer, error) {
	if !slices.Contains(CandidateFormats, format) {
		return nil, fmt.Errorf("unknown format %q (want %s)", format, strings.Join(CandidateFormats, ", "))
	}
	return &Writer{w: bufio.NewWriterSize(w, bufferSize), format: format, key: "candidates"}, nil
}

// NewDiagnosticWriter returns a writer of diagnostics (urilint check) to
// w, buffered: Close flushes it.
func NewDiagnosticWriter(format string, w io.Writer, opts WriterOptions) (*Writer, error) {
	if !slices.Contains(DiagnosticFormats, format) {
		return nil, fmt.Errorf("unknown format %q (want %s)", format, strings.Join(DiagnosticFormats, ", "))
	}
	return &Writer{w: bufio.NewWriterSize(w, bufferSize), format: format, key: "diagnostics", opts: opts}, nil
}

// AppendCandidate appends one candidate found in the file path, whose
// positions loc gives (a Locator of the file, or of the window of it the
// candidate is in).
func (w *Writer) AppendCandidate(dst []byte, path string, c *extract.Candidate, loc *extract.Locator) []byte {
	switch w.format {
	case "json":
		return appendJSONItem(dst, newJSONCandidate(path, c, loc))
	case "jsonl":
		return appendJSONLine(dst, newJSONCandidate(path, c, loc))
	}
	return appendTextCandidate(dst, path, c, loc)
}

// Positions gives the positions of a document's offsets: an
// *extract.Locator of the document (or of the window of it the diagnostic
// is in), or a *lint.Placed, which carries its own.
type Positions interface {
	Pos(off int) extract.Pos
}

// AppendDiagnostic appends one diagnostic, whose positions loc gives (see
// Positions) and occurrence is how many diagnostics of its file with the
// same rule and URI came before it (see Occurrences), for the sarif
// format's fingerprints.
func (w *Writer) AppendDiagnostic(dst []byte, d *lint.Diagnostic, loc Positions, occurrence int) []byte {
	switch w.format {
	case "json":
		return appendJSONItem(dst, newJSONDiagnostic(d, loc))
	case "jsonl":
		return appendJSONLine(dst, newJSONDiagnostic(d, loc))
	case "sarif":
		return appendSARIFResult(dst, d, loc, w.opts.Rules, occurrence)
	case "github":
		return appendGitHubDiagnostic(dst, d, loc, filepath.Separator)
	}
	return appendTextDiagnostic(dst, d, loc, w.opts.Color)
}

// Occurrences numbers the diagnostics of one file by rule and URI, in the
// order they are found (document order): the first diagnostic of a rule in
// a URI is occurrence 0, the next of the same rule in the same URI text
// (elsewhere in the file) 1, and so on. The zero value is ready to use;
// one Occurrences serves one file.
type Occurrences struct {
	n map[occurrenceKey]int
}

type occurrenceKey struct{ rule, uri string }

// Next returns the occurrence of d and counts it.
func (o *Occurrences) Next(d *lint.Diagnostic) int {
	if o.n == nil {
		o.n = map[occurrenceKey]int{}
	}
	k := occurrenceKey{d.Rule.Name, d.URI}
	i := o.n[k]
	o.n[k] = i + 1
	return i
}

// Write writes the output the Append methods produced for one file (or a
// part of it made of whole items), in file order; or, in the text format,
// any text (the diff of --diff).
func (w *Writer) Write(out []byte) error {
	if len(out) == 0 {
		return nil
	}
	if (w.format == "json" || w.format == "sarif") && w.items == 0 {
		out = out[1:] // the separator of the first item
		if _, err := w.w.Write(w.header()); err != nil {
			return err
		}
	}
	w.items++
	_, err := w.w.Write(out)
	return err
}

// Close writes what follows the last file, and flushes the buffer; errs
// are the files that could not be read (the json format lists them).
func (w *Writer) Close(errs []*fileio.FileError) error {
	if err := w.close(errs); err != nil {
		return err
	}
	return w.w.Flush()
}

func (w *Writer) close(errs []*fileio.FileError) error {
	if w.format != "json" && w.format != "sarif" {
		return nil
	}
	var b []byte
	if w.items == 0 {
		b = w.header()
	} else {
		b = append(b, '\n')
	}
	if w.format == "sarif" {
		_, err := w.w.Write(appendSARIFEnd(b, errs))
		return err
	}
	b = append(b, `],"errors":[`...)
	for i, e := range errs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSON(b, jsonError{File: e.Path, Message: e.Err.Error()})
	}
	b = append(b, "]}\n"...)
	_, err := w.w.Write(b)
	return err
}

// jsonVersion is the version of the json and jsonl formats, which each
// document and each line carries: it changes when a field changes meaning
// or goes away (fields may be added).
const jsonVersion = 1

// header is what comes before the first item of the json and sarif
// formats.
func (w *Writer) header() []byte {
	if w.format == "sarif" {
		return appendSARIFStart(nil, w.opts)
	}
	return fmt.Appendf(nil, `{"version":%d,%q:[`, jsonVersion, w.key)
}

// appendJSON appends the JSON encoding of v, without a newline and without
// escaping "<", ">" and "&" (URIs are full of them). Strings are UTF-8: an
// invalid byte in a file name or URI is written as U+FFFD, while offsets
// still count the bytes of the file. JSON lines reach terminals and CI logs
// too: every character that is not printable (see Printable) is escaped,
// and so is the "[" of "##[" (\u005b).
func appendJSON(dst []byte, v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err) // the values written here always encode
	}
	return appendPrintableJSON(dst, bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// AppendJSON is appendJSON, for the other JSON that urilint writes
// (validate --format json).
func AppendJSON(dst []byte, v any) []byte { return appendJSON(dst, v) }

// appendPrintableJSON appends the JSON text b, valid UTF-8 as
// encoding/json writes it (which escapes the ASCII controls), with DEL,
// every other character that is not printable, and the "[" of "##["
// escaped. Outside its strings JSON holds only printable ASCII and no "#",
// so what is escaped is always inside a string.
func appendPrintableJSON(dst, b []byte) []byte {
	start := 0 // of what is not yet appended
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			switch {
			case c == 0x7f:
				dst = append(append(dst, b[start:i]...), `\u007f`...)
				start = i + 1
			case c == '[' && i >= 2 && b[i-1] == '#' && b[i-2] == '#':
				dst = append(append(dst, b[start:i]...), `\u005b`...)
				start = i + 1
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if !strconv.IsPrint(r) {
			dst = append(dst, b[start:i]...)
			if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
				dst = appendJSONEscape(appendJSONEscape(dst, r1), r2)
			} else {
				dst = appendJSONEscape(dst, r)
			}
			start = i + size
		}
		i += size
	}
	return append(dst, b[start:]...)
}

// appendJSONEscape appends the JSON escape \uXXXX of the UTF-16 unit r.
func appendJSONEscape(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', hexDigits[r>>12&15], hexDigits[r>>8&15], hexDigits[r>>4&15], hexDigits[r&15])
}

// Printable is the one function every byte of input passes through on
// its way to a terminal or a CI log as text: file paths, URIs, messages
// quoting them, configuration keys and values, the paths in errors. It
// returns s as it is, or Go-quoted (see Quote) when s holds
//
//   - invalid UTF-8, or a character that is not printable: C0 and C1
//     controls (ESC, BEL, CR, LF, ...), DEL, format characters such as
//     bidirectional overrides and isolates or a byte order mark, the line
//     and paragraph separators U+2028 and U+2029, and every space but
//     U+0020. A terminal would act on them, or show text other than it is;
//   - "##[", which the GitHub Actions runner reads as a workflow command
//     anywhere in a line of a job's log (the old "##[command]" syntax),
//     standard output and standard error alike;
//   - a ":" first (after spaces): the start of "::command::", the workflow
//     command syntax read at the start of a line, when s starts one (a
//     file name in the text format).
//
// Quoted, s starts with '"', holds only printable ASCII and printable
// non-ASCII characters, and never "##[". strconv.Unquote gives s back.
func Printable(s string) string {
	if needsQuote(s) {
		return Quote(s)
	}
	return s
}

// needsQuote reports whether Printable quotes s. It reads s once, and
// skips printable ASCII but "#" (the bytes of most paths and URIs) eight
// bytes at a time, then a table look-up at a time: only a "#", a control,
// DEL, or a byte of a character outside ASCII needs a closer look.
// TestNeedsQuoteFastPath and FuzzNeedsQuote hold it to the byte-by-byte
// reading it replaced.
func needsQuote(s string) bool {
	i := 0
	for i < len(s) && s[i] == ' ' {
		i++
	}
	if i < len(s) && s[i] == ':' {
		return true
	}
	for {
		// Eight bytes at a time while all are plain: a control underflows
		// w-0x20, DEL and "#" x-1 once xored with it, and a byte of 0x80
		// and more has its high bit already. (A borrow sets a high bit
		// only above a byte that is not plain itself.)
		for i+8 <= len(s) {
			w := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
				uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
			controls := w - 0x2020202020202020
			dels := (w ^ 0x7f7f7f7f7f7f7f7f) - 0x0101010101010101
			hashes := (w ^ 0x2323232323232323) - 0x0101010101010101
			if (controls|dels|hashes|w)&0x8080808080808080 != 0 {
				break
			}
			i += 8
		}
		for i < len(s) && plainASCII[s[i]] {
			i++
		}
		if i == len(s) {
			return false
		}
		switch c := s[i]; {
		case c == '#':
			if strings.HasPrefix(s[i:], "##[") {
				return true
			}
			i++
		case c < utf8.RuneSelf: // a control or DEL
			return true
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || !strconv.IsPrint(r) {
				return true
			}
			i += size
		}
	}
}

// plainASCII marks the bytes that need nothing of Printable wherever they
// are (but a ":" first): printable ASCII, U+0020 to U+007E, but "#".
var plainASCII = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '#'
	}
	return t
}()

// Quote returns s Go-quoted (strconv.Quote: every character that is not
// printable escaped), with the "#" before "#[" written \x23, so that the
// quoted text holds no "##[" (see Printable) and still unquotes to s.
func Quote(s string) string {
	q := strconv.Quote(s)
	if strings.Contains(q, "##[") {
		q = strings.ReplaceAll(q, "##[", `#\x23[`)
	}
	return q
}

// DisplayPath returns a file path for messages and text output: quoted
// when it holds characters a terminal would interpret (see Printable).
func DisplayPath(path string) string { return Printable(path) }
