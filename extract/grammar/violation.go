package grammar

// Violation is one violation of a syntax defined on top of RFC 3986 or
// RFC 8141, as the checkers of a scheme's syntax (rules/scheme) and of a
// URN namespace's (rules/urnns) report it, at bytes [Start, End) of the
// string checked (the URI, or the namespace-specific string); Start ==
// End marks where something is missing.
//
// It is not a Problem, which every parse makes and which is kept small
// (a code and a span: its message is made only when a rule reports it,
// and the engine runs a rule only on candidates with one of its codes).
// A Violation is found only by the checker of one scheme or namespace,
// and carries what its checker alone knows: the message, and the text
// the author most likely meant. A rule reports it as a lint.Finding, the
// one vocabulary of rules.
type Violation struct {
	// Code names the check that failed, stable within the checker's
	// package, so that a rule can treat some apart (one it reports only
	// in some contexts); "" where the package tells none apart.
	Code       string
	Start, End int
	Message    string
	// Fix, when HasFix, replaces bytes [FixStart, FixEnd) of the string
	// checked: the likely intended text, never certain. FixMessage says
	// so in the imperative, or is "" for the rule to say it.
	Fix              string
	FixStart, FixEnd int
	FixMessage       string
}

// HasFix reports whether v offers a fix.
func (v *Violation) HasFix() bool { return v.Fix != "" || v.FixMessage != "" }
