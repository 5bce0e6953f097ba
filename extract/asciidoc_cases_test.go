package extract

import (
	"fmt"
	"slices"
	"testing"
)

// adocCases are the AsciiDoc walker's table tests, derived (inputs adapted,
// expectations checked against Asciidoctor 2.0.18 and its HEAD,
// ae5891df10f1) from Asciidoctor's test suite (github.com/asciidoctor/
// asciidoctor, test/*_test.rb, lib/asciidoctor/rx.rb) and the AsciiDoc
// language documentation (github.com/asciidoctor/asciidoc-docs, 45b7693d7327);
// each names its source. want lists the candidates ("context start-end
// uri"), code those read with IncludeCodeBlocks and IncludeCodeSpans when
// they differ, comments the spans handed to Options.Comment.
var adocCases = []struct {
	name, from, in string
	want, code     []string
	comments       []string
	note           string
}{
	{
		name: "attribute-in-url",
		from: "asciidoctor test/attributes_test.rb attribute reference tests; asciidoc-docs docs/modules/attributes/pages/attribute-entries.adoc",
		in:   ":url-repo: https://github.com/asciidoctor/asciidoctor\n\nSee {url-repo}[repo] and {url-repo}/issues[issues].\n",
		want: []string{
			"adoc-attribute 11-53 https://github.com/asciidoctor/asciidoctor",
			"adoc-url-macro 59-69 https://github.com/asciidoctor/asciidoctor",
			"adoc-url-macro 80-97 https://github.com/asciidoctor/asciidoctor/issues",
		},
	},
	{
		name: "attribute-missing-and-escaped",
		from: "asciidoc-docs docs/modules/attributes/pages/unresolved-references.adoc (attribute-missing: skip is the default)",
		in:   "{url-missing}/x[Y] and \\{url-repo} and https://a.example/{missing}/z\n",
		want: []string{
			"text 39-68 https://a.example/{missing}/z",
		},
	},
	{
		name: "attribute-entry-continued",
		from: "asciidoctor lib/asciidoctor/rx.rb AttributeEntryRx (value lines ending in \" \\\" are joined with a space)",
		note: "The wrapped value holds a space; where it is used the URI ends there (Asciidoctor links https://example.org/a).",
		in:   ":url-long: https://example.org/a \\\n  b\n\n{url-long}[long]\n",
		want: []string{
			"adoc-attribute 11-38 https://example.org/a b",
			"text 40-50 https://example.org/a",
		},
	},
	{
		name: "attribute-builtin-and-counter",
		from: "asciidoctor lib/asciidoctor.rb INTRINSIC_ATTRIBUTES; asciidoc-docs docs/modules/attributes/pages/counters.adoc",
		in:   "https://a.example/q?x={startsb}1{endsb} and https://b.example/{counter:n}\n",
		want: []string{
			"adoc-url-macro 0-22 https://a.example/q?x=",
			"text 44-73 https://b.example/1",
		},
	},
	{
		name: "attribute-entry-header",
		from: "asciidoc-docs docs/modules/document/pages/header.adoc",
		note: "The author line is text; its e-mail address is no candidate.",
		in:   "= Document Title\nDoc Writer <doc@example.com>\n:homepage: https://example.org\n// a comment https://c.example/\n\n{homepage}[Home]\n",
		want: []string{
			"adoc-attribute 57-76 https://example.org",
			"adoc-url-macro 110-120 https://example.org",
		},
		comments: []string{
			"79-108",
		},
	},
	{
		name: "autolink-trailing-period",
		from: "asciidoctor test/links_test.rb 'qualified url inline with text', 'qualified url with trailing period'",
		in:   "The AsciiDoc project is located at http://asciidoc.org.\n\nThe homepage for Asciidoctor is https://asciidoctor.org.\n",
		want: []string{
			"text 35-54 http://asciidoc.org",
			"text 89-112 https://asciidoctor.org",
		},
	},
	{
		name: "autolink-trailing-punct",
		from: "asciidoctor test/links_test.rb 'qualified url with trailing explanation point' ... 'trailing round bracket followed by semi-colon'",
		in:   "Check out https://a.example!\n\nIs it https://b.example?\n\n(see https://c.example)\n\n(The homepage is https://d.example.)\n\nhttps://e.example; where\n\nhttps://f.example: where\n\n(https://g.example): where\n\n(from https://h.example); where\n",
		want: []string{
			"text 10-27 https://a.example",
			"text 36-53 https://b.example",
			"text 61-78 https://c.example",
			"text 98-115 https://d.example",
			"text 119-136 https://e.example",
			"text 145-162 https://f.example",
			"text 172-189 https://g.example",
			"text 205-222 https://h.example",
		},
	},
	{
		name: "autolink-schemes",
		from: "asciidoctor lib/asciidoctor/rx.rb InlineLinkRx; asciidoc-docs docs/modules/macros/pages/autolinks.adoc",
		in:   "irc://irc.freenode.org and ftp://f.example/ and file:///etc/x\n\nmailto:doc@example.com and urn:isbn:0-486-27557-4 and tel:+1-555-0100\n",
		want: []string{
			"text 0-22 irc://irc.freenode.org",
			"text 27-43 ftp://f.example/",
			"text 48-61 file:///etc/x",
			"text 63-85 mailto:doc@example.com",
			"text 90-112 urn:isbn:0-486-27557-4",
			"text 117-132 tel:+1-555-0100",
		},
	},
	{
		name: "autolink-prefix",
		from: "asciidoctor lib/asciidoctor/rx.rb InlineLinkRx (start: line start, blank, \"link:\", \"<\", or one of >()[];\"')",
		in:   "key=https://a.example/x and |https://b.example/| and |link:https://c.example/[]|\n",
		want: []string{
			"text 4-23 https://a.example/x",
			"text 29-47 https://b.example/",
			"adoc-link-macro 59-77 https://c.example/",
		},
	},
	{
		name: "autolink-angle",
		from: "asciidoctor test/links_test.rb 'qualified url surrounded by angled brackets' ... 'in unconstrained context'",
		in:   "<http://asciidoc.org> is the project page.\n\n<<https://asciidoc.org>>\n\nURLは<http://asciidoc.org>。fin\n",
		want: []string{
			"angle 1-20 http://asciidoc.org",
			"angle 46-66 https://asciidoc.org",
			"angle 77-96 http://asciidoc.org",
		},
	},
	{
		name: "autolink-angle-escaped",
		from: "asciidoctor test/links_test.rb 'qualified url surrounded by escaped angled brackets', 'escaped qualified url surrounded by angled brackets'",
		in:   "\\<http://asciidoc.org>\n\n<\\http://asciidoc.org>\n",
		want: []string{
			"angle 2-21 http://asciidoc.org",
			"text 26-45 http://asciidoc.org",
		},
	},
	{
		name: "autolink-angle-content",
		from: "asciidoctor test/links_test.rb 'autolink containing text enclosed in angle brackets'",
		in:   "https://github.com/<org>/\n",
		want: []string{
			"text 0-19 https://github.com/",
		},
	},
	{
		name: "autolink-brackets-and-quotes",
		from: "asciidoctor test/links_test.rb 'qualified url surrounded by round brackets', 'should convert qualified url as macro enclosed in double quotes'",
		in:   "(http://asciidoc.org) is the page.\n\n\"https://a.example/q\" and \"https://asciidoctor.org[]\" and 'https://b.example[]'\n",
		want: []string{
			"text 1-20 http://asciidoc.org",
			"quoted 37-56 https://a.example/q",
			"adoc-url-macro 63-86 https://asciidoctor.org",
			"adoc-url-macro 95-112 https://b.example",
		},
	},
	{
		name: "autolink-bare-scheme",
		from: "asciidoctor test/links_test.rb 'URI scheme with trailing characters should not be converted to a link', 'bare URI scheme enclosed in brackets'",
		note: "\"<ftp://>\" is a candidate: the scanner takes what angle brackets hold as written.",
		in:   "http://;\n\nfile://:\n\n(https://)\n\n<ftp://>\n",
		want: []string{
			"angle 33-39 ftp://",
		},
	},
	{
		name: "autolink-escaped",
		from: "asciidoctor test/links_test.rb 'escaped inline qualified url should not create link'; asciidoctor test/substitutions_test.rb 'a single-line escaped raw url'",
		in:   "\\http://asciidoc.org is the project page.\n\n\\http://asciidoc.org[asciidoc.org] is the project page.\n",
		want: []string{
			"text 1-20 http://asciidoc.org",
			"text 44-63 http://asciidoc.org",
		},
	},
	{
		name: "autolink-newline-and-commas",
		from: "asciidoctor test/links_test.rb 'inline qualified url followed by a newline'; asciidoctor test/substitutions_test.rb 'a comma separated list of links'",
		in:   "found at https://github.com/asciidoctor\nwhich is an organization.\n\nhttp://foo.com, http://bar.com, http://example.org\n",
		want: []string{
			"text 9-39 https://github.com/asciidoctor",
			"text 67-81 http://foo.com",
			"text 83-97 http://bar.com",
			"text 99-117 http://example.org",
		},
	},
	{
		name: "autolink-at-sign",
		from: "asciidoctor test/links_test.rb 'implicit url with at (@) sign should not create mailto link'",
		in:   "http://xircles.codehaus.org/lists/dev@geb.codehaus.org\n",
		want: []string{
			"text 0-54 http://xircles.codehaus.org/lists/dev@geb.codehaus.org",
		},
	},
	{
		name: "autolink-inside-formatting",
		from: "asciidoctor test/links_test.rb 'inline quoted qualified url should not consume surrounding angled brackets'",
		in:   "Asciidoctor GitHub organization: <**https://github.com/asciidoctor**>\n",
		want: []string{
			"text 36-66 https://github.com/asciidoctor",
		},
	},
	{
		name: "autolink-broken-by-formatting",
		from: "asciidoc-docs docs/modules/macros/pages/complex-urls.adoc (quotes are substituted before macros)",
		in:   "https://example.org/a__b and more__ text\n\nhttps://example.org/a^b^c\n\nhttps://example.org/~x~y\n",
		want: []string{
			"text 0-24 https://example.org/a__b",
			"text 42-67 https://example.org/a^b^c",
			"text 69-93 https://example.org/~x~y",
		},
	},
	{
		name: "autolink-monospace",
		from: "asciidoctor substitution order (NORMAL_SUBS: specialcharacters, quotes, attributes, replacements, macros, post_replacements)",
		in:   "Run `http://localhost:8080/` or `http://x.example/[X]` or `+https://y.example/+`.\n",
		want: []string{
			"adoc-url-macro 33-50 http://x.example/",
		},
		code: []string{
			"code-span 5-27 http://localhost:8080/",
			"adoc-url-macro 33-50 http://x.example/",
			"code-span 60-78 https://y.example/",
		},
	},
	{
		name: "listing-block",
		from: "asciidoctor test/blocks_test.rb listing block tests; asciidoc-docs docs/modules/verbatim/pages/listing-blocks.adoc",
		in:   "----\ncurl https://api.example.com/v1\n----\n\nAfter https://a.example/.\n",
		want: []string{
			"text 49-67 https://a.example/",
		},
		code: []string{
			"code-block 10-36 https://api.example.com/v1",
			"text 49-67 https://a.example/",
		},
	},
	{
		name: "source-block",
		from: "asciidoctor test/blocks_test.rb source block tests; asciidoc-docs docs/modules/verbatim/pages/source-blocks.adoc",
		in:   "[source,bash]\n----\ncurl https://api.example.com/v1\n----\n\n[,ruby]\n----\nrequire 'net/http' # https://b.example/\n----\n\n```js\nfetch('https://c.example/')\n```\n",
		code: []string{
			"code-block 24-50 https://api.example.com/v1",
			"code-block 91-109 https://b.example/",
			"code-block 129-147 https://c.example/",
		},
	},
	{
		name: "literal-block-and-paragraph",
		from: "asciidoctor test/blocks_test.rb literal block tests; asciidoc-docs docs/modules/verbatim/pages/literal-blocks.adoc",
		in:   "....\nhttps://a.example/\n....\n\n  indented https://b.example/\n  literal paragraph\n\n[literal]\nhttps://c.example/\n",
		code: []string{
			"code-block 5-23 https://a.example/",
			"code-block 41-59 https://b.example/",
			"code-block 91-109 https://c.example/",
		},
	},
	{
		name: "subs-macros-in-listing",
		from: "asciidoc-docs docs/modules/subs/pages/apply-subs-to-blocks.adoc",
		in:   "[source,text,subs=\"+macros\"]\n----\nsee https://a.example/ here\n----\n\n[subs=-macros]\nsee https://b.example/ here\n",
		want: []string{
			"text 38-56 https://a.example/",
			"text 87-105 https://b.example/",
		},
	},
	{
		name: "pass-block",
		from: "asciidoctor test/blocks_test.rb passthrough block tests",
		in:   "++++\n<a href=\"https://a.example/\">A</a>\n++++\n",
		want: []string{
			"adoc-pass-html 14-32 https://a.example/",
		},
	},
	{
		name: "prose-delimited-blocks",
		from: "asciidoctor lib/asciidoctor.rb DELIMITED_BLOCKS",
		in:   "****\nhttps://a.example/\n****\n\n====\nhttps://b.example/\n====\n\n____\nhttps://c.example/\n____\n\n--\nhttps://d.example/\n--\n",
		want: []string{
			"text 5-23 https://a.example/",
			"text 35-53 https://b.example/",
			"text 65-83 https://c.example/",
			"text 93-111 https://d.example/",
		},
	},
	{
		name: "nested-delimiters",
		from: "asciidoctor parser.rb is_delimited_block? (a block ends only at a line equal to its opening line)",
		in:   "======\n----\nhttps://a.example/ inside listing\n----\nhttps://b.example/ in the example\n======\n\n------\n----\nhttps://c.example/ still listing\n------\n",
		want: []string{
			"text 51-69 https://b.example/",
		},
		code: []string{
			"code-block 12-30 https://a.example/",
			"text 51-69 https://b.example/",
			"code-block 105-123 https://c.example/",
		},
	},
	{
		name: "comments",
		from: "asciidoc-docs docs/modules/ROOT/pages/comments.adoc; asciidoctor test/blocks_test.rb comment tests",
		in:   "// urilint-disable-next-line percent-lowercase\nhttps://a.example/%c3\n\n////\nhttps://b.example/ in a block comment\n////\n\n/// not a comment https://c.example/\n\n[comment]\nhttps://d.example/ comment paragraph\n",
		want: []string{
			"text 47-68 https://a.example/%c3",
			"text 137-155 https://c.example/",
		},
		comments: []string{
			"2-46",
			"75-112",
			"167-203",
		},
	},
	{
		name: "comment-in-listing",
		from: "asciidoc-docs docs/modules/ROOT/pages/comments.adoc (\"outside of a verbatim block\")",
		in:   "----\n// urilint-disable-next-line percent-lowercase\nhttps://a.example/%c3\n----\n",
		code: []string{
			"code-block 52-73 https://a.example/%c3",
		},
	},
	{
		name: "preprocessor",
		from: "asciidoctor lib/asciidoctor/rx.rb ConditionalDirectiveRx, IncludeDirectiveRx",
		in:   "ifdef::env-github[]\nhttps://a.example/github\nendif::[]\nifndef::env-github[]\nhttps://a.example/site\nendif::[]\n\ninclude::partials/chapter1.adoc[]\n\ninclude::https://example.org/x.adoc[]\n",
		want: []string{
			"text 20-44 https://a.example/github",
			"text 76-98 https://a.example/site",
			"adoc-include 154-180 https://example.org/x.adoc",
		},
	},
	{
		name: "front-matter",
		from: "asciidoctor parser.rb skip-front-matter (Jekyll/Antora front matter)",
		in:   "---\nlayout: post\npermalink: https://a.example/p\n---\n= Title\n\nhttps://b.example/\n",
		want: []string{
			"text 28-47 https://a.example/p",
			"text 61-79 https://b.example/",
		},
	},
	{
		name: "url-macro-text",
		from: "asciidoctor test/links_test.rb 'qualified url with label', 'qualified file url inline with label'; asciidoctor test/substitutions_test.rb 'a multi-line raw url with text'",
		in:   "We're parsing http://asciidoc.org[AsciiDoc] markup\n\nfile:///home/user/bookmarks.html[My Bookmarks]\n\nhttp://google.com[Google\nHomepage]\n",
		want: []string{
			"adoc-url-macro 14-33 http://asciidoc.org",
			"adoc-url-macro 52-84 file:///home/user/bookmarks.html",
			"adoc-url-macro 100-117 http://google.com",
		},
	},
	{
		name: "url-macro-attrs",
		from: "asciidoctor test/links_test.rb 'qualified url with role inline with text', 'qualified url with label containing escaped right square bracket'",
		in:   "located at http://asciidoc.org[role=project].\n\nparsing http://asciidoc.org[[Ascii\\]Doc] markup\n",
		want: []string{
			"adoc-url-macro 11-30 http://asciidoc.org",
			"adoc-url-macro 55-74 http://asciidoc.org",
		},
	},
	{
		name: "url-macro-parens-and-dot",
		from: "asciidoctor test/links_test.rb 'qualified url containing round brackets', 'should convert qualified url as macro with trailing period'",
		in:   "http://jruby.org/apidocs/org/jruby/Ruby.html#addModule(org.jruby.RubyModule)[addModule() adds a Ruby module]\n\nInformation about the https://symbols.example.org/.[.] character.\n",
		want: []string{
			"adoc-url-macro 0-76 http://jruby.org/apidocs/org/jruby/Ruby.html#addModule(org.jruby.RubyModule)",
			"adoc-url-macro 132-161 https://symbols.example.org/.",
		},
	},
	{
		name: "url-macro-adjacent",
		from: "asciidoctor test/links_test.rb 'qualified url adjacent to text in square brackets', 'in round brackets', 'following no-break space'",
		in:   "]http://asciidoc.org[AsciiDoc] project page.\n\n)http://asciidoc.org[AsciiDoc] project page.\n\n http://asciidoc.org[AsciiDoc] project page.\n",
		want: []string{
			"adoc-url-macro 1-20 http://asciidoc.org",
			"adoc-url-macro 47-66 http://asciidoc.org",
			"adoc-url-macro 94-113 http://asciidoc.org",
		},
	},
	{
		name: "link-macro",
		from: "asciidoctor test/links_test.rb 'qualified url with label using link macro', 'qualified url using macro syntax with multi-line label'; asciidoctor test/substitutions_test.rb 'a single-line link macro ...'",
		in:   "We're parsing link:http://asciidoc.org[AsciiDoc] markup\n\nlink:/home.html[]\n\nlink:report.pdf[Get Report] and link:index.html#anchor[Home]\n",
		want: []string{
			"adoc-link-macro 19-38 http://asciidoc.org",
			"adoc-link-macro 62-72 /home.html",
			"adoc-link-macro 81-91 report.pdf",
			"adoc-link-macro 113-130 index.html#anchor",
		},
	},
	{
		name: "link-macro-invalid",
		from: "asciidoctor test/links_test.rb 'link macro with empty target', 'should not recognize link macro with double colons', 'qualified url using invalid link macro', 'qualified url divided by newline', 'containing whitespace'",
		note: "link:[this page] has no target: no candidate.",
		in:   "Link to link:[this page].\n\nThe link::http://example.org[example domain] is reserved.\n\nlink:http://asciidoc.org is the page.\n\nsee link:https://github.com/asciidoctor\n[]which\n\nlink:http://asciidoc.org?q=attribute references[Attribute References].\n\nlink:http://asciidoc.org?q=attribute%20references[Attribute References].\n",
		want: []string{
			"text 37-55 http://example.org",
			"text 91-110 http://asciidoc.org",
			"text 134-164 https://github.com/asciidoctor",
			"text 179-210 http://asciidoc.org?q=attribute",
			"adoc-link-macro 251-295 http://asciidoc.org?q=attribute%20references",
		},
	},
	{
		name: "link-macro-passthrough-target",
		from: "asciidoc-docs docs/modules/macros/pages/link-macro.adoc ('link:++https://example.org/now_this__link_works.html++[]', 'link:pass:[My Documents/report.pdf][Get Report]')",
		in:   "link:++https://example.org/now_this__link_works.html++[]\n\nlink:pass:[My Documents/report.pdf][Get Report]\n\nlink:My&#32;Documents/report.pdf[Get Report]\n",
		want: []string{
			"adoc-link-macro 7-52 https://example.org/now_this__link_works.html",
			"adoc-link-macro 69-92 My Documents/report.pdf",
			"adoc-link-macro 112-139 My Documents/report.pdf",
		},
	},
	{
		name: "mailto-macro",
		from: "asciidoctor test/substitutions_test.rb 'a mailto macro ...' (four tests)",
		in:   "mailto:doc.writer@asciidoc.org[]\n\nmailto:doc.writer@asciidoc.org[Doc Writer, Pull request]\n",
		want: []string{
			"adoc-mailto-macro 0-30 mailto:doc.writer@asciidoc.org",
			"adoc-mailto-macro 34-64 mailto:doc.writer@asciidoc.org",
		},
	},
	{
		name: "email-autolink",
		from: "asciidoctor test/substitutions_test.rb 'should recognize inline email addresses', 'surrounded by angle brackets', 'should ignore escaped inline email address'",
		note: "E-mail addresses Asciidoctor links are not URIs (as in Markdown, whose e-mail autolinks are not candidates).",
		in:   "doc.writer@asciidoc.org and joe_bloggs@mail_server.com and <author+website@4fs.no>\n\n\\doc.writer@asciidoc.org\n",
	},
	{
		name: "image-macros",
		from: "asciidoctor test/substitutions_test.rb 'a single-line image macro ...', 'an inline image macro with a url target'; asciidoctor test/blocks_test.rb image block tests",
		in:   "image::sunset.jpg[Sunset]\n\nimage::https://example.org/a.png[A,link=https://example.org/big]\n\nText image:tiger.png[] and image:icons/x.png[X,link=https://example.org].\n",
		want: []string{
			"adoc-image 7-17 sunset.jpg",
			"adoc-image 34-59 https://example.org/a.png",
			"adoc-image-link 67-90 https://example.org/big",
			"adoc-image 104-113 tiger.png",
			"adoc-image 126-137 icons/x.png",
			"adoc-image-link 145-164 https://example.org",
		},
	},
	{
		name: "image-link-quoted",
		from: "Network UPS Tools' README.adoc (held-out set 17): a quoted link= value, then another attribute with no comma between",
		in:   "image:https://example.org/svg?a=b[link=\"https://example.org/#c&d\" alt=\"A chart\"]\n",
		want: []string{
			"adoc-image 6-33 https://example.org/svg?a=b",
			"adoc-image-link 40-64 https://example.org/#c&d",
		},
	},
	{
		name: "image-link-next-line",
		from: "herbstluftwm's README.asciidoc (held-out set 18); Asciidoctor 2.0.18 writes href=\"https://example.org/ci\"",
		in:   "image:https://example.org/badge.svg[link=\nhttps://example.org/ci]\n",
		want: []string{
			"adoc-image 6-35 https://example.org/badge.svg",
			"adoc-image-link 42-64 https://example.org/ci",
		},
	},
	{
		name: "media-macros",
		from: "asciidoctor lib/asciidoctor/rx.rb BlockMediaMacroRx; asciidoctor test/blocks_test.rb video/audio tests",
		in:   "video::video_file.mp4[]\n\naudio::ocean.wav[]\n\nvideo::https://example.org/v.webm[width=640]\n",
		want: []string{
			"adoc-video 7-21 video_file.mp4",
			"adoc-audio 32-41 ocean.wav",
			"adoc-video 52-78 https://example.org/v.webm",
		},
	},
	{
		name: "passthroughs",
		from: "asciidoctor test/substitutions_test.rb 'collect inline triple plus passthroughs' ... 'inline pass macro'",
		in:   "+https://a.example/+ ++https://b.example/++ +++<a href=\"https://c.example/\">c</a>+++ pass:[https://d.example/] pass:m[https://e.example/]\n",
		want: []string{
			"adoc-pass-html 56-74 https://c.example/",
			"text 118-136 https://e.example/",
		},
		code: []string{
			"code-span 1-19 https://a.example/",
			"code-span 23-41 https://b.example/",
			"adoc-pass-html 56-74 https://c.example/",
			"code-span 91-109 https://d.example/",
			"text 118-136 https://e.example/",
		},
	},
	{
		name: "psv-cells",
		from: "asciidoctor test/tables_test.rb PSV table tests; asciidoc-docs docs/modules/tables/pages/add-cells-and-rows.adoc",
		in:   "|===\n|Name |URL\n\n|a |https://a.example/x\n|b|https://b.example/y\n|d |https://d.example/a\\|b\n|===\n",
		want: []string{
			"text 21-40 https://a.example/x",
			"text 44-63 https://b.example/y",
			"text 68-90 https://d.example/a|b",
		},
	},
	{
		name: "cell-styles",
		from: "asciidoctor test/tables_test.rb cell style tests; asciidoc-docs docs/modules/tables/pages/format-cell-content.adoc",
		in:   "[cols=\"1,1l\"]\n|===\na|* https://a.example/\n|https://b.example/ literal column\nl|https://c.example/ literal cell\n|https://d.example/\n|===\n",
		want: []string{
			"text 23-41 https://a.example/",
		},
		code: []string{
			"text 23-41 https://a.example/",
			"code-block 43-61 https://b.example/",
			"code-block 79-97 https://c.example/",
			"code-block 112-130 https://d.example/",
		},
	},
	{
		name: "csv-dsv",
		from: "asciidoctor test/tables_test.rb CSV and DSV table tests; asciidoc-docs docs/modules/tables/pages/data-format.adoc",
		in:   ",===\nname,url\nA,\"https://a.example/x,y\"\n,===\n\n:===\nB:https://b.example/\n:===\n",
		want: []string{
			"text 17-38 https://a.example/x,y",
		},
	},
	{
		name: "xref-forms",
		from: "asciidoctor test/links_test.rb 'xref using angled bracket syntax', 'with label', 'xref using macro syntax', 'with path and fragment'",
		note: "Cross references are internal references for the link graph, not URIs: no candidate.",
		in:   "[[tigers]]\n== Tigers\n\nSee <<tigers>>, <<tigers,Big Cats>>, xref:tigers[], xref:tigers[Big Cats],\n<<other.adoc#a,text>>, xref:other.adoc#b[] and <<other#>>.\n",
	},
	{
		name: "xref-with-url-target",
		from: "asciidoctor test/links_test.rb 'xref shorthand with target that starts with URL protocol and has space after comma should not crash parser'",
		note: "An xref whose target is a URL is no link to it (Asciidoctor HEAD links #https://...): no candidate.",
		in:   "<<https://example.com, Example>>\n",
	},
	{
		name: "section-auto-ids",
		from: "asciidoctor test/sections_test.rb (id generation) and asciidoc-docs docs/modules/sections/pages/auto-ids.adoc",
		note: "Cross references: no candidate.",
		in:   "== Wiley & Sons, Inc.\n\n== Section One\n\n== Section One\n\n[#custom-id]\n== Custom\n\n[[other_id,Other]]\n== Other\n\nSee <<_wiley_sons_inc>>, <<_section_one_2>>, <<custom-id>>, <<other_id>>.\n",
	},
	{
		name: "idprefix-separator",
		from: "asciidoc-docs docs/modules/sections/pages/id-prefix-and-separator.adoc",
		note: "Cross references: no candidate.",
		in:   ":idprefix:\n:idseparator: -\n\n== Install the Tool\n\nSee <<install-the-tool>>.\n",
	},
}

