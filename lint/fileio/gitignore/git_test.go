package gitignore

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// These tests build trees in git repositories and compare, for every entry
// a walk reaches, git check-ignore's verdict with a matcher's. A walk that
// does not descend into an ignored directory reaches an entry when no
// directory it is in is ignored: the question urilint's file walk asks.

// An ignoreFile is an ignore file in force in a directory.
type ignoreFile struct {
	dir     string // the directory it applies to: "" for the root and for .git/info/exclude
	src     string // its path in the repository, as git check-ignore names it
	content []byte
}

// A matcher under test answers for the entries of a directory where the
// files are in force (lowest precedence first): whether each is ignored,
// and, when it can say, the file and line that decided.
type matcher struct {
	name    string
	prepare func(files []ignoreFile) func(path string, isDir bool) (ignored bool, src string, line int)
}

// ours is this package, as urilint uses it.
var ours = matcher{"ours", func(files []ignoreFile) func(string, bool) (bool, string, int) {
	var ps []Pattern
	var srcs []string
	for _, f := range files {
		more := Parse(f.content, f.dir)
		ps = append(ps, more...)
		for range more {
			srcs = append(srcs, f.src)
		}
	}
	return func(path string, isDir bool) (bool, string, int) {
		i := decide(ps, path, isDir)
		if i < 0 {
			return false, "", 0
		}
		return !ps[i].negate, srcs[i], ps[i].line
	}
}}

// A repo is a git repository in a temporary directory.
type repo struct {
	t       *testing.T
	dir     string
	env     []string
	ignores []string // the ignore files written by setIgnores
}

// newRepo makes a git repository holding the entries: a path ending in
// "/" is a directory, "link -> target" a symbolic link, any other an
// empty file. It skips the test when git is not installed.
func newRepo(t *testing.T, entries []string) *repo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	home := t.TempDir()
	r := &repo{t: t, dir: t.TempDir()}
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "GIT_") && !strings.HasPrefix(name, "LC_") && name != "LANG" && name != "HOME" && name != "XDG_CONFIG_HOME" {
			r.env = append(r.env, kv)
		}
	}
	// No global or system configuration: no core.excludesFile.
	r.env = append(r.env, "HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "LC_ALL=C")
	r.git(nil, "init", "-q")
	for _, e := range entries {
		if strings.HasPrefix(e, ":") {
			t.Fatalf("%q: git would read a leading colon as pathspec magic", e)
		}
		// A name the file system refuses (invalid UTF-8 on macOS, "*"
		// on Windows) is left out.
		if err := create(r.dir, e); err != nil {
			t.Logf("left out: %v", err)
		}
	}
	return r
}

// create makes the entry e (see newRepo) under root.
func create(root, e string) error {
	p := filepath.Join(root, filepath.FromSlash(e))
	from, to, link := strings.Cut(e, " -> ")
	if link {
		p = filepath.Join(root, filepath.FromSlash(from))
	}
	dir := filepath.Dir(p)
	if strings.HasSuffix(e, "/") {
		dir = p
	}
	if err := os.MkdirAll(dir, 0o777); err != nil || dir == p {
		return err
	}
	if link {
		return os.Symlink(to, p)
	}
	return os.WriteFile(p, nil, 0o666)
}

