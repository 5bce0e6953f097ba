package extract

import "bytes"

// frontMatter is a YAML or TOML block at the start of a document, as static
// site generators and documentation tools read it.
type frontMatter struct {
	contentStart, contentEnd int // between the fence lines
	end                      int // after the closing fence's line
}

// findFrontMatter finds front matter at the start of doc, after an optional
// UTF-8 byte order mark: a line "---" (YAML) or "+++" (TOML), then lines up
// to a closing line "---" or "..." (YAML) or "+++" (TOML). Trailing spaces
// on a fence line are allowed. Without a closing fence there is none.
func findFrontMatter(doc []byte) (frontMatter, bool) {
	i := 0
	if bytes.HasPrefix(doc, bom) {
		i = len(bom)
	}
	line, next := lineAt(doc, i)
	var closers []string
	switch string(bytes.TrimRight(line, " \t")) {
	case "---":
		closers = []string{"---", "..."}
	case "+++":
		closers = []string{"+++"}
	default:
		return frontMatter{}, false
	}
	for j := next; j < len(doc); {
		l, n := lineAt(doc, j)
		fence := string(bytes.TrimRight(l, " \t"))
		for _, c := range closers {
			if fence == c {
				return frontMatter{contentStart: next, contentEnd: j, end: n}, true
			}
		}
		j = n
	}
	return frontMatter{}, false
}

// lineAt returns the line starting at doc[i] without its line end, and the
// offset of the next line.
func lineAt(doc []byte, i int) ([]byte, int) {
	j := bytes.IndexByte(doc[i:], '\n')
	if j < 0 {
		return doc[i:], len(doc)
	}
	line := doc[i : i+j]
	return bytes.TrimSuffix(line, []byte("\r")), i + j + 1
}

// HasFrontMatter reports whether doc starts with front matter (see
// findFrontMatter): the mark of a page a static site generator reads
// (Jekyll, Hugo, Zola, Docusaurus, Eleventy, Astro), which resolves its
// links by its own rules.
func HasFrontMatter(doc []byte) bool {
	_, ok := findFrontMatter(doc)
	return ok
}
