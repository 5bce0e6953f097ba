// Package cputime measures the CPU time a piece of code takes in this
// process, for the tests that compare the time of an input with that of one
// ten times larger: unlike wall-clock time, it does not count the time the
// process waited while others (the other packages' tests, which go test
// runs at the same time) used the cores.
package cputime

import "time"

// Of returns the CPU time (user and system, every thread of the process:
// the garbage collector's work included) that f takes.
func Of(f func()) time.Duration {
	start := now()
	f()
	return now() - start
}
