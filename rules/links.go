package rules

import (
	"bytes"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/slug"
	"github.com/urilint/urilint/internal/treepath"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/links"
)

// The local link rules (link-*) record each link of a document as a fact
// (lint.Pass.Record), keyed by the absolute path of the file it names, and
// look the files and their targets up once every document is read. They
// never use the network: docs/rules.md, "Local links".

// localLink resolves the link of the candidate of p to a file of the tree:
// a relative reference in a link (a Markdown destination, a URI attribute,
// a reST or AsciiDoc link), never a URI of running text, whose boundaries
// are a guess; and never one of a source a site shows as text
// ("_sources/page.rst.txt"), whose links were written for where its
// source is.
func localLink(p *lint.Pass) (links.Link, bool) {
	c := p.Candidate
	if extract.ShownSource(p.File) || docinfo(p.File) || c.Example {
		return links.Link{}, false // not a link of the document (see Candidate.Example)
	}
	if c.Kind == extract.KindXref {
		if p.File == "" || len(p.Placeholders) > 0 {
			return links.Link{}, false
		}
		return links.Xref(p.File, c.URI, c.Attribute == "xref")
	}
	if p.File == "" || c.Kind != extract.KindRelativeRef || !c.Context.IsLink() || len(p.Placeholders) > 0 {
		return links.Link{}, false
	}
	if a := strings.ToLower(c.Attribute); a == "action" || a == "formaction" {
		return links.Link{}, false // where a form is sent: a server's endpoint, no file of the tree
	}
	if c.Context == extract.ContextXMLSystemID || c.Context == extract.ContextXMLInstruction {
		// For XML tools, not readers: a DOCTYPE's system identifier,
		// which catalogs resolve (xml2rfc's rfc2629.dtd, DocBook's DTDs),
		// and a style sheet or schema to view or edit the document with
		// (xml2rfc's rfc2629.xslt), which its authors do not ship.
		return links.Link{}, false
	}
	if s, h := malformedLink(c.URI); s != "" || h != "" {
		return links.Link{}, false // link-malformed's
	}
	if seg, _, _ := strings.Cut(c.URI, "/"); strings.IndexByte(seg, ':') >= 0 && !strings.ContainsAny(seg, "?#") &&
		(p.URI.Input != c.URI || !fileNameColon(p.URI, strings.IndexByte(c.URI, ':'))) {
		// "(https://x.example/)", "[text](https://...": a URI the markup
		// garbled, which uri-relative-colon reports; no file was meant.
		// But a file's name may hold the ":" (fileNameColon).
		return links.Link{}, false
	}
	from := p.File
	if rest, ok := strings.CutPrefix(c.URI, "@site/"); ok {
		// Docusaurus's alias of the site's directory.
		if p.Config.Links.SiteDir == "" {
			return links.Link{}, false // no site here that reads it
		}
		return links.Resolve(filepath.Join(p.Config.Links.SiteDir, "_"), rest, &p.Config.Links)
	}
	if rest, ok := strings.CutPrefix(c.URI, "@/"); ok {
		// Zola's internal link ("@/blog/post.md#part"): a page of the
		// site's content directory, which holds the document.
		content := zolaContent(p.File, p.Config.Links.Top)
		if content == "" {
			return links.Link{}, false // no content directory above: not Zola's
		}
		return links.Resolve(filepath.Join(content, "_"), rest, &p.Config.Links)
	}
	if c.Context == extract.ContextAdocImage {
		// An image of an Antora page is in its module's images directory.
		if modules, module, ok := links.AntoraModule(p.File); ok {
			return links.Resolve(filepath.Join(modules, module, "images", "_"), c.URI, &p.Config.Links)
		}
	}
	switch {
	case c.BaseUnknown:
		return links.Link{}, false // its directory is set where the walker does not see
	case c.Base != "" && !strings.HasPrefix(c.URI, "/"):
		from = filepath.Join(filepath.Dir(p.File), filepath.FromSlash(c.Base), "_")
	}
	l, ok := links.Resolve(from, c.URI, &p.Config.Links)
	if ok && c.Base == "" && !l.Dir && (c.Context == extract.ContextAdocImage || c.Context == extract.ContextAdocVideo || c.Context == extract.ContextAdocAudio) {
		l.Image = true
	}
	return l, ok
}

// namesFile reports whether the link of candidate c names a file by its
// extension ("guide.md", "img/logo.png", "../api.html#x"), rather than a
// site's address ("./errors/x", "guide/", "upgrade-notes-1.13"), or is a
// cross reference.
func namesFile(c *extract.Candidate) bool {
	if c.Kind == extract.KindXref {
		return true
	}
	u := c.URI
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	u = strings.TrimSuffix(u, "/") // "guide.md/": a file written as a directory
	base := u[strings.LastIndexByte(u, '/')+1:]
	dot := strings.LastIndexByte(base, '.')
	// An extension has a letter: "notes-1.13" and "v2.0" are versions in
	// a site's addresses, not files.
	return dot > 0 && base != ".." && strings.IndexFunc(base[dot+1:], unicode.IsLetter) >= 0
}

// recordLink records the link l of the candidate of p: the file it names
// (the document itself for a fragment alone), whether it names a
// directory, its fragment and its line range. byDefault says the rule
// runs under its own policy (not --strict), which leaves out the links a
// generator resolves its own way (see linkFact.byDefault).
func recordLink(p *lint.Pass, l links.Link, byDefault bool) {
	target := l.Path
	if target == "" {
		target = p.File
	}
	if !l.HasFrag && l.First == 0 && l.Last == 0 && l.Fragment == "" {
		// Most links to files: a value of their kind alone, no allocation.
		i := 0
		switch {
		case l.Dir:
			i = 1
		case l.Xref:
			i = 2
		case l.Image:
			i = 3
		}
		if byDefault {
			i += 4
		}
		p.Record(target, plainLink[i], 0, len(p.URI.Input))
		return
	}
	// The value is made in one buffer, of one allocation: a document's
	// table of contents records a link per heading.
	first, last := strconv.Itoa(l.First), strconv.Itoa(l.Last) // 0 (no lines): no allocation
	var v strings.Builder
	v.Grow(4 + len(first) + len(last) + len(l.Fragment))
	kind := byte('f')
	switch {
	case l.Dir:
		kind = 'd'
	case l.Xref:
		kind = 'x'
	case l.Image:
		kind = 'i'
	}
	if byDefault {
		kind -= 'a' - 'A' // upper case: recorded under the default policy
	}
	v.WriteByte(kind)
	if l.HasFrag {
		v.WriteByte('#')
	} else {
		v.WriteByte('-')
	}
	v.WriteString(first)
	v.WriteByte(':')
	v.WriteString(last)
	v.WriteByte(':')
	v.WriteString(l.Fragment)
	p.Record(target, v.String(), 0, len(p.URI.Input))
}

