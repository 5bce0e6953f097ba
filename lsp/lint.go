package lsp

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	p "github.com/myleshyson/lsprotocol-go/protocol"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/config"
	"github.com/urilint/urilint/lint/fileio"
	"github.com/urilint/urilint/lint/runner"
)

// schedule lints the document once it has not changed for the delay.
// s.mu is held.
func (s *Server) schedule(d *document) {
	delay := s.Delay
	if delay == 0 {
		delay = DefaultDelay
	}
	if d.timer != nil {
		d.timer.Stop()
	}
	d.timer = time.AfterFunc(delay, func() { s.fire(d) })
}

// fire starts a lint of the document, unless one is running: that one
// lints again, the latest text, when it ends. A lint of a document that
// changes faster than it is linted thus skips the versions that came
// while it ran, however many, and the diagnostics of the last version
// come at most one lint after it (a lint of a Markdown document read in
// parts stops at the end of a part when the document changes: less).
func (s *Server) fire(d *document) {
	s.mu.Lock()
	if s.docs[d.uri] != d {
		s.mu.Unlock()
		return
	}
	if d.running {
		d.again = true
		s.mu.Unlock()
		return
	}
	d.running = true
	s.mu.Unlock()
	for {
		s.lint(d)
		s.mu.Lock()
		if !d.again || s.docs[d.uri] != d {
			d.running, d.again = false, false
			s.mu.Unlock()
			return
		}
		d.again = false
		s.mu.Unlock()
	}
}

// lint lints the current text of a document and publishes the
// diagnostics, unless the document changed meanwhile (a newer lint is
// then on its way).
func (s *Server) lint(d *document) {
	s.mu.Lock()
	t, r, version, gen, path, format, enc, resolver, st := d.text, d.rope, d.version, d.gen.Load(), d.path, d.format, s.enc, s.resolver, s.stream
	configErr, caches := s.configErr, []partCache{d.parts, d.partial}
	s.mu.Unlock()
	if t == nil {
		t = newText(r.String()) // the version's rope: edits make new ones
	}
	stale := func() bool { return d.gen.Load() != gen }
	if s.traceLint != nil {
		s.traceLint(d.uri, version, false)
		defer s.traceLint(d.uri, version, true)
	}

	name := d.name()
	c := s.check(d, t, version, name, format, path, resolver, configErr, caches, stale)
	diags, parts, inParts, prof, err := c.diags, c.parts, c.inParts, c.prof, c.err
	var across []string
	looksAcross := err == nil && prof.Checker.LooksAcross() && !inParts
	if looksAcross && !stale() {
		diags, across = s.withAcross(name, diags)
	} else if !looksAcross && s.across.Forget(name) {
		looksAcross = true // its facts went: the others' reports may change
	}
	var out []wireDiagnostic
	if !stale() {
		out = wireAll(d.uri, t, enc, c.problem, c.unlisted, diags)
	}

	s.mu.Lock()
	current := d.gen.Load() == gen && s.docs[d.uri] == d
	switch {
	case current:
		if d.text == nil {
			d.text = t // unchanged since: this is its text
		}
		d.last = &result{version: version, text: t, diags: diags}
		d.parts, d.partial = parts, partCache{}
		d.across = across
		if looksAcross {
			s.acrossChanged(d)
		}
	case parts.parts != nil:
		d.partial = parts
	}
	s.mu.Unlock()
	if current && st != nil {
		// Published in the order of the states: if the document changed
		// since the check above, the lint of its new state publishes
		// after this one, and if it closed, this is not sent.
		_ = st.publish(gen, wirePublish{URI: d.uri, Version: version, Diagnostics: out})
	}
}

// checked is what a lint of a document's state found.
type checked struct {
	diags    []*lint.Diagnostic
	unlisted lint.Unlisted
	problem  error     // the configuration's error, reported on the document
	parts    partCache // the parts read, of a Markdown document
	inParts  bool
	prof     *config.Profile // the configuration's profile of the document
	err      error           // the configuration's error, or nil
}

