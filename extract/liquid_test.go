package extract

import "testing"

// Jekyll's Liquid takes its highlight and comment blocks before Markdown
// sees the page: their text is code, not prose (the Scala.js site's
// "Var[String]("")" in a "{% highlight scala %}" block). Other tags are
// the page's text, and a block that no tag closes runs to the end.
func TestMarkdownLiquidBlocks(t *testing.T) {
	checkURIs(t, "Markdown", Markdown, []uriCase{
		{"highlight", "See https://a.example/x.\n\n{% highlight scala %}\nval s = Var[String](\"\")\ncurl http://localhost:8080/api\n{% endhighlight %}\n\nAnd [b](https://b.example/).\n",
			[]string{"https://a.example/x", "https://b.example/"}},
		{"trimmed tags", "{%- highlight go -%}\nhttp://c.example/\n{%- endhighlight -%}\nhttp://d.example/\n",
			[]string{"http://d.example/"}},
		{"comment", "{% comment %}\nhttp://old.example/\n{% endcomment %}\n[e](https://e.example/)\n",
			[]string{"https://e.example/"}},
		{"other tags", "{% include note.html %} http://f.example/ {% if x %}[g](https://g.example/){% endif %}\n",
			[]string{"http://f.example/", "https://g.example/"}},
		{"unclosed", "http://h.example/\n{% highlight sh %}\nhttp://i.example/\n",
			[]string{"http://h.example/"}},
		{"not a tag", "100{%} http://j.example/ {%highlight\n",
			[]string{"http://j.example/"}},
	})
	// With code blocks scanned, the block's URIs are a code block's.
	var got []Candidate
	Markdown([]byte("{% highlight sh %}\ncurl http://k.example/\n{% endhighlight %}\n"), Options{IncludeCodeBlocks: true}, func(c *Candidate) {
		got = append(got, *c)
	})
	if len(got) != 1 || got[0].URI != "http://k.example/" || got[0].Context != ContextCodeBlock {
		t.Errorf("with code blocks: got %+v", got)
	}
}
