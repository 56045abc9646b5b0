package rules

import (
	"testing"

	"github.com/robotslint/robotslint/lint/match"
)

// smallStrings returns every string of up to n bytes over alphabet, each
// after prefix.
func smallStrings(prefix, alphabet string, n int) []string {
	out := []string{prefix}
	level := []string{prefix}
	for range n {
		var next []string
		for _, s := range level {
			for i := range len(alphabet) {
				next = append(next, s+alphabet[i:i+1])
			}
		}
		out = append(out, next...)
		level = next
	}
	return out
}

// TestPatternCovers checks patternCovers against the matcher over every
// small pattern pair: whenever it says q covers r, no path that r matches
// may escape q, for any longest-match profile. Over these patterns it is
// also complete, but for a pattern that starts with '*'.
func TestPatternCovers(t *testing.T) {
	var patterns []string
	for _, s := range smallStrings("", "/a*", 4) {
		if s == "" || s[0] != '/' && s[0] != '*' {
			continue
		}
		patterns = append(patterns, s, s+"$")
	}
	paths := smallStrings("/", "ab/", 6)
	profiles := []*match.Profile{match.Google, match.RFC9309, match.Yandex}
	matched := func(p *match.Profile, pattern string) []bool {
		pt := p.Pattern(false, pattern)
		out := make([]bool, len(paths))
		for i, path := range paths {
			out[i] = pt.Matches(path)
		}
		return out
	}
	for _, p := range profiles {
		sets := make([][]bool, len(patterns))
		for i, pat := range patterns {
			sets[i] = matched(p, pat)
		}
		claimed, missed := 0, 0
		for i, q := range patterns {
			for j, r := range patterns {
				covers := true
				for k := range paths {
					if sets[j][k] && !sets[i][k] {
						covers = false
						break
					}
				}
				switch got := patternCovers([]byte(q), []byte(r)); {
				case got && !covers:
					t.Fatalf("%s: patternCovers(%q, %q) = true, but a path %q matches and %q does not", p.Name, q, r, r, q)
				case got:
					claimed++
				case covers && r[0] == '/':
					// A pattern that starts with '*' also matches the
					// path's leading '/', which patternCovers does not
					// know is always there: those misses are expected.
					missed++
				}
			}
		}
		if claimed == 0 || missed > 0 {
			t.Errorf("%s: %d pairs found covered, %d missed", p.Name, claimed, missed)
		}
	}
}
