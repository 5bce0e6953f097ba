package extract

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/cputime"
)

// Fenced code blocks in plain text, read as CommonMark reads them
// (spec section 4.5, examples 119 to 147), but for a fence that no line
// closes, which opens no block, and a fence of tildes, which is no fence.
func TestFencedCode(t *testing.T) {
	for _, tc := range []struct {
		name, doc string
		blocks    []codeSpan // block is always true
		open      int
	}{
		{"closed", "a\n```sh\nx\n```\nb\n", []codeSpan{{2, 14, true}}, -1},
		{"indented in a list item", "3. Send:\n   ```sh\n   curl\n   ```\n", []codeSpan{{9, 33, true}}, -1},
		{"closing fence at the end, no line break", "```\nx\n```", []codeSpan{{0, 9, true}}, -1},
		// CommonMark example 121: a fence closes only with as many
		// backticks or more.
		{"shorter fence inside", "````\n```\nx\n````\n", []codeSpan{{0, 16, true}}, -1},
		// A closing fence has nothing after its backticks (example 137),
		// and an opening one no backtick in its info string (example 145).
		{"closing fence with text", "```\n``` aaa\n```\n", []codeSpan{{0, 16, true}}, -1},
		{"backtick in the info string", "``` a`b\nx\n```\n", nil, 10},
		{"longer closing fence", "```\nx\n``````\ny\n", []codeSpan{{0, 13, true}}, -1},
		// A fence that nothing closes opens no block: it is open at the
		// end (more text may close it), and the lines after it are read
		// again for fences of their own.
		{"never closed", "a\n````\nx\n```\ny\n```\n", []codeSpan{{9, 19, true}}, 2},
		{"tildes", "~~~\nx\n~~~\n", nil, -1},
		{"two backticks", "``\nx\n``\n", nil, -1},
		{"fence after text on its line", "see ```\nx\n```\n", nil, 10},
		{"CRLF", "```\r\nx\r\n```\r\n", []codeSpan{{0, 13, true}}, -1},
	} {
		blocks, open := fencedCode([]byte(tc.doc))
		if !slices.Equal(blocks, tc.blocks) || open != tc.open {
			t.Errorf("%s: blocks %v, open %d; want %v, %d", tc.name, blocks, open, tc.blocks, tc.open)
		}
	}
	// A block spans maxFenceBlock bytes at most: the closing fence of
	// one longer opens a block of its own, which more text may close; and
	// a fence that opens none so far from the end is not open.
	long := "```\n" + strings.Repeat("x\n", maxFenceBlock/2) + "```\n"
	if blocks, open := fencedCode([]byte(long)); blocks != nil || open != len(long)-4 {
		t.Errorf("%d bytes of block: %v, %d; want none, open at %d", len(long), blocks, open, len(long)-4)
	}
	tail := "```\n" + strings.Repeat("x\n", maxFenceBlock/2)
	if _, open := fencedCode([]byte(tail)); open != -1 {
		t.Errorf("a fence %d bytes from the end is open at %d", len(tail), open)
	}
}

// The text walker leaves a block's candidates out, or gives them in the
// context of code with Options.IncludeCodeBlocks; text around the block is
// prose (a page of kgateway's documentation saved as .txt).
func TestTextFencedCode(t *testing.T) {
	const doc = "3. Send a request:\n" +
		"   ```sh\n" +
		"   curl -vi http://$GW:8080/\\?code\\=500\n" +
		"   ```\n" +
		"See https://kgateway.dev/docs/ and ``` https://a.example/x\n"
	walk := func(opts Options) []string {
		var got []string
		FormatText.Walk([]byte(doc), opts, func(c *Candidate) {
			got = append(got, fmt.Sprintf("%d-%d %s %s", c.Start, c.End, c.Context, c.URI))
		})
		return got
	}
	want := []string{"79-105 text https://kgateway.dev/docs/", "114-133 text https://a.example/x"}
	if got := walk(Options{}); !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	want = slices.Insert(want, 0, "40-67 code-block http://$GW:8080/\\?code\\=500")
	if got := walk(Options{IncludeCodeBlocks: true}); !slices.Equal(got, want) {
		t.Errorf("with code blocks: got %q\nwant %q", got, want)
	}
}

// FenceSafeCut cuts at none of a block's blank lines, nor after a fence
// still open.
func TestFenceSafeCut(t *testing.T) {
	// lastBlank is the last offset after a blank line.
	lastBlank := func(b []byte) int {
		for i := len(b) - 1; i > 0; i-- {
			if b[i] == '\n' && b[i-1] == '\n' {
				return i + 1
			}
		}
		return -1
	}
	for _, tc := range []struct {
		doc  string
		want int
	}{
		{"a\n\n```\nx\n\ny\n```\nb", 3},
		{"a\n\n```\nx\n\ny\n```\n\nb", 17},
		{"a\n\n```\nx\n\ny\n", 3},
		{"```\nx\n\ny\n", -1},
		{"a\n\n``` b`\nx\n\ny\n", 13},
	} {
		if got := FenceSafeCut([]byte(tc.doc), lastBlank); got != tc.want {
			t.Errorf("%q: cut at %d, want %d", tc.doc, got, tc.want)
		}
	}
	// A second way of cutting is tried where the first finds no cut
	// outside a block: here the start of the last line that is outside.
	lastLine := func(b []byte) int {
		for i := len(b) - 2; i >= 0; i-- {
			if b[i] == '\n' {
				return i + 1
			}
		}
		return -1
	}
	const doc = "a\nb\n```\nx\n\ny\n```\nc"
	if got := FenceSafeCut([]byte(doc), lastBlank, lastLine); got != 17 {
		t.Errorf("%q: cut at %d with a second way, want 17", doc, got)
	}
	if got := FenceSafeCut([]byte(doc), lastBlank); got != -1 {
		t.Errorf("%q: cut at %d with the first way alone, want none", doc, got)
	}
}

// Lines that may open a block and none that closes one: each looks for
// its closer once, through a stack, not by reading on to the end.
func TestFencedCodeLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	for name, gen := range map[string]func(n int) string{
		"openers":           func(n int) string { return strings.Repeat("```a\n", n) },
		"growing fences":    func(n int) string { return strings.Repeat("``````````\n```a\n", n) },
		"openers and text":  func(n int) string { return strings.Repeat("```a\nhttp://x.example/\n", n) },
		"blocks one by one": func(n int) string { return strings.Repeat("```\nhttp://x.example/\n```\n", n) },
	} {
		t.Run(name, func(t *testing.T) {
			small, large := []byte(gen(2000)), []byte(gen(20000))
			cputime.Linear(t, len(small), len(large), func(l bool) {
				FormatText.Walk(pick(l, small, large), Options{}, func(*Candidate) {})
			}, 0, 50*time.Millisecond)
		})
	}
}
