package lint

import (
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestRunKeepsOrder(t *testing.T) {
	var files []string
	for i := range 200 {
		files = append(files, fmt.Sprintf("f%03d", i))
	}
	for _, jobs := range []int{0, 1, 2, 8, 64} {
		var got []string
		var running, peak atomic.Int32
		Run(files, jobs, func(path string) Result {
			n := running.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			if path[len(path)-1]%3 == 0 {
				time.Sleep(time.Millisecond) // finish out of order
			}
			running.Add(-1)
			return Result{Path: path}
		}, func(r Result) { got = append(got, r.Path) })
		if strings.Join(got, ",") != strings.Join(files, ",") {
			t.Errorf("jobs=%d: results out of order", jobs)
		}
		if limit := int32(max(jobs, 1)); peak.Load() > limit {
			t.Errorf("jobs=%d: %d ran at once", jobs, peak.Load())
		}
	}
}

func TestRunRecoversPanics(t *testing.T) {
	var got []Result
	Run([]string{"a", "boom", "c"}, 2, func(path string) Result {
		if path == "boom" {
			panic("kaput")
		}
		return Result{Path: path}
	}, func(r Result) { got = append(got, r) })
	if len(got) != 3 || got[0].Err != nil || got[2].Err != nil {
		t.Fatalf("results %+v", got)
	}
	if got[1].Path != "boom" || got[1].Err == nil || !strings.Contains(got[1].Err.Error(), "internal error") || !strings.Contains(got[1].Err.Error(), "kaput") {
		t.Errorf("panic result %+v", got[1])
	}
}
