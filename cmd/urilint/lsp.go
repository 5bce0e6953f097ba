package main

import (
	"context"
	"fmt"
	"io"

	"github.com/urilint/urilint/lsp"
	"github.com/urilint/urilint/rules"
)

func runLSP(e *env, args []string) int {
	stdin, stdout, stderr := e.stdin, e.stdout, e.stderr
	fs := newFlags(e, "lsp", "[--stdio]")
	fs.Bool("stdio", true, "talk over standard input and output (the only way; accepted because editors pass it)")
	rest, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		return usageError(stderr, "lsp", fmt.Errorf("unexpected argument %q", rest[0]))
	}
	return lsp.NewServer(rules.All).Serve(context.Background(), stdio{stdin, stdout})
}

// stdio is standard input and output as one stream. Closing it closes
// neither: the process ends right after.
type stdio struct {
	io.Reader
	io.Writer
}

func (stdio) Close() error { return nil }
