package match

import (
	"slices"
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
func Compile(f *syntax.File, p *Profile) *Robots {
	r := &Robots{File: f, Profile: p}
	p.read(r)
	return r
}

// Check returns whether the crawler whose robots.txt name is agent may
// fetch url, an absolute URL or a path.
func (r *Robots) Check(agent, url string) Verdict {
	p := r.Profile
	rs := r.ruleset(agent)
	v := Verdict{Allowed: true, Line: -1, Groups: rs.groups, Path: p.path(url)}
	switch {
	case p.robotsTxtAllowed && isRobotsTxt(v.Path):
		v.Reason = ReasonRobotsTxt
	case len(rs.groups) == 0:
		v.Reason = ReasonNoGroup
	default:
		v.Reason = ReasonNoRule
		if rule := rs.first(v.Path); rule != nil {
			v.Allowed, v.Line, v.Reason = rule.Allow, rule.Line, ReasonRule
		}
	}
	return v
}

// ruleset returns the rules that apply to agent, built on its first query.
func (r *Robots) ruleset(agent string) *ruleset {
	// Rulesets are kept under the agent as given, so that a query does not
	// normalise it again.
	if rs, ok := r.rulesets.Load(agent); ok {
		return rs.(*ruleset)
	}
	rs, _ := r.rulesets.LoadOrStore(agent, newRuleset(r.Profile.selectGroups(r, agent), r.Groups, r.Profile.literal))
	return rs.(*ruleset)
}

// isRobotsTxt reports whether path is the /robots.txt URL, with or without
// a query.
func isRobotsTxt(path string) bool {
	const name = "/robots.txt"
	return path == name || len(path) > len(name) && path[len(name)] == '?' && path[:len(name)] == name
}

// groupReader builds Robots.Groups line by line, as every profile groups
// lines: a user-agent line opens a group unless it follows another
// user-agent line of the open group; a rule joins the open group, and a
// rule outside any group is dropped. What else ends a group is the
// profile's to say, by calling close.
type groupReader struct {
	r        *Robots
	cur      int  // the open group, or -1
	ruleSeen bool // the open group has had a rule
}

func newGroupReader(r *Robots) groupReader { return groupReader{r: r, cur: -1} }

// agent adds a user-agent line, with the token the profile reads in it.
func (g *groupReader) agent(line int, token string) {
	if g.cur < 0 || g.ruleSeen {
		g.r.Groups = append(g.r.Groups, Group{})
		g.cur, g.ruleSeen = len(g.r.Groups)-1, false
	}
	group := &g.r.Groups[g.cur]
	group.UserAgents = append(group.UserAgents, line)
	group.Agents = append(group.Agents, token)
}

// rule adds the rules read on a rule line, none if the profile drops the
// line: even so the line ends the group's run of user-agent lines.
func (g *groupReader) rule(rules ...Rule) {
	if g.cur < 0 {
		return
	}
	g.ruleSeen = true
	g.r.Groups[g.cur].Rules = append(g.r.Groups[g.cur].Rules, rules...)
}

// close ends the open group.
func (g *groupReader) close() { g.cur = -1 }

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
//
// A query must not try every rule (a crawler's share of a large file runs
// to thousands). The rules are indexed in a trie by their literal prefix,
// the part before the first '*': walking the path down the trie finds the
// only rules that can match. Those are tried from the longest prefix up,
// since longer patterns tend to rank first and a match cuts off every rule
// ranked after it. Rules whose prefix is short ("/*.pdf$") are many and
// are mostly rejected by a literal piece that the path must contain.
type ruleset struct {
	groups  []int
	literal bool // patterns are plain prefixes: the trie alone decides
	rules   []Rule
	checks  []ruleCheck // parallel to rules
	trie    []trieNode  // trie[0] is the root
}

// ruleCheck holds what a path must contain for a rule to match it.
type ruleCheck struct {
	bytes  uint64 // byteMask of the pattern's literal bytes after its prefix
	suffix string // an anchored pattern's literal tail, which must end the path
	piece  string // the longest literal piece after the first '*'
}

type trieNode struct {
	bytes []byte  // the bytes of the edges to the children, ascending
	next  []int32 // the children, parallel to bytes
	rules []int32 // the rules whose literal prefix ends here, ascending
}

func newRuleset(groups []int, all []Group, literal bool) *ruleset {
	rs := &ruleset{groups: groups, literal: literal, trie: make([]trieNode, 1)}
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
	rs.checks = make([]ruleCheck, len(rs.rules))
	for k := range rs.rules {
		pattern := rs.rules[k].Pattern
		if literal {
			rs.insert(pattern, int32(k))
			continue
		}
		anchored := strings.HasSuffix(pattern, "$")
		body := strings.TrimSuffix(pattern, "$")
		star := strings.IndexByte(body, '*')
		if star < 0 {
			star = len(body)
		}
		pieces := strings.Split(body[star:], "*")
		c := &rs.checks[k]
		if last := pieces[len(pieces)-1]; anchored && star < len(body) {
			c.suffix = last
		}
		for _, piece := range pieces {
			if len(piece) > len(c.piece) {
				c.piece = piece
			}
			c.bytes |= byteMask(piece)
		}
		rs.insert(body[:star], int32(k))
	}
	return rs
}

// insert adds rule k, whose literal prefix is prefix, to the trie.
func (rs *ruleset) insert(prefix string, k int32) {
	n := int32(0)
	for i := 0; i < len(prefix); i++ {
		child := rs.trie[n].child(prefix[i])
		if child < 0 {
			child = int32(len(rs.trie))
			rs.trie = append(rs.trie, trieNode{})
			node := &rs.trie[n]
			at, _ := slices.BinarySearch(node.bytes, prefix[i])
			node.bytes = slices.Insert(node.bytes, at, prefix[i])
			node.next = slices.Insert(node.next, at, child)
		}
		n = child
	}
	rs.trie[n].rules = append(rs.trie[n].rules, k)
}

// child returns the child of n along byte c, or -1.
func (n *trieNode) child(c byte) int32 {
	lo, hi := 0, len(n.bytes)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		switch {
		case n.bytes[mid] < c:
			lo = mid + 1
		case n.bytes[mid] > c:
			hi = mid
		default:
			return n.next[mid]
		}
	}
	return -1
}

// first returns the first rule of rs that matches path, or nil.
func (rs *ruleset) first(path string) *Rule {
	var buf [64]int32
	nodes := append(buf[:0], 0)
	for i, n := 0, int32(0); i < len(path); i++ {
		if n = rs.trie[n].child(path[i]); n < 0 {
			break
		}
		nodes = append(nodes, n)
	}
	// Most rules tried are rejected for a byte the path lacks ("/*.pdf$"
	// on a path without an 'f'): one mask test settles those before any
	// search through the path.
	pathBytes := byteMask(path)
	best := int32(len(rs.rules))
	for k := len(nodes) - 1; k >= 0; k-- {
		for _, r := range rs.trie[nodes[k]].rules {
			if r >= best {
				break
			}
			if rs.literal {
				best = r
				break
			}
			c := &rs.checks[r]
			if c.bytes&^pathBytes == 0 && strings.HasSuffix(path, c.suffix) && strings.Contains(path, c.piece) && wildcardMatch(path, rs.rules[r].Pattern) {
				best = r
				break
			}
		}
	}
	if int(best) == len(rs.rules) {
		return nil
	}
	return &rs.rules[best]
}

// byteMask returns a set of the bytes of s, each byte c as bit c%64: a set
// that misses a byte a pattern needs proves the pattern cannot match.
func byteMask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		m |= 1 << (s[i] & 63)
	}
	return m
}
