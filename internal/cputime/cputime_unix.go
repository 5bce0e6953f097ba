//go:build unix && !linux

package cputime

import (
	"syscall"
	"time"
)

func now() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return time.Duration(time.Now().UnixNano())
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processNow is now: RUSAGE_SELF already counts every thread.
func processNow() time.Duration { return now() }
