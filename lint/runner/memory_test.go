package runner

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/rules"
)

// TestHoldBoundsWeight: however many jobs, the large documents held at
// once weigh at most maxHeldWeight together (one may always be taken, and
// the file being written may hold one more), and
// two that fit are still held at once. Each file, once held, waits for a
// second holder for a while: without the bound all sixteen jobs would hold
// at once.
func TestHoldBoundsWeight(t *testing.T) {
	const w = 100 << 20 // two fit under maxHeldWeight, three do not
	var files []string
	for i := range 24 {
		files = append(files, fmt.Sprintf("f%02d", i))
	}
	var mu sync.Mutex
	var weight, most int64
	var holding, mostHolding, finished atomic.Int32
	inOrder(files, 16, nil, func(path string, out *sink) error {
		defer finished.Add(1)
		release := out.hold(w)
		defer release()
		mu.Lock()
		weight += w
		most = max(most, weight)
		mu.Unlock()
		n := holding.Add(1)
		for deadline := time.Now().Add(2 * time.Second); n < 2 && int(finished.Load()) < len(files)-1 && time.Now().Before(deadline); n = holding.Load() {
			time.Sleep(time.Millisecond)
		}
		if n > mostHolding.Load() {
			mostHolding.Store(n)
		}
		time.Sleep(5 * time.Millisecond)
		holding.Add(-1)
		mu.Lock()
		weight -= w
		mu.Unlock()
		return nil
	}, func(chunk) {}, func(string, error) {})
	// The file being written never waits (the others may be waiting for
	// it): the bound is maxHeldWeight and its document.
	if most > maxHeldWeight+w {
		t.Errorf("documents of %d MiB held at once, the bound is %d MiB", most>>20, (maxHeldWeight+w)>>20)
	}
	if mostHolding.Load() < 2 {
		t.Errorf("at most %d document held at once; two fit", mostHolding.Load())
	}
}

// TestHoldTakesOneOfAnySize: a document heavier than maxHeldWeight is
// still taken, alone but for the file being written's, and a run of them
// ends.
func TestHoldTakesOneOfAnySize(t *testing.T) {
	files := []string{"a", "b", "c", "d"}
	var held atomic.Int32
	var most atomic.Int32
	inOrder(files, 4, nil, func(path string, out *sink) error {
		defer out.hold(2 * maxHeldWeight)()
		n := held.Add(1)
		if n > most.Load() {
			most.Store(n)
		}
		time.Sleep(5 * time.Millisecond)
		held.Add(-1)
		return nil
	}, func(chunk) {}, func(string, error) {})
	if most.Load() > 2 {
		t.Errorf("%d documents heavier than the bound held at once, want one (and the one of the file being written)", most.Load())
	}
}

// TestSoftLimitFollowsWeight: the soft limit asked for is LimitFloor plus
// LimitPerWeight times the weight held, back to LimitFloor once the run
// is done; small documents do not move it.
func TestSoftLimitFollowsWeight(t *testing.T) {
	var limits []int64
	weights := map[string]int64{"small": countFrom - 1, "big": 40 << 20, "bigger": 90 << 20}
	inOrder([]string{"small", "big", "bigger"}, 1, func(n int64) { limits = append(limits, n) }, func(path string, out *sink) error {
		defer out.hold(weights[path])()
		return nil
	}, func(chunk) {}, func(string, error) {})
	want := []int64{
		LimitFloor + LimitPerWeight*(40<<20), LimitFloor,
		LimitFloor + LimitPerWeight*(90<<20), LimitFloor,
	}
	if fmt.Sprint(limits) != fmt.Sprint(want) {
		t.Errorf("limits asked for %v, want %v", limits, want)
	}
}

// TestRunAsksLimitOfDocuments: Check holds each document it reads whole
// at its weight (a large Markdown document checked in parts, at its own
// size plus one part's tree) and each window of a large text file at its
// largest, and gives the weight back.
func TestRunAsksLimitOfDocuments(t *testing.T) {
	dir := t.TempDir()
	md := strings.Repeat("See <https://example.com/a> and [b](https://example.com/b).\n\n", (PartsFrom+PartsFrom/2)/60)
	// Text of 20 MiB, read in windows: one line of 8 MiB among short ones,
	// which a window grows to hold.
	short := strings.Repeat("see https://example.com/some/path/ and urn:isbn:0451450523\n", (6<<20)/60)
	txt := short + "https://example.com/" + strings.Repeat("a", 8<<20) + "\n" + short
	if err := os.WriteFile(filepath.Join(dir, "big.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "big.txt"), []byte(txt), 0o644); err != nil {
		t.Fatal(err)
	}
	// Checked in parts, as many at once as the run has jobs (and Go
	// cores), each weighed as the largest part's tree.
	parts := (&checkRun{opts: &Options{Input: Input{Jobs: 2}}}).inParts(extract.FormatMarkdown, []byte(md))
	if parts == nil || len(parts.splits) < 4 || parts.largest < PartSize || parts.largest > 2*PartSize || parts.jobs != min(2, runtime.GOMAXPROCS(0)) {
		t.Fatalf("big.md in parts %+v: want 4 cuts or more, parts of %d to %d bytes, %d at once", parts, PartSize, 2*PartSize, min(2, runtime.GOMAXPROCS(0)))
	}
	for _, c := range []struct {
		file string
		want int64 // the weight held at most
	}{
		{"big.md", weight(extract.FormatMarkdown, len(md), parts)},
	} {
		var limits []int64
		checkFiles(t, []string{filepath.Join(dir, c.file)}, func(n int64) { limits = append(limits, n) })
		if len(limits) == 0 || limits[len(limits)-1] != LimitFloor {
			t.Fatalf("%s: limits asked for %v, want the floor last", c.file, limits)
		}
		most := int64(0)
		for _, n := range limits {
			most = max(most, n)
		}
		if most != LimitFloor+LimitPerWeight*c.want {
			t.Errorf("%s: highest limit %d MiB, want %d MiB", c.file, most>>20, (LimitFloor+LimitPerWeight*c.want)>>20)
		}
	}
	// The window that holds the long line weighs it: the limit rises to
	// that, not to what the whole file would weigh.
	var limits []int64
	checkFiles(t, []string{filepath.Join(dir, "big.txt")}, func(n int64) { limits = append(limits, n) })
	if len(limits) == 0 || limits[len(limits)-1] != LimitFloor {
		t.Fatalf("big.txt: limits asked for %v, want the floor last", limits)
	}
	most := int64(0)
	for _, n := range limits {
		most = max(most, n)
	}
	if low, high := int64(LimitFloor+LimitPerWeight*(8<<20)), LimitFloor+LimitPerWeight*int64(len(txt)); most < low || most >= high {
		t.Errorf("big.txt: highest limit %d MiB, want from %d MiB (the long line's window) to under %d MiB (the whole file)", most>>20, low>>20, high>>20)
	}
}

// checkFiles checks paths with every rule, its output dropped, with
// setLimit as Input.SoftLimit.
func checkFiles(t *testing.T, paths []string, setLimit func(int64)) {
	t.Helper()
	finder, err := config.NewFinder(nil, "", true)
	if err != nil {
		t.Fatal(err)
	}
	w, err := report.NewDiagnosticWriter("text", io.Discard, report.WriterOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Check(Options{
		Input:    Input{Paths: paths, Jobs: 2, SoftLimit: setLimit},
		Resolver: config.NewResolver(rules.All, finder, config.Settings{}),
		Outputs:  []*Output{{Writer: w}},
		Stderr:   io.Discard,
	}); err != nil {
		t.Fatal(err)
	}
}
