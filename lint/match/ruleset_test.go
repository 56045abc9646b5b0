package match

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestRulesetIndex checks the radix index against trying every rule in
// order, on rules and paths drawn from a small alphabet so that prefixes
// nest, branch and repeat, with wildcards and anchors among them. One
// round in three puts a hundred or more rules at "/*", as large files do,
// from a wider alphabet, so that their node fans out (fanout) and its
// buckets by a byte held and by the last byte are both tried.
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
		many := round%3 == 1
		n := rng.IntN(40)
		if many {
			n = fanMin*3 + rng.IntN(fanMin*3)
		}
		for i := range n {
			pattern := "/" + draw("ab/*$", 6)
			if many && i%4 != 0 {
				pattern = "/*" + draw("abq?=./*$", 5)
			}
			priority := int32(len(pattern))
			if literal {
				priority = int32(100 - i)
			}
			group.Rules = append(group.Rules, Rule{Line: i, Allow: rng.IntN(2) == 0, Pattern: pattern, Priority: priority})
		}
		rs := newRuleset([]int{0}, []Group{group}, literal)
		if many && len(rs.fans) == 0 {
			t.Fatalf("round %d: %d rules at /*, and no node fans out", round, n)
		}
		for range 50 {
			path := "/" + draw("ab/$*", 8)
			if many {
				path = "/" + draw("abq?=./$*", 10)
			}
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
