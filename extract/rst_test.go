package extract

import (
	"fmt"
	"slices"
	"testing"
)

// rstCases are the reStructuredText cases of the research for issue 24,
// each derived from docutils' or Sphinx's test suite or specification
// (from: the file and case, at docutils commit
// 74f8d2c9d350f9e5875b43b5e20f134c7118b690 and Sphinx commit
// e44a40eb2f810558ccd9da1425421270ccb81351), the facts re-checked against
// docutils. want lists what the walker reports by default, as
// rstRender writes it: each candidate, and each comment's span (the text
// after ".." and its spaces); code lists what it reports besides with
// IncludeCodeSpans and IncludeCodeBlocks. Where urilint and docutils
// differ on purpose, the case says so:
//   - a bare e-mail address, which docutils links as mailto:, is no
//     candidate (as in Markdown): standalone-schemes-email,
//     standalone-trailing-punct;
//   - a URI docutils cuts short ("https://a.example/café" at the "/",
//     "http://[3ffe:...::1]" before the "]") is found whole, for the rules
//     to report: standalone-non-ascii, standalone-ipv6;
//   - a URI docutils hides (an unknown scheme earlier in the text) is
//     found: standalone-unknown-scheme-hides-rest;
//   - a substitution reference glued to a URI reads as a placeholder
//     "{{name}}" in it, where docutils links the part before it only:
//     sphinx-jinja-placeholders;
//   - text docutils does not link but shows (emphasis, interpreted text,
//     a phrase reference without a URI) is scanned as running text:
//     standalone-in-emphasis, roles-default, embedded-not-embedded (where
//     "\<http://example.com>" reads as "<http://example.com>", a
//     wrapper).
var rstCases = []struct {
	name, from, doc string
	want, code      []string
}{
	{
		name: "comment-one-line",
		from: "docutils test/test_parsers/test_rst/test_comments.py totest['comments'][0]",
		doc:  ".. A comment http://a.example/\n\nParagraph.\n",
		want: []string{"comment 3-30"},
	},
	{
		name: "comment-block",
		from: "docutils test/test_parsers/test_rst/test_comments.py totest['comments'][1], [2]",
		doc:  ".. A comment\n   block.\n\nParagraph.\n\n..\n   A comment consisting of multiple lines\n   starting on the line after the\n   explicit markup start.\n",
		want: []string{"comment 3-22", "comment 38-140"},
	},
	{
		name: "comment-no-blank",
		from: "docutils test/test_parsers/test_rst/test_comments.py totest['comments'][4]",
		doc:  ".. urilint-disable-next-line percent-lowercase\nhttp://a.example/%c3\n\n.. urilint-disable-next-line percent-lowercase\n\nhttp://b.example/%c3\n",
		want: []string{"comment 3-46", "comment 72-115", "text 47-67 http://a.example/%c3", "text 117-137 http://b.example/%c3"},
	},
	{
		name: "comment-not-directive",
		from: "docutils test/test_parsers/test_rst/test_comments.py totest['comments'][6], [7], [8]",
		doc:  ".. A comment::\n\nParagraph.\n\n..\n   _comment: http://example.org\n\nText.\n",
		want: []string{"comment 3-14", "comment 30-62"},
	},
	{
		name: "comment-empty",
		from: "docutils test/test_parsers/test_rst/test_comments.py totest['comments'][11]",
		doc:  ".. Next is an empty comment\n   http://a.example/\n\n..\n\n    A block quote http://b.example/.\n",
		want: []string{"comment 3-48", "comment 52-52", "text 72-89 http://b.example/"},
	},
	{
		name: "comment-in-paragraph",
		from: "docutils states.py (explicit markup only starts a block)",
		doc:  "Some text\n.. urilint-disable-next-line X\nhttp://a.example/\n",
		want: []string{"text 41-58 http://a.example/"},
	},
	{
		name: "comment-hash-style",
		from: "urilint issue 24 (today only \".. # urilint-...\" works)",
		doc:  ".. # urilint-disable-next-line uri-scheme-unregistered\n\nfoo://x\n",
		want: []string{"comment 3-54", "text 56-63 foo://x"},
	},
	{
		name: "image-figure",
		from: "docutils docs/ref/rst/directives.rst \"image\", \"figure\" and docutils directives/images.py",
		doc:  ".. image:: picture.png\n   :target: https://a.example/big\n\n.. figure:: https://a.example/\n   img.png\n   :target: ref_\n\n   The caption http://b.example/.\n\n.. _ref: http://r.example/\n",
		want: []string{"rst-image 11-22 picture.png", "rst-directive 35-56 https://a.example/big", "rst-image 70-99 https://a.example/img.png raw=\"https://a.example/\\n   img.png\"", "text 133-150 http://b.example/", "rst-target 162-179 http://r.example/"},
	},
	{
		name: "substitution-image",
		from: "docutils docs/ref/rst/restructuredtext.rst \"Substitution Definitions\"",
		doc:  "The |biohazard| symbol.\n\n.. |biohazard| image:: https://a.example/biohazard.png\n   :target: https://a.example/info\n",
		want: []string{"rst-image 48-79 https://a.example/biohazard.png", "rst-directive 92-114 https://a.example/info"},
	},
	{
		name: "csv-table-url",
		from: "docutils docs/ref/rst/directives.rst \"csv-table\" and docutils directives/tables.py",
		doc:  ".. csv-table:: Title\n   :header: \"a\", \"b\"\n\n   \"http://a.example/x\", 2\n",
		want: []string{"text 47-65 http://a.example/x"},
	},
	{
		name: "include",
		from: "docutils docs/ref/rst/directives.rst \"include\" and Sphinx literalinclude",
		doc:  ".. include:: ../common/links.rst\n\n.. literalinclude:: example.py\n   :language: python\n",
		want: []string{},
	},
	{
		name: "roles-rfc-pep",
		from: "docutils docs/ref/rst/roles.rst :pep-reference: :rfc-reference:",
		doc:  "See :rfc:`2822#section-3` and :pep:`287`.\n",
		want: []string{},
	},
	{
		name: "roles-code-literal",
		from: "docutils docs/ref/rst/roles.rst :code: :literal:; directives.rst \"role\"",
		doc:  ".. role:: code-py(code)\n   :language: python\n\n:code:`http://a.example/`, :literal:`http://b.example/`, :code-py:`http://c.example/`\n",
		want: []string{},
		code: []string{"code-span 53-70 http://a.example/", "code-span 83-100 http://b.example/", "code-span 113-130 http://c.example/"},
	},
	{
		name: "roles-default",
		from: "docutils docs/ref/rst/roles.rst :title-reference: (the default role)",
		doc:  "The `http://a.example/` title.\n",
		want: []string{"text 5-22 http://a.example/"},
	},
	{
		name: "roles-sphinx",
		from: "Sphinx sphinx/roles.py, sphinx/domains/std/__init__.py; explicit title form title <target>",
		doc:  ":doc:`Install <install/index>`, :download:`script <../scripts/a.py>`, :ref:`x <label>`, :samp:`http://{host}/`\n",
		want: []string{},
		code: []string{"code-span 95-109 http://{host}/"},
	},
	{
		name: "sphinx-jinja-placeholders",
		from: "Sphinx templates and rst_epilog substitutions",
		doc:  "Download https://example.org/pkg-|version|.tar.gz or {{ pathto('x') }}.\n",
		want: []string{"text 9-49 https://example.org/pkg-{{version}}.tar.gz raw=\"https://example.org/pkg-|version|.tar.gz\""},
	},
	{
		name: "embedded-named",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][0]",
		doc:  "`phrase reference <http://example.com>`_\n",
		want: []string{"rst-link 19-37 http://example.com"},
	},
	{
		name: "embedded-anonymous",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][1]",
		doc:  "`anonymous reference <http://example.com>`__\n",
		want: []string{"rst-link 22-40 http://example.com"},
	},
	{
		name: "embedded-next-line",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][2]",
		doc:  "`embedded URI on next line\n<http://example.com>`__\n",
		want: []string{"rst-link 28-46 http://example.com"},
	},
	{
		name: "embedded-across-lines",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][3]",
		doc:  "`embedded URI across lines <http://example.com/\nlong/path>`__\n",
		want: []string{"rst-link 28-57 http://example.com/long/path raw=\"http://example.com/\\nlong/path\""},
	},
	{
		name: "embedded-whitespace",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][4]",
		doc:  "`embedded URI with whitespace <http://example.com/\nlong/path /and  /whitespace>`__\n",
		want: []string{"rst-link 31-78 http://example.com/long/path/and/whitespace raw=\"http://example.com/\\nlong/path /and  /whitespace\""},
	},
	{
		name: "embedded-escaped-whitespace",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][5]",
		doc:  "`embedded URI with escaped whitespace <http://example.com/a\\\nlong/path\\ and/some\\ escaped\\ whitespace>`__\n\n`<omitted\\ reference\\ text\\ with\\ escaped\\ whitespace>`__\n",
		want: []string{"rst-link 39-101 http://example.com/a long/path and/some escaped whitespace raw=\"http://example.com/a\\\\\\nlong/path\\\\ and/some\\\\ escaped\\\\ whitespace\"", "rst-link 109-160 omitted reference text with escaped whitespace raw=\"omitted\\\\ reference\\\\ text\\\\ with\\\\ escaped\\\\ whitespace\""},
	},
	{
		name: "embedded-email",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][6]",
		doc:  "`embedded email address <jdoe@example.com>`__\n\n`embedded email address broken across lines <jdoe\n@example.com>`__\n",
		want: []string{"rst-link 25-41 mailto:jdoe@example.com raw=\"jdoe@example.com\"", "rst-link 92-109 mailto:jdoe@example.com raw=\"jdoe\\n@example.com\""},
	},
	{
		name: "embedded-not-embedded",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][7]",
		doc:  "`embedded URI with too much whitespace < http://example.com/\nlong/path /and  /whitespace >`__\n\n`embedded URI with no preceding whitespace<http://example.com>`__\n\n`escaped URI \\<http://example.com>`__\n",
		want: []string{"text 41-60 http://example.com/", "angle 138-156 http://example.com", "angle 177-195 http://example.com"},
	},
	{
		name: "embedded-relative",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][8]",
		doc:  "Relative URIs' reference text can be omitted:\n\n`<reference>`_\n\n`<anonymous>`__\n",
		want: []string{"rst-link 49-58 reference", "rst-link 65-74 anonymous"},
	},
	{
		name: "embedded-escaped-underscore",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][9]",
		doc:  "Escape trailing low-line char in URIs:\n\n`<reference\\_>`_\n\n`<anonymous\\_>`__\n",
		want: []string{"rst-link 42-53 reference_ raw=\"reference\\\\_\"", "rst-link 60-71 anonymous_ raw=\"anonymous\\\\_\""},
	},
	{
		name: "embedded-escaped-other",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_uris'][10]",
		doc:  "Escape other char in URIs:\n\n`<reference\\:1>`_\n\n`<anonymous\\call>`__\n",
		want: []string{"rst-link 30-42 reference:1 raw=\"reference\\\\:1\"", "rst-link 49-63 anonymouscall raw=\"anonymous\\\\call\""},
	},
	{
		name: "embedded-alias",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['embedded_aliases'][0] and docutils docs/ref/rst/restructuredtext.rst \"Embedded URIs and Aliases\"",
		doc:  "`phrase reference <alias_>`_\n\n`__init__ <http:example.py.html#__init__>`__\n",
		want: []string{"rst-link 41-70 http:example.py.html#__init__"},
	},
	{
		name: "embedded-in-text",
		from: "docutils docs/ref/rst/restructuredtext.rst \"Embedded URIs and Aliases\"",
		doc:  "See the `Python home page <https://www.python.org>`_ for info.\n\n`RFC 2396 <https://www.rfc-editor.org/rfc/rfc2396.txt>`__ and `RFC\n2732 <https://www.rfc-editor.org/rfc/rfc2732.txt>`__ together\n",
		want: []string{"rst-link 27-49 https://www.python.org", "rst-link 75-117 https://www.rfc-editor.org/rfc/rfc2396.txt", "rst-link 137-179 https://www.rfc-editor.org/rfc/rfc2732.txt"},
	},
	{
		name: "inline-literal",
		from: "docutils docs/ref/rst/restructuredtext.rst \"Inline Literals\"",
		doc:  "Use ``cfg://handlers.email[0]`` and ``http://localhost:8000/\\x`` here.\n",
		want: []string{},
		code: []string{"code-span 6-29 cfg://handlers.email[0]", "code-span 38-62 http://localhost:8000/\\x"},
	},
	{
		name: "inline-literal-recognition",
		from: "docutils docs/ref/rst/restructuredtext.rst \"Inline markup recognition rules\" (rules 1, 6, 7)",
		doc:  "`` http://b.example/ `` and x``http://a.example/``\n",
		want: []string{"text 3-20 http://b.example/", "text 31-48 http://a.example/"},
	},
	{
		name: "literal-block-minimized",
		from: "docutils test/test_parsers/test_rst/test_literal_blocks.py totest['indented_literal_blocks'][0]",
		doc:  "A paragraph::\n\n    A literal block http://a.example/\n",
		want: []string{},
		code: []string{"code-block 35-52 http://a.example/"},
	},
	{
		name: "literal-block-partial",
		from: "docutils test/test_parsers/test_rst/test_literal_blocks.py totest['indented_literal_blocks'][8]",
		doc:  "A paragraph: ::\n\n    A literal block http://a.example/\n",
		want: []string{},
		code: []string{"code-block 37-54 http://a.example/"},
	},
	{
		name: "literal-block-expanded",
		from: "docutils test/test_parsers/test_rst/test_literal_blocks.py totest['indented_literal_blocks'][9]",
		doc:  "A paragraph:\n\n::\n\n    A literal block http://a.example/\n",
		want: []string{},
		code: []string{"code-block 38-55 http://a.example/"},
	},
	{
		name: "literal-block-escaped",
		from: "docutils test/test_parsers/test_rst/test_literal_blocks.py totest['indented_literal_blocks'][6]",
		doc:  "A paragraph\\\\::\n\n    A literal block http://a.example/\n\nA paragraph\\::\n\n    Not a literal block http://b.example/\n",
		want: []string{"text 96-113 http://b.example/"},
		code: []string{"code-block 37-54 http://a.example/"},
	},
	{
		name: "literal-block-ends-at-dedent",
		from: "docutils test/test_parsers/test_rst/test_literal_blocks.py totest['indented_literal_blocks'][2], [5]",
		doc:  "Another paragraph::\n\n    http://a.example/one\n\n    http://a.example/two\n\nA final paragraph http://b.example/.\n",
		want: []string{"text 91-108 http://b.example/"},
		code: []string{"code-block 25-45 http://a.example/one", "code-block 51-71 http://a.example/two"},
	},
	{
		name: "literal-block-none",
		from: "docutils test/test_parsers/test_rst/test_literal_blocks.py totest['indented_literal_blocks'][12]",
		doc:  "A paragraph::\n\nNot a literal block http://b.example/\n",
		want: []string{"text 35-52 http://b.example/"},
	},
	{
		name: "literal-block-quoted",
		from: "docutils test/test_parsers/test_rst/test_literal_blocks.py totest['quoted_literal_blocks'][0], [2]",
		doc:  "A paragraph::\n\n> http://a.example/x\n> Line 2.\n\nhttp://b.example/\n",
		want: []string{"text 47-64 http://b.example/"},
		code: []string{"code-block 17-35 http://a.example/x"},
	},
	{
		name: "definition-list-not-literal",
		from: "docutils states.py Text.definition_list_item",
		doc:  "term::\n  http://a.example/def\n",
		want: []string{"text 9-29 http://a.example/def"},
	},
	{
		name: "doctest-block",
		from: "docutils test/test_parsers/test_rst/test_doctest_blocks.py totest['doctest_blocks'][0]",
		doc:  "Paragraph.\n\n>>> print(\"http://a.example/\")\nhttp://a.example/\n\nParagraph http://b.example/.\n",
		want: []string{"text 72-89 http://b.example/"},
		code: []string{"code-block 23-40 http://a.example/", "code-block 43-60 http://a.example/"},
	},
	{
		name: "code-directives",
		from: "docutils docs/ref/rst/directives.rst \"code\" and Sphinx sphinx/directives/code.py (code-block, sourcecode)",
		doc:  ".. code:: python\n   :number-lines:\n\n   url = \"http://a.example/\"\n\nAfter http://b.example/.\n",
		want: []string{"text 72-89 http://b.example/"},
		code: []string{"code-block 46-63 http://a.example/"},
	},
	{
		name: "parsed-literal",
		from: "docutils docs/ref/rst/directives.rst \"parsed-literal\"",
		doc:  ".. parsed-literal::\n\n   see http://a.example/ and `x <http://b.example/>`_\n",
		want: []string{"text 28-45 http://a.example/", "rst-link 54-71 http://b.example/"},
	},
	{
		name: "raw-directive",
		from: "docutils docs/ref/rst/directives.rst \"raw\"",
		doc:  ".. raw:: html\n\n   <a href=\"http://a.example/\">x</a>\n\n.. raw:: html\n   :url: http://b.example/page.html\n",
		want: []string{"rst-directive 76-102 http://b.example/page.html"},
		code: []string{"code-block 27-44 http://a.example/"},
	},
	{
		name: "math",
		from: "docutils docs/ref/rst/roles.rst :math: and directives.rst math",
		doc:  "The :math:`f(x) = http:x` and\n\n.. math::\n\n   a:b\n",
		want: []string{},
	},
	{
		name: "standalone-plain",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][0]",
		doc:  "http://www.standalone.hyperlink.com\n\nhttp:/one-slash-only.absolute.path\n",
		want: []string{"text 0-35 http://www.standalone.hyperlink.com", "text 37-71 http:/one-slash-only.absolute.path"},
	},
	{
		name: "standalone-brackets",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][0]",
		doc:  "[http://example.com]\n\n(http://example.com)\n\n<http://example.com>\n",
		want: []string{"text 1-19 http://example.com", "text 23-41 http://example.com", "angle 45-63 http://example.com"},
	},
	{
		name: "standalone-ipv6",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][0]",
		doc:  "http://[1080:0:0:0:8:800:200C:417A]/IPv6address.html\n\nhttp://[3ffe:2a00:100:7031::1] (the final \"]\" is ambiguous in text)\n\nhttp://[3ffe:2a00:100:7031::1]/\n",
		want: []string{"text 0-52 http://[1080:0:0:0:8:800:200C:417A]/IPv6address.html", "text 54-84 http://[3ffe:2a00:100:7031::1]", "text 123-154 http://[3ffe:2a00:100:7031::1]/"},
	},
	{
		name: "standalone-schemes-email",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][0]",
		doc:  "mailto:someone@somewhere.com\n\nnews:comp.lang.python\n\nAn email address in a sentence: someone@somewhere.com.\n",
		want: []string{"text 0-28 mailto:someone@somewhere.com", "text 30-51 news:comp.lang.python"},
	},
	{
		name: "standalone-trailing-punct",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][0]",
		doc:  "ftp://ends.with.a.period.\n\n(a.question.mark@end?)\n",
		want: []string{"text 0-24 ftp://ends.with.a.period"},
	},
	{
		name: "standalone-escaped-star",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][1]",
		doc:  "http://example.com/\\*content\\*/whatever\n\nhttp://example.com/\\*content*/whatever\n",
		want: []string{"text 0-39 http://example.com/*content*/whatever raw=\"http://example.com/\\\\*content\\\\*/whatever\"", "text 41-79 http://example.com/*content*/whatever raw=\"http://example.com/\\\\*content*/whatever\""},
	},
	{
		name: "standalone-angle-keeps-punct",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][2]",
		doc:  "Valid URLs may end with punctuation inside \"<>\":\n\n<http://example.org/ends-with-dot.>\n",
		want: []string{"angle 51-84 http://example.org/ends-with-dot."},
	},
	{
		name: "standalone-pluses",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][3]",
		doc:  "Valid URLs with interesting endings:\n\nhttp://example.org/ends-with-pluses++\n",
		want: []string{"text 38-75 http://example.org/ends-with-pluses++"},
	},
	{
		name: "standalone-unknown-scheme",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][4]",
		doc:  "None of these are standalone hyperlinks (their \"schemes\"\nare not recognized): signal:noise, a:b.\n",
		want: []string{},
	},
	{
		name: "standalone-escaped-email",
		from: "docutils test/test_parsers/test_rst/test_inline_markup.py totest['standalone_hyperlink'][5]",
		doc:  "Escaped email addresses are not recognized: test\\@example.org\n",
		want: []string{},
	},
	{
		name: "standalone-unknown-scheme-hides-rest",
		from: "docutils states.py Inliner.implicit_inline (observed with HEAD and 0.19)",
		doc:  "foo:bar http://x.example/ ok\n",
		want: []string{"text 8-25 http://x.example/"},
	},
	{
		name: "standalone-non-ascii",
		from: "docutils states.py Inliner uri pattern (uric is ASCII only; \"/\" is an end delimiter)",
		doc:  "https://a.example/café end\n",
		want: []string{"text 0-23 https://a.example/café"},
	},
	{
		name: "standalone-query-fragment",
		from: "docutils docs/ref/rst/restructuredtext.rst \"Standalone Hyperlinks\"",
		doc:  "tel:+48-816-555-1212\n\nurn:isbn:0-486-27557-4\n\nhttps://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top\n",
		want: []string{"text 0-20 tel:+48-816-555-1212", "text 22-44 urn:isbn:0-486-27557-4", "text 46-131 https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top"},
	},
	{
		name: "standalone-in-emphasis",
		from: "docutils states.py Inliner.inline_obj (no nested parsing)",
		doc:  "*see http://a.example/x* and **http://b.example/y**\n",
		want: []string{"text 5-23 http://a.example/x", "text 31-49 http://b.example/y"},
	},
	{
		name: "standalone-end-before-backslash",
		from: "docutils states.py (end_string_suffix includes \\x00, an escape)",
		doc:  "http://a.example/x\\<y and http://b.example/a\\_b\n",
		want: []string{"text 0-18 http://a.example/x", "text 26-47 http://b.example/a_b raw=\"http://b.example/a\\\\_b\""},
	},
	{
		name: "standalone-title",
		from: "docutils docs/ref/rst/restructuredtext.rst \"Sections\"",
		doc:  "See http://a.example/t\n======================\n\nBody.\n",
		want: []string{"text 4-22 http://a.example/t"},
	},
	{
		name: "simple-table",
		from: "docutils test/test_parsers/test_rst/test_tables.py totest['simple_tables'] and docutils docs/ref/rst/restructuredtext.rst \"Simple Tables\"",
		doc:  "=====  ====================\ncol 1  col 2\n=====  ====================\n1      http://a.example/one\n2      http://a.example/two\n       continued\n=====  ====================\n",
		want: []string{"text 76-96 http://a.example/one", "text 104-124 http://a.example/two"},
	},
	{
		name: "simple-table-rows-not-joined",
		from: "urilint issue 24 (\"a row of a simple table is taken for a wrapped URI\")",
		doc:  "========================  ===\nURI                       n\n========================  ===\n<https://a.example/x      1\n/y>                       2\n========================  ===\n",
		want: []string{"text 89-108 https://a.example/x"},
	},
	{
		name: "grid-table",
		from: "docutils test/test_parsers/test_rst/test_tables.py totest['grid_tables'] and docutils docs/ref/rst/restructuredtext.rst \"Grid Tables\"",
		doc:  "+----------------------+------------+\n| http://a.example/one | plain      |\n+----------------------+------------+\n| `x <http://b/>`_     | ``code``   |\n+----------------------+------------+\n",
		want: []string{"text 40-60 http://a.example/one", "rst-link 120-129 http://b/"},
	},
	{
		name: "grid-table-multiline-cell",
		from: "docutils docs/ref/rst/restructuredtext.rst \"Grid Tables\"",
		doc:  "+-----------------------+\n| see                   |\n| http://a.example/x    |\n+-----------------------+\n",
		want: []string{"text 54-72 http://a.example/x"},
	},
	{
		name: "target-external-forms",
		from: "docutils test/test_parsers/test_rst/test_targets.py totest['targets'][2]",
		doc:  "External hyperlink targets:\n\n.. _one-liner: http://structuredtext.sourceforge.net\n\n.. _starts-on-this-line: http://\n                         structuredtext.\n                         sourceforge.net\n\n.. _entirely-below:\n   http://structuredtext.\n   sourceforge.net\n\n.. _escaped-whitespace: http://example.org/a\\ path\\ with\\\n   spaces.html\n\n.. _not-indirect: uri\\_\n",
		want: []string{"rst-target 44-81 http://structuredtext.sourceforge.net", "rst-target 108-197 http://structuredtext.sourceforge.net raw=\"http://\\n                         structuredtext.\\n                         sourceforge.net\"", "rst-target 222-263 http://structuredtext.sourceforge.net raw=\"http://structuredtext.\\n   sourceforge.net\"", "rst-target 289-337 http://example.org/a path with spaces.html raw=\"http://example.org/a\\\\ path\\\\ with\\\\\\n   spaces.html\"", "rst-target 357-362 uri_ raw=\"uri\\\\_\""},
	},
	{
		name: "target-indirect",
		from: "docutils test/test_parsers/test_rst/test_targets.py totest['targets'][3]",
		doc:  "Indirect hyperlink targets:\n\n.. _target1: reference_\n\n.. _target2: `phrase-link reference`_\n",
		want: []string{},
	},
	{
		name: "target-internal-and-names",
		from: "docutils test/test_parsers/test_rst/test_targets.py totest['targets'][0], [4], [6]",
		doc:  ".. _target:\n\n.. _`a target name: including a colon (quoted)`:\n\n.. _a target name\\: including a colon (escaped):\n\n.. _a very long target name,\n   split across lines:\n",
		want: []string{},
	},
	{
		name: "target-email",
		from: "docutils test/test_parsers/test_rst/test_targets.py totest['targets'][8]",
		doc:  ".. _email: jdoe@example.com\n\n.. _multi-line email: jdoe\n   @example.com\n",
		want: []string{"rst-target 11-27 mailto:jdoe@example.com raw=\"jdoe@example.com\"", "rst-target 51-71 mailto:jdoe@example.com raw=\"jdoe\\n   @example.com\""},
	},
	{
		name: "target-malformed",
		from: "docutils test/test_parsers/test_rst/test_targets.py totest['targets'][5], [9]",
		doc:  ".. _`target: No matching backquote.\n.. _`: No matching backquote either.\n\n.. __malformed: no good\n\n.. _`_target`: OK\n",
		want: []string{"comment 3-35", "comment 39-72", "comment 77-97", "rst-target 114-116 OK"},
	},
	{
		name: "target-anonymous",
		from: "docutils test/test_parsers/test_rst/test_targets.py totest['anonymous_targets'][0], [1], [3]",
		doc:  "Anonymous external hyperlink target:\n\n.. __: http://w3c.org/\n\n__ http://w3c.org/\n\n__ uri\\_\n\n__ this URI ends with an underscore_\n",
		want: []string{"rst-target 45-60 http://w3c.org/", "rst-target 65-80 http://w3c.org/", "rst-target 85-90 uri_ raw=\"uri\\\\_\"", "rst-target 95-128 thisURIendswithanunderscore_ raw=\"this URI ends with an underscore_\""},
	},
	{
		name: "target-anonymous-indirect",
		from: "docutils test/test_parsers/test_rst/test_targets.py totest['anonymous_targets'][2], [4]",
		doc:  "Anonymous indirect hyperlink targets:\n\n.. __: reference_\n__ `a very long\n   reference`_\n",
		want: []string{},
	},
	{
		name: "target-ends-at-blank",
		from: "docutils states.py Body.hyperlink_target (get_first_known_indented(until_blank=True))",
		doc:  ".. _a: http://a.example/x\n\n   http://b.example/y\n",
		want: []string{"rst-target 7-25 http://a.example/x", "text 30-48 http://b.example/y"},
	},
	{
		name: "target-in-list",
		from: "docutils docs/ref/rst/restructuredtext.rst \"Hyperlink Targets\" (footnote on nested targets)",
		doc:  "* item\n\n  .. _x: http://a.example/\n     list/path\n",
		want: []string{"rst-target 17-49 http://a.example/list/path raw=\"http://a.example/\\n     list/path\""},
	},
	{
		name: "target-percent-and-quotes",
		from: "docutils docs/ref/rst/restructuredtext.rst \"External hyperlink targets\" (whitespace removal)",
		doc:  ".. _PEP 8:\n   https://peps.python.org/\n   pep-0008/#naming-conventions\n",
		want: []string{"rst-target 14-70 https://peps.python.org/pep-0008/#naming-conventions raw=\"https://peps.python.org/\\n   pep-0008/#naming-conventions\""},
	},
	{
		name: "target-field-under-label",
		from: "docutils states.py Body.patterns.field_marker; scikit-rf's doc/source/index.rst (held-out set 186)",
		doc:  ".. _home:\n    :github_url:\n\n.. _src:\n   :github_url: https://a.example/x\n\n.. _y:\n   :x\n\n.. _z: http://b.example/y\n",
		want: []string{"rst-target 84-86 :x", "rst-target 95-113 http://b.example/y"},
	},
	{
		name: "target-field-under-label-crlf",
		from: "docutils states.py Body.patterns.field_marker, with CRLF line ends",
		doc:  ".. _home:\r\n    :github_url:\r\n\r\nText.\r\n",
		want: []string{},
	},
	{
		name: "target-unicode-space",
		from: "docutils states.py Body.make_target (''.join(line.split()): str.split takes a no-break space for whitespace); Clear Linux's documentation",
		doc:  ".. _Jupyter: \u00a0https://jupyter.example/en/\u00a0latest/\u00a0\n",
		want: []string{"rst-target 15-51 https://jupyter.example/en/latest/ raw=\"https://jupyter.example/en/\\u00a0latest/\""},
	},
}

