package runner

import (
	"fmt"
	"sync/atomic"

	"github.com/urilint/urilint/lint"
)

// Summary is what a run found: what the summary line says, and what the
// exit status is made of.
type Summary struct {
	// Files counts the files read (linted, fixed, or extracted from), and
	// ProblemFiles those with a diagnostic reported.
	Files, ProblemFiles int
	// BySeverity counts the diagnostics reported, by severity, with those
	// found past lint.MaxFileDiagnostics, which are not listed.
	BySeverity [lint.Error + 1]int
	// Fixable counts the diagnostics reported with a safe fix, and
	// Failing those at or above their file's fail level.
	Fixable, Failing int
	// Fixes counts the fixes applied (Fix) or that would be (Diff), and
	// FixedFiles the files they are in.
	Fixes, FixedFiles int
	// Baselined counts the findings the baseline hid (or the baseline
	// written took), and Gone those the baseline lists that were not
	// found.
	Baselined, Gone int
	// Failed counts the paths that could not be read, linted or fixed,
	// and Unfixed, among them, the files linted whose fixes could not be
	// written.
	Failed, Unfixed int
}

// Problems is how many diagnostics were reported.
func (s *Summary) Problems() int {
	return s.BySeverity[lint.Error] + s.BySeverity[lint.Warning] + s.BySeverity[lint.Info]
}

// counts are a Summary being counted, by the workers of a run.
type counts struct {
	files, problemFiles, fixes, fixedFiles, fixable, failing atomic.Int64
	bySeverity                                               [lint.Error + 1]atomic.Int64
	baselined, gone                                          atomic.Int64
}

func (c *counts) summary(failed, unfixed int) Summary {
	s := Summary{
		Files: int(c.files.Load()), ProblemFiles: int(c.problemFiles.Load()),
		Fixable: int(c.fixable.Load()), Failing: int(c.failing.Load()),
		Fixes: int(c.fixes.Load()), FixedFiles: int(c.fixedFiles.Load()),
		Baselined: int(c.baselined.Load()), Gone: int(c.gone.Load()),
		Failed: failed, Unfixed: unfixed,
	}
	for i := range c.bySeverity {
		s.BySeverity[i] = int(c.bySeverity[i].Load())
	}
	return s
}

// count counts a diagnostic reported in a file whose fail level is fail.
func (c *counts) count(d *lint.Diagnostic, fail lint.Severity) {
	if d.Severity <= lint.Error {
		c.bySeverity[d.Severity].Add(1)
	}
	if d.Severity >= fail { // never with config.FailNone
		c.failing.Add(1)
	}
	for _, f := range d.Fixes {
		if f.Safe {
			c.fixable.Add(1)
			break
		}
	}
}

// unlisted counts the problems of a file that were found but not listed
// (past lint.MaxFileDiagnostics), those at or above the report level, and
// returns the note that says so, or nil.
func (c *counts) unlisted(u lint.Unlisted, fail, report lint.Severity) error {
	total := 0
	for sev, n := range u.BySeverity {
		if lint.Severity(sev) < report {
			continue
		}
		total += n
		c.bySeverity[sev].Add(int64(n))
		if lint.Severity(sev) >= fail {
			c.failing.Add(int64(n))
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