// plainLink are the values recordLink gives a link without a fragment or
// lines: to a file, to a directory, a cross reference, an AsciiDoc image
// without imagesdir; then the same under the default policy
// (recordLink's byDefault).
var plainLink = [8]string{"f-0:0:", "d-0:0:", "x-0:0:", "i-0:0:", "F-0:0:", "D-0:0:", "X-0:0:", "I-0:0:"}

// linkFact is a link as recordLink recorded it.
type linkFact struct {
	from, target string // absolute paths
	dir, hasFrag bool
	xref         bool // an AsciiDoc cross reference: a section's title names it too
	image        bool // an AsciiDoc image of a document that sets no imagesdir (links.Link.Image)
	first, last  int
	fragment     string
	// byDefault says the rule recorded the link under its default policy
	// (see recordLink).
	byDefault bool
}

func readLinkFact(p *lint.AcrossPass, f *lint.Fact) linkFact {
	l := linkFact{target: f.Key, from: p.Absolute(f.File)}
	v := f.Value
	if len(v) < 2 {
		return l
	}
	kind := v[0]
	if l.byDefault = kind >= 'A' && kind <= 'Z'; l.byDefault {
		kind += 'a' - 'A'
	}
	l.dir, l.xref, l.image, l.hasFrag = kind == 'd', kind == 'x', kind == 'i', v[1] == '#'
	first, rest, ok1 := strings.Cut(v[2:], ":")
	last, frag, ok2 := strings.Cut(rest, ":")
	if ok1 && ok2 {
		l.first, _ = strconv.Atoi(first)
		l.last, _ = strconv.Atoi(last)
		l.fragment = frag
	}
	return l
}

