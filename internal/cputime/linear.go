package cputime

import (
	"testing"
	"time"
)

// Linear fails t unless run on the large input (ten times the small one)
// takes at most limit times the CPU time it takes on the small one (25
// when limit is 0): linear time, with room for caches and the collector
// (a 64 KiB input that stays in the caches against a 640 KiB one that
// does not measured 15 to 18 times on a loaded machine, for walkers that
// are linear), and far from the 100 times of a quadratic one.
// Each size is timed as the best of up to five runs (a run that takes less
// than 20 ms is timed over as many runs in a row as take that long) (one when a run takes
// a second or more: long runs are steady), and a shape gets three attempts,
// since a busy machine slows runs at random. A large run under floor
// passes whatever the ratio (10 ms when floor is 0): too short to tell.
// small and large are the inputs' sizes, for the message.
func Linear(t testing.TB, small, large int, run func(large bool), limit float64, floor time.Duration) {
	t.Helper()
	if limit == 0 {
		limit = 25
	}
	if floor == 0 {
		floor = 10 * time.Millisecond
	}
	// once times one run as the mean of as many runs in a row as take
	// minRun: a run of a millisecond or two is within the noise of a busy
	// machine (a page fault, a tick of accounting), which once made a 64
	// KiB input look 22 times faster than one of 640 KiB.
	once := func(large bool) time.Duration {
		for reps := 1; ; reps *= 2 {
			d := Of(func() {
				for range reps {
					run(large)
				}
			})
			if d >= minRun || reps >= 1<<10 {
				return d / time.Duration(reps)
			}
		}
	}
	best := func(large bool) time.Duration {
		d := time.Duration(1 << 62)
		for i := 0; i < 5 && (i == 0 || d < time.Second); i++ {
			d = min(d, once(large))
		}
		return d
	}
	for attempt := 1; ; attempt++ {
		ts, tl := best(false), best(true)
		ratio := float64(tl) / float64(max(ts, time.Microsecond))
		if ratio <= limit || tl < floor {
			return
		}
		if attempt == 3 {
			t.Errorf("%d bytes took %v, %d bytes %v: %.0fx for 10x the input (limit %.0fx)", small, ts, large, tl, ratio, limit)
			return
		}
	}
}

// minRun is the least CPU time a measurement of Linear takes.
const minRun = 20 * time.Millisecond
