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

	"github.com/urilint/urilint/internal/suggest"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/links"
	"github.com/urilint/urilint/lint/report"
	"github.com/urilint/urilint/lint/runner"
	"github.com/urilint/urilint/rules"
)

// starterConfig is what urilint init writes: every key, commented, with its
// default. It is a test that it loads and matches the JSON Schema.
var starterConfig = `# urilint configuration: https://github.com/urilint/urilint#configuration
# yaml-language-server: $schema=https://raw.githubusercontent.com/urilint/urilint/main/docs/urilint.schema.json
#
# urilint uses the nearest .urilint.yaml in a file's directory or above it, up
# to the root of the git repository. Globs (doublestar: *, **, ?, [..], {a,b})
# are relative to this file's directory, with "/".

# Only lint the files matching one of these globs. Without this key, a
# directory is searched for documents: the files below, their extensions in
# any letter case, but ` + strings.Join(config.DefaultExcludedNames(), ", ") + `
# (code). A file named on the command line is linted whatever its name.
# include:
` + yamlList("#   ", config.DefaultInclude()) + `
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

# Also scan Markdown code spans and HTML <code>, <kbd> and <samp>.
include-code-spans: false

# Turn on every rule, and every report of the rules that leave some out by
# default (non-ASCII characters in links, schemes that are no likely typo):
# the letter of the RFCs. urilint rules says which rules are on by default.
strict: false

# Private URN namespaces and URI schemes, registered in addition to IANA's.
allowed-nids: []
allowed-schemes: []

# Per-rule severity: error, warning, info, or off. urilint rules lists them.
rules:
  # percent-lowercase: info
  # Relative links to files that are not in the tree: off by default, as
  # whether a file is missing depends on how the tree is published (urilint
  # explain link-missing-file). On for a tree whose documents are read where
  # they are written, or built by a generator urilint knows.
  # link-missing-file: error

# The local link rules (link-*), offline: how Markdown headings get their ids
# (slug profiles: urilint explain link-missing-fragment; docs/configuration.md
# lists them), where root-relative links start, the project's own repository
# and site, and targets a build makes. Paths are relative to this file.
# links:
#   slugs: [` + strings.Join(links.DefaultSlugNames(), ", ") + `]
#   root: docs
#   index: [` + strings.Join(links.DefaultIndex, ", ") + `]
#   sources: [` + strings.Join(links.DefaultSources, ", ") + `]
#   repository: https://github.com/ORG/REPO
#   site: https://docs.example.org/guide/
#   site-root: site
#   ignore: ["_build/**", "public/**"]

# Settings for some files only; the last matching override wins.
# overrides:
#   - files: ["docs/legacy/**"]
#     urn-syntax: rfc2141
#     rules:
#       percent-unencoded: warning
#   - files: ["docs/**/*.txt"]
#     format: restructuredtext   # read as: text, markdown, html, xml, restructuredtext, asciidoc
`

// yamlList writes items as a YAML block list, each line after prefix.
func yamlList(prefix string, items []string) string {
	var b strings.Builder
	for _, it := range items {
		fmt.Fprintf(&b, "%s- %q\n", prefix, it)
	}
	return b.String()
}

func runInit(e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	fs := newFlags(e, "init", "[--force] [DIR]")
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
	path := filepath.Join(dir, config.Names[0])
	for _, name := range config.Names {
		if existing := filepath.Join(dir, name); exists(existing) {
			if !*force {
				return usageError(stderr, "init", fmt.Errorf("%s exists (--force replaces it)", existing))
			}
			path = existing // replaced under its own name: never two files
			break
		}
	}
	if err := fileio.ReplaceFile(path, []byte(starterConfig)); err != nil { // a link is replaced, not written through
		fmt.Fprintf(stderr, "urilint init: %s: %s\n", report.DisplayPath(path), report.Printable(err.Error()))
		return exitError
	}
	fmt.Fprintf(stdout, "wrote %s\n", report.DisplayPath(path))
	return exitOK
}

func runConfig(e *env, args []string) int {
	stdout, stderr := e.stdout, e.stderr
	if len(args) == 0 || args[0] != "print" {
		switch {
		case len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help"):
			return runConfig(e, []string{"print", "-h"}) // print is its only subcommand
		case len(args) > 0 && !strings.HasPrefix(args[0], "-") && suggest.Closest(args[0], []string{"print"}) != "":
			return usageError(stderr, "config", fmt.Errorf("unknown subcommand %q; did you mean \"print\"?", args[0]))
		}
		return usageError(stderr, "config", errors.New("want: urilint config print [PATH]"))
	}
	fs := newFlags(e, "config print", "[--config FILE | --no-config] [PATH]")
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
	configs, err := config.NewFinder(ruleNames(), *configPath, *noConfig)
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
	out := bufio.NewWriter(stdout)
	printEffective(out, path, fileio.Excluded(configs, path, isDir), cf.For(abs, config.Settings{}))
	return flushed(out, stderr)
}

