package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
)

type validateResult struct {
	Input    string            `json:"input"`
	As       string            `json:"as"`
	Valid    bool              `json:"valid"`
	Problems []validateProblem `json:"problems"`
}

type validateProblem struct {
	Message string      `json:"message"`
	Start   extract.Pos `json:"start"`
	End     extract.Pos `json:"end"`
}

func runValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("validate", "[--as auto|uri|uri-reference|relative-ref|urn] [--urn-syntax rfc8141|rfc2141] [--format text|json] [--] VALUE...", stdout, stderr)
	asName := fs.String("as", "auto", "parse values as `production`: auto (urn for \"urn:...\", uri with a scheme, relative-ref otherwise), uri, uri-reference, relative-ref or urn")
	synName := fs.String("urn-syntax", "rfc8141", "URN `syntax`: rfc8141, or rfc2141 (the 1997 syntax)")
	format := fs.String("format", "text", "output `format`: text or json")
	values, err := parseArgs(fs, args)
	if err != nil {
		return flagError(err)
	}
	as, err := extract.ParseAs(*asName)
	if err == nil {
		_, err = extract.ParseSyntax(*synName)
	}
	if err == nil {
		err = oneOf("format", *format, []string{"text", "json"})
	}
	if err != nil {
		fmt.Fprintf(stderr, "urilint validate: %v\n", err)
		return exitError
	}
	syn, _ := extract.ParseSyntax(*synName)
	if len(values) == 0 {
		fmt.Fprintln(stderr, "urilint validate: no value given (values may follow \"--\"; \"-\" reads one per line from stdin)")
		return exitError
	}

	var results []validateResult
	check := func(v string) {
		p := extract.Parse(v, as, syn)
		r := validateResult{Input: v, As: p.As.String(), Valid: p.Valid(), Problems: []validateProblem{}}
		loc := extract.NewLocator([]byte(v))
		for _, pr := range p.Problems {
			r.Problems = append(r.Problems, validateProblem{Message: pr.Message(v), Start: loc.Pos(pr.Start), End: loc.Pos(pr.End)})
		}
		results = append(results, r)
	}
	for _, v := range values {
		if v != "-" {
			check(v)
			continue
		}
		sc := bufio.NewScanner(stdin)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if line := strings.TrimSuffix(sc.Text(), "\r"); line != "" {
				check(line)
			}
		}
		if err := sc.Err(); err != nil {
			fmt.Fprintf(stderr, "urilint validate: reading stdin: %v\n", err)
			return exitError
		}
	}

	out := bufio.NewWriter(stdout)
	var writeErr error
	if *format == "json" {
		enc := json.NewEncoder(out)
		enc.SetEscapeHTML(false)
		writeErr = enc.Encode(struct {
			Version int              `json:"version"`
			Results []validateResult `json:"results"`
		}{1, results})
	} else {
		for _, r := range results {
			state := "valid"
			if !r.Valid {
				state = "invalid"
			}
			kind := r.As
			if r.As == "urn" {
				kind += " (" + syn.String() + ")"
			}
			fmt.Fprintf(out, "%s: %s %s\n", printableValue(r.Input), state, kind)
			for _, p := range r.Problems {
				fmt.Fprintf(out, "  %s: %s\n", columns(p.Start, p.End), p.Message)
			}
		}
	}
	if writeErr == nil {
		writeErr = out.Flush()
	}
	if writeErr != nil {
		fmt.Fprintf(stderr, "urilint: writing output: %v\n", writeErr)
		return exitError
	}
	for _, r := range results {
		if !r.Valid {
			return exitFindings
		}
	}
	return exitOK
}

// columns names the characters a problem covers: "col 5", or "col 5-7"
// (inclusive) for several.
func columns(start, end extract.Pos) string {
	if end.Line != start.Line || end.Column-start.Column <= 1 {
		return fmt.Sprintf("col %d", start.Column)
	}
	return fmt.Sprintf("col %d-%d", start.Column, end.Column-1)
}

// printableValue quotes a value that holds control characters or invalid
// UTF-8, or that is empty or has leading or trailing spaces.
func printableValue(s string) string {
	if s == "" || strings.TrimSpace(s) != s || !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return fmt.Sprintf("%q", s)
	}
	return s
}
