package config

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/internal/osfile"
	"go.yaml.in/yaml/v3"
)

// Names are the names of a configuration file, looked for in this
// order; a directory holding both is an error.
var Names = []string{".urilint.yaml", ".urilint.yml"}

// File is a .urilint.yaml file: the settings of the files under its
// directory. Globs are matched against paths relative to Dir, with "/".
type File struct {
	// Path is the file's path; Dir the directory its globs are relative to.
	Path, Dir string
	// Include, when not empty, limits the files linted to those matching a
	// glob; Exclude leaves out the files matching one, and everything under
	// a directory matching one.
	Include, Exclude []string
	Settings
	Overrides []Override
}

// Override changes the settings of the files matching one of its globs.
type Override struct {
	Files []string
	Settings
}

// Settings are the keys a configuration file and its overrides share. A nil
// pointer is a key not given.
type Settings struct {
	FailLevel         *lint.Severity // Off for "none"
	URNSyntax         *grammar.Syntax
	IncludeCodeBlocks *bool
	IncludeCodeSpans  *bool
	Strict            *bool
	AllowedNIDs       []string
	AllowedSchemes    []string
	Rules             map[string]lint.Severity // Off for "off"
}

// Error is a problem in a configuration file, at a line and column.
type Error struct {
	Path         string
	Line, Column int
	Msg          string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Msg)
}

// Load reads and checks a configuration file. ruleNames are the rules
// it may name. Every problem is a *Error naming the line and the key.
func Load(path string, ruleNames []string) (*File, error) {
	data, err := osfile.ReadRegular(path) // not a named pipe or a device
	if err != nil {
		return nil, &Error{Path: path, Msg: osfile.CleanError(err).Error()}
	}
	dir, err := filepath.Abs(filepath.Dir(path))
	if err != nil {
		return nil, &Error{Path: path, Msg: err.Error()}
	}
	return Parse(path, dir, data, ruleNames)
}

// Parse checks the configuration data read from path, whose globs are
// relative to dir.
func Parse(path, dir string, data []byte, ruleNames []string) (*File, error) {
	d := &configDecoder{path: path, rules: ruleNames}
	cf := &File{Path: path, Dir: dir}
	var doc yaml.Node
	if err := d.document(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 0 || len(bytes.TrimSpace(data)) == 0 {
		return cf, nil // an empty file: every default
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return cf, nil
	}
	err := d.mapping(root, "", func(key string, v *yaml.Node) error {
		switch key {
		case "include":
			return d.globs(v, key, &cf.Include)
		case "exclude":
			return d.globs(v, key, &cf.Exclude)
		case "overrides":
			if v.Kind != yaml.SequenceNode {
				return d.errorf(v, "overrides: want a list of {files: [...], ...}")
			}
			for i, item := range v.Content {
				var o Override
				at := fmt.Sprintf("overrides[%d]", i)
				if err := d.mapping(item, at, func(key string, v *yaml.Node) error {
					if key == "files" {
						return d.globs(v, at+".files", &o.Files)
					}
					return d.setting(&o.Settings, at+"."+key, key, v)
				}); err != nil {
					return err
				}
				if len(o.Files) == 0 {
					return d.errorf(item, "%s: files is required (the globs the override applies to)", at)
				}
				cf.Overrides = append(cf.Overrides, o)
			}
			return nil
		}
		return d.setting(&cf.Settings, key, key, v)
	})
	if err != nil {
		return nil, err
	}
	return cf, nil
}

// configDecoder reads a configuration file's YAML nodes, with errors that
// name the file, line, column and key.
type configDecoder struct {
	path  string
	rules []string
}

func (d *configDecoder) errorf(n *yaml.Node, format string, args ...any) error {
	return &Error{Path: d.path, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, args...)}
}

// yamlError turns a YAML syntax error ("yaml: line 3: ...") into a
// Error.
func (d *configDecoder) yamlError(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	var line int
	if n, _ := fmt.Sscanf(msg, "line %d:", &line); n == 1 {
		_, msg, _ = strings.Cut(msg, ": ")
		return &Error{Path: d.path, Line: line, Column: 1, Msg: "invalid YAML: " + msg}
	}
	return &Error{Path: d.path, Msg: "invalid YAML: " + msg}
}

