package match

import (
	"sort"
	"strings"
	"sync"

	"github.com/robotslint/robotslint/syntax"
)

// Robots is a file compiled for one profile: its groups as the profile
// reads them, with their rules ready for matching. It is safe for
// concurrent use.
type Robots struct {
	File    *syntax.File
	Profile *Profile
	// Groups are the groups as the profile reads them, in file order.
	Groups []Group

	rulesets sync.Map // agent key -> *ruleset, built on first use
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
type Rule struct {
	// Line is the index of the rule's line in File.Lines.
	Line int
	// Allow is true for Allow, false for Disallow.
	Allow bool
	// Pattern is the path pattern after the profile's normalisation.
	Pattern string
	// Priority orders matching rules: the highest wins, and Allow wins
	// ties. A priority of 0 or less never decides.
	Priority int
}

// Verdict is the answer to one query, with the reasons for it.
type Verdict struct {
	// Allowed says whether the crawler may fetch the URL.
	Allowed bool
	// Line is the index in File.Lines of the rule that decided, or -1 when
	// no rule did: no rule matched, or no group applied.
	Line int
	// Groups are the indices in Robots.Groups of the groups whose rules
	// were consulted; empty when no group applies to the crawler.
	Groups []int
	// Path is the part of the URL that rules were matched against.
	Path string
}

// Compile reads f as profile p reads it.
func Compile(f *syntax.File, p *Profile) *Robots {
	r := &Robots{File: f, Profile: p}
	p.compile(r)
	return r
}

// Check returns whether the crawler whose robots.txt name is agent may
// fetch url, an absolute URL or a path.
func (r *Robots) Check(agent, url string) Verdict { return r.Profile.decide(r, agent, url) }

// RuleText returns the deciding rule's line as written, without its
// comment: "Disallow: /x". It returns "" when no rule decided.
func (r *Robots) RuleText(v Verdict) string {
	if v.Line < 0 {
		return ""
	}
	l := &r.File.Lines[v.Line]
	if l.Kind != syntax.LineDirective {
		// A line the profile reads differently from the tree (a NUL, a
		// control character): show the text up to the comment.
		return strings.TrimSpace(string(r.File.Text(syntax.Span{Start: l.Span.Start, End: l.Comment().Start})))
	}
	return string(r.File.Text(l.Key())) + ": " + string(r.File.Text(l.Value()))
}

// A ruleset is the rules that apply to one crawler, in the order they are
// tried: highest priority first and, on equal priority, Allow first, so the
// first rule that matches decides.
type ruleset struct {
	groups []int
	rules  []Rule
}

func newRuleset(groups []int, all []Group) *ruleset {
	rs := &ruleset{groups: groups}
	for _, g := range groups {
		for _, rule := range all[g].Rules {
			if rule.Priority > 0 {
				rs.rules = append(rs.rules, rule)
			}
		}
	}
	sort.SliceStable(rs.rules, func(a, b int) bool {
		ra, rb := &rs.rules[a], &rs.rules[b]
		if ra.Priority != rb.Priority {
			return ra.Priority > rb.Priority
		}
		return ra.Allow && !rb.Allow
	})
	return rs
}

// first returns the first rule of rs that matches path, or nil.
func (rs *ruleset) first(path string) *Rule {
	for k := range rs.rules {
		if wildcardMatch(path, rs.rules[k].Pattern) {
			return &rs.rules[k]
		}
	}
	return nil
}

// asciiLower returns s with ASCII letters lower-cased: agents are compared
// ASCII-case-insensitively, as Google compares them.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}
