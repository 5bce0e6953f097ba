package lint

import (
	"strings"
	"testing"
)

func TestHasDirective(t *testing.T) {
	for _, tt := range []struct {
		src  string
		want bool
	}{
		{"", false},
		{"urilint", false},
		{"urilint-", true},
		{"# urilint-disable-next-line x", true},
		{"a-b --- urilint -- urilint", false},
		{strings.Repeat("-", 100) + "urilint-enable", true},
		{"---urilint-", true},
		{"urilin-t- urilint_disable", false},
		{"x\nurilint-disable", true},
	} {
		if got := hasDirective([]byte(tt.src)); got != tt.want {
			t.Errorf("hasDirective(%q) = %v, want %v", tt.src, got, tt.want)
		}
	}
}
