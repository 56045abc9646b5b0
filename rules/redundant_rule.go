package rules

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// RedundantRule reports an Allow or Disallow rule that a broader rule of
// the same kind in its group already covers, when no rule of the other
// kind can make the difference: `Disallow: /a/b` under `Disallow: /a`,
// with no Allow that a URL under /a/b could match and that outranks
// `Disallow: /a` without outranking `Disallow: /a/b`. Deleting the rule
// changes no verdict for any targeted profile.
//
// The proof, for longest-match readers (Google, Bing, Yandex, RFC 9309):
// every URL the rule matches starts with its literal prefix, which starts
// with the broader rule's pattern, so the broader rule matches it too.
// Without the rule, the best rule of its kind for such a URL is at least
// as long as the broader rule; the verdict can change only if a rule of
// the other kind matches the URL with a priority between the two. Such a
// rule's literal prefix must be a prefix of the rule's, or start with it:
// the check looks for every such rule in the group's cluster (all groups
// that share a crawler), under Google's and RFC 9309's priorities. For
// first-match readers (legacy), the broader rule must come first, in the
// same group. The broader rule must be read wherever the rule is: in the
// same group for RFC 9309 parsers and Bing, and for Yandex, whose groups
// also end at a blank line, in the same one of those; or, but for
// first-match readers, which read one group, in a group that names every
// crawler the rule's group names (see readWith), which Google, Bing and
// RFC 9309 parsers merge with it and Yandex selects with it.
var RedundantRule = &lint.Rule{
	Name:    "redundant-rule",
	Summary: "an Allow or Disallow rule that a broader rule already covers",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow rule that changes no crawler's verdict because a broader rule of the same " +
			"kind already matches every URL it matches, and no rule of the other kind lies between them: " +
			"`Disallow: /admin/users/` under `Disallow: /admin/`. The broader rule may be in the same group, or in " +
			"another group that names the same crawlers, which crawlers merge with it.",
		Why: "Crawlers that take the most specific rule reach the same verdict with or without it, and parsers that " +
			"take the first matching rule never reach it. A dead rule suggests a distinction the file does not " +
			"make, and is easily mistaken for one that matters when the broader rule is edited.",
		Instead: "Delete the narrower rule, or, if it should differ from the broader one, change its kind " +
			"(`Allow: /admin/help/` with `Disallow: /admin/`).",
		FixSafety: "Deleting the rule is safe (applied by `--fix`): the rule is reported only when every crawler you " +
			"target reaches the same verdicts without it. The broader rule matches every URL it matches; no rule " +
			"of the other kind has a length between the two, under Google's or RFC 9309's reading, that could " +
			"make the difference; each crawler reads the broader rule wherever it reads this one, in the same group " +
			"or in a merged group for the same crawlers, and this rule's group keeps another rule; and for " +
			"first-match parsers (the `legacy` profile) the broader rule comes first, in the same group. It is " +
			"unsafe (applied only with `--unsafe-fixes`) in a file larger than 500 KiB, where deleting a line moves the point crawlers " +
			"stop reading.",
	},
	Flagged:  "User-agent: *\nDisallow: /admin/\nDisallow: /admin/users/\n",
	Clean:    "User-agent: *\nAllow: /admin/help/\nDisallow: /admin/\n",
	Severity: lint.Info,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runRedundantRule,

	// A rule a broader one covers changes nothing: editors fade it.
	Unnecessary: true,
}

// maxRedDepth and maxRedTries bound the work spent on one rule, keeping
// the rule linear in the file on inputs built to defeat it; real files stay
// far below both.
const (
	maxRedDepth = 64
	maxRedTries = 32
	// maxAcrossTries bounds the rules of other groups tried in one entry.
	maxAcrossTries = maxRedTries / 4
)

// prioSpan is a range of priorities, empty when lo > hi.
type prioSpan struct{ lo, hi int32 }

func emptySpan() prioSpan { return prioSpan{1 << 30, -1} }

func (s *prioSpan) add(o prioSpan) { s.lo, s.hi = min(s.lo, o.lo), max(s.hi, o.hi) }

func (s prioSpan) meets(lo, hi int32) bool { return s.lo <= s.hi && s.lo <= hi && lo <= s.hi }