// check lints the text t of d, its version version, under the profile
// resolver gives it (or reports the configuration's error, or configErr,
// the server's): in parts where its format allows and nothing reaches
// across parts, with the parts of caches, else whole, as urilint check
// does.
func (s *Server) check(d *document, t *text, version int32, name string, format extract.Format, path string,
	resolver *config.Resolver, configErr error, caches []partCache, stale func() bool) checked {
	prof, err := resolver.Resolve(configPath(path))
	c := checked{prof: prof, err: err}
	if err == nil && prof.Format != nil {
		// The configuration's format, as urilint check reads the file,
		// rather than the editor's language (plain text for a .txt).
		format = *prof.Format
	}
	src := []byte(t.s)
	switch {
	case configErr != nil:
		c.problem = configErr
	case err != nil:
		c.problem = err
	case path != "" && fileio.Excluded(resolver.Finder(), path, false):
		// excluded by the configuration: nothing to report
	case format.Splittable() && lint.CheckableInPieces(src) && (!prof.Checker.LooksAcross() || len(src) > maxAcrossDocument):
		// Else (a suppression comment, which reaches across parts, or a
		// rule that looks across documents, whose facts are of the whole,
		// in a document of ordinary size) the document is read whole. A
		// document past maxAcrossDocument is read in parts without those
		// rules: check covers them.
		c.inParts = true
		stop := stale
		if s.tracePart != nil {
			stop = func() bool {
				s.tracePart(d.uri, version)
				return stale()
			}
		}
		c.diags, c.parts, c.unlisted = checkCached(prof.Checker.Local(), name, format, t.s, stop, caches)
	default:
		doc := runner.Lint(prof, name, format, src, false)
		c.diags, c.unlisted = doc.Diagnostics, doc.Unlisted
	}
	return c
}

// checkCached checks a document part by part (see checkParts), with the
// parts of the caches made by the same checker (the others were made
// under another configuration), and returns the parts read, the new cache.
func checkCached(ch *lint.Checker, name string, f extract.Format, doc string, stop func() bool, caches []partCache) ([]*lint.Diagnostic, partCache, lint.Unlisted) {
	var cached []map[string][]*lint.Diagnostic
	for _, c := range caches {
		if c.checker == ch {
			cached = append(cached, c.parts)
		}
	}
	parts := partCache{checker: ch}
	diags, read, unlisted := checkParts(ch, name, f, doc, stop, cached...)
	parts.parts = read
	return diags, parts, unlisted
}

// wireAll returns what is published of a document of text t: the problem
// of its configuration, if any, the note on the diagnostics not listed, if
// any, and the diagnostics (in order of offset), positions in encoding enc.
func wireAll(uri p.DocumentUri, t *text, enc encoding, problem error, unlisted lint.Unlisted, diags []*lint.Diagnostic) []wireDiagnostic {
	out := make([]wireDiagnostic, 0, len(diags)+2)
	if problem != nil {
		out = append(out, wire(configDiagnostic(problem)))
	}
	if unlisted.N > 0 {
		out = append(out, wire(unlistedDiagnostic(unlisted)))
	}
	var c cursor // diagnostics come in order of offset
	for _, diag := range diags {
		out = append(out, wire(toProtocol(uri, diag, t, &c, enc)))
	}
	return out
}

// withAcross adds to diags, the diagnostics of the document name in offset
// order, those the rules that look across documents report in it over the
// open documents, and returns them with their keys (see acrossKey).
func (s *Server) withAcross(name string, diags []*lint.Diagnostic) ([]*lint.Diagnostic, []string) {
	var keys []string
	added := false
	for _, pl := range s.finishAcross() {
		if pl.File == name {
			diags = append(diags, pl.Diagnostic)
			keys = append(keys, acrossKey(pl.Diagnostic))
			added = true
		}
	}
	if added {
		slices.SortStableFunc(diags, func(a, b *lint.Diagnostic) int { return cmp.Compare(a.Start, b.Start) })
	}
	return diags, keys
}

// finishAcross runs the rules that look across documents over the open
// documents, in the order of their names.
func (s *Server) finishAcross() []lint.Placed {
	s.mu.Lock()
	names := make([]string, 0, len(s.docs))
	for _, d := range s.docs {
		names = append(names, d.name())
	}
	s.mu.Unlock()
	slices.Sort(names)
	return s.across.Finish(names)
}

// acrossChanged lints again each open document other than d whose
// reports of the rules that look across documents are no longer those it
// published: d's lint changed what they compare. A document whose reports
// stay the same is not linted again, so this ends. s.mu is held.
func (s *Server) acrossChanged(d *document) {
	names := make([]string, 0, len(s.docs))
	for _, o := range s.docs {
		names = append(names, o.name())
	}
	slices.Sort(names)
	now := map[string][]string{}
	for _, pl := range s.across.Finish(names) {
		now[pl.File] = append(now[pl.File], acrossKey(pl.Diagnostic))
	}
	for _, o := range s.docs {
		if o != d && o.last != nil && !slices.Equal(o.across, now[o.name()]) {
			s.schedule(o)
		}
	}
}

// acrossKey identifies a report of a rule that looks across documents.
func acrossKey(d *lint.Diagnostic) string {
	return fmt.Sprintf("%d-%d %s %s", d.Start, d.End, d.Rule.Name, d.Message)
}

// maxAcrossDocument is the size past which a document an editor changes is
// read in parts (where its format allows) even when rules that look across
// documents run: they are left out of it (the local link rules, among
// others), and a change costs a part's lint, not the whole document's.
const maxAcrossDocument = 256 << 10
