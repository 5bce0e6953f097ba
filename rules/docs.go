package rules

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// Markdown renders the documentation of every rule, the page docs/rules.md
// (a test keeps the committed page current).
func Markdown() string {
	var b strings.Builder
	b.WriteString("# urilint rules\n\n")
	b.WriteString("<!-- Generated from the rules' Doc by `go test ./rules -run Docs -update`; do not edit. -->\n\n")
	b.WriteString("A rule runs at its default severity unless it is off by default: a rule is on by default only if, on\n")
	b.WriteString("real documents, at least 9 of 10 of its reports are worth the author's time (see the precision tables\n")
	b.WriteString("of [evaluation.md](evaluation.md#precision)). `--strict` (`strict: true`) turns every rule on, and so\n")
	b.WriteString("does a severity given to a rule in the configuration. Rule IDs are a public contract: they never\n")
	b.WriteString("change.\n")
	b.WriteString("Categories: `syntax` (the string is not a valid URI or URN), `policy` (a registration rule or a SHOULD\n")
	b.WriteString("of a specification), `style` (valid, but not in canonical form). A fix marked safe never changes what\n")
	b.WriteString("the identifier means.\n\n")
	b.WriteString("A URI Template (RFC 6570) is not a URI until it is expanded: no rule reports the characters of a\n")
	b.WriteString("well-formed template expression such as `{id}`, `{+path}` or `{?q,lang}`\n")
	b.WriteString("(`http://localhost:{port}/{path}` is clean); the rest of the template is checked as usual, and a character\n")
	b.WriteString("next to an expression is reported on its own (`|` in `http://example.com/a|{id}`).\n\n")
	b.WriteString("Where a rule reports by default depends on how certain the candidate is, which the walker that found\n")
	b.WriteString("it says (`urilint extract --format jsonl` shows it as `certainty`):\n\n")
	b.WriteString("- `certain`: a link a browser follows (a Markdown link, image, definition or autolink, an HTML or XML URI\n")
	b.WriteString("  attribute), an XML namespace name, a value given to `urilint validate`, and `<...>` on one line of\n")
	b.WriteString("  text, not in a table;\n")
	b.WriteString("- `likely`: a bare URI in running text with `//` after its scheme, a bare URN (but one whose namespace\n")
	b.WriteString("  holds `.` or `/`), a bare URI of a scheme whose syntax urilint knows (`mailto:` with an `@`, `tel:`\n")
	b.WriteString("  with a digit, `file:/`, `data:` with a `,`, `sip:` with an address) that starts as that syntax says;\n")
	b.WriteString("  and `<...>` across lines or in a table;\n")
	b.WriteString("- `weak`: a bare `scheme:` of another scheme, with no `//` (`DAV:href`, `Payment:ok`), `<scheme:...>`\n")
	b.WriteString("  of an unregistered scheme without `//`: often a label or a name; and a `urn:` whose namespace is a\n")
	b.WriteString("  domain or a path (`urn:cen.eu:en16931:2017`), a name of another convention, bare or as the name of\n")
	b.WriteString("  an XML namespace (a vocabulary's publisher fixes it); and what is\n")
	b.WriteString("  neither a link nor a namespace name in an SVG drawing (its text is the image's lettering, laid out\n")
	b.WriteString("  in rows; its RDF metadata, an editor's or an icon set's);\n")
	b.WriteString("- `cut`: a bare URI that a line break seems to cut (see `uri-wrapped-bare`): only that rule looks at it.\n\n")
	b.WriteString("Each rule reports by default on the candidates at least as certain as its measured precision allows\n")
	b.WriteString("(the `certainty` column); `--strict` reports on every candidate but the cut ones.\n\n")
	b.WriteString("| rule | category | severity | default | certainty | reports |\n|---|---|---|---|---|---|\n")
	for _, r := range All {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s | %s | %s |\n", r.Name, r.Name, r.Category, r.Severity, onOff(r), certaintyOf(r), codeSpans(r.Doc.Title))
	}
	for _, r := range All {
		fmt.Fprintf(&b, "\n## %s\n\n", r.Name)
		fmt.Fprintf(&b, "Category `%s`, default severity `%s`%s. %s\n\n", r.Category, r.Severity, offNote(r), certaintyNote(r))
		b.WriteString(markdownDoc(r.Doc))
	}
	return b.String()
}

// markdownDoc turns a rule's Doc into Markdown: the title in bold, the
// examples and every indented block of the text (suppression comments, a
// document's lines) in fenced code blocks, and a quoted literal of the
// prose ("urn::x", "%") in a code span. Markdown would otherwise render an
// indented HTML comment as a live comment (it vanishes) and a "# ..." line
// as a heading, and urilint, which skips code, would lint the examples of
// its own documentation.
func markdownDoc(d lint.Doc) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**\n\n", codeSpans(d.Title))
	for _, p := range strings.Split(d.Text, "\n\n") {
		b.WriteString(markdownParagraph(p))
	}
	b.WriteString(fence(d.Examples()))
	for _, p := range strings.Split(d.Fix, "\n\n") {
		b.WriteString(markdownParagraph(p))
	}
	return b.String()
}

