package config

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
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

	include, exclude []glob // Include and Exclude compiled
}

// Override changes the settings of the files matching one of its globs.
type Override struct {
	Files []string
	// Format, when given, is the format its files are read in, whatever
	// their names ("docs/**/*.txt" as reStructuredText).
	Format *extract.Format
	Settings

	files []glob // Files compiled
}

// Settings are the keys a configuration file and its overrides share, and
// the flags of the command line that set them. A nil pointer is a key not
// given.
type Settings struct {
	FailLevel         *lint.Severity // FailNone for "none"
	URNSyntax         *grammar.Syntax
	IncludeCodeBlocks *bool
	IncludeCodeSpans  *bool
	Strict            *bool
	AllowedNIDs       []string
	AllowedSchemes    []string
	Rules             map[string]lint.Severity // lint.Off for "off"
	Links             *LinkSettings
}

// LinkSettings are the keys of "links", the local link rules' settings;
// paths are relative to the configuration file's directory.
type LinkSettings struct {
	Slugs          []string
	Root           *string
	Index, Sources []string
	Repository     *string
	Site, SiteRoot *string
	Ignore         []string
}

// FailNone is the fail level "none": above every severity, so that no
// diagnostic fails the run. (lint.Off, a rule's severity, turns the rule
// off: it is no fail level.)
const FailNone = lint.Error + 1

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
	overrideKeys = slices.Concat([]string{"files", "format"}, settingKeys)
	settingKeys  = []string{"fail-level", "urn-syntax", "include-code-blocks", "include-code-spans", "strict",
		"allowed-nids", "allowed-schemes", "rules", "links"}
	linkKeys = []string{"slugs", "root", "index", "sources", "repository", "site", "site-root", "ignore"}
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
			return d.globs(v, key, &cf.Include, &cf.include)
		case "exclude":
			return d.globs(v, key, &cf.Exclude, &cf.exclude)
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
						err := d.globs(v, at+".files", &o.Files, &o.files)
						filesBad = err != nil || len(d.problems) > n
						return err
					}
					if key == "format" {
						return d.format(v, at+".format", &o.Format)
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
	if matchAny(cf.exclude, rel, true) {
		return true
	}
	return !isDir && len(cf.include) > 0 && !matchAny(cf.include, rel, false)
}

// matchAny reports whether rel matches one of globs or, when underDir,
// lies under a directory that matches one.
func matchAny(globs []glob, rel string, underDir bool) bool {
	for _, g := range globs {
		if g.match(rel) {
			return true
		}
		if underDir {
			for i := strings.IndexByte(rel, '/'); i >= 0; i = next(rel, i) {
				if g.match(rel[:i]) {
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

// Profile is how a file is linted: the configuration that applies to it
// (its configuration file's settings, then those of each override
// matching it, then the command line's), and the checker made of it.
type Profile struct {
	// File is the configuration file (nil when there is none), and
	// Overrides the indexes of its overrides that apply.
	File      *File
	Overrides []int
	// Config is what the checker runs with (its Extract, what the
	// walkers read, is what urilint extract reads with).
	Config lint.Config
	// Format, when an override gives one, is the format the file is read
	// in (see FormatOf).
	Format *extract.Format
	// FailLevel is the severity at or above which a diagnostic fails the
	// run (FailNone: none does).
	FailLevel lint.Severity
	// Checker lints with Config. Resolver.Resolve makes it, one per
	// distinct configuration; it is nil in a profile File.For returns.
	Checker *lint.Checker
}

// For returns the profile of the file at the absolute path, with the
// settings of cli (the flags given on the command line) last, and no
// Checker (see Resolver.Resolve).
func (cf *File) For(path string, cli Settings) *Profile {
	e := &Profile{File: cf, FailLevel: lint.Error, Config: lint.Config{URNSyntax: grammar.RFC8141}}
	if cf != nil {
		e.apply(&cf.Settings)
		rel := cf.Rel(path)
		for i := range cf.Overrides {
			if matchAny(cf.Overrides[i].files, rel, true) {
				e.Overrides = append(e.Overrides, i)
				if f := cf.Overrides[i].Format; f != nil {
					e.Format = f
				}
				e.apply(&cf.Overrides[i].Settings)
			}
		}
	}
	e.apply(&cli)
	return e
}

// FormatOf returns the format the file at path, whose profile e is, is
// read in: the last format its overrides give, else the format of its
// name's extension (extract.FormatOf).
func (e *Profile) FormatOf(path string) extract.Format {
	if e != nil && e.Format != nil {
		return *e.Format
	}
	return extract.FormatOf(path)
}

func (e *Profile) apply(s *Settings) {
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
	if l := s.Links; l != nil {
		e.applyLinks(l)
	}
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

// applyLinks applies the settings of "links", paths made absolute against
// the configuration file's directory.
func (e *Profile) applyLinks(l *LinkSettings) {
	dir := ""
	if e.File != nil {
		dir = e.File.Dir
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) || dir == "" {
			return filepath.Clean(p)
		}
		return filepath.Join(dir, filepath.FromSlash(p))
	}
	cfg := &e.Config.Links
	if l.Slugs != nil {
		cfg.Slugs = l.Slugs
	}
	if l.Root != nil {
		cfg.Root = abs(*l.Root)
	}
	if l.Index != nil {
		cfg.Index = l.Index
	}
	if l.Sources != nil {
		cfg.Sources = l.Sources
	}
	if l.Repository != nil {
		cfg.Repository, cfg.RepositoryRoot = *l.Repository, dir
	}
	if l.Site != nil {
		cfg.Site = *l.Site
	}
	if l.SiteRoot != nil {
		cfg.SiteRoot = abs(*l.SiteRoot)
	}
	if l.Ignore != nil {
		cfg.Ignore = l.Ignore
	}
}
