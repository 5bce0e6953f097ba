package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/rules"
)

type validateResult struct {
	Input string `json:"input"`
	As    string `json:"as"`
	// Syntax is the URN grammar, for values parsed as URNs.
	Syntax   string            `json:"syntax,omitempty"`
	Valid    bool              `json:"valid"`
	Problems []validateProblem `json:"problems"`
	Findings []validateFinding `json:"findings"`
}

// validateFinding is what a rule reports on a value.
type validateFinding struct {
	Rule     string        `json:"rule"`
	Category lint.Category `json:"category"`
	Severity lint.Severity `json:"severity"`
	Message  string        `json:"message"`
	Start    extract.Pos   `json:"start"`
	End      extract.Pos   `json:"end"`
}

type validateProblem struct {
	Message string      `json:"message"`
	Start   extract.Pos `json:"start"`
	End     extract.Pos `json:"end"`
}

func runValidate(e *env, args []string) int {
	stdin, stdout, stderr := e.stdin, e.stdout, e.stderr
	fs := newFlags(e, "validate", "[--as auto|uri|uri-reference|relative-ref|urn] [--urn-syntax rfc8141|rfc2141] [--format text|json] [--] VALUE...")
	// valid follows the grammar alone; findings add the lint rules.
	asName := fs.String("as", "auto", "parse values as `production`: auto (urn for \"urn:...\", uri with a scheme, relative-ref otherwise), uri, uri-reference, relative-ref or urn")
	synName := fs.String("urn-syntax", "rfc8141", "URN `syntax`: rfc8141, or rfc2141 (the 1997 syntax)")
	format := fs.String("format", "text", "output `format`: text or json")
	strict := fs.Bool("strict", false, "run every rule, the style rules that are off by default too")
	values, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	as, err := grammar.ParseAs(*asName)
	if err != nil {
		return usageError(stderr, "validate", err)
	}
	syn, err := grammar.ParseSyntax(*synName)
	if err != nil {
		return usageError(stderr, "validate", err)
	}
	if err := oneOf("format", *format, []string{"text", "json"}); err != nil {
		return usageError(stderr, "validate", err)
	}
	if len(values) == 0 {
		return usageError(stderr, "validate", errors.New(`no value given (values may follow "--"; "-" reads one per line from stdin)`))
	}
	checker, err := lint.NewChecker(rules.All, &lint.Config{URNSyntax: syn, Strict: *strict})
	if err != nil {
		return usageError(stderr, "validate", err)
	}

	// Each value is checked and written as it comes, so that "validate -"
	// holds one value at a time, whatever the length of its input: the
	// JSON document's results are written item by item.
	out := bufio.NewWriterSize(stdout, 64<<10)
	var writeErr error
	written, invalid := 0, false
	write := func(r *validateResult) {
		invalid = invalid || !r.Valid
		if *format == "json" {
			var b []byte
			if written == 0 {
				b = append(b, `{"version":1,"results":[`...)
			} else {
				b = append(b, ',')
			}
			_, writeErr = out.Write(report.AppendJSON(b, r))
		} else {
			state := "valid"
			if !r.Valid {
				state = "invalid"
			}
			kind := r.As
			if r.Syntax != "" {
				kind += " (" + r.Syntax + ")"
			}
			b := fmt.Appendf(nil, "%s: %s %s\n", printableValue(r.Input), state, kind)
			for _, f := range r.Findings {
				b = fmt.Appendf(b, "  %s: %s %s: %s\n", columns(f.Start, f.End), f.Severity, f.Rule, report.Printable(f.Message))
			}
			_, writeErr = out.Write(b)
		}
		written++
	}
	// check checks the value v and writes its result; it returns false
	// once the output cannot be written.
	check := func(v string) bool {
		findings := []validateFinding{}
		// Positions from a cursor: counted from the start of the value for
		// each, a value with many findings would take quadratic time.
		at := extract.NewStringLocator(v)
		p := checker.CheckValue(v, as, func(d *lint.Diagnostic) {
			findings = append(findings, validateFinding{Rule: d.Rule.Name, Category: d.Rule.Category,
				Severity: d.Severity, Message: d.Message, Start: at.Pos(d.Start), End: at.Pos(d.End)})
		})
		r := validateResult{Input: v, As: p.As.String(), Valid: p.Valid(), Problems: []validateProblem{}, Findings: findings}
		if p.As == grammar.AsURN {
			r.Syntax = syn.String()
		}
		// The problems are listed as the findings are: the first of them,
		// then how many more there are; positions from a cursor.
		loc := extract.NewStringLocator(v)
		for i, pr := range p.Problems {
			if i == lint.MaxFindings {
				at := loc.Pos(pr.Start)
				r.Problems = append(r.Problems, validateProblem{Start: at, End: at,
					Message: fmt.Sprintf("%d more problems in this value are not listed (only the first %d are)", len(p.Problems)-i+p.OmittedAll(), i)})
				break
			}
			r.Problems = append(r.Problems, validateProblem{Message: pr.Message(v), Start: loc.Pos(pr.Start), End: loc.Pos(pr.End)})
		}
		if writeErr == nil {
			write(&r)
		}
		return writeErr == nil
	}
	var readErr error
	for _, v := range values {
		if writeErr != nil {
			break
		}
		if v != "-" {
			check(v)
			continue
		}
		// Before waiting for more input, what was written goes out: typed
		// or piped a line at a time, each value is answered at once.
		idle := func() {
			if writeErr == nil {
				writeErr = out.Flush()
			}
		}
		if readErr = eachLine(stdin, check, idle); readErr != nil {
			break
		}
	}
	if *format == "json" && writeErr == nil {
		end := "]}\n"
		if written == 0 {
			end = `{"version":1,"results":[]}` + "\n"
		}
		_, writeErr = out.WriteString(end)
	}
	if writeErr == nil {
		writeErr = out.Flush()
	}
	if writeErr != nil {
		printError(stderr, fmt.Errorf("writing output: %w", writeErr))
		return exitError
	}
	if readErr != nil {
		fmt.Fprintf(stderr, "urilint validate: reading stdin: %s\n", report.Printable(readErr.Error()))
		return exitError
	}
	if invalid {
		return exitFindings
	}
	return exitOK
}

// eachLine calls fn with each line of r that holds more than whitespace,
// without its line end, until fn returns false; lines may be of any
// length. A UTF-8 byte order mark at the start of the input is dropped
// (editors write one). idle is called before each read of r that may wait
// for it: when what was read is used up.
func eachLine(r io.Reader, fn func(string) bool, idle func()) error {
	br := bufio.NewReader(r)
	for first := true; ; first = false {
		if br.Buffered() == 0 {
			idle()
		}
		line, err := br.ReadString('\n')
		if first {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if strings.TrimSpace(line) != "" && !fn(line) {
			return nil
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// columns names the characters a problem covers: "col 5", or "col 5-7"
// (inclusive) for several.
func columns(start, end extract.Pos) string {
	if end.Line != start.Line || end.Column-start.Column <= 1 {
		return fmt.Sprintf("col %d", start.Column)
	}
	return fmt.Sprintf("col %d-%d", start.Column, end.Column-1)
}

// printableValue quotes a value that is empty, has leading or trailing
// whitespace, or holds a character that is not printable.
func printableValue(s string) string {
	if s == "" || strings.TrimSpace(s) != s {
		return report.Quote(s)
	}
	return report.Printable(s)
}
