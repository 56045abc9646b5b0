package rules

import "testing"

// TestHasByteIn checks the eight-bytes-at-a-time search for capitals and
// for small letters against every byte at every position, beside the
// neighbours of the range's ends and bytes from 0x80, which must not
// carry into the next byte.
func TestHasByteIn(t *testing.T) {
	for _, r := range []struct {
		lo, hi byte
		base   string // holds no byte of the range
	}{
		{'A', 'Z', "/abcdefgh\xff\x80ijklmnop~@[`{"},
		{'a', 'z', "/ABCDEFGH\xff\x80IJKLMNOP~@[`{"},
	} {
		for c := 0; c < 256; c++ {
			for pos := 0; pos < 17; pos++ {
				b := []byte(r.base)
				b = append(b[:pos:pos], append([]byte{byte(c)}, b[pos:]...)...)
				if got, want := hasByteIn(b, r.lo, r.hi), r.lo <= byte(c) && byte(c) <= r.hi; got != want {
					t.Fatalf("hasByteIn(%q, %q, %q) = %v, want %v", b, r.lo, r.hi, got, want)
				}
			}
		}
	}
}

// TestLetterCase checks the quick reading of paths without escapes and the
// reading past the hexadecimal digits of escapes.
func TestLetterCase(t *testing.T) {
	for path, want := range map[string]pathCase{
		"/":                  caseNone,
		"/123/-_.~":          caseNone,
		"/abc":               caseLower,
		"/abcdefghijklmnopQ": caseUpper,
		"/%C3%A9":            caseNone,
		"/%c3%a9x":           caseLower,
		"/%C3%A9/Caf":        caseUpper,
		"/\xc3\xa9":          caseNone,
	} {
		if got := letterCase([]byte(path)); got != want {
			t.Errorf("letterCase(%q) = %v, want %v", path, got, want)
		}
	}
}
