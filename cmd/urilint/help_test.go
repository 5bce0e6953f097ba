package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/rogpeppe/go-internal/txtar"
	"github.com/urilint/urilint/extract"
)

// exampleFiles are the documents the examples of the help run on.
var exampleFiles = []txtar.File{
	{Name: "README.md", Data: []byte("# Demo\n\nThe [spec](http://example.com/a^b) and urn:isbm:0451450523.\n\nOld link: http://example.com/%zz\n")},
	{Name: "docs/guide.md", Data: []byte("A guide: https://example.com/guide and urn:isbm:123.\n\nWrite to mailto:someone.\n")},
	{Name: "urls.txt", Data: []byte("https://example.com/ok\nhttp://exa mple.com/\nurn:isbn:0451450523\n")},
	// The directories the completion examples write to.
	{Name: "home/.zfunc/.keep"},
	{Name: "home/.config/fish/completions/.keep"},
}

// TestExamples runs every example of every command's help with bash, in a
// directory holding exampleFiles with HOME in it, and checks its exit
// status: the examples are real. An example that fails says so ("exit
// 1").
func TestExamples(t *testing.T) {
	needShell(t, "bash")
	dir := t.TempDir()
	n := 0
	for _, c := range commands() {
		if len(c.examples) == 0 {
			t.Errorf("%s has no example", c.name)
		}
		for i, ex := range c.examples {
			if ex.exit != exitOK && !strings.Contains(ex.what, fmt.Sprintf("exit %d", ex.exit)) && !strings.Contains(ex.what, fmt.Sprintf("exits %d", ex.exit)) {
				t.Errorf("%s: %q exits %d, and %q does not say so", c.name, ex.line, ex.exit, ex.what)
			}
			script := fmt.Sprintf("%s\ncode=$?\nif [ $code -ne %d ]; then echo \"exit status $code, want %d\" >&2; exit 1; fi\n", ex.line, ex.exit, ex.exit)
			ar := &txtar.Archive{
				Comment: []byte(fmt.Sprintf("# %s\nexec bash example.sh\n", ex.what)),
				Files:   append([]txtar.File{{Name: "example.sh", Data: []byte(script)}}, exampleFiles...),
			}
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%d.txtar", c.name, i)), txtar.Format(ar), 0o644); err != nil {
				t.Fatal(err)
			}
			n++
		}
	}
	testscript.Run(t, testscript.Params{
		Dir: dir,
		Setup: func(env *testscript.Env) error {
			env.Setenv("HOME", filepath.Join(env.WorkDir, "home"))
			env.Setenv("NO_COLOR", "")
			return nil
		},
	})
	t.Logf("%d examples", n)
}

// needShell skips the test when shell is not installed, or fails it when
// URILINT_E2E is set (.ci/run installs bash, zsh and fish, and sets it).
func needShell(t *testing.T, shell string) {
	t.Helper()
	if _, err := exec.LookPath(shell); err != nil {
		if os.Getenv("URILINT_E2E") != "" {
			t.Fatalf("%s is not installed (URILINT_E2E is set)", shell)
		}
		t.Skipf("%s is not installed", shell)
	}
}

