package main

import "testing"

func TestColorOn(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, tt := range []struct {
		mode     string
		terminal bool
		vars     map[string]string
		want     bool
	}{
		{"auto", true, nil, true},
		{"auto", false, nil, false},
		{"auto", true, map[string]string{"NO_COLOR": "1"}, false},
		{"auto", true, map[string]string{"NO_COLOR": ""}, true},
		{"auto", true, map[string]string{"TERM": "dumb"}, false},
		{"always", false, map[string]string{"NO_COLOR": "1"}, true},
		{"never", true, nil, false},
	} {
		if got := colorOn(tt.mode, tt.terminal, env(tt.vars)); got != tt.want {
			t.Errorf("colorOn(%q, %v, %v) = %v, want %v", tt.mode, tt.terminal, tt.vars, got, tt.want)
		}
	}
}
