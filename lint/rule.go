package lint

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint/links"
)

// Category says what kind of problem a rule reports.
type Category string

// Rule categories.
const (
	// Syntax: the string is not a valid URI or URN.
	Syntax Category = "syntax"
	// Policy: a registration rule, or a SHOULD of a specification.
	Policy Category = "policy"
	// Style: valid, but not in canonical form.
	Style Category = "style"
)

// Severity is how much a diagnostic matters. Higher is worse.
type Severity uint8

// Severities, in increasing order.
const (
	Info Severity = iota + 1
	Warning
	Error
)

var severityNames = [...]string{Info: "info", Warning: "warning", Error: "error"}

func (s Severity) String() string {
	if s > 0 && int(s) < len(severityNames) {
		return severityNames[s]
	}
	return fmt.Sprintf("Severity(%d)", s)
}

// MarshalText writes the severity's name, for JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// ParseSeverity reads a severity name; "warn" is accepted for "warning",
// as ESLint and markdownlint users write it.
func ParseSeverity(name string) (Severity, error) {
	if name == "warn" {
		return Warning, nil
	}
	for s, n := range severityNames {
		if n != "" && n == name {
			return Severity(s), nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", name)
}

// Rule is one check, a plain value in the manner of
// golang.org/x/tools/go/analysis.Analyzer: rules are listed explicitly,
// documented by their Doc, and run by the engine on every candidate. A rule
// never prints or reads files; it reports through the Pass.
type Rule struct {
	// Name is the rule's ID, a public contract: never renamed.
	Name     string
	Category Category
	// Severity is the default severity of its diagnostics.
	Severity Severity
	// Doc documents the rule, as urilint explain, docs/rules.md and the
	// SARIF output show it.
	Doc Doc
	// Codes are the grammar problem codes this rule reports. Every code is
	// claimed by exactly one rule, so that no problem goes unreported.
	Codes []grammar.Code
	// Kinds are the kinds of candidate the rule applies to; none means
	// every kind. The engine does not run the rule on other kinds.
	Kinds []extract.Kind
	// ProblemsOnly says that the rule reports nothing but grammar problems
	// of its Codes: the engine runs it only on candidates that have one.
	ProblemsOnly bool
	// Certainty is the least certainty of the candidates the rule reports
	// on by default (see extract.Certainty): where its reports were worth
	// the author's time at least 9 times in 10 on documents nobody here
	// tuned it on. --strict runs it on every candidate, except those a line
	// break seems to cut (extract.Cut), which only a rule whose Certainty
	// is extract.Cut looks at: what such a candidate holds is not the URI
	// its author wrote.
	Certainty extract.Certainty
	// DefaultOff says that the rule does not run by default: on real
	// documents, too few of its reports are worth the author's time (the
	// precision tables of docs/evaluation.md). Strict mode turns it on, and so does a
	// severity given to it in the configuration.
	DefaultOff bool
	// Notation says that the rule judges how a URI's characters are
	// written (percent-encoding). A document whose URIs break it in
	// NotationHabit or more different URIs writes them so on purpose (a
	// template's variables, a generator's ids, a diagram's or a query
	// language's syntax): without --strict, none of the rule's reports in
	// that document is made (Gate).
	Notation bool
	// Run checks one candidate.
	Run func(*Pass)
	// Across, for a rule that compares candidates across the documents
	// of a run, runs once every document is read, over the facts its Run
	// recorded (Pass.Record) in all of them: see Across.
	Across func(*AcrossPass)
	// Deferred says that the rule's Run reports by itself, and records
	// facts only for the findings it leaves to its Across step to decide,
	// which it does where Pass.Collecting says they will be seen. Such a
	// rule runs without a collection (a checker without Config.Across,
	// Checker.Local's), and reports there what it would have deferred.
	Deferred bool
	// Targets says that the rule's Across step looks up the targets of
	// documents (headings, ids: AcrossPass.Doc): the engine keeps those of
	// every document it checks.
	Targets bool
}

// Doc is a rule's documentation, in the parts every rendering needs, in the
// manner of staticcheck's lint.Documentation.
type Doc struct {
	// Title says what the rule reports, in one line.
	Title string
	// Text explains why, with the specification's words: paragraphs.
	Text string
	// Bad and Good are examples: what the rule reports, and the same
	// written right. A line holds one or more examples, two spaces apart;
	// a block of lines (indented, as a document would hold them) starts
	// with a line break.
	Bad, Good string
	// Fix says what the fixes do and whether they are safe, or why none is
	// offered: one paragraph or more.
	Fix string
}

// String is the whole documentation as text: the title, the text, the
// examples after "Bad:" and "Good:", and the fix.
func (d Doc) String() string {
	return d.Title + "\n\n" + d.Text + "\n\n" + d.Examples() + "\n\n" + d.Fix
}

// Examples is the examples as text: a line "Bad:" and a line "Good:", each
// followed by its examples, or by its block of lines.
func (d Doc) Examples() string {
	example := func(label, sep, ex string) string {
		if strings.HasPrefix(ex, "\n") {
			return label + ex
		}
		return label + sep + ex
	}
	return example("Bad:", "  ", d.Bad) + "\n" + example("Good:", " ", d.Good)
}

// DocURL is where the rule is documented.
func (r *Rule) DocURL() string { return docsURL + "#" + r.Name }

// docsURL is the page that documents every rule.
const docsURL = "https://github.com/urilint/urilint/blob/main/docs/rules.md"

// Pass is what a rule sees of one candidate, and where it reports.
type Pass struct {
	// Candidate is the URI or URN, with where it was found (offsets in the
	// document).
	Candidate *extract.Candidate
	// URI is the candidate parsed: as a URN (under the configured URN syntax)
	// for kind urn, as a relative reference for kind relative-ref, else as a
	// URI. In a document, the placeholders of a candidate (URI Template
	// expressions such as "{id}", "{{ page.url }}", "%s": see
	// grammar.Placeholders) are masked with "0" in URI.Input, and findings
	// and fixes that touch them are left out.
	URI *grammar.Parsed
	// Config holds the settings rules consult.
	Config *Config
	// Format is the document's (extract.FormatText for a value of urilint validate).
	Format extract.Format
	// File is the document's path, absolute and clean ("" for a value of
	// urilint validate, or a document that is no file), from which the
	// local link rules resolve relative references.
	File string
	// Placeholders are the spans of URI.Input masked as placeholders (see
	// URI), in order; findings that touch them are left out, but a rule
	// whose check covers a whole component (a length, a check digit) must
	// skip a component that holds one (see Pass.Masked).
	Placeholders []grammar.Span
	// Converter names the program that wrote the document from a source
	// of its own, where the document says so at its start ("groff": see
	// ConverterOf), or is "": what is in it the way the program writes it
	// is the program's, not the author's.
	Converter string

	ids        *pageIDs // the document's, or nil (a value, a window)
	collecting bool     // facts reach the Across steps (Collecting)
	rule       *Rule
	report     func(*Rule, Finding)
	full       func() bool
	more       func(n int) // counts n findings of the running rule past those kept
}

// Report records a finding of the running rule. A candidate keeps the
// first 100 findings of a rule; the engine counts the rest and says how
// many there are (see Full).
func (p *Pass) Report(f Finding) { p.report(p.rule, f) }

// Full reports whether the running rule has reported all the findings the
// candidate keeps: further ones are only counted, so a rule may report
// them with their span alone, skipping the message and fixes.
func (p *Pass) Full() bool { return p.full != nil && p.full() }

// Problems yields the grammar problems of the URI that the running rule
// reports: those with one of its Codes. Problems the grammar counted and
// did not record (past grammar.MaxProblemsPerCode of a code, far more than
// a rule keeps) are counted as findings of the rule, once all are yielded.
func (p *Pass) Problems(yield func(grammar.Problem) bool) {
	for _, pr := range p.URI.Problems {
		if slices.Contains(p.rule.Codes, pr.Code) && !yield(pr) {
			return
		}
	}
	if p.more != nil {
		for _, c := range p.rule.Codes {
			if n := p.URI.Omitted(c); n > 0 {
				p.more(n)
			}
		}
	}
}

// HasID reports whether the document gives an element the id id, as
// written: an id or xml:id attribute, or a name (HTML's <a name>, which
// browsers match as an id), in HTML, XML or the raw HTML of Markdown. A
// link to a place of its own page finds such an element, whatever the
// grammar says of its fragment ("#OAuth Core 1.0" to <a name="OAuth Core
// 1.0">: browsers percent-decode the fragment before they look). False
// for a value and for a window of a text file.
func (p *Pass) HasID(id string) bool { return p.ids != nil && p.ids.has(id) }

// Masked reports whether the URI bytes [start, end) overlap a placeholder:
// what a check of them found is about the mask, not the author's text.
func (p *Pass) Masked(start, end int) bool {
	for _, s := range p.Placeholders {
		if s.Start < max(end, start+1) && start < s.End {
			return true
		}
	}
	return false
}

// Record records a fact about the URI bytes [start, end), for the running
// rule's Across step: key groups the facts about one thing, value is what
// this place says of it. A fact at a place where a suppression comment
// turns the rule off is not recorded, nor one nothing would see (see
// Collecting).
func (p *Pass) Record(key, value string, start, end int) {
	if !p.collecting {
		return
	}
	p.Report(Finding{Start: start, End: end, fact: &Fact{Key: key, Value: value}})
}

// Collecting reports whether the facts the running rule records reach its
// Across step: false in a checker without Config.Across and in
// Checker.Local's, where a Deferred rule reports what it would defer.
func (p *Pass) Collecting() bool { return p.collecting }

// Reportf records a finding on the URI bytes [start, end) with a message
// and no fix. The message is formatted by grammar.Messagef: a string
// quoted with %q is abbreviated past 100 characters.
func (p *Pass) Reportf(start, end int, format string, args ...any) {
	p.Report(Finding{Start: start, End: end, Message: grammar.Messagef(format, args...)})
}

// maxMessage is the longest message, in bytes, a diagnostic or a fix
// carries. The rules quote input abbreviated (grammar.Quote,
// grammar.Messagef; Reportf does), which keeps theirs far shorter; a
// longer message, from a rule that quotes input whole, is cut, so that no
// input makes a report line of its size.
const maxMessage = 4096

// boundMessages cuts the messages of f, and of its fixes, to maxMessage
// bytes.
func boundMessages(f *Finding) {
	f.Message = boundMessage(f.Message)
	for i := range f.Fixes {
		if len(f.Fixes[i].Message) > maxMessage {
			f.Fixes = slices.Clone(f.Fixes) // the rule's own may be shared
			for j := range f.Fixes {
				f.Fixes[j].Message = boundMessage(f.Fixes[j].Message)
			}
			return
		}
	}
}

// boundMessage returns msg, or its start, cut between characters, and how
// long it was, when it is longer than maxMessage bytes.
func boundMessage(msg string) string {
	if len(msg) <= maxMessage {
		return msg
	}
	note := fmt.Sprintf("… (message of %d bytes cut)", len(msg))
	cut := maxMessage - len(note)
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return msg[:cut] + note
}

// Finding is what a rule reports: the offending bytes of the URI (or of the
// document, when InDocument is set), a message naming them and the fix, and
// the fixes it can offer.
type Finding struct {
	Start, End int
	// InDocument says that Start, End and the fixes' edits are offsets in
	// the document rather than in the URI: for what lies outside the URI,
	// such as a "URL:" prefix.
	InDocument bool
	Message    string
	Fixes      []Fix

	fact *Fact // a fact recorded (Pass.Record), not a finding
}

// Fix is a way to resolve a finding: edits that do not overlap, and a
// message in the imperative ("percent-encode the space"). A fix is Safe
// when it can never change what the identifier means (RFC 3986 section 6:
// case of percent-encodings, decoding unreserved characters, encoding a
// character that cannot appear literally); only safe fixes are ever applied
// without review.
type Fix struct {
	Message string
	Safe    bool
	Edits   []Edit
}

// Edit replaces the bytes [Start, End) with New.
type Edit struct {
	Start, End int
	New        string
}

// Config holds the settings the engine and the rules use.
type Config struct {
	// URNSyntax is the grammar URNs are parsed with.
	URNSyntax grammar.Syntax
	// Extract selects what the walkers read.
	Extract extract.Options
	// Severity overrides a rule's default severity; Off turns it off.
	Severity map[string]Severity
	// AllowedNIDs and AllowedSchemes are registered in addition to the IANA
	// registries (private namespaces and schemes), in lower case.
	AllowedNIDs, AllowedSchemes map[string]bool
	// Across collects the facts of the rules that look across documents
	// (Rule.Across); nil drops them.
	Across *Across
	// Links configures the local link rules (package links): slug
	// profiles, the root of root-relative links, index files, the
	// project's repository and site.
	Links links.Settings
	// Strict turns on every rule, and every report of a rule that by
	// default leaves some out (non-ASCII characters in web links, schemes
	// that are no likely typo): the letter of the RFCs, for standards
	// editors.
	Strict bool
}

// SeverityOf is the severity the rule's diagnostics get under cfg, or Off:
// the configured one, else the rule's default (Off for a rule that is off
// by default, unless cfg is strict).
func (cfg *Config) SeverityOf(r *Rule) Severity {
	if s, ok := cfg.Severity[r.Name]; ok {
		return s
	}
	if r.DefaultOff && !cfg.Strict {
		return Off
	}
	return r.Severity
}

// Off, as a severity override, turns a rule off.
const Off Severity = 0xff