// TestHelp checks that each command's -h, and urilint help COMMAND, print
// its usage, its flags and its examples.
func TestHelp(t *testing.T) {
	for _, c := range commands() {
		for _, args := range [][]string{{c.name, "-h"}, {"help", c.name}} {
			var stdout, stderr bytes.Buffer
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != exitOK || stderr.Len() > 0 {
				t.Errorf("%v: exit %d, stderr %q", args, code, stderr.String())
			}
			out := stdout.String()
			if !strings.HasPrefix(out, "Usage: urilint "+c.name) {
				t.Errorf("%v: %q", args, out)
			}
			// Every flag is listed as it is written: "--format", "-j",
			// a one-letter alias before its flag ("-q, --quiet").
			c.describe().VisitAll(func(f *flag.Flag) {
				d := dashed(f.Name)
				if !strings.Contains(out, "\n  "+d+"\n") && !strings.Contains(out, "\n  "+d+" ") && !strings.Contains(out, "\n  "+d+", --") && !strings.Contains(out, ", "+d+"\n") {
					t.Errorf("%v: no flag %s in\n%s", args, d, out)
				}
			})
			for _, ex := range c.examples {
				if !strings.Contains(out, "\n  "+ex.line+"\n      "+ex.what+"\n") {
					t.Errorf("%v: no example %q in\n%s", args, ex.line, out)
				}
			}
		}
	}
	var stdout, stderr bytes.Buffer
	run([]string{"help"}, strings.NewReader(""), &stdout, &stderr)
	for _, c := range commands() {
		if !strings.Contains(stdout.String(), "\n  "+c.line()+" ") {
			t.Errorf("the usage has no line for %s", c.name)
		}
	}
	// The first lines name every format urilint reads.
	first, _, _ := strings.Cut(stdout.String(), "\n\n")
	first = strings.ReplaceAll(first, "\n", " ")
	for _, f := range extract.Formats() {
		if title := strings.ReplaceAll(f.Title(), " ", "-"); !strings.Contains(first, title) {
			t.Errorf("the usage's first lines do not name %s: %q", title, first)
		}
	}
}

// TestManPage checks that docs/urilint.1 is what urilint help --man
// prints (go generate ./cmd/urilint writes it), and that it names every
// command, flag and example.
func TestManPage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"help", "--man"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	page := stdout.String()
	path := filepath.Join("..", "..", "docs", "urilint.1")
	if *update {
		if err := os.WriteFile(path, stdout.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != page {
		t.Errorf("%s is not what urilint help --man prints: run go generate ./cmd/urilint (or this test with -update)", path)
	}
	for _, c := range commands() {
		if !strings.Contains(page, `.SS "`+roff(c.line())+`"`) {
			t.Errorf("no section for %s", c.name)
		}
		c.describe().VisitAll(func(f *flag.Flag) {
			// A one-letter alias comes before its flag: "\-q, \-\-quiet".
			if !strings.Contains(page, `\-`+roff(f.Name)+`\fR`) && !strings.Contains(page, `\-`+roff(f.Name)+`, \-\-`) {
				t.Errorf("%s: no flag %s", c.name, f.Name)
			}
		})
		for _, ex := range c.examples {
			if !strings.Contains(page, `\fB`+roff(ex.line)+`\fR`) {
				t.Errorf("%s: no example %q", c.name, ex.line)
			}
		}
	}
	// groff, when there is one, reads the page without a warning.
	if _, err := exec.LookPath("groff"); err == nil {
		cmd := exec.Command("groff", "-man", "-ww", "-z")
		cmd.Stdin = strings.NewReader(page)
		if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
			t.Errorf("groff: %v\n%s", err, out)
		}
	}
}

