package main

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/runner"
)

// summaryLine is check's summary line: "urilint: 3 problems (1 error, 2
// warnings) in 2 of 40 files; 2 can be fixed with --fix", with what the
// fixes did (--fix, --diff), what the baseline hid, and the paths that
// could not be linted or fixed.
func summaryLine(s runner.Summary, fix, diff bool) string {
	var b strings.Builder
	b.WriteString("urilint: ")
	// What failed comes first: a path not linted is no success, whatever
	// follows.
	if n := s.Failed - s.Unfixed; n > 0 {
		fmt.Fprintf(&b, "%s could not be linted; ", plural(n, "path"))
	}
	if s.Unfixed > 0 {
		fmt.Fprintf(&b, "%s could not be fixed; ", plural(s.Unfixed, "file"))
	}
	if s.Files == 0 && s.Failed > 0 {
		return strings.TrimSuffix(b.String(), "; ")
	}
	if s.Files == 0 {
		// Nothing linted is no success either: a path of code only, an
		// include that matches nothing, an empty directory.
		b.WriteString("warning: no file was linted: the paths given hold no document urilint reads (which files are read: https://github.com/urilint/urilint/blob/main/docs/usage.md#choosing-files)")
		return b.String()
	}
	if fix || diff {
		verb := "fixed"
		if diff {
			verb = "would fix"
		}
		fmt.Fprintf(&b, "%s %s in %s; ", verb, plural(s.Fixes, "problem"), plural(s.FixedFiles, "file"))
	}
	if s.Problems() == 0 {
		fmt.Fprintf(&b, "no problems in %s", plural(s.Files, "file"))
	} else {
		if fix || diff {
			b.WriteString("left: ")
		}
		var parts []string
		for _, sev := range []lint.Severity{lint.Error, lint.Warning, lint.Info} {
			if n := s.BySeverity[sev]; n > 0 {
				parts = append(parts, plural(n, sev.String()))
			}
		}
		fmt.Fprintf(&b, "%s (%s) in %d of %s", plural(s.Problems(), "problem"), strings.Join(parts, ", "), s.ProblemFiles, plural(s.Files, "file"))
		if s.Fixable > 0 && !fix && !diff {
			fmt.Fprintf(&b, "; %d can be fixed with --fix", s.Fixable)
		}
	}
	if s.Baselined > 0 {
		fmt.Fprintf(&b, "; %d hidden by the baseline", s.Baselined)
	}
	if s.Gone > 0 {
		fmt.Fprintf(&b, "; %d in the baseline no longer found", s.Gone)
	}
	return b.String()
}

func plural(n int, word string) string {
	if n == 1 || word == "info" { // "info" has no plural
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
