package fileio

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b.txt", "a.md", "sub/c.html", "sub/deeper/d.txt", ".hidden/e.txt", ".f.txt", "g.PNG", "h.pdf",
		// Test data, left out of a walk: Go's, a framework's fixtures, a
		// Gradle test source set's resources; not a directory of that
		// name outside src, nor documentation beside src/test.
		"pkg/testdata/bad.md", "web/__fixtures__/page.html", "okhttp/src/jvmTest/resources/urltestdata.txt",
		"lib/src/test/notes.md", "lib/src/main/README.md", "docs/test/guide.md", "docs/Test/x.md",
		// A fuzzer's corpus (HTTrack's fuzz/corpus); a corpus elsewhere is read.
		"fuzz/corpus/singlefile/a.html", "nlp/corpus/notes.md",
		// Other projects' copies (OBS Studio's deps/w32-pthreads/manual,
		// CivetWeb's src/third_party/duktape); "contrib" is the project's.
		"deps/w32-pthreads/manual/index.html", "src/third_party/duktape/README.md", "vendor/x/README.md",
		"3rdparty/base64/README.md", "contrib/README.md", "extensions/Vendor/README.md",
		// Hidden directories are left out, but those whose documents a
		// forge shows.
		".github/SECURITY.md", ".github/ISSUE_TEMPLATE/bug.md", ".gitlab/issue_templates/bug.md", ".vscode/notes.md",
		".github/actions/spelling/patterns.txt",
		// A directory of tests holds documents (how to run them) and test
		// inputs in HTML and XML (saved pages, expected outputs).
		"backend/http/test/index_files/apache.html", "tests/data/book.xml", "tests/README.md",
		// and plain text (bat's tests/benchmarks, a grep's coloured output),
		// but for a document conventionally so named.
		"tests/benchmarks/grep-output.txt", "tests/README.txt",
		// A .NET test project (Castle Windsor's), but not a dotted name
		// that merely ends so.
		"src/Castle.Windsor.Tests/XmlFiles/include.xml", "src/Castle.Windsor.Tests/README.md", "src/App.Contests/page.html",
		"nimdoc/rst2html/expected/rst_examples.html", "testproject/golden/index.html",
		// libxml2's expected outputs, beside its test inputs; a result's
		// Markdown is read.
		"result/XInclude/ns1.xml", "result/HTML/attr-ents.html", "results/README.md",
		// A security scanner's payloads (PayloadsAllTheThings's Burp
		// Intruder lists, a scanner's wordlists), in any letter case.
		"Open Redirect/Intruder/payloads.txt", "XSS Injection/Intruders/xss.md", "bbot/wordlists/urls.txt",
		// Snapshot tests' outputs (Verify: NAME.verified.EXT; insta's and
		// cspell's snapshots directories).
		"SeedMarkdown/CatLibrary.verified.md", "SeedMarkdown/CatLibrary.received.md",
		"integration-tests/snapshots/django/snapshot.txt", "crates/cli/tests/snapshots/help.md",
		// Sphinx's copies of its sources, which its pages show as text; a
		// book's sources in a directory so named are read (Runestone's).
		"build/html/_sources/guide.rst.txt", "build/html/_sources/notes.md.txt", "book/_sources/intro.rst"} {
		write(t, filepath.Join(dir, name), "x")
	}
	if err := os.Symlink(dir, filepath.Join(dir, "sub", "loop")); err != nil {
		t.Fatal(err)
	}
	// A link to a file found anyway, and the same file named twice, are
	// read once; a link to a file outside is read.
	if err := os.Symlink(filepath.Join(dir, "b.txt"), filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "outside.txt")
	write(t, outside, "x")
	if err := os.Symlink(outside, filepath.Join(dir, "out.txt")); err != nil {
		t.Fatal(err)
	}
	files, errs := Files([]string{dir, filepath.Join(dir, "b.txt"), dir + "/./b.txt", filepath.Join(dir, "nope.txt"), filepath.Join(dir, "h.pdf")}, WalkOptions{Jobs: 4})
	var rel []string
	for _, f := range files {
		r, _ := filepath.Rel(dir, f)
		rel = append(rel, filepath.ToSlash(r))
	}
	want := []string{".github/ISSUE_TEMPLATE/bug.md", ".github/SECURITY.md", ".gitlab/issue_templates/bug.md", "a.md", "b.txt", "book/_sources/intro.rst", "contrib/README.md", "docs/Test/x.md", "docs/test/guide.md", "extensions/Vendor/README.md", "h.pdf", "lib/src/main/README.md", "nlp/corpus/notes.md", "out.txt", "results/README.md", "src/App.Contests/page.html", "src/Castle.Windsor.Tests/README.md", "sub/c.html", "sub/deeper/d.txt", "tests/README.md", "tests/README.txt"}
	if !slices.Equal(rel, want) {
		t.Errorf("Files = %q, want %q", rel, want)
	}
	if len(errs) != 1 || errs[0].Path != filepath.Join(dir, "nope.txt") || !errors.Is(errs[0], os.ErrNotExist) {
		t.Errorf("errors = %v, want one for nope.txt", errs)
	}
	if got := errs[0].Error(); got != filepath.Join(dir, "nope.txt")+": no such file or directory" {
		t.Errorf("error message %q", got)
	}
}

