package lint

import (
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// CheckFixSafety tells whether changing a file from before to after is
// safe in the sense of Fix.Safe: every verdict of the google profile stays,
// and a verdict of another targeted profile changes only to agree with
// Google's. It asks every crawler either file names, "*" and one neither
// names, about URLs derived from both files' patterns (each pattern with
// its wildcards filled in, cut short, and extended), and returns the first
// difference found, or "" when there is none.
func CheckFixSafety(before, after []byte, targets []*match.Profile) string {
	fb, fa := syntax.Parse(before), syntax.Parse(after)
	agents, urls := probes(fb), probes(fa)
	agents.add(agentProbe{"UnknownRobotslintBot"}, agentProbe{"*"})
	queries := probeQueries(append(agents.agents, urls.agents...), append(agents.urls, urls.urls...))
	profiles := append([]*match.Profile{match.Google}, targets...)
	var compiledBefore, compiledAfter []*match.Robots
	for _, p := range profiles {
		compiledBefore = append(compiledBefore, match.Compile(fb, p))
		compiledAfter = append(compiledAfter, match.Compile(fa, p))
	}
	for _, q := range queries {
		googleBefore := compiledBefore[0].Check(q.agent, q.url)
		googleAfter := compiledAfter[0].Check(q.agent, q.url)
		if googleBefore.Allowed != googleAfter.Allowed {
			return fmt.Sprintf("google's verdict for %s on %q changes from %s to %s", q.agent, q.url, word(googleBefore.Allowed), word(googleAfter.Allowed))
		}
		for k, p := range profiles[1:] {
			b := compiledBefore[k+1].Check(q.agent, q.url)
			a := compiledAfter[k+1].Check(q.agent, q.url)
			if b.Allowed != a.Allowed && a.Allowed != googleAfter.Allowed {
				return fmt.Sprintf("%s's verdict for %s on %q changes from %s to %s, away from google's", p.Name, q.agent, q.url, word(b.Allowed), word(a.Allowed))
			}
		}
	}
	return ""
}

func word(allowed bool) string {
	if allowed {
		return "allowed"
	}
	return "disallowed"
}

type agentProbe struct{ name string }

type probeSet struct {
	agents []string
	urls   []string
}

func (s *probeSet) add(agents ...agentProbe) {
	for _, a := range agents {
		if !slices.Contains(s.agents, a.name) {
			s.agents = append(s.agents, a.name)
		}
	}
}

// probes returns the crawler names and URLs a file suggests: each
// user-agent value as written and as its leading token, and around each
// rule's pattern the URLs that tell matching readings apart.
func probes(f *syntax.File) probeSet {
	var s probeSet
	s.urls = []string{"/", "/robots.txt", "/x"}
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective {
			continue
		}
		value := string(f.Text(l.Value()))
		key := strings.ToLower(string(f.Text(l.Key())))
		switch {
		case strings.HasPrefix(key, "user") || strings.Contains(key, "agent"):
			token := value
			if n := strings.IndexFunc(value, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '-' || r == '_') }); n >= 0 {
				token = value[:n]
			}
			s.add(agentProbe{value}, agentProbe{token})
		default:
			// Any other line may be a rule to some profile (Google reads
			// "Disalow"); a Sitemap URL makes a few useless probes.
			for _, field := range strings.Fields(value) {
				s.urls = append(s.urls, patternURLs(field)...)
			}
		}
	}
	return s
}

// patternURLs returns URLs around a pattern: the pattern with each '*'
// empty and as "x/y", without a final '$', one byte short, and extended.
func patternURLs(pattern string) []string {
	body := strings.TrimSuffix(pattern, "$")
	var out []string
	for _, fill := range []string{"", "x/y"} {
		u := strings.ReplaceAll(body, "*", fill)
		if !strings.HasPrefix(u, "/") {
			u = "/" + u
		}
		out = append(out, u, u+"x", u+"/", u+"?q=1")
		if len(u) > 1 {
			out = append(out, u[:len(u)-1])
		}
	}
	return out
}

type probeQuery struct{ agent, url string }

func probeQueries(agents, urls []string) []probeQuery {
	slices.Sort(urls)
	urls = slices.Compact(urls)
	var qs []probeQuery
	for _, a := range agents {
		for _, u := range urls {
			qs = append(qs, probeQuery{a, u})
		}
	}
	return qs
}
