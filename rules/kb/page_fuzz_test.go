package kb

import (
	"testing"
	"unicode/utf8"
)

// FuzzPageLookups feeds the page lookups what pages contain, any bytes:
// none may panic, and a suggestion must be a known name that differs from
// the input.
func FuzzPageLookups(f *testing.F) {
	for _, s := range []string{"noidex", "no-index", "robot", "max-snippet", "2026-12-31", "Wed, 03 Dec 2025 13:09:53 GMT", "-1", "", "\xff", "ñoindex", "idnex"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, name := range SuggestPageValue(s) {
			if LookupPageValue(name) == nil || name == s {
				t.Errorf("SuggestPageValue(%q) suggested %q", s, name)
			}
		}
		for _, name := range SuggestPageName(s) {
			if LookupPageName(name) == nil || name == s {
				t.Errorf("SuggestPageName(%q) suggested %q", s, name)
			}
		}
		ParseDate(s)
		if n, ok := ParseNumber(s); ok && n < -1 {
			t.Errorf("ParseNumber(%q) = %d", s, n)
		}
		for _, v := range PageValues() {
			v.ValidArg(s)
		}
		if utf8.ValidString(s) {
			for _, p := range PageProfiles() {
				Combine(p, []Setting{{Name: s, Arg: s}, {Name: "max-snippet", Arg: s}, {Name: "unavailable_after", Arg: s}})
			}
		}
	})
}
