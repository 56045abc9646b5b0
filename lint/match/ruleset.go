package match

import (
	"cmp"
	"math/bits"
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
// ("/*.pdf$") are many, and every query reaches them: a node that holds
// many sorts them by a byte the path must hold (fanout), and the rest are
// mostly rejected by the set of bytes the path lacks (byteSet) before any
// search through it.
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
	// needs is parallel to byPrefix: the bytes each rule's pattern needs
	// after its prefix (ruleCheck.bytes), laid out in the order a query
	// tries them. A query at a short prefix ("/") runs through hundreds
	// of wildcard rules and rejects nearly all of them on this set alone,
	// so the sets sit together, not behind each rule's index in checks:
	// reading them in a row instead of one cache line apiece made the
	// 500 KiB file's queries about twice as fast. None when literal.
	needs []byteSet
	// fans are the fanouts of the nodes that hold many rules (see
	// fanout); a node's fan is its index here plus one.
	fans []fanout
}

// A fanout sorts the rules of a node that holds many (the "/*..." rules,
// whose literal prefix is "/", are hundreds in a large file, and every
// query reaches their node) into buckets by a byte the path must hold for
// the rule to match, so that a query tries only the buckets of its bytes.
// An anchored pattern with a literal tail ("/*.pdf$") goes by the tail's
// last byte, which must end the path; another by its rarest byte (paths
// are full of 'e' and '/', rarely hold 'q' or '?'); a pattern that needs
// no byte ("/*") into a bucket every query tries. Each bucket is a run of
// byPrefix, ascending, so a query still takes the first rule that matches
// in each and the least of those.
type fanout struct {
	// has and ends are the bytes (byteBits) whose buckets hold rules.
	has, ends byteSet
	// Bucket k is byPrefix[from[k]:from[k+1]]: k < 64 holds the rules
	// keyed by a byte the path contains, 64 <= k < 128 those keyed by the
	// byte that ends it, and 128 those that need no byte.
	from [fanBuckets + 1]int32
}

// fanBuckets is how many buckets a fanout has, and fanMin how many rules
// a node must hold to have one: below, trying them in a row is as fast.
const (
	fanBuckets = 2*64 + 1
	fanMin     = 32
)

// ruleCheck holds what a path must contain for a rule to match it. The
// pieces are offsets into the rule's pattern rather than strings: a
// ruleset holds one check per rule, and a file can hold a million rules.
type ruleCheck struct {
	bytes byteSet // the pattern's literal bytes after its prefix
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
	fan              int32 // index in ruleset.fans plus one, or 0
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
	if !literal {
		rs.fanOut()
		rs.needs = make([]byteSet, len(rs.byPrefix))
		for k, r := range rs.byPrefix {
			rs.needs[k] = rs.checks[r].bytes
		}
	}
	return rs
}

// fanOut gives each node that holds at least fanMin rules its fanout,
// reordering its run of byPrefix by bucket.
func (rs *ruleset) fanOut() {
	for n := range rs.nodes {
		node := &rs.nodes[n]
		if node.rulesHi-node.rulesLo < fanMin {
			continue
		}
		run := rs.byPrefix[node.rulesLo:node.rulesHi]
		bucket := func(r int32) int {
			c := &rs.checks[r]
			if c.suffixTo > c.suffixFrom {
				return 64 + int(byteBits[rs.rules[r].Pattern[c.suffixTo-1]])
			}
			if c.bytes == 0 {
				return 2 * 64
			}
			return rarestBit(c.bytes)
		}
		// Stable, so that each bucket keeps the run's ascending order.
		slices.SortStableFunc(run, func(a, b int32) int { return cmp.Compare(bucket(a), bucket(b)) })
		f := fanout{}
		k := 0
		for j, r := range run {
			b := bucket(r)
			for ; k <= b; k++ {
				f.from[k] = node.rulesLo + int32(j)
			}
			switch {
			case b < 64:
				f.has |= 1 << b
			case b < 2*64:
				f.ends |= 1 << (b - 64)
			}
		}
		for ; k <= fanBuckets; k++ {
			f.from[k] = node.rulesHi
		}
		rs.fans = append(rs.fans, f)
		node.fan = int32(len(rs.fans))
	}
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
		c.bytes.add(piece)
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
	best := int32(len(rs.rules))
	if rs.literal {
		// Every rule at a node matches: the deepest node's first rule,
		// unless a shorter prefix holds one tried before it.
		for k := len(nodes) - 1; k >= 0; k-- {
			best = min(best, rs.byPrefix[rs.nodes[nodes[k]].rulesLo])
		}
	} else {
		// Most rules tried are rejected for a byte the path lacks
		// ("/*.pdf$" on a path without an 'f'): one set test settles those
		// before any search through the path.
		var has byteSet
		has.add(path)
		for k := len(nodes) - 1; k >= 0; k-- {
			node := &rs.nodes[nodes[k]]
			if node.fan == 0 {
				best = rs.tryRun(path, has, node.rulesLo, node.rulesHi, best)
				continue
			}
			f := &rs.fans[node.fan-1]
			best = rs.tryRun(path, has, f.from[2*64], f.from[2*64+1], best)
			if end := byteBits[path[max(len(path), 1)-1]]; len(path) > 0 && f.ends>>end&1 != 0 {
				best = rs.tryRun(path, has, f.from[64+end], f.from[64+end+1], best)
			}
			for m := uint64(f.has & has); m != 0; m &= m - 1 {
				b := bits.TrailingZeros64(m)
				best = rs.tryRun(path, has, f.from[b], f.from[b+1], best)
			}
		}
	}
	if int(best) == len(rs.rules) {
		return nil
	}
	return rs.rules[best]
}

