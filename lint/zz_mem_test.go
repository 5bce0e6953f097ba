package lint_test

import (
	"os"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

func BenchmarkZZMem(b *testing.B) {
	src, _ := os.ReadFile(os.Getenv("ZZ_FILE"))
	f := extract.FormatOf(os.Getenv("ZZ_FILE"))
	for b.Loop() {
		ch, _ := lint.NewChecker(rules.All, &lint.Config{})
		ch.Check("x", f, src, func(*lint.Diagnostic) {})
	}
}
