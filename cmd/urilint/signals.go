package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/urilint/urilint/lint/driver"
)

// removeTemporariesOnSignal makes SIGINT and SIGTERM remove the temporary
// files of the writes under way (--fix, --output), which would otherwise be
// left behind as .NAME.urilint-NNN, before the process ends as the signal
// would have ended it (status 128+N to a shell). stop undoes it.
func removeTemporariesOnSignal() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	quit := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			driver.RemoveTemporaries() // not unlocked: no write goes on
			// Die of the signal, as without a handler; where that cannot
			// be (SIGINT ignored by the parent, as a shell does for a
			// background job; Windows), exit with its conventional status.
			signal.Reset(sig)
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				_ = p.Signal(sig)
			}
			n := 2
			if s, ok := sig.(syscall.Signal); ok {
				n = int(s)
			}
			os.Exit(128 + n)
		case <-quit:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(quit)
	}
}
