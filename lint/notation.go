package lint

// NotationHabit is how many different URIs of one document must break a
// notation rule (Rule.Notation) for the document's reports of it to be
// left out without --strict: a slip is made once or twice in a document,
// a notation is a habit.
//
// The figure comes from the held-out sets 30 to 44 (docs/evaluation.md,
// "A notation is a habit"): of the judged reports of percent-unencoded and
// percent-malformed in documents where three or more different URIs broke
// the rule, 4 were worth the author's time and 675 were not (a generator's
// ids, a template's variables, a diagram's or an XPointer's syntax).
const NotationHabit = 3

// Gate lists the diagnostics of one document, in their order, as a Lister
// does, but for those of a notation rule (Rule.Notation) that
// NotationHabit or more different URIs of the document break: those it
// neither lists nor counts. It holds the diagnostics that follow the first
// of a notation rule still below the habit, until the document ends or no
// rule below the habit has one held; as it holds only diagnostics it lists,
// at most MaxFileDiagnostics, what it holds is bounded.
//
// Check gates a document whole unless --strict, and so do CheckParts and
// Fix; a caller that assembles a document from pieces checked alone
// (CheckPiece, CheckWindow) gates the whole with NewGate.
type Gate struct {
	yield func(*Diagnostic)
	off   bool // strict, or a piece: nothing is dropped
	l     Lister
	rules []notationCount
	held  []*Diagnostic
}

// notationCount is what a Gate knows of one notation rule in the document.
type notationCount struct {
	rule *Rule
	uris [NotationHabit - 1]string // the different URIs it broke
	n    int                       // how many, up to NotationHabit
	// unlisted counts its diagnostics past the listing, to be taken off
	// if it reaches the habit.
	unlisted Unlisted
}

// NewGate returns the gate of one document of the checker's, passing on to
// yield what it lists. With --strict it drops nothing.
func (ch *Checker) NewGate(yield func(*Diagnostic)) *Gate {
	return &Gate{yield: yield, off: ch.cfg.Strict}
}

// Add lists d and passes it on, holds it, or drops it.
func (g *Gate) Add(d *Diagnostic) {
	var c *notationCount
	if !g.off && d.Rule != nil && d.Rule.Notation {
		if c = g.count(d.Rule); g.countAdd(c, d.URI) {
			return
		}
	}
	switch {
	case !g.l.List(d):
		if c != nil {
			c.unlisted.add(d)
		}
	case len(g.held) > 0 || c != nil:
		g.held = append(g.held, d)
	default:
		g.yield(d)
	}
}

// AddUnlisted counts u, diagnostics of rule past a piece's listing, which
// broke the different URIs uris (the first NotationHabit of them, for a
// notation rule).
func (g *Gate) AddUnlisted(rule *Rule, uris []string, u *Unlisted) {
	if !g.off && rule.Notation {
		c := g.count(rule)
		for _, uri := range uris {
			if g.countAdd(c, uri) {
				return
			}
		}
		c.unlisted.merge(u)
	}
	g.l.Unlisted.merge(u)
}

// Unlist counts d past the listing (a document's past MaxFileDiagnostics
// before it reached the gate), unless its rule is past the habit.
func (g *Gate) Unlist(d *Diagnostic) {
	var u Unlisted
	u.add(d)
	g.AddUnlisted(d.Rule, []string{d.URI}, &u)
}

// Holds reports whether d, the last diagnostic added, is held: it is passed
// on later, when its document's positions may no longer be at hand.
func (g *Gate) Holds(d *Diagnostic) bool { return len(g.held) > 0 && g.held[len(g.held)-1] == d }

// Finish passes on what the gate holds, the document having ended, and
// returns what it counted past the listing.
func (g *Gate) Finish() Unlisted {
	for _, d := range g.held {
		g.yield(d)
	}
	g.held = nil
	return g.l.Unlisted
}

// count returns the count of rule, made on its first diagnostic.
func (g *Gate) count(rule *Rule) *notationCount {
	for i := range g.rules {
		if g.rules[i].rule == rule {
			return &g.rules[i]
		}
	}
	g.rules = append(g.rules, notationCount{rule: rule})
	return &g.rules[len(g.rules)-1]
}

// add counts uri, when it is not one counted already, and reports whether
// the rule is past the habit (with uri): its diagnostic is dropped.
func (c *notationCount) add(uri string) bool {
	if c.n == NotationHabit {
		return true
	}
	for _, u := range c.uris[:c.n] {
		if u == uri {
			return false
		}
	}
	if c.n < len(c.uris) {
		c.uris[c.n] = uri
	}
	c.n++
	return c.n == NotationHabit
}

// countAdd counts uri for c (add), and drops what the gate holds and
// counted of c's rule when uri makes the habit.
func (g *Gate) countAdd(c *notationCount, uri string) bool {
	was := c.n
	past := c.add(uri)
	if past && was < NotationHabit {
		g.habit(c)
	}
	return past
}

// habit drops, as c's rule reaches the habit, its diagnostics held and
// counted, and passes on what is held when no notation rule below the
// habit has a diagnostic among it.
func (g *Gate) habit(c *notationCount) {
	out := g.held[:0]
	for _, d := range g.held {
		if d.Rule == c.rule {
			g.l.listed--
			continue
		}
		out = append(out, d)
	}
	clear(g.held[len(out):])
	g.held = out
	g.l.Unlisted.sub(&c.unlisted)
	c.unlisted = Unlisted{}
	for _, d := range g.held {
		if d.Rule != nil && d.Rule.Notation {
			return
		}
	}
	for _, d := range g.held {
		g.yield(d)
	}
	g.held = g.held[:0]
}
