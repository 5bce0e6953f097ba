package rules

import "github.com/urilint/urilint/lint"

// UnusedSuppression reports a suppression comment that suppresses nothing.
// The engine reports it, after the other rules have run: it has no Run.
var UnusedSuppression = &lint.Rule{
	Name:     lint.UnusedSuppression,
	Category: lint.Style,
	Severity: lint.Warning,
	Doc: `A suppression comment suppresses nothing, or names a rule that does not exist.

Suppression comments turn rules off where a finding is deliberate: in Markdown and HTML, an HTML
comment; in XML, an XML comment; in plain text, after a comment marker ("#", "//", ";", "--", "/*",
"*", "%" or "<!--").

  <!-- urilint-disable-next-line percent-lowercase -- the server wants it so -->
  <!-- urilint-disable-line RULE[,RULE] -->     (on the comment's own line)
  <!-- urilint-disable RULE --> ... <!-- urilint-enable RULE -->
  <!-- urilint-disable-file RULE -->
  # urilint-disable-next-line urn-nid-unregistered

Without a rule, a comment applies to every rule. What follows " --" is the reason, for readers. A
comment that no longer suppresses anything (the URI was fixed, or moved) hides the next real problem
in its place, so it is reported; so is a rule name that does not exist, which suppresses nothing. A
rule turned off in the configuration is not reported as unused. Comments inside Markdown code
blocks and code spans, and in the examples of XML CDATA sections, are examples, not directives.

Bad:  <!-- urilint-disable-next-line percent-lowercase -->  above a line with no percent-lowercase finding
Good: <!-- urilint-disable-next-line percent-lowercase -->  above http://a.example/%c3%a9

Fix: none offered; remove the comment, or the rule from its list, by hand.`,
}
