package rules

import "testing"

// TestHasCapital checks the eight-bytes-at-a-time search against every
// byte at every position, beside the neighbours of 'A' and 'Z' and bytes
// from 0x80, which must not carry into the next byte.
func TestHasCapital(t *testing.T) {
	for c := 0; c < 256; c++ {
		for pos := 0; pos < 17; pos++ {
			b := []byte("/abcdefgh\xff\x80ijklmnop~@[`{")
			b = append(b[:pos:pos], append([]byte{byte(c)}, b[pos:]...)...)
			if got, want := hasCapital(b), 'A' <= c && c <= 'Z'; got != want {
				t.Fatalf("hasCapital(%q) = %v, want %v", b, got, want)
			}
		}
	}
}
