package lint

import (
	"github.com/urilint/urilint/extract"
)

// Extract returns the URI and URN candidates of a document, with
// positions. The file name is to choose the walker; every file is plain text
// until the Markdown and HTML walkers exist.
func Extract(_ string, src []byte) []extract.Candidate {
	return extract.Text(src)
}

// Result is what processing one file yields.
type Result struct {
	Path       string
	Candidates []extract.Candidate
	// Err is set when the file could not be processed, or was skipped
	// (IsSkip(Err)).
	Err error
}

// Run calls process on every file with at most jobs calls at a time, and
// emit with the results in the order of files, so that the output is the
// same whatever jobs is. At most a few results per job wait to be emitted,
// so memory stays bounded however many files there are. A panic in process
// becomes that file's error; the other files go on.
func Run(files []string, jobs int, process func(path string) Result, emit func(Result)) {
	jobs = max(jobs, 1)
	slots := make(chan chan Result, 2*jobs) // results in file order; bounds the look-ahead
	sem := make(chan struct{}, jobs)
	go func() {
		for _, f := range files {
			slot := make(chan Result, 1)
			slots <- slot
			sem <- struct{}{}
			go func() {
				defer func() { <-sem }()
				slot <- safely(f, process)
			}()
		}
		close(slots)
	}()
	for slot := range slots {
		emit(<-slot)
	}
}

func safely(path string, process func(string) Result) (r Result) {
	defer func() {
		if v := recover(); v != nil {
			r = Result{Path: path, Err: internalError(v)}
		}
	}()
	return process(path)
}