// tryRun returns the first rule of byPrefix[lo:hi] that matches path and
// comes before best, or best; has is the path's bytes.
func (rs *ruleset) tryRun(path string, has byteSet, lo, hi, best int32) int32 {
	needs := rs.needs[lo:hi]
	for j, r := range rs.byPrefix[lo:hi] {
		if r >= best {
			break
		}
		if !has.holds(needs[j]) {
			continue
		}
		c := &rs.checks[r]
		if p := rs.rules[r].Pattern; strings.HasSuffix(path, p[c.suffixFrom:c.suffixTo]) &&
			strings.Contains(path, p[c.pieceFrom:c.pieceTo]) && wildcardMatch(path, p) {
			return r
		}
	}
	return best
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

// A byteSet is a set of bytes: a path whose set lacks a byte a pattern
// needs cannot match it. It is one word, each byte a bit (byteBits), so
// that a query tests a rule with one instruction.
type byteSet uint64

// byteBits gives each byte its bit in a byteSet. 64 bits cannot hold 256
// bytes, so some share one; which do decides how many rules the set
// rejects. Sharing by c%64, as at first, put each lower-case letter with a
// digit or with '/', '.' or '-', of which paths are full: a path held
// nearly every bit. Here the bytes of URL paths (lower-case letters,
// digits, and the punctuation of paths and queries) have a bit each, and
// the rest, rare in paths, share the remaining bits.
var byteBits = func() (bits [256]uint8) {
	next := uint8(0)
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyz0123456789/-._?=&%~+,;:") {
		bits[c] = next
		next++
	}
	for c := range bits {
		if bits[c] == 0 && c != 'a' {
			bits[c] = next + uint8(c)%(64-next)
		}
	}
	return bits
}()

// byteRarity ranks each bit of a byteSet by how rarely URL paths hold its
// bytes, higher for rarer: the order of the common ones below, and the
// bits that bytes share (upper case, the rest) above them all.
var byteRarity = func() (rank [64]uint8) {
	for k := range rank {
		rank[k] = 64
	}
	for k, c := range []byte("/-.eaoitnsrlcdhpumg0123456789bfywkvxzjq_?=&%~+,;:") {
		rank[byteBits[c]] = uint8(k)
	}
	return rank
}()

// rarestBit returns the bit of the non-empty set m whose bytes paths hold
// least often.
func rarestBit(m byteSet) int {
	best := -1
	for ; m != 0; m &= m - 1 {
		if b := bits.TrailingZeros64(uint64(m)); best < 0 || byteRarity[b] > byteRarity[best] {
			best = b
		}
	}
	return best
}

// add adds the bytes of s.
func (m *byteSet) add(s string) {
	set := *m
	for i := 0; i < len(s); i++ {
		set |= 1 << byteBits[s[i]]
	}
	*m = set
}

// holds reports whether m holds every byte of sub.
func (m byteSet) holds(sub byteSet) bool { return sub&^m == 0 }
