package format

import (
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// probeAgent is a crawler no file names: it reads the * groups.
const probeAgent = "robotslint-probe"

// verdictDiff compares what every profile allows in before and in after,
// for every crawler either file names and probeAgent, on URLs derived from
// the patterns of both files, at most maxURLs of them (sampled evenly). It
// returns the first difference, or "", and the number of queries asked of
// each file.
func verdictDiff(before, after []byte, maxURLs int) (string, int) {
	fb, fa := syntax.Parse(before), syntax.Parse(after)
	var rb, ra []*match.Robots
	for _, p := range match.Profiles() {
		rb = append(rb, match.Compile(fb, p))
		ra = append(ra, match.Compile(fa, p))
	}
	compiled := append(slices.Clone(rb), ra...)
	agents := probeAgents(compiled)
	urls := probeURLs(compiled, maxURLs)
	queries := 0
	for k, p := range match.Profiles() {
		for _, agent := range agents {
			for _, url := range urls {
				b, a := rb[k].Check(agent, url), ra[k].Check(agent, url)
				queries++
				if b.Allowed != a.Allowed {
					return fmt.Sprintf("%s: %s on %q: allowed %v before, %v after", p.Name, agent, url, b.Allowed, a.Allowed), queries
				}
			}
		}
	}
	return "", queries
}

// probeAgents returns the crawler names the compiled files name, as each
// profile reads them (Google's token, the others' whole value), and
// probeAgent. Every profile compares names ignoring case, so these cover
// the values as written. "*" is left out: it names no crawler, and
// probeAgent reads the * groups as any crawler the file does not name.
func probeAgents(compiled []*match.Robots) []string {
	agents := []string{probeAgent}
	for _, r := range compiled {
		for _, g := range r.Groups {
			for _, a := range g.Agents {
				if a != "*" {
					agents = append(agents, a)
				}
			}
		}
	}
	slices.Sort(agents)
	return slices.Compact(agents)
}

// probeURLs returns URLs around the patterns the compiled files hold,
// about max of them: each pattern with its wildcards filled in a few ways
// and '$' dropped, extended by a byte, and cut at each '/' and by a byte;
// and "/". When the patterns would give more, they are sampled evenly
// first, which keeps a file of tens of thousands of rules quick.
func probeURLs(compiled []*match.Robots, max int) []string {
	var patterns []string
	for _, r := range compiled {
		for _, g := range r.Groups {
			for _, rule := range g.Rules {
				patterns = append(patterns, rule.Pattern)
			}
		}
	}
	slices.Sort(patterns)
	patterns = sample(slices.Compact(patterns), max/4)
	urls := []string{"/"}
	for _, pattern := range patterns {
		body := strings.ReplaceAll(pattern, "$", "")
		for _, fill := range []string{"", "x", "a/b.html"} {
			u := strings.ReplaceAll(body, "*", fill)
			if !strings.HasPrefix(u, "/") {
				u = "/" + u
			}
			urls = append(urls, u, u+"x")
			if fill != "" {
				continue
			}
			urls = append(urls, u[:len(u)-1])
			for i := 1; i < len(u); i++ {
				if u[i] == '/' {
					urls = append(urls, u[:i], u[:i+1])
				}
			}
		}
	}
	slices.Sort(urls)
	return sample(slices.Compact(urls), max)
}

// sample returns at most n elements of s, evenly spread.
func sample(s []string, n int) []string {
	if len(s) <= n {
		return s
	}
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, s[i*len(s)/n])
	}
	return out
}
