package extract

import (
	"slices"
	"testing"
)

// A Vim help file's examples and commands in backticks are code (the help
// of coc.nvim, vim-airline and open-browser.vim, as SpaceVim keeps them);
// its prose is read, and a file without the modeline is plain text.
func TestVimHelp(t *testing.T) {
	const help = "*coc.txt*\tNodeJS client\n" +
		"\n" +
		"See https://github.com/neoclide/coc.nvim for more.\n" +
		"To install, use a script like: >\n" +
		"\n" +
		"  curl --fail -L https://github.com/neoclide/coc.nvim/archive/release.tar.gz|tar xzfv -\n" +
		"<\n" +
		"Default is `'!|defx|term://x|undotree'` if unset, or http://example.org/a.\n" +
		"Example:\n" +
		">\n" +
		"\t:Gina log -- **/*.vim\n" +
		"\t\" --> Open gina://xxxxx:log:-- for filtered log\n" +
		"Column 1 ends the block: https://vim.example/after\n" +
		"\n" +
		"vim:tw=78:ts=8:ft=help:norl:\n"
	uris := func(doc string, opts Options) []string {
		var got []string
		formats[FormatText].walk([]byte(doc), opts, func(c *Candidate) {
			got = append(got, c.URI+" "+map[Context]string{ContextText: "text", ContextCodeBlock: "code-block", ContextCodeSpan: "code-span"}[c.Context])
		})
		return got
	}
	prose := []string{"https://github.com/neoclide/coc.nvim text", "http://example.org/a text", "https://vim.example/after text"}
	if got := uris(help, Options{}); !slices.Equal(got, prose) {
		t.Errorf("help file:\n got %q\nwant %q", got, prose)
	}
	all := []string{"https://github.com/neoclide/coc.nvim text",
		"https://github.com/neoclide/coc.nvim/archive/release.tar.gz|tar code-block",
		"term://x code-span", "http://example.org/a text",
		"gina://xxxxx:log:-- code-block", "https://vim.example/after text"}
	if got := uris(help, Options{IncludeCodeBlocks: true, IncludeCodeSpans: true}); !slices.Equal(got, all) {
		t.Errorf("help file, code included:\n got %q\nwant %q", got, all)
	}
	// Without the modeline, the same text is plain text.
	plain := help[:len(help)-len("vim:tw=78:ts=8:ft=help:norl:\n")]
	if got := uris(plain, Options{}); len(got) != 6 {
		t.Errorf("plain text: %q, want the 6 candidates, in text", got)
	}
	// A modeline in the first five lines counts too; one in the middle
	// does not.
	first := "vim: ft=help\n>\n  http://a.example/x|y\n"
	if got := uris(first, Options{}); len(got) != 0 {
		t.Errorf("modeline first: %q, want none", got)
	}
	middle := "a\nb\nc\nd\ne\nf\n vim:ft=help\ng\nh\ni\nj\nk\nl\n>\n  http://a.example/x\n"
	if got := uris(middle, Options{}); len(got) != 1 {
		t.Errorf("modeline in the middle: %q, want the candidate", got)
	}
}
