package fileio

import (
	"sync"
)

// chunkSize is how much output a file gathers before passing it on.
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

// Sink takes the output of one file, in chunks.
type Sink struct {
	ch chan []byte
	p  *pipeline
	// Guarded by p.mu:
	head bool // the file's output is being written: its chunks are not counted
	held int  // the bytes of its chunks counted in p.held
}

// pipeline is what the sinks of one Run share: the output held by files
// past the one being written.
type pipeline struct {
	mu   sync.Mutex
	cond sync.Cond
	held int
}

// Flush passes b on when it has grown to a chunk, and returns the buffer to
// go on appending to. The caller must not touch b after passing it on.
func (s *Sink) Flush(b []byte) []byte {
	if len(b) < chunkSize {
		return b
	}
	s.send(b)
	return make([]byte, 0, chunkSize+chunkSize/4)
}

// Close passes on what is left of the file's output.
func (s *Sink) Close(b []byte) {
	if len(b) > 0 {
		s.send(b)
	}
}

// send passes b on: at once when the file is being written, else when the
// output that files ahead hold leaves room for it.
func (s *Sink) send(b []byte) {
	if p := s.p; p != nil {
		p.mu.Lock()
		for !s.head && p.held > 0 && p.held+len(b) > maxHeld {
			p.cond.Wait()
		}
		if !s.head {
			p.held += len(b)
			s.held += len(b)
		}
		p.mu.Unlock()
	}
	s.ch <- b
}

// writing marks the sink's file as the one being written: its output no
// longer counts against maxHeld, and files waiting for room may go on.
func (s *Sink) writing() {
	p := s.p
	p.mu.Lock()
	s.head = true
	p.held -= s.held
	s.held = 0
	p.mu.Unlock()
	p.cond.Broadcast()
}

// Run calls process on every file, at most jobs at a time, and writes their
// output with write in the order of files, so that the output is the same
// whatever jobs is. done is called after each file's output with the error
// process returned (nil, a reason the file was skipped, or the reason it
// could not be processed).
//
// Memory stays bounded however many files there are and however much
// output one of them has: the output of the file being written streams
// through in chunks, a file further on stops when a few of its chunks are
// waiting, at most lookAhead files per job are under way or done past the
// file being written, and together they hold at most maxHeld bytes of
// output. A panic in process becomes that file's error; the other files go
// on.
func Run(files []string, jobs int, process func(path string, out *Sink) error, write func([]byte), done func(path string, err error)) {
	jobs = max(jobs, 1)
	type slot struct {
		path string
		sink *Sink
		err  error // set before sink.ch is closed
	}
	p := &pipeline{}
	p.cond.L = &p.mu
	slots := make(chan *slot, lookAhead*jobs) // in file order; bounds the look-ahead
	sem := make(chan struct{}, jobs)
	go func() {
		for _, f := range files {
			s := &slot{path: f, sink: &Sink{ch: make(chan []byte, chunksAhead), p: p}}
			sem <- struct{}{} // taken in file order, so the file being written always holds one
			slots <- s
			go func() {
				defer func() { <-sem }()
				defer close(s.sink.ch)
				s.err = safely(f, s.sink, process)
			}()
		}
		close(slots)
	}()
	for s := range slots {
		s.sink.writing()
		for b := range s.sink.ch {
			write(b)
		}
		done(s.path, s.err)
	}
}

func safely(path string, sink *Sink, process func(string, *Sink) error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = internalError(v)
		}
	}()
	return process(path, sink)
}
