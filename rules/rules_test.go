package rules

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/links"
	"github.com/urilint/urilint/lint/linttest"
)

var update = flag.Bool("update", false, "rewrite golden files (fixes, docs/rules.md)")

func TestValidate(t *testing.T) {
	if err := lint.Validate(All); err != nil {
		t.Fatal(err)
	}
}

// notInText are the rules that cannot fire in plain text: the scanner
// starts a candidate only at a valid scheme.
var notInText = map[string]bool{"uri-scheme-syntax": true, "uri-relative-colon": true,
	// The local links are links: running text has none.
	"link-missing-file": true, "link-missing-fragment": true, "link-malformed": true}

// inXML are the rules whose reports depend on the format (they read
// Pass.Format), or whose fixes XML escapes or may not apply (in a
// namespace name): their XML documents say what they do there.
var inXML = map[string]bool{"percent-unencoded": true, "link-missing-file": true, "percent-malformed": true, "uri-http-syntax": true, "uri-non-ascii": true, "uri-wrapped-bare": true, "percent-lowercase": true}

// inRSTAndAdoc are the rules whose reports depend on the format (they read
// Pass.Format, or unlinked: whether the format links a URI of its running
// text) or on the links of reStructuredText and AsciiDoc: their .rst and
// .adoc documents say what they do there (issue 24).
var inRSTAndAdoc = map[string]bool{"percent-unencoded": true, "uri-http-syntax": true, "uri-non-ascii": true,
	"uri-wrapped-bare": true, "link-malformed": true, "link-missing-file": true}

// onlyAdoc are the rules that read what only the AsciiDoc walker says of a
// candidate (Candidate.Replacements): their .adoc documents say what they
// do; documents of other formats, where they have any, expect nothing.
var onlyAdoc = map[string]bool{"uri-adoc-replacement": true}

// Every rule is documented with examples and has testdata in the three
// formats, each with at least one expectation for it; in XML, the rules
// of inXML; in reStructuredText and AsciiDoc, those of inRSTAndAdoc.
func TestRulesDocumentedAndTested(t *testing.T) {
	for _, r := range All {
		if !strings.Contains(r.Doc.Fix, "fix") && !strings.Contains(r.Doc.Fix, "Fix") {
			t.Errorf("%s: Doc.Fix does not say what fix is offered", r.Name)
		}
		if src, err := os.ReadFile(strings.ReplaceAll(r.Name, "-", "_") + ".go"); err == nil && bytes.Contains(src, []byte("p.Format")) && !inXML[r.Name] {
			t.Errorf("%s reads Pass.Format: list it in inXML, with XML documents", r.Name)
		}
		if src, err := os.ReadFile(strings.ReplaceAll(r.Name, "-", "_") + ".go"); err == nil && (bytes.Contains(src, []byte("p.Format")) || bytes.Contains(src, []byte("unlinked(p)"))) && !inRSTAndAdoc[r.Name] {
			t.Errorf("%s reads Pass.Format: list it in inRSTAndAdoc, with reStructuredText and AsciiDoc documents", r.Name)
		}
		for _, ext := range []string{".md", ".html", ".txt", ".xml", ".rst", ".adoc"} {
			if onlyAdoc[r.Name] {
				if ext != ".adoc" {
					continue
				}
			} else if ext == ".xml" && !inXML[r.Name] || (ext == ".rst" || ext == ".adoc") && !inRSTAndAdoc[r.Name] {
				continue
			}
			docs, _ := filepath.Glob(filepath.Join("..", "testdata", "rules", r.Name, "*"+ext))
			wants := 0
			for _, doc := range docs {
				src, err := os.ReadFile(doc)
				if err != nil {
					t.Fatal(err)
				}
				ws, err := linttest.ParseWants(extract.FormatOf(doc), src)
				if err != nil {
					t.Fatalf("%s: %v", doc, err)
				}
				for _, w := range ws {
					if w.Rule == r.Name {
						wants++
					}
				}
			}
			if wants == 0 && (ext != ".txt" || !notInText[r.Name]) {
				t.Errorf("%s: no %s document in testdata/rules/%s expects a diagnostic of the rule", r.Name, ext, r.Name)
			}
		}
	}
}

