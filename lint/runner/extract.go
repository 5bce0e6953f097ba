package runner

import (
	"sync/atomic"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/report"
)

// extractRun is what Extract does with each file: list its candidates.
type extractRun struct {
	resolver *config.Resolver
	w        *report.Writer
	files    atomic.Int64
}

// inParts: extract reads every document whole.
func (x *extractRun) inParts(extract.Format, []byte) *docParts { return nil }

// windowed: a large plain-text file is read in windows.
func (x *extractRun) windowed() bool { return true }

func (x *extractRun) format(name string) extract.Format { return x.resolver.Format(name) }

// document lists the candidates of the file name read as src.
func (x *extractRun) document(name string, src []byte, _ *docParts, out *sink) error {
	p, err := x.resolver.Resolve(name)
	if err != nil {
		return err
	}
	x.files.Add(1)
	var b []byte
	loc := extract.NewLocator(src)
	f := p.FormatOf(name)
	f.Walk(src, p.Config.Extract, func(c *extract.Candidate) { b = out.flush(0, x.w.AppendCandidate(b, name, c, loc)) })
	out.close(0, b)
	return malformed(f, src)
}

// windows lists the candidates of a large document a window at a time.
func (x *extractRun) windows(name string, f extract.Format, windows *fileio.TextWindows, out *sink) error {
	p, err := x.resolver.Resolve(name)
	if err != nil {
		windows.Close()
		return err
	}
	x.files.Add(1)
	var b []byte
	var held int64
	defer out.drop(&held)
	err = windows.Each(func(win fileio.Window) {
		out.grow(int64(len(win.Src)), &held)
		loc := extract.NewLocatorAt(win.Src, win.Base)
		f.WalkWindow(win.Src, win.Base.Offset, p.Config.Extract, func(c *extract.Candidate) { b = out.flush(0, x.w.AppendCandidate(b, name, c, loc)) })
	})
	out.close(0, b)
	return err
}

// finish: nothing follows the files' candidates.
func (x *extractRun) finish([]string, chunkSink) {}
