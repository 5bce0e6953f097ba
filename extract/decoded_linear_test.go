package extract

import (
	"math/rand/v2"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/urilint/urilint/internal/cputime"
)

// decodedShapes are documents with many URIs in one decoded stretch (text or
// a value with character references or escapes, so that the stretch maps
// back to the document in many pieces), one per place each walker decodes.
// Each URI is followed by a reference: a piece for every URI.
var decodedShapes = []struct {
	name   string
	format string
	gen    func(k int) string
}{
	{"html text", "html", wrap("<p>", "http://e.example/%zz &amp; ", "")},
	{"html attribute", "html", wrap(`<a title="`, "http://e.example/%zz &amp; ", `">`)},
	{"html uri list", "html", wrap(`<div itemtype="`, "http://e.example/%zz&amp; ", `">`)},
	{"html srcset", "html", wrap(`<img srcset="`, "http://e.example/%zz&amp;x 1x, ", `">`)},
	{"html textarea", "html", wrap("<textarea>", "http://e.example/%zz &amp; ", "</textarea>")},
	{"html crlf", "html", wrap("<p>", "http://e.example/%zz\r\n", "")},
	{"xml text", "xml", wrap("<a>", "http://e.example/%zz &amp; ", "</a>")},
	{"xml attribute", "xml", wrap(`<a title="`, "http://e.example/%zz &amp; ", `"/>`)},
	{"xml schemaLocation", "xml", wrap(`<a xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="`,
		"urn:a:b&#x41; a&amp;.xsd ", `"/>`)},
	{"xml doctype value", "xml", wrap(`<!DOCTYPE a [<!ENTITY e "`, "http://e.example/%zz &amp; ", `">]><a/>`)},
	{"markdown references", "md", wrap("", "http://e.example/%zz &amp; ", "")},
	{"markdown escapes", "md", wrap("", "http://e.example/%zz \\! ", "")},
	{"markdown html block", "md", wrap("<div>\n", "http://e.example/%zz &amp;\n", "")},
}

func wrap(open, unit, close string) func(k int) string {
	return func(k int) string { return open + strings.Repeat(unit, k) + close }
}

func walkFormat(format string, doc []byte, emit func(*Candidate)) {
	switch format {
	case "html":
		HTML(doc, Options{}, emit)
	case "xml":
		XML(doc, Options{}, emit)
	default:
		Markdown(doc, Options{}, emit)
	}
}

// TestDecodedStretchLinear: a decoded stretch with many URIs and references
// takes linear time in every walker. Each URI's pieces used to be found by
// scanning the stretch's from its start (decoded.overlapping): 20,000 URIs
// took 50 times as long as 2,000, and the 2.3 MB paragraph 62 s.
func TestDecodedStretchLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	const k = 3000
	for _, s := range decodedShapes {
		t.Run(s.name, func(t *testing.T) {
			small, large := []byte(s.gen(k)), []byte(s.gen(10*k))
			// Every URI is found, so the test times what it means to.
			n := 0
			walkFormat(s.format, small, func(*Candidate) { n++ })
			if n < k {
				t.Fatalf("%d candidates in %d repeats", n, k)
			}
			cputime.Linear(t, len(small), len(large), func(l bool) {
				walkFormat(s.format, pick(l, small, large), func(*Candidate) {})
			}, 0, 50*time.Millisecond)
		})
	}
}

// TestDecodedStretchPositions: each URI of a decoded stretch is placed where
// it is written, the first and the last alike (the binary search of
// overlapping must find every URI's first piece).
func TestDecodedStretchPositions(t *testing.T) {
	for _, s := range decodedShapes {
		t.Run(s.name, func(t *testing.T) {
			doc := []byte(s.gen(50))
			n := 0
			prev := -1
			walkFormat(s.format, doc, func(c *Candidate) {
				n++
				if c.Start <= prev || c.End > len(doc) || c.Start >= c.End || c.Raw != string(doc[c.Start:c.End]) {
					t.Fatalf("%q at [%d, %d) after %d: raw %q", c.URI, c.Start, c.End, prev, c.Raw)
				}
				prev = c.Start
				// The URI's first byte maps to its start, its last to its end,
				// and every byte in between into its span.
				if a, _ := c.SourceSpan(0, 1); a != c.Start {
					t.Errorf("%q at [%d, %d): first byte at %d", c.URI, c.Start, c.End, a)
				}
				if _, b := c.SourceSpan(len(c.URI)-1, len(c.URI)); b != c.End {
					t.Errorf("%q at [%d, %d): last byte ends at %d", c.URI, c.Start, c.End, b)
				}
				for i := range len(c.URI) {
					if a, b := c.SourceSpan(i, i+1); a < c.Start || b > c.End || a > b {
						t.Fatalf("%q: byte %d maps to [%d, %d), outside [%d, %d)", c.URI, i, a, b, c.Start, c.End)
					}
				}
			})
			if n < 50 {
				t.Errorf("%d candidates, want at least 50", n)
			}
		})
	}
}

