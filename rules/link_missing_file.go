package rules

import (
	"bytes"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/urilint/urilint/extract"
	"github.com/urilint/urilint/extract/grammar"
	"github.com/urilint/urilint/lint"
	"github.com/urilint/urilint/lint/links"
)

// LinkMissingFile reports a relative link to a file that is not in the
// tree.
var LinkMissingFile = &lint.Rule{
	Name:      "link-missing-file",
	Category:  lint.Policy,
	Severity:  lint.Error,
	Certainty: extract.Certain,
	Kinds:     []extract.Kind{extract.KindRelativeRef, extract.KindXref, extract.KindURI},
	// Off by default: on 19 sets of documents nobody here had tuned it on,
	// fewer than half of its reports were worth the author's time
	// (docs/evaluation.md, "The local link graph is asked for").
	DefaultOff: true,
	Doc: lint.Doc{
		Title: `A relative link names a file that is not in the tree, or names it in other letter case.`,
		Text: `A link of a document (a Markdown link or image, an HTML or XML URI attribute, a reST or AsciiDoc link)
that is a relative reference names a file next to the document: "guide.md", "../img/logo.png",
"docs/". The rule looks each up in the checkout, offline, once every document is read, and reports
the links whose file is not there. It never uses the network.

The rule is off by default: whether a file is missing depends on how the tree is published, which
the tree often does not say (a build writes pages and copies images in, a server answers routes, a
site takes content from other repositories), and on documents nobody here had seen, fewer than half
of its reports were worth the author's time. A tree that publishes its documents as they are (read
on a forge, or a site whose generator urilint knows) turns it on in its .urilint.yaml
("rules: {link-missing-file: error}"), and gets the reports described below; --strict turns it on
too, and judges every link, as the bullets marked "without --strict" say.

- Names are compared exactly, letter case included: "Guide.md" for a file "guide.md" works on macOS and
  Windows, whose file systems ignore case, and breaks on Linux, in CI, and on most web servers. The
  message names the file as it is.
- A link to a directory is found when the directory is ("docs/": GitHub lists it). A file written as a
  directory ("guide.md/") is reported in HTML, and in Markdown with --strict: a static server finds
  no file under a name that ends in "/", but a forge serves a Markdown file so (GitHub's routes drop
  the "/"), and MkDocs normalises a link's path before it looks for the page.
- Under MkDocs (mkdocs.yml), the favicon its themes put at the root of every site ("img/favicon.ico";
  Material's "assets/images/favicon.png") is found, as if the docs directory held it.
- Without --strict, the rule checks the links that
  name a file by its extension, in documents whose links lead where they are written: none of
  reStructuredText (a path there is the build's to resolve: Sphinx's source root, extra paths,
  pages extensions make), none of an XML vocabulary (DocBook, a schema's documentation, an
  xml2rfc draft, SVG: its build publishes the result beside files it copies there), and none of
  a page with front matter that finds no file (a static site generator's page: Jekyll, Hugo,
  Zola, Docusaurus, Eleventy, Astro resolve its links by their own rules: permalinks, a content
  root, rewrites, files a build copies in), but for its links in the generator's own notation
  (Zola's "@/", Docusaurus' "@site/"). A link that leaves the top of the tree is reported
  all the same. On held-out documents, these made 3 of 54, 0 of 75 and 4 of 89 reports worth
  the author's time.
- The message quotes the link's path as the document writes it, not the path it is cleaned to.
- Links of one document into one directory that is not in the tree have one cause: they are
  reported once, at the first, as the missing directory, with their number ("no directory
  \"img\" in the tree: 2 links of this document lead into it"). One link alone into a missing
  directory is a missing file. Five links or more into one, to files of which fewer than half are
  anywhere in the tree, are, without --strict, not judged: a build makes that directory (API documentation
  written beside the pages, 915 links in Jdbi's guide; a site's scripts and images), or the page
  was copied from another site without it (Varnish's copy of the POSIX page math.h), or a vendored
  README links the folders not vendored. Across the held-out sets judged, 4 of 13 such reports were
  worth the author's time (three of them in Zola's copies of its themes' READMEs). Where the files
  are in the tree under another directory, the links are written from the wrong place, and are
  reported. Links of one document to one
  missing file, whatever their fragments, are likewise one report, at the first, with their number
  ("no file \"index.html\" in the tree: 124 links of this document lead to it"), as a specification
  converted to a page has, whose contents link "index.html#abstract", "index.html#keywords" and
  so on to the name it was published under (Arm's ABI documents).
- A link to a rendered page whose source is there is found: "chapter.html" for "chapter.md" (mdBook,
  Jekyll, Sphinx and MkDocs sources link so; ".xml" for the Apache HTTP Server manual and DocBook),
  "guide/" or "guide" for "guide.md" (links.sources); a link without an extension to a page a
  server negotiates ("markup" for "markup.en.html", Apache's MultiViews).
- From a Markdown or reStructuredText page, a relative link is also read as the site that serves the
  page as a directory reads it (Hugo, Jekyll's pretty permalinks, MkDocs' directory URLs: from
  "docs/guide.md", served as "docs/guide/", "../install/" is "docs/install.md"): found either way,
  it is found.
- Not judged: a namespace name (xmlns and xmlns:* attributes, "jakarta.faces.html" in a facelets
  page), which names and is not there to be retrieved; what XML tools follow, not readers: a DOCTYPE's system identifier (catalogs resolve
  it: xml2rfc's rfc2629.dtd) and the style sheet or schema of <?xml-stylesheet?> and <?xml-model?>
  (xml2rfc's rfc2629.xslt, which drafts do not ship); the links of an Asciidoctor docinfo file (docinfo.xml,
  NAME-docinfo.xml, docinfo-footer.html: a fragment of the documents Asciidoctor writes, read from
  there); the links of a source a site shows as text (Sphinx's _sources/page.rst.txt: written
  for where the source is); where a form is sent (action, formaction: a server's endpoint); the pages Sphinx makes
  with no source (genindex.html, search.html, py-modindex.html, and "contents.html" where
  _templates/contents.html beside the sources makes it: html_additional_pages) from a
  reStructuredText page; the links of an HTML or XML template, which lead from the pages it makes,
  served elsewhere (a Hugo layout, a Jekyll include, an XSLT style sheet, a release's index page:
  a document that holds "{{", "{%", "<%", "<?php", "{$" or XSLT's namespace); the links of an
  example an XML document shows in a CDATA section (a schema's customisation, a protocol's
  stanza), which lead from wherever it is used; the links of an
  AsciiDoc document without a document title, one whose name starts with "_" (Antora publishes
  no page of it), or one another document of the run includes (include::), a part whose links
  and images are read from where it is rendered; a cross reference to a module of an Antora component that the tree
  does not hold (a component's modules may come from several trees), or to a page of another
  module where the tree's Antora playbook takes content from other repositories too (or cannot be
  read: what it takes is then not known).
- A link that leaves the top of the tree (the directory of the configuration file that holds the
  document, else the document's git checkout) is reported: nothing outside the repository is
  published with it.
- A link that leaves the tree but names, after its "..", a file under a directory above the page
  ("../../../../images/a.png" from docs/blog/posts/a.md, for docs/blog/images/a.png) is the link of a
  page the site serves deeper than its file (MkDocs Material's blog, at blog/YYYY/MM/DD/slug/): not
  judged.
- A link that climbs to a forge's route to a file at a ref ("../tree/HEAD/README.md",
  "../../blob/main/a.md", or as a download "../../../raw/master/doc/guide.pdf"), as text written to be shown on the forge's pages has (a pull request's
  comment), or to a file of another repository of the same owner ("../../../faqs/blob/main/a.md"
  from a README), is not judged where no such file is in the tree; nor is one that leaves the top of the tree for the forge's
  pages ("../../issues/new" from a README).
- A link down through a directory ("images/a.png") that is not beside the page, but in another
  directory beside it or beside a directory above it, is found where a build puts it beside the
  pages it makes: "html/images/a.png" for "book/a.markdown" (a script writes the book into html/),
  "guides/assets/images/a.png" for "guides/source/a.md" (the Rails guides), a site's static/ or
  public/ (Hugo, Docusaurus, Vite, Astro), Maven's and Gradle's src/main/resources. Across the
  held-out sets judged, 81 such reports were false and 2 true. Likewise a link that stays in the
  page's directory or climbs to one above it, and names a file of that directory's static/ or
  public/, which a generator serves at the root of the pages it makes from there
  ("../../style.css" from doc/site/modules/core/template.html, for doc/site/static/style.css:
  Wren's site, 27 false reports in held-out set 20).
- From a checkout, a link that climbs one directory above its top and down a name and a path
  ("../assets/demo/a.gif" from README.md) is, on the forge, whose page of a file is
  ".../blob/REF/PATH", the file at another ref (a branch that holds a project's images): not
  judged, as a checkout of one branch cannot say.
- An HTML page whose built copy the tree holds, a page of the same name in a directory beside it that
  a build writes pages into ("html", "htdocs", "www", "public", "site", "_site", "build", "_build",
  "dist", "out", "output"), has its links read from there too: Postfix's proto/TLS_README.html, the
  source of html/TLS_README.html, shows html/postfix-logo.jpg (85 false reports in held-out set 26).
  A page of the same name elsewhere (a translation's doc-de/ beside doc/, another version's) is no copy.
- A "\" in a link's path is read as "/", as browsers read it ("docs\static\a.png" from a README written
  on Windows): percent-unencoded reports the "\" and offers "/".
- A file published elsewhere than beside its source has its links read from there: under Sphinx, a
  file of a directory that conf.py names in html_extra_path, which Sphinx copies to the top of the
  pages it writes (a redirect page "_redirects/cli.html" that links "reference/cli.html", the page
  of reference/cli.rst); a page of an Antora module, published at MODULE/PATH.html under its
  component's version (a ROOT page at PATH.html), whose link (not a cross reference)
  "reference/javadoc/api.html" is the page of modules/reference/pages/javadoc/api.adoc. Held-out
  set 22 judged 18 such reports false.
- Without --strict, an Antora cross reference to a page that the tree lacks, of a module whose navigation
  file (MODULE/nav.adoc) includes a file that the tree lacks ("include::reference:partial$feature-nav.adoc[]"),
  is not judged: a build makes that file, and with it pages of the module it lists (Open Liberty's
  reference of each configuration element and feature, made from the server's metadata; 49
  reports in held-out set 22, all false but two that the judges were least sure of).
- A Markdown document that another includes whole (pymdownx.snippets: --8<-- "docs/snippets/a.md";
  mdBook: {{#include ../xref.md}}; MyST: an include directive; markdown-include: {!a.md!}; a site's
  build hook: <!-- include: path -->) is read from there, as an AsciiDoc part is: its links to missing
  files are not judged. The path is looked for from the including document's directory and each
  one above it (else any document of its name is taken as included). A document of which another
  shows only a part (mdBook's "a.md:anchor", MyST's :start-after:) is a page of its own, and its
  links are judged.
- Without --strict, the links of a document in a directory of tests ("test", "tests", "__tests__",
  "testing", a name that starts or ends with "test" or "tests" and "_" or "-", such as
  "tests_literate" or "test-server") or of a test's expected output ("expected"), but for its
  README, are not judged: a test's input or expected output (a parser's Markdown cases, a
  documentation generator's expected pages) leads nowhere by design. So, without --strict, are those of a
  document in a directory of demos ("demo", "demos", or a name that starts or ends with either and
  "_" or "-"), but for its README: a tool's sample input (Difftastic's demo_files, 52 reports, none
  true) or pages deployed with what the deployment adds (libjxl's wasm_demo: 7 reports, 1 true).
  Nor, without --strict, are those of
  a document in a directory of templates ("templates", "template", "_templates"), README included:
  a template's links lead from where a script or a reader copies it (ArcadeDB's page templates, an
  architecture decision record's template; 22 reports on held-out documents, none true). On held-out documents 1 of
  117 reports in the first four was worth the author's time (in a README), and 2 of 36 in the
  others.
- A missing "NAME.EXT.txt" whose "NAME.EXT" is in the tree ("example/flag.dtd.txt" beside
  example/flag.dtd) is a copy of the source as text that the build writes beside the pages (Jing's
  and Trang's documentation, 12 false reports in held-out set 23; Sphinx's _sources): not judged.
- Without --strict, the links of an HTML page of a Maven or Gradle project (a pom.xml, build.gradle or
  build.gradle.kts in its directory or one above) to files the tree lacks are not judged: its build
  assembles the pages with what it makes, the Javadoc, a plugin's goal pages, coverage and test
  reports (JaCoCo's documentation). Across the held-out sets judged, 4 of 101 such reports were
  worth the author's time.
- Without --strict, a missing script or style sheet (".js", ".mjs", ".css") of an HTML page is not judged:
  a bundler writes it (Cockpit's pages load "overview.js", made from overview.jsx), a server serves
  it (translations, a theme's branding.css), or a deployment adds it (a CDN's copy of a library).
  Across the held-out sets judged, 5 of 211 such reports were worth the author's time.
- A missing archive, package or installer (".tar.gz", ".zip", ".dmg", ".exe", ".whl", ...) is a
  download the site serves beside its pages, which no repository keeps: not judged.
- Under ExDoc (an Elixir project's mix.exs above the document), a link to a Markdown page of its
  extras is found by the file's name wherever it is in the project ("policies.md" for
  documentation/topics/security/policies.md; not judged where a directory of the project cannot be
  read), and a missing ".html" page is one ExDoc makes of a
  module or an extra ("Ash.Resource.html", "dsl-ash-resource.html"): not judged. Its pages are flat,
  beside the directory its assets option copies as assets/: "assets/tutorial/a.png" is found where
  a directory above the page holds that path (Absinthe's guides/assets); where the option is a map,
  each directory it names is beside the pages as the directory it maps it to: "images/a.png" is
  docs/images/a.png for Livebook's %{Path.expand("./docs/images") => "images"} (12 false reports in
  held-out set 27, Livebook's and Nerves's). Where mix.exs names the "epub" formatter, a missing
  ".epub" is the book it writes beside the pages ("Phoenix.epub"): not judged.
- Under Writerside (a writerside.cfg, or the older project.ihp, in the document's directory or one
  above it), a topic of its topics directory names an image by its name alone, which Writerside
  looks up in the images directory at any depth ("loading.gif" in images/coroutines-and-channels/),
  and another topic by its name among the topics. Without --strict, a topic the tree lacks is not judged
  where the module's instance is a <snippet> that another instance takes in: the including
  instance's topics are elsewhere (kotlinx.coroutines's guide links "lambdas.md" of the Kotlin
  documentation; with its images, 54 false reports in held-out set 30).
- Without --strict, under Sphinx, a missing file whose name conf.py quotes where it writes into the
  build's output directory (app.outdir) is one the build makes (Pyodide's "../console.html").
- A missing ".html" page linked from a Markdown document that Doxygen reads (a Doxyfile, or the
  Doxyfile.in a build configures, in its directory or one above it names it in its INPUT) is a page
  Doxygen makes ("modules.html", "group__CommonStructs.html" from UnrealIRCd's main page): not
  judged. Doxygen writes its pages flat. So is a Markdown page its INPUT names as the link is written
  ("doc/tutorial.md" from doc/dom.md, RapidJSON's: Doxygen runs from the top, and links the page it
  makes of that input).
- A link that starts "@/", Zola's internal link, is read from the "content" directory that holds
  the document (not judged where none does).
- A link that starts "@site/", Docusaurus's alias, is read from the directory of the site's
  docusaurus.config.js (not judged where no such file is above the document).
- A root-relative link ("/docs/a.md") is looked up under links.root when the configuration gives one,
  and not checked otherwise (on a site, it starts at the site's root, which only its build knows).
- A target that git ignores (the checkout's .gitignore files and .git/info/exclude) is one a build or
  an install makes, which a checkout lacks by design (Composer's vendor/, a site's build output): not
  judged. Other targets that a build makes (_build/**, public/**) can be left out with links.ignore.
- A document that links to an example (a host RFC 2606 reserves, example.com, example.org or
  example.net, or a path with "path/to/") shows how links are written, as a syntax reference does:
  where its links find no file ("image::screenshot.png[]" beside "https://example.org/page[A
  webpage]"), they are examples too, not judged. Example URIs in code or running text do not count.
- Under Sphinx (conf.py above the document), a Markdown link to a dotted name that is no file
  ("[](attrs.frozen)") is a reference MyST resolves to a documented object: not judged. Without --strict,
  nor is a Markdown link written with no "/" to a missing file where conf.py runs a program
  (subprocess, os.system): the build writes pages into the sources, and MyST resolves a link to a
  label of the name (Incus's man pages, "(incus_list.md)=": 104 false reports in held-out set 25).
  Likewise under MkDocs where mkdocs.yml names the gen-files plugin, whose scripts write pages
  (Nominatim's admin/Install-on-Ubuntu-24.md: 2 false reports in held-out set 26).
- Without --strict, the links of a header, footer or menu that pages are made with, by its name
  ("header.html", "_footer.html", "pre.html" and "post.html", "nav.html", "sidebar.html", "menu.html"),
  are not judged: they lead from the pages made (12 reports across the held-out sets judged, all
  false).
- A link with a placeholder ("{{ site.baseurl }}/a.md", "{version}/") or the path manuals write for
  any path ("../path/to/file.txt") is not checked.
- AsciiDoc cross references to other documents are links: "xref:guide.adoc[]", "<<guide.adoc#x>>",
  "<<guide#x>>" (guide.adoc, or guide.asciidoc, guide.asc or guide.ad: Asciidoctor links the page it
  writes of the source, whatever its AsciiDoc extension). In an Antora module, a page id names a page of the module's pages
  directory ("xref:install.adoc[]", "xref:ROOT:index.adoc[]", "xref::index.adoc[]" in the ROOT
  module; one of another component or version is not checked), or a page of the run that declares it
  among its ":page-aliases:" (a page moved to another module); an image is in its images directory,
  or in assets/images, the older layout Antora still reads. Elsewhere an AsciiDoc image, video or audio
  target is under the imagesdir the document sets (":imagesdir: images"), else beside the document;
  where imagesdir may be set out of sight (the document includes others and sets none itself, or
  sets it from an attribute it does not define), the target is not checked. Without --strict, the
  target of a document that sets no imagesdir, missing beside it but found in a directory one or
  two levels below ("assets/images/logo.svg" for "image::logo.svg[]"), is where the build's
  imagesdir puts it ("-a imagesdir=assets/images", a Maven or Gradle plugin's attributes): not
  judged (Project Syn's slides, RISC-V's manual: 5 reports on held-out documents, none true).`,
		Bad:  `[the guide](docs/guid.md)  [logo](img/Logo.PNG) for img/logo.png  [up](../../../outside.md)`,
		Good: `[the guide](docs/guide.md)  [logo](img/logo.png)`,
		Fix:  `No fix is offered: which file was meant is the author's to say; the message names a file that differs only in case.`,
	},
	Targets: true,
	Run: func(p *lint.Pass) {
		if exampleLink(p) {
			p.Record(p.File, exampleFact, 0, len(p.URI.Input))
			return
		}
		if p.Candidate.Kind == extract.KindURI {
			return // looked at for exampleLink only
		}
		l, ok := localLink(p)
		if !ok || l.Path == "" {
			return
		}
		// byDefault: the rule's own policy, which leaves out what only
		// --strict judges (the rule runs at all only where it is turned
		// on, by a severity in the configuration or by --strict).
		byDefault := !p.Config.Strict
		if byDefault && (!namesFile(p.Candidate) || p.Format == extract.FormatReStructuredText || p.Format == extract.FormatXML) {
			// A link without a file extension ("./errors/x", "guide/")
			// is a site's address as often as a file's: its generator
			// resolves it (Docusaurus, VitePress, Hugo). A path in
			// reStructuredText is the build's to resolve (Sphinx's source
			// root, extra paths, pages made by extensions: galleries,
			// API pages), and on held-out documents 3 of the 54 such
			// reports were worth the author's time. A relative link of an
			// XML vocabulary (DocBook, a schema's documentation, an
			// xml2rfc draft, an SVG) is resolved where its build publishes
			// the result, beside files it copies there: 0 of the 75 such
			// reports on held-out documents were. Checked with --strict,
			// only.
			return
		}
		recordLink(p, l, byDefault)
	},
	Across: func(p *lint.AcrossPass) {
		examples := exampleDocs(p)
		var into []intoMissing          // links to a file or into a directory that is not there, reported per document and path
		testsFrom, inTests := "", false // the last document asked about, and whether it is a test's
		for i := range p.Facts {
			f := p.Facts[i]
			if f.Value == exampleFact {
				continue
			}
			l := readLinkFact(p, f)
			s := p.Settings(l.from)
			if l.from != testsFrom {
				testsFrom, inTests = l.from, testsDocument(s.Top, l.from) || templateDocument(s.Top, l.from)
			}
			if l.byDefault && inTests {
				// A document of a project's tests is an input or an
				// expected output (a parser's Markdown cases), whose links
				// lead nowhere by design: 1 of 117 such reports on held-out
				// documents was worth the author's time, a tests/README.md,
				// which is judged. A template's links lead from where it is
				// copied. Asked once per document, not per link.
				continue
			}
			_, e, at, found, skip := findLink(p, s, l)
			if !found && examples[l.from] {
				continue // an example, as its document's others are (see exampleLink)
			}
			if s.Outside(l.target) && (!found || s.Outside(at)) && !skip {
				if servedDeeper(p, s, l.from, writtenPath(f)) {
					continue
				}
				p.Report(f, grammar.Messagef("the link leaves the top of the tree (%s): %q is published with nothing outside it", s.Top, writtenPath(f)))
				continue
			}
			if s.Ignored(l.target, func(g, name string) bool { ok, _ := doublestar.Match(g, name); return ok }) {
				continue
			}
			if !found && !skip && l.byDefault && javaBuildPage(p, s, l.from) {
				// An HTML page of a Maven or Gradle project, which its
				// build assembles with what it makes: its Javadoc, its
				// plugin's goal pages, coverage and test reports (JaCoCo's
				// documentation, 30 false reports in held-out set 24).
				// Across the held-out sets judged, 4 of 101 such reports
				// were worth the author's time.
				continue
			}
			if !found && !skip && l.byDefault && pagePart(l.from) {
				// A header or footer that pages are made with (RequireJS's
				// dist/pre.html, a site script's; Rocq's and toybox's
				// header.html): its links lead from the pages made, where
				// it is not. Across the held-out sets judged, 12 such
				// reports, all false.
				continue
			}
			if !found && !skip && l.byDefault && generatedPage(p, s, l) {
				// A page a Sphinx build makes (Incus's man pages, which
				// conf.py has the program write, each with a MyST label
				// named as the links to it are written, "incus_list.md"):
				// 104 false reports in held-out set 25; or MkDocs's
				// gen-files (2 in set 26).
				continue
			}
			if !found && !skip && l.byDefault && pageAsset(l.from, l.target) {
				// A script or style sheet a page loads, which a bundler
				// writes (Cockpit's pages: "overview.js" from overview.jsx),
				// a server serves (its translations, "po.js"; a theme's
				// branding.css) or a deployment adds: across the held-out
				// sets judged, 5 of 211 such reports were worth the
				// author's time.
				continue
			}
			if !found && !skip && l.byDefault {
				if d := p.Doc(l.from, s); d != nil && d.FrontMatter && !strings.HasPrefix(f.URI, "@") {
					// A page a static site generator reads: it resolves
					// the page's links by its own rules (permalinks, its
					// content root, rewrites, files its build copies in).
					// On held-out documents 4 of 89 such reports were worth
					// the author's time. But for a link in the generator's
					// own notation, whose rule is known: Zola's "@/",
					// Docusaurus' "@site/".
					continue
				}
			}
			if !found && !skip {
				switch {
				case e.Exists && !e.Dir && l.byDefault && extract.FormatOf(l.from) == extract.FormatMarkdown:
					// "cap-0046-01.md/#interface" in Markdown: forges serve
					// the file with the "/" (GitHub's routes drop it) and
					// MkDocs normalises the path; held-out set 15 judged 5
					// such reports false. Reported with --strict.
				case e.Exists && !e.Dir:
					p.Report(f, grammar.Messagef("%q names the file %q as a directory (it ends in \"/\"): no server or renderer finds it; drop the \"/\"", writtenPath(f), display(l.from, l.target)))
				case e.Case != "":
					p.Report(f, grammar.Messagef("no file %q: it is %q, in other letter case, which works on macOS and Windows and breaks on Linux and most web servers", writtenPath(f), e.Case))
				default:
					msg := grammar.Messagef("no file %q in the tree", writtenPath(f))
					if where := display(l.from, l.target); where != path.Clean(writtenPath(f)) {
						// Resolved elsewhere than beside the document: an
						// Antora module's images, links.root, an escape.
						msg += grammar.Messagef(" (looked for as %q)", where)
					}
					if dir := missingDir(p, s, l.target); dir != "" {
						into = append(into, intoMissing{f, msg, l.from, dir, false, l.byDefault})
					} else {
						into = append(into, intoMissing{f, msg, l.from, l.target, true, l.byDefault})
					}
				}
			}
		}
		reportIntoMissing(p, into)
	},
}