// redEntry is one distinct literal prefix on the sweep's stack, with the
// priorities of its own rules and of the rules whose prefixes extend it.
type redEntry struct {
	lit      []byte
	cluster  int32
	from, to int
	// cands[cfrom:cto] are the rules of this entry that can cover a
	// narrower rule: literal rules every profile reads as written. An
	// entry may hold thousands of wildcard rules ("/*.pdf$" and the like
	// all have the prefix "/"), but few literal ones.
	cfrom, cto int
	// groups has bit g%64 set for the group g of each candidate: most
	// entries have none for a given group, and one test says so.
	groups uint64
	// acrossTokens holds the tokens (comparedGroup.tokens) of the
	// candidates the search in other groups tries: a rule whose group
	// names a token none of them names finds no broader rule there.
	acrossTokens uint64
	own, sub     [2]prioSpan
	// over holds, for overridden-rule, the entry's rules that may
	// outrank others, by kind.
	over overEntry
}

// redCand is a rule that can cover a narrower one (see redEntry.cands),
// with what the search asks of it first.
type redCand struct {
	rule, group, kind int32
	// set and tokens are the group's (comparedGroup).
	set    int32
	tokens uint64
}

func runRedundantRule(pass *lint.Pass) {
	m := comparedRules(pass)
	if m == nil {
		return
	}
	if d := m.deadRules(pass); d != nil {
		for _, f := range d.redundant {
			reportRedundant(pass, m, f[0], f[1])
		}
	}
}

// deadFindings are the rules redundant-rule and overridden-rule report,
// each with the rule that makes it dead: one sweep finds both.
type deadFindings struct {
	redundant, overridden [][2]*comparedRule
}

// deadRules returns the rules that a broader rule of the same kind covers
// and those a rule of the other kind outranks, found once a run by one
// sweep over the sorted view (the passes of a run have the same targets),
// or nil when the proofs do not hold for the file.
func (c *comparison) deadRules(pass *lint.Pass) *deadFindings {
	c.deadOnce.Do(func() { c.dead = findDeadRules(pass, c) })
	return c.dead
}

func findDeadRules(pass *lint.Pass, m *comparison) *deadFindings {
	rfc := pass.Targeted(match.RFC9309) || pass.Targeted(match.Bing) || pass.Targeted(match.Yandex)
	if rfc && m.googleOnly {
		// Lines only Google reads as rules or user-agents group the file
		// differently for the others; the proofs do not carry over.
		return nil
	}
	// Each rule's proof is taken only when the rule runs: the other's
	// finds nothing it reports. overridden-rule judges rules only for
	// longest-match profiles: for first-match readers alone, rule-order
	// speaks.
	red := pass.Runs("redundant-rule")
	over := pass.Runs("overridden-rule") && (pass.Targeted(match.Google) || rfc)
	return newRedSweep(pass, m, rfc, red, over).run()
}

// newRedSweep prepares a sweep that takes redundant-rule's proof when red
// is true and overridden-rule's when over is.
func newRedSweep(pass *lint.Pass, m *comparison, rfc, red, over bool) *redSweep {
	s := &redSweep{pass: pass, m: m, rfc: rfc, red: red, over: over, found: &deadFindings{}}
	// First-match parsers read one group: a broader rule in another
	// covers nothing for them.
	s.merging = !pass.Targeted(match.Legacy)
	if pass.Targeted(match.RFC9309) || pass.Targeted(match.Bing) {
		s.rfcLayout = pass.Layout(match.RFC9309)
	}
	if pass.Targeted(match.Yandex) {
		s.yandexLayout = pass.Layout(match.Yandex)
	}
	s.items = m.sorted()
	if s.red {
		s.cands = make([]redCand, 0, len(s.items)/2)
	}
	if s.over {
		s.overCands = make([]overCand, 0, len(s.items)/2)
	}
	if rfc && s.red {
		s.divergent = make([][2]prioSpan, m.clusters)
		for c := range s.divergent {
			s.divergent[c] = [2]prioSpan{emptySpan(), emptySpan()}
		}
		for k := range s.items {
			// RFC 9309 decodes or encodes bytes of these patterns that
			// Google keeps: their literal prefixes differ too, so they
			// are taken to meet every rule of their cluster.
			if it := &s.items[k]; !it.rfcAsGoogle {
				s.divergent[it.cluster][it.kind].add(s.span(it))
			}
		}
	}
	return s
}

// run sweeps and returns what it found.
func (s *redSweep) run() *deadFindings {
	s.sweep()
	s.flush()
	return s.found
}

