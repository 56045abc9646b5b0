package syntax

import "testing"

func TestLowerASCII(t *testing.T) {
	for in, want := range map[string]string{
		"":              "",
		"googlebot":     "googlebot",
		"Googlebot/2.1": "googlebot/2.1",
		"\u212Aelvin":   "\u212Aelvin", // the Kelvin sign is not 'K'
		"ÄBc\xff":       "Äbc\xff",
		"USER-AGENT":    "user-agent",
	} {
		if got := LowerASCII(in); got != want {
			t.Errorf("LowerASCII(%q) = %q, want %q", in, got, want)
		}
	}
}
