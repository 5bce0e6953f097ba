package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// starterConfig is what urilint init writes: every key, commented, with its
// default. It is a test that it loads and matches the JSON Schema.
const starterConfig = `# urilint configuration: https://github.com/urilint/urilint#configuration
# yaml-language-server: $schema=https://raw.githubusercontent.com/urilint/urilint/main/docs/urilint.schema.json
#
# urilint uses the nearest .urilint.yaml in a file's directory or above it, up
# to the root of the git repository. Globs (doublestar: *, **, ?, [..], {a,b})
# are relative to this file's directory, with "/".

# Only lint the files matching one of these globs (default: every text file).
# include:
#   - "**/*.md"
#   - "**/*.html"

# Never lint these, even when named on the command line (as pre-commit does).
# A directory matching a glob is skipped with everything in it.
exclude:
  - "vendor/**"
  - "node_modules/**"

# Exit 1 when a diagnostic is at or above this level: error, warning, info, none.
fail-level: error

# URN syntax: rfc8141, or rfc2141 (the 1997 syntax).
urn-syntax: rfc8141

# Also scan Markdown code blocks and HTML <pre>.
include-code-blocks: false

# Private URN namespaces and URI schemes, registered in addition to IANA's.
allowed-nids: []
allowed-schemes: []

# Per-rule severity: error, warning, info, or off. urilint rules lists them.
rules:
  # percent-lowercase: off

# Settings for some files only; the last matching override wins.
# overrides:
#   - files: ["docs/legacy/**"]
#     urn-syntax: rfc2141
#     rules:
#       percent-unencoded: warning
`

func runInit(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("init", "[--force] [DIR]", stdout, stderr)
	force := fs.Bool("force", false, "replace an existing configuration file")
	rest, code := fs.parse(args)
	if code >= 0 {
		return code
	}
	dir := "."
	switch len(rest) {
	case 0:
	case 1:
		dir = rest[0]
	default:
		return usageError(stderr, "init", fmt.Errorf("unexpected argument %q", rest[1]))
	}
	path := filepath.Join(dir, lint.ConfigNames[0])
	for _, name := range lint.ConfigNames {
		if existing := filepath.Join(dir, name); exists(existing) {
			if !*force {
				return usageError(stderr, "init", fmt.Errorf("%s exists (--force replaces it)", existing))
			}
			path = existing // replaced under its own name: never two files
			break
		}
	}
	if err := lint.ReplaceFile(path, []byte(starterConfig)); err != nil { // a link is replaced, not written through
		fmt.Fprintf(stderr, "urilint init: %s: %v\n", path, err)
		return exitError
	}
	fmt.Fprintf(stdout, "wrote %s\n", path)
	return exitOK
}

func runConfig(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "print" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fmt.Fprint(stdout, "Usage: urilint config print [--config FILE | --no-config] [PATH]\n")
			return exitOK
		}
		return usageError(stderr, "config", errors.New("want: urilint config print [PATH]"))
	}
	fs := newFlags("config print", "[--config FILE | --no-config] [PATH]", stdout, stderr)
	configPath := fs.String("config", "", "use the configuration `file`, instead of the nearest .urilint.yaml")
	noConfig := fs.Bool("no-config", false, "use no configuration file")
	rest, code := fs.parse(args[1:])
	if code >= 0 {
		return code
	}
	path := "."
	switch len(rest) {
	case 0:
	case 1:
		path = rest[0]
	default:
		return usageError(stderr, "config print", fmt.Errorf("unexpected argument %q", rest[1]))
	}
	if *configPath != "" && *noConfig {
		return usageError(stderr, "config print", errors.New("--config and --no-config exclude each other"))
	}
	configs, err := lint.NewConfigs(ruleNames(), *configPath, *noConfig)
	if err != nil {
		return configError(stderr, err)
	}
	isDir := false
	if info, err := os.Stat(path); err == nil {
		isDir = info.IsDir()
	}
	cf, err := configs.For(path, isDir)
	if err != nil {
		return configError(stderr, err)
	}
	abs, err := configs.Abs(path)
	if err != nil {
		return configError(stderr, err)
	}
	eff := cf.For(abs, lint.Settings{})
	out := bufio.NewWriter(stdout)
	printEffective(out, path, lint.Excluded(configs, path, isDir), eff)
	return flushed(out, stderr)
}

// printEffective writes the effective configuration of path as YAML that
// urilint can read back; excluded says that check would leave path out
// (by its configuration, or by that of a directory it is in).
func printEffective(w io.Writer, path string, excluded bool, eff *lint.Effective) {
	cf := eff.File
	if cf == nil {
		fmt.Fprintf(w, "# %s: no configuration file; the defaults\n", path)
	} else {
		fmt.Fprintf(w, "# %s: configuration file %s", path, cf.Path)
		if len(eff.Overrides) > 0 {
			fmt.Fprintf(w, ", overrides %v", eff.Overrides)
		}
		fmt.Fprintln(w)
		if excluded {
			fmt.Fprintf(w, "# %s is excluded: it is not linted\n", path)
		}
	}
	fail := "none"
	if eff.FailLevel != lint.Off {
		fail = eff.FailLevel.String()
	}
	fmt.Fprintf(w, "fail-level: %s\n", fail)
	fmt.Fprintf(w, "urn-syntax: %s\n", eff.Config.URNSyntax)
	fmt.Fprintf(w, "include-code-blocks: %t\n", eff.Config.Extract.IncludeCodeBlocks)
	fmt.Fprintf(w, "allowed-nids: [%s]\n", strings.Join(slices.Sorted(maps.Keys(eff.Config.AllowedNIDs)), ", "))
	fmt.Fprintf(w, "allowed-schemes: [%s]\n", strings.Join(slices.Sorted(maps.Keys(eff.Config.AllowedSchemes)), ", "))
	fmt.Fprintln(w, "rules:")
	for _, r := range rules.All {
		sev := r.Severity.String()
		if s, ok := eff.Config.Severity[r.Name]; ok {
			sev = "off"
			if s != lint.Off {
				sev = s.String()
			}
		}
		fmt.Fprintf(w, "  %s: %s\n", r.Name, sev)
	}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