// javaBuildPage reports whether the document at from is an HTML page of a
// Maven or Gradle project: a pom.xml, build.gradle or build.gradle.kts in
// its directory or one above it, up to the top of the tree.
func javaBuildPage(p *lint.AcrossPass, s *links.Settings, from string) bool {
	if extract.FormatOf(from) != extract.FormatHTML || s.Top == "" {
		return false
	}
	for dir := filepath.Dir(from); !s.Outside(dir); dir = filepath.Dir(dir) {
		for _, name := range [...]string{"pom.xml", "build.gradle", "build.gradle.kts"} {
			if e := p.Stat(filepath.Join(dir, name)); e.Exists && !e.Dir {
				return true
			}
		}
		if dir == s.Top {
			break
		}
	}
	return false
}

// pagePart reports whether the HTML document from is a part pages are
// made with rather than a page: a header, footer or menu by its name
// ("header.html", "_footer.html", "pre.html" and "post.html" that a script
// wraps around each page, "nav.html", "sidebar.html").
func pagePart(from string) bool {
	if extract.FormatOf(from) != extract.FormatHTML {
		return false
	}
	base := filepath.Base(from)
	switch strings.ToLower(strings.TrimPrefix(strings.TrimSuffix(base, filepath.Ext(base)), "_")) {
	case "header", "footer", "pre", "post", "head", "foot", "nav", "navbar", "navigation", "sidebar", "menu":
		return true
	}
	return false
}

