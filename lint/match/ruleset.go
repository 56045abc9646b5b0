package match

import (
	"cmp"
	"slices"
	"sort"
	"strings"
)

// A ruleset is the rules that apply to one selection of groups, in the
// order they are tried: highest priority first and, on equal priority,
// Allow first, so the first rule that matches decides. Every crawler that
// selects the same groups shares one ruleset.
//
// A query must not try every rule (a crawler's share of a large file runs
// to hundreds of thousands). The rules are indexed by their literal
// prefix, the part before the first '*', in a radix tree: walking the path
// down the tree finds the only rules that can match. Those are tried from
// the longest prefix up, since longer patterns tend to rank first and a
// match cuts off every rule ranked after it. Rules whose prefix is short
// ("/*.pdf$") are many and are mostly rejected by a literal piece that the
// path must contain.
//
// The tree's edges are substrings of the patterns, not copies, and a node
// stands for a distinct prefix or a branch between two, so the index takes
// a few dozen bytes per rule however long the patterns are.
type ruleset struct {
	groups  []int
	literal bool        // patterns are plain prefixes: the tree alone decides
	rules   []*Rule     // into Robots.Groups, in the order tried
	checks  []ruleCheck // parallel to rules; none when literal
	nodes   []radixNode // nodes[0] is the root, with the empty label
	// edges holds the first byte of each node's label, parallel to nodes,
	// so that finding a child searches bytes that sit together.
	edges []byte
	// byPrefix holds indices in rules grouped by literal prefix, each
	// group ascending: a node's rules are byPrefix[rulesLo:rulesHi].
	byPrefix []int32
}

// ruleCheck holds what a path must contain for a rule to match it. The
// pieces are offsets into the rule's pattern rather than strings: a
// ruleset holds one check per rule, and a file can hold a million rules.
type ruleCheck struct {
	bytes uint64 // byteMask of the pattern's literal bytes after its prefix
	// pattern[suffixFrom:suffixTo] is an anchored pattern's literal tail,
	// which must end the path (empty for other patterns).
	suffixFrom, suffixTo int32
	// pattern[pieceFrom:pieceTo] is the longest literal piece after the
	// first '*'.
	pieceFrom, pieceTo int32
}

// A radixNode is a literal prefix: its parent's, then label.
type radixNode struct {
	label            string
	children, nKids  int32 // nodes[children:children+nKids], ascending by first byte
	rulesLo, rulesHi int32 // the rules whose literal prefix ends here
}

func newRuleset(groups []int, all []Group, literal bool) *ruleset {
	rs := &ruleset{groups: groups, literal: literal}
	n := 0
	for _, g := range groups {
		n += len(all[g].Rules)
	}
	rs.rules = make([]*Rule, 0, n)
	for _, g := range groups {
		for k := range all[g].Rules {
			if rule := &all[g].Rules[k]; rule.Priority > 0 {
				rs.rules = append(rs.rules, rule)
			}
		}
	}
	slices.SortStableFunc(rs.rules, func(a, b *Rule) int {
		if a.Priority != b.Priority {
			return cmp.Compare(b.Priority, a.Priority)
		}
		switch {
		case a.Allow && !b.Allow:
			return -1
		case b.Allow && !a.Allow:
			return 1
		}
		return 0
	})
	prefixes := make([]string, len(rs.rules))
	if !literal {
		rs.checks = make([]ruleCheck, len(rs.rules))
	}
	for k, rule := range rs.rules {
		if literal {
			prefixes[k] = rule.Pattern
			continue
		}
		prefixes[k] = rs.checks[k].set(rule.Pattern)
	}
	rs.index(prefixes)
	return rs
}

// set fills c from pattern and returns the pattern's literal prefix.
func (c *ruleCheck) set(pattern string) string {
	anchored := strings.HasSuffix(pattern, "$")
	body := strings.TrimSuffix(pattern, "$")
	star := strings.IndexByte(body, '*')
	if star < 0 {
		return body
	}
	at := star // where the piece starts in pattern
	for piece := range strings.SplitSeq(body[star:], "*") {
		if len(piece) > int(c.pieceTo-c.pieceFrom) {
			c.pieceFrom, c.pieceTo = int32(at), int32(at+len(piece))
		}
		c.bytes |= byteMask(piece)
		at += len(piece) + 1
	}
	if anchored {
		c.suffixFrom, c.suffixTo = int32(strings.LastIndexByte(body, '*')+1), int32(len(body))
	}
	return body[:star]
}

