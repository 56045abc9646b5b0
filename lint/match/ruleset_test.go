package match

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/robotslint/robotslint/lint/linttest"
	"github.com/robotslint/robotslint/syntax"
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

// TestRulesetIndex500K checks the index, fanouts included, against trying
// every rule in order on the 500 KiB benchmark file, under each profile,
// for Googlebot, Bingbot and a crawler the file does not name, on 4,000 of
// the benchmark's URLs and
// 3,000 generated sitemap URLs: the index may only make queries faster.
func TestRulesetIndex500K(t *testing.T) {
	if testing.Short() {
		t.Skip("tries every rule for 7,000 URLs")
	}
	src := linttest.SharedFile(t, "bench/robots-500k.txt")
	f := syntax.Parse(src)
	urls := readLines(t, "bench/urls-10k.txt")[:4000]
	for u := range linttest.NewSitemapGenerator(src).URLs(0, 3000) {
		urls = append(urls, u.Loc)
	}
	for _, p := range Profiles() {
		r := Compile(f, p)
		for _, agent := range []string{"Googlebot", "Bingbot", "ExampleBot"} {
			rs := r.ruleset(agent)
			for _, u := range urls {
				path := p.path(u)
				var want *Rule
				for _, rule := range rs.rules {
					if rs.literal && strings.HasPrefix(path, rule.Pattern) || !rs.literal && wildcardMatch(path, rule.Pattern) {
						want = rule
						break
					}
				}
				if got := rs.first(path); got != want {
					t.Fatalf("%s, %s, %q: got %+v, want %+v", p.Name, agent, path, got, want)
				}
			}
		}
	}
}
