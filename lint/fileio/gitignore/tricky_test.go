package gitignore

import "testing"

// trickyTree has names for each rule: spaces, escapes, stars, brackets,
// nesting, and under chars/ one name a byte ("k" then the byte).
func trickyTree() []string {
	es := []string{
		"a.txt", "b.md", "c.html", "index.html", "hello.c", "hello.txt", "README.md", "readme.md", "Makefile",
		"#hash", "!bang", "!important!.txt", "important!.txt", " lead", "lead", "trail", "trail ", "trail  ", `trail\`,
		"sp ace", "tab\t", "\t", `back\slash`, "star*", "start", "q?", "qx", "[br]", "b", "r", "]", "-", "é.md", "ÉCOLE",
		"foo", "bar/foo", "bar/baz/foo/", "bar/foo.d/", "abc/x", "abc/y/z", "abc.d/x",
		"a/b", "a/x/b/", "a/x/y/b", "a/xb", "a/b.d/c", "a/a/b", "a/x/a/b",
		"ab/c", "abx/y/c", "x/abc/d/e", "x/ab", "x/b", "x/y/b",
		"sub/x", "sub/a.html", "sub/b.md", "sub/a/b", "sub/deeper/x", "sub/deeper/a.html", "sub/deeper/x.d/", "sub/x.txt", "sub/sub/x",
		"deep/1/2/3/4/file.md", "deep/1/2/3/4/file.txt", "deep/1/b/2/b/c", "deep/x/y",
		"node_modules/x/index.js", "link -> a.txt", "dirlink -> sub", "sub/up -> ..",
		"chars/k[b]", "chars/kab]", "chars/k:b]", "chars/ké", "chars/kk",
	}
	for c := 1; c < 256; c++ {
		if c != '/' {
			es = append(es, "chars/k"+string([]byte{byte(c)}))
		}
	}
	return es
}

// TestGitTricky compares with git on patterns that test each rule at its
// edges.
func TestGitTricky(t *testing.T) {
	t.Parallel()
	root := func(name, content string) gitCase {
		return gitCase{name, map[string]string{".gitignore": content}}
	}
	chars := func(pattern string) gitCase {
		return gitCase{"chars: " + pattern, map[string]string{"chars/.gitignore": pattern + "\n"}}
	}
	cases := []gitCase{
		// Lines: comments, blanks, escapes, spaces, line ends.
		root("comment", "#hash\n"),
		root("escaped hash", "\\#hash\n"),
		root("space then hash", " #hash\n"),
		root("negation of nothing", "!bang\n"),
		root("escaped bang", "\\!bang\n\\!important!.txt\n"),
		root("bang inside", "important!.txt\n"),
		root("blank lines", "\n\n   \n\t\na.txt\n"),
		root("trailing spaces", "trail   \nlead \n"),
		root("escaped trailing space", "trail\\ \n"),
		root("escaped space then spaces", "trail\\   \n"),
		root("space, escaped space", "trail \\ \n"),
		root("escaped backslash then space", "trail\\\\ \n"),
		root("leading space", " lead\n"),
		root("inner space", "sp ace\n"),
		root("trailing tab", "tab\t\n"),
		root("a tab", "\t\n"),
		root("CRLF", "a.txt\r\nb.md\r\n\r\n!b.md \r\n"),
		root("a lone CR", "a.txt\rb.md\n"),
		root("byte order mark", "\ufeffa.txt\n"),
		root("byte order mark then comment", "\ufeff#hash\n"),
		root("no final newline", "a.txt\nb.md"),
		root("NUL", "hello.c\x00junk\nb.md\x00\n"),
		root("lone backslash", "\\\n"),
		root("trailing backslash", "foo\\\ntrail\\\n"),
		root("escaped backslash", "back\\\\slash\ntrail\\\\\n"),
		root("escaped star and question mark", "star\\*\nq\\?\n"),
		root("star and question mark", "star*\nq?\n"),
		root("escaped bracket", "\\[br]\n"),
		root("bracket", "[br]\n"),
		root("escaped letters", "\\a.\\txt\n\\l\\e\\a\\d\n"),
		root("escaped slash", "a\\/b\nsub\\/\n"),
		root("bang slash", "!/\n/\n//\n!\n"),
		// Order and negation.
		root("negation after", "*.txt\n!a.txt\n"),
		root("negation before", "!a.txt\n*.txt\n"),
		root("whitelist", "*\n!*/\n!*.md\n"),
		root("whitelist a directory", "/*\n!/sub\n/sub/*\n!/sub/deeper\n"),
		root("cannot re-include", "sub/\n!sub/x\n!sub/deeper/\n"),
		root("name then directory negation", "sub\n!sub/\n"),
		root("directory then name negation", "sub/\n!sub\n"),
		root("negated directory, then the files", "x\n!x/\n"),
		root("negated name re-includes directories too", "*.d\n!x.d\n"),
		{"exclude below .gitignore", map[string]string{".git/info/exclude": "*.md\n", ".gitignore": "!b.md\n"}},
		{"exclude loses to .gitignore", map[string]string{".git/info/exclude": "!b.md\nhello.c\n", ".gitignore": "*.md\n"}},
		{"deeper files win", map[string]string{".gitignore": "*.html\n", "sub/.gitignore": "!*.html\n", "sub/deeper/.gitignore": "a.html\n"}},
		{"deeper negation", map[string]string{".gitignore": "x\n", "sub/.gitignore": "!x\n"}},
		{"deeper anchoring", map[string]string{"sub/.gitignore": "/x\na/b\n/deeper/x.d/\n"}},
		{"deeper unanchored", map[string]string{"sub/.gitignore": "x\n"}},
		{"deeper **", map[string]string{"sub/.gitignore": "**/x\n**/a.html\n"}},
		{"deeper path from above", map[string]string{".gitignore": "sub/deeper/x\n/sub/x\n", "sub/.gitignore": "!deeper/x\n"}},
		{"deeper file cannot reach up", map[string]string{"sub/.gitignore": "../a.txt\n/a.txt\nsub/x\n"}},
		{"exclude is at the root", map[string]string{".git/info/exclude": "/x\n/sub/x\ndeeper/\n"}},
		// Anchoring and directories.
		root("anchored name", "/a.txt\n/b\n"),
		root("unanchored name", "x\nb\n"),
		root("middle slash", "sub/x\na/b\n"),
		root("leading and middle slash", "/sub/x\n/a/b\n"),
		root("double leading slash", "//a.txt\n"),
		root("directory only", "bar/\nfoo/\nx/\n"),
		root("directory only, anchored", "/x/\nsub/deeper/\n"),
		root("directory only, links", "dirlink/\nlink/\nup/\n"),
		root("links by name", "dirlink\nlink\nsub/up\n"),
		root("two trailing slashes", "x//\nsub//\n"),
		// Stars.
		root("star", "*\n"),
		root("two stars", "**\n"),
		root("slash two stars", "/**\n"),
		root("star slash", "*/\n"),
		root("two stars slash", "**/\n"),
		root("slash star", "/*\n"),
		root("star slash star", "*/*\n"),
		root("a star", "a/*\n"),
		root("a two stars", "a/**\n"),
		root("a two stars slash", "a/**/\n"),
		root("a two stars star", "a/**/*\n"),
		root("two stars b", "**/b\n"),
		root("two stars x b", "**/x/b\n**/y/b\n"),
		root("two stars md", "**/*.md\n"),
		root("two stars deeper two stars", "**/deeper/**\n"),
		root("sub two stars x", "sub/**/x\n"),
		root("two stars two stars", "**/**/x\n"),
		root("three stars", "***/x\na/***/b\n"),
		root("stars before a name", "a**/b\n"),
		root("stars after a slash", "a/**b\n"),
		root("stars in a name", "**a\nr**\nh**o.c\n"),
		root("stars after the literal start", "ab**/c\n"),
		root("stars after a literal start, the end", "x/ab**\n!x/abc/\n"),
		root("stars after a literal start, with an escape before", "x/\\ab**/e\n"),
		root("stars before an escaped slash", "**\\/b\nx\\/**\\/e\n"),
		root("stars and stars", "a/**/**/b\n"),
		root("star then stars", "*/**/b\n"),
		root("stars then star", "**/*/b\n"),
		root("star in a path", "a/*/b\na/*b\n"),
		root("star after", "a/b*\nsub/*.txt\n"),
		root("question marks", "?/b\na/?/b\n?\n??\n"),
		root("bracket in a path", "[ab]/b\na/[!x]/b\n"),
		root("bracket with a slash", "a[/]b\na[!/]b\n[/]\n"),
		root("stars and negation", "deep/**\n!deep/1/\n!deep/1/**\ndeep/1/**/b\n"),
		root("two stars, not itself", "abc/**\n!abc/x\n"),
		root("two stars slash, not itself", "abc/**/\nsub/**/\n"),
		root("long", "deep/*/*/*/*/file.md\ndeep/**/2/**/4/**\n"),
		root("node modules", "node_modules/\n**/node_modules/**\n"),
		root("case", "readme.md\nMAKEFILE\n[[:upper:]]*.MD\n"),
		root("non-ASCII", "é*\n?.md\n??.md\n???.md\n[é].md\n"),
		root("unclosed bracket", "[\n[a\na[\n[!\n"),
		// Brackets, on one-byte names.
		chars("k*"), chars("k?"), chars("k??"), chars("k[]"), chars("k[]]"), chars("k[!]]"), chars("k[^]]"),
		chars("k[!a]"), chars("k[^a]"), chars("k[a-]"), chars("k[-a]"), chars("k[a-c-e]"), chars("k[z-a]"),
		chars("k[--0]"), chars("k[\\]]"), chars("k[a\\-c]"), chars("k[\\a-\\c]"), chars("k[a-\\]]"), chars("k[\\"),
		chars("k[!"), chars("k[a"), chars("k[[]"), chars("k[[a]"), chars("k[[:]"), chars("k[[:a]b]"), chars("k[[::]]"),
		chars("k[[:alpha:]"), chars("k[[:foo:]]"), chars("k[[:alpha:]-z]"), chars("k[a-[:alpha:]]"), chars("k[![:alpha:]]"),
		chars("k[^[:digit:][:punct:]]"), chars("k[[:alpha:][:digit:]]"), chars("k[[:ALPHA:]]"), chars("k[x[:alpha:]"),
		chars("k[\x01-\x1f]"), chars("k[\x80-\xff]"), chars("k[é]"), chars("k[!é]"), chars("k[]-a]"), chars("k[*]"), chars("k[?]"),
	}
	for _, class := range []string{"alnum", "alpha", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "xdigit"} {
		cases = append(cases, chars("k[[:"+class+":]]"), chars("k[![:"+class+":]]"))
	}
	runCases(t, trickyTree(), cases)
}
