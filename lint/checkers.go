package lint

import (
	"fmt"
	"sync"
)

// Profile is how a file is checked: the checker for its effective
// configuration, and the severity at or above which a diagnostic fails.
type Profile struct {
	Checker *Checker
	// FailLevel is Off when no diagnostic fails.
	FailLevel Severity
	// Effective is the configuration it was made from.
	Effective *Effective
}

// Checkers makes the profile of each file, one checker per distinct
// effective configuration, as urilint check and urilint lsp both do. It is
// safe for concurrent use.
type Checkers struct {
	rules   []*Rule
	configs *Configs
	cli     Settings
	mu      sync.Mutex
	byKey   map[string]*Profile
}

// NewCheckers returns the checkers of rules for the files configured by
// configs, with the settings cli (the command line's) last.
func NewCheckers(rules []*Rule, configs *Configs, cli Settings) *Checkers {
	return &Checkers{rules: rules, configs: configs, cli: cli, byKey: map[string]*Profile{}}
}

// For returns the profile of the file at path, or the error of its
// configuration file.
func (cs *Checkers) For(path string) (*Profile, error) {
	cf, err := cs.configs.For(path, false)
	if err != nil {
		return nil, err
	}
	abs, err := cs.configs.Abs(path)
	if err != nil {
		return nil, err
	}
	eff := cf.For(abs, cs.cli)
	key := fmt.Sprintf("%p %v", cf, eff.Overrides)
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if p := cs.byKey[key]; p != nil {
		return p, nil
	}
	cfg := eff.Config
	ch, err := NewChecker(cs.rules, &cfg)
	if err != nil {
		return nil, err
	}
	p := &Profile{Checker: ch, FailLevel: eff.FailLevel, Effective: eff}
	cs.byKey[key] = p
	return p, nil
}

// Configs returns the configuration files the checkers follow.
func (cs *Checkers) Configs() *Configs { return cs.configs }
