package config

import (
	"fmt"
	"sync"

	"github.com/urilint/urilint/lint"
)

// Resolver resolves the configuration of each file, once: the one place
// urilint check, urilint extract and urilint lsp learn how to read and
// check a file. It makes one checker per distinct effective configuration,
// and is safe for concurrent use.
type Resolver struct {
	rules  []*lint.Rule
	finder *Finder
	cli    Settings
	across *lint.Across
	mu     sync.Mutex
	byKey  map[profileKey]*Profile
}

// profileKey tells effective configurations apart: a configuration file,
// and which of its overrides apply (the command line's settings are the
// same for every file).
type profileKey struct {
	file      *File
	overrides string
}

// NewResolver returns the resolver of the files configured by finder, with
// rules, and the settings cli (the command line's) last.
func NewResolver(rules []*lint.Rule, finder *Finder, cli Settings) *Resolver {
	return &Resolver{rules: rules, finder: finder, cli: cli, byKey: map[profileKey]*Profile{}}
}

// Resolve returns the profile of the file at path, or the error of its
// configuration file (an *Error).
func (r *Resolver) Resolve(path string) (*Profile, error) {
	cf, err := r.finder.For(path, false)
	if err != nil {
		return nil, err
	}
	abs, err := r.finder.Abs(path)
	if err != nil {
		return nil, err
	}
	p := cf.For(abs, r.cli)
	key := profileKey{cf, fmt.Sprint(p.Overrides)}
	r.mu.Lock()
	defer r.mu.Unlock()
	if known := r.byKey[key]; known != nil {
		return known, nil
	}
	cfg := p.Config
	cfg.Across = r.across
	ch, err := lint.NewChecker(r.rules, &cfg)
	if err != nil {
		return nil, err
	}
	p.Checker = ch
	r.byKey[key] = p
	return p, nil
}

// CollectAcross makes the checkers of the resolver collect into a the
// facts of the rules that look across files (see lint.Across), and returns
// the resolver. Without it, such rules do not run.
func (r *Resolver) CollectAcross(a *lint.Across) *Resolver {
	r.across = a
	return r
}

// Finder returns the configuration files the resolver follows.
func (r *Resolver) Finder() *Finder { return r.finder }

// Across returns what the checkers of the resolver collect the facts of
// the rules that look across files into (see CollectAcross), or nil.
func (r *Resolver) Across() *lint.Across { return r.across }
