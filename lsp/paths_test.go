package lsp

import "testing"

// TestFilePath converts document URIs to paths with Windows's rules and
// with Unix's, whatever the machine: the server uses the same function on
// every OS (uriPath).
func TestFilePath(t *testing.T) {
	for _, c := range []struct {
		uri, windows, unix string
	}{
		{"file:///home/me/a.md", `\home\me\a.md`, "/home/me/a.md"},
		{"file://localhost/home/me/a.md", `\home\me\a.md`, "/home/me/a.md"},
		{"file://LOCALHOST/home/me/a.md", `\home\me\a.md`, "/home/me/a.md"},
		{"FILE:///home/me/a.md", `\home\me\a.md`, "/home/me/a.md"},
		// A drive letter, as Neovim and VS Code write it (VS Code
		// percent-encodes the colon).
		{"file:///c:/x/a.md", `c:\x\a.md`, "/c:/x/a.md"},
		{"file:///C:/x/a.md", `C:\x\a.md`, "/C:/x/a.md"},
		{"file:///C%3A/x", `C:\x`, "/C:/x"},
		{"file:///c%3a/x/a.md", `c:\x\a.md`, "/c:/x/a.md"},
		{"file:///c:", `c:\`, "/c:"},
		{"file:///c:/", `c:\`, "/c:/"},
		{"file:///c|/x/a.md", `c:\x\a.md`, "/c|/x/a.md"}, // RFC 8089 appendix E.2.2
		{"file://localhost/c:/x/a.md", `c:\x\a.md`, "/c:/x/a.md"},
		// UNC: a host is a server's share on Windows, and no file here on
		// Unix.
		{"file://server/share/a.md", `\\server\share\a.md`, ""},
		{"file:////server/share/a.md", `\\server\share\a.md`, "//server/share/a.md"},
		{"file://server.example.com/share/dir%20x/a.md", `\\server.example.com\share\dir x\a.md`, ""},
		// Percent-encoded characters, spaces included.
		{"file:///c%3A/My%20Documents/caf%C3%A9%23.md", `c:\My Documents\café#.md`, "/c:/My Documents/café#.md"},
		{"file:///home/me/50%25%20off.md", `\home\me\50% off.md`, "/home/me/50% off.md"},
		{"file:///home/me/%E2%9C%93.md", `\home\me\✓.md`, "/home/me/✓.md"},
		// Not a file of this machine.
		{"untitled:Untitled-1", "", ""},
		{"https://example.com/a.md", "", ""},
		{"file:a.md", "", ""},
		{"file://", "", ""},
		{"file:///a%zz.md", "", ""},
		{"file://////", "", "////"},
	} {
		if got := filePath(c.uri, true); got != c.windows {
			t.Errorf("filePath(%q) on Windows = %q, want %q", c.uri, got, c.windows)
		}
		if got := filePath(c.uri, false); got != c.unix {
			t.Errorf("filePath(%q) on Unix = %q, want %q", c.uri, got, c.unix)
		}
	}
}
