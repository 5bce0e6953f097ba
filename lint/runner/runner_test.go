package runner_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/lint/runner"
	"github.com/urilint/urilint/rules"
)

// tree writes files (name to content) under a new directory, and returns
// it.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func resolver(t *testing.T) *config.Resolver {
	t.Helper()
	finder, err := config.NewFinder(nil, "", true)
	if err != nil {
		t.Fatal(err)
	}
	strict := true // every rule: the letter of the RFCs
	return config.NewResolver(rules.All, finder, config.Settings{Strict: &strict}).CollectAcross(lint.NewAcross())
}

// Check writes the same diagnostics to each output, each in its format, in
// the order of the files whatever the number of jobs, and counts them.
func TestCheckOutputs(t *testing.T) {
	dir := tree(t, map[string]string{
		"a.md":      "See <http://example.com/%7euser> and urn:isbn:0-395-36341-1.\n",
		"b/c.txt":   "Mail mailto:someone@example.com or urn:X:y today.\n",
		"b/d.html":  `<p><a href="http://example.com/a b">x</a></p>` + "\n",
		"clean.txt": "Nothing here.\n",
	})
	var outs [4]bytes.Buffer
	var want [2]string
	for i, jobs := range []int{1, 8} {
		text, _ := report.NewDiagnosticWriter("text", &outs[2*i], report.WriterOptions{})
		jsonl, _ := report.NewDiagnosticWriter("jsonl", &outs[2*i+1], report.WriterOptions{})
		var stderr bytes.Buffer
		sum, err := runner.Check(runner.Options{
			Input:    runner.Input{Paths: []string{dir}, Jobs: jobs},
			Resolver: resolver(t), Outputs: []*runner.Output{{Writer: text}, {Writer: jsonl}}, Stderr: &stderr,
		})
		if err != nil || stderr.Len() > 0 {
			t.Fatalf("-j %d: %v, stderr %q", jobs, err, stderr.String())
		}
		if sum.Files != 4 || sum.ProblemFiles != 3 || sum.Problems() != 3 || sum.Failing != 2 || sum.Failed != 0 {
			t.Errorf("-j %d: %+v", jobs, sum)
		}
		if i == 0 {
			want = [2]string{outs[0].String(), outs[1].String()}
			continue
		}
		if outs[2].String() != want[0] || outs[3].String() != want[1] {
			t.Errorf("-j %d wrote other output than -j 1:\n%s\nwant:\n%s", jobs, outs[2].String(), want[0])
		}
	}
	lines := strings.Split(strings.TrimSpace(want[0]), "\n")
	jsonLines := strings.Split(strings.TrimSpace(want[1]), "\n")
	if len(lines) != 3 || len(jsonLines) != 3 {
		t.Fatalf("text:\n%s\njsonl:\n%s", want[0], want[1])
	}
	for i, rule := range []string{"percent-unreserved", "urn-nid-syntax", "percent-unencoded"} {
		var d struct {
			File string `json:"file"`
			Rule string `json:"rule"`
		}
		if err := json.Unmarshal([]byte(jsonLines[i]), &d); err != nil {
			t.Fatal(err)
		}
		if d.Rule != rule || !strings.HasPrefix(lines[i], d.File+":") || !strings.Contains(lines[i], " "+rule+": ") {
			t.Errorf("diagnostic %d: text %q, jsonl %+v; want rule %s, the same in both", i, lines[i], d, rule)
		}
	}
}

// A path that cannot be read is named on stderr and counted; the others
// are read.
func TestCheckMissingPath(t *testing.T) {
	dir := tree(t, map[string]string{"a.txt": "urn:X:y\n"})
	var out, stderr bytes.Buffer
	w, _ := report.NewDiagnosticWriter("text", &out, report.WriterOptions{})
	missing := filepath.Join(dir, "missing.md")
	sum, err := runner.Check(runner.Options{
		Input:    runner.Input{Paths: []string{filepath.Join(dir, "a.txt"), missing}, Jobs: 2},
		Resolver: resolver(t), Outputs: []*runner.Output{{Writer: w}}, Stderr: &stderr,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Failed != 1 || sum.Files != 1 || sum.Problems() != 1 {
		t.Errorf("summary %+v", sum)
	}
	if got := stderr.String(); got != "urilint: "+missing+": no such file or directory\n" {
		t.Errorf("stderr %q", got)
	}
	if !strings.Contains(out.String(), "urn-nid-syntax") {
		t.Errorf("output %q", out.String())
	}
}

// Lint, which the language server lints a document with, finds what Check
// reports of it.
func TestLintIsCheck(t *testing.T) {
	src := "See [x](http://example.com/%7euser), http://example.com/%zz and urn:X:y.\n"
	dir := tree(t, map[string]string{"a.md": src})
	var out bytes.Buffer
	w, _ := report.NewDiagnosticWriter("jsonl", &out, report.WriterOptions{})
	r := resolver(t)
	if _, err := runner.Check(runner.Options{Input: runner.Input{Paths: []string{dir}, Jobs: 1}, Resolver: r,
		Outputs: []*runner.Output{{Writer: w}}, Stderr: &bytes.Buffer{}}); err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "a.md")
	p, err := r.Resolve(name)
	if err != nil {
		t.Fatal(err)
	}
	doc := runner.Lint(p, name, extract.FormatMarkdown, []byte(src), false)
	var lines []string
	for _, d := range doc.Diagnostics {
		lines = append(lines, d.Rule.Name)
	}
	var checked []string
	for line := range strings.Lines(out.String()) {
		var d struct{ Rule string }
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatal(err)
		}
		checked = append(checked, d.Rule)
	}
	if strings.Join(lines, " ") != strings.Join(checked, " ") || len(lines) != 3 {
		t.Errorf("Lint found %q, Check reported %q", lines, checked)
	}
	fixed := runner.Lint(p, name, extract.FormatMarkdown, []byte(src), true)
	if fixed.Applied != 1 || !bytes.Contains(fixed.Fixed, []byte("/~user")) || len(fixed.Diagnostics) != 2 {
		t.Errorf("Lint with fix: %d applied, %q, %d left", fixed.Applied, fixed.Fixed, len(fixed.Diagnostics))
	}
}

// Extract lists the candidates of each file in the order of the files.
func TestExtract(t *testing.T) {
	dir := tree(t, map[string]string{
		"a.md":  "<http://example.com/a>\n",
		"b.txt": "urn:isbn:0-395-36341-1 and http://example.com/b\n",
	})
	var out, stderr bytes.Buffer
	w, _ := report.NewCandidateWriter("text", &out)
	sum, err := runner.Extract(runner.ExtractOptions{Input: runner.Input{Paths: []string{dir}, Jobs: 2}, Resolver: resolver(t),
		Output: &runner.Output{Writer: w}, Stderr: &stderr})
	if err != nil || sum.Failed != 0 || sum.Files != 2 {
		t.Fatalf("%v, %+v, stderr %q", err, sum, stderr.String())
	}
	var uris []string
	for line := range strings.Lines(out.String()) {
		f := strings.Fields(line)
		uris = append(uris, f[len(f)-1])
	}
	if want := "http://example.com/a urn:isbn:0-395-36341-1 http://example.com/b"; strings.Join(uris, " ") != want {
		t.Errorf("extracted %q, want %q", uris, want)
	}
}
