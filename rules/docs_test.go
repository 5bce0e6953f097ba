package rules

import "testing"

func TestCodeSpans(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`an empty NID ("urn::x:0", a ":" typed twice)`, "an empty NID (`urn::x:0`, a `:` typed twice)"},
		{`it "should NEVER be used" here`, `it "should NEVER be used" here`},
		{`What follows " --" is the reason`, `What follows " --" is the reason`},
		{`'"', "<", ">", "\", "^"`, "`\"`, `<`, `>`, `\\`, `^`"},
		{"a \"`\" and \"a``b\"", "a `` ` `` and ```a``b```"},
		{`the prefix, <URL:http://...>.`, "the prefix, `<URL:http://...>`."},
		{`a value in <...>, or <a b:c>`, `a value in <...>, or <a b:c>`},
		{`an odd " quote`, `an odd " quote`},
		{`"" empty`, `"" empty`},
	} {
		if got := codeSpans(c.in); got != c.want {
			t.Errorf("codeSpans(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestMarkdownParagraph(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// An indented block is an example: fenced, so that Markdown shows
		// the comments and does not take "# ..." for a heading.
		{"  <!-- urilint-disable-line RULE -->\n    # urilint-disable-file\n  x",
			"```text\n<!-- urilint-disable-line RULE -->\n  # urilint-disable-file\nx\n```\n\n"},
		// A list item's continuation lines are prose.
		{"- \"a\" is\n  reserved", "- `a` is\n  reserved\n\n"},
		{"plain \"x:y\"", "plain `x:y`\n\n"},
	} {
		if got := markdownParagraph(c.in); got != c.want {
			t.Errorf("markdownParagraph(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