// mapping calls f with each key and value of the mapping n, in order.
// Duplicate keys are an error; at names the mapping in messages.
func (d *configDecoder) mapping(n *yaml.Node, at string, f func(key string, v *yaml.Node) error) error {
	if n.Kind != yaml.MappingNode {
		if at == "" {
			return d.errorf(n, "want a mapping of keys (include, exclude, rules, ...)")
		}
		return d.errorf(n, "%s: want a mapping", at)
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		name := k.Value
		if at != "" {
			name = at + "." + k.Value
		}
		if k.Kind != yaml.ScalarNode {
			return d.errorf(k, "%s: a key must be a string", at)
		}
		if seen[k.Value] {
			return d.errorf(k, "%s: key given twice", name)
		}
		seen[k.Value] = true
		if err := f(k.Value, v); err != nil {
			var ce *Error
			if errors.As(err, &ce) && ce.Msg == unknownKey {
				return d.errorf(k, "unknown key %q", name)
			}
			return err
		}
	}
	return nil
}

// unknownKey is what setting returns for a key it does not know; mapping
// turns it into a message at the key.
const unknownKey = "unknown key"

// setting reads the key of Settings named key (at, in messages) into s.
func (d *configDecoder) setting(s *Settings, at, key string, v *yaml.Node) error {
	switch key {
	case "fail-level":
		name, err := d.scalar(v, at)
		if err != nil {
			return err
		}
		sev := lint.Off
		if name != "none" {
			if sev, err = lint.ParseSeverity(name); err != nil {
				return d.errorf(v, "%s: invalid value %q (want error, warning, info or none)", at, name)
			}
		}
		s.FailLevel = &sev
	case "urn-syntax":
		name, err := d.scalar(v, at)
		if err != nil {
			return err
		}
		syn, err := grammar.ParseSyntax(name)
		if err != nil {
			return d.errorf(v, "%s: invalid value %q (want rfc8141 or rfc2141)", at, name)
		}
		s.URNSyntax = &syn
	case "include-code-blocks":
		return d.boolean(v, at, &s.IncludeCodeBlocks)
	case "include-code-spans":
		return d.boolean(v, at, &s.IncludeCodeSpans)
	case "strict":
		return d.boolean(v, at, &s.Strict)
	case "allowed-nids":
		return d.names(v, at, &s.AllowedNIDs, func(n string) bool {
			p := grammar.Parse("urn:"+n+":x", grammar.AsURN, grammar.RFC8141)
			return p.Valid()
		})
	case "allowed-schemes":
		return d.names(v, at, &s.AllowedSchemes, func(n string) bool {
			p := grammar.Parse(n+":x", grammar.AsURI, grammar.RFC8141)
			return p.Valid()
		})
	case "rules":
		s.Rules = map[string]lint.Severity{}
		if v.Tag == "!!null" { // "rules:" with every line under it commented out
			return nil
		}
		return d.mapping(v, at, func(rule string, v *yaml.Node) error {
			if !slices.Contains(d.rules, rule) {
				return d.errorf(v, "%s: unknown rule %q (urilint rules lists them)", at, rule)
			}
			name, err := d.scalar(v, at+"."+rule)
			if err != nil {
				return err
			}
			sev := lint.Off
			if name != "off" {
				if sev, err = lint.ParseSeverity(name); err != nil {
					return d.errorf(v, "%s.%s: invalid severity %q (want error, warning, info or off)", at, rule, name)
				}
			}
			s.Rules[rule] = sev
			return nil
		})
	default:
		return &Error{Msg: unknownKey}
	}
	return nil
}

// boolean reads true or false.
func (d *configDecoder) boolean(v *yaml.Node, at string, dst **bool) error {
	if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" {
		return d.errorf(v, "%s: want true or false", at)
	}
	b := v.Value == "true"
	*dst = &b
	return nil
}

// scalar returns the string value of v.
func (d *configDecoder) scalar(v *yaml.Node, at string) (string, error) {
	if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
		return "", d.errorf(v, "%s: want a single value", at)
	}
	return v.Value, nil
}

// list returns the strings of the sequence v.
func (d *configDecoder) list(v *yaml.Node, at string) ([]*yaml.Node, error) {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return nil, nil // an empty list
	}
	if v.Kind != yaml.SequenceNode {
		return nil, d.errorf(v, "%s: want a list", at)
	}
	for _, item := range v.Content {
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" {
			return nil, d.errorf(item, "%s: want a list of strings", at)
		}
	}
	return v.Content, nil
}

