package lsp

import (
	"net/url"
	"path/filepath"
	"slices"

	p "github.com/myleshyson/lsprotocol-go/protocol"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
)

// uriPath returns the file path of a file: URI, or "".
func uriPath(uri p.DocumentUri) string {
	u, err := url.Parse(string(uri))
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.FromSlash(u.Path)
}

// configPath is the path a document's configuration is looked for from:
// its own, or the working directory's for a document that is not a file.
func configPath(path string) string {
	if path == "" {
		return "untitled"
	}
	return path
}

func isConfig(path string) bool {
	return path != "" && slices.Contains(config.Names, filepath.Base(path))
}

// formatOf chooses the walker for a document: by its language, else by
// its file name.
func formatOf(lang p.LanguageKind, path string) lint.Format {
	switch lang {
	case "markdown", "mdx":
		return lint.Markdown
	case "html", "xhtml":
		return lint.HTML
	case "xml", "xsl":
		return lint.XML
	case "plaintext":
		return lint.Text
	}
	return lint.FormatOf(path)
}