// rstRender writes what the walker finds in doc with opts: its
// candidates ("context start-end uri", and the raw text when it differs)
// and comments ("comment start-end"), in document order.
func rstRender(t *testing.T, doc string, opts Options) []string {
	t.Helper()
	var out, comments []string
	var cands []Candidate
	opts.Comment = func(c Comment) {
		s, e := c.TextStart, c.TextEnd
		if len(cands) > 0 {
			t.Fatalf("comment %d-%d after a candidate", s, e)
		}
		comments = append(comments, fmt.Sprintf("comment %d-%d", s, e))
	}
	ReStructuredText([]byte(doc), opts, func(c *Candidate) { cands = append(cands, *c) })
	checkInvariants(t, []byte(doc), cands)
	var got []string
	RSTComments([]byte(doc), func(c Comment) { s, e := c.TextStart, c.TextEnd; got = append(got, fmt.Sprintf("comment %d-%d", s, e)) })
	if !slices.Equal(got, comments) {
		t.Errorf("RSTComments: %q, the walker: %q", got, comments)
	}
	out = append(out, comments...)
	for _, c := range cands {
		s := fmt.Sprintf("%s %d-%d %s", c.Context, c.Start, c.End, c.URI)
		if c.Raw != c.URI {
			s += fmt.Sprintf(" raw=%q", c.Raw)
		}
		out = append(out, s)
	}
	return out
}

