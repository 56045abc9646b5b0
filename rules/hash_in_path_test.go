package rules

import "testing"

// TestGluedHash checks which '#' hash-in-path looks at: one glued to the
// text before it, not one starting a line or a note after a space.
func TestGluedHash(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"# comment\nDisallow: /a#b\n", 22},
		{"Disallow: /a # note\n", -1},
		{"Disallow: /a\t#note\n#x\n", -1},
		{"Disallow: /a #x#y\n", 15},
	} {
		if got := gluedHash([]byte(c.text)); got != c.want {
			t.Errorf("gluedHash(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
