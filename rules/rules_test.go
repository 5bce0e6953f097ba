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
)

var update = flag.Bool("update", false, "rewrite golden files (fixes, docs/rules.md)")

func TestValidate(t *testing.T) {
	if err := lint.Validate(All); err != nil {
		t.Fatal(err)
	}
}

// notInText are the rules that cannot fire in plain text: the scanner
// starts a candidate only at a valid scheme.
var notInText = map[string]bool{"uri-scheme-syntax": true, "uri-relative-colon": true}

// Every rule is documented with examples and has testdata in the three
// formats, each with at least one expectation for it.
func TestRulesDocumentedAndTested(t *testing.T) {
	for _, r := range All {
		if !strings.Contains(r.Doc.Fix, "fix") && !strings.Contains(r.Doc.Fix, "Fix") {
			t.Errorf("%s: Doc.Fix does not say what fix is offered", r.Name)
		}
		for _, ext := range []string{".md", ".html", ".txt"} {
			docs, _ := filepath.Glob(filepath.Join("..", "testdata", "rules", r.Name, "*"+ext))
			wants := 0
			for _, doc := range docs {
				src, err := os.ReadFile(doc)
				if err != nil {
					t.Fatal(err)
				}
				ws, err := parseWants(src)
				if err != nil {
					t.Fatalf("%s: %v", doc, err)
				}
				for _, w := range ws {
					if w.rule == r.Name {
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

// want is an expectation written in a test document:
//
//	<!-- want[+N] RULE@COL[-END] "regexp" ... -->
//
// The diagnostic is on the comment's line plus N, by RULE, starting at
// character column COL (ending at END, exclusive, if given), with a message
// matching the regexp between the quotes (where \" stands for a quote and
// any other backslash belongs to the regexp).
type want struct {
	line, col, end int
	rule           string
	msg            *regexp.Regexp
	matched        bool
}

var (
	wantComment = regexp.MustCompile(`<!-- want([+-]\d+)? (.*?) -->`)
	wantItem    = regexp.MustCompile(`^\s*([a-z0-9-]+)@(\d+)(?:-(\d+))?\s+("(?:[^"\\]|\\.)*")`)
)

func parseWants(src []byte) ([]*want, error) {
	var wants []*want
	for i, line := range bytes.Split(src, []byte("\n")) {
		for _, m := range wantComment.FindAllSubmatch(line, -1) {
			offset := 0
			if len(m[1]) > 0 {
				offset, _ = strconv.Atoi(string(m[1]))
			}
			rest := string(m[2])
			for strings.TrimSpace(rest) != "" {
				item := wantItem.FindStringSubmatch(rest)
				if item == nil {
					return nil, fmt.Errorf("line %d: cannot read expectation %q", i+1, rest)
				}
				w := &want{line: i + 1 + offset, rule: item[1]}
				w.col, _ = strconv.Atoi(item[2])
				if item[3] != "" {
					w.end, _ = strconv.Atoi(item[3])
				}
				pattern := strings.ReplaceAll(item[4][1:len(item[4])-1], `\"`, `"`)
				var err error
				if w.msg, err = regexp.Compile(pattern); err != nil {
					return nil, fmt.Errorf("line %d: %w", i+1, err)
				}
				if ByName(w.rule) == nil {
					return nil, fmt.Errorf("line %d: unknown rule %q", i+1, w.rule)
				}
				wants = append(wants, w)
				rest = rest[len(item[0]):]
			}
		}
	}
	return wants, nil
}

// blankWants replaces the want comments with spaces, so that they are not
// linted and no offset moves.
func blankWants(src []byte) []byte {
	out := bytes.Clone(src)
	for _, m := range wantComment.FindAllIndex(src, -1) {
		for i := m[0]; i < m[1]; i++ {
			out[i] = ' '
		}
	}
	return out
}

func check(t *testing.T, path string, src []byte, cfg *lint.Config) []*lint.Diagnostic {
	t.Helper()
	c := lint.Config{}
	if cfg != nil {
		c = *cfg
	}
	c.Across = lint.NewAcross() // the document is the run
	ch, err := lint.NewChecker(All, &c)
	if err != nil {
		t.Fatal(err)
	}
	var diags []*lint.Diagnostic
	ch.Check(path, extract.FormatOf(path), src, func(d *lint.Diagnostic) { diags = append(diags, d) })
	for _, p := range c.Across.Finish([]string{path}) {
		diags = append(diags, p.Diagnostic)
	}
	return diags
}

// TestRules lints every document in testdata/rules and compares the
// diagnostics with the expectations written in it: every diagnostic must be
// expected and every expectation met (docConfig says with which
// configuration). Each document with fixes has golden files:
// .fixed (every safe fix applied) and .fixes (every fix, with its edits).
func TestRules(t *testing.T) {
	docs, err := filepath.Glob(filepath.Join("..", "testdata", "rules", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	tested := 0
	for _, doc := range docs {
		switch filepath.Ext(doc) {
		case ".md", ".html", ".txt":
		default:
			continue
		}
		tested++
		t.Run(strings.TrimPrefix(doc, filepath.Join("..", "testdata", "rules")+string(filepath.Separator)), func(t *testing.T) {
			src, err := os.ReadFile(doc)
			if err != nil {
				t.Fatal(err)
			}
			wants, err := parseWants(src)
			if err != nil {
				t.Fatal(err)
			}
			cfg := docConfig(doc)
			blanked := blankWants(src)
			diags := check(t, doc, blanked, cfg)
			loc := extract.NewLocator(blanked)
			for _, d := range diags {
				if start, end := loc.Pos(d.Start), loc.Pos(d.End); !expected(wants, d, start, end) {
					t.Errorf("%d:%d-%d: unexpected %s: %s", start.Line, start.Column, end.Column, d.Rule.Name, d.Message)
				}
			}
			for _, w := range wants {
				if !w.matched {
					t.Errorf("%d:%d: expected %s matching %q, got none", w.line, w.col, w.rule, w.msg)
				}
			}
			checkFixes(t, doc, src, blanked, diags, cfg)
		})
	}
	if tested < 3*len(All) {
		t.Errorf("only %d rule test documents", tested)
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
	return cfg
}

// expected reports whether a want matches d, from start to end, and marks
// it matched.
func expected(wants []*want, d *lint.Diagnostic, start, end extract.Pos) bool {
	for _, w := range wants {
		if !w.matched && w.rule == d.Rule.Name && w.line == start.Line && w.col == start.Column &&
			(w.end == 0 || w.end == end.Column && end.Line == start.Line) && w.msg.MatchString(d.Message) {
			w.matched = true
			return true
		}
	}
	return false
}

// checkFixes compares the fixes with the golden files, and checks that the
// safe fixes hold: applied, they leave no diagnostic that had one, and
// they remove no other.
func checkFixes(t *testing.T, doc string, src, blanked []byte, diags []*lint.Diagnostic, cfg *lint.Config) {
	t.Helper()
	var list strings.Builder
	safe := 0
	pos := func(off int) extract.Pos { return extract.NewLocator(blanked).Pos(off) }
	for _, d := range diags {
		for _, f := range d.Fixes {
			kind := "unsafe"
			if f.Safe {
				kind = "safe"
			}
			start := pos(d.Start)
			fmt.Fprintf(&list, "%d:%d %s: %s fix: %s:", start.Line, start.Column, d.Rule.Name, kind, f.Message)
			for _, e := range f.Edits {
				s, en := pos(e.Start), pos(e.End)
				fmt.Fprintf(&list, " [%d:%d-%d:%d %q]", s.Line, s.Column, en.Line, en.Column, e.New)
			}
			list.WriteString("\n")
		}
		if slicesContainsSafe(d.Fixes) {
			safe++
		}
	}
	if list.Len() == 0 {
		return
	}
	fixed, applied := lint.ApplyFixes(src, diags, true)
	if applied != safe {
		t.Errorf("%d of %d safe fixes applied: fixes overlap", applied, safe)
	}
	golden(t, doc+".fixes", []byte(list.String()))
	golden(t, doc+".fixed", fixed)

	// Lint again: what had a safe fix is gone, and nothing else changed.
	fixedBlanked, _ := lint.ApplyFixes(blanked, diags, true)
	again := check(t, doc, fixedBlanked, cfg)
	if len(again) != len(diags)-safe {
		t.Errorf("after the safe fixes, %d diagnostics; want %d", len(again), len(diags)-safe)
	}
	for _, d := range again {
		if slicesContainsSafe(d.Fixes) {
			p := extract.NewLocator(fixedBlanked).Pos(d.Start)
			t.Errorf("after the safe fixes: %d:%d %s: %s still has a safe fix", p.Line, p.Column, d.Rule.Name, d.Message)
		}
	}
}

func slicesContainsSafe(fixes []lint.Fix) bool {
	for _, f := range fixes {
		if f.Safe {
			return true
		}
	}
	return false
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

// TestReadmeRuleTable keeps the README's rule table in step with the rules:
// every rule, in order, with its category, default severity and whether it
// is on by default.
func TestReadmeRuleTable(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
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
		t.Errorf("README rule table:\n%s\nwant rows starting:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
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
