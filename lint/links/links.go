// Package links resolves the local links of documents, offline: a relative
// reference to a file of the tree, a fragment to a heading or an id of a
// document, and the project's own absolute URLs (its repository's blob and
// tree pages, its published site) to the files of the checkout. It never
// uses the network.
//
// The link rules (package rules, link-*) record each link as a fact while
// a document is checked, with the path it resolves to (Resolve, OwnURL);
// the engine keeps the targets of every document it checks (a Doc); and once
// every document is read, the rules look each link up in the Tree.
package links

import (
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/slug"
	"github.com/urilint/urilint/internal/treepath"
)

// Settings are the configuration of the local link rules.
type Settings struct {
	// Slugs names the slug profiles (package slug) under which a heading's
	// id is made: a fragment must name a target under each of those of its
	// document's format (slug.Profile.Format). A format none of them
	// belongs to gets its default (DefaultSlugs).
	Slugs []string
	// Top is the top of the tree links may reach: a link that leaves it is
	// reported. "" means no top is known.
	Top string
	// Root is the directory a root-relative link ("/docs/a.md") starts
	// from, or "": such links are then not checked (on a site, they start
	// at the site's root, which only the site's configuration knows).
	Root string
	// Index are the files a link to a directory may mean, tried in order:
	// a directory is found whether or not one is there (GitHub shows a
	// directory's listing), but a fragment is looked up in the first.
	Index []string
	// Sources are the extensions of the sources of rendered pages: a link
	// to "chapter.html" that does not exist means "chapter.md" (mdBook,
	// Jekyll, Sphinx, MkDocs write their sources so).
	Sources []string
	// Repository is the project's repository on a forge
	// ("https://github.com/ORG/REPO"), whose blob and tree URLs are checked
	// against RepositoryRoot, the checkout; "" turns that off.
	Repository, RepositoryRoot string
	// Site is the address the project's documentation is published at
	// ("https://docs.example.org/guide/"), built from SiteRoot; "" turns
	// that off.
	Site, SiteRoot string
	// SiteDir is the directory of the configuration file of the site
	// generator that publishes the document (mkdocs.yml,
	// docusaurus.config.js, hugo.toml; see lint/config), or "": Docusaurus
	// reads a link that starts "@site/" from there.
	SiteDir string
	// Generator names that site generator ("mkdocs", "docusaurus",
	// "hugo"), or "": where a link's reading is its own (MkDocs finds
	// "guide.md/" as "guide.md").
	Generator string
	// Ignore are globs (doublestar, relative to Top) of targets that are
	// not checked: generated files (_build/**, public/**), or what a build
	// makes.
	Ignore []string
}

// Defaults for the settings a configuration does not give. The slug
// profile of each format: Markdown as github.com renders it; reST as
// docutils renders it (Sphinx's ids are the same but for a taken name's
// numbered fallback, which slug.Profile.Automatic accepts in both forms);
// AsciiDoc as Asciidoctor renders it with its defaults (Antora, the build
// plugins, the command line), whose ids ("_install") the cross references
// of AsciiDoc trees are written for, and which follows the document's
// :idprefix: and :idseparator:.
var (
	DefaultSlugs = map[extract.Format]string{
		extract.FormatMarkdown:         "github",
		extract.FormatReStructuredText: "docutils",
		extract.FormatAsciiDoc:         "asciidoctor",
	}
	DefaultIndex   = []string{"README.md", "index.md", "index.html", "README.rst", "index.rst", "index.adoc", "README.adoc"}
	DefaultSources = []string{".md", ".markdown", ".rst", ".adoc", ".asciidoc", ".txt", ".xml"}
)

// DefaultSlugNames lists the default profile of each format (Markdown,
// reStructuredText, AsciiDoc): what a configuration that names none means.
func DefaultSlugNames() []string {
	return []string{DefaultSlugs[extract.FormatMarkdown], DefaultSlugs[extract.FormatReStructuredText], DefaultSlugs[extract.FormatAsciiDoc]}
}

// Link is a link of a document resolved: the file it names (an absolute,
// clean path) and its fragment (percent-decoded), or the reason it is not
// checked.
type Link struct {
	Path     string // "" for a fragment of the document itself
	Fragment string
	HasFrag  bool // the link has a fragment ("#" written), even empty
	Dir      bool // written with a final "/": a directory, or a page
	// Lines, for a link to a forge's blob page, is the range of lines its
	// "#L10-L20" fragment names (first == 0: none).
	First, Last int
	// Xref says the link is an AsciiDoc cross reference, whose fragment
	// may be a section's title ("<<Section Title>>") in place of an id.
	Xref bool
	// Image says the link is the target of an AsciiDoc image, video or
	// audio macro of a document that sets no imagesdir: read from beside
	// the document, unless the build gives one ("-a imagesdir=images").
	Image bool
}