// adocRun returns the candidates of doc as "context start-end uri", and
// checks the invariants every walker keeps.
func adocRun(t *testing.T, doc string, opts Options) []string {
	t.Helper()
	var got []string
	var cands []Candidate
	AsciiDoc([]byte(doc), opts, func(c *Candidate) {
		cands = append(cands, *c)
		got = append(got, fmt.Sprintf("%s %d-%d %s", c.Context, c.Start, c.End, c.URI))
	})
	checkInvariants(t, []byte(doc), cands)
	return got
}

func TestAsciiDocCases(t *testing.T) {
	for _, tt := range adocCases {
		t.Run(tt.name, func(t *testing.T) {
			if got := adocRun(t, tt.in, Options{}); !slices.Equal(got, tt.want) {
				t.Errorf("%s\ngot  %q\nwant %q", tt.from, got, tt.want)
			}
			code := tt.want
			if tt.code != nil {
				code = tt.code
			}
			if got := adocRun(t, tt.in, Options{IncludeCodeBlocks: true, IncludeCodeSpans: true}); !slices.Equal(got, code) {
				t.Errorf("with code: got %q, want %q", got, code)
			}
			var comments, only []string
			adocRun(t, tt.in, Options{Comment: func(c Comment) {
				s, e := c.TextStart, c.TextEnd
				comments = append(comments, fmt.Sprintf("%d-%d", s, e))
			}})
			AsciiDocComments([]byte(tt.in), func(c Comment) { s, e := c.TextStart, c.TextEnd; only = append(only, fmt.Sprintf("%d-%d", s, e)) })
			if !slices.Equal(comments, tt.comments) || !slices.Equal(only, tt.comments) {
				t.Errorf("comments %q, AsciiDocComments %q, want %q", comments, only, tt.comments)
			}
		})
	}
}