// git runs git in the repository and returns its standard output.
func (r *repo) git(stdin []byte, args ...string) []byte {
	r.t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "core.ignoreCase=false"}, args...)...)
	cmd.Dir, cmd.Env, cmd.Stdin = r.dir, r.env, bytes.NewReader(stdin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 1 && args[0] == "check-ignore" {
		err = nil // no path is ignored
	}
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

// setIgnores replaces the ignore files written before with files, paths
// (".gitignore", "a/.gitignore", ".git/info/exclude") to contents. Their
// directories must exist.
func (r *repo) setIgnores(files map[string]string) {
	r.t.Helper()
	for _, p := range r.ignores {
		if err := os.Remove(filepath.Join(r.dir, filepath.FromSlash(p))); err != nil {
			r.t.Fatal(err)
		}
	}
	r.ignores = r.ignores[:0]
	for p, content := range files {
		if err := os.WriteFile(filepath.Join(r.dir, filepath.FromSlash(p)), []byte(content), 0o666); err != nil {
			r.t.Fatal(err)
		}
		r.ignores = append(r.ignores, p)
	}
}

// entry is an entry of the tree.
type entry struct {
	path  string
	isDir bool
}

// entries lists the tree's entries, but .git.
func (r *repo) entries() []entry {
	var es []entry
	err := filepath.WalkDir(r.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(r.dir, p)
		if err != nil || rel == "." {
			return err
		}
		if rel == ".git" {
			return filepath.SkipDir
		}
		es = append(es, entry{filepath.ToSlash(rel), d.IsDir()}) // a link is not a directory
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return es
}

// verdict is git's answer for a path.
type verdict struct {
	ignored bool
	src     string // the file and line of the pattern that matched, if one did
	line    int
	pattern string
}

// checkIgnore asks git check-ignore about the entries.
func (r *repo) checkIgnore(es []entry) map[string]verdict {
	var in bytes.Buffer
	for _, e := range es {
		in.WriteString(e.path)
		in.WriteByte(0)
	}
	out := r.git(in.Bytes(), "check-ignore", "--no-index", "--verbose", "--non-matching", "-z", "--stdin")
	fields := strings.Split(string(out), "\x00")
	vs := make(map[string]verdict, len(es))
	for i := 0; i+4 <= len(fields); i += 4 {
		src, line, pattern, p := fields[i], fields[i+1], fields[i+2], fields[i+3]
		v := verdict{src: src, pattern: pattern}
		if src != "" {
			v.ignored = !strings.HasPrefix(pattern, "!")
			v.line, _ = strconv.Atoi(line)
		}
		vs[p] = v
	}
	if len(vs) != len(es) {
		r.t.Fatalf("git check-ignore answered for %d paths of %d", len(vs), len(es))
	}
	return vs
}

// compare asks git and each matcher about every entry a walk reaches, and
// returns the disagreements of each matcher, how many entries were
// compared, and how many of those git ignores.
func (r *repo) compare(ms ...matcher) (diffs map[string][]string, n, ignored int) {
	r.t.Helper()
	es := r.entries()
	git := r.checkIgnore(es)
	// The ignore files in force in each directory, lowest precedence first.
	files := map[string][]ignoreFile{}
	var inForce func(dir string) []ignoreFile
	inForce = func(dir string) []ignoreFile {
		if list, ok := files[dir]; ok {
			return list
		}
		var list []ignoreFile
		src := ".gitignore"
		if dir == "" {
			list = r.read(list, "", ".git/info/exclude")
		} else {
			list = slices.Clip(inForce(parent(dir)))
			src = dir + "/.gitignore"
		}
		list = r.read(list, dir, src)
		files[dir] = list
		return list
	}
	answer := map[string]map[string]func(string, bool) (bool, string, int){}
	diffs = map[string][]string{}
	for _, e := range es {
		dir := parent(e.path)
		if dir != "" && (git[dir].ignored || !reached(git, dir)) {
			continue
		}
		n++
		want := git[e.path]
		if want.ignored {
			ignored++
		}
		for _, m := range ms {
			if answer[m.name] == nil {
				answer[m.name] = map[string]func(string, bool) (bool, string, int){}
			}
			f := answer[m.name][dir]
			if f == nil {
				f = m.prepare(inForce(dir))
				answer[m.name][dir] = f
			}
			got, src, line := f(e.path, e.isDir)
			if got == want.ignored {
				continue
			}
			gitSays := "not ignored (no pattern)"
			if want.src != "" {
				gitSays = fmt.Sprintf("%s by %s:%d %q", ignoredWord(want.ignored), want.src, want.line, want.pattern)
			} else if want.ignored {
				gitSays = "ignored"
			}
			mSays := ignoredWord(got)
			if src != "" {
				mSays += fmt.Sprintf(" by %s:%d %q", src, line, r.line(src, line))
			}
			kind := "file"
			if e.isDir {
				kind = "directory"
			}
			diffs[m.name] = append(diffs[m.name], fmt.Sprintf("%s %q: git: %s; %s: %s", kind, e.path, gitSays, m.name, mSays))
		}
	}
	return diffs, n, ignored
}

// reached reports whether a walk reaches the directory dir: no directory
// it is in is ignored.
func reached(git map[string]verdict, dir string) bool {
	for d := parent(dir); d != ""; d = parent(d) {
		if git[d].ignored {
			return false
		}
	}
	return true
}

func ignoredWord(ignored bool) string {
	if ignored {
		return "ignored"
	}
	return "not ignored"
}

func parent(p string) string {
	if d := path.Dir(p); d != "." {
		return d
	}
	return ""
}

// read appends the ignore file src of the directory dir to list, if
// there is one.
func (r *repo) read(list []ignoreFile, dir, src string) []ignoreFile {
	data, err := os.ReadFile(filepath.Join(r.dir, filepath.FromSlash(src)))
	if err != nil {
		return list
	}
	return append(list, ignoreFile{dir, src, data})
}

// line returns the line n of the file src, as written.
func (r *repo) line(src string, n int) string {
	data, _ := os.ReadFile(filepath.Join(r.dir, filepath.FromSlash(src)))
	lines := strings.Split(string(data), "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}

// gitCase is a set of ignore files to compare on a tree.
type gitCase struct {
	name  string
	files map[string]string
}

// runCases compares ours with git on each case, on a tree of entries.
func runCases(t *testing.T, entries []string, cases []gitCase) {
	t.Helper()
	r := newRepo(t, entries)
	total, ignored := 0, 0
	for _, c := range cases {
		r.setIgnores(c.files)
		diffs, n, ign := r.compare(ours)
		total += n
		ignored += ign
		for _, d := range diffs["ours"] {
			t.Errorf("%s: %s", c.name, d)
		}
	}
	t.Logf("%d cases, %d verdicts compared (%d ignored)", len(cases), total, ignored)
}

// TestGitExamples compares with git on the examples of gitignore(5).
func TestGitExamples(t *testing.T) {
	t.Parallel()
	entries := []string{
		"hello.txt", "hello.c", "hello/", "hello/x", "a/hello.java", "a/hello.d/x",
		"foo/x", "a/foo/x", "bar/foo", "c/foo -> ../foo", "d/foo -> ../hello.txt",
		"doc/frotz/x", "a/doc/frotz/x", "frotz", "b/frotz/x",
		"foo/test.json", "foo/bar/hello.c", "foo/baz/y",
		"Documentation/foo.html", "Documentation/gitignore.html", "Documentation/x.txt", "file.o", "lib.a", "src/internal.o", "src/a.c",
		"vmlinux", "vmlinux.lds", "arch/foo/kernel/vmlinux.lds.S", "arch/foo/kernel/x/vmlinux.o", "arch/vmlinux.x",
		"abc/x", "abc/y/z", "a/abc/x", "a/b", "a/x/b", "a/x/y/b", "a/xb", "x/foo/bar", "foo/bar/x",
		"#hash", "!important!.txt", "important!.txt",
	}
	runCases(t, entries, []gitCase{
		{"hello.*", map[string]string{".gitignore": "hello.*\n"}},
		{"/hello.*", map[string]string{".gitignore": "/hello.*\n"}},
		{"foo/", map[string]string{".gitignore": "foo/\n"}},
		{"doc/frotz", map[string]string{".gitignore": "doc/frotz\n"}},
		{"/doc/frotz", map[string]string{".gitignore": "/doc/frotz\n"}},
		{"doc/frotz/", map[string]string{".gitignore": "doc/frotz/\n"}},
		{"frotz/", map[string]string{".gitignore": "frotz/\n"}},
		{"foo/*", map[string]string{".gitignore": "foo/*\n"}},
		{"foo/* but foo/bar", map[string]string{".gitignore": "foo/*\n!foo/bar/\n"}},
		{"Documentation", map[string]string{
			".git/info/exclude":        "# ignore objects and archives, anywhere in the tree.\n*.[oa]\n",
			"Documentation/.gitignore": "# ignore generated html files,\n*.html\n# except foo.html which is maintained by hand\n!foo.html\n",
		}},
		{"vmlinux", map[string]string{".gitignore": "vmlinux*\n", "arch/foo/kernel/.gitignore": "!/vmlinux*\n"}},
		{"everything but foo/bar", map[string]string{".gitignore": "# exclude everything except directory foo/bar\n/*\n!/foo\n/foo/*\n!/foo/bar\n"}},
		{"everything but foo/bar, without the slash", map[string]string{".gitignore": "/*\n!/foo\nfoo/*\n!/foo/bar\n"}},
		{"**/foo", map[string]string{".gitignore": "**/foo\n"}},
		{"**/foo/bar", map[string]string{".gitignore": "**/foo/bar\n"}},
		{"abc/**", map[string]string{".gitignore": "abc/**\n"}},
		{"abc/** but abc/x", map[string]string{".gitignore": "abc/**\n!abc/x\n"}},
		{"a/**/b", map[string]string{".gitignore": "a/**/b\n"}},
		{"escapes", map[string]string{".gitignore": "\\#hash\n\\!important!.txt\n"}},
		{"comment and negation", map[string]string{".gitignore": "#hash\n!important!.txt\n*.txt\n"}},
	})
}
