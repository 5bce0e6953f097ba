//go:build linux

package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

// now reads the CPU time of the calling thread (Of locks f to it): the
// process's other threads (another test's goroutines, the runtime's)
// are not counted.
func now() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processNow reads the CPU time of every thread of the process.
func processNow() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
