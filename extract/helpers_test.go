package extract

import (
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// Helpers of the package's tests.

// Text returns the URI and URN candidates in the plain text doc, in
// document order.
func Text(doc []byte) []Candidate {
	var cands []Candidate
	ScanText(doc, 0, func(c *Candidate) { cands = append(cands, *c) })
	return cands
}

// PosInString returns the position of byte offset off in a string given on
// its own, such as a value to validate: unlike a document's, every
// character counts, a leading byte order mark included.
func PosInString(s string, off int) Pos {
	before := s[:off]
	line := 1 + strings.Count(before, "\n")
	lineStart := strings.LastIndexByte(before, '\n') + 1
	return Pos{Offset: off, Line: line, Column: 1 + utf8.RuneCountInString(before[lineStart:])}
}

// pick returns large when l is set, else small: the input of a
// cputime.Linear run.
func pick(l bool, small, large []byte) []byte {
	if l {
		return large
	}
	return small
}

// heldAtPeak runs run and returns the bytes of heap the process kept from
// the operating system for it, at its peak: with the collector run often
// (GOGC=25), about what run held at once. It fails t when that is more
// than ten times size.
func heldAtPeak(t *testing.T, name string, size int, run func()) {
	t.Helper()
	defer debug.SetGCPercent(debug.SetGCPercent(25))
	debug.FreeOSMemory()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	before := m.HeapSys - m.HeapReleased
	run()
	runtime.ReadMemStats(&m)
	grown := m.HeapSys - m.HeapReleased - before
	t.Logf("%s: %.1f times the document held at the peak", name, float64(grown)/float64(size))
	if grown > 10*uint64(size) {
		t.Errorf("%s: %d MB held for a document of %d MB", name, grown>>20, size>>20)
	}
}

// uriCase is a document and the URIs a walker finds in it, in order.
type uriCase struct {
	name, doc string
	want      []string
}

// checkURIs runs each case as a subtest of t: walk, named walker in the
// messages, must find the case's URIs in its document.
func checkURIs(t *testing.T, walker string, walk func([]byte, Options, func(*Candidate)), cases []uriCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := uris(walk, tc.doc); !slices.Equal(got, tc.want) {
				t.Errorf("%s(%.80q) found %q, want %q", walker, tc.doc, got, tc.want)
			}
		})
	}
}

// uris returns the URIs walk finds in doc, in order.
func uris(walk func([]byte, Options, func(*Candidate)), doc string) []string {
	var got []string
	walk([]byte(doc), Options{}, func(c *Candidate) { got = append(got, c.URI) })
	return got
}
