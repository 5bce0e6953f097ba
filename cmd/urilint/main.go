// Command urilint finds every URI and URN in Markdown, HTML, XML,
// reStructuredText, AsciiDoc and plain-text documents and reports, at an exact position, what is wrong with it.
//
// See docs/usage.md for the commands and flags, docs/output.md for the
// output formats.
package main

import (
	"os"
	"runtime"
	"runtime/debug"

	"github.com/urilint/urilint/lint/runner"
)

func main() {
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, useCores: useCores, softLimit: tuneGC()}
	os.Exit(e.run(os.Args[1:]))
}

// tuneGC sets the garbage collector for urilint's work: a small live heap
// (the files being read) and a high rate of short-lived allocation (the
// Markdown parser's nodes). At Go's default GOGC=100 the heap goal stays at
// its 4 MB floor and the collector runs every few milliseconds, taking a
// second core from -j 1 and half the gain from -j 2. GOGC=400 halves the
// time of a run over the corpus and brings -j 2 to 1.6x to 2x -j 1, for a
// few tens of megabytes.
//
// The soft memory limit follows the work: runner.LimitFloor (256 MiB),
// plus the weight of the large documents the workers hold
// (runner.Input.SoftLimit, which tuneGC returns the function for), so that
// the heap stays within a constant times the input and the collector never
// runs without pause below what a large document needs. A fixed limit of
// 256 MiB did, once a document's live heap neared it: a 64 MB Markdown
// file read whole took 201 s (docs/evaluation.md has the figures of the
// policy). GOGC and GOMEMLIMIT in the environment win (with GOMEMLIMIT
// set, the limit is left as it says, and tuneGC returns nil).
func tuneGC() (softLimit func(int64)) {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") != "" {
		return nil
	}
	last := int64(runner.LimitFloor)
	debug.SetMemoryLimit(last)
	// The runner calls it under a lock, one call at a time.
	return func(n int64) {
		if n != last {
			debug.SetMemoryLimit(n)
			last = n
		}
	}
}

// useCores makes -j N mean N cores as well as N files at once: with fewer
// jobs than Go would use cores (GOMAXPROCS), it lowers GOMAXPROCS to jobs,
// so that the garbage collector and the directory walk share those cores
// too. "-j 1" then leaves the other cores to the rest of the machine (a
// pre-commit hook beside an editor), and a run's speed-up from -j 2 is
// measured against one core, not one core and a bit. GOMAXPROCS in the
// environment wins.
// The last -j given wins, as with every flag: each sets GOMAXPROCS afresh
// from the value the process started with.
func useCores(jobs int) {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(min(jobs, startProcs))
	}
}

// startProcs is GOMAXPROCS as the process started: the CPUs it may use.
var startProcs = runtime.GOMAXPROCS(0)
