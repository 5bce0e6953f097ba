package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// readmeExample is a command of the README (or of another document of
// the project) with the output it shows.
type readmeExample struct {
	doc     string // the document, relative to the repository
	line    int    // of doc, where the command is shown
	dir     string // where it runs, relative to the repository
	args    []string
	want    string
	wrapped bool // want is wrapped, with {...} for any JSON object of one level
}

// exampleMarker starts an example of a document: an HTML comment (which
// Markdown does not show) naming the directory the example runs in, right
// before a fenced code block. Without a command, the block is a transcript:
// "$ urilint ..." lines, each followed by what it writes to stdout, then to
// stderr. With one ("$ urilint ..." in the comment), the block is what that
// command writes to stdout, wrapped for reading: its lines are joined with
// their indentation removed, and "{...}" stands for a JSON object that the
// block shows elsewhere.
var exampleMarker = regexp.MustCompile("(?m)^<!-- example: (\\S+)(?: \\$ (.+?))? -->\n```[a-z]*\n")

// readmeExamples reads the examples of the document doc, whose text is readme.
func readmeExamples(t *testing.T, doc, readme string) []readmeExample {
	var examples []readmeExample
	for _, m := range exampleMarker.FindAllStringSubmatchIndex(readme, -1) {
		dir, command := readme[m[2]:m[3]], ""
		if m[4] >= 0 {
			command = readme[m[4]:m[5]]
		}
		body := readme[m[1]:]
		end := strings.Index(body, "\n```\n")
		if end < 0 {
			t.Fatalf("%s:%d: the example's code block is not closed", doc, lineOf(readme, m[0]))
		}
		body = body[:end+1]
		first := lineOf(readme, m[1])
		if command != "" {
			var joined strings.Builder
			for _, l := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
				joined.WriteString(strings.TrimSpace(l))
			}
			examples = append(examples, readmeExample{doc: doc, line: first - 2, dir: dir, args: shellWords(t, command),
				want: joined.String(), wrapped: true})
			continue
		}
		var cur *readmeExample
		for i, l := range strings.SplitAfter(body, "\n") {
			if cmd, ok := strings.CutPrefix(l, "$ "); ok {
				examples = append(examples, readmeExample{doc: doc, line: first + i, dir: dir, args: shellWords(t, strings.TrimSpace(cmd))})
				cur = &examples[len(examples)-1]
				continue
			}
			if cur == nil {
				if l != "" {
					t.Fatalf("%s:%d: the transcript does not start with \"$ urilint ...\"", doc, first+i)
				}
				continue
			}
			cur.want += l
		}
	}
	for _, ex := range examples {
		if len(ex.args) == 0 || ex.args[0] != "urilint" {
			t.Fatalf("%s:%d: an example runs urilint, not %q", ex.doc, ex.line, ex.args)
		}
	}
	return examples
}

// lineOf is the line of s at offset off.
func lineOf(s string, off int) int { return strings.Count(s[:off], "\n") + 1 }

