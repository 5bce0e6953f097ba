package lint

// Diagnostic is a problem found in a document: where, by which rule, how
// bad, and how to fix it. Places are byte offsets in the document; lines
// and columns are computed at output (extract.Locator).
type Diagnostic struct {
	File     string
	Rule     *Rule
	Severity Severity // the rule's, or the configured one
	Message  string
	// URI is the candidate the problem was found in.
	URI string
	// Start and End delimit the offending bytes (not the whole
	// candidate); End is exclusive.
	Start, End int
	// Ranges, when the rule found the problem more than once in the
	// candidate, holds each place (the first is Start to End), up to 100.
	Ranges []Range
	// Fixes are the ways to resolve it, their edits in document offsets.
	Fixes []Fix

	// fact is a fact recorded for an Across step, carried as a diagnostic
	// through suppression; it is collected, never listed.
	fact *Fact
}

// Range is a span of a document, in byte offsets; End is exclusive.
type Range struct{ Start, End int }

// AllRanges returns the places of the problem: Ranges, or the one from
// Start to End.
func (d *Diagnostic) AllRanges() []Range {
	if len(d.Ranges) > 0 {
		return d.Ranges
	}
	return []Range{{d.Start, d.End}}
}

// MaxFileDiagnostics is how many diagnostics of one file are listed. A
// file with millions of findings is generated or broken, not written by
// someone who will read them all: the first are listed, and the rest only
// counted (Unlisted), so that memory and output stay bounded whatever the
// findings. (One URI makes at most one diagnostic per rule already.)
const MaxFileDiagnostics = 10_000

// Unlisted counts the diagnostics of a file past MaxFileDiagnostics, which
// were found but not listed, by severity.
type Unlisted struct {
	N          int
	BySeverity [Error + 1]int
}

func (u *Unlisted) add(d *Diagnostic) {
	u.N++
	if d.Severity <= Error {
		u.BySeverity[d.Severity]++
	}
}

func (u *Unlisted) merge(o *Unlisted) {
	u.N += o.N
	for i, n := range o.BySeverity {
		u.BySeverity[i] += n
	}
}

// sub takes o, counted in u before, off u.
func (u *Unlisted) sub(o *Unlisted) {
	u.N -= o.N
	for i, n := range o.BySeverity {
		u.BySeverity[i] -= n
	}
}

// Lister lists the first MaxFileDiagnostics diagnostics of a file and
// counts the rest, for a file checked in pieces (CheckWindow).
type Lister struct {
	listed   int
	Unlisted Unlisted
}

// List reports whether d is to be listed; when not, it is counted.
func (l *Lister) List(d *Diagnostic) bool {
	if l.listed < MaxFileDiagnostics {
		l.listed++
		return true
	}
	l.Unlisted.add(d)
	return false
}
