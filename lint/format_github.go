package lint

import (
	"strconv"
	"strings"
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
// and "," and ":" in properties.

func appendGitHubDiagnostic(dst []byte, d *Diagnostic) []byte {
	cmd := "notice"
	switch d.Severity {
	case Error:
		cmd = "error"
	case Warning:
		cmd = "warning"
	}
	endCol := max(d.End.Column-1, 1) // inclusive
	if d.End.Line == d.Start.Line && endCol < d.Start.Column {
		endCol = d.Start.Column
	}
	dst = append(dst, "::"+cmd+" file="...)
	dst = append(dst, githubProperty.Replace(d.File)...)
	dst = appendKV(dst, ",line=", d.Start.Line)
	dst = appendKV(dst, ",col=", d.Start.Column)
	dst = appendKV(dst, ",endLine=", d.End.Line)
	dst = appendKV(dst, ",endColumn=", endCol)
	dst = append(dst, ",title="...)
	dst = append(dst, githubProperty.Replace(d.Rule.Name)...)
	dst = append(dst, "::"...)
	dst = append(dst, githubData.Replace(d.Message+" ("+d.Rule.DocURL()+")")...)
	return append(dst, '\n')
}

func appendKV(dst []byte, key string, n int) []byte {
	return strconv.AppendInt(append(dst, key...), int64(n), 10)
}

var (
	githubData     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	githubProperty = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ",", "%2C", ":", "%3A")
)
