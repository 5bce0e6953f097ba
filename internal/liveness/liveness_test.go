package liveness

import (
	"testing"
	"time"
)

// fakeT is a testing.TB with a deadline of its choosing.
type fakeT struct {
	testing.TB
	deadline time.Time
	ok       bool
}

func (f fakeT) Deadline() (time.Time, bool) { return f.deadline, f.ok }

func TestRemaining(t *testing.T) {
	for _, tt := range []struct {
		name     string
		left     time.Duration
		ok       bool
		min, max time.Duration
	}{
		{"no deadline", 0, false, 0, 0},
		{"ten minutes", 10 * time.Minute, true, 10*time.Minute - margin - time.Second, 10*time.Minute - margin},
		{"one minute: a tenth kept", time.Minute, true, 53 * time.Second, 54 * time.Second},
		{"past", -time.Minute, true, time.Second, time.Second},
	} {
		f := fakeT{TB: t, ok: tt.ok}
		if tt.ok {
			f.deadline = time.Now().Add(tt.left)
		}
		if got := Remaining(f); got < tt.min || got > tt.max {
			t.Errorf("%s: Remaining %v, want %v to %v", tt.name, got, tt.min, tt.max)
		}
	}
	if Seconds(fakeT{TB: t}) != 0 || After(fakeT{TB: t}) != nil {
		t.Error("no deadline: want Seconds 0 and a nil channel")
	}
	if got := Seconds(fakeT{TB: t, deadline: time.Now().Add(-time.Hour), ok: true}); got != 1 {
		t.Errorf("a deadline past: Seconds %d, want 1", got)
	}
	var b testing.TB = &testing.B{}
	if Remaining(b) != 0 {
		t.Error("a benchmark has no deadline to wait for")
	}
}
