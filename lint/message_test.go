package lint_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules"
)

// quoteWhole is a rule that quotes the whole URI in its message and its
// fix's, as no rule of urilint does: the engine cuts such messages.
var quoteWhole = &lint.Rule{
	Name: "test-quote-whole", Category: lint.Style, Severity: lint.Info, Certainty: extract.Likely, Doc: testDoc,
	Kinds: []extract.Kind{extract.KindURI},
	Run: func(p *lint.Pass) {
		msg := "the URI is " + p.URI.Input + " é"
		p.Report(lint.Finding{Start: 0, End: len(p.URI.Input), Message: msg,
			Fixes: []lint.Fix{{Message: "write " + p.URI.Input, Edits: []lint.Edit{{Start: 0, End: len(p.URI.Input), New: p.URI.Input + "/"}}}}})
	},
}

// TestMessagesCut: a message, or a fix's message, longer than MaxMessage
// bytes is cut to it, between characters, saying how long it was; the
// fix's edit is whole.
func TestMessagesCut(t *testing.T) {
	ch, err := lint.NewChecker(append(rules.All[:len(rules.All):len(rules.All)], quoteWhole), &lint.Config{Strict: true})
	if err != nil {
		t.Fatal(err)
	}
	uri := "http://a.example/" + strings.Repeat("é", 10000)
	n := 0
	ch.Check("a.txt", extract.FormatText, []byte(uri+"\n"), func(d *lint.Diagnostic) {
		for _, msg := range []string{d.Message, d.Fixes[0].Message} {
			if len(msg) > lint.MaxMessage || !utf8.ValidString(msg) {
				t.Errorf("%s: a message of %d bytes (valid UTF-8: %v)", d.Rule.Name, len(msg), utf8.ValidString(msg))
			}
		}
		if d.Rule != quoteWhole {
			return
		}
		n++
		if !strings.HasSuffix(d.Message, "… (message of 20031 bytes cut)") || !strings.HasPrefix(d.Message, "the URI is http://a.example/éé") {
			t.Errorf("message %.60q...%q", d.Message, d.Message[len(d.Message)-40:])
		}
		if e := d.Fixes[0].Edits[0]; e.New != uri+"/" {
			t.Errorf("the fix's edit is cut: %d bytes", len(e.New))
		}
	})
	if n != 1 {
		t.Errorf("%d diagnostics of the rule", n)
	}
}