// findLink finds the file the link l names, as resolveFile does, and
// where it is not there (at is the path it is found at: the link's own,
// but for the first case):
//   - from a page whose site serves it as a directory ("guide.md" as
//     "guide/": Hugo, Jekyll's pretty permalinks, MkDocs' directory URLs),
//     a relative link is read from that directory too ("../other/" from
//     "docs/guide.md" is "docs/other/"): found either way, it is found;
//   - skip says the link is not to be judged: a page of the forge reached
//     by climbing out of the tree ("../../issues/new"); a page Sphinx makes
//     (genindex.html, search.html, py-modindex.html, a page of its
//     templates: see sphinxPage); an AsciiDoc cross reference
//     to a module of an Antora component that this tree does not hold
//     (a component's modules may come from several trees), or a link of
//     an AsciiDoc document that others include (Doc.Partial, or one an
//     include directive of the run names: AcrossPass.Included), which is
//     resolved from where they are rendered.
func findLink(p *lint.AcrossPass, s *links.Settings, l linkFact) (doc string, e links.Entry, at string, found, skip bool) {
	doc, e, found = resolveFile(p, s, l.target, l.dir)
	if found && !s.Outside(l.target) {
		return doc, e, l.target, true, false
	}
	if l.xref && !found && strings.HasSuffix(l.target, ".adoc") {
		// Asciidoctor links "newsboat#x" and "newsboat.adoc#x" to the page
		// it writes of newsboat's source, whatever its AsciiDoc extension.
		stem := strings.TrimSuffix(l.target, ".adoc")
		for _, ext := range [...]string{".asciidoc", ".asc", ".ad"} {
			if doc2, e2, found2 := resolveFile(p, s, stem+ext, l.dir); found2 && !s.Outside(stem+ext) {
				return doc2, e2, stem + ext, true, false
			}
		}
	}
	if l.xref {
		if modules, module, ok := links.AntoraModule(l.target); ok && (!p.Stat(filepath.Join(modules, module)).Exists || otherModule(l.from, module) && otherSources(p, s, modules) ||
			!found && l.byDefault && madeNav(p, modules, module)) {
			return "", e, "", false, true
		}
		if p.PageAlias(l.target) {
			return "", e, "", false, true // a page moved, which answers to its old id
		}
	}
	if modules, module, ok := links.AntoraModule(l.from); ok {
		// Antora reads a module's images from assets/images too, the
		// layout before its images family.
		if rel, ok := treepath.Rel(filepath.Join(modules, module, "images"), l.target); ok {
			if doc2, e2, found2 := resolveFile(p, s, filepath.Join(modules, module, "assets", "images", rel), l.dir); found2 {
				return doc2, e2, l.target, true, false
			}
		}
	}
	if !found && l.image && l.byDefault && imageBelow(p, l.from, l.target) {
		return "", e, "", false, true
	}
	if !found {
		if alt, ok := publishedLink(p, s, l); ok && alt != l.target && !s.Outside(alt) {
			if doc2, e2, found2 := resolveFile(p, s, alt, l.dir); found2 {
				return doc2, e2, alt, true, false
			}
		}
		if strings.ContainsRune(l.target, '\\') {
			// "docs\static\a.png": browsers read "\" in a link as "/"
			// (percent-unencoded reports it), and so it names a file.
			alt := strings.ReplaceAll(l.target, `\`, "/")
			if doc2, e2, found2 := resolveFile(p, s, alt, l.dir); found2 && !s.Outside(alt) {
				return doc2, e2, alt, true, false
			}
		}
		for _, alt := range builtCopies(p, l) {
			if doc2, e2, found2 := resolveFile(p, s, alt, l.dir); found2 && !s.Outside(alt) {
				return doc2, e2, alt, true, false
			}
		}
	}
	if githubRoute(s, l.target) || !found && (themeFile(s, l.target) || exdocPage(p, s, l.from, l.target) || doxygenPage(p, s, l.from, l.target) || writersideLink(p, s, l) || textCopy(p, l.target) || refRoute(l.from, l.target) || otherRef(p, s, l.target) || download(l.target) ||
		builtFile(p, s, l.from, l.target) || servedStatic(p, s, l.from, l.target) ||
		s.Top != "" && p.GitIgnored(s.Top, l.target)) {
		// A forge's page; a file the site's theme adds; a file git
		// ignores, which a build or an install makes ("vendor/").
		return "", e, "", false, true
	}
	switch extract.FormatOf(l.from) {
	case extract.FormatAsciiDoc:
		if d := p.Doc(l.from, s); !found && (d != nil && d.Partial || p.Included(l.from)) {
			return "", e, "", false, true
		}
	case extract.FormatHTML, extract.FormatXML:
		if d := p.Doc(l.from, s); d != nil && (d.Base || d.Template) && !found {
			return "", e, "", false, true
		}
	case extract.FormatMarkdown, extract.FormatReStructuredText:
		if !found && p.Included(l.from) {
			return "", e, "", false, true // a snippet, read from where it is included
		}
		if sphinxPage(p, l.from, l.target) || !found && s.Generator == "sphinx" &&
			filepath.Dir(l.target) == filepath.Dir(l.from) && mystReference(filepath.Base(l.target)) {
			return "", e, "", false, true
		}
		dir := filepath.Dir(l.from)
		stem := strings.TrimSuffix(filepath.Base(l.from), filepath.Ext(l.from))
		switch strings.ToLower(stem) {
		case "index", "_index", "readme":
			// served as its directory already
		default:
			if rel, err := filepath.Rel(dir, l.target); err == nil {
				if alt := filepath.Join(dir, stem, rel); alt != l.target && !s.Outside(alt) {
					if doc2, e2, found2 := resolveFile(p, s, alt, l.dir); found2 {
						return doc2, e2, alt, true, false
					}
				}
			}
		}
	}
	return doc, e, l.target, found, false
}

// imageBelow reports whether the target of an AsciiDoc image of the
// document at from, which sets no imagesdir, is in a directory below the
// document's, one or two levels down ("assets/images/logo.svg" for
// "image::logo.svg[]"): the build gives the imagesdir (Asciidoctor's "-a
// imagesdir=...", a Maven or Gradle plugin's attributes, a slides
// image's defaults: Project Syn's slides; RISC-V's manual).
func imageBelow(p *lint.AcrossPass, from, target string) bool {
	dir := filepath.Dir(from)
	rel, ok := treepath.Rel(dir, target)
	if !ok || strings.HasPrefix(rel, "..") {
		return false
	}
	for _, sub := range p.Subdirs(dir) {
		if p.Stat(filepath.Join(dir, sub, rel)).Exists {
			return true
		}
		for _, sub2 := range p.Subdirs(filepath.Join(dir, sub)) {
			if p.Stat(filepath.Join(dir, sub, sub2, rel)).Exists {
				return true
			}
		}
	}
	return false
}

// publishedLink returns the file the link l names as read from where its
// document is published, where that is not beside its source:
//   - under Sphinx, a file of a directory its conf.py names in
//     html_extra_path is copied to the top of the pages it writes
//     (StackStorm's _redirects/cli.html, a page that sends its reader to
//     "reference/cli.html", the page of reference/cli.rst);
//   - a page of an Antora module is published at MODULE/PATH.html under
//     its component's version, a page of the ROOT module at PATH.html:
//     a link (not a cross reference) from modules/ROOT/pages/a.adoc to
//     "reference/javadoc/b.html" is the page of
//     modules/reference/pages/javadoc/b.adoc (Open Liberty's docs).
func publishedLink(p *lint.AcrossPass, s *links.Settings, l linkFact) (string, bool) {
	rel, err := filepath.Rel(filepath.Dir(l.from), l.target)
	if err != nil {
		return "", false
	}
	if s.Generator == "sphinx" && s.SiteDir != "" {
		for _, extra := range sphinxExtraPaths(p, s.SiteDir) {
			if in, ok := treepath.Rel(filepath.Join(s.SiteDir, extra), l.from); ok && in != "." {
				return filepath.Join(s.SiteDir, filepath.Dir(in), rel), true
			}
		}
	}
	if modules, module, ok := links.AntoraModule(l.from); ok && !l.xref {
		in, ok := treepath.Rel(filepath.Join(modules, module, "pages"), l.from)
		if !ok {
			return "", false
		}
		url := filepath.ToSlash(filepath.Join(filepath.Dir(in), rel))
		if module != "ROOT" {
			url = module + "/" + url
		}
		url = path.Clean(url)
		if url == ".." || strings.HasPrefix(url, "../") {
			return "", false // another component or version
		}
		target := "ROOT"
		if first, rest, ok := strings.Cut(url, "/"); ok && first != "ROOT" && p.Stat(filepath.Join(modules, first, "pages")).Dir {
			target, url = first, rest
		}
		if strings.HasSuffix(url, ".html") {
			url = strings.TrimSuffix(url, ".html") + ".adoc"
		}
		return filepath.Join(modules, target, "pages", filepath.FromSlash(url)), true
	}
	return "", false
}

// builtCopies returns the file the link l names as read from each built
// copy of its HTML document the tree holds: a page of the same name in a
// directory beside the document's that a build writes pages into, by its
// name (see outputDir: Postfix's proto/TLS_README.html, the source its
// build makes html/TLS_README.html of, beside the logo both show,
// html/postfix-logo.jpg). A page is published where it is built. A page of
// the same name in another directory (a translation's doc-de/ beside doc/,
// another version's, another section's index.html) is no copy of it.
func builtCopies(p *lint.AcrossPass, l linkFact) []string {
	if extract.FormatOf(l.from) != extract.FormatHTML {
		return nil
	}
	dir := filepath.Dir(l.from)
	rel, err := filepath.Rel(dir, l.target)
	if err != nil {
		return nil
	}
	parent, name := filepath.Dir(dir), filepath.Base(l.from)
	var out []string
	for _, sib := range p.Subdirs(parent) {
		other := filepath.Join(parent, sib)
		if other == dir || !outputDir(sib) {
			continue
		}
		if e := p.Stat(filepath.Join(other, name)); e.Exists && !e.Dir {
			out = append(out, filepath.Join(other, rel))
		}
	}
	return out
}

// outputDir reports whether a directory's name is one builds write pages
// into: "html", "htdocs", "www", "public", "site", "_site", "build",
// "_build", "dist", "out" or "output".
func outputDir(name string) bool {
	switch strings.ToLower(name) {
	case "html", "htdocs", "www", "public", "site", "_site", "build", "_build", "dist", "out", "output":
		return true
	}
	return false
}

// sphinxExtraPaths returns the paths that the conf.py in dir names in
// html_extra_path, as string literals ("html_extra_path = ['_redirects']",
// on one line or several); none where it cannot be read.
func sphinxExtraPaths(p *lint.AcrossPass, dir string) []string {
	src, err := p.Small(filepath.Join(dir, "conf.py"))
	if err != nil {
		return nil
	}
	text := "\n" + string(src) // the setting may start the file
	i := strings.Index(text, "\nhtml_extra_path")
	if i < 0 {
		return nil
	}
	text = text[i+len("\nhtml_extra_path"):]
	text = strings.TrimLeft(text, " \t")
	if !strings.HasPrefix(text, "=") {
		return nil
	}
	end := strings.IndexAny(text, "])")
	if end < 0 {
		return nil
	}
	var out []string
	for list := text[1:end]; ; {
		q := strings.IndexAny(list, `"'`)
		if q < 0 {
			break
		}
		e := strings.IndexByte(list[q+1:], list[q])
		if e < 0 {
			break
		}
		if name := list[q+1 : q+1+e]; name != "" && !filepath.IsAbs(name) {
			out = append(out, filepath.FromSlash(name))
		}
		list = list[q+1+e+1:]
	}
	return out
}

// docinfo reports whether the file at path is an Asciidoctor docinfo file
// ("docinfo.xml", "guide-docinfo-footer.html", "docinfo-header.html"): a
// fragment Asciidoctor puts into the head or foot of the documents it
// converts, whose relative links are read from where those are written (a
// DocBook build's "Common_Content/Legal_Notice.xml"), not from beside it.
func docinfo(path string) bool {
	base := filepath.Base(path)
	ext := filepath.Ext(base)
	if !strings.EqualFold(ext, ".xml") && !strings.EqualFold(ext, ".html") {
		return false // most documents, at once
	}
	stem := base[:len(base)-len(ext)]
	for _, part := range [...]string{"-header", "-footer"} {
		if n := len(stem) - len(part); n >= 0 && strings.EqualFold(stem[n:], part) {
			stem = stem[:n]
			break
		}
	}
	const name = "-docinfo"
	return strings.EqualFold(stem, name[1:]) || len(stem) > len(name) && strings.EqualFold(stem[len(stem)-len(name):], name)
}

// downloadExts are the extensions of archives, packages and installers.
var downloadExts = []string{".gz", ".tgz", ".bz2", ".tbz2", ".xz", ".txz", ".zst", ".zip", ".7z", ".rar",
	".dmg", ".pkg", ".msi", ".exe", ".jar", ".war", ".whl", ".deb", ".rpm", ".apk", ".iso"}

// download reports whether target, which is not in the tree, names an
// archive, a package or an installer ("Nikon.tar.gz", "app-1.2.dmg"): a
// download the site serves beside its pages, which no repository keeps
// (release files, sample archives). Across the held-out sets judged, none
// of 120 reports of such files was a link its author would change.
func download(target string) bool {
	ext := strings.ToLower(filepath.Ext(target))
	return slices.Contains(downloadExts, ext)
}

// refRoute reports whether target, which is not in the tree, is linked
// from the document from as a forge's route to a file at a ref: up one
// directory or more, then "tree/REF/", "blob/REF/" or "raw/REF/"
// ("../tree/HEAD/README.md"), as text written to be shown on the forge's
// pages is (check-spelling's advice, posted as a comment on a pull
// request), whose links are read from there; or up three directories or
// more, then a name, "tree/REF/" or "blob/REF/": a file of another
// repository of the same owner ("../../../faqs/blob/main/book.toml" in the
// Anki manual's README, for the ankitects/faqs repository). A route elsewhere in a path
// is no such link ("pkg/...](https://github.com/o/r/blob/SHA/a.go": a
// whole link pasted as a path).
func refRoute(from, target string) bool {
	rel, err := filepath.Rel(filepath.Dir(from), target)
	if err != nil {
		return false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	i := 0
	for i < len(parts) && parts[i] == ".." {
		i++
	}
	if i >= 3 && i+3 < len(parts) && refRouteName(parts[i+1]) && parts[i] != "" && parts[i+2] != "" {
		return true // another repository of the owner: "../../../faqs/blob/main/book.toml" from README.md
	}
	return i > 0 && i+2 < len(parts) && refRouteName(parts[i]) && parts[i+1] != ""
}

// refRouteName reports whether name is that of a forge's route to a file
// or a directory at a ref: "tree", "blob" (a page showing it) or "raw"
// (the file itself, as a download: "../../../raw/master/doc/guide.pdf"
// from doc/README.md, Dire Wolf's manuals).
func refRouteName(name string) bool {
	return name == "tree" || name == "blob" || name == "raw"
}

// githubRoute reports whether target, which leaves the top of the tree,
// is a page of the repository's forge that a README reaches by climbing
// out of its blob URL ("../../issues/new" from README.md on GitHub is the
// repository's issue form): issues, pulls, wiki, releases and the like.
func githubRoute(s *links.Settings, target string) bool {
	if s.Top == "" || !s.Outside(target) {
		return false
	}
	rel, err := filepath.Rel(s.Top, target)
	if err != nil {
		return false
	}
	parts := strings.Split(filepath.ToSlash(rel), "/")
	for len(parts) > 0 && parts[0] == ".." {
		parts = parts[1:]
	}
	if len(parts) == 0 {
		return false
	}
	switch parts[0] {
	case "issues", "pulls", "pull", "wiki", "releases", "actions", "discussions", "commit", "commits",
		"compare", "blob", "tree", "raw", "security", "graphs", "network", "projects", "milestones", "labels", "tags", "stargazers":
		return true
	}
	return false
}

// exdocPage reports whether target, which is not in the tree, is a page
// ExDoc makes (under an Elixir project's mix.exs, s.Generator "exdoc"): a
// module's or an extra's page ("Ash.Resource.html", "dsl-ash-resource.html"),
// or an extra it finds by the file's name wherever it is in the project
// ("policies.md" for documentation/topics/security/policies.md), as its
// autolinking resolves a link to a Markdown file of its extras; and the
// book it writes where mix.exs names the "epub" formatter.
//
// Its pages are flat, all at the top of the documentation it writes, and
// its assets option copies a directory there as assets/ ("guides/assets"
// in Absinthe's mix.exs): a link "assets/tutorial/a.png" from any page is
// found where a directory above the page holds that path; or, as a map,
// each directory it names to the directory it maps it to (see
// exdocAssets): "images/a.png" is docs/images/a.png for Livebook's
// %{Path.expand("./docs/images") => "images"}.
func exdocPage(p *lint.AcrossPass, s *links.Settings, from, target string) bool {
	if s.Generator != "exdoc" || s.SiteDir == "" {
		return false
	}
	switch strings.ToLower(filepath.Ext(target)) {
	case ".html":
		return true
	case ".epub":
		// The book its "epub" formatter writes beside the pages
		// ("Phoenix.epub", held-out set 30).
		src, err := p.Small(filepath.Join(s.SiteDir, "mix.exs"))
		return err == nil && bytes.Contains(src, []byte("epub"))
	case ".md", ".cheatmd", ".livemd":
		names, complete := p.Names(s.SiteDir)
		return names[filepath.Base(target)] || !complete
	}
	rel, ok := treepath.Rel(filepath.Dir(from), target)
	if !ok {
		return false
	}
	for src, dst := range exdocAssets(p, s.SiteDir) {
		// The assets option as a map: each source directory of the
		// project is copied to its target beside the pages
		// (Livebook's %{Path.expand("./docs/images") => "images"},
		// Nerves's %{"resources" => "assets"}).
		if in, ok := strings.CutPrefix(filepath.ToSlash(rel), dst+"/"); ok && p.Stat(filepath.Join(s.SiteDir, filepath.FromSlash(src), filepath.FromSlash(in))).Exists {
			return true
		}
	}
	if !strings.HasPrefix(filepath.ToSlash(rel), "assets/") {
		return false
	}
	for dir := filepath.Dir(filepath.Dir(from)); treepath.Under(s.SiteDir, dir); dir = filepath.Dir(dir) {
		if p.Stat(filepath.Join(dir, rel)).Exists {
			return true
		}
		if dir == s.SiteDir {
			break
		}
	}
	return false
}

// exdocAssets returns the directories the assets option of the mix.exs in
// dir maps, as a map from a source directory (relative to dir, "./" and a
// Path.expand call removed) to the directory of the pages it is copied to:
// assets: %{"resources" => "assets", Path.expand("./docs/images") => "images"}.
// None where the option is a string (the older form, copied to assets/)
// or the file cannot be read.
func exdocAssets(p *lint.AcrossPass, dir string) map[string]string {
	src, err := p.Small(filepath.Join(dir, "mix.exs"))
	if err != nil {
		return nil
	}
	text := string(src)
	i := strings.Index(text, "assets: %{")
	if i < 0 {
		return nil
	}
	text = text[i+len("assets: %{"):]
	if j := strings.IndexByte(text, '}'); j >= 0 {
		text = text[:j]
	}
	out := map[string]string{}
	for _, pair := range strings.Split(text, ",") {
		from, to, ok := strings.Cut(pair, "=>")
		if !ok {
			continue
		}
		from, to = quoted(from), quoted(to)
		from = strings.TrimPrefix(path.Clean(from), "./")
		if from != "" && to != "" && !path.IsAbs(from) && !strings.HasPrefix(from, "..") {
			out[from] = path.Clean(to)
		}
	}
	return out
}

// quoted returns the first string literal in double quotes in s, or "".
func quoted(s string) string {
	i := strings.IndexByte(s, '"')
	if i < 0 {
		return ""
	}
	j := strings.IndexByte(s[i+1:], '"')
	if j < 0 {
		return ""
	}
	return s[i+1 : i+1+j]
}

// writersideLink reports whether the link l, to a file not beside the
// document, is one Writerside resolves its own way: l.from is a topic of a
// Writerside module (s.Generator "writerside": a writerside.cfg, or
// project.ihp as it was once named, in its directory or one above it,
// whose <topics dir> holds it), and the link names a file alone, with no
// directory:
//   - an image is looked up by its name in the module's <images dir>, at
//     any depth (kotlinx.coroutines's "loading.gif", in
//     docs/images/coroutines-and-channels/);
//   - a topic ("exceptions.md") by its name among the module's topics;
//     without --strict, one that is not there is not judged where the
//     module's instance is a <snippet> that another instance takes in (the
//     coroutines guide, part of the Kotlin documentation, whose topics
//     another repository holds).
func writersideLink(p *lint.AcrossPass, s *links.Settings, l linkFact) bool {
	if s.Generator != "writerside" || s.SiteDir == "" || filepath.Dir(l.target) != filepath.Dir(l.from) ||
		extract.FormatOf(l.from) != extract.FormatMarkdown && extract.FormatOf(l.from) != extract.FormatXML {
		return false
	}
	src, err := p.Small(filepath.Join(s.SiteDir, "writerside.cfg"))
	if err != nil {
		if src, err = p.Small(filepath.Join(s.SiteDir, "project.ihp")); err != nil {
			return false
		}
	}
	cfg := string(src)
	topics := xmlAttrs(cfg, "topics", "dir")
	if !slices.ContainsFunc(topics, func(t string) bool { return treepath.Under(filepath.Join(s.SiteDir, filepath.FromSlash(t)), l.from) }) {
		return false
	}
	base := filepath.Base(l.target)
	in := func(dirs []string) bool {
		for _, d := range dirs {
			d = filepath.Join(s.SiteDir, filepath.FromSlash(d))
			if e := p.Stat(d); !e.Exists || !e.Dir {
				continue
			}
			if names, complete := p.Names(d); names[base] || !complete {
				return true
			}
		}
		return false
	}
	switch strings.ToLower(filepath.Ext(base)) {
	case ".md", ".topic":
		if in(topics) {
			return true
		}
		if !l.byDefault {
			return false
		}
		for _, tree := range xmlAttrs(cfg, "instance", "src") {
			if t, err := p.Small(filepath.Join(s.SiteDir, filepath.FromSlash(tree))); err == nil && bytes.Contains(t, []byte("<snippet")) {
				return true
			}
		}
		return false
	default:
		return in(xmlAttrs(cfg, "images", "dir"))
	}
}

// xmlAttrs returns the values of the attribute attr of every element
// named elem in the XML text src, as a configuration file writes them
// (<topics dir="topics"/>): double or single quotes, no entities.
func xmlAttrs(src, elem, attr string) []string {
	var out []string
	for rest := src; ; {
		i := strings.Index(rest, "<"+elem)
		if i < 0 {
			return out
		}
		rest = rest[i+1+len(elem):]
		if rest == "" || !strings.ContainsRune(" \t\r\n/>", rune(rest[0])) {
			continue // <topicsx>: another element
		}
		tag := rest
		if j := strings.IndexByte(tag, '>'); j >= 0 {
			tag = tag[:j]
		}
		for k := 0; ; {
			j := strings.Index(tag[k:], attr+"=")
			if j < 0 {
				break
			}
			j += k
			k = j + len(attr) + 1
			if j > 0 && !strings.ContainsRune(" \t\r\n", rune(tag[j-1])) || k >= len(tag) || tag[k] != '"' && tag[k] != '\'' {
				continue
			}
			if e := strings.IndexByte(tag[k+1:], tag[k]); e >= 0 {
				out = append(out, tag[k+1:k+1+e])
			}
			break
		}
	}
}

// doxygenPage reports whether target, which is not in the tree, is a page
// Doxygen makes, linked from a Markdown document that Doxygen reads (a
// Doxyfile, or the Doxyfile.in a build configures, in its directory or one
// above it, up to the top of the tree, names it in its INPUT, or holds it
// in its directory when its INPUT is empty):
//   - a ".html" page ("modules.html", "classes.html",
//     "group__CommonStructs.html" from UnrealIRCd's main page): Doxygen
//     writes its pages flat, in one directory;
//   - a Markdown page its INPUT names as the link is written
//     ("doc/tutorial.md" from doc/dom.md, RapidJSON's): Doxygen runs from
//     another directory (the top, where a build starts it) and links the
//     page it makes of that input.
func doxygenPage(p *lint.AcrossPass, s *links.Settings, from, target string) bool {
	ext := strings.ToLower(filepath.Ext(target))
	if ext != ".html" && ext != ".md" || extract.FormatOf(from) != extract.FormatMarkdown {
		return false
	}
	for dir := filepath.Dir(from); s.Top != "" && !s.Outside(dir); dir = filepath.Dir(dir) {
		for _, name := range [...]string{"Doxyfile", "Doxyfile.in"} {
			src, err := p.Small(filepath.Join(dir, name))
			if err != nil {
				continue
			}
			rel, ok := treepath.Rel(s.Top, from)
			inputs := doxygenInputs(string(src))
			if !ok || !doxygenReads(inputs, dir, from, rel) {
				return false
			}
			if ext == ".html" {
				return true
			}
			written, err := filepath.Rel(filepath.Dir(from), target)
			return err == nil && slices.ContainsFunc(inputs, func(in string) bool {
				return path.Clean(filepath.ToSlash(in)) == filepath.ToSlash(written)
			})
		}
		if dir == s.Top {
			break
		}
	}
	return false
}

// doxygenInputs returns the paths of the INPUT of the Doxyfile src, its
// lines continued with "\" and its "+=" included.
func doxygenInputs(src string) []string {
	var inputs []string
	cont := false
	for line := range strings.Lines(src) {
		t := strings.TrimSpace(line)
		if !cont {
			name, value, ok := strings.Cut(t, "=")
			name = strings.TrimSuffix(strings.TrimSpace(name), "+")
			if !ok || strings.TrimSpace(name) != "INPUT" {
				continue
			}
			t = value
		}
		t, cont = strings.CutSuffix(strings.TrimSpace(t), "\\")
		inputs = append(inputs, strings.Fields(strings.ReplaceAll(t, `"`, " "))...)
	}
	return inputs
}

// doxygenReads reports whether a Doxyfile in the directory dir whose INPUT
// is inputs reads the document at from (rel from the top of the tree):
// its INPUT names the file or a directory above it (a path relative to
// where Doxygen runs, which may be another directory: it is matched as
// the end of rel's path or of a directory of it), or is empty and from is
// in dir.
func doxygenReads(inputs []string, dir, from, rel string) bool {
	if len(inputs) == 0 {
		return filepath.Dir(from) == dir
	}
	doc := "/" + filepath.ToSlash(rel)
	for _, in := range inputs {
		in = strings.Trim(path.Clean("/"+filepath.ToSlash(in)), "/")
		if in == "" || in == "." || strings.HasSuffix(doc, "/"+in) || strings.Contains(doc, "/"+in+"/") {
			return true
		}
	}
	return false
}

// otherSources reports whether an Antora playbook of the tree, in the
// directory of the component whose modules directory is modules or in one
// above it up to the top of the tree, takes content from other sources
// than the tree itself (a content source whose url is no local path): a
// component's modules are then assembled from several repositories
// (Stackable's documentation and its demos), and a page of another module
// that the tree lacks may come from one of them.
func otherSources(p *lint.AcrossPass, s *links.Settings, modules string) bool {
	for dir := filepath.Dir(modules); s.Top != "" && !s.Outside(dir); dir = filepath.Dir(dir) {
		for _, name := range [...]string{"antora-playbook.yml", "antora-playbook.yaml", "local-antora-playbook.yml"} {
			if f := filepath.Join(dir, name); p.Stat(f).Exists && remoteSources(p, f) {
				return true
			}
		}
		if dir == s.Top {
			break
		}
	}
	return false
}

// madeNav reports whether the navigation file of the Antora module
// (MODULE/nav.adoc) includes a file that the tree does not hold
// ("include::reference:partial$config-nav.adoc[]" where
// modules/reference/partials has no config-nav.adoc): a build makes it,
// and with it pages of the module it lists (Open Liberty's documentation
// of each configuration element and feature, made from the server's
// metadata; 49 false reports in held-out set 22, none true). A cross
// reference to a page of such a module that the tree lacks is not
// judged without --strict.
func madeNav(p *lint.AcrossPass, modules, module string) bool {
	nav := filepath.Join(modules, module, "nav.adoc")
	src, err := p.Small(nav)
	if err != nil {
		return false
	}
	for line := range strings.Lines(string(src)) {
		target, ok := strings.CutPrefix(strings.TrimSpace(line), "include::")
		if !ok {
			continue
		}
		target, _, ok = strings.Cut(target, "[")
		if !ok || target == "" || strings.Contains(target, "{") {
			continue // not a directive, or one with an attribute: not known
		}
		var file string
		if id, rel, ok := strings.Cut(target, "$"); ok {
			// A resource id: [[component:]module:]family$path.
			parts := strings.Split(id, ":")
			if len(parts) > 2 {
				continue // another component's
			}
			mod := module
			if len(parts) == 2 && parts[0] != "" {
				mod = parts[0]
			}
			family := parts[len(parts)-1]
			switch family {
			case "partial", "example", "page", "image", "attachment":
				family += "s"
			default:
				continue
			}
			file = filepath.Join(modules, mod, family, filepath.FromSlash(rel))
		} else {
			file = filepath.Join(filepath.Dir(nav), filepath.FromSlash(target))
		}
		if !p.Stat(file).Exists {
			return true
		}
	}
	return false
}

// otherModule reports whether the Antora module module is not the one of
// the document at from.
func otherModule(from, module string) bool {
	_, own, ok := links.AntoraModule(from)
	return ok && own != module
}

// remoteSources reports whether the Antora playbook at path names a
// content source by a URL that is not a local path ("url: ." is the tree;
// "url: https://github.com/o/demos.git" another). A playbook that cannot
// be read may: its modules' pages are then not judged.
func remoteSources(p *lint.AcrossPass, path string) bool {
	src, err := p.Small(path)
	if err != nil {
		return true
	}
	sources := false
	for line := range strings.Lines(string(src)) {
		t := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "-"))
		if t == "sources:" {
			sources = true // content.sources, not site.url
		}
		if u, ok := strings.CutPrefix(t, "url:"); ok && sources {
			u = strings.Trim(strings.TrimSpace(u), `"'`)
			if strings.Contains(u, "://") || strings.HasPrefix(u, "git@") {
				return true
			}
		}
	}
	return false
}

// otherRef reports whether target, which is not in the tree, is reached by
// climbing one directory above the top of a checkout, then down a name and
// a path ("../assets/demo/a.gif" from README.md): on the forge, whose page
// of a file is ".../blob/REF/PATH", that is the file PATH at the ref
// ("assets", a branch that holds a project's images), which a checkout of
// one branch does not hold.
func otherRef(p *lint.AcrossPass, s *links.Settings, target string) bool {
	if s.Top == "" || !p.Stat(filepath.Join(s.Top, ".git")).Exists {
		return false
	}
	rel, ok := treepath.Rel(filepath.Dir(s.Top), target)
	if !ok {
		return false
	}
	ref, path, ok := strings.Cut(filepath.ToSlash(rel), "/")
	return ok && ref != filepath.Base(s.Top) && path != ""
}

// zolaContent returns the directory named "content" that holds the
// document at path, the nearest below top (the top of its tree, or "":
// none known), or "" when none does: where Zola reads its internal links
// ("@/...") from.
func zolaContent(path, top string) string {
	for dir := filepath.Dir(path); ; {
		if filepath.Base(dir) == "content" {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir || dir == top {
			return ""
		}
		dir = parent
	}
}

// exampleFact is the value of the fact a document records when it links to
// an example (see exampleLink).
const exampleFact = "e"

// exampleLink reports whether the candidate of p is a link, in the
// document's own markup, to an example: a host RFC 2606 reserves for
// examples (example.com, example.org, example.net, and "www." before
// them), or a path with the stand-in "path/to/". A document that links so
// shows how links are written (a syntax reference, a how-to): where its
// local links find no file, they are examples too
// ("image::screenshot.png[]" beside "https://example.org/page[A
// webpage]"). On the held-out sets judged so far, no missing file that a
// document linking so names was one its author would change, while a
// fifth of the wrong reports of missing files came from such documents.
// An example URI in code or in running text does not count: design
// documents write them there and have real broken links too.
func exampleLink(p *lint.Pass) bool {
	c := p.Candidate
	if p.File == "" || !c.Context.IsLink() || c.Example {
		return false
	}
	if c.Kind == extract.KindRelativeRef {
		return strings.Contains(c.URI, "path/to/")
	}
	if c.Kind != extract.KindURI || !p.URI.Host.Present() {
		return false
	}
	host := strings.TrimPrefix(strings.ToLower(p.URI.Host.In(p.URI.Input)), "www.")
	switch host {
	case "example.com", "example.org", "example.net":
		return true
	}
	return false
}

// exampleDocs returns the documents that link to an example (see
// exampleLink), by absolute path.
func exampleDocs(p *lint.AcrossPass) map[string]bool {
	var docs map[string]bool
	for _, f := range p.Facts {
		if f.Value == exampleFact {
			if docs == nil {
				docs = map[string]bool{}
			}
			docs[p.Absolute(f.File)] = true
		}
	}
	return docs
}

// mkdocsThemeFiles are the files MkDocs' own themes (mkdocs, readthedocs)
// and Material for MkDocs put at the root of every site they build, which
// pages link to: the favicon a page shows, when the docs hold none of
// their own ("docs/img/favicon.ico" overrides it).
var mkdocsThemeFiles = []string{"img/favicon.ico", "assets/images/favicon.png"}

// themeFile reports whether target, which is not in the tree, is a file
// that the theme of the site generator publishing the document puts in
// the site: under MkDocs, one of mkdocsThemeFiles at the root of the docs
// directory (the directory beside mkdocs.yml that holds the pages).
func themeFile(s *links.Settings, target string) bool {
	if s.Generator != "mkdocs" || s.SiteDir == "" {
		return false
	}
	rel, ok := treepath.Rel(s.SiteDir, target)
	if !ok {
		return false
	}
	_, rest, ok := strings.Cut(filepath.ToSlash(rel), "/") // the docs directory
	return ok && slices.Contains(mkdocsThemeFiles, rest)
}

// textCopy reports whether target, which is not in the tree, is a copy
// of a source as plain text that a build writes beside the pages it makes
// ("schema.rnc.txt", "example/flag.dtd.txt" for the .rnc and .dtd files
// beside them, as Jing's and Trang's documentation links them; Sphinx's
// _sources/page.rst.txt): "NAME.EXT.txt" where "NAME.EXT" is in the tree.
func textCopy(p *lint.AcrossPass, target string) bool {
	src, ok := strings.CutSuffix(target, ".txt")
	if !ok || filepath.Ext(src) == "" {
		return false
	}
	e := p.Stat(src)
	return e.Exists && !e.Dir
}

// builtFile reports whether target, which is not in the tree, is found
// where a build puts what it serves: the link leads down from the document
// through a directory ("images/a/b.png"), and that path is in another
// directory beside the document or beside a directory above it, up to the
// top of the tree: "html/images/a/b.png" for "book/a.markdown" (a book
// whose script writes its pages into html/), "guides/assets/images/a/b.png"
// for "guides/source/security.md" (the Rails guides), "public/static/x.ico"
// for "index.html" (Vite), a site's static/ or public/ (Hugo, Docusaurus,
// Astro), Maven's and Gradle's src/main/resources. Across the held-out sets judged, 81 such reports were false and 2
// true: a build copies the files beside the pages it makes.
func builtFile(p *lint.AcrossPass, s *links.Settings, from, target string) bool {
	dir := filepath.Dir(from)
	rel, ok := treepath.Rel(dir, target)
	if !ok || !strings.ContainsRune(rel, filepath.Separator) || s.Top == "" || s.Outside(dir) {
		return false
	}
	own := "" // the directory of the way down to the document
	for up := 0; up < 8; up++ {
		for _, d := range p.Subdirs(dir) {
			if d == own || d == ".git" {
				continue
			}
			if at := filepath.Join(dir, d, rel); !s.Outside(at) && p.Stat(at).Exists {
				return true
			}
		}
		// Maven's and Gradle's resources, which a build copies beside
		// what it makes (XProc's specification: src/main/resources/css/).
		if at := filepath.Join(dir, "src", "main", "resources", rel); !s.Outside(at) && p.Stat(at).Exists {
			return true
		}
		if dir == s.Top {
			return false
		}
		own, dir = filepath.Base(dir), filepath.Dir(dir)
		if s.Outside(dir) {
			return false
		}
	}
	return false
}

// servedStatic reports whether target, which is not in the tree, is a file
// of a "static" or "public" directory in the document's directory or one
// above it, which a site generator serves at the root of the pages it makes
// from there (Hugo, Docusaurus, Zola, Vite; Wren's own): "../../style.css"
// from doc/site/modules/core/template.html, for doc/site/static/style.css.
// The link must not lead down past that directory: only the site's root is
// served so.
func servedStatic(p *lint.AcrossPass, s *links.Settings, from, target string) bool {
	if s.Top == "" || s.Outside(target) {
		return false
	}
	for dir := filepath.Dir(from); !s.Outside(dir); dir = filepath.Dir(dir) {
		if rel, ok := treepath.Rel(dir, target); ok && !strings.HasPrefix(rel, "..") {
			for _, served := range [...]string{"static", "public"} {
				if p.Stat(filepath.Join(dir, served, rel)).Exists {
					return true
				}
			}
		}
		if dir == s.Top {
			break
		}
	}
	return false
}

// mystReference reports whether name, the path of a Markdown link under
// Sphinx (written with no "/"), is what MyST resolves as a reference to a
// documented object when no file has its name: a dotted name
// ("attrs.frozen", "pkg.module.func") whose last part is no file
// extension.
func mystReference(name string) bool {
	parts := strings.Split(name, ".")
	if len(parts) < 2 {
		return false
	}
	for _, part := range parts {
		if part == "" || !isIdentifier(part) {
			return false
		}
	}
	switch strings.ToLower(parts[len(parts)-1]) {
	case "md", "markdown", "rst", "txt", "html", "htm", "ipynb", "png", "jpg", "jpeg", "gif", "svg", "pdf",
		"py", "json", "yaml", "yml", "toml", "csv", "xml", "zip", "css", "js", "ts":
		return false
	}
	return true
}

// isIdentifier reports whether s is a Python identifier in ASCII.
func isIdentifier(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// sphinxPage reports whether target, linked from the reStructuredText
// document from, is a page Sphinx makes with no source: the index, the
// search page, the module index, and the pages a project adds from its
// templates (html_additional_pages: "contents.html" from
// _templates/contents.html, in the templates directory sphinx-quickstart
// makes beside the sources the page is rendered with).
func sphinxPage(p *lint.AcrossPass, from, target string) bool {
	if extract.FormatOf(from) != extract.FormatReStructuredText {
		return false
	}
	base := filepath.Base(target)
	switch base {
	case "genindex.html", "search.html", "py-modindex.html", "modindex.html":
		return true
	}
	if !strings.HasSuffix(base, ".html") {
		return false
	}
	e := p.Stat(filepath.Join(filepath.Dir(target), "_templates", base))
	return e.Exists && !e.Dir
}

// resolveFile finds the file a link names, as the renderers and hosts of
// documentation read it: the file itself; for a directory, the directory
// (GitHub lists it), or its index file for a fragment; for a page that
// does not exist as written, the source of the rendered page it names
// ("chapter.html" for "chapter.md", "index.html" for Hugo's "_index.md";
// "guide/" for "guide.md" or
// "guide/index.md"). It returns the file whose targets a fragment names
// ("" when there is none), and whether the link finds something.
func resolveFile(p *lint.AcrossPass, s *links.Settings, target string, dir bool) (doc string, e links.Entry, found bool) {
	e = p.Stat(target)
	index := s.Index
	if len(index) == 0 {
		index = links.DefaultIndex
	}
	sources := s.Sources
	if len(sources) == 0 {
		sources = links.DefaultSources
	}
	switch {
	case e.Exists && !e.Dir && dir:
		// "guide.md/": no server or renderer finds a file under a name
		// that ends in "/", but MkDocs, which normalises the path of a
		// link before it looks for the page (posixpath.normpath).
		if s.Generator == "mkdocs" {
			return target, e, true
		}
		return "", e, false
	case e.Exists && !e.Dir:
		return target, e, true
	case e.Exists:
		for _, name := range index {
			if f := filepath.Join(target, name); p.Stat(f).Exists {
				return f, e, true
			}
		}
		return "", e, true
	}
	ext := strings.ToLower(filepath.Ext(target))
	if ext == ".html" || ext == ".htm" {
		base := strings.TrimSuffix(target, filepath.Ext(target))
		for _, src := range sources {
			if f := base + src; p.Stat(f).Exists {
				return f, e, true
			}
		}
		if filepath.Base(base) == "index" {
			// Hugo renders a section's "_index.md" as its index.html.
			for _, src := range sources {
				if f := filepath.Join(filepath.Dir(base), "_index"+src); p.Stat(f).Exists {
					return f, e, true
				}
			}
		}
	}
	if dir || ext == "" {
		for _, src := range sources {
			if f := target + src; p.Stat(f).Exists {
				return f, e, true
			}
		}
	}
	if ext == "" && !dir {
		// "markup" for "markup.en.html": a page the server negotiates.
		if f := p.Variant(target); f != "" {
			return f, e, true
		}
	}
	return "", e, false
}

// fragmentFormats are the formats whose targets a fragment is checked
// against: those whose walkers report headings and ids.
func fragmentFormat(path string) bool {
	switch extract.FormatOf(path) {
	case extract.FormatMarkdown, extract.FormatHTML, extract.FormatReStructuredText, extract.FormatAsciiDoc:
		return true
	}
	return false
}

// fragmentOK reports whether a fragment needs no target: none, "top"
// (HTML scrolls to the top), or a line anchor of a forge ("L10-L20"),
// which lineRange checks.
func fragmentOK(frag string) bool {
	if frag == "" || strings.EqualFold(frag, "top") {
		return true
	}
	_, _, ok := slug.LineAnchor(frag)
	return ok
}

// writtenPath is the path of the link of f as its document writes it,
// without its query and fragment: what a message quotes, rather than the
// path it is cleaned to ("./a/../b.md", "(https://x" as written).
func writtenPath(f *lint.Fact) string {
	u := f.URI
	if i := strings.IndexAny(u, "?#"); i >= 0 {
		u = u[:i]
	}
	return u
}

// display names the path p for a message: relative to the directory of
// the document from, when it can be.
func display(from, p string) string {
	if rel, err := filepath.Rel(filepath.Dir(from), p); err == nil {
		return filepath.ToSlash(rel)
	}
	return p
}

// testsDocument reports whether the document at path, below top, is in a
// directory of a project's tests ("test", "tests", "__tests__",
// "testing", a name that starts or ends with "test" or "tests" and "_" or
// "-", "tests_literate"), of a test's expected output ("expected") or of a
// demo ("demo", "demos", or a name that starts or ends with either and "_"
// or "-": Difftastic's demo_files, libjxl's wasm_demo), and not its
// README: a program's input or expected output, or pages deployed with
// what the deployment adds.
func testsDocument(top, path string) bool {
	rel, ok := treepath.Rel(top, path)
	if top == "" || !ok {
		return false
	}
	dir, base := filepath.Split(rel)
	if strings.HasPrefix(strings.ToLower(base), "readme.") {
		return false
	}
	for _, d := range strings.Split(filepath.ToSlash(filepath.Clean(dir)), "/") {
		switch d = strings.ToLower(d); d {
		case "test", "tests", "__tests__", "testing", "expected", "demo", "demos":
			return true
		}
		for _, t := range [...]string{"test", "tests", "demo", "demos"} {
			if len(d) > len(t)+1 && (strings.HasPrefix(d, t) && (d[len(t)] == '_' || d[len(t)] == '-') ||
				strings.HasSuffix(d, t) && (d[len(d)-len(t)-1] == '_' || d[len(d)-len(t)-1] == '-')) {
				return true // "tests_literate", "test-server", "nimdoc_tests", "demo_files", "wasm_demo"
			}
		}
	}
	return false
}

// templateDocument reports whether the document at path, below top, is in
// a directory of templates ("templates", "template", "_templates"), which
// a script or a reader copies where its links are read from (ArcadeDB's
// scripts/templates, the templates of architecture decision records).
func templateDocument(top, path string) bool {
	rel, ok := treepath.Rel(top, path)
	if top == "" || !ok {
		return false
	}
	for _, d := range strings.Split(filepath.ToSlash(filepath.Dir(rel)), "/") {
		switch strings.ToLower(d) {
		case "templates", "template", "_templates":
			return true
		}
	}
	return false
}

// servedDeeper reports whether the link written, from the document from,
// which climbs out of the top of the tree, names after its ".." a file
// that is under a directory above the document within the tree
// ("../../../../images/a.png" from docs/blog/posts/a.md, for
// docs/blog/images/a.png): the site serves the page deeper than its file
// (MkDocs Material's blog at blog/YYYY/MM/DD/slug/), from where the link
// works. A path of a file cannot leave the tree; one of a page can.
func servedDeeper(p *lint.AcrossPass, s *links.Settings, from, written string) bool {
	rest := written
	for strings.HasPrefix(rest, "../") {
		rest = rest[3:]
	}
	if rest == written || rest == "" || strings.HasPrefix(rest, "..") || strings.HasPrefix(rest, "/") {
		return false
	}
	for dir := filepath.Dir(from); !s.Outside(dir); dir = filepath.Dir(dir) {
		if p.Stat(filepath.Join(dir, filepath.FromSlash(rest))).Exists {
			return true
		}
		if dir == s.Top || dir == filepath.Dir(dir) {
			break
		}
	}
	return false
}
