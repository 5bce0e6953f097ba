package lint_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// sameHost records each http URI's host, ignoring case, and reports the
// places whose spelling is not the first one seen: a rule that looks across
// documents, for testing the engine's side of them.
var sameHost = &lint.Rule{
	Name: "test-same-host", Category: lint.Style, Severity: lint.Info, Certainty: extract.Likely, Doc: testDoc,
	Kinds: []extract.Kind{extract.KindURI},
	Run: func(p *lint.Pass) {
		u := p.URI
		if u.Host.Present() {
			host := u.Input[u.Host.Start:u.Host.End]
			p.Record(strings.ToLower(host), host, u.Host.Start, u.Host.End)
		}
	},
	Across: func(p *lint.AcrossPass) {
		first := map[string]string{}
		for i := range p.Facts {
			f := p.Facts[i]
			if v, ok := first[f.Key]; !ok {
				first[f.Key] = f.Value
			} else if v != f.Value {
				p.Report(f, fmt.Sprintf("%s is written %s first", f.Value, v))
			}
		}
	},
}

func TestAcross(t *testing.T) {
	docs := map[string]string{
		"a.txt": "http://Example.com/ and\nhttp://example.com/x\n",
		"b.md":  "# b\n\nhttp://EXAMPLE.com/ and http://example.com/\n",
		"c.txt": "<!-- urilint-disable-next-line test-same-host -->\nhttp://EXAMPLE.COM/\n",
	}
	order := []string{"b.md", "a.txt", "c.txt"}
	all := append(slices.Clone(rules.All), sameHost)
	run := func(jobs int) []string {
		across := lint.NewAcross()
		ch, err := lint.NewChecker(all, &lint.Config{Across: across})
		if err != nil {
			t.Fatal(err)
		}
		if !ch.LooksAcross() {
			t.Fatal("LooksAcross = false")
		}
		var wg sync.WaitGroup
		sem := make(chan bool, jobs)
		for _, name := range []string{"c.txt", "a.txt", "b.md"} { // not the run's order
			wg.Add(1)
			sem <- true
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				ch.Check(name, extract.FormatOf(name), []byte(docs[name]), func(d *lint.Diagnostic) {
					if d.Rule == sameHost {
						t.Errorf("%s: a fact listed as a diagnostic: %+v", name, d)
					}
				})
			}()
		}
		wg.Wait()
		var got []string
		for _, p := range across.Finish(order) {
			got = append(got, fmt.Sprintf("%s:%d:%d-%d:%d %d-%d %s %s", p.File, p.StartPos.Line, p.StartPos.Column, p.EndPos.Line, p.EndPos.Column, p.Start, p.End, p.Rule.Name, p.Message))
		}
		return got
	}
	want := []string{
		"b.md:3:32-3:43 36-47 test-same-host example.com is written EXAMPLE.com first",
		"a.txt:1:8-1:19 7-18 test-same-host Example.com is written EXAMPLE.com first",
		"a.txt:2:8-2:19 31-42 test-same-host example.com is written EXAMPLE.com first",
	}
	for _, jobs := range []int{1, 3} {
		if got := run(jobs); !slices.Equal(got, want) {
			t.Errorf("-j %d:\n%s\nwant\n%s", jobs, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}

	// Without an Across, the rule does not run.
	ch, err := lint.NewChecker(all, &lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if ch.LooksAcross() {
		t.Error("LooksAcross without an Across")
	}

	// A document checked again replaces its facts; Forget drops them.
	across := lint.NewAcross()
	ch, _ = lint.NewChecker(all, &lint.Config{Across: across})
	ch.Check("a.txt", extract.FormatText, []byte("http://A.example/ http://a.example/\n"), func(*lint.Diagnostic) {})
	ch.Check("a.txt", extract.FormatText, []byte("http://a.example/\n"), func(*lint.Diagnostic) {})
	if got := across.Finish(nil); len(got) != 0 {
		t.Errorf("after a second check: %d diagnostics", len(got))
	}
	if !across.Forget("a.txt") || across.Forget("a.txt") {
		t.Error("Forget did not report the facts it dropped")
	}
}

// deferHost reports an http URI's host at once where nothing collects its
// facts, and otherwise records it and reports it in its Across step: a
// Deferred rule.
var deferHost = &lint.Rule{
	Name: "test-defer-host", Category: lint.Style, Severity: lint.Info, Certainty: extract.Likely, Doc: testDoc,
	Kinds: []extract.Kind{extract.KindURI},
	Run: func(p *lint.Pass) {
		u := p.URI
		if !u.Host.Present() {
			return
		}
		if p.Collecting() {
			p.Record("", u.Host.In(u.Input), u.Host.Start, u.Host.End)
			return
		}
		p.Reportf(u.Host.Start, u.Host.End, "at once")
	},
	Deferred: true,
	Across: func(p *lint.AcrossPass) {
		for _, f := range p.Facts {
			p.Report(f, "deferred "+f.Value)
		}
	},
}

func TestDeferred(t *testing.T) {
	src := []byte("see http://a.example/\n")
	check := func(ch *lint.Checker) []string {
		var got []string
		ch.Check("a.txt", extract.FormatText, src, func(d *lint.Diagnostic) {
			if d.Rule == deferHost {
				got = append(got, fmt.Sprintf("%d-%d %s", d.Start, d.End, d.Message))
			}
		})
		return got
	}
	// Without an Across, and in Local's checker, it runs and reports at once.
	all := append(slices.Clone(rules.All), deferHost)
	ch, err := lint.NewChecker(all, &lint.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if ch.LooksAcross() {
		t.Error("LooksAcross without an Across")
	}
	if got, want := check(ch), []string{"11-20 at once"}; !slices.Equal(got, want) {
		t.Errorf("without an Across: %q, want %q", got, want)
	}
	across := lint.NewAcross()
	ch, _ = lint.NewChecker(all, &lint.Config{Across: across})
	if got, want := check(ch.Local()), []string{"11-20 at once"}; !slices.Equal(got, want) {
		t.Errorf("Local: %q, want %q", got, want)
	}
	if got := across.Finish(nil); len(got) != 0 {
		t.Errorf("Local recorded facts: %d diagnostics at the end", len(got))
	}
	// With one, it records, and reports at the end.
	if got := check(ch); len(got) != 0 {
		t.Errorf("with an Across: %q at once", got)
	}
	var got []string
	for _, p := range across.Finish([]string{"a.txt"}) {
		got = append(got, fmt.Sprintf("%s %d-%d %s", p.File, p.Start, p.End, p.Message))
	}
	if want := []string{"a.txt 11-20 deferred a.example"}; !slices.Equal(got, want) {
		t.Errorf("at the end: %q, want %q", got, want)
	}
}