// generatedPage reports whether the link l of a Markdown document of a site,
// written with no "/" ("incus_list.md"), may name a page or a label the
// build makes: under Sphinx, the project's conf.py runs a program
// (subprocess, os.system), which writes pages into the sources before
// Sphinx reads them (and MyST resolves a link that names no file to a
// label of that name); under MkDocs, mkdocs.yml names the gen-files
// plugin, whose scripts write pages (Nominatim's Install-on-Ubuntu-24.md).
//
// Under Sphinx, a file whose name conf.py quotes where it writes into the
// build's output directory (app.outdir) is one the build makes too, linked
// from any page and any directory: Pyodide's "../console.html", which its
// conf.py has make build and writes to Path(app.outdir) / "console.html".
func generatedPage(p *lint.AcrossPass, s *links.Settings, l linkFact) bool {
	if s.SiteDir != "" && s.Generator == "sphinx" {
		if src, err := p.Small(filepath.Join(s.SiteDir, "conf.py")); err == nil && bytes.Contains(src, []byte("outdir")) {
			base := filepath.Base(l.target)
			if bytes.Contains(src, []byte(`"`+base+`"`)) || bytes.Contains(src, []byte("'"+base+"'")) {
				return true
			}
		}
	}
	if s.SiteDir == "" || extract.FormatOf(l.from) != extract.FormatMarkdown || filepath.Dir(l.target) != filepath.Dir(l.from) {
		return false
	}
	var config string
	var marks []string
	switch s.Generator {
	case "sphinx":
		config, marks = "conf.py", []string{"subprocess.", "os.system(", "os.popen("}
	case "mkdocs":
		config, marks = "mkdocs.yml", []string{"gen-files"}
	default:
		return false
	}
	src, err := p.Small(filepath.Join(s.SiteDir, config))
	if err != nil && config == "mkdocs.yml" {
		src, err = p.Small(filepath.Join(s.SiteDir, "mkdocs.yaml"))
	}
	if err != nil {
		return false
	}
	for _, m := range marks {
		if bytes.Contains(src, []byte(m)) {
			return true
		}
	}
	return false
}

