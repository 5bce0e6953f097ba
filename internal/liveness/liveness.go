// Package liveness bounds the waits of tests that could hang (a server
// that never answers, a read blocked on a named pipe, a child process that
// never ends) by the deadline of the test run itself (go test -timeout, 10
// minutes by default), never by a time budget of their own. On a loaded
// machine a wait takes as long as it takes, and only a hang fails, with
// the test's own message rather than the panic of the run's timeout.
package liveness

import (
	"testing"
	"time"
)

// margin is how long before the run's deadline a wait gives up: time for
// the failing test to report and the run to end on its own.
const margin = 20 * time.Second

// deadliner is a *testing.T: the testing.TB that knows the run's deadline.
type deadliner interface {
	Deadline() (time.Time, bool)
}

// Remaining is how long a wait may last: until shortly before the run's
// deadline (at least a second). It is 0 when the run has no deadline
// (go test -timeout 0) or tb is not a test: wait for ever.
func Remaining(tb testing.TB) time.Duration {
	d, ok := tb.(deadliner)
	if !ok {
		return 0
	}
	deadline, ok := d.Deadline()
	if !ok {
		return 0
	}
	left := time.Until(deadline)
	return max(left-min(margin, left/10), time.Second)
}

// After returns a channel that receives once Remaining has passed: the
// timeout case of a select that waits for something that may never come.
// It is nil, and never receives, when the run has no deadline.
func After(tb testing.TB) <-chan time.Time {
	d := Remaining(tb)
	if d == 0 {
		return nil
	}
	return time.After(d)
}

// Seconds is Remaining in whole seconds, for the timeout(1) of a script;
// 0, which timeout(1) takes for no limit, when there is none.
func Seconds(tb testing.TB) int {
	d := Remaining(tb)
	if d == 0 {
		return 0
	}
	return max(int(d/time.Second), 1)
}
