package extract

import "bytes"

// liquidBlocks returns the spans of doc, a Markdown document, that Liquid
// (Jekyll's template language) takes before Markdown sees the page: the
// code between "{% highlight LANG %}" and "{% endhighlight %}", which Jekyll
// shows as a code block (Scala's "Var[String]("")" in the Scala.js site,
// which Markdown alone reads as a link to ""), and the text between "{%
// comment %}" and "{% endcomment %}", which it drops. Neither is prose.
// A block that no tag closes runs to the end of the document, as Liquid
// reads it. doc is looked at only where it holds "{%".
func liquidBlocks(doc []byte) []span {
	if !bytes.Contains(doc, []byte("{%")) {
		return nil
	}
	var out []span
	for i := 0; i < len(doc); {
		j := bytes.Index(doc[i:], []byte("{%"))
		if j < 0 {
			break
		}
		j += i
		name, end := liquidTag(doc, j)
		if end < 0 {
			i = j + 2
			continue
		}
		var closer string
		switch string(name) {
		case "highlight":
			closer = "endhighlight"
		case "comment":
			closer = "endcomment"
		default:
			i = end
			continue
		}
		stop, next := len(doc), len(doc)
		for k := end; k < len(doc); {
			m := bytes.Index(doc[k:], []byte("{%"))
			if m < 0 {
				break
			}
			m += k
			if n, e := liquidTag(doc, m); e >= 0 && string(n) == closer {
				stop, next = m, e
				break
			}
			k = m + 2
		}
		out = append(out, span{end, stop})
		i = next
	}
	return out
}

// maxLiquidTag bounds the bytes a Liquid tag is looked for in, from its
// "{%" ("{% highlight ruby linenos %}" is 28): a line of "{%" with no "%}"
// is read in linear time.
const maxLiquidTag = 256

// liquidTag reads the Liquid tag that starts at doc[i] ("{%", a "-" perhaps,
// spaces, a name), and returns its name and the offset after its "%}", or
// -1 where no "%}" ends it on its line within maxLiquidTag bytes.
func liquidTag(doc []byte, i int) ([]byte, int) {
	limit := min(len(doc), i+maxLiquidTag)
	k := i + 2
	if k < limit && doc[k] == '-' {
		k++
	}
	for k < limit && (doc[k] == ' ' || doc[k] == '\t') {
		k++
	}
	n := k
	for n < limit && (doc[n] >= 'a' && doc[n] <= 'z') {
		n++
	}
	if n == k {
		return nil, -1
	}
	rest := doc[n:limit]
	if nl := bytes.IndexAny(rest, "\n\r"); nl >= 0 {
		rest = rest[:nl]
	}
	e := bytes.Index(rest, []byte("%}"))
	if e < 0 {
		return nil, -1
	}
	return doc[k:n], n + e + 2
}
