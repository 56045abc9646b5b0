package match

import (
	"encoding/binary"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/robotslint/robotslint/syntax"
)

// Robots is a file compiled for one profile: its groups as the profile
// reads them, with their rules ready for matching. It is safe for
// concurrent use.
type Robots struct {
	// File is the file as given; line indices in Groups and verdicts
	// refer to its lines.
	File    *syntax.File
	Profile *Profile
	// Groups are the groups as the profile reads them, in file order.
	Groups []Group
	// Layout is the reading Groups were built from: the same groups, as
	// line indices.
	Layout *Layout

	// Rulesets are built on first use, one per distinct selection of
	// groups (selection key -> *ruleset), and found again by the agent as
	// given (agent -> *agentRuleset) so that a query does not select again.
	// Crawlers that select the same groups, such as every crawler the
	// file does not name, share one.
	bySelection sync.Map
	byAgent     sync.Map
	// last is the agent of the latest query and its ruleset: a caller
	// that asks about many URLs for one crawler, as the sitemap checks do
	// (a million URLs, one Robots per profile), finds it again without
	// hashing the agent, which took a tenth of a query.
	last atomic.Pointer[agentRuleset]
}

// agentRuleset is a crawler's name as given and the rules that apply to
// it.
type agentRuleset struct {
	agent string
	rs    *ruleset
}

// A Group is a group of lines as a profile reads it: the user-agent lines
// that name crawlers and the rules that apply to them.
type Group struct {
	// UserAgents are the indices in File.Lines of the group's user-agent
	// lines, and Agents the token each names as the profile reads it:
	// "*" for the default group, "googlebot" for "Googlebot/2.1".
	UserAgents []int
	Agents     []string
	// Rules are the group's rules, in file order.
	Rules []Rule
}

// A Rule is an Allow or Disallow line as a profile reads it.
//
// A file can hold a million rules, each kept by every profile read, so the
// fields are laid out to fit 32 bytes: a priority never exceeds a line's
// length or the number of lines.
type Rule struct {
	// Line is the index of the rule's line in File.Lines.
	Line int
	// Pattern is the path pattern after the profile's normalisation.
	Pattern string
	// Priority orders matching rules: the highest wins, and Allow wins
	// ties. A priority of 0 or less never decides.
	Priority int32
	// Allow is true for Allow, false for Disallow.
	Allow bool
}

// Verdict is the answer to one query, with the reasons for it.
type Verdict struct {
	// Allowed says whether the crawler may fetch the URL.
	Allowed bool
	// Reason says what decided.
	Reason Reason
	// Line is the index in File.Lines of the rule that decided, or -1 when
	// no rule did.
	Line int
	// Groups are the indices in Robots.Groups of the groups whose rules
	// were consulted; empty when no group applies to the crawler.
	Groups []int
	// Path is the part of the URL that rules were matched against, as the
	// profile normalises it.
	Path string
}

// Reason is what decided a verdict.
type Reason uint8

const (
	// ReasonRule: the rule on Verdict.Line decided.
	ReasonRule Reason = iota
	// ReasonNoRule: a group applies but none of its rules matches, so the
	// URL is allowed.
	ReasonNoRule
	// ReasonNoGroup: no group applies to the crawler, so every URL is
	// allowed.
	ReasonNoGroup
	// ReasonRobotsTxt: the URL is /robots.txt, which the profile always
	// allows.
	ReasonRobotsTxt
)

// Compile reads f as profile p reads it.
func Compile(f *syntax.File, p *Profile) *Robots { return CompileLayout(ReadLayout(f, p)) }

// CompileLayout builds the Robots of a layout: its groups, with their
// rules' patterns ready for matching.
//
// The rules of every group share one array, sized once for the file: a
// file of many rules otherwise grows each group's slice by doubling.
func CompileLayout(l *Layout) *Robots {
	r := &Robots{File: l.File, Profile: l.Profile, Layout: l}
	n := 0
	for k := range l.Rules {
		switch {
		case l.Rules[k].Dropped:
		case l.Rules[k].DirPriority > 0:
			n += 2
		default:
			n++
		}
	}
	rules := make([]Rule, 0, n)
	var buf []byte
	r.Groups = make([]Group, len(l.Groups))
	for g := range l.Groups {
		group := &r.Groups[g]
		agents := l.GroupAgents(g)
		group.UserAgents = make([]int, len(agents))
		group.Agents = make([]string, len(agents))
		for k, a := range agents {
			group.UserAgents[k], group.Agents[k] = int(a.Line), l.Tokens[a.Token]
		}
		start := len(rules)
		for k := l.Groups[g].RulesFrom; k < l.Groups[g].RulesTo; k++ {
			rl := &l.Rules[k]
			if rl.Dropped {
				continue
			}
			rules = rl.appendRules(rules, string(l.patternBytes(int(k), &buf)))
		}
		if end := len(rules); end > start {
			group.Rules = rules[start:end:end]
		}
	}
	return r
}

