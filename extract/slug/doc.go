// Package slug gives the ids that renderers give headings, so that a link's
// fragment can be checked offline against the document it points to. Each
// renderer's rule is a named Profile (Lookup, Names): which text of the
// heading it reads (Heading), how it makes an id of it, how it tells
// duplicates apart, which explicit heading ids it takes, and how a fragment
// reaches an id (Profile.Match). A Slugger gives one document's ids, headings
// in order. The rules, with their sources, are in each profile's comment;
// they are tested against the renderers' own test cases (testdata/slugs).
//
// The profiles:
//
//   - github: github.com Markdown (github-slugger's rules; fragments match
//     whatever their case); github-slugger: the library (rehype-slug,
//     remark-validate-links), exact matching; docusaurus: github-slugger with
//     image alt and {#id}; astro: Astro and Starlight (hyphen runs cleaned).
//   - gitlab: GitLab 17.0 and later (comrak); gitlab-legacy: before 17.0.
//   - goldmark: goldmark's WithAutoHeadingID (raw source line, ASCII only);
//     goldmark-attributes: with WithAttribute; hugo, hugo-github-ascii,
//     hugo-blackfriday: Hugo's autoIDType settings.
//   - python-markdown: Python-Markdown's toc (MkDocs) with attr_list;
//     python-markdown-unicode: slugify_unicode; pymdownx-slugs[-cased|-gfm|
//     -fold][-encoded]: pymdownx.slugs.slugify with its case and
//     percent_encode settings (mkdocs-material sites).
//   - docutils: reStructuredText with docutils' defaults; sphinx: as Sphinx
//     sets docutils up; docutils-github: reStructuredText on github.com.
//   - asciidoctor: Asciidoctor's defaults; asciidoctor-github,
//     asciidoctor-gitlab: as those hosts set it up.
//   - kramdown-gfm: kramdown with its GFM parser (Jekyll's default, GitHub
//     Pages); kramdown: with its own parser.
//
// Three ways of telling duplicates apart are in use: collision-aware
// suffixes that skip every id taken (GitHub, comrak, goldmark, Hugo,
// Asciidoctor from 2; Python-Markdown's "_1"), a naive counter per base
// (GitLab before 17.0, kramdown), and docutils' automatic ids ("intro-1",
// "id1", "section-1"). Empty slugs fall back to "heading" (goldmark,
// Hugo), "_1" (Python-Markdown), "section" (kramdown) or an automatic id
// (docutils), or give no id.
//
// LineAnchor reads GitHub's line anchors ("L10-L20").
//
// The package reads strings only: finding headings, and the ids written
// in documents, is the walkers' business.
package slug
