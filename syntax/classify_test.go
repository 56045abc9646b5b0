package syntax

import (
	"math/rand"
	"testing"
)

// TestClassify checks classify against classifyGeneric on windows of every
// length up to a full one, filled with bytes of every class.
func TestClassify(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte("\n\r:# \t\x00\x01\x0b\x0c\x1f\x7f\x80\xc3\xff!$/*aZ~")
	window := make([]byte, 64*windowWords)
	for n := 0; n <= len(window); n++ {
		for i := range window[:n] {
			window[i] = alphabet[rng.Intn(len(alphabet))]
		}
		var got, want bitmaps
		// Stale bits from an earlier window must not survive.
		for c := range got {
			for w := range got[c] {
				got[c][w] = ^uint64(0)
			}
		}
		classify(&got, window[:n])
		classifyGeneric(&want, window[:n])
		if got != want {
			for c := range got {
				for w := range got[c] {
					if got[c][w] != want[c][w] {
						t.Fatalf("n=%d class %d word %d: %064b, want %064b", n, c, w, got[c][w], want[c][w])
					}
				}
			}
		}
	}
}