type redSweep struct {
	pass  *lint.Pass
	m     *comparison
	rfc   bool
	items []sortedRule // sorted by cluster and literal prefix
	// divergent holds, by cluster and kind, the priorities of the rules
	// RFC 9309 parsers read differently from Google.
	divergent [][2]prioSpan
	stack     []redEntry
	cands     []redCand
	// merging is true when the broader rule may be in another group that
	// crawlers read with the rule's (see readWith), with the layouts of
	// the targeted profiles that group lines differently from Google.
	merging                 bool
	rfcLayout, yandexLayout *match.Layout
	// red is true when redundant-rule runs; over when overridden-rule
	// runs, for a longest-match profile targeted.
	red, over bool
	// overCands holds the entries' rules that may outrank others (see
	// overEntry.cands).
	overCands []overCand
	// redundant are the rules found redundant, each with its broader
	// rule, before flush sorts them out; found holds what is reported.
	redundant [][2]*comparedRule
	found     *deadFindings
}

// flush reports the rules found. Each can go alone, but deleting all the
// rules of a group, some for broader rules in other groups, would leave
// its user-agent lines to join the next group: in such a group the rules
// covered from another group are left out.
func (s *redSweep) flush() {
	m := s.m
	var google, rfc, yandex []int
	count := func(n *[]int, size int, g int32) {
		if g >= 0 {
			if *n == nil {
				*n = make([]int, size)
			}
			(*n)[g]++
		}
	}
	for _, f := range s.redundant {
		r := f[1]
		count(&google, len(m.groups), r.group)
		if s.rfcLayout != nil {
			count(&rfc, len(s.rfcLayout.Groups), r.exact)
		}
		if s.yandexLayout != nil {
			count(&yandex, len(s.yandexLayout.Groups), r.yandex)
		}
	}
	emptied := func(n []int, l *match.Layout, g int32) bool {
		return n != nil && g >= 0 && n[g] == len(l.GroupRules(int(g)))
	}
	for _, f := range s.redundant {
		q, r := f[0], f[1]
		if q.group != r.group && (emptied(google, m.google, r.group) ||
			emptied(rfc, s.rfcLayout, r.exact) || emptied(yandex, s.yandexLayout, r.yandex)) {
			continue
		}
		s.found.redundant = append(s.found.redundant, f)
	}
}

// readWith reports whether every targeted profile that reads rule r also
// reads rule q for every crawler that reads r: in the same group, or in
// one that names every crawler r's group names, which Google, Bing and
// RFC 9309 parsers merge with r's and Yandex selects with it. Google's
// grouping is asked about when google is true. For redundant-rule, r's
// group must also keep another rule, so that deleting r leaves the
// groups as they are (see keepsGroups).
func (s *redSweep) readWith(q, r *comparedRule, google bool) bool {
	m := s.m
	if gq, gr := &m.groups[q.group], &m.groups[r.group]; google && gq.set != gr.set &&
		(gr.tokens&^gq.tokens != 0 || !namesAll(m.google, q.group, r.group)) {
		return false
	}
	if l := s.rfcLayout; l != nil && r.exact >= 0 && (q.exact < 0 || !namesAll(l, q.exact, r.exact)) {
		return false
	}
	if l := s.yandexLayout; l != nil && r.yandex >= 0 && !r.yandexDrop &&
		(q.yandex < 0 || q.yandexDrop || !namesAll(l, q.yandex, r.yandex)) {
		return false
	}
	return true
}

// keepsGroups reports whether rule r's group keeps another rule in every
// targeted profile's reading, so that deleting r leaves the groups as
// they are: the condition for a broader rule in another group to cover
// it (see readWith).
func (s *redSweep) keepsGroups(r *comparedRule) bool {
	if s.m.groupRules(r.group) < 2 {
		return false
	}
	if l := s.rfcLayout; l != nil && r.exact >= 0 && len(l.GroupRules(int(r.exact))) < 2 {
		return false
	}
	l := s.yandexLayout
	return l == nil || r.yandex < 0 || len(l.GroupRules(int(r.yandex))) >= 2
}

// lit returns the literal prefix of item it's pattern.
func (s *redSweep) lit(it *sortedRule) []byte { return s.m.lit(it) }

// at returns the k-th item in sorted order.
func (s *redSweep) at(k int) *sortedRule { return &s.items[k] }