// pageAsset reports whether target is a script or a style sheet (".js",
// ".mjs", ".css") of the HTML page from: what the page loads, rather than
// a page its reader goes to.
func pageAsset(from, target string) bool {
	if extract.FormatOf(from) != extract.FormatHTML {
		return false
	}
	switch strings.ToLower(filepath.Ext(target)) {
	case ".js", ".mjs", ".css":
		return true
	}
	return false
}

// intoMissing is a link to a missing file: the fact, its message, the
// document, and the path that is missing: the file itself, or the highest
// of its directories that is missing (file false).
type intoMissing struct {
	f    *lint.Fact
	msg  string
	from string
	path string
	file bool
	// byDefault: the link is judged under the rule's own policy, not
	// only because of --strict.
	byDefault bool
}

// missingDir returns the highest directory of the path target, below the
// top of the tree, that is not there ("/r/functions" for
// "/r/functions/acos.html" where /r is and /r/functions is not), or ""
// when target's own directory is there.
func missingDir(p *lint.AcrossPass, s *links.Settings, target string) string {
	missing := ""
	for dir := filepath.Dir(target); s.Top != "" && dir != s.Top && !s.Outside(dir) && !p.Stat(dir).Exists; dir = filepath.Dir(dir) {
		missing = dir
	}
	return missing
}

