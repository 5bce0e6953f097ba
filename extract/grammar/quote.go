package grammar

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Messages show what the input holds, and the input may hold anything: a
// URI of a million characters, a run of them that is not ASCII. Every
// message quotes input with Quote, and shows text derived from it (a
// percent-encoding) with Abbreviate, so that its length is bounded by a
// constant: past abbreviateOver characters, text keeps its first
// abbreviateHead and last abbreviateTail characters around "…", and says
// how long it was. Fixes still carry the whole text in their edits.

const (
	abbreviateHead = 60
	abbreviateTail = 20
	// abbreviateOver is the length past which text is abbreviated: most
	// URIs in documents are shorter, and are quoted whole.
	abbreviateOver = 100
)

// Quote returns s quoted as Go quotes a string (strconv.Quote, as fmt's
// %q), abbreviated if it is longer than 100 characters: "head…tail"
// (N characters), the first 60 characters and the last 20, cut between
// characters (an invalid byte counts as one) and not inside a
// percent-encoding. Text with a double quote or a backslash, and nothing
// that needs an escape (a control character or a tab, a backtick, a byte that is
// not UTF-8), is quoted in backticks as it is: `\"` reads better than
// "\\\"".
func Quote(s string) string {
	q := strconv.Quote
	if strings.ContainsAny(s, "\"\\") && strconv.CanBackquote(s) && !strings.Contains(s, "\t") {
		q = func(s string) string { return "`" + s + "`" }
	}
	head, tail, n, ok := abbreviation(s)
	if !ok {
		return q(s)
	}
	h := q(head)
	return h[:len(h)-1] + "…" + q(tail)[1:] + " (" + strconv.Itoa(n) + " characters)"
}

// Abbreviate returns s as it is, or abbreviated as Quote abbreviates it,
// without the quotes: for text that a message shows as it is, such as a
// percent-encoding.
func Abbreviate(s string) string {
	head, tail, n, ok := abbreviation(s)
	if !ok {
		return s
	}
	return head + "…" + tail + " (" + strconv.Itoa(n) + " characters)"
}

// abbreviation returns the head and tail of s that Quote keeps and its
// length in characters, or ok false when s is short enough to show whole.
func abbreviation(s string) (head, tail string, n int, ok bool) {
	if len(s) <= abbreviateOver {
		return "", "", 0, false // as many characters at most
	}
	n = utf8.RuneCountInString(s)
	if n <= abbreviateOver {
		return "", "", n, false
	}
	h := 0
	for range abbreviateHead {
		_, size := utf8.DecodeRuneInString(s[h:])
		h += size
	}
	t := len(s)
	for range abbreviateTail {
		_, size := utf8.DecodeLastRuneInString(s[:t])
		t -= size
	}
	// Not inside a percent-encoding: the head ends before one it would
	// cut, the tail starts at its "%".
	for _, k := range []int{h - 1, h - 2} {
		if s[k] == '%' {
			h = k
			break
		}
	}
	for _, k := range []int{t - 1, t - 2} {
		if s[k] == '%' {
			t = k
			break
		}
	}
	return s[:h], s[t:], n, true
}

// Messagef is fmt.Sprintf for messages: a string argument of a %q verb is
// quoted by Quote, abbreviated past 100 characters. Other verbs and
// arguments format as fmt formats them: text from the input that a message
// shows with %s (inside quotes of the format's own, say) goes through
// Abbreviate first.
func Messagef(format string, args ...any) string {
	for i, a := range args {
		if s, ok := a.(string); ok {
			args[i] = quoted(s)
		}
	}
	return fmt.Sprintf(format, args...)
}

// quoted is a string argument of Messagef.
type quoted string

func (q quoted) Format(f fmt.State, verb rune) {
	if verb == 'q' && !f.Flag('#') && !f.Flag('+') {
		_, _ = io.WriteString(f, Quote(string(q)))
		return
	}
	_, _ = fmt.Fprintf(f, fmt.FormatString(f, verb), string(q))
}

// Count is n and the noun, plural (an "s" added) unless n is 1, for
// messages: "1 group", "3 groups", "1 hexadecimal digit".
func Count(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
