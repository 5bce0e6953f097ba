package extract

import (
	"iter"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
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
// the two that need a word around them say so.
var adocReplacements = [...]struct {
	seq, into, name string
	// around: 'w' a word character before and after ("a--b"); 'a' a
	// letter or digit before and a letter after ("it's").
	around byte
}{
	{"(C)", "©", "a copyright sign", 0},
	{"(R)", "®", "a registered sign", 0},
	{"(TM)", "™", "a trade mark sign", 0},
	{"--", "—", "an em dash", 'w'},
	{"...", "…", "an ellipsis", 0},
	{"'", "’", "a right single quotation mark", 'a'},
	{"->", "→", "a right arrow", 0},
	{"=>", "⇒", "a right double arrow", 0},
	{"<-", "←", "a left arrow", 0},
	{"<=", "⇐", "a left double arrow", 0},
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
		for _, r := range adocReplacements {
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
				switch r.around {
				case 'w':
					if !adocWordBefore(s, i) || taken(i-1, i) || !adocWordAt(s, j) {
						continue
					}
				case 'a':
					if !adocAlnumBefore(s, i) || taken(i-1, i) || !adocAlphaAt(s, j) {
						continue
					}
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

// adocWordBefore reports whether a word character ends s[:i].
func adocWordBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return i > 0 && isWordRune(r)
}

// adocAlnumBefore reports whether a letter or a digit ends s[:i].
func adocAlnumBefore(s string, i int) bool {
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return i > 0 && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// adocAlphaAt reports whether a letter starts s[i:].
func adocAlphaAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return i < len(s) && unicode.IsLetter(r)
}

// adocWordAt reports whether a word character starts s[i:].
func adocWordAt(s string, i int) bool {
	r, _ := utf8.DecodeRuneInString(s[i:])
	return i < len(s) && isWordRune(r)
}