// Xref resolves an AsciiDoc cross reference ref, found in the document at
// from (an absolute path), as Asciidoctor does (Substitutors#sub_macros):
// "id" and "#id" name a place of the document itself ("Section Title" a
// section by its title); "doc.adoc#id", and "doc#id" (the source
// doc.adoc), a place of another document; with macro (written
// "xref:ref[]"), "doc.adoc" names a document, and a ref with another
// extension ("guide.pdf") a file. Ids are matched as written: no
// percent-decoding.
func Xref(from, ref string, macro bool) (Link, bool) {
	if ref == "" {
		return Link{}, false
	}
	base := filepath.Dir(from)
	modules, module, antora := AntoraModule(from)
	p, frag, hasFrag := strings.Cut(ref, "#")
	if antora && p != "" {
		// An Antora page id: [version@][component:][module:]path. One of
		// another component or version is not in reach.
		if strings.Contains(p, "@") || strings.Count(p, ":") > 1 {
			return Link{}, false
		}
		if m, rest, ok := strings.Cut(p, ":"); ok {
			module, p = m, rest
			if module == "" {
				module = "ROOT" // ":page.adoc", the component's ROOT module
			}
		}
		base = filepath.Join(modules, module, "pages")
		if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
			base = filepath.Dir(from) // relative to the page itself
		}
	}
	l := Link{Xref: true, HasFrag: true, Fragment: frag}
	switch {
	case !hasFrag && macro && path.Ext(p) != "":
		l.HasFrag, l.Fragment = false, ""
	case !hasFrag:
		l.Fragment, p = ref, ""
	case p != "" && path.Ext(p) == "":
		p += ".adoc"
	}
	if p == "" {
		return l, true
	}
	if strings.HasPrefix(p, "/") || strings.Contains(p, "://") {
		return Link{}, false
	}
	l.Path = filepath.Join(base, filepath.FromSlash(p))
	return l, true
}

// AntoraModule reports whether the document at from is a file of a module
// of an Antora component (".../modules/NAME/pages/...", partials,
// examples, or a navigation file ".../modules/NAME/nav.adoc"), whose cross
// references name pages from the module's pages directory and whose
// images are in its images directory; it returns the modules directory
// and the module's name.
func AntoraModule(from string) (modules, module string, ok bool) {
	parts := strings.Split(filepath.ToSlash(from), "/")
	for i := len(parts) - 3; i >= 0; i-- {
		if parts[i] != "modules" || parts[i+1] == "" {
			continue
		}
		switch family := parts[i+2]; {
		case family == "pages" || family == "partials" || family == "examples":
		case i+3 == len(parts) && strings.HasSuffix(family, ".adoc"):
		default:
			continue
		}
		return filepath.FromSlash(strings.Join(parts[:i+1], "/")), parts[i+1], true
	}
	return "", "", false
}

// Resolve resolves a relative reference ref, found in the document at
// from (an absolute path), to a local link. ok is false when the link is
// not to be checked: a network-path reference ("//host/x"), a
// root-relative one without Settings.Root, or one that holds a
// placeholder the caller masked.
func Resolve(from, ref string, s *Settings) (Link, bool) {
	if strings.HasPrefix(ref, "//") {
		return Link{}, false
	}
	p, frag, hasFrag := strings.Cut(ref, "#")
	if q := strings.IndexByte(p, '?'); q >= 0 {
		p = p[:q]
	}
	l := Link{HasFrag: hasFrag}
	if hasFrag {
		l.Fragment = unescape(frag)
	}
	if p == "" {
		return l, hasFrag // "#x": the document itself; "?q" alone: nothing to check
	}
	p = unescape(p)
	l.Dir = strings.HasSuffix(p, "/")
	switch {
	case strings.HasPrefix(p, "/"):
		if s.Root == "" {
			return Link{}, false
		}
		l.Path = filepath.Join(s.Root, filepath.FromSlash(path.Clean(p)))
	default:
		l.Path = filepath.Join(filepath.Dir(from), filepath.FromSlash(p))
	}
	return l, true
}

