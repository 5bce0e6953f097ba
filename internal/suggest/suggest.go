// Package suggest finds the name most likely meant by a mistyped one: the
// "did you mean" of urilint's messages, for URI schemes, URN namespaces,
// rule names, commands, flags and configuration keys alike.
package suggest

import "strings"

// Closest returns the name among names most likely meant by name (compared
// in lower case), or "": one at edit distance 1 (a letter added, dropped,
// changed, or two swapped), or 2 for names of six letters or more. Names
// shorter than three letters get no suggestion: too many names are one
// edit away. Among equally close names, the first in the order given wins,
// so callers list the likelier ones first. A name equal to one of names is
// its own suggestion: callers ask about names they did not find.
func Closest(name string, names []string) string {
	limit := 1
	if len(name) >= 6 {
		limit = 2
	}
	return Within(name, names, limit)
}

// Within is Closest with the edit distance at most limit, whatever the
// length of name: for names written in documents, where a distance of two
// finds words that are no slip ("roster" for "nostr").
func Within(name string, names []string, limit int) string {
	name = strings.ToLower(name)
	if len(name) < 3 {
		return ""
	}
	best, bestD := "", limit+1
	for _, n := range names {
		if d := Distance(name, n, bestD); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

// Distance is the optimal string alignment (Damerau-Levenshtein) distance
// between a and b, counted in bytes, or a number >= limit when it is at
// least limit.
func Distance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	// Three rows of the dynamic programming table, on the stack for names
	// of usual length.
	var rows [3][40]int
	prev2, prev, cur := rows[0][:], rows[1][:], rows[2][:]
	if len(b)+1 > len(cur) {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	prev2, prev, cur = prev2[:len(b)+1], prev[:len(b)+1], cur[:len(b)+1]
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Index finds the Closest of a fixed list of names in the time of the
// names of about the same length: what a document's links to fragments
// that name nothing ask of its ids, where Closest looks at every name.
type Index struct {
	byLen map[int][]int // name lengths -> indexes in names, in order
	names []string
}

// NewIndex indexes names, in the order given.
func NewIndex(names []string) *Index {
	x := &Index{byLen: map[int][]int{}, names: names}
	for i, n := range names {
		x.byLen[len(n)] = append(x.byLen[len(n)], i)
	}
	return x
}

// MaxTries bounds the names Index.Closest compares a name with.
const MaxTries = 4096

// Closest returns Closest(name, names) of the names indexed. Distance
// reaches its limit when the lengths differ by it, so only names whose
// length is within the limit of the name's can be the closest. It
// compares the name with at most MaxTries of those (the shortest first,
// each length in order), so that a list of a million names of one length
// costs no more than a list of MaxTries: past them it may miss a
// suggestion, never make a wrong one.
func (x *Index) Closest(name string) string {
	limit := 1
	if len(name) >= 6 {
		limit = 2
	}
	lower := strings.ToLower(name)
	if len(lower) < 3 {
		return ""
	}
	best, bestD, bestI := "", limit+1, len(x.names)
	tries := MaxTries
	for l := len(lower) - limit; l <= len(lower)+limit; l++ {
		same := x.byLen[l]
		if len(same) > tries {
			same = same[:tries]
		}
		tries -= len(same)
		for _, i := range same {
			d := Distance(lower, x.names[i], limit+1)
			if d < bestD || d == bestD && d <= limit && i < bestI {
				best, bestD, bestI = x.names[i], d, i
			}
		}
	}
	return best
}