// span returns the priorities of an item in the profiles checked.
func (s *redSweep) span(it *sortedRule) prioSpan {
	if s.rfc {
		return prioSpan{min(it.prio, it.rfcPrio), max(it.prio, it.rfcPrio)}
	}
	return prioSpan{it.prio, it.prio}
}

// sweep walks the items in order of literal prefix, keeping on a stack the
// prefixes of the current one; an entry is judged when it is popped, when
// all the prefixes that extend it have been seen.
func (s *redSweep) sweep() {
	for i := 0; i < len(s.items); {
		it := s.at(i)
		j := s.m.run(i)
		lit := s.lit(it)
		for len(s.stack) > 0 {
			top := &s.stack[len(s.stack)-1]
			if top.cluster == it.cluster && bytes.HasPrefix(lit, top.lit) {
				break
			}
			s.pop()
		}
		e := redEntry{lit: lit, cluster: it.cluster, from: i, to: j, cfrom: len(s.cands), own: [2]prioSpan{emptySpan(), emptySpan()}, sub: [2]prioSpan{emptySpan(), emptySpan()}}
		for k := i; k < j; k++ {
			c := s.at(int(k))
			e.own[c.kind].add(s.span(c))
			if s.red && c.literal && !c.extra && c.clean {
				g := c.group
				s.cands = append(s.cands, redCand{rule: c.rule, group: g, kind: c.kind, set: s.m.groups[g].set, tokens: s.m.groups[g].tokens})
				e.groups |= 1 << (g & 63)
			}
		}
		e.cto = len(s.cands)
		if cs := s.cands[e.cfrom:e.cto]; len(cs) > 1 {
			// By group, so that a rule finds its group's quickly.
			slices.SortFunc(cs, func(a, b redCand) int { return cmp.Compare(a.group, b.group) })
		}
		for _, c := range s.cands[e.cfrom:min(e.cto, e.cfrom+maxAcrossTries)] {
			e.acrossTokens |= c.tokens
		}
		if s.over {
			s.overLongest(&e.over, i, j)
			e.over.stackLongest = e.over.longest
			if n := len(s.stack); n > 0 {
				below := &s.stack[n-1].over.stackLongest
				e.over.stackLongest = [2]int32{max(below[0], e.over.longest[0]), max(below[1], e.over.longest[1])}
			}
		}
		s.stack = append(s.stack, e)
		if s.over && len(s.stack) <= maxRedDepth {
			for k := i; k < j; k++ {
				s.judgeOverride(k)
			}
		}
		i = j
	}
	for len(s.stack) > 0 {
		s.pop()
	}
}

func (s *redSweep) pop() {
	n := len(s.stack) - 1
	if !s.red {
		// The priorities of the entries serve redundant-rule alone.
		s.stack = s.stack[:n]
		return
	}
	// Off the stack, but read where it lies: nothing is pushed before
	// the next entry.
	e := &s.stack[n]
	s.stack = s.stack[:n]
	s.judge(e)
	if n > 0 {
		parent := &s.stack[n-1]
		for k := range parent.sub {
			parent.sub[k].add(e.own[k])
			parent.sub[k].add(e.sub[k])
		}
	}
}

// judge reports the rules of entry e that a broader rule covers; the
// entries below it on the stack hold its prefixes.
func (s *redSweep) judge(e *redEntry) {
	m := s.m
	for k := e.from; k < e.to; k++ {
		it := s.at(k)
		// Only rules every profile reads as written; Google also reads an
		// index.html Allow as allowing its directory, which a broader
		// Allow need not cover.
		if it.extra || !it.clean || it.indexHTML {
			continue
		}
		// A chain of more nested prefixes than any real file has
		// ("/a", "/aa", "/aaa"...) would make each rule's walk down the
		// stack long: such rules are left unjudged.
		if len(s.stack) > maxRedDepth {
			continue
		}
		// The item holds what the walk asks of most rules: the rule itself,
		// in no order here, is read only for those with a candidate.
		q, qlen := s.cover(e, it)
		if q == nil {
			continue
		}
		// The priorities at which a rule of the other kind would make the
		// difference: a Disallow wins only when longer than the Allow, an
		// Allow wins ties.
		p := it.prio
		lo, hi := qlen, p-1
		if it.kind == 1 {
			lo, hi = qlen+1, p
		}
		other := 1 - it.kind
		if e.own[other].meets(lo, hi) || e.sub[other].lo <= hi {
			continue
		}
		blocked := false
		for a := range s.stack {
			if s.stack[a].own[other].meets(lo, hi) {
				blocked = true
				break
			}
		}
		if s.divergent != nil && s.divergent[it.cluster][other].meets(lo, hi) {
			blocked = true
		}
		if !blocked {
			s.redundant = append(s.redundant, [2]*comparedRule{q, &m.rules[it.rule]})
		}
	}
}