// Outside reports whether the path p lies outside the top of the tree.
func (s *Settings) Outside(p string) bool {
	if s.Top == "" {
		return false
	}
	if within(s.Top, p) {
		return false // most links: no filepath.Rel, which cleans both paths
	}
	return !treepath.Under(s.Top, p)
}

// within reports, without allocating, that the path p is top or under it
// as filepath.Rel reads them, when it is plain: p is top, or top, a
// separator and a rest with no ".." element; false says nothing.
func within(top, p string) bool {
	if !strings.HasPrefix(p, top) {
		return false
	}
	rest := p[len(top):]
	if rest == "" {
		return true
	}
	if rest[0] != filepath.Separator || strings.HasSuffix(top, string(filepath.Separator)) {
		return false
	}
	for rest != "" {
		rest = rest[1:]
		elem := rest
		if i := strings.IndexByte(rest, filepath.Separator); i >= 0 {
			elem, rest = rest[:i], rest[i:]
		} else {
			rest = ""
		}
		if elem == ".." {
			return false
		}
	}
	return true
}

// Ignored reports whether the target p matches one of Settings.Ignore.
func (s *Settings) Ignored(p string, match func(glob, name string) bool) bool {
	if len(s.Ignore) == 0 || s.Top == "" {
		return false
	}
	rel, err := filepath.Rel(s.Top, p)
	if err != nil {
		return false
	}
	rel = filepath.ToSlash(rel)
	return slices.ContainsFunc(s.Ignore, func(g string) bool { return match(g, rel) })
}

// OwnURL resolves an absolute URL of the project's own repository or site
// to a local link: "https://github.com/ORG/REPO/blob/BRANCH/docs/a.md#x"
// (or tree/BRANCH/docs/) to docs/a.md of the checkout, and
// "https://docs.example.org/guide/page/" to the source of that page under
// SiteRoot. ok is false for any other URL.
func OwnURL(raw string, s *Settings) (Link, bool) {
	if (s.Repository == "" || s.RepositoryRoot == "") && (s.Site == "" || s.SiteRoot == "") {
		return Link{}, false // neither configured: no URL is the project's, none is parsed
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return Link{}, false
	}
	l := Link{HasFrag: u.Fragment != "" || strings.HasSuffix(raw, "#"), Fragment: u.Fragment}
	if s.Repository != "" && s.RepositoryRoot != "" {
		if rest, ok := under(u, s.Repository); ok {
			// blob/BRANCH/path or tree/BRANCH/path (GitHub, GitLab's
			// "-/blob/"): the branch is taken for the checkout's.
			rest = strings.TrimPrefix(rest, "-/")
			kind, rest, _ := strings.Cut(rest, "/")
			if kind != "blob" && kind != "tree" && kind != "raw" {
				return Link{}, false
			}
			_, p, ok := strings.Cut(rest, "/")
			if !ok {
				p = ""
			}
			l.Path = filepath.Join(s.RepositoryRoot, filepath.FromSlash(p))
			l.Dir = kind == "tree"
			if first, last, ok := slug.LineAnchor(u.Fragment); ok && kind == "blob" {
				l.First, l.Last, l.HasFrag, l.Fragment = first, last, false, ""
			}
			return l, true
		}
	}
	if s.Site != "" && s.SiteRoot != "" {
		if rest, ok := under(u, s.Site); ok {
			l.Path = filepath.Join(s.SiteRoot, filepath.FromSlash(rest))
			l.Dir = rest == "" || strings.HasSuffix(rest, "/")
			return l, true
		}
	}
	return Link{}, false
}

// under reports whether u is base or below it, and returns the rest of
// its path, unescaped, without the leading "/".
func under(u *url.URL, base string) (string, bool) {
	b, err := url.Parse(strings.TrimSuffix(base, "/"))
	web := func(s string) bool { return s == "http" || s == "https" }
	if err != nil || !strings.EqualFold(u.Host, b.Host) || u.Scheme != b.Scheme && (!web(u.Scheme) || !web(b.Scheme)) {
		return "", false
	}
	p := u.Path
	if p != b.Path && !strings.HasPrefix(p, b.Path+"/") {
		return "", false
	}
	return strings.TrimPrefix(strings.TrimPrefix(p, b.Path), "/"), true
}

// unescape percent-decodes s where it can, and leaves it as written where
// it cannot (a stray "%").
func unescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}