// Check returns whether the crawler whose robots.txt name is agent may
// fetch url, an absolute URL or a path.
func (r *Robots) Check(agent, url string) Verdict { return r.CheckPath(agent, r.Profile.path(url)) }

// CheckPath is Check for a URL already made a Path of r's profile:
// comparing two files asks both, for many crawlers, about the same URLs,
// and normalises each once.
func (r *Robots) CheckPath(agent, path string) Verdict {
	rs := r.ruleset(agent)
	v := r.Profile.verdictPath(rs.groups, path)
	if v.Reason == ReasonNoRule {
		v.decide(rs.first(v.Path))
	}
	return v
}

// verdict begins the answer to a query for the crawler to which groups
// apply: decided when the URL is /robots.txt or no group applies, and
// otherwise ReasonNoRule until a rule that matches is found (decide).
func (p *Profile) verdict(groups []int, url string) Verdict {
	return p.verdictPath(groups, p.path(url))
}

// verdictPath is verdict for the URL whose Path is path.
func (p *Profile) verdictPath(groups []int, path string) Verdict {
	v := Verdict{Allowed: true, Line: -1, Groups: groups, Path: path}
	switch {
	case p.robotsTxtAllowed && isRobotsTxt(v.Path):
		v.Reason = ReasonRobotsTxt
	case len(groups) == 0:
		v.Reason = ReasonNoGroup
	default:
		v.Reason = ReasonNoRule
	}
	return v
}

// decide makes rule, the first in precedence that matches the URL, the
// verdict's reason; nil leaves the URL allowed by no rule.
func (v *Verdict) decide(rule *Rule) {
	if rule != nil {
		v.Allowed, v.Line, v.Reason = rule.Allow, rule.Line, ReasonRule
	}
}

// Select returns the indices in Groups of the groups whose rules apply to
// the crawler whose robots.txt name is agent, in file order: empty when
// none does. The slice is shared; do not change it.
func (r *Robots) Select(agent string) []int { return r.ruleset(agent).groups }

// ruleset returns the rules that apply to agent, built on the first query
// that selects its groups.
func (r *Robots) ruleset(agent string) *ruleset {
	if last := r.last.Load(); last != nil && last.agent == agent {
		return last.rs
	}
	if ar, ok := r.byAgent.Load(agent); ok {
		r.last.Store(ar.(*agentRuleset))
		return ar.(*agentRuleset).rs
	}
	groups := r.Profile.selectGroups(r.Layout, agent)
	key := make([]byte, 0, 4*len(groups))
	for _, g := range groups {
		key = binary.LittleEndian.AppendUint32(key, uint32(g))
	}
	rs, ok := r.bySelection.Load(string(key))
	if !ok {
		rs, _ = r.bySelection.LoadOrStore(string(key), newRuleset(groups, r.Groups, r.Profile.literal))
	}
	ar := &agentRuleset{agent, rs.(*ruleset)}
	r.byAgent.Store(agent, ar)
	r.last.Store(ar)
	return ar.rs
}

// isRobotsTxt reports whether path is the /robots.txt URL, with or without
// a query.
func isRobotsTxt(path string) bool {
	const name = "/robots.txt"
	return path == name || len(path) > len(name) && path[len(name)] == '?' && path[:len(name)] == name
}

// RuleText returns the deciding rule's line as written, without its
// comment, and as far as the profile reads it: "Disallow: /x". It returns
// "" when no rule decided.
func (r *Robots) RuleText(v Verdict) string {
	if v.Line < 0 {
		return ""
	}
	f, k := r.Layout.Line(v.Line)
	l := &f.Lines[k]
	if l.Kind != syntax.LineDirective {
		// A line the profile reads differently from the tree (a NUL, a
		// control character): show the text up to the comment.
		return strings.TrimSpace(string(f.Text(syntax.Span{Start: l.Span.Start, End: l.Comment().Start})))
	}
	return string(f.Text(l.Key())) + ": " + string(f.Text(l.Value()))
}
