package prose

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuote(t *testing.T) {
	long := "/" + strings.Repeat("a", 70) + "/" + strings.Repeat("z", 20)
	for _, c := range []struct{ in, want string }{
		{"", "``"},
		{"Disallow: /x", "`Disallow: /x`"},
		{"a\tb\x00c\x7f", "`a\\x09b\\x00c\\x7f`"},
		{"caf\xe9", "`caf\\xe9`"}, // Latin-1, not UTF-8
		{"café ✓", "`café ✓`"},
		{long, "`/" + strings.Repeat("a", 59) + "…" + strings.Repeat("z", 15) + "`"},
	} {
		if got := Quote([]byte(c.in)); got != c.want {
			t.Errorf("Quote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// A cut never splits a character.
	for n := 75; n < 100; n++ {
		s := strings.Repeat("é", n)
		if got := Quote([]byte(s)); !utf8.ValidString(got) || strings.Contains(got, `\x`) {
			t.Errorf("Quote of %d é = %q, which splits a character", n, got)
		}
	}
}