// TestOverlappingProperty: overlapping finds by binary search the pieces a
// scan from the start finds, for random stretches and spans.
func TestOverlappingProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(22, 5))
	for range 2000 {
		var d decoded
		uri, src := 0, 0
		for range r.IntN(12) + 1 {
			p := piece{uri: uri, src: src, n: r.IntN(4) + 1, decoded: r.IntN(2) == 0}
			p.srcN = p.n
			if p.decoded {
				p.srcN += r.IntN(5)
			}
			d.pieces = append(d.pieces, p)
			uri, src = uri+p.n, src+p.srcN
		}
		a := r.IntN(uri + 1)
		b := a + r.IntN(uri+1-a)
		var want []piece
		for _, p := range d.pieces {
			if p.uri+p.n > a && p.uri < b {
				want = append(want, p)
			}
		}
		if got := d.overlapping(a, b); !slices.Equal(got, want) {
			t.Fatalf("pieces %+v, [%d, %d): got %+v, want %+v", d.pieces, a, b, got, want)
		}
	}
}

// BenchmarkDecodedStretch walks each shape of decodedShapes with 2,000 URIs.
func BenchmarkDecodedStretch(b *testing.B) {
	for _, s := range decodedShapes {
		b.Run(s.name, func(b *testing.B) {
			doc := []byte(s.gen(2000))
			b.SetBytes(int64(len(doc)))
			for b.Loop() {
				walkFormat(s.format, doc, func(*Candidate) {})
			}
		})
	}
}

// TestCoarseMap: past maxPieces pieces, a map widens its last piece
// (issue 22, item 14: 20 MB of "&amp;" in one href took 735 MB, a piece of
// 40 bytes per reference, twice). A long value keeps its start and the text
// after its last reference exact, maps what is between in proportion, and
// says that no edit may be placed there (Coarse); candidates of a long
// stretch stay in order, inside the document, their raw text its bytes.
func TestCoarseMap(t *testing.T) {
	const n = maxPieces + 100
	prefix := `<a href="http://a.example/?`
	doc := []byte(prefix + strings.Repeat("&amp;", n) + `x y">t</a>`)
	var cands []Candidate
	HTML(doc, Options{}, func(c *Candidate) { cands = append(cands, *c) })
	if len(cands) != 1 {
		t.Fatalf("%d candidates", len(cands))
	}
	c := cands[0]
	wantURI := "http://a.example/?" + strings.Repeat("&", n) + "x y"
	start, end := len(`<a href="`), len(doc)-len(`">t</a>`)
	if c.URI != wantURI || c.Start != start || c.End != end || c.Raw != string(doc[start:end]) {
		t.Fatalf("URI %d bytes at [%d, %d), want %d bytes at [%d, %d)", len(c.URI), c.Start, c.End, len(wantURI), start, end)
	}
	if len(c.pieces) > maxPieces+1 {
		t.Errorf("%d pieces, want at most %d", len(c.pieces), maxPieces+1)
	}
	space := len(c.URI) - 2
	for _, tc := range []struct {
		name       string
		start, end int
		wantStart  int
		wantEnd    int
		coarse     bool
	}{
		{"the scheme", 0, 4, start, start + 4, false},
		{"the first reference", 18, 19, len(prefix), len(prefix) + 5, false},
		{"the space after the last reference", space, space + 1, end - 2, end - 1, false},
		{"the text after the last reference", space - 1, len(c.URI), end - 3, end, false},
	} {
		s, e := c.SourceSpan(tc.start, tc.end)
		if s != tc.wantStart || e != tc.wantEnd || c.Coarse(tc.start, tc.end) != tc.coarse {
			t.Errorf("%s: [%d, %d) maps to [%d, %d), coarse %v; want [%d, %d), %v", tc.name, tc.start, tc.end, s, e,
				c.Coarse(tc.start, tc.end), tc.wantStart, tc.wantEnd, tc.coarse)
		}
	}
	// Between: placed in proportion, inside the value, no edit there.
	mid := 18 + n - 10
	if s, e := c.SourceSpan(mid, mid+1); s < start || e > end || s > e || !c.Coarse(mid, mid+1) {
		t.Errorf("a reference past the map's limit: [%d, %d), coarse %v", s, e, c.Coarse(mid, mid+1))
	}

	for _, sh := range decodedShapes {
		t.Run(sh.name, func(t *testing.T) {
			doc := []byte(sh.gen(maxPieces))
			prev, k := -1, 0
			walkFormat(sh.format, doc, func(c *Candidate) {
				k++
				if c.Start <= prev || c.End > len(doc) || c.Start >= c.End || c.Raw != string(doc[c.Start:c.End]) {
					t.Fatalf("candidate %d %q at [%d, %d) after %d", k, c.URI, c.Start, c.End, prev)
				}
				prev = c.Start
			})
			if k < maxPieces {
				t.Errorf("%d candidates, want %d", k, maxPieces)
			}
		})
	}
}
