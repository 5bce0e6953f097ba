// Package cputime measures the CPU time a piece of code takes in this
// process, for the tests that compare the time of an input with that of one
// ten times larger: unlike wall-clock time, it does not count the time the
// process waited while others (the other packages' tests, which go test
// runs at the same time) used the cores.
package cputime

import (
	"runtime"
	"runtime/debug"
	"time"
)

// Of returns the CPU time (user and system: of the thread that runs f, on
// Linux; elsewhere of every thread of the process) that f takes. The garbage collector is off while f runs (after a
// collection before it): when collections fall, and how much work the
// heap left by earlier tests gives them, is noise for a comparison of two
// sizes, which once made a linear function look superlinear on a busy
// machine.
func Of(f func()) time.Duration {
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	runtime.LockOSThread() // where the thread's own CPU time is read
	defer runtime.UnlockOSThread()
	start := now()
	f()
	return now() - start
}

// Process returns the CPU time (user and system) the whole process has
// used so far, every thread counted: the garbage collector's background
// work too, which a change that allocates less saves. For benchmarks
// that compare two workloads run in turn on a busy machine, where wall
// time counts the waits for the cores; elsewhere than Unix, the wall
// clock.
func Process() time.Duration { return processNow() }
