package runner

import (
	"fmt"
	"sync"
)

// chunkSize is how much output a file gathers, for one output, before
// passing it on.
const chunkSize = 64 << 10

// chunksAhead is how many chunks of a file may wait while an earlier file's
// output is still being written.
const chunksAhead = 4

// lookAhead is how many files per job may be done, or under way, past the
// file whose output is being written. With one file per job, a large file
// held up the other worker after a single small file, and -j 2 ran at 1.6x
// the speed of -j 1.
const lookAhead = 32

// maxHeld bounds the output that files past the one being written may hold,
// together, whatever -j is: a file that would go past it waits until the
// file being written is done. (One chunk may always be held, so that a file
// with a large chunk is not stuck.)
const maxHeld = 8 << 20

// A chunk is a piece of one file's output for one of the run's outputs.
type chunk struct {
	output int // the index of the output in the run's
	data   []byte
}

// sink takes the output of one file, in chunks.
type sink struct {
	ch chan chunk
	p  *pipeline
	// Guarded by p.mu:
	head bool // the file's output is being written: its chunks are not counted
	held int  // the bytes of its chunks counted in p.held
}

// pipeline is what the sinks of one inOrder share: the output held by
// files past the one being written.
type pipeline struct {
	mu   sync.Mutex
	cond sync.Cond
	held int
	// weight is that of the large documents the workers hold (see
	// sink.hold), and setLimit, when not nil, asks for a soft memory limit
	// (Input.SoftLimit).
	weight   int64
	setLimit func(int64)
}

// flush passes b on, as output's, when it has grown to a chunk, and returns
// the buffer to go on appending to. The caller must not touch b after
// passing it on.
func (s *sink) flush(output int, b []byte) []byte {
	if len(b) < chunkSize {
		return b
	}
	s.send(chunk{output, b})
	return make([]byte, 0, chunkSize+chunkSize/4)
}

// close passes on what is left of the file's output for output.
func (s *sink) close(output int, b []byte) {
	if len(b) > 0 {
		s.send(chunk{output, b})
	}
}

// send passes c on: at once when the file is being written, else when the
// output that files ahead hold leaves room for it.
func (s *sink) send(c chunk) {
	if p := s.p; p != nil {
		p.mu.Lock()
		for !s.head && p.held > 0 && p.held+len(c.data) > maxHeld {
			p.cond.Wait()
		}
		if !s.head {
			p.held += len(c.data)
			s.held += len(c.data)
		}
		p.mu.Unlock()
	}
	s.ch <- c
}

// writing marks the sink's file as the one being written: its output no
// longer counts against maxHeld, and files waiting for room may go on.
func (s *sink) writing() {
	p := s.p
	p.mu.Lock()
	s.head = true
	p.held -= s.held
	s.held = 0
	p.mu.Unlock()
	p.cond.Broadcast()
}

// inOrder calls process on every file, at most jobs at a time, and writes
// their output with write in the order of files, so that the output is the
// same whatever jobs is. done is called after each file's output with the
// error process returned (nil, a reason the file was skipped, or the
// reason it could not be processed).
//
// Memory stays bounded however many files there are and however much
// output one of them has: the output of the file being written streams
// through in chunks, a file further on stops when a few of its chunks are
// waiting, at most lookAhead files per job are under way or done past the
// file being written, and together they hold at most maxHeld bytes of
// output. A panic in process becomes that file's error; the other files go
// on.
func inOrder(files []string, jobs int, setLimit func(int64), process func(path string, out *sink) error, write func(chunk), done func(path string, err error)) {
	jobs = max(jobs, 1)
	type slot struct {
		path string
		sink *sink
		err  error // set before sink.ch is closed
	}
	p := &pipeline{setLimit: setLimit}
	p.cond.L = &p.mu
	slots := make(chan *slot, lookAhead*jobs) // in file order; bounds the look-ahead
	// The workers take the files in order, so the file being written
	// always has one; they live as long as the run, so that the stack a
	// file's processing grew serves the next file.
	work := make(chan *slot)
	for range jobs {
		go func() {
			for s := range work {
				s.err = safely(s.path, s.sink, process)
				close(s.sink.ch)
			}
		}()
	}
	go func() {
		for _, f := range files {
			s := &slot{path: f, sink: &sink{ch: make(chan chunk, chunksAhead), p: p}}
			slots <- s
			work <- s
		}
		close(slots)
		close(work)
	}()
	for s := range slots {
		s.sink.writing()
		for c := range s.sink.ch {
			write(c)
		}
		done(s.path, s.err)
	}
}

func safely(path string, out *sink, process func(string, *sink) error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("internal error (please report it): %v", v)
		}
	}()
	return process(path, out)
}