// index builds the radix tree over prefixes, the literal prefix of each
// rule. Sorted, the rules under a node are a run of byPrefix, and its
// children split that run by the byte after the node's prefix; a child's
// label runs to the longest prefix its run shares, which the run's first
// and last prefixes tell. A node's children are laid out together when the
// node is visited, depth first, so the nodes still to visit are few.
func (rs *ruleset) index(prefixes []string) {
	rs.byPrefix = make([]int32, len(prefixes))
	for k := range rs.byPrefix {
		rs.byPrefix[k] = int32(k)
	}
	slices.SortFunc(rs.byPrefix, func(a, b int32) int {
		return cmp.Or(strings.Compare(prefixes[a], prefixes[b]), cmp.Compare(a, b))
	})
	prefix := func(i int) string { return prefixes[rs.byPrefix[i]] }

	// A visit is a node still to build: its run of byPrefix and the length
	// of its prefix.
	type visit struct{ node, lo, hi, depth int }
	todo := []visit{{0, 0, len(prefixes), 0}}
	// A tree over n prefixes has at most 2n nodes, and most have far
	// fewer: sizing for n+1 leaves less unused than doubling from one.
	rs.nodes = append(make([]radixNode, 0, len(prefixes)+1), radixNode{})
	rs.edges = append(make([]byte, 0, len(prefixes)+1), 0)
	for len(todo) > 0 {
		v := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		lo, hi, depth := v.lo, v.hi, v.depth
		node := &rs.nodes[v.node]
		node.rulesLo = int32(lo)
		for lo < hi && len(prefix(lo)) == depth {
			lo++
		}
		node.rulesHi = int32(lo)
		node.children = int32(len(rs.nodes))
		for lo < hi {
			c := prefix(lo)[depth]
			end := lo + sort.Search(hi-lo, func(i int) bool { return prefix(lo + i)[depth] > c })
			first, last := prefix(lo), prefix(end-1)
			shared := depth + 1
			for shared < len(first) && shared < len(last) && first[shared] == last[shared] {
				shared++
			}
			todo = append(todo, visit{len(rs.nodes), lo, end, shared})
			rs.nodes = append(rs.nodes, radixNode{label: first[depth:shared]})
			rs.edges = append(rs.edges, c)
			lo = end
		}
		// rs.nodes may have moved.
		rs.nodes[v.node].nKids = int32(len(rs.nodes)) - rs.nodes[v.node].children
	}
	rs.nodes = slices.Clip(rs.nodes)
	rs.edges = slices.Clip(rs.edges)
}

// first returns the first rule of rs that matches path, or nil.
func (rs *ruleset) first(path string) *Rule {
	// The nodes along the path that hold rules, shortest prefix first.
	var buf [64]int32
	nodes := buf[:0]
	for n, i := int32(0), 0; ; {
		if node := &rs.nodes[n]; node.rulesHi > node.rulesLo {
			nodes = append(nodes, n)
		}
		if n = rs.child(n, path, i); n < 0 {
			break
		}
		i += len(rs.nodes[n].label)
	}
	// Most rules tried are rejected for a byte the path lacks ("/*.pdf$"
	// on a path without an 'f'): one mask test settles those before any
	// search through the path.
	pathBytes := byteMask(path)
	best := int32(len(rs.rules))
	for k := len(nodes) - 1; k >= 0; k-- {
		node := &rs.nodes[nodes[k]]
		for _, r := range rs.byPrefix[node.rulesLo:node.rulesHi] {
			if r >= best {
				break
			}
			if rs.literal {
				best = r
				break
			}
			c := &rs.checks[r]
			if c.bytes&^pathBytes != 0 {
				continue
			}
			if p := rs.rules[r].Pattern; strings.HasSuffix(path, p[c.suffixFrom:c.suffixTo]) &&
				strings.Contains(path, p[c.pieceFrom:c.pieceTo]) && wildcardMatch(path, p) {
				best = r
				break
			}
		}
	}
	if int(best) == len(rs.rules) {
		return nil
	}
	return rs.rules[best]
}

// child returns the child of node n whose label path continues with at
// offset i, or -1.
func (rs *ruleset) child(n int32, path string, i int) int32 {
	if i >= len(path) {
		return -1
	}
	node := &rs.nodes[n]
	lo, hi := node.children, node.children+node.nKids
	c := path[i]
	for lo < hi {
		mid := int32(uint32(lo+hi) >> 1)
		switch e := rs.edges[mid]; {
		case e < c:
			lo = mid + 1
		case e > c:
			hi = mid
		default:
			if strings.HasPrefix(path[i:], rs.nodes[mid].label) {
				return mid
			}
			return -1
		}
	}
	return -1
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
