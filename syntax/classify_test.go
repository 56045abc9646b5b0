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
			for j := range got[c] {
				got[c][j] = 0xFF
			}
		}
		classify(&got, window[:n])
		classifyGeneric(&want, window[:n])
		if got != want {
			for c := range got {
				for j := range got[c] {
					if got[c][j] != want[c][j] {
						t.Fatalf("n=%d class %d byte %d: %08b, want %08b", n, c, j, got[c][j], want[c][j])
					}
				}
			}
		}
	}
}
