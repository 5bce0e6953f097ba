package slug

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/unicode/norm"
)

// casers are the case mappings of the renderers' languages, made on first
// use (a cases.Caser keeps state, so each Slugger has its own).
type casers struct {
	full, ruby, fold cases.Caser
	made             uint8
}

const (
	madeFull = 1 << iota
	madeRuby
	madeFold
)

// lower is full Unicode lower-casing with the final sigma rule: JavaScript's
// toLowerCase, Python's str.lower, Rust's to_lowercase ("İ" is "i̇").
func (c *casers) lower(s string) string {
	if isASCII(s) {
		return asciiLower(s)
	}
	if c.made&madeFull == 0 {
		c.full, c.made = cases.Lower(language.Und), c.made|madeFull
	}
	return c.full.String(s)
}

// lowerRuby is Ruby's String#downcase: full mappings, but no context
// (Σ is always σ).
func (c *casers) lowerRuby(s string) string {
	if isASCII(s) {
		return asciiLower(s)
	}
	if c.made&madeRuby == 0 {
		c.ruby, c.made = cases.Lower(language.Und, cases.HandleFinalSigma(false)), c.made|madeRuby
	}
	return c.ruby.String(s)
}

// casefold is Python's str.casefold (full case folding: "ß" is "ss").
func (c *casers) casefold(s string) string {
	if isASCII(s) {
		return asciiLower(s)
	}
	if c.made&madeFold == 0 {
		c.fold, c.made = cases.Fold(), c.made|madeFold
	}
	return c.fold.String(s)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func isAlphabetic(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.Is(unicode.Other_Alphabetic, r)
}

// isWord is Ruby's \p{Word} (Alphabetic, Mark, Nd, Pc), the class
// Asciidoctor and GitLab's old filter keep; with " " and "-" it is also
// what github-slugger keeps (it deletes the other categories unless the
// code point is Alphabetic).
func isWord(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
	}
	return isAlphabetic(r) || unicode.IsMark(r) || unicode.Is(unicode.Nd, r) || unicode.Is(unicode.Pc, r)
}

// isPyWord is Python's Unicode \w: what str.isalnum accepts (letters and
// numbers of every category) and "_". Marks are not in it.
func isPyWord(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
	}
	return unicode.IsLetter(r) || unicode.IsNumber(r)
}

// isPySpace is Python's str.isspace (Unicode \s): White_Space and the
// information separators U+001C..U+001F.
func isPySpace(r rune) bool {
	return unicode.IsSpace(r) || 0x1c <= r && r <= 0x1f
}

// nfkdASCII is Python's normalize('NFKD', s).encode('ascii', 'ignore').
func nfkdASCII(s string) string {
	if isASCII(s) {
		return s
	}
	d := norm.NFKD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	for i := 0; i < len(d); i++ {
		if d[i] < utf8.RuneSelf {
			b.WriteByte(d[i])
		}
	}
	return b.String()
}

// removeAccents is Hugo's RemoveAccents: NFD, marks (Mn) dropped, NFC.
func removeAccents(s string) string {
	if isASCII(s) {
		return s
	}
	d := norm.NFD.String(s)
	d = strings.Map(func(r rune) rune {
		if unicode.Is(unicode.Mn, r) {
			return -1
		}
		return r
	}, d)
	return norm.NFC.String(d)
}

// pyStrip is Python's str.strip() (Unicode whitespace at both ends).
func pyStrip(s string) string {
	return strings.TrimFunc(s, isPySpace)
}
