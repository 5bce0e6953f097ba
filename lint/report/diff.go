package report

import (
	"bytes"
	"strings"

	"github.com/aymanbagabas/go-udiff"
)

// UnifiedDiff returns the unified diff from old to new of the file name
// (labelled a/name and b/name, quoted as git does: see diffLabel), or ""
// when they are equal.
func UnifiedDiff(name string, old, new []byte) string {
	if bytes.Equal(old, new) {
		return ""
	}
	o := string(old)
	u, err := udiff.ToUnifiedDiff(diffLabel("a/", name), diffLabel("b/", name), o, udiff.Lines(o, string(new)), udiff.DefaultContextLines)
	if err != nil { // cannot happen: the edits are udiff's own
		panic(err)
	}
	// go-udiff v0.4.1 misnumbers the new side of a hunk after one that
	// joins two changes with unchanged lines between them (it leaves those
	// lines out of its count): each hunk's new start is its old start moved
	// by what the hunks before it added and removed.
	delta := 0
	for _, h := range u.Hunks {
		h.ToLine = h.FromLine + delta
		for _, l := range h.Lines {
			switch l.Kind {
			case udiff.Insert:
				delta++
			case udiff.Delete:
				delta--
			}
		}
	}
	return u.String()
}

// diffLabel returns prefix+name as git writes it in the "---" and "+++"
// lines of a diff, so that git apply and patch read the name back: quoted
// C-style when it holds a control character, a double quote, a backslash
// or a byte outside ASCII (git's default, core.quotePath), and followed by
// a tab when it holds a space.
func diffLabel(prefix, name string) string {
	label := prefix + name
	if needsCQuote(label) {
		label = cQuote(label)
	}
	if strings.Contains(name, " ") {
		label += "\t"
	}
	return label
}

// needsCQuote reports whether git quotes s.
func needsCQuote(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			return true
		}
	}
	return false
}

// cQuote quotes s as git's quote_c_style does: \a \b \t \n \v \f \r \" \\
// and three octal digits for any other control or non-ASCII byte.
func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			if c < 0x20 || c >= 0x7f {
				b.WriteByte('\\')
				b.WriteByte('0' + c>>6)
				b.WriteByte('0' + c>>3&7)
				b.WriteByte('0' + c&7)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