// TestDescribe checks that describe stops each command before it does
// anything: nothing is written, and the flag set is the command's.
func TestDescribe(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	for _, c := range commands() {
		fs := c.describe()
		if want := strings.TrimSpace("urilint " + c.name + " " + c.sub); fs.Name() != want {
			t.Errorf("%s: flag set %q, want %q", c.name, fs.Name(), want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("describe wrote %v", entries)
	}
}

// TestCompletionScripts checks that each script names every command, every
// flag of each (from its flag set), the values of the flags that take one
// of a list, and the arguments that are a list; and that the shell, when
// installed, reads it (bash -n, zsh -n, fish -n).
func TestCompletionScripts(t *testing.T) {
	for _, shell := range shells {
		t.Run(shell, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run([]string{"completion", shell}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			script := stdout.String()
			for _, c := range commands() {
				if !regexpWord(script, c.name) {
					t.Errorf("no command %s", c.name)
				}
				c.describe().VisitAll(func(f *flag.Flag) {
					dashed := "--" + f.Name
					if len(f.Name) == 1 {
						dashed = "-" + f.Name
					}
					var want string
					switch shell {
					case "bash":
						if !regexpWord(script, dashed) {
							t.Errorf("%s: no flag %s", c.name, dashed)
						}
						want = dashed
					case "zsh":
						want = "'" + dashed
					case "fish":
						want = " -l " + f.Name + " "
						if len(f.Name) == 1 {
							want = " -s " + f.Name + " "
						}
					}
					if !strings.Contains(script, want) {
						t.Errorf("%s: no flag %s (%q)", c.name, f.Name, want)
					}
					for _, v := range flagValues(c.name, f.Name) {
						if !regexpWord(script, v) {
							t.Errorf("%s --%s: no value %s", c.name, f.Name, v)
						}
					}
				})
				for _, w := range operandWords(c) {
					if !regexpWord(script, w) {
						t.Errorf("%s: no argument %s", c.name, w)
					}
				}
			}
			// The shell reads the script.
			needShell(t, shell)
			file := filepath.Join(t.TempDir(), "urilint."+shell)
			if err := os.WriteFile(file, stdout.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if out, err := exec.Command(shell, "-n", file).CombinedOutput(); err != nil || len(out) > 0 {
				t.Errorf("%s -n: %v\n%s", shell, err, out)
			}
		})
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"completion", "tcsh"}, strings.NewReader(""), &stdout, &stderr); code != exitError || !strings.Contains(stderr.String(), `unknown shell "tcsh" (want bash, zsh or fish)`) {
		t.Errorf("completion tcsh: exit %d, %q", code, stderr.String())
	}
}

// regexpWord reports whether s holds word, not inside a longer word of
// letters, digits and "-".
func regexpWord(s, word string) bool {
	isWord := func(b byte) bool {
		return b == '-' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
	}
	for i := 0; ; {
		k := strings.Index(s[i:], word)
		if k < 0 {
			return false
		}
		k += i
		if (k == 0 || !isWord(s[k-1])) && (k+len(word) == len(s) || !isWord(s[k+len(word)])) {
			return true
		}
		i = k + 1
	}
}

// completionCase is a command line, cut where completion is asked for,
// and what completion must offer there.
type completionCase struct {
	words []string // the last is the word being completed
	want  []string
}

// completionCases are derived from the commands and their flag sets:
// every command, every flag of each, the values of each flag that takes
// one of a list, and the arguments that are a list.
func completionCases() []completionCase {
	cases := []completionCase{{[]string{"urilint", ""}, commandNames()}}
	for _, c := range commands() {
		prefix := []string{"urilint", c.name}
		if c.sub != "" {
			cases = append(cases, completionCase{[]string{"urilint", c.name, ""}, []string{c.sub}})
			prefix = append(prefix, c.sub)
		}
		var flags []string
		c.describe().VisitAll(func(f *flag.Flag) {
			dashed := "--" + f.Name
			if len(f.Name) == 1 {
				dashed = "-" + f.Name
			}
			flags = append(flags, dashed)
			if vs := flagValues(c.name, f.Name); vs != nil {
				cases = append(cases, completionCase{append(slices.Clone(prefix), dashed, ""), vs})
			}
		})
		if len(flags) > 0 {
			cases = append(cases, completionCase{append(slices.Clone(prefix), "-"), flags})
		}
		if ws := operandWords(c); ws != nil {
			cases = append(cases, completionCase{append(slices.Clone(prefix), ""), ws})
		}
	}
	cases = append(cases,
		completionCase{[]string{"urilint", "check", "--format", "=", "js"}, []string{"json", "jsonl"}},
		completionCase{[]string{"urilint", "check", "--strict", "READ"}, []string{"README.md"}},
		completionCase{[]string{"urilint", "check", "--config", "READ"}, []string{"README.md"}},
		completionCase{[]string{"urilint", "explain", "percent-low"}, []string{"percent-lowercase"}},
		completionCase{[]string{"urilint", "help", "con"}, []string{"config"}},
	)
	return cases
}

// TestCompletionBash runs the bash script's completion function on
// completionCases.
func TestCompletionBash(t *testing.T) {
	needShell(t, "bash")
	var script bytes.Buffer
	run([]string{"completion", "bash"}, strings.NewReader(""), &script, &script)
	var b strings.Builder
	b.WriteString(script.String())
	b.WriteString(`t() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _urilint; printf '%s\n' "${COMPREPLY[*]}"; }` + "\n")
	cases := completionCases()
	for _, c := range cases {
		b.WriteString("t")
		for _, w := range c.words {
			fmt.Fprintf(&b, " %s", shellQuote(w))
		}
		b.WriteString("\n")
	}
	checkCompletions(t, "bash", b.String(), cases)
}

// TestCompletionFish asks fish for the completions of completionCases.
func TestCompletionFish(t *testing.T) {
	needShell(t, "fish")
	var script bytes.Buffer
	run([]string{"completion", "fish"}, strings.NewReader(""), &script, &script)
	var b strings.Builder
	b.WriteString(script.String())
	cases := completionCases()
	for _, c := range cases {
		line := strings.Join(c.words, " ")
		line = strings.ReplaceAll(line, " = ", "=") // fish keeps --format=js one word
		fmt.Fprintf(&b, "echo (complete -C %s | string replace -r '\\t.*' '' | string replace -r '^--format=' '')\n", shellQuote(line))
	}
	checkCompletions(t, "fish", b.String(), cases)
}

// checkCompletions runs script with shell in a directory holding
// exampleFiles; its output holds a line per case, the completions
// offered, separated by spaces.
func checkCompletions(t *testing.T, shell, script string, cases []completionCase) {
	dir := t.TempDir()
	for _, f := range exampleFiles {
		p := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(shell, "-c", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("%s: %v\n%s", shell, err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("%d lines for %d cases:\n%s", len(lines), len(cases), out)
	}
	for i, c := range cases {
		got := strings.Fields(lines[i])
		slices.Sort(got)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", strings.Join(c.words, " "), got, want)
		}
	}
}

// shellQuote quotes s in single quotes for bash and fish.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TestCompletionValues checks the lists of flagValues against the
// commands: each flag that refuses a value it does not know, naming those
// it wants, is in flagValues with exactly those, and each value listed is
// accepted. So completion offers what the commands take, and a flag that
// takes one of a list, added or changed, cannot be left out.
func TestCompletionValues(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	wantList := func(stderr string) []string {
		_, rest, ok := strings.Cut(stderr, "(want ")
		if !ok {
			return nil
		}
		list, _, _ := strings.Cut(rest, ")")
		return strings.Split(strings.ReplaceAll(list, " or ", ", "), ", ")
	}
	for _, c := range commands() {
		prefix := []string{c.name}
		if c.sub != "" {
			prefix = append(prefix, c.sub)
		}
		c.describe().VisitAll(func(f *flag.Flag) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				return
			}
			if name, _ := flag.UnquoteUsage(f); name == "file" || name == "path" {
				return
			}
			var stdout, stderr bytes.Buffer
			run(append(slices.Clone(prefix), "--"+f.Name, "zz-not-a-value", missing), strings.NewReader(""), &stdout, &stderr)
			got, listed := wantList(stderr.String()), flagValues(c.name, f.Name)
			if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(listed))) {
				t.Errorf("%s --%s: the command wants %q, completion offers %q", c.name, f.Name, got, listed)
			}
			for _, v := range listed {
				stdout.Reset()
				stderr.Reset()
				run(append(slices.Clone(prefix), "--"+f.Name, v, missing), strings.NewReader(""), &stdout, &stderr)
				if strings.Contains(stderr.String(), "(want ") {
					t.Errorf("%s --%s %s: %s", c.name, f.Name, v, stderr.String())
				}
			}
		})
	}
	var stdout, stderr bytes.Buffer
	run([]string{"completion", "zz"}, strings.NewReader(""), &stdout, &stderr)
	if got := wantList(stderr.String()); !slices.Equal(got, shells) {
		t.Errorf("completion wants %q, completion offers %q", got, shells)
	}
}
