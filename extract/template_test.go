package extract

import (
	"slices"
	"testing"
)

func TestTemplateExpressions(t *testing.T) {
	tests := []struct {
		s    string
		want []Span
	}{
		// RFC 6570 section 1.2 and 3.2 examples.
		{"http://example.com/~{username}/", []Span{{20, 30}}},
		{"http://example.com/dictionary/{term:1}/{term}", []Span{{30, 38}, {39, 45}}},
		{"http://example.com/search{?q,lang}", []Span{{25, 34}}},
		{"{+path}/here", []Span{{0, 7}}},
		{"X{#x,hello,y}", []Span{{1, 13}}},
		{"X{.var:3}", []Span{{1, 9}}},
		{"{/list*}", []Span{{0, 8}}},
		{"{;keys*}{&x}{=y}{,z}{!a}{@b}{|c}", []Span{{0, 8}, {8, 12}, {12, 16}, {16, 20}, {20, 24}, {24, 28}, {28, 32}}},
		{"{var:9999}{a.b_c}{%41}", []Span{{0, 10}, {10, 17}, {17, 22}}},
		{"http://127.0.0.1:{port}/{path}", []Span{{17, 23}, {24, 30}}},
		{"https://${HOST}", []Span{{9, 15}}},
		// Not expressions.
		{"http://example.com/{}", nil},
		{"{-x}", nil},
		{"{a b}", nil},
		{`{"a":1}`, nil},
		{"{x", nil},
		{"{x:0}", nil},
		{"{x:10000}", nil},
		{"{a..b}", nil},
		{"{.}", nil},
		{"{a.}", nil},
		{"{%4}", nil},
		{"{{x}", []Span{{1, 4}}},
	}
	for _, tt := range tests {
		if got := TemplateExpressions(tt.s); !slices.Equal(got, tt.want) {
			t.Errorf("TemplateExpressions(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
