// Package specexamples lists the URIs and URNs the specifications of
// ../shared/specs give, for the tests that check that each is accepted by
// its scheme's or namespace's checker. A copy of the list is committed in
// testdata/specs, so that a clone without ../shared tests them too.
package specexamples

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
)

// Example is one URI or URN found in a specification.
type Example struct {
	// Where is "file:line".
	Where string
	// Value is the URI, joined with the next line's start when a line
	// break cuts it (RFC text wraps long examples).
	Value string
	// Verdict is "ok" for an example the checker must accept; any other
	// value says why it is not one ("code: ...", "template: ...") or why
	// the checker rejects it ("erratum: ...").
	Verdict string
}

// Extract returns the URIs and URNs of the plain-text specifications in dir
// for which keep is true, in file and line order. verdicts gives the
// verdict of a value that is not "ok", keyed by "file:line value".
func Extract(dir string, keep func(*grammar.Parsed) bool, verdicts map[string]string) ([]Example, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	var out []Example
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		loc := extract.NewLocator(src)
		extract.ScanText(src, 0, func(c *extract.Candidate) {
			v := c.URI + c.Continued
			u := grammar.Parse(v, grammar.AsAuto, grammar.RFC8141)
			if !keep(&u) {
				return
			}
			e := Example{Where: fmt.Sprintf("%s:%d", filepath.Base(f), loc.Pos(c.Start).Line), Value: v, Verdict: "ok"}
			if s, ok := verdicts[e.Where+" "+v]; ok {
				e.Verdict = s
			}
			out = append(out, e)
		})
	}
	return out, nil
}

// Read reads a committed list: one example per line, its place, value and
// verdict separated by tabs.
func Read(path string) ([]Example, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Example
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.SplitN(line, "\t", 3)
		if len(parts) != 3 {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		out = append(out, Example{parts[0], parts[1], parts[2]})
	}
	return out, sc.Err()
}

// Format writes a list as Read reads it, under a comment header.
func Format(header string, es []Example) []byte {
	var b strings.Builder
	for l := range strings.Lines(header) {
		b.WriteString("# " + l)
	}
	b.WriteString("\n")
	for _, e := range es {
		fmt.Fprintf(&b, "%s\t%s\t%s\n", e.Where, e.Value, e.Verdict)
	}
	return []byte(b.String())
}

// Load returns the examples to test: those extracted from dir when it
// exists, after checking that the committed copy at path is the same list
// (with update, it rewrites the copy instead); else the committed copy.
func Load(t *testing.T, dir, path, header string, keep func(*grammar.Parsed) bool, update bool) []Example {
	t.Helper()
	committed, err := Read(path)
	if err != nil && !update {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Logf("%s is absent: testing the committed copy %s", dir, path)
		return committed
	}
	verdicts := map[string]string{}
	for _, e := range committed {
		if e.Verdict != "ok" {
			verdicts[e.Where+" "+e.Value] = e.Verdict
		}
	}
	got, err := Extract(dir, keep, verdicts)
	if err != nil {
		t.Fatal(err)
	}
	if update {
		if err := os.WriteFile(path, Format(header, got), 0o644); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if !slices.Equal(got, committed) {
		t.Errorf("%s is not the list extracted from %s (go test -run Examples -update rewrites it; review the diff)", path, dir)
	}
	if len(got) == 0 {
		t.Fatalf("no example found in %s", dir)
	}
	return got
}

// Verify checks each example with problem, which returns the message of
// the first problem a checker finds in a value, or "": an example listed
// "ok" must have none, and one listed as an erratum must have one. It logs
// how many examples were accepted.
func Verify(t testing.TB, es []Example, problem func(value string) string) {
	t.Helper()
	ok := 0
	for _, e := range es {
		msg := problem(e.Value)
		switch {
		case e.Verdict == "ok" && msg != "":
			t.Errorf("%s: %s: %s", e.Where, e.Value, msg)
		case strings.HasPrefix(e.Verdict, "erratum") && msg == "":
			t.Errorf("%s: %s is accepted, but is listed as an erratum", e.Where, e.Value)
		case e.Verdict == "ok":
			ok++
		}
	}
	t.Logf("%d examples accepted", ok)
}