func TestFilesLinks(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "real", "a.txt"), "x")
	if err := os.Symlink(filepath.Join(dir, "real"), filepath.Join(dir, "linkdir")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(dir, "gone"), filepath.Join(dir, "real", "broken.txt")); err != nil {
		t.Fatal(err)
	}
	// A link to a directory named on the command line is walked.
	files, errs := Files([]string{filepath.Join(dir, "linkdir")}, WalkOptions{})
	if len(files) != 1 || files[0] != filepath.Join(dir, "linkdir", "a.txt") {
		t.Errorf("Files(linkdir) = %q", files)
	}
	// A broken link found inside is skipped with a note, not an error.
	if len(errs) != 1 || !IsSkip(errs[0]) || errs[0].Path != filepath.Join(dir, "linkdir", "broken.txt") {
		t.Errorf("errors = %v", errs)
	}
	// Named on the command line, it is an error.
	_, errs = Files([]string{filepath.Join(dir, "real", "broken.txt")}, WalkOptions{})
	if len(errs) != 1 || IsSkip(errs[0]) {
		t.Errorf("named broken link: %v", errs)
	}
}

func TestCheckText(t *testing.T) {
	tests := []struct {
		data string
		want error
	}{
		{"", nil},
		{"plain text with é and \xff", nil},
		{"a\x00b", ErrBinary},
		{string(make([]byte, 8192)) + "x", ErrBinary},
		{"x" + string(make([]byte, 8192)), ErrBinary},
		{"\xff\xfeh\x00", ErrUTF16},
		{"\xfe\xff\x00h", ErrUTF16},
		{"\xef\xbb\xbfUTF-8 with a BOM", nil},
	}
	for _, tt := range tests {
		if got := CheckText([]byte(tt.data)); !errors.Is(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("CheckText(%.20q) = %v, want %v", tt.data, got, tt.want)
		}
	}
	// A NUL in the first 8,000 bytes makes a file binary, and the message
	// says where; a stray one after them is a control character in text
	// (rfc542.txt has one).
	late := bytes.Repeat([]byte("a"), 1<<20)
	late[7999] = 0
	if err := CheckText(late); !errors.Is(err, ErrBinary) || err.Error() != "skipped: binary file (a NUL byte at offset 7999)" {
		t.Errorf("NUL at 7999: %v", err)
	}
	late[7999], late[8000], late[900000] = 'a', 0, 0
	if err := CheckText(late); err != nil {
		t.Errorf("NUL at 8000: %v, want text", err)
	}
}

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := ReadFileInto(filepath.Join(dir, "missing"), nil); !errors.Is(err, os.ErrNotExist) || err.Error() != "no such file or directory" {
		t.Errorf("missing file: %v", err)
	}
	if _, err := ReadFileInto(dir, nil); err == nil || IsSkip(err) {
		t.Errorf("directory: %v", err)
	}
	write(t, filepath.Join(dir, "bin"), "\x00")
	if _, err := ReadFileInto(filepath.Join(dir, "bin"), nil); !IsSkip(err) {
		t.Errorf("binary: %v", err)
	}
}

// TestReadFileInto checks that a buffer read into before is reused, and that
// what is returned is the file, never bytes left from the one before.
func TestReadFileInto(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string {
		p := filepath.Join(dir, name)
		write(t, p, content)
		return p
	}
	large := string(bytes.Repeat([]byte("http://a.example/ "), 1000))
	buf, err := ReadFileInto(file("large.txt", large), nil)
	if err != nil || string(buf) != large {
		t.Fatalf("large file: %d bytes, %v", len(buf), err)
	}
	small, err := ReadFileInto(file("small.txt", "urn:example:a\n"), buf)
	if err != nil || string(small) != "urn:example:a\n" || &small[:1][0] != &buf[:1][0] {
		t.Fatalf("small file: %q, %v (or read into a new buffer)", small, err)
	}
	empty, err := ReadFileInto(file("empty.txt", ""), buf)
	if err != nil || len(empty) != 0 {
		t.Fatalf("empty file: %q, %v", empty, err)
	}
	if _, err := ReadFileInto(file("nul.txt", "a\x00b"), buf); err == nil || err.Error() != "skipped: binary file (a NUL byte at offset 1)" {
		t.Fatalf("NUL: %v", err)
	}
	if _, err := ReadFileInto(filepath.Join(dir, "missing.txt"), buf); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: %v", err)
	}
}

// A directory of test data named on the command line is walked: only the
// directories a walk finds are left out.
func TestFilesTestDataNamed(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "testdata", "bad.md"), "x")
	write(t, filepath.Join(dir, "testdata", "fixtures", "deeper.md"), "x")
	files, errs := Files([]string{filepath.Join(dir, "testdata")}, WalkOptions{Jobs: 2})
	if len(errs) != 0 || len(files) != 1 || filepath.Base(files[0]) != "bad.md" {
		t.Errorf("Files(testdata) = %q, %v; want bad.md alone", files, errs)
	}
}
