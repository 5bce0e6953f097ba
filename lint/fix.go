package lint

// maxFixRounds bounds how many times Fix lints a document again: a safe
// fix can reveal more to fix (in Markdown, a fixed URI can end emphasis
// elsewhere), and a few rounds always settle.
const maxFixRounds = 10

// Fix applies the safe fixes of a document, linting the result again until
// no safe fix is left (at most maxFixRounds rounds). It returns the fixed
// document (src itself when nothing was fixed), how many fixes were
// applied, and the diagnostics of the fixed document, as Check lists and
// counts them. (A round applies the fixes of the diagnostics listed: a
// file with more than MaxFileDiagnostics takes more rounds.)
func (ch *Checker) Fix(path string, f Format, src []byte) (fixed []byte, applied int, diags []*Diagnostic, u Unlisted) {
	fixed = src
	for round := 0; ; round++ {
		diags = diags[:0]
		u = ch.Check(path, f, fixed, func(d *Diagnostic) { diags = append(diags, d) })
		if round == maxFixRounds {
			return fixed, applied, diags, u
		}
		out, n := ApplyFixes(fixed, diags, true)
		if n == 0 {
			return fixed, applied, diags, u
		}
		fixed, applied = out, applied+n
	}
}