// printEffective writes the effective configuration of path as YAML that
// urilint can read back; excluded says that check would leave path out
// (by its configuration, or by that of a directory it is in).
func printEffective(w io.Writer, path string, excluded bool, eff *config.Profile) {
	cf := eff.File
	if cf == nil {
		fmt.Fprintf(w, "# %s: no configuration file; the defaults\n", report.DisplayPath(path))
	} else {
		fmt.Fprintf(w, "# %s: configuration file %s", report.DisplayPath(path), report.DisplayPath(cf.Path))
		if len(eff.Overrides) > 0 {
			fmt.Fprintf(w, ", overrides %v", eff.Overrides)
		}
		fmt.Fprintln(w)
		if eff.Format != nil {
			fmt.Fprintf(w, "# %s is read as %s, the format an override gives\n", report.DisplayPath(path), eff.Format.Title())
		}
		if excluded {
			fmt.Fprintf(w, "# %s is excluded: it is not linted\n", report.DisplayPath(path))
		}
	}
	if cf != nil && len(cf.Include) > 0 {
		fmt.Fprintf(w, "include: [%s]\n", quotedList(cf.Include))
	} else {
		fmt.Fprintf(w, "# include: the default, the documents (extensions in any letter case), but %s\n", strings.Join(config.DefaultExcludedNames(), ", "))
		fmt.Fprintf(w, "include: [%s]\n", quotedList(config.DefaultInclude()))
	}
	if cf != nil {
		fmt.Fprintf(w, "exclude: [%s]\n", quotedList(cf.Exclude))
	} else {
		fmt.Fprintln(w, "exclude: []")
	}
	fail := "none"
	if eff.FailLevel != config.FailNone {
		fail = eff.FailLevel.String()
	}
	fmt.Fprintf(w, "fail-level: %s\n", fail)
	fmt.Fprintf(w, "urn-syntax: %s\n", eff.Config.URNSyntax)
	fmt.Fprintf(w, "include-code-blocks: %t\n", eff.Config.Extract.IncludeCodeBlocks)
	fmt.Fprintf(w, "include-code-spans: %t\n", eff.Config.Extract.IncludeCodeSpans)
	fmt.Fprintf(w, "strict: %t\n", eff.Config.Strict)
	fmt.Fprintf(w, "allowed-nids: [%s]\n", strings.Join(slices.Sorted(maps.Keys(eff.Config.AllowedNIDs)), ", "))
	fmt.Fprintf(w, "allowed-schemes: [%s]\n", strings.Join(slices.Sorted(maps.Keys(eff.Config.AllowedSchemes)), ", "))
	fmt.Fprintln(w, "rules:")
	for _, r := range rules.All {
		sev := "off"
		if s := eff.Config.SeverityOf(r); s != lint.Off {
			sev = s.String()
		}
		fmt.Fprintf(w, "  %s: %s\n", r.Name, sev)
	}
	l := eff.Config.Links
	orDefault := func(v, def []string) []string {
		if len(v) == 0 {
			return def
		}
		return v
	}
	fmt.Fprintln(w, "links:")
	fmt.Fprintf(w, "  slugs: [%s]\n", quotedList(orDefault(l.Slugs, links.DefaultSlugNames())))
	fmt.Fprintf(w, "  root: %s\n", report.Quote(l.Root))
	fmt.Fprintf(w, "  index: [%s]\n", quotedList(orDefault(l.Index, links.DefaultIndex)))
	fmt.Fprintf(w, "  sources: [%s]\n", quotedList(orDefault(l.Sources, links.DefaultSources)))
	fmt.Fprintf(w, "  repository: %s\n", report.Quote(l.Repository))
	fmt.Fprintf(w, "  site: %s\n", report.Quote(l.Site))
	fmt.Fprintf(w, "  site-root: %s\n", report.Quote(l.SiteRoot))
	fmt.Fprintf(w, "  ignore: [%s]\n", quotedList(l.Ignore))
}

// quotedList writes strings as the items of a YAML flow list, each
// double-quoted with Go's escapes (YAML's too): report.Quote, so that no
// character that is not printable, nor "##[", is written raw.
func quotedList(items []string) string {
	q := make([]string, len(items))
	for i, it := range items {
		q[i] = report.Quote(it)
	}
	return strings.Join(q, ", ")
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// printConfigError writes each problem of a configuration file, a line
// each: the file's path, line and column, and the message, which may quote
// its keys and values, each through report.Printable (see
// runner.PrintConfigError).
func printConfigError(stderr io.Writer, err error) { runner.PrintConfigError(stderr, err) }
