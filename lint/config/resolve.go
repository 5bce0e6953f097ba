package config

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/internal/treepath"
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
	tops   map[string]string // a directory's git checkout, or ""
	sites  map[string]siteAt // a directory's site generator (see siteOf)
	has    map[string]dirFacts
}

// profileKey tells effective configurations apart: a configuration file,
// and which of its overrides apply (the command line's settings are the
// same for every file).
type profileKey struct {
	file      *File
	overrides string
	top       string // the top of the tree links may reach (see linkTop)
	site      siteAt // the site generator the file is published by (see siteOf)
}

// NewResolver returns the resolver of the files configured by finder, with
// rules, and the settings cli (the command line's) last.
func NewResolver(rules []*lint.Rule, finder *Finder, cli Settings) *Resolver {
	return &Resolver{rules: rules, finder: finder, cli: cli, byKey: map[profileKey]*Profile{}, tops: map[string]string{}, sites: map[string]siteAt{}, has: map[string]dirFacts{}}
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
	r.mu.Lock()
	defer r.mu.Unlock()
	top := r.linkTop(cf, filepath.Dir(abs))
	site := r.siteOf(filepath.Dir(abs), top)
	if len(p.Config.Links.Slugs) > 0 {
		site.profile = ""
	}
	key := profileKey{cf, fmt.Sprint(p.Overrides), top, site}
	if known := r.byKey[key]; known != nil {
		return known, nil
	}
	cfg := p.Config
	cfg.Links.Top = top
	cfg.Links.SiteDir, cfg.Links.Generator = site.dir, site.generator
	if site.profile != "" {
		cfg.Links.Slugs = []string{site.profile}
	}
	cfg.Across = r.across
	ch, err := lint.NewChecker(r.rules, &cfg)
	if err != nil {
		return nil, err
	}
	p.Checker = ch
	r.byKey[key] = p
	return p, nil
}

// Format returns the format the file at path is read in (see
// Profile.FormatOf): by its name when its configuration has an error,
// which Resolve reports.
func (r *Resolver) Format(path string) extract.Format {
	p, err := r.Resolve(path)
	if err != nil {
		return extract.FormatOf(path)
	}
	return p.FormatOf(path)
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

// linkTop returns the top of the tree the links of a file in the absolute
// directory dir may reach: the directory of its configuration file when
// that holds the file, else its git checkout (the directory holding .git),
// else "" (none known). A configuration named on the command line is
// relative to the working directory, which need not hold the documents
// ("urilint check --config my.yaml ../other-repo"): their own checkout is
// their top then. It is called with r.mu held.
func (r *Resolver) linkTop(cf *File, dir string) string {
	if cf != nil && treepath.Under(cf.Dir, dir) {
		return cf.Dir
	}
	if top, ok := r.tops[dir]; ok {
		return top
	}
	top := ""
	if r.dirHas(dir).git {
		top = dir
	} else if parent := filepath.Dir(dir); parent != dir {
		top = r.linkTop(nil, parent)
	}
	r.tops[dir] = top
	return top
}

// siteFiles are the configuration files of the site generators whose
// links or heading ids differ from GitHub's, and the slug profile of each:
// a Markdown document under one is published by it.
var siteFiles = []struct{ name, profile, generator string }{
	{"mkdocs.yml", "python-markdown", "mkdocs"},
	{"mkdocs.yaml", "python-markdown", "mkdocs"},
	{"docusaurus.config.js", "docusaurus", "docusaurus"},
	{"docusaurus.config.ts", "docusaurus", "docusaurus"},
	{"docusaurus.config.mjs", "docusaurus", "docusaurus"},
	{"hugo.toml", "hugo", "hugo"},
	{"hugo.yaml", "hugo", "hugo"},
	{"hugo.json", "hugo", "hugo"},
	// Sphinx: its Markdown (MyST) keeps GitHub's ids here; the generator's
	// name tells the link rules that MyST resolves references.
	{"conf.py", "github", "sphinx"},
	// ExDoc (an Elixir project's mix.exs): it resolves a link to an extra
	// page by the file's name, and makes a page of each module.
	{"mix.exs", "github", "exdoc"},
	// Writerside (writerside.cfg, once project.ihp): it finds an image or
	// a topic by its name in the module's directories.
	{"writerside.cfg", "github", "writerside"},
	{"project.ihp", "github", "writerside"},
	// DocFX: it takes "\" as well as "/" in a link's path (its design
	// notes, docs/designs/reference_link.md: "We support both forward slash
	// and back slash in the link").
	{"docfx.json", "github", "docfx"},
}

// siteAt is the site generator a file is published by: the slug profile
// of its headings' ids, the generator's name and the directory of its
// configuration file.
type siteAt struct{ profile, generator, dir string }

// siteOf returns the site generator whose configuration file is in the
// absolute directory dir or above it, up to top (or the root when top is
// ""): where the configuration gives no links.slugs, the headings of a
// Markdown document get the ids its site gives them, and Docusaurus reads
// "@site/" from its directory. The zero siteAt when none is found. It is
// called with r.mu held.
func (r *Resolver) siteOf(dir, top string) siteAt {
	if site, ok := r.sites[dir]; ok {
		return site
	}
	var site siteAt
	if f := r.dirHas(dir); f.site != "" {
		site = siteAt{f.site, f.generator, dir}
	} else if parent := filepath.Dir(dir); dir != top && parent != dir {
		site = r.siteOf(parent, top)
	}
	r.sites[dir] = site
	return site
}

// dirFacts is what a directory holds that the link settings depend on.
type dirFacts struct {
	git       bool   // .git: the top of a checkout
	site      string // the slug profile of the site generator whose configuration file it holds (see siteFiles)
	generator string // and the generator's name
}

// dirHas reads the names of the absolute directory dir once (one system
// call for the names a file of it may look for, where a stat each took
// nine). It is called with r.mu held.
func (r *Resolver) dirHas(dir string) dirFacts {
	if f, ok := r.has[dir]; ok {
		return f
	}
	var facts dirFacts
	if d, err := os.Open(dir); err == nil {
		names, _ := d.Readdirnames(-1)
		_ = d.Close()
		set := make(map[string]bool, len(names))
		for _, n := range names {
			set[n] = true
		}
		facts.git = set[".git"]
		for _, f := range siteFiles {
			if set[f.name] {
				facts.site, facts.generator = f.profile, f.generator
				break
			}
		}
	}
	r.has[dir] = facts
	return facts
}