func TestRSTCases(t *testing.T) {
	for _, tt := range rstCases {
		t.Run(tt.name, func(t *testing.T) {
			got := rstRender(t, tt.doc, Options{})
			if !slices.Equal(got, tt.want) {
				t.Errorf("%s (%s):\n%s\n got  %q\n want %q", tt.name, tt.from, tt.doc, got, tt.want)
			}
			got = rstRender(t, tt.doc, Options{IncludeCodeSpans: true, IncludeCodeBlocks: true})
			var code []string
			for _, g := range got {
				if !slices.Contains(tt.want, g) {
					code = append(code, g)
				}
			}
			if !slices.Equal(code, tt.code) {
				t.Errorf("%s with code: got %q, want %q", tt.name, code, tt.code)
			}
		})
	}
}

// Comments in tables' cells are comments too, found by RSTComments as by
// the walker (rstRender compares the two).
func TestRSTCommentsInTables(t *testing.T) {
	for _, tt := range []struct{ doc, want string }{
		{"=====  =====\na      b\n=====  =====\nx      .. c http://a.example/\n=====  =====\n", "comment 45-64"},
		{"+------+--------+\n| x    | .. c   |\n+------+--------+\n", "comment 30-31"},
	} {
		got := rstRender(t, tt.doc, Options{})
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%q: got %q, want %q", tt.doc, got, tt.want)
		}
	}
}
