package runner_test

import (
	"fmt"
	"os"

	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/lint/runner"
	"github.com/urilint/urilint/rules"
)

// Check is urilint check without its flags: the files, the configuration,
// the outputs, and a Summary to print.
func ExampleCheck() {
	finder, _ := config.NewFinder(nil, "", true) // --no-config
	w, _ := report.NewDiagnosticWriter("text", os.Stdout, report.WriterOptions{})
	sum, err := runner.Check(runner.Options{
		Input:    runner.Input{Paths: []string{"testdata/example.md"}, Jobs: 2},
		Resolver: config.NewResolver(rules.All, finder, config.Settings{}),
		Outputs:  []*runner.Output{{Writer: w}},
		Stderr:   os.Stderr,
	})
	if err != nil {
		panic(err)
	}
	fmt.Printf("%d problems in %d of %d files\n", sum.Problems(), sum.ProblemFiles, sum.Files)
	// Output:
	// testdata/example.md:1:37: error percent-malformed: "%" not followed by two hexadecimal digits (found "%"); a literal "%" is written %25
	// testdata/example.md:1:48: error urn-nid-syntax: namespace identifier (NID) "X" has 1 character; RFC 8141 needs 2 to 32
	// 2 problems in 1 of 1 files
}
