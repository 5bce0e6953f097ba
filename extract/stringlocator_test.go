package extract

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestStringLocator compares StringLocator with PosInString on random
// strings (line ends, multi-byte characters, and bytes of broken ones) at
// random offsets, forward and back, inside characters too.
func TestStringLocator(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pieces := []string{"a", "\n", "\r\n", "é", "€", "😀", "\xef\xbb\xbf", "\xff", "\x80", "\xe2\x82", "\xf0\x9f"}
	for range 2000 {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		s := b.String()
		l := NewStringLocator(s)
		for range 30 {
			off := rng.IntN(len(s) + 1)
			if got, want := l.Pos(off), PosInString(s, off); got != want {
				t.Fatalf("%q at %d: %+v, want %+v", s, off, got, want)
			}
		}
	}
}
