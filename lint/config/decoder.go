package config

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"go.yaml.in/yaml/v3"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/extract/slug"
	"github.com/urilint/urilint/internal/suggest"
	"github.com/urilint/urilint/lint"
)

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
			d.add(d.errorf(k, "%q: key given twice", name))
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
// format decodes the name of a format (extract.Format.String) into *f.
func (d *configDecoder) format(v *yaml.Node, at string, f **extract.Format) error {
	name, err := d.scalar(v, at)
	if err != nil {
		return err
	}
	var names []string
	for _, g := range extract.Formats() {
		if g.String() == name {
			*f = &g
			return nil
		}
		names = append(names, g.String())
	}
	return d.errorf(v, "%s: invalid value %q (want %s or %s)", at, name, strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
}

func (d *configDecoder) setting(s *Settings, at, key string, v *yaml.Node) error {
	switch key {
	case "fail-level":
		name, err := d.scalar(v, at)
		if err != nil {
			return err
		}
		sev := FailNone
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
	case "links":
		if s.Links == nil {
			s.Links = &LinkSettings{}
		}
		l := s.Links
		d.mapping(v, at, linkKeys, func(key string, v *yaml.Node) error {
			name := at + "." + key
			switch key {
			case "slugs":
				items, err := d.list(v, name)
				if err != nil {
					return err
				}
				l.Slugs = []string{}
				for _, item := range items {
					if _, ok := slug.Lookup(item.Value); !ok {
						msg := fmt.Sprintf("%s: unknown slug profile %q", name, item.Value)
						if s := suggest.Closest(item.Value, slug.Names()); s != "" {
							msg += fmt.Sprintf("; did you mean %q?", s)
						} else {
							msg += " (" + strings.Join(slug.Names(), ", ") + ")"
						}
						d.add(d.errorf(item, "%s", msg))
						continue
					}
					l.Slugs = append(l.Slugs, item.Value)
				}
			case "index", "sources":
				items, err := d.list(v, name)
				if err != nil {
					return err
				}
				out := []string{}
				for _, item := range items {
					out = append(out, item.Value)
				}
				if key == "index" {
					l.Index = out
				} else {
					l.Sources = out
				}
			case "ignore":
				var compiled []glob
				l.Ignore = []string{}
				return d.globs(v, name, &l.Ignore, &compiled)
			case "root", "site-root":
				p, err := d.scalar(v, name)
				if err != nil {
					return err
				}
				if key == "root" {
					l.Root = &p
				} else {
					l.SiteRoot = &p
				}
			case "repository", "site":
				u, err := d.scalar(v, name)
				if err != nil {
					return err
				}
				if pu, err := url.Parse(u); err != nil || (pu.Scheme != "https" && pu.Scheme != "http") || pu.Host == "" {
					return d.errorf(v, "%s: %q is not an http or https URL", name, u)
				}
				if key == "repository" {
					l.Repository = &u
				} else {
					l.Site = &u
				}
			}
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

// globs reads a list of doublestar globs into dst, and compiled.
func (d *configDecoder) globs(v *yaml.Node, at string, dst *[]string, compiled *[]glob) error {
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
		c, err := compileGlob(g)
		if err != nil {
			d.add(d.errorf(item, "%s: glob %q %v", at, item.Value, err))
			continue
		}
		*dst = append(*dst, g)
		*compiled = append(*compiled, c)
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
