package match

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRulesetIndex checks the radix index against trying every rule in
// order, on rules and paths drawn from a small alphabet so that prefixes
// nest, branch and repeat, with wildcards and anchors among them.
func TestRulesetIndex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	draw := func(alphabet string, n int) string {
		b := make([]byte, rng.IntN(n+1))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		return string(b)
	}
	for round := range 300 {
		literal := round%3 == 0
		group := Group{}
		for i := range rng.IntN(40) {
			pattern := "/" + draw("ab/*$", 6)
			priority := int32(len(pattern))
			if literal {
				priority = int32(100 - i)
			}
			group.Rules = append(group.Rules, Rule{Line: i, Allow: rng.IntN(2) == 0, Pattern: pattern, Priority: priority})
		}
		rs := newRuleset([]int{0}, []Group{group}, literal)
		for range 50 {
			path := "/" + draw("ab/$*", 8)
			var want *Rule
			for _, r := range rs.rules {
				if literal && strings.HasPrefix(path, r.Pattern) || !literal && wildcardMatch(path, r.Pattern) {
					want = r
					break
				}
			}
			if got := rs.first(path); got != want {
				t.Fatalf("rules %+v, path %q: got %+v, want %+v", group.Rules, path, got, want)
			}
		}
	}
}
