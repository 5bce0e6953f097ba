package extract

import (
	"iter"
	"sort"
	"strings"
	"unicode"
)

// AdocReplacement is a sequence of characters that Asciidoctor's
// replacements substitution turns into a typographic character.
type AdocReplacement struct {
	// Start and End are its offsets in the text searched.
	Start, End int
	// Seq is the sequence as written ("...", "--", "(C)", "'"); Into is
	// the character it becomes ("…", "—", "©", "’"), and Name names it
	// ("an ellipsis").
	Seq, Into, Name string
}

// adocReplacements are Asciidoctor's replacements (Asciidoctor 2.0,
// REPLACEMENTS), in the order it applies them, each to the whole text;
// the two that need a word around them say so. The one table of them:
// AdocReplacements finds them in URIs, and the titles of sections are
// converted with them for their ids (adocTitle).
var adocReplacements = [...]struct {
	seq, into, name string
	// around: 'w' a word character before and after ("a--b"); 'a' a
	// letter or digit before and a letter after ("it's").
	around byte
	// zwsp: Asciidoctor writes a zero-width space after the character
	// ("&#8212;&#8203;"), where a line may break.
	zwsp bool
}{
	{"(C)", "©", "a copyright sign", 0, false},
	{"(R)", "®", "a registered sign", 0, false},
	{"(TM)", "™", "a trade mark sign", 0, false},
	{"--", "—", "an em dash", 'w', true},
	{"...", "…", "an ellipsis", 0, true},
	{"'", "’", "a right single quotation mark", 'a', false},
	{"->", "→", "a right arrow", 0, false},
	{"=>", "⇒", "a right double arrow", 0, false},
	{"<-", "←", "a left arrow", 0, false},
	{"<=", "⇐", "a left double arrow", 0, false},
}

// adocSpacedDash is what Asciidoctor makes of " -- " between spaces (or
// at either end of the text): an em dash between thin spaces, which
// take the place of the spaces.
const adocSpacedDash = "\u2009\u2014\u2009"

// adocReplacementAround reports whether the replacement r of
// adocReplacements may stand at t[i:j], by what is around it.
func adocReplacementAround[T adocText](r int, t T, i, j int) bool {
	switch adocReplacements[r].around {
	case 'w':
		return wordBefore(t, i) && wordAt(t, j)
	case 'a':
		b, a := runeBefore(t, i), runeAt(t, j)
		return i > 0 && (unicode.IsLetter(b) || unicode.IsDigit(b)) && j < len(t) && unicode.IsLetter(a)
	}
	return true
}

// adocReplacementAt returns what Asciidoctor writes for the replacement
// that starts at t[i], and its length, read in one pass from the left
// (as a title is converted; AdocReplacements applies them in the table's
// order instead): 0 when none does.
func adocReplacementAt(t []byte, i int) (string, int) {
	for r := range adocReplacements {
		seq := adocReplacements[r].seq
		if j := i + len(seq); j <= len(t) && string(t[i:j]) == seq && adocReplacementAround(r, t, i, j) {
			if adocReplacements[r].zwsp {
				return adocReplacements[r].into + "\u200b", len(seq)
			}
			return adocReplacements[r].into, len(seq)
		}
	}
	return "", 0
}

// AdocReplacements yields, in order of their offsets, the sequences of s
// that Asciidoctor's replacements substitution turns into typographic
// characters, as it applies them one after the other to text where none
// is escaped: "(C)", "(R)", "(TM)"; "--" between word characters ("a--b",
// not "x--" nor "a---b"); "..." (of "....", the first three); "'" after a
// letter or digit and before a letter ("it's"); "->", "=>", "<-" and
// "<=". A sequence is never part of another that comes before it in that
// order ("<->" is "<" and a right arrow). A sequence right after a "\" is
// escaped, and is not yielded ("\...", "a\--b", "it\'s", "\<-").
//
// (The substitution's " -- " between spaces and "`'" cannot be in a URI.)
func AdocReplacements(s string) iter.Seq[AdocReplacement] {
	return func(yield func(AdocReplacement) bool) {
		if !strings.ContainsAny(s, "(-.'<=") {
			return
		}
		var found []AdocReplacement
		var took []bool // the bytes an earlier replacement took
		taken := func(a, b int) bool {
			if took == nil {
				return false
			}
			for k := max(a, 0); k < b; k++ {
				if took[k] {
					return true
				}
			}
			return false
		}
		for k, r := range adocReplacements {
			for from := 0; ; {
				i := strings.Index(s[from:], r.seq)
				if i < 0 {
					break
				}
				i += from
				j := i + len(r.seq)
				from = i + 1
				if i > 0 && s[i-1] == '\\' {
					from = j // escaped: read as written, and past
					continue
				}
				if taken(i, j) {
					continue
				}
				// A character before that an earlier replacement took
				// is the ";" that ends its entity: no word character.
				if r.around != 0 && (taken(i-1, i) || !adocReplacementAround(k, s, i, j)) {
					continue
				}
				found = append(found, AdocReplacement{Start: i, End: j, Seq: r.seq, Into: r.into, Name: r.name})
				if took == nil {
					took = make([]bool, len(s))
				}
				for k := i; k < j; k++ {
					took[k] = true
				}
				from = j
			}
		}
		sort.Slice(found, func(a, b int) bool { return found[a].Start < found[b].Start })
		for _, f := range found {
			if !yield(f) {
				return
			}
		}
	}
}
