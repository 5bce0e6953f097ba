package driver

import "io"

// What the external tests (package driver_test) use of the package's
// internals.

// EachWindow reads the plain text r to its end in windows of about window
// bytes, cut after blank lines, and calls fn with each, in order (see
// eachWindow).
func EachWindow(r io.Reader, window int, fn func(Window)) error {
	return eachWindow(r, window, func(w Window) error { fn(w); return nil })
}