// reportIntoMissing reports the links of into: one alone to its missing
// path as a missing file; several of one document to one missing path
// once, at the first, with their number: one cause, one report. The path
// is a directory (a page copied from another site, whose links all lead
// into "../functions/"; a book's images in a directory that a build
// makes), or a file (a converted specification whose table of contents
// links "index.html#abstract", "index.html#keywords" and so on to the
// name it was published under).
// manyInto is how many links of one document into one directory that the
// tree lacks make it, without --strict, a directory a build makes or a copy
// leaves out, not judged, where the files they name are nowhere else in
// the tree (see elsewhere): API documentation a build writes beside the
// pages (Jdbi's apidocs/, 915 links), a copy of a page whose site holds
// the rest (Varnish's copy of the POSIX page math.h), a vendored README's
// links into the folders not vendored.
const manyInto = 5

// elsewhere reports whether half or more of the file names, linked from
// the document at from into a directory that the tree lacks, are in the
// tree under other directories: the links are written from the wrong
// place (Xpra's generated table in docs/Build/Source.md, whose paths are
// relative to the top; BrighterCommand's pages, whose images are in
// another directory's _static), a mistake to report. It is true too where
// the tree cannot be read whole.
func elsewhere(p *lint.AcrossPass, from string, names map[string]bool) bool {
	top := p.Settings(from).Top
	if top == "" {
		return true
	}
	all, complete := p.Names(top)
	if !complete {
		return true
	}
	found := 0
	for name := range names {
		if all[name] {
			found++
		}
	}
	return 2*found >= len(names)
}

func reportIntoMissing(p *lint.AcrossPass, into []intoMissing) {
	type key struct {
		from, path string
		file       bool
	}
	n := map[key]int{}
	names := map[key]map[string]bool{} // the files linked into a directory
	for _, m := range into {
		k := key{m.from, m.path, m.file}
		n[k]++
		if !m.file {
			if names[k] == nil {
				names[k] = map[string]bool{}
			}
			names[k][filepath.Base(m.f.Key)] = true
		}
	}
	done := map[key]bool{}
	for _, m := range into {
		k := key{m.from, m.path, m.file}
		switch {
		case n[k] == 1:
			p.Report(m.f, m.msg)
		case done[k]:
		case m.file:
			done[k] = true
			p.Report(m.f, grammar.Messagef("%s: %d links of this document lead to it, this one first", m.msg, n[k]))
		case m.byDefault && n[k] >= manyInto && !elsewhere(p, m.from, names[k]):
			// Not judged without --strict: see manyInto.
		default:
			done[k] = true
			p.Report(m.f, grammar.Messagef("no directory %q in the tree: %d links of this document lead into it, this one first (%q)", display(m.from, m.path), n[k], writtenPath(m.f)))
		}
	}
}
