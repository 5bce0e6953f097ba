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
	"github.com/urilint/urilint/internal/suggest"
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

// Errors are the problems of one configuration file, two or more, in the
// order of the file. Its message is theirs, a line each. errors.As finds
// the first as an *Error: the file is named the same way whatever the
// number of problems. It has no Unwrap: the file is one failure, however
// many problems it has.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// As makes errors.As find the first problem as an *Error.
func (es Errors) As(target any) bool {
	if t, ok := target.(**Error); ok && len(es) > 0 {
		*t = es[0]
		return true
	}
	return false
}

// Problems returns the problems of err, a configuration error: each of
// an Errors, or err itself. Each is an *Error but for an error that is not
// a configuration's.
func Problems(err error) []error {
	var es Errors
	if errors.As(err, &es) {
		out := make([]error, len(es))
		for i, e := range es {
			out[i] = e
		}
		return out
	}
	return []error{err}
}

// Load reads and checks a configuration file. ruleNames are the rules
// it may name. A problem is an *Error naming the line and the key; every
// problem the file has is reported, several as an Errors.
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

// fileKeys are the keys of a configuration file, and overrideKeys those of
// one of its overrides, in the order of the documentation.
var (
	fileKeys     = slices.Concat([]string{"include", "exclude"}, settingKeys, []string{"overrides"})
	overrideKeys = slices.Concat([]string{"files"}, settingKeys)
	settingKeys  = []string{"fail-level", "urn-syntax", "include-code-blocks", "include-code-spans", "strict",
		"allowed-nids", "allowed-schemes", "rules"}
)

// Parse checks the configuration data read from path, whose globs are
// relative to dir. Every problem is reported, not only the first: each
// key is checked whatever the others hold (a YAML syntax error, after
// which nothing can be read, is the only problem reported then).
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
	d.mapping(root, "", fileKeys, func(key string, v *yaml.Node) error {
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
				filesBad := false // files has a problem of its own
				ok := d.mapping(item, at, overrideKeys, func(key string, v *yaml.Node) error {
					if key == "files" {
						n := len(d.problems)
						err := d.globs(v, at+".files", &o.Files)
						filesBad = err != nil || len(d.problems) > n
						return err
					}
					return d.setting(&o.Settings, at+"."+key, key, v)
				})
				if ok && len(o.Files) == 0 && !filesBad {
					d.add(d.errorf(item, "%s: files is required (the globs the override applies to)", at))
				}
				cf.Overrides = append(cf.Overrides, o)
			}
			return nil
		}
		return d.setting(&cf.Settings, key, key, v)
	})
	if err := d.err(); err != nil {
		return nil, err
	}
	return cf, nil
}

// configDecoder reads a configuration file's YAML nodes, with errors that
// name the file, line, column and key. It goes on past a problem, to
// report them all: a key's problem is kept (add), and the next key read.
type configDecoder struct {
	path     string
	rules    []string
	problems []*Error
}

// add keeps err, an *Error, with the file's other problems.
func (d *configDecoder) add(err error) {
	var ce *Error
	if !errors.As(err, &ce) {
		ce = &Error{Path: d.path, Msg: err.Error()}
	}
	d.problems = append(d.problems, ce)
}

// err returns the problems kept: nil, an *Error, or Errors in the order
// of the file.
func (d *configDecoder) err() error {
	switch len(d.problems) {
	case 0:
		return nil
	case 1:
		return d.problems[0]
	}
	slices.SortStableFunc(d.problems, func(a, b *Error) int {
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Column - b.Column
	})
	return Errors(d.problems)
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

// mapping calls f with each key and value of the mapping n, in order,
// and keeps the problem f returns for a key; keys, when not nil, are the
// keys the mapping may have. A key not among them, a duplicate key and a
// key that is not a string are problems, and f is not called for them;
// at names the mapping in messages. It returns false when n is not a
// mapping (a problem kept too).
func (d *configDecoder) mapping(n *yaml.Node, at string, keys []string, f func(key string, v *yaml.Node) error) bool {
	if n.Kind != yaml.MappingNode {
		if at == "" {
			d.add(d.errorf(n, "want a mapping of keys (include, exclude, rules, ...)"))
		} else {
			d.add(d.errorf(n, "%s: want a mapping", at))
		}
		return false
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		name := k.Value
		if at != "" {
			name = at + "." + k.Value
		}
		switch {
		case k.Kind != yaml.ScalarNode:
			d.add(d.errorf(k, "%s: a key must be a string", at))
		case seen[k.Value]:
			d.add(d.errorf(k, "%s: key given twice", name))
		case keys != nil && !slices.Contains(keys, k.Value):
			seen[k.Value] = true
			if s := suggest.Closest(k.Value, keys); s != "" {
				d.add(d.errorf(k, "unknown key %q; did you mean %q?", name, s))
			} else {
				d.add(d.errorf(k, "unknown key %q", name))
			}
		default:
			seen[k.Value] = true
			if err := f(k.Value, v); err != nil {
				d.add(err)
			}
		}
	}
	return true
}

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
		d.mapping(v, at, nil, func(rule string, v *yaml.Node) error {
			if !slices.Contains(d.rules, rule) {
				if s := suggest.Closest(rule, d.rules); s != "" {
					return d.errorf(v, "%s: unknown rule %q; did you mean %q?", at, rule, s)
				}
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
	default: // a key of settingKeys with no case here: a bug
		return d.errorf(v, "%s: this key is not read", at)
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
	items := v.Content[:0:0]
	for _, item := range v.Content {
		if item.Kind != yaml.ScalarNode || item.Tag != "!!str" {
			d.add(d.errorf(item, "%s: want a list of strings", at))
			continue
		}
		items = append(items, item)
	}
	return items, nil
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
			d.add(d.errorf(item, "%s: invalid glob %q (a pattern relative to the directory of the configuration file)", at, item.Value))
			continue
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
			d.add(d.errorf(item, "%s: %q is not a valid name", at, item.Value))
			continue
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
