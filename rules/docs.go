package rules

import (
	"fmt"
	"strings"

	"github.com/urilint/urilint/lint"
)

// Markdown renders the documentation of every rule, the page docs/rules.md
// (a test keeps the committed page current).
func Markdown() string {
	var b strings.Builder
	b.WriteString("# urilint rules\n\n")
	b.WriteString("<!-- Generated from the rules' Doc by `go test ./rules -run Docs -update`; do not edit. -->\n\n")
	b.WriteString("A rule runs at its default severity unless it is off by default: a rule is on by default only if, on\n")
	b.WriteString("real documents, at least 9 of 10 of its reports are worth the author's time (see the README's precision\n")
	b.WriteString("table). `--strict` (`strict: true`) turns every rule on, and so does a severity given to a rule in the\n")
	b.WriteString("configuration. Rule IDs are a public contract: they never change.\n")
	b.WriteString("Categories: `syntax` (the string is not a valid URI or URN), `policy` (a registration rule or a SHOULD\n")
	b.WriteString("of a specification), `style` (valid, but not in canonical form). A fix marked safe never changes what\n")
	b.WriteString("the identifier means.\n\n")
	b.WriteString("A URI Template (RFC 6570) is not a URI until it is expanded: no rule reports the characters of a\n")
	b.WriteString("well-formed template expression such as `{id}`, `{+path}` or `{?q,lang}`\n")
	b.WriteString("(`http://localhost:{port}/{path}` is clean); the rest of the template is checked as usual, and a character\n")
	b.WriteString("next to an expression is reported on its own (`|` in `http://example.com/a|{id}`).\n\n")
	b.WriteString("| rule | category | severity | default | reports |\n|---|---|---|---|---|\n")
	for _, r := range All {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s | %s |\n", r.Name, r.Name, r.Category, r.Severity, onOff(r), r.Title())
	}
	for _, r := range All {
		fmt.Fprintf(&b, "\n## %s\n\n", r.Name)
		fmt.Fprintf(&b, "Category `%s`, default severity `%s`%s.\n\n", r.Category, r.Severity, offNote(r))
		b.WriteString(markdownDoc(r.Doc))
	}
	return b.String()
}

// markdownDoc turns a rule's Doc into Markdown: the title in bold, the
// examples as code.
func markdownDoc(d lint.Doc) string {
	paras := strings.Split(d.String(), "\n\n")
	var b strings.Builder
	for i, p := range paras {
		switch {
		case i == 0:
			fmt.Fprintf(&b, "**%s**\n\n", p)
		case strings.HasPrefix(p, "Bad:"):
			b.WriteString("```text\n" + p + "\n```\n\n")
		default:
			b.WriteString(p + "\n\n")
		}
	}
	return b.String()
}

// Explain is the full documentation of a rule, for urilint explain.
func Explain(r *lint.Rule) string {
	return fmt.Sprintf("%s (%s, default severity %s%s)\n\n%s\n\n%s\n", r.Name, r.Category, r.Severity, offNote(r),
		r.Doc, r.DocURL())
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
