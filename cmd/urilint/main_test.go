package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.yaml.in/yaml/v3"

	"github.com/urilint/urilint/internal/liveness"
	"github.com/urilint/urilint/internal/schematest"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"urilint": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		// urilint-panicking is urilint whose check panics on every file
		// with "panic" in its name: a bug in one file's processing.
		"urilint-panicking": func() {
			e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, beforeCheck: func(name string) {
				if strings.Contains(name, "panic") {
					panic("a bug, for the test")
				}
			}}
			os.Exit(e.run(os.Args[1:]))
		},
	})
}

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script (review the diff)")

// TestScripts runs the command-line tests in testdata/script: each .txtar
// file is a script of urilint invocations with the files they read and the
// output they must produce.
func TestScripts(t *testing.T) {
	sarif := schematest.Compile(t, filepath.Join("..", "..", "testdata", "sarif", "sarif-schema-2.1.0.json"))
	config := schematest.Compile(t, filepath.Join("..", "..", "docs", "urilint.schema.json"))
	// HANG_TIMEOUT is the timeout(1) of a command that could hang (a read
	// blocked on a named pipe): the seconds left before the test run's
	// deadline, never a time budget of the script's own (0, no limit, when
	// the run has none).
	hang := strconv.Itoa(liveness.Seconds(t))
	testscript.Run(t, testscript.Params{
		Dir:           filepath.Join("..", "..", "testdata", "script"),
		UpdateScripts: *update,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// sarif-valid FILE validates FILE against the official SARIF
			// 2.1.0 schema.
			"sarif-valid": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: sarif-valid FILE")
				}
				err := sarif.Validate(decodeJSON(ts, args[0]))
				if neg != (err != nil) {
					ts.Fatalf("SARIF validation: %v", err)
				}
			},
			// repeat FILE N OUT writes FILE's content N times over to OUT:
			// large files, made in the script.
			"repeat": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 3 {
					ts.Fatalf("usage: repeat FILE N OUT")
				}
				n, err := strconv.Atoi(args[1])
				ts.Check(err)
				ts.Check(os.WriteFile(ts.MkAbs(args[2]), bytes.Repeat([]byte(ts.ReadFile(args[0])), n), 0o644))
			},
			// action-step ID FILE writes the run script of the step ID of
			// the repository's action.yml to FILE, to run it with bash.
			"action-step": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: action-step ID FILE")
				}
				var action struct {
					Runs struct {
						Steps []struct {
							ID  string `yaml:"id"`
							Run string `yaml:"run"`
						} `yaml:"steps"`
					} `yaml:"runs"`
				}
				ts.Check(yaml.Unmarshal([]byte(ts.ReadFile(filepath.Join(ts.Getenv("REPO"), "action.yml"))), &action))
				for _, st := range action.Runs.Steps {
					if st.ID == args[0] {
						if strings.Contains(st.Run, "${{") {
							ts.Fatalf("step %s: expressions in run; pass them through env", args[0])
						}
						ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(st.Run), 0o644))
						return
					}
				}
				ts.Fatalf("action.yml has no step %q", args[0])
			},
			// archive OUT FILE... writes the files to the archive OUT, a
			// .zip or a .tar.gz, by their names: release archives, made
			// in the script without an archiver on the machine.
			"archive": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: archive OUT FILE...")
				}
				ts.Check(writeArchive(ts.MkAbs(args[0]), args[1:], func(name string) []byte { return []byte(ts.ReadFile(name)) }))
			},
			// config-valid FILE validates the YAML FILE against the
			// configuration's JSON Schema.
			"config-valid": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: config-valid FILE")
				}
				var v any
				ts.Check(yaml.Unmarshal([]byte(ts.ReadFile(args[0])), &v))
				data, err := json.Marshal(v)
				ts.Check(err)
				inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
				ts.Check(err)
				err = config.Validate(inst)
				if neg != (err != nil) {
					ts.Fatalf("schema validation: %v", err)
				}
			},
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
		Setup: func(env *testscript.Env) error {
			root, err := filepath.Abs(filepath.Join("..", ".."))
			if err != nil {
				return err
			}
			env.Setenv("REPO", root)
			env.Setenv("NO_COLOR", "")
			env.Setenv("HANG_TIMEOUT", hang)
			return nil
		},
		Condition: func(cond string) (bool, error) {
			if cond == "root" { // permission bits do not stop root from reading
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}

// decodeJSON reads the JSON file name of a script, for a schema.
func decodeJSON(ts *testscript.TestScript, name string) any {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(ts.ReadFile(name)))
	if err != nil {
		ts.Fatalf("%s: not JSON: %v", name, err)
	}
	return v
}

// TestUseCores checks that -j lowers GOMAXPROCS to the number of jobs and
// that the last -j given wins, as with every flag.
func TestUseCores(t *testing.T) {
	if os.Getenv("GOMAXPROCS") != "" {
		t.Skip("GOMAXPROCS is set")
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	dir := t.TempDir()
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"-j", "1"}, 1},
		{[]string{"-j", "1", "-j", "4"}, min(4, startProcs)},
		{[]string{"-j", "4096"}, startProcs}, // refused: out of range, nothing changes
	} {
		runtime.GOMAXPROCS(startProcs)
		var stdout, stderr bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, useCores: useCores}
		e.run(append(append([]string{"check", "--quiet"}, tt.args...), dir))
		if got := runtime.GOMAXPROCS(0); got != tt.want {
			t.Errorf("check %v: GOMAXPROCS %d, want %d", tt.args, got, tt.want)
		}
	}
}