// markdownParagraph renders a paragraph of a Doc's text: a fenced code
// block when every line is indented (an example, as the text shows it),
// else prose.
func markdownParagraph(p string) string {
	lines := strings.Split(p, "\n")
	indent := -1
	for _, l := range lines {
		n := len(l) - len(strings.TrimLeft(l, " "))
		if n == 0 {
			indent = -1
			break
		}
		if indent < 0 || n < indent {
			indent = n
		}
	}
	if indent > 0 {
		for i, l := range lines {
			lines[i] = l[indent:]
		}
		return fence(strings.Join(lines, "\n"))
	}
	return codeSpans(p) + "\n\n"
}

// fence puts text in a fenced code block of plain text.
func fence(text string) string {
	return "```text\n" + text + "\n```\n\n"
}

// codeSpans writes each double-quoted literal of prose (a quoted string
// without white space, such as "urn::xmpp:styling:0" or "?+", or a '"')
// as a code span, which Markdown shows as written and urilint skips; a
// quotation of words stays as it is. So does a URI in angle brackets,
// which Markdown would otherwise turn into a link (<URL:http://...>).
// Quotes pair from the left.
func codeSpans(s string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		if i > 0 && strings.HasPrefix(s[i-1:], `'"'`) {
			b.WriteString(autolinkSpans(s[:i-1]) + codeSpan(`"`))
			s = s[i+2:]
			continue
		}
		j := strings.IndexByte(s[i+1:], '"')
		if j < 0 {
			break
		}
		j += i + 1
		lit := s[i+1 : j]
		b.WriteString(autolinkSpans(s[:i]))
		if lit == "" || strings.ContainsAny(lit, " \t\n") {
			b.WriteString(autolinkSpans(s[i : j+1]))
		} else {
			b.WriteString(codeSpan(lit))
		}
		s = s[j+1:]
	}
	b.WriteString(autolinkSpans(s))
	return b.String()
}

// autolink is what CommonMark reads as an autolink: a scheme, ":" and no
// white space nor angle bracket, between "<" and ">".
var autolink = regexp.MustCompile(`<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>`)

// autolinkSpans writes each autolink of prose as a code span: in the
// documentation, "<...>" around a URI is an example of the text, not a link.
func autolinkSpans(s string) string {
	return autolink.ReplaceAllStringFunc(s, codeSpan)
}

// codeSpan is a Markdown code span holding s as written: its delimiters
// are one backtick more than the longest run of backticks in s, with a
// space inside them when s starts or ends with a backtick.
func codeSpan(s string) string {
	longest, run := 0, 0
	for _, c := range s {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	delim := strings.Repeat("`", longest+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return delim + " " + s + " " + delim
	}
	return delim + s + delim
}

// Explain is the full documentation of a rule, for urilint explain.
func Explain(r *lint.Rule) string {
	return fmt.Sprintf("%s (%s, default severity %s%s)\n%s\n\n%s\n\n%s\n", r.Name, r.Category, r.Severity, offNote(r),
		certaintyNote(r), r.Doc, r.DocURL())
}

// offNote says that a rule is off by default.
func offNote(r *lint.Rule) string {
	if r.DefaultOff {
		return "; off by default: --strict or a severity in the configuration turns it on"
	}
	return ""
}

// onOff says whether a rule is on by default.
func onOff(r *lint.Rule) string {
	if r.DefaultOff {
		return "off"
	}
	return "on"
}

// certaintyOf names the least certainty of the candidates a rule reports
// on by default, for the table of rules.
func certaintyOf(r *lint.Rule) string {
	if r.Run == nil {
		return "-"
	}
	return r.Certainty.String() + "+"
}

// certaintyNote says on which candidates a rule reports by default.
func certaintyNote(r *lint.Rule) string {
	switch {
	case r.Run == nil:
		return "It reports on suppression comments, not on candidates."
	case r.Certainty == extract.Cut:
		return "It reports on bare URIs that a line break seems to cut, the only rule that looks at them."
	case r.Certainty == extract.Weak:
		return "It reports on every candidate."
	}
	which := fmt.Sprintf("%s or more certain", r.Certainty)
	if r.Certainty == extract.Certain {
		which = "certain" // none is more
	}
	if r.Notation {
		return fmt.Sprintf("By default it reports on candidates that are %s, in a document where fewer than %d different URIs break it (more are the document's notation, not slips); with --strict, on every candidate but the cut ones.", which, lint.NotationHabit)
	}
	return fmt.Sprintf("By default it reports on candidates that are %s; with --strict, on every candidate but the cut ones.", which)
}
