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
// apart: its wildcards filled in, cut short by a byte, and extended. When
// that makes more than maxSafetyQueries queries, the URLs of the group's
// other rules are sampled evenly.
func CheckFixSafety(before, after []byte, targets []*match.Profile) string {
	fb, fa := syntax.Parse(before), syntax.Parse(after)
	profiles := append([]*match.Profile{match.Google}, targets...)
	var rb, ra []*match.Robots
	for _, p := range profiles {
		rb = append(rb, match.Compile(fb, p))
		ra = append(ra, match.Compile(fa, p))
	}
	lo, hiB, hiA := changedLines(fb, fa)
	// The URLs of the changed lines come first, then those of the rules
	// around them, which a large group makes many.
	urls := []string{"/", "/robots.txt", "/x"}
	for i := lo; i < hiB; i++ {
		urls = appendLineURLs(urls, fb, i)
	}
	for i := lo; i < hiA; i++ {
		urls = appendLineURLs(urls, fa, i)
	}
	urls = dedupe(urls)
	var around []string
	around = appendGroupURLs(around, fb, rb, lo, hiB)
	around = appendGroupURLs(around, fa, ra, lo, hiA)
	// Crawlers named near the change, or by a group it touches, can change
	// their verdicts; a crawler named only far away reads the same groups
	// before and after, so a sample of those suffices.
	near, far := agentProbes(fb, rb, lo, hiB)
	nearA, farA := agentProbes(fa, ra, lo, hiA)
	agents := dedupe(append(append(near, nearA...), "UnknownRobotslintBot", "*"))
	far = dedupe(append(far, farA...))
	for i := 0; i < len(far); i += max(len(far)/16, 1) {
		agents = append(agents, far[i])
	}
	agents = dedupe(agents)
	// Keep the check within maxSafetyQueries by sampling the URLs around
	// the change evenly; those of the changed lines are always asked.
	around = dedupe(around)
	if room := maxSafetyQueries/len(agents) - len(urls); room < len(around) {
		step := len(around) / max(room, 1)
		var sample []string
		for i := 0; i < len(around) && len(sample) < room; i += max(step, 1) {
			sample = append(sample, around[i])
		}
		around = sample
	}
	urls = append(urls, around...)

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

// maxSafetyQueries bounds the queries of one CheckFixSafety for each
// profile: a fix in a group of thousands of rules would otherwise ask
// millions.
const maxSafetyQueries = 10000

func dedupe(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// appendGroupURLs adds the probe URLs of every rule of a group, as any of
// the compiled profiles reads f, that holds one of the lines [lo, hi) or
// follows them directly.
func appendGroupURLs(urls []string, f *syntax.File, compiled []*match.Robots, lo, hi int) []string {
	in := func(line int) bool { return line >= lo-1 && line <= hi }
	for _, line := range groupRuleLines(compiled, in) {
		urls = appendLineURLs(urls, f, line)
	}
	return urls
}

// groupRuleLines returns the rule lines, in file order and each once, of
// every group, as any of the compiled profiles reads the file, that has a
// user-agent line or a rule on a line for which touched is true. Profiles
// group lines differently, so each adds the groups it reads.
func groupRuleLines(compiled []*match.Robots, touched func(line int) bool) []int {
	if len(compiled) == 0 {
		return nil
	}
	// Marks rather than a sort: a large file has a hundred thousand rules
	// across its profiles.
	marked := make([]bool, len(compiled[0].File.Lines))
	for _, r := range compiled {
		for _, g := range r.Groups {
			if !slices.ContainsFunc(g.UserAgents, touched) && !slices.ContainsFunc(g.Rules, func(rule match.Rule) bool { return touched(rule.Line) }) {
				continue
			}
			for _, rule := range g.Rules {
				marked[rule.Line] = true
			}
		}
	}
	var lines []int
	for i, m := range marked {
		if m {
			lines = append(lines, i)
		}
	}
	return lines
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

// agentProbes returns the crawler names a file suggests, each user-agent
// value as written and as its leading token, lower-cased: near are those of
// the lines [lo, hi) and of the groups, as any of the compiled profiles
// reads f, that hold one of them; far are the others.
func agentProbes(f *syntax.File, compiled []*match.Robots, lo, hi int) (near, far []string) {
	touched := make(map[int]bool)
	in := func(line int) bool { return line >= lo-1 && line <= hi }
	for _, r := range compiled {
		for _, g := range r.Groups {
			if slices.ContainsFunc(g.UserAgents, in) || slices.ContainsFunc(g.Rules, func(rule match.Rule) bool { return in(rule.Line) }) {
				for _, ua := range g.UserAgents {
					touched[ua] = true
				}
			}
		}
	}
	for i := range f.Lines {
		names := agentNames(f, i)
		for k := range names {
			names[k] = syntax.LowerASCII(names[k])
		}
		if touched[i] || in(i) {
			near = append(near, names...)
		} else {
			far = append(far, names...)
		}
	}
	return near, far
}

// agentNames returns the crawler names line i suggests when it is a
// user-agent line, as written: its value, and the leading token Google
// reads of it ("Googlebot" of "Googlebot/2.1"). It returns nil for another
// line. Any spelling of a key that names user agents counts, since some
// profile may read it as one.
func agentNames(f *syntax.File, i int) []string {
	l := &f.Lines[i]
	if l.Kind != syntax.LineDirective {
		return nil
	}
	key := syntax.LowerASCII(string(f.Text(l.Key())))
	if !strings.HasPrefix(key, "user") && !strings.Contains(key, "agent") {
		return nil
	}
	value := f.Text(l.Value())
	return []string{string(value), string(match.GoogleToken(value))}
}

// patternURLs returns URLs around a pattern: the pattern with each '*'
// empty and as "x/y", without a final '$', one byte short, and extended,
// and the literal prefix before its first '*' with one byte less.
func patternURLs(pattern string) []string {
	body := strings.TrimSuffix(pattern, "$")
	var out []string
	if star := strings.IndexByte(body, '*'); star > 0 {
		prefix := body[:star]
		if !strings.HasPrefix(prefix, "/") {
			prefix = "/" + prefix
		}
		out = append(out, prefix)
		if len(prefix) > 1 {
			out = append(out, prefix[:len(prefix)-1])
		}
	}
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

// A proof compares the verdicts of every targeted profile before and
// after a fix, for each crawler the file names and each URL around the
// rules of the groups the fix touches: its cost is roughly the product of
// those counts. These bound what one fix and one rule run may spend, so
// that a fix in a large file is offered as unsafe rather than making every
// run slow.
const (
	maxProofQueries = 40_000
	proofBudget     = 120_000
)

// prover is what ProveSafe keeps between the fixes of one rule run.
type prover struct {
	budget int
	agents int // user-agent lines in the file, or -1 until counted
}

// ProveSafe reports whether edits, all inside line i, are a safe fix (see
// Fix.Safe), within a budget for the rule run. Google must read the line
// as before when it reads a rule or user-agent line there before or
// after, and then the other targeted profiles' verdicts may only move
// towards Google's, which is checked by comparing them (CheckFixSafety).
// A line that no profile reads as a rule or user-agent line, before or
// after, changes no verdict. A proof that would cost more than the budget
// left says false: the fix is then offered as unsafe.
func (p *Pass) ProveSafe(i int, edits []Edit) bool {
	f := p.File
	src := f.Bytes()
	text := f.Lines[i].Text()
	var after []byte
	at := text.Start
	for _, e := range edits {
		if e.Span.Start < at || e.Span.End > text.End {
			return false
		}
		after = append(after, src[at:e.Span.Start]...)
		after = append(after, e.NewText...)
		at = e.Span.End
	}
	after = append(after, src[at:text.End]...)
	before := src[text.Start:text.End]
	gb, ga := googleVerdictLine(before), googleVerdictLine(after)
	ob, oa := standardVerdictLine(before), standardVerdictLine(after)
	if !gb.affects() && !ga.affects() && !ob.affects() && !oa.affects() {
		return true
	}
	if gb.d != ga.d || gb.value != ga.value {
		return false
	}
	var others []*match.Profile
	for _, t := range p.Targets {
		if t != match.Google {
			others = append(others, t)
		}
	}
	if len(others) == 0 {
		return true
	}
	if p.prover == nil {
		p.prover = &prover{budget: proofBudget, agents: -1}
	}
	cost := p.prover.cost(p, i)
	if cost > maxProofQueries || cost > p.prover.budget {
		return false
	}
	p.prover.budget -= cost
	fixed, applied := ApplyFixes(src, []Diagnostic{{Fixes: []Fix{{Safe: true, Edits: edits}}}}, false)
	// CheckFixSafety compares Google's verdicts itself.
	return len(applied) == 1 && CheckFixSafety(src, fixed, others) == ""
}

// cost estimates the verdicts a proof of a fix on line i compares.
func (x *prover) cost(p *Pass, i int) int {
	f := p.File
	if x.agents < 0 {
		x.agents = 0
		for k := range f.Lines {
			if f.Lines[k].Directive == syntax.DirectiveUserAgent {
				x.agents++
			}
		}
	}
	// Profiles group lines differently, so count the rules of the
	// neighbouring groups too.
	rules := 0
	g := max(f.GroupAt(i), 0)
	for k := g - 1; k <= g+1; k++ {
		if k >= 0 && k < len(f.Groups) {
			rules += len(f.Groups[k].Rules)
		}
	}
	return (2*x.agents + 2) * (10*rules + 3) * len(p.Targets) * 2
}

// verdictLine is the directive and value a profile reads on a line, as far
// as verdicts go.
type verdictLine struct {
	d     syntax.Directive
	value string
}

// affects reports whether the line can change which URLs a crawler may
// fetch: rules, and the user-agent lines that group them.
func (l verdictLine) affects() bool {
	return l.d == syntax.DirectiveUserAgent || l.d == syntax.DirectiveAllow || l.d == syntax.DirectiveDisallow
}

// googleVerdictLine reads a line's text as Google does; a key Google does
// not act on reads as nothing.
func googleVerdictLine(text []byte) verdictLine {
	d, _, value, _ := match.GoogleText(text)
	if d == syntax.DirectiveOther {
		return verdictLine{}
	}
	return verdictLine{d, string(value)}
}

// standardVerdictLine reads a line's text as the standards do.
func standardVerdictLine(text []byte) verdictLine {
	d, value, _ := match.StandardText(text)
	return verdictLine{d, string(value)}
}
