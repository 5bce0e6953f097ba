package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/lint"
)

// URNRComponent reports an r-component.
var URNRComponent = &lint.Rule{
	Name:       "urn-r-component",
	Category:   lint.Policy,
	Severity:   lint.Warning,
	Certainty:  extract.Likely,
	DefaultOff: true,
	Kinds:      []extract.Kind{extract.KindURN},
	Doc: lint.Doc{
		Title: `A URN has an r-component ("?+...").`,
		Text: `RFC 8141 section 2.3.1 defines the r-component for parameters to URN resolution services, and reserves
it: "r-components SHOULD NOT be used for actual URNs until additional development and standardization
work is complete". No resolution service defines them yet.`,
		Bad:  `urn:example:foo-bar-baz-qux?+CCResolve:cc=uk`,
		Good: `urn:example:foo-bar-baz-qux`,
		Fix:  `No fix is offered: dropping the component is the author's decision.`,
	},
	Run: func(p *lint.Pass) {
		u := p.URI
		if !u.RComponent.Present() || u.RComponent.Start == u.RComponent.End {
			return // none, or an empty one (a syntax error, urn-component-syntax)
		}
		p.Reportf(u.RComponent.Start-2, u.RComponent.End,
			`r-component %q: RFC 8141 section 2.3.1 says r-components SHOULD NOT be used until resolution services define them`,
			u.Input[u.RComponent.Start-2:u.RComponent.End])
	},
}
