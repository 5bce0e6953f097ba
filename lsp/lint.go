package lsp

import (
	"time"

	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/driver"
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
	t, version, gen, path, format, enc, resolver, st := d.text, d.version, d.gen.Load(), d.path, d.format, s.enc, s.resolver, s.stream
	configErr, caches := s.configErr, []partCache{d.parts, d.partial}
	s.mu.Unlock()
	stale := func() bool { return d.gen.Load() != gen }
	if s.traceLint != nil {
		s.traceLint(d.uri, version, false)
		defer s.traceLint(d.uri, version, true)
	}

	var diags []*lint.Diagnostic
	var unlisted lint.Unlisted
	var problem error
	var parts partCache // the parts read, of a Markdown document
	name := path
	if name == "" {
		name = string(d.uri)
	}
	prof, err := resolver.Resolve(configPath(path))
	src := []byte(t.s)
	switch {
	case configErr != nil:
		problem = configErr
	case err != nil:
		problem = err
	case path != "" && driver.Excluded(resolver.Finder(), path, false):
		// excluded by the configuration: nothing to report
	case format == lint.Markdown && lint.CheckableInPieces(src):
		// Else (a suppression comment, which reaches across parts) the
		// document is read whole.
		var cached []map[string][]*lint.Diagnostic
		for _, c := range caches {
			if c.checker == prof.Checker { // else the configuration changed
				cached = append(cached, c.parts)
			}
		}
		parts.checker = prof.Checker
		diags, parts.parts, unlisted = checkParts(prof.Checker, name, t.s, stale, cached...)
	default:
		unlisted = prof.Checker.Check(name, format, src, func(d *lint.Diagnostic) { diags = append(diags, d) })
	}
	var out []wireDiagnostic
	if !stale() {
		out = make([]wireDiagnostic, 0, len(diags)+2)
		if problem != nil {
			out = append(out, wire(configDiagnostic(problem)))
		}
		if unlisted.N > 0 {
			out = append(out, wire(unlistedDiagnostic(unlisted)))
		}
		var c cursor // diagnostics come in order of offset
		for _, diag := range diags {
			out = append(out, wire(toProtocol(d.uri, diag, t, &c, enc)))
		}
	}

	s.mu.Lock()
	current := d.gen.Load() == gen && s.docs[d.uri] == d
	switch {
	case current:
		d.last = &result{version: version, text: t, diags: diags}
		d.parts, d.partial = parts, partCache{}
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
