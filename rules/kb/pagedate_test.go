package kb

import (
	"testing"
	"time"
)

func TestParseDate(t *testing.T) {
	for s, want := range map[string]string{
		// ISO 8601, as in Google's example.
		"2020-09-21":                "2020-09-21T00:00:00Z",
		"2026-12-31T15:00:00Z":      "2026-12-31T15:00:00Z",
		"2026-12-31T15:00:00+01:00": "2026-12-31T14:00:00Z",
		"2026-12-31T15:00":          "2026-12-31T15:00:00Z",
		// RFC 822 and RFC 1123, as MDN's example writes it.
		"Wed, 03 Dec 2025 13:09:53 GMT":  "2025-12-03T13:09:53Z",
		"Wed, 3 Dec 2025 13:09:53 GMT":   "2025-12-03T13:09:53Z",
		"03 Dec 25 13:09 GMT":            "2025-12-03T13:09:00Z",
		"Wed,  03 Dec 2025 13:09:53 GMT": "2025-12-03T13:09:53Z",
		"3 Dec 2025 13:09:53 +0100":      "2025-12-03T12:09:53Z",
		// RFC 850, and the form of Google's old example.
		"Wednesday, 03-Dec-25 13:09:53 GMT": "2025-12-03T13:09:53Z",
		"25-Jun-2010 15:00:00 PST":          "2010-06-25T15:00:00Z",
	} {
		got, ok := ParseDate(s)
		if !ok || got.UTC().Format(time.RFC3339) != want {
			t.Errorf("ParseDate(%q) = %v, %v; want %s", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "tomorrow", "2025-13-01", "31/12/2026", "12/31/2026", "2026", "Dec 2026", "2026-12-31 junk"} {
		if got, ok := ParseDate(s); ok {
			t.Errorf("ParseDate(%q) = %v, true; want no date", s, got)
		}
	}
}

func TestParseNumber(t *testing.T) {
	for s, want := range map[string]int{"0": 0, "-1": -1, "50": 50, "007": 7, "123456789": 123456789} {
		if got, ok := ParseNumber(s); !ok || got != want {
			t.Errorf("ParseNumber(%q) = %d, %v; want %d", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "-", "-2", "-0", "+5", "1.5", "1e3", " 5", "5 ", "0x10", "1234567890"} {
		if got, ok := ParseNumber(s); ok {
			t.Errorf("ParseNumber(%q) = %d, true; want no number", s, got)
		}
	}
}
