package fileio

import "io"

// What the external tests (package fileio_test) use of the package's
// internals.

// EachWindow reads the plain text r to its end in windows of about window
// bytes, cut after blank lines, and calls fn with each, in order (see
// eachWindow).
func EachWindow(r io.Reader, window int, fn func(Window)) error {
	return eachWindow(r, window, func(w Window) error { fn(w); return nil })
}

// SetAtomicHook makes WriteFileAtomic call hook at each point of its
// work, by name, until the test ends.
func SetAtomicHook(t interface{ Cleanup(func()) }, hook func(point string)) {
	old := atomicHook
	atomicHook = hook
	t.Cleanup(func() { atomicHook = old })
}

// ReplaceMethods returns the ways WriteFileAtomic may put a fixed file in
// place, best first (see replaceHeld).
func ReplaceMethods() []string { return []string{"exchange", "link", "rename"} }

// SetReplaceMethod makes WriteFileAtomic start from the method named, the
// better ones left out, until the test ends.
func SetReplaceMethod(t interface{ Cleanup(func()) }, method string) {
	old := firstMethod
	firstMethod = map[string]int{"exchange": byExchange, "link": byLink, "rename": byRename}[method]
	t.Cleanup(func() { firstMethod = old })
}
