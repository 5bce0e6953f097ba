package report

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/lint"
)

// The github format: GitHub Actions workflow commands, one per line, which
// the runner turns into annotations on the pull request:
//
//	::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=RULE::message (doc URL)
//
// error is "warning" for warnings and "notice" for info. col and endColumn
// are 1-based and inclusive (GitHub's annotations mark from col to
// endColumn); a zero-width diagnostic (an insertion point) has endColumn =
// col. Values are escaped as the runner expects: "%", CR and LF everywhere,
// and "," and ":" in properties. The runner decodes no other escape, but no
// other character that is not printable is written raw either (a file name
// may hold an escape sequence for the log's terminal, or a bidirectional
// override that shows the text other than it is): C0 controls, DEL, C1
// controls, every other character that is not printable (see Printable)
// and invalid UTF-8 are percent-encoded too, byte by byte, and stay so in
// the annotation. A line starting "::" is read as a workflow command
// (TryParseV2), never as the older "##[command]" anywhere in it, which the
// runner tries only when the first fails.
//
// The file is named as GitHub names the files of a repository, with "/"
// between the elements of its path on every system: on a Windows runner a
// walk yields docs\a.md, which GitHub would match to no file of the pull
// request (SARIF's artifact URIs are converted the same way, sarifURI).

// appendGitHubDiagnostic appends the workflow command of a diagnostic; sep
// is the system's path separator (filepath.Separator: a parameter, so that
// the tests use Windows's on every system).
func appendGitHubDiagnostic(dst []byte, d *lint.Diagnostic, loc Positions, sep byte) []byte {
	cmd := "notice"
	switch d.Severity {
	case lint.Error:
		cmd = "error"
	case lint.Warning:
		cmd = "warning"
	}
	start, end := loc.Pos(d.Start), loc.Pos(d.End)
	endCol := max(end.Column-1, 1) // inclusive
	if end.Line == start.Line && endCol < start.Column {
		endCol = start.Column
	}
	dst = append(dst, "::"+cmd+" file="...)
	dst = appendGitHub(dst, slashPath(d.File, sep), true)
	dst = appendKV(dst, ",line=", start.Line)
	dst = appendKV(dst, ",col=", start.Column)
	dst = appendKV(dst, ",endLine=", end.Line)
	dst = appendKV(dst, ",endColumn=", endCol)
	dst = append(dst, ",title="...)
	dst = appendGitHub(dst, d.Rule.Name, true)
	dst = append(dst, "::"...)
	dst = appendGitHub(dst, d.Message+" ("+d.Rule.DocURL()+")", false)
	return append(dst, '\n')
}

// slashPath is path with its separators, sep, written "/". On Unix, where
// sep is "/", a "\" is a character of a name and stays.
func slashPath(path string, sep byte) string {
	if sep == '/' {
		return path
	}
	return strings.ReplaceAll(path, string(sep), "/")
}

func appendKV(dst []byte, key string, n int) []byte {
	return strconv.AppendInt(append(dst, key...), int64(n), 10)
}

// appendGitHub appends s escaped as a workflow command's data or, when
// property, as a property value.
func appendGitHub(dst []byte, s string, property bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 || !strconv.IsPrint(r) {
				for _, b := range []byte(s[i : i+size]) {
					dst = append(dst, '%', hexDigits[b>>4], hexDigits[b&15])
				}
			} else {
				dst = append(dst, s[i:i+size]...)
			}
			i += size
			continue
		}
		i++
		if c < 0x20 || c == 0x7f || c == '%' || property && (c == ',' || c == ':') {
			dst = append(dst, '%', hexDigits[c>>4], hexDigits[c&15])
		} else {
			dst = append(dst, c)
		}
	}
	return dst
}

const hexDigits = "0123456789ABCDEF"
