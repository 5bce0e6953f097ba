package main

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/urilint/urilint/lint"
)

// summary counts what the run found, for the line on stderr.
type summary struct {
	files, problemFiles, fixes, fixedFiles, fixable, failing atomic.Int64
	bySeverity                                               [lint.Error + 1]atomic.Int64
	// baselined counts the findings a baseline hid (or --write-baseline
	// took), gone those the baseline lists that were not found.
	baselined, gone atomic.Int64
}

func (s *summary) count(d *lint.Diagnostic, fail lint.Severity) {
	if d.Severity <= lint.Error {
		s.bySeverity[d.Severity].Add(1)
	}
	if d.Severity >= fail && fail != lint.Off {
		s.failing.Add(1)
	}
	for _, f := range d.Fixes {
		if f.Safe {
			s.fixable.Add(1)
			break
		}
	}
}

// unlisted counts the problems of a file that were found but not listed
// (past lint.MaxFileDiagnostics), those at or above the report level, and
// returns the note that says so, or nil.
func (s *summary) unlisted(u lint.Unlisted, fail, report lint.Severity) error {
	total := 0
	for sev, n := range u.BySeverity {
		if lint.Severity(sev) < report {
			continue
		}
		total += n
		s.bySeverity[sev].Add(int64(n))
		if lint.Severity(sev) >= fail && fail != lint.Off {
			s.failing.Add(int64(n))
		}
	}
	if total == 0 {
		return nil
	}
	more := "problems"
	if total == 1 {
		more = "problem"
	}
	return &note{fmt.Sprintf("%d more %s not listed (a file lists its first %d)", total, more, lint.MaxFileDiagnostics)}
}

// line is the summary line: "urilint: 3 problems (1 error, 2 warnings) in
// 2 of 40 files; 2 can be fixed with --fix".
func (s *summary) line(fix, diff bool) string {
	var b strings.Builder
	b.WriteString("urilint: ")
	if fix || diff {
		verb := "fixed"
		if diff {
			verb = "would fix"
		}
		fmt.Fprintf(&b, "%s %s in %s; ", verb, plural(s.fixes.Load(), "problem"), plural(s.fixedFiles.Load(), "file"))
	}
	total := s.bySeverity[lint.Error].Load() + s.bySeverity[lint.Warning].Load() + s.bySeverity[lint.Info].Load()
	if total == 0 {
		fmt.Fprintf(&b, "no problems in %s", plural(s.files.Load(), "file"))
		s.baselineSummary(&b)
		return b.String()
	}
	if fix || diff {
		b.WriteString("left: ")
	}
	var parts []string
	for _, sev := range []lint.Severity{lint.Error, lint.Warning, lint.Info} {
		if n := s.bySeverity[sev].Load(); n > 0 {
			parts = append(parts, plural(n, sev.String()))
		}
	}
	fmt.Fprintf(&b, "%s (%s) in %d of %s", plural(total, "problem"), strings.Join(parts, ", "), s.problemFiles.Load(), plural(s.files.Load(), "file"))
	if n := s.fixable.Load(); n > 0 && !fix && !diff {
		fmt.Fprintf(&b, "; %d can be fixed with --fix", n)
	}
	s.baselineSummary(&b)
	return b.String()
}

// baselineSummary adds to the summary line how many findings the baseline
// hid, and how many it lists that were not found, if any.
func (s *summary) baselineSummary(b *strings.Builder) {
	n, gone := s.baselined.Load(), s.gone.Load()
	if n > 0 {
		fmt.Fprintf(b, "; %d hidden by the baseline", n)
	}
	if gone > 0 {
		fmt.Fprintf(b, "; %d in the baseline no longer found", gone)
	}
}

func plural(n int64, word string) string {
	if n == 1 || word == "info" { // "info" has no plural
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