// shellWords splits a command as the shell does, for the commands of the
// README: words apart at spaces, and '...' quoting.
func shellWords(t *testing.T, s string) []string {
	var words []string
	var w strings.Builder
	inWord, quoted := false, false
	for _, c := range s {
		switch {
		case c == '\'':
			quoted = !quoted
			inWord = true
		case c == ' ' && !quoted:
			if inWord {
				words = append(words, w.String())
				w.Reset()
			}
			inWord = false
		default:
			if !quoted && strings.ContainsRune("\"\\$`*?|&;<>(){}", c) {
				t.Fatalf("command %q: %q is more shell than the test reads", s, c)
			}
			w.WriteRune(c)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("command %q: a quote is not closed", s)
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// TestReadmeExamples runs every command that the README and the other
// documents of the project (docs/, CONTRIBUTING.md) show with its output,
// where they say it runs (testdata/readme), and compares the output with
// the document's: the examples cannot drift from what urilint does. The
// README shows one, the reference in docs/ the others. The directory is a
// project of its own, as it is for a reader: each example runs in a copy of
// it that is the root of a git repository, where the repository's own
// .urilint.yaml (which leaves testdata out) does not reach.
func TestReadmeExamples(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var examples []readmeExample
	perDoc := map[string]int{}
	for _, doc := range ownDocuments(t, root) {
		if !strings.HasSuffix(doc, ".md") {
			continue
		}
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(doc)))
		if err != nil {
			t.Fatal(err)
		}
		found := readmeExamples(t, doc, string(text))
		perDoc[doc] = len(found)
		examples = append(examples, found...)
	}
	if perDoc["README.md"] < 1 || len(examples) < 5 {
		t.Fatalf("the documents show %d examples marked \"<!-- example: DIR -->\" (%v); there were 5, one in README.md", len(examples), perDoc)
	}
	projects := map[string]string{} // a copy of each directory
	for _, ex := range examples {
		if projects[ex.dir] != "" {
			continue
		}
		dir := filepath.Join(t.TempDir(), "project")
		if err := os.CopyFS(dir, os.DirFS(filepath.Join(root, filepath.FromSlash(ex.dir)))); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
		projects[ex.dir] = dir
	}
	for _, ex := range examples {
		t.Run(ex.doc+":"+strings.Join(ex.args[1:], " "), func(t *testing.T) {
			t.Chdir(projects[ex.dir])
			var stdout, stderr bytes.Buffer
			run(ex.args[1:], strings.NewReader(""), &stdout, &stderr)
			if ex.wrapped {
				pattern := strings.ReplaceAll(regexp.QuoteMeta(ex.want), regexp.QuoteMeta("{...}"), `\{[^{}]*\}`)
				if got := strings.TrimSuffix(stdout.String(), "\n"); !regexp.MustCompile(`^` + pattern + `$`).MatchString(got) {
					t.Errorf("%s:%d: in %s, %q writes\n%s\nwhich is not what the document shows (wrapped):\n%s\nstderr:\n%s",
						ex.doc, ex.line, ex.dir, ex.args, got, ex.want, stderr.String())
				}
				return
			}
			if got := stdout.String() + stderr.String(); got != ex.want {
				t.Errorf("%s:%d: in %s, %q writes\n%s\nbut the document shows\n%s", ex.doc, ex.line, ex.dir, ex.args, got, ex.want)
			}
		})
	}
}

func TestShellWords(t *testing.T) {
	for in, want := range map[string][]string{
		"urilint check docs/":         {"urilint", "check", "docs/"},
		"urilint validate 'a?b c'  x": {"urilint", "validate", "a?b c", "x"},
		"urilint validate ''":         {"urilint", "validate", ""},
	} {
		if got := shellWords(t, in); strings.Join(got, "|") != strings.Join(want, "|") || len(got) != len(want) {
			t.Errorf("shellWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestOwnDocuments runs urilint check . at the root of the repository, as
// .ci/run does: with the repository's .urilint.yaml, which leaves out the
// testdata directories (documents wrong on purpose) and fails on any
// finding, warnings and info included, the project's documents must be
// clean. An example meant to be wrong goes in a code span or block, which
// check skips, or under a suppression comment with its reason. The files
// linted are every document outside testdata: README.md, CONTRIBUTING.md
// and docs/ among them.
func TestOwnDocuments(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	docs := ownDocuments(t, root)
	if len(docs) < 4 {
		t.Fatalf("found %d documents (%q): README.md and docs/ at least", len(docs), docs)
	}
	t.Chdir(root)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"check", "--list-files", "."}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("urilint check --list-files .: exit status %d\n%s", code, stderr.String())
	}
	listed := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	for _, doc := range append(docs, "README.md", "CONTRIBUTING.md") {
		if !slices.Contains(listed, doc) {
			t.Errorf("urilint check . does not lint %s", doc)
		}
	}
	for _, f := range listed {
		if slices.Contains(strings.Split(f, "/"), "testdata") {
			t.Errorf("urilint check . lints %s, a test document", f)
		}
	}
	stdout.Reset()
	code := run([]string{"check", "--quiet", "."}, strings.NewReader(""), &stdout, &stderr)
	if code != exitOK || stdout.Len() > 0 || stderr.Len() > 0 {
		t.Errorf("urilint check . at the root of the repository: exit status %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// ownDocuments lists the project's Markdown and HTML documents, relative to
// root: every one outside testdata directories and hidden directories.
func ownDocuments(t *testing.T, root string) []string {
	var docs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(name)) {
		case ".md", ".markdown", ".html", ".htm":
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			docs = append(docs, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs
}