// TestRules lints every document in testdata/rules and compares the
// diagnostics with the expectations written in it (linttest): every
// diagnostic must be expected and every expectation met (docConfig says
// with which configuration). Each document with fixes has golden files:
// .fixed (every safe fix applied) and .fixes (every fix, with its edits).
func TestRules(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("..", "testdata", "rules", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var tested []string
	for _, doc := range docs {
		switch filepath.Ext(doc) {
		case ".md", ".html", ".txt", ".xml", ".svg", ".rst", ".adoc":
			tested = append(tested, doc)
		}
	}
	if len(tested) < 3*len(All) {
		t.Errorf("only %d rule test documents", len(tested))
	}
	opts := linttest.Options{Rules: All, Config: docConfig, Update: *update}
	for _, doc := range tested {
		t.Run(strings.TrimPrefix(doc, filepath.Join("..", "testdata", "rules")+string(filepath.Separator)), func(t *testing.T) {
			linttest.Check(t, opts, doc)
		})
	}
}

// docConfig is the configuration a rule test document is linted with: the
// defaults, with the rule of its directory on (when it is off by default),
// under RFC 2141 for a document whose name holds "rfc2141", and in strict
// mode for one whose name holds "strict".
func docConfig(doc string) *lint.Config {
	cfg := &lint.Config{}
	if r := ByName(filepath.Base(filepath.Dir(doc))); r != nil && r.DefaultOff {
		cfg.Severity = map[string]lint.Severity{r.Name: r.Severity}
	}
	name := filepath.Base(doc)
	if strings.Contains(name, "rfc2141") {
		cfg.URNSyntax = 1
	}
	cfg.Strict = strings.Contains(name, "strict")
	// "NAME.configured.EXT" is linted with the rule's severity given, as a
	// configuration that names it does (some rules check more then).
	if r := ByName(filepath.Base(filepath.Dir(doc))); r != nil && strings.Contains(name, ".configured.") {
		if cfg.Severity == nil {
			cfg.Severity = map[string]lint.Severity{}
		}
		cfg.Severity[r.Name] = r.Severity
	}
	// The relative links of the other rules' documents are test material,
	// not links of a tree: the local link rules look only at their own
	// documents, whose tree is their directory (the project's repository
	// is https://github.com/urilint/fixture, checked out there).
	if dir := filepath.Base(filepath.Dir(doc)); strings.HasPrefix(dir, "link-") {
		abs, _ := filepath.Abs(filepath.Dir(doc))
		cfg.Links = links.Settings{Top: abs, Repository: "https://github.com/urilint/fixture", RepositoryRoot: abs,
			Site: "https://docs.example.org/fixture/", SiteRoot: filepath.Join(abs, "site")}
		// "NAME.slugs-PROFILE.md" is linted under that slug profile.
		if _, p, ok := strings.Cut(strings.TrimSuffix(name, filepath.Ext(name)), ".slugs-"); ok {
			cfg.Links.Slugs = []string{p}
		}
	} else {
		for _, r := range All {
			if strings.HasPrefix(r.Name, "link-") {
				if cfg.Severity == nil {
					cfg.Severity = map[string]lint.Severity{}
				}
				cfg.Severity[r.Name] = lint.Off
			}
		}
	}
	return cfg
}

func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./rules -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test ./rules -update rewrites it; review the diff):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestDocs keeps docs/rules.md in step with the rules.
func TestDocs(t *testing.T) {
	golden(t, filepath.Join("..", "docs", "rules.md"), []byte(Markdown()))
}

// TestRuleTable keeps the table of docs/rules-overview.md in step with the
// rules: every rule, in order, with its category, default severity and
// whether it is on by default.
func TestRuleTable(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "docs", "rules-overview.md"))
	if err != nil {
		t.Fatal(err)
	}
	var rows []string
	for line := range strings.Lines(string(readme)) {
		if strings.HasPrefix(line, "| `") && (strings.Contains(line, "| syntax |") || strings.Contains(line, "| policy |") || strings.Contains(line, "| style |")) {
			cells := strings.Split(line, " | ")
			rows = append(rows, strings.Join(cells[:min(4, len(cells))], " | "))
		}
	}
	var want []string
	for _, r := range All {
		want = append(want, fmt.Sprintf("| `%s` | %s | %s | %s", r.Name, r.Category, r.Severity, onOff(r)))
	}
	if !slices.Equal(rows, want) {
		t.Errorf("docs/rules-overview.md's rule table:\n%s\nwant rows starting:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
}

// TestRuleCount keeps the count of rules the docs give ("runs 28 rules
// with stable IDs", in the README's introduction or wherever the docs say
// it) in step with the rules.
func TestRuleCount(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	paths = append([]string{filepath.Join("..", "README.md")}, paths...)
	said := 0
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		flat := strings.Join(strings.Fields(string(data)), " ")
		for _, m := range regexp.MustCompile(`(\d+) rules with stable IDs`).FindAllStringSubmatch(flat, -1) {
			said++
			if m[1] != strconv.Itoa(len(All)) {
				t.Errorf("%s: %q, but there are %d rules", path, m[0], len(All))
			}
		}
	}
	if said == 0 {
		t.Error("no document says how many rules there are (\"N rules with stable IDs\")")
	}
}

func TestExplain(t *testing.T) {
	got := Explain(URNNUL)
	for _, want := range []string{"urn-nul (policy, default severity warning)", "A URN holds \"%00\"", DocsURLFor("urn-nul")} {
		if !strings.Contains(got, want) {
			t.Errorf("Explain(urn-nul) lacks %q:\n%s", want, got)
		}
	}
}

// DocsURLFor is where a rule is documented.
func DocsURLFor(name string) string { return ByName(name).DocURL() }
