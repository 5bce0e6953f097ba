package lint

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
)

// Suppression comments turn rules off for a line, a stretch or a file:
//
//	<!-- urilint-disable-next-line RULE[,RULE] -- reason -->
//	<!-- urilint-disable-line RULE -->        on the line of the comment
//	<!-- urilint-disable RULE -->  ...  <!-- urilint-enable RULE -->
//	<!-- urilint-disable-file RULE -->        anywhere in the file
//
// Without a rule, a directive applies to every rule. In Markdown and HTML
// a directive is an HTML comment (one in a code block or code span is an
// example, not a directive); in plain text it follows a comment marker
// ("#", "//", ";", "--", "/*", "*", "%", or "<!--") on its line and ends
// with the line. What follows " --" is the reason, for people. A directive
// that suppresses nothing, or names an unknown rule, is reported by the
// rule unused-suppression, unless the rule it names is off for the file.

// UnusedSuppression is the name of the rule that the engine itself reports
// about suppression comments; its Run is nil.
const UnusedSuppression = "unused-suppression"

// directiveKind is what a suppression comment does.
type directiveKind uint8

const (
	disableNextLine directiveKind = iota + 1
	disableLine
	disableFile
	disableBlock
	enableBlock
)

var directiveKeywords = []struct {
	word string
	kind directiveKind
}{ // longest first: "disable" is a prefix of the others
	{"urilint-disable-next-line", disableNextLine},
	{"urilint-disable-line", disableLine},
	{"urilint-disable-file", disableFile},
	{"urilint-disable", disableBlock},
	{"urilint-enable", enableBlock},
}

// directive is one suppression comment.
type directive struct {
	kind       directiveKind
	word       string // the keyword, for messages
	start, end int    // the keyword's offsets
	// from and to are the offsets where the comment starts and ends, and
	// line and endLine their lines.
	from, to      int
	line, endLine int
	rules         []directiveRule // none: every rule
	used          bool            // a rule-less directive suppressed something
}

// directiveRule is a rule a directive names.
type directiveRule struct {
	name       string
	start, end int
	used       bool
}

// names reports whether the directive applies to rule, and the entry that
// names it (nil for a directive without rules).
func (d *directive) names(rule string) (bool, *directiveRule) {
	if len(d.rules) == 0 {
		return true, nil
	}
	for i := range d.rules {
		if d.rules[i].name == rule {
			return true, &d.rules[i]
		}
	}
	return false, nil
}

func (d *directive) use(r *directiveRule) {
	if r == nil {
		d.used = true
	} else {
		r.used = true
	}
}

// parseDirective reads the directive at the start of src[s:e] (after
// spaces), the text of a comment; ok is false when there is none.
func parseDirective(src []byte, s, e int) (d directive, ok bool) {
	for s < e && isSpace(src[s]) {
		s++
	}
	text := src[s:e]
	for _, k := range directiveKeywords {
		if bytes.HasPrefix(text, []byte(k.word)) {
			d = directive{kind: k.kind, word: k.word, start: s, end: s + len(k.word)}
			break
		}
	}
	if d.kind == 0 || d.end < e && !isSpace(src[d.end]) {
		return directive{}, false
	}
	// The rules: up to the reason (" --") or the end.
	i := d.end
	for i < e {
		for i < e && (isSpace(src[i]) || src[i] == ',') {
			i++
		}
		if i+1 < e && src[i] == '-' && src[i+1] == '-' || i >= e {
			break
		}
		j := i
		for j < e && !isSpace(src[j]) && src[j] != ',' {
			j++
		}
		// A comment over several lines of a Markdown block quote holds
		// the quote's ">" markers.
		if strings.Trim(string(src[i:j]), ">") != "" {
			d.rules = append(d.rules, directiveRule{name: string(src[i:j]), start: i, end: j})
		}
		i = j
	}
	return d, true
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// commentDirectives returns the directives of the HTML comments at spans.
func commentDirectives(src []byte, spans [][2]int) []directive {
	var out []directive
	for _, sp := range spans {
		// The tokenizer also reads "<!x>", "</ x>" and "<?x>" as comments
		// (bogus comments): only "<!--" starts a directive.
		if !bytes.HasPrefix(src[sp[0]:sp[1]], []byte("<!--")) {
			continue
		}
		s, e := sp[0]+len("<!--"), sp[1]
		if bytes.HasSuffix(src[s:e], []byte("-->")) {
			e -= len("-->")
		}
		if s > e {
			continue
		}
		if d, ok := parseDirective(src, s, e); ok {
			d.from, d.to = sp[0], sp[1]
			out = append(out, d)
		}
	}
	return out
}

// hasDirective reports whether the plain text src holds "urilint-", which
// every directive starts with. It looks for the "-" (a byte much rarer in
// text than any letter of "urilint", so the search runs mostly inside
// bytes.IndexByte) and skips runs of "-", which tables are made of.
func hasDirective(src []byte) bool {
	const mark = "urilint-"
	want := binary.LittleEndian.Uint64([]byte(mark))
	for i := len(mark) - 1; i < len(src); {
		k := bytes.IndexByte(src[i:], '-')
		if k < 0 {
			return false
		}
		i += k
		if binary.LittleEndian.Uint64(src[i-len(mark)+1:]) == want {
			return true
		}
		for i++; i < len(src) && src[i] == '-'; i++ {
		}
	}
	return false
}

// commentMarkers start a comment in the plain-text files directives are
// written in.
var commentMarkers = []string{"<!--", "//", "/*", "--", "#", ";", "*", "%"}

// textDirectives returns the directives of a plain-text document: after a
// comment marker, to the end of the line (or a closing "*/" or "-->").
func textDirectives(src []byte) []directive {
	var out []directive
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("urilint-"))
		if k < 0 {
			return out
		}
		at := i + k
		i = at + 1
		lineStart := bytes.LastIndexByte(src[:at], '\n') + 1
		before := strings.TrimRight(string(src[lineStart:at]), " \t")
		if !slices.ContainsFunc(commentMarkers, func(m string) bool { return strings.HasSuffix(before, m) }) {
			continue
		}
		end := len(src)
		if nl := bytes.IndexByte(src[at:], '\n'); nl >= 0 {
			end = at + nl
		}
		line := bytes.TrimRight(src[at:end], " \t\r")
		for _, closer := range []string{"*/", "-->"} {
			line = bytes.TrimSuffix(line, []byte(closer))
		}
		if d, ok := parseDirective(src, at, at+len(line)); ok {
			d.from, d.to = lineStart, end
			out = append(out, d)
		}
	}
}

