package slug

import "testing"

// benchHeadings are headings as documentation has them: mostly ASCII, some
// markup left in the source, some other scripts, some repeated.
var benchHeadings = func() []Heading {
	texts := []string{
		"Introduction", "Getting started", "Installation", "Configuration options",
		"The `check` command", "API reference", "Frequently asked questions", "Troubleshooting",
		"Contributing", "License", "Café au lait", "日本語の見出し", "Привет, мир", "What's new in 2.0?",
		"Options", "Options", "Options", "C++ & C# interop", "Step 1: install", "Step 2: configure {#step-2}",
	}
	hs := make([]Heading, len(texts))
	for i, t := range texts {
		hs[i] = Heading{Text: t, TextWithAlt: t, Source: t}
	}
	return hs
}()

func BenchmarkSlug(b *testing.B) {
	var n int64
	for _, h := range benchHeadings {
		n += int64(len(h.Text))
	}
	for _, name := range []string{"github", "gitlab", "goldmark-attributes", "hugo", "python-markdown", "docutils", "asciidoctor"} {
		p, _ := Lookup(name)
		b.Run(name, func(b *testing.B) {
			b.SetBytes(n)
			b.ReportAllocs()
			for b.Loop() {
				s := p.NewSlugger()
				for _, h := range benchHeadings {
					s.Slug(h)
				}
			}
		})
	}
}
