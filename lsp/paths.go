package lsp

import (
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint/config"
)

// uriPath returns the path of the file a document's file: URI names on
// this machine, or "" (see filePath).
func uriPath(uri p.DocumentUri) string {
	return filePath(string(uri), runtime.GOOS == "windows")
}

// filePath returns the path of the file a file: URI (RFC 8089) names, as
// Windows writes paths when windows is set, else as Unix does; or "" for a
// URI that is not a file: URI or names no file of this machine. It is the
// one conversion of the server, a pure function so that both are tested on
// any machine. Percent-encodings are decoded (the "%3A" of VS Code's
// "file:///c%3A/x/a.md", "%20" for a space).
//
// On Windows, "file:///c:/x/a.md" is c:\x\a.md (the drive letter after the
// first "/", or "c|", appendix E.2), and a host names a UNC share:
// "file://server/share/a.md" (and "file:////server/share/a.md", appendix
// E.3.2) is \\server\share\a.md. On Unix, only "file:///path" and
// "file://localhost/path" name a file here.
func filePath(uri string, windows bool) string {
	u, err := url.Parse(uri)
	if err != nil || !strings.EqualFold(u.Scheme, "file") || u.Opaque != "" || u.Path == "" {
		return ""
	}
	host, path := u.Host, u.Path
	if strings.EqualFold(host, "localhost") {
		host = ""
	}
	if !windows {
		if host != "" || !strings.HasPrefix(path, "/") {
			return ""
		}
		return path
	}
	if host == "" && strings.HasPrefix(path, "//") { // file:////server/share
		host, path, _ = strings.Cut(path[2:], "/")
		path = "/" + path
		if host == "" {
			return ""
		}
	}
	path = strings.ReplaceAll(path, "/", `\`)
	if host != "" {
		return `\\` + host + path
	}
	if len(path) >= 3 && path[0] == '\\' && isLetter(path[1]) && (path[2] == ':' || path[2] == '|') {
		path = path[1:2] + ":" + path[3:]
		if len(path) == 2 {
			path += `\`
		}
	}
	return path
}

// isLetter reports whether c is an ASCII letter, as a drive letter is.
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

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
func formatOf(lang p.LanguageKind, path string) extract.Format {
	if f, ok := extract.FormatOfLanguage(string(lang)); ok {
		return f
	}
	return extract.FormatOf(path)
}