// cover returns the longest rule of r's kind and group whose pattern is a
// literal prefix of r's literal prefix, and its length; it must be read
// wherever r is read, and come first for first-match readers. For a rule
// with wildcards, a rule equal to its literal prefix counts.
func (s *redSweep) cover(e *redEntry, it *sortedRule) (*comparedRule, int32) {
	m := s.m
	r := &m.rules[it.rule] // not read unless a candidate is found
	gr := &m.groups[it.group]
	// Whether to look in other groups, asked of the first entry that has
	// rules of another group: 0 not yet known, 1 yes, -1 no.
	across := int8(0)
	try := func(x *redEntry) *comparedRule {
		cs := s.cands[x.cfrom:x.cto]
		if x.groups&(1<<(it.group&63)) != 0 {
			k0 := 0
			if len(cs) > 8 {
				k0, _ = slices.BinarySearchFunc(cs, it.group, func(c redCand, g int32) int { return cmp.Compare(c.group, g) })
			}
			for n, c := range cs[k0:] {
				if n == maxRedTries {
					return nil // many rules of the group that do not serve: give up
				}
				if c.group != it.group {
					if c.group > it.group {
						break
					}
					continue
				}
				if c.kind != it.kind || c.rule == it.rule {
					continue
				}
				q := &m.rules[c.rule]
				if !m.sameReaders(s.pass, q, r) {
					continue
				}
				if s.pass.Targeted(match.Legacy) && q.line > r.line {
					continue
				}
				return q
			}
		}
		// Few rules have a broader one in another group: the search is
		// short, and skipped when the entry's rules are all of r's group.
		if x.groups == 1<<(it.group&63) || gr.tokens&^x.acrossTokens != 0 {
			return nil
		}
		if across == 0 {
			across = -1
			if s.merging && gr.merged && s.keepsGroups(r) {
				across = 1
			}
		}
		if across < 0 {
			return nil
		}
		for n, c := range cs {
			if n == maxAcrossTries {
				break
			}
			// Google's test of readWith, on the candidate's tokens,
			// first: most groups do not name all of r's crawlers.
			if c.group != it.group && c.kind == it.kind && (c.set == gr.set || gr.tokens&^c.tokens == 0) {
				if q := &m.rules[c.rule]; s.readWith(q, r, true) {
					return q
				}
			}
		}
		return nil
	}
	if !it.literal {
		if q := try(e); q != nil {
			return q, int32(len(e.lit))
		}
	}
	for a := len(s.stack) - 1; a >= 0; a-- {
		if q := try(&s.stack[a]); q != nil {
			return q, int32(len(s.stack[a].lit))
		}
	}
	return nil, 0
}

func reportRedundant(pass *lint.Pass, m *comparison, q, r *comparedRule) {
	f := m.f
	lq, lr := &f.Lines[q.line], &f.Lines[r.line]
	where := ""
	if q.group != r.group {
		where = " (in another group for the same crawlers, which they merge with this one)"
	}
	var msg string
	if r.allow {
		msg = fmt.Sprintf("%s allows nothing that %s on %s%s does not already allow, and no Disallow rule lies between them: "+
			"deleting it changes no crawler's verdict", ruleText(f, lr), ruleText(f, lq), lineRef(q.line), where)
	} else {
		msg = fmt.Sprintf("%s blocks nothing that %s on %s%s does not already block, and no Allow rule lies between them: "+
			"deleting it changes no crawler's verdict", ruleText(f, lr), ruleText(f, lq), lineRef(q.line), where)
	}
	pass.Report(directiveSpan(lr), msg,
		lint.WithRelated(directiveSpan(lq), "the broader rule"),
		lint.WithFix(lint.Fix{Title: "Delete the redundant rule", Safe: !m.pastLimit, Edits: []lint.Edit{deleteLine(f, int(r.line))}}))
}
