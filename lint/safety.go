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
// Google's. It returns the first difference found, or "" when there is
// none.
//
// It asks every crawler either file names, "*" and one neither names,
// about URLs derived from the patterns a change can affect: those of the
// lines that differ, and of every rule in a group (as any profile reads
// the file) that holds a differing line, since a change can move rules
// between groups. Each pattern gives the URLs that tell matching readings
// apart: its wildcards filled in, cut short by a byte, and extended.
func CheckFixSafety(before, after []byte, targets []*match.Profile) string {
	fb, fa := syntax.Parse(before), syntax.Parse(after)
	profiles := append([]*match.Profile{match.Google}, targets...)
	var rb, ra []*match.Robots
	for _, p := range profiles {
		rb = append(rb, match.Compile(fb, p))
		ra = append(ra, match.Compile(fa, p))
	}
	lo, hiB, hiA := changedLines(fb, fa)
	var urls []string
	urls = append(urls, "/", "/robots.txt", "/x")
	urls = appendPatternURLs(urls, fb, rb, lo, hiB)
	urls = appendPatternURLs(urls, fa, ra, lo, hiA)
	slices.Sort(urls)
	urls = slices.Compact(urls)
	agents := append(agentProbes(fb), agentProbes(fa)...)
	agents = append(agents, "UnknownRobotslintBot", "*")
	slices.Sort(agents)
	agents = slices.Compact(agents)

	for _, agent := range agents {
		for _, url := range urls {
			gb, ga := rb[0].Check(agent, url), ra[0].Check(agent, url)
			if gb.Allowed != ga.Allowed {
				return fmt.Sprintf("google's verdict for %s on %q changes from %s to %s", agent, url, word(gb.Allowed), word(ga.Allowed))
			}
			for k, p := range profiles[1:] {
				b, a := rb[k+1].Check(agent, url), ra[k+1].Check(agent, url)
				if b.Allowed != a.Allowed && a.Allowed != ga.Allowed {
					return fmt.Sprintf("%s's verdict for %s on %q changes from %s to %s, away from google's", p.Name, agent, url, word(b.Allowed), word(a.Allowed))
				}
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

// changedLines returns the lines that differ between two files: lines
// [lo, hiB) of before became lines [lo, hiA) of after.
func changedLines(fb, fa *syntax.File) (lo, hiB, hiA int) {
	b, a := fb.Lines, fa.Lines
	same := func(i, j int) bool {
		return string(fb.Text(b[i].Span)) == string(fa.Text(a[j].Span))
	}
	for lo < len(b) && lo < len(a) && same(lo, lo) {
		lo++
	}
	hiB, hiA = len(b), len(a)
	for hiB > lo && hiA > lo && same(hiB-1, hiA-1) {
		hiB, hiA = hiB-1, hiA-1
	}
	// A changed byte order mark changes the first line.
	if string(fb.Text(fb.BOM)) != string(fa.Text(fa.BOM)) {
		lo = 0
	}
	return lo, hiB, hiA
}

// appendPatternURLs adds the probe URLs of the lines [lo, hi) of f and of
// every rule of a group, as any of the compiled profiles reads f, that
// holds one of those lines or follows them directly.
func appendPatternURLs(urls []string, f *syntax.File, compiled []*match.Robots, lo, hi int) []string {
	in := func(line int) bool { return line >= lo-1 && line <= hi }
	for i := max(lo, 0); i < hi && i < len(f.Lines); i++ {
		urls = appendLineURLs(urls, f, i)
	}
	for _, r := range compiled {
		for _, g := range r.Groups {
			touched := slices.ContainsFunc(g.UserAgents, in) || slices.ContainsFunc(g.Rules, func(rule match.Rule) bool { return in(rule.Line) })
			if !touched {
				continue
			}
			for _, rule := range g.Rules {
				urls = appendLineURLs(urls, f, rule.Line)
			}
		}
	}
	return urls
}

// appendLineURLs adds the probe URLs of every word of line i's value, and
// of the text after its key's first word when the line has no colon.
func appendLineURLs(urls []string, f *syntax.File, i int) []string {
	text := string(f.Text(f.Lines[i].Text()))
	if hash := strings.IndexByte(text, '#'); hash >= 0 {
		text = text[:hash]
	}
	if _, v, ok := strings.Cut(text, ":"); ok {
		text = v
	}
	for _, word := range strings.Fields(text) {
		urls = append(urls, patternURLs(word)...)
	}
	return urls
}

// agentProbes returns the crawler names a file suggests: each user-agent
// value as written and as its leading token, lower-cased.
func agentProbes(f *syntax.File) []string {
	var agents []string
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind != syntax.LineDirective {
			continue
		}
		key := syntax.LowerASCII(string(f.Text(l.Key())))
		if !strings.HasPrefix(key, "user") && !strings.Contains(key, "agent") {
			continue
		}
		value := string(f.Text(l.Value()))
		agents = append(agents, syntax.LowerASCII(value), match.GoogleAgent([]byte(value)))
	}
	return agents
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
