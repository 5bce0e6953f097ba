package runner

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/urilint/urilint/lint/fileio"
)

func TestInOrderKeepsOrder(t *testing.T) {
	var files []string
	for i := range 200 {
		files = append(files, fmt.Sprintf("f%03d", i))
	}
	for _, jobs := range []int{0, 1, 2, 8, 64} {
		var buf bytes.Buffer
		var done []string
		var running, peak atomic.Int32
		inOrder(files, jobs, nil, func(path string, out *sink) error {
			n := running.Add(1)
			defer running.Add(-1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			if path[len(path)-1]%3 == 0 {
				time.Sleep(time.Millisecond) // finish out of order
			}
			out.close(0, []byte(path+"\n"))
			if path == "f007" {
				return errors.New("seven")
			}
			return nil
		}, func(c chunk) { buf.Write(c.data) }, func(path string, err error) {
			done = append(done, fmt.Sprintf("%s:%v", path, err))
		})
		if got, want := buf.String(), strings.Join(files, "\n")+"\n"; got != want {
			t.Errorf("jobs=%d: output out of order", jobs)
		}
		if done[7] != "f007:seven" || done[8] != "f008:<nil>" || len(done) != len(files) {
			t.Errorf("jobs=%d: done calls %v", jobs, done[:9])
		}
		if limit := int32(max(jobs, 1)); peak.Load() > limit {
			t.Errorf("jobs=%d: %d ran at once", jobs, peak.Load())
		}
	}
}

// A file whose output is far larger than the look-ahead streams through in
// chunks, while the files after it wait with a bounded amount of output.
func TestInOrderStreamsLargeOutput(t *testing.T) {
	files := []string{"big", "small1", "small2", "small3"}
	var written atomic.Int64
	var peakAhead int64
	var produced atomic.Int64
	inOrder(files, 4, nil, func(path string, out *sink) error {
		var b []byte
		n := 10 * chunksAhead * chunkSize
		if path != "big" {
			n = 3 * chunksAhead * chunkSize
		}
		for i := 0; i < n; i += 1024 {
			b = append(b, bytes.Repeat([]byte{'x'}, 1024)...)
			produced.Add(1024)
			b = out.flush(0, b)
		}
		out.close(0, b)
		return nil
	}, func(c chunk) {
		w := written.Add(int64(len(c.data)))
		if ahead := produced.Load() - w; ahead > peakAhead {
			peakAhead = ahead
		}
	}, func(string, error) {})
	if want := int64((10 + 3*3) * chunksAhead * chunkSize); written.Load() != want {
		t.Errorf("wrote %d bytes, want %d", written.Load(), want)
	}
	// Each of 4 workers holds at most chunksAhead queued chunks, one being
	// written, and one being filled.
	if limit := int64(4 * (chunksAhead + 2) * chunkSize * 5 / 4); peakAhead > limit {
		t.Errorf("%d bytes produced but not written at once; bound %d", peakAhead, limit)
	}
}

func TestInOrderRecoversPanics(t *testing.T) {
	var done []string
	inOrder([]string{"a", "boom", "c"}, 2, nil, func(path string, out *sink) error {
		if path == "boom" {
			panic("kaput")
		}
		return nil
	}, func(chunk) {}, func(path string, err error) {
		done = append(done, fmt.Sprintf("%s:%v", path, err))
	})
	if len(done) != 3 || done[0] != "a:<nil>" || done[2] != "c:<nil>" ||
		!strings.Contains(done[1], "boom:internal error") || !strings.Contains(done[1], "kaput") {
		t.Errorf("done calls %q", done)
	}
}

// TestInOrderFileDeleted: a file listed, then deleted before it is read, is
// reported with the reason; the others are read.
func TestInOrderFileDeleted(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, name := range []string{"a.txt", "b.txt", "c.txt"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	listed, errs := fileio.Files([]string{dir}, fileio.WalkOptions{})
	if len(listed) != 3 || len(errs) != 0 {
		t.Fatalf("Files: %q, %v", listed, errs)
	}
	if err := os.Remove(files[1]); err != nil { // deleted during the run
		t.Fatal(err)
	}
	var out []string
	got := map[string]error{}
	inOrder(listed, 2, nil, func(path string, s *sink) error {
		src, err := fileio.ReadFileInto(path, nil)
		if err != nil {
			return err
		}
		s.close(0, src)
		return nil
	}, func(c chunk) { out = append(out, string(c.data)) }, func(path string, err error) { got[filepath.Base(path)] = err })
	if !slices.Equal(out, []string{"a.txt", "c.txt"}) {
		t.Errorf("read %q", out)
	}
	if err := got["b.txt"]; !errors.Is(err, os.ErrNotExist) || err.Error() != "no such file or directory" {
		t.Errorf("the deleted file: %v", err)
	}
	if got["a.txt"] != nil || got["c.txt"] != nil {
		t.Errorf("the others: %v", got)
	}
}

// TestInOrderBoundsHeldOutput checks that the files done past the one being
// written hold at most maxHeld bytes of output together, however many may
// run ahead: here the first file is slow and 64 files behind it have three
// chunks of output each (fewer than chunksAhead, so that each is done and
// the next starts), which without the bound would pile up to 12 MiB.
func TestInOrderBoundsHeldOutput(t *testing.T) {
	var files []string
	for i := range 65 {
		files = append(files, fmt.Sprintf("f%02d", i))
	}
	var pending, most atomic.Int64 // bytes passed on and not yet written
	data := bytes.Repeat([]byte("x"), chunkSize)
	var written int64
	inOrder(files, 2, nil, func(path string, out *sink) error {
		if path == "f00" {
			time.Sleep(300 * time.Millisecond)
		}
		for range 3 {
			b := out.flush(0, append([]byte(nil), data...))
			n := pending.Add(chunkSize)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			out.close(0, b)
		}
		return nil
	}, func(c chunk) {
		written += int64(len(c.data))
		pending.Add(-int64(len(c.data)))
	}, func(string, error) {})
	if want := int64(65 * 3 * chunkSize); written != want {
		t.Fatalf("wrote %d bytes, want %d", written, want)
	}
	// The bound, plus what the file being written may have in its channel
	// and the chunk each worker is passing on.
	if limit := int64(maxHeld + (chunksAhead+2)*chunkSize); most.Load() > limit {
		t.Errorf("%d bytes were held at once, more than %d", most.Load(), limit)
	}
}
