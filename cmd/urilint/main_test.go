package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"urilint": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script (review the diff)")

// TestScripts runs the command-line tests in testdata/script: each .txtar
// file is a script of urilint invocations with the files they read and the
// output they must produce.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("..", "..", "testdata", "script"),
		UpdateScripts: *update,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// writebytes FILE QUOTED writes the Go-quoted string QUOTED
			// (with \x00 and the like) to FILE: binary test files.
			"writebytes": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: writebytes FILE QUOTED")
				}
				data, err := strconv.Unquote(`"` + args[1] + `"`)
				ts.Check(err)
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(data), 0o644))
			},
			// longline FILE N writes a line of N bytes holding one URI,
			// then a short line: input too long for line-limited readers.
			"longline": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: longline FILE N")
				}
				n, err := strconv.Atoi(args[1])
				ts.Check(err)
				line := "http://a.example/" + strings.Repeat("a", max(n-17, 0))
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(line+"\nurn:example:b\n"), 0o644))
			},
		},
		Condition: func(cond string) (bool, error) {
			if cond == "root" { // permission bits do not stop root from reading
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}
