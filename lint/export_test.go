package lint

// What the external tests (package lint_test) use of the package's
// internals.

// MaxMessage is the longest message a diagnostic or a fix carries.
const MaxMessage = maxMessage
