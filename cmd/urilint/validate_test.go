package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/urilint/urilint/internal/cputime"
	"github.com/urilint/urilint/internal/liveness"
)

// TestValidateLinear runs urilint validate on values with a problem at
// every character or few, at two sizes ten times apart: the larger must
// take at most twenty-five times as long (CPU time, best of three runs, three
// attempts; runs under 10 ms pass), as check does on the same URI. Each
// value gets at most 100 problems and 100 findings of a rule listed, then
// one that says how many more there are.
func TestValidateLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	uri := func(s string) func(n int) string {
		return func(n int) string { return "http://a.example/" + strings.Repeat(s, n/len(s)) }
	}
	shapes := []struct {
		name  string
		gen   func(n int) string
		stdin bool // the value is read from stdin, as a line
	}{
		{"%", uri("%"), false},
		{"% from stdin", uri("%"), true},
		{"spaces", uri("a "), false},
		{"é", uri("éa"), false},
		{"line ends", uri("a\n"), false},
		{"%zz", uri("%zz"), false},
		{"{", uri("{a"), false},
		{"urn %", func(n int) string { return "urn:example:" + strings.Repeat("%", n) }, false},
	}
	const small = 64 << 10
	for _, s := range shapes {
		t.Run(s.name, func(t *testing.T) {
			validate := func(v string) []byte {
				args, stdin := []string{"validate", "--format", "json", "--", v}, io.Reader(strings.NewReader(""))
				if s.stdin {
					args[len(args)-1], stdin = "-", strings.NewReader(v+"\n")
				}
				var stdout, stderr bytes.Buffer
				if code := run(args, stdin, &stdout, &stderr); code != exitFindings {
					t.Fatalf("exit %d, stderr %q", code, stderr.String())
				}
				return stdout.Bytes()
			}
			vs, vl := s.gen(small), s.gen(10*small)
			var out struct {
				Results []struct {
					Problems []struct{ Message string }
					Findings []struct{ Rule, Message string }
				}
			}
			if err := json.Unmarshal(validate(vl), &out); err != nil || len(out.Results) != 1 {
				t.Fatalf("%v, %d results", err, len(out.Results))
			}
			r := out.Results[0]
			if n := len(r.Problems); n != 101 || !strings.Contains(r.Problems[100].Message, "more problems in this value are not listed") {
				t.Errorf("%d problems listed, the last %.80q", n, r.Problems[n-1].Message)
			}
			perRule := map[string]int{}
			for _, f := range r.Findings {
				if perRule[f.Rule]++; perRule[f.Rule] > 101 {
					t.Fatalf("more than 101 findings of %s", f.Rule)
				}
			}
			cputime.Linear(t, len(vs), len(vl), func(l bool) {
				if l {
					validate(vl)
				} else {
					validate(vs)
				}
			}, 0, 0)
		})
	}
}

// TestValidateStreams checks that "validate -" checks and writes each value
// as it reads it, in text and in JSON (a document whose results are written
// item by item): while 2 MiB of values (almost 100,000, each invalid) are
// read, the heap in use stays far below what their results would take held
// to the end, and the output is whole.
func TestValidateStreams(t *testing.T) {
	const line = "http://a.example/%zz\n"
	const n = 2 << 20 / len(line) * len(line)
	for _, format := range []string{"text", "json"} {
		var live uint64
		in := &endless{line: line, max: n, live: &live}
		out := &tail{n: 400}
		var stderr bytes.Buffer
		base := liveHeap()
		code := run([]string{"validate", "--format", format, "-"}, in, out, &stderr)
		held := live - min(live, base)
		t.Logf("%s: held at most %.1f MiB while reading %.1f MiB of values", format, float64(held)/(1<<20), float64(n)/(1<<20))
		if held > 2<<20 {
			t.Errorf("%s: held %.1f MiB while reading %.1f MiB of values: the results were kept", format, float64(held)/(1<<20), float64(n)/(1<<20))
		}
		want := map[string]string{
			"text": "http://a.example/%zz: invalid uri\n  col 18: error percent-malformed: \"%\" not followed by two hexadecimal digits (found \"%zz\"); a literal \"%\" is written %25\n",
			"json": `"message":"\"%\" not followed by two hexadecimal digits (found \"%zz\"); a literal \"%\" is written %25","start":{"offset":17,"line":1,"column":18},"end":{"offset":18,"line":1,"column":19}}]}]}` + "\n",
		}[format]
		if code != exitFindings || stderr.Len() > 0 || !strings.HasSuffix(out.String(), want) {
			t.Errorf("%s: exit %d, stderr %q, output ending %q; want it ending %q", format, code, stderr.String(), out.String(), want)
		}
	}
	// The JSON written item by item is one document, with every value in
	// order.
	var stdout, stderr bytes.Buffer
	run([]string{"validate", "--format", "json", "urn:example:a", "-", "b"}, strings.NewReader("http://x.example/\n\n c \n"), &stdout, &stderr)
	var doc struct {
		Version int
		Results []struct{ Input string }
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil || doc.Version != 1 || len(doc.Results) != 4 ||
		doc.Results[0].Input != "urn:example:a" || doc.Results[1].Input != "http://x.example/" || doc.Results[2].Input != " c " || doc.Results[3].Input != "b" {
		t.Errorf("JSON %s (%v), stderr %q", stdout.String(), err, stderr.String())
	}
}

// TestValidateAnswersEachLine checks that "validate -" answers a value as
// soon as its line is read, before the next line comes: typed, or piped by
// a program that waits for each answer.
func TestValidateAnswersEachLine(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		var stderr bytes.Buffer
		done <- run([]string{"validate", "-"}, inR, outW, &stderr)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	for _, tt := range []struct{ value, answer string }{
		{"urn:example:a", "urn:example:a: valid urn (rfc8141)\n"},
		{"http://a.example/", "http://a.example/: valid uri\n"},
	} {
		if _, err := io.WriteString(inW, tt.value+"\n"); err != nil {
			t.Fatal(err)
		}
		got := make(chan string, 1)
		go func() {
			line, _ := answers.ReadString('\n')
			got <- line
		}()
		select {
		case line := <-got:
			if line != tt.answer {
				t.Errorf("answer %q, want %q", line, tt.answer)
			}
		case <-liveness.After(t): // a hang, not a timing: the answer takes microseconds
			t.Fatalf("no answer to %q while the input stays open", tt.value)
		}
	}
	inW.Close()
	if code := <-done; code != exitOK {
		t.Errorf("exit %d", code)
	}
}

// TestValidateCountsOmittedProblems: past grammar.MaxProblemsPerCode
// problems of a code, the grammar counts the rest without recording them;
// validate's "more problems" line still counts every one.
func TestValidateCountsOmittedProblems(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"validate", "--format", "json", "http://a/" + strings.Repeat("%", 3000)}, nil, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	want := `"message":"2900 more problems in this value are not listed (only the first 100 are)"`
	if !strings.Contains(stdout.String(), want) {
		t.Errorf("no %s in the output", want)
	}
}
