package lint

import "testing"

func TestPrintable(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a.example/x", "http://a.example/x"},
		{"docs/My Notes.md", "docs/My Notes.md"},
		{"http://a.example/café", "http://a.example/café"},
		{"new\nline.txt", `"new\nline.txt"`},
		{"red\x1b[31m.txt", `"red\x1b[31m.txt"`},
		{"\ufeffhttp://a/", `"\ufeffhttp://a/"`},
		{"a\u202eb", `"a\u202eb"`}, // bidirectional override
		{"a\u009bb", `"a\u009bb"`}, // C1 control
		{"bad\xffutf8", `"bad\xffutf8"`},
	}
	for _, tt := range tests {
		if got := Printable(tt.in); got != tt.want {
			t.Errorf("Printable(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
