package main

import (
	"errors"
	"os"
	"os/signal"
	"syscall"

	"github.com/urilint/urilint/lint/fileio"
)

// removeTemporariesOnSignal makes SIGINT, SIGTERM and SIGHUP remove the
// temporary files of the writes under way (--fix, --output), which would
// otherwise be left behind as .NAME.urilint-NNN, before the process ends as
// the signal would have ended it (status 128+N to a shell). SIGHUP is left
// alone when the process started with it ignored (nohup). SIGPIPE, a
// write to a pipe whose reader is gone (urilint check ... | head), ends the
// run the same way, quietly (see brokenPipe). stop undoes it.
func removeTemporariesOnSignal() (stop func()) {
	ch := make(chan os.Signal, 1)
	sigs := []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGPIPE}
	if !signal.Ignored(syscall.SIGHUP) {
		sigs = append(sigs, syscall.SIGHUP)
	}
	signal.Notify(ch, sigs...)
	quit := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			dieOf(sig)
		case <-quit:
		}
	}()
	return func() {
		signal.Stop(ch)
		close(quit)
	}
}

// dieOf removes the temporary files of the writes under way and ends the
// process as the signal sig would have ended it.
func dieOf(sig os.Signal) {
	fileio.RemoveTemporaries() // not unlocked: no write goes on
	// Die of the signal, as without a handler; where that cannot be
	// (SIGINT ignored by the parent, as a shell does for a background
	// job; SIGPIPE, which Go does not die of when raised; Windows), exit
	// with its conventional status.
	signal.Reset(sig)
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		_ = p.Signal(sig)
	}
	n := 2
	if s, ok := sig.(syscall.Signal); ok {
		n = int(s)
	}
	os.Exit(128 + n)
}

// brokenPipe ends the process, as SIGPIPE would (status 141, nothing on
// stderr), when err says that standard output is a pipe whose reader is
// gone (urilint check ... | head): there is no one left to write to. The
// temporary files of the writes under way are removed first, so no
// output file is replaced, and each file being fixed is left whole, fixed
// or as it was. Other errors are left to the caller.
func brokenPipe(err error) {
	if errors.Is(err, syscall.EPIPE) {
		dieOf(syscall.SIGPIPE)
	}
}