// suppress drops from diags (sorted by offset) those a directive
// suppresses, and adds the diagnostics of unused-suppression: the result
// is sorted by offset, then rule.
func (ch *Checker) suppress(path string, src []byte, dirs []directive, diags []*Diagnostic) []*Diagnostic {
	if len(dirs) == 0 {
		return diags
	}
	loc := extract.NewLocator(src)
	slices.SortStableFunc(dirs, func(a, b directive) int { return a.from - b.from })
	for i := range dirs {
		dirs[i].line = loc.Pos(dirs[i].from).Line
		dirs[i].endLine = loc.Pos(max(dirs[i].to-1, dirs[i].from)).Line
	}
	kept := diags[:0]
	for _, d := range diags {
		if !suppressedBy(dirs, d, nil) {
			kept = append(kept, d)
		}
	}
	unused := ch.unused
	if unused == nil {
		return kept
	}
	n := len(kept)
	var reports []*Diagnostic
	report := func(s, e int, format string, args ...any) {
		reports = append(reports, &Diagnostic{
			File: path, Rule: unused.rule, Severity: unused.severity, Message: fmt.Sprintf(format, args...),
			Start: loc.Pos(s), End: loc.Pos(e),
		})
	}
	// unusedReports reports the directives' entries that suppressed
	// nothing: those naming unused-suppression itself when self is set,
	// the others when not.
	unusedReports := func(self bool) {
		for i := range dirs {
			d := &dirs[i]
			if d.kind == enableBlock {
				for _, r := range d.rules {
					if ch.byName[r.name] == nil && !self {
						report(r.start, r.end, "%s names an unknown rule %q (urilint rules lists them)", d.word, r.name)
					}
				}
				continue
			}
			if len(d.rules) == 0 && !d.used && !self {
				report(d.start, d.end, "%s suppresses nothing: remove it", d.word)
			}
			for _, r := range d.rules {
				if (r.name == UnusedSuppression) != self {
					continue
				}
				switch {
				case ch.byName[r.name] == nil:
					report(r.start, r.end, "%s names an unknown rule %q (urilint rules lists them)", d.word, r.name)
				case !r.used && ch.enabled(r.name):
					report(r.start, r.end, "%s suppresses no %s diagnostic: remove %q from it", d.word, r.name, r.name)
				}
			}
		}
	}
	unusedReports(false)
	// These reports can be suppressed in turn, by directives that name
	// unused-suppression (a rule-less one would hide its own report).
	namesUnused := func(d *directive) bool {
		_, entry := d.names(UnusedSuppression)
		return entry != nil
	}
	for _, r := range reports {
		if !suppressedBy(dirs, r, namesUnused) {
			kept = append(kept, r)
		}
	}
	reports = reports[:0]
	unusedReports(true)
	kept = append(kept, reports...)
	if len(kept) > n {
		slices.SortStableFunc(kept, func(a, b *Diagnostic) int {
			if a.Start.Offset != b.Start.Offset {
				return a.Start.Offset - b.Start.Offset
			}
			return strings.Compare(a.Rule.Name, b.Rule.Name)
		})
	}
	return kept
}

// suppressedBy reports whether a directive suppresses d, and marks every
// directive that does as used. Only the directives eligible accepts count
// (every one, when eligible is nil).
func suppressedBy(dirs []directive, d *Diagnostic, eligible func(*directive) bool) bool {
	rule, line, off := d.Rule.Name, d.Start.Line, d.Start.Offset
	hit := false
	// The state of the disable/enable blocks at the diagnostic.
	var byRule, all *directive
	var byEntry *directiveRule
	except := false
	for i := range dirs {
		dir := &dirs[i]
		if eligible != nil && !eligible(dir) {
			continue
		}
		ok, entry := dir.names(rule)
		switch dir.kind {
		case disableFile:
		case disableNextLine:
			ok = ok && line == dir.endLine+1
		case disableLine:
			ok = ok && dir.line <= line && line <= dir.endLine
		case disableBlock, enableBlock:
			if dir.end > off || !ok {
				continue
			}
			switch {
			case dir.kind == disableBlock && entry == nil:
				all, except = dir, false
			case dir.kind == disableBlock:
				byRule, byEntry, except = dir, entry, false
			case entry == nil: // enable every rule
				all, byRule, except = nil, nil, false
			default:
				byRule = nil
				except = all != nil
			}
			continue
		}
		if ok {
			dir.use(entry)
			hit = true
		}
	}
	switch {
	case byRule != nil:
		byRule.use(byEntry)
		hit = true
	case all != nil && !except:
		all.use(nil)
		hit = true
	}
	return hit
}