// globs reads a list of doublestar globs.
func (d *configDecoder) globs(v *yaml.Node, at string, dst *[]string) error {
	items, err := d.list(v, at)
	if err != nil {
		return err
	}
	for _, item := range items {
		g := strings.TrimPrefix(item.Value, "./")
		if g == "" || strings.HasPrefix(g, "/") || !doublestar.ValidatePattern(g) {
			return d.errorf(item, "%s: invalid glob %q (a pattern relative to the directory of the configuration file)", at, item.Value)
		}
		*dst = append(*dst, g)
	}
	return nil
}

// names reads a list of NIDs or schemes, which valid checks, in lower case.
func (d *configDecoder) names(v *yaml.Node, at string, dst *[]string, valid func(string) bool) error {
	items, err := d.list(v, at)
	if err != nil {
		return err
	}
	for _, item := range items {
		if !valid(item.Value) {
			return d.errorf(item, "%s: %q is not a valid name", at, item.Value)
		}
		*dst = append(*dst, strings.ToLower(item.Value))
	}
	return nil
}

// Rel returns path relative to the configuration file's directory, with
// "/", for matching globs; path is absolute.
func (cf *File) Rel(path string) string {
	rel, err := filepath.Rel(cf.Dir, path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	return filepath.ToSlash(rel)
}

// Excluded reports whether the file or directory at the absolute path is
// left out by Include or Exclude. Include applies to files only.
func (cf *File) Excluded(path string, isDir bool) bool {
	if cf == nil {
		return false
	}
	rel := cf.Rel(path)
	if matchAny(cf.Exclude, rel, true) {
		return true
	}
	return !isDir && len(cf.Include) > 0 && !matchAny(cf.Include, rel, false)
}

// matchAny reports whether rel matches one of globs or, when underDir,
// lies under a directory that matches one.
func matchAny(globs []string, rel string, underDir bool) bool {
	for _, g := range globs {
		if doublestar.MatchUnvalidated(g, rel) {
			return true
		}
		if underDir {
			for i := strings.IndexByte(rel, '/'); i >= 0; i = next(rel, i) {
				if doublestar.MatchUnvalidated(g, rel[:i]) {
					return true
				}
			}
		}
	}
	return false
}

func next(s string, i int) int {
	j := strings.IndexByte(s[i+1:], '/')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// Effective is the configuration a file is linted with: its configuration
// file's settings, then those of each override matching it, then the
// command line's.
type Effective struct {
	// File is the configuration file (nil when there is none).
	File *File
	// FailLevel is the severity at or above which a diagnostic fails the
	// run (Off: none does).
	FailLevel lint.Severity
	Config    lint.Config
	// Overrides are the indexes of the overrides that apply.
	Overrides []int
}

// For returns the effective configuration of the file at the absolute
// path, with the settings of cli (the flags given on the command line) last.
func (cf *File) For(path string, cli Settings) *Effective {
	e := &Effective{File: cf, FailLevel: lint.Error, Config: lint.Config{URNSyntax: grammar.RFC8141}}
	if cf != nil {
		e.apply(&cf.Settings)
		rel := cf.Rel(path)
		for i := range cf.Overrides {
			if matchAny(cf.Overrides[i].Files, rel, true) {
				e.Overrides = append(e.Overrides, i)
				e.apply(&cf.Overrides[i].Settings)
			}
		}
	}
	e.apply(&cli)
	return e
}

func (e *Effective) apply(s *Settings) {
	if s.FailLevel != nil {
		e.FailLevel = *s.FailLevel
	}
	if s.URNSyntax != nil {
		e.Config.URNSyntax = *s.URNSyntax
	}
	if s.IncludeCodeBlocks != nil {
		e.Config.Extract.IncludeCodeBlocks = *s.IncludeCodeBlocks
	}
	if s.IncludeCodeSpans != nil {
		e.Config.Extract.IncludeCodeSpans = *s.IncludeCodeSpans
	}
	if s.Strict != nil {
		e.Config.Strict = *s.Strict
	}
	addNames(&e.Config.AllowedNIDs, s.AllowedNIDs)
	addNames(&e.Config.AllowedSchemes, s.AllowedSchemes)
	for rule, sev := range s.Rules {
		if e.Config.Severity == nil {
			e.Config.Severity = map[string]lint.Severity{}
		}
		e.Config.Severity[rule] = sev
	}
}

func addNames(set *map[string]bool, names []string) {
	for _, n := range names {
		if *set == nil {
			*set = map[string]bool{}
		}
		(*set)[n] = true
	}
}
