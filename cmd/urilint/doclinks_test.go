package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// readmeMaxLines is how long the README may grow: it is the front page,
// and the reference is in docs/.
const readmeMaxLines = 200

// TestDocumentLinks checks the links between the project's documents: a
// relative link names a file of the repository, and its fragment a
// heading of that document (as GitHub makes anchors of headings), so that
// a section moved from one document to another leaves no link behind.
// The README stays short and links every page of docs/ and
// CONTRIBUTING.md: each is one click from the front page.
func TestDocumentLinks(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	md := goldmark.New(goldmark.WithExtensions(extension.GFM))
	type parsed struct {
		links   []string
		anchors map[string]bool
	}
	docs := map[string]parsed{}
	read := func(doc string) parsed {
		if p, ok := docs[doc]; ok {
			return p
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(doc)))
		if err != nil {
			t.Fatal(err)
		}
		p := parsed{anchors: map[string]bool{}}
		seen := map[string]int{}
		tree := md.Parser().Parse(text.NewReader(src))
		err = ast.Walk(tree, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if !entering {
				return ast.WalkContinue, nil
			}
			switch n := n.(type) {
			case *ast.Heading:
				a := headingAnchor(plainText(n, src))
				if k := seen[a]; k > 0 {
					p.anchors[fmt.Sprintf("%s-%d", a, k)] = true
				} else {
					p.anchors[a] = true
				}
				seen[a]++
			case *ast.Link:
				p.links = append(p.links, string(n.Destination))
			case *ast.Image:
				p.links = append(p.links, string(n.Destination))
			}
			return ast.WalkContinue, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		docs[doc] = p
		return p
	}
	own := ownDocuments(t, root)
	for _, doc := range own {
		if !strings.HasSuffix(doc, ".md") {
			continue
		}
		for _, link := range read(doc).links {
			if strings.Contains(link, ":") || strings.HasPrefix(link, "//") {
				continue // a URI with a scheme (a colon in a relative path is none of ours)
			}
			target, frag, _ := strings.Cut(link, "#")
			if target == "" {
				target = doc
			} else {
				target = path.Join(path.Dir(doc), target)
			}
			st, err := os.Stat(filepath.Join(root, filepath.FromSlash(target)))
			if err != nil || strings.HasPrefix(target, "../") {
				t.Errorf("%s: the link %q names no file of the repository", doc, link)
				continue
			}
			if frag == "" {
				continue
			}
			if st.IsDir() || !strings.HasSuffix(target, ".md") {
				t.Errorf("%s: the link %q has a fragment, but %s is no Markdown document", doc, link, target)
				continue
			}
			if !read(target).anchors[frag] {
				t.Errorf("%s: the link %q names no heading of %s", doc, link, target)
			}
		}
	}

	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "\n"); n > readmeMaxLines {
		t.Errorf("README.md has %d lines, more than %d: the reference goes to docs/", n, readmeMaxLines)
	}
	linked := map[string]bool{}
	for _, link := range read("README.md").links {
		target, _, _ := strings.Cut(link, "#")
		linked[path.Clean(target)] = true
	}
	for _, doc := range own {
		if (strings.HasPrefix(doc, "docs/") || doc == "CONTRIBUTING.md") && strings.HasSuffix(doc, ".md") && !linked[doc] {
			t.Errorf("README.md does not link %s", doc)
		}
	}
	for _, doc := range []string{"docs/usage.md", "docs/configuration.md", "docs/output.md", "docs/integrations.md", "docs/evaluation.md", "CONTRIBUTING.md", "LICENSE"} {
		if !linked[doc] {
			t.Errorf("README.md does not link %s", doc)
		}
	}
	if slices.ContainsFunc(strings.Split(string(readme), "\n"), func(l string) bool { return strings.Contains(l, "../shared") }) {
		t.Error("README.md points at ../shared, which readers of a clone do not have")
	}
}

// plainText is the text of a node as a reader sees it: code spans' text
// included, markup left out.
func plainText(n ast.Node, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

// headingAnchor is the anchor GitHub gives a heading: its text in lower
// case, with every character but letters, digits, spaces, "-" and "_"
// removed, and each space made a "-".
func headingAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestHeadingAnchor(t *testing.T) {
	for in, want := range map[string]string{
		"urilint extract [flags] PATH...":        "urilint-extract-flags-path",
		"Editors (urilint lsp)":                  "editors-urilint-lsp",
		"check --format json and --format jsonl": "check---format-json-and---format-jsonl",
		"Against the Nu Html Checker":            "against-the-nu-html-checker",
	} {
		if got := headingAnchor(in); got != want {
			t.Errorf("headingAnchor(%q) = %q, want %q", in, got, want)
		}
	}
}
