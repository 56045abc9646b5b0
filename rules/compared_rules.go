package rules

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"slices"
	"sync"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// comparison sets a file's rules side by side for the rules that compare
// rules with each other (duplicate-rule, conflicting-rules, redundant-rule,
// overridden-rule, rule-order): the rules Google reads, in its groups, with the group each
// other profile reads them in, which groups name the same crawlers, and
// views built on first use. It reads the groups from the profiles'
// layouts (match.Layout), the one reading of groups, and is shared by the
// run, whose passes have the same targets.
type comparison struct {
	f      *syntax.File
	google *match.Layout
	// rules are google.Rules, in the same order, with what the other
	// profiles read on their lines.
	rules  []comparedRule
	groups []comparedGroup
	// googleOnly is true when Google reads user-agent or rule lines that
	// RFC 9309 parsers do not (a misspelled key, a missing colon): their
	// groups may then differ from Google's.
	googleOnly bool
	// pastLimit is true for a file longer than 500 KiB.
	pastLimit bool
	// clusters is the number of clusters: groups that share a crawler
	// token, directly or through other groups.
	clusters int
	// arena holds the patterns Google normalises (escapes it upper-cases,
	// bytes it encodes).
	arena []byte

	// items are the rules sorted by literal prefix, built on first use
	// (see sorted).
	sortOnce sync.Once
	items    []sortedRule
	// runEnd is, for each position in items, the end of the run of items
	// from the same cluster with the same literal prefix that holds it:
	// the sweeps take a run at a time, and comparing the prefixes once
	// here saves each sweep reading them all again.
	runEnd []int32

	// twins is, by rule, the earlier rule of the same kind and pattern for
	// the same set of crawlers, and the earlier rule of the other kind and
	// the same pattern and set, or -1; built on first use (see twinsOf).
	twinsOnce sync.Once
	twins     [][2]int32

	// dead is what redundant-rule and overridden-rule report, found on
	// first use (see deadRules).
	deadOnce sync.Once
	dead     *deadFindings
}

// comparedRule is a rule line inside a Google group.
type comparedRule struct {
	line  int32
	group int32 // the Google group
	// exact is the group RFC 9309 parsers and Bing read the rule in, or -1
	// when they do not read it as a rule of any group.
	exact int32
	// blank is the group of the 1994 standard, whose groups also end at a
	// blank line, or -1 (also when it is not targeted); yandex is Yandex's, which are the same groups, or
	// -1. yandexDrop is true when Yandex drops the rule for not starting
	// with '/' or '*'.
	blank, yandex int32
	yandexDrop    bool
	allow         bool
	// clean is true when every targeted profile that reads the rule reads
	// its value as written.
	clean bool
	// rfcAsGoogle is true when RFC 9309 parsers read the pattern as Google
	// does, or do not read the line as a rule.
	rfcAsGoogle bool
	// indexHTML is true for an Allow that Google also reads as allowing
	// its directory ("Allow: /a/index.html" also allows "/a/").
	indexHTML bool
	// patOff and patLen place Google's pattern in the source, or, with
	// patArena, in comparison.arena (see comparison.pat); rfcLen is the
	// length of RFC 9309's. Offsets rather than a slice keep the rules
	// free of pointers, which the garbage collector would scan and guard.
	patOff, patLen int32
	patArena       bool
	rfcLen         int32
}

// comparedGroup is a group as Google reads it.
type comparedGroup struct {
	// set numbers the group's set of tokens: groups with the same set are
	// read by the same crawlers. cluster numbers the groups that share a
	// token, directly or not: no crawler reads groups of two clusters.
	set, cluster int32
	// tokens has bit t%64 set for each crawler token t the group names:
	// a group whose bits lack one of another's does not name every token
	// that one names, which most pairs of groups show without reading
	// their user-agent lines (see namesAll).
	tokens uint64
	// merged is true when another group names every token this one
	// names, so that every crawler reading this group also reads that
	// one: the rules that compare rules across groups look no further
	// when it is false. RFC 9309 parsers and Yandex read the same
	// user-agent lines as finer tokens, if anything, so it holds for them
	// only if it holds for Google.
	merged bool
}

// comparedRules returns the comparison for a rule that compares rules with
// each other, or nil when there is nothing it can say: the file is no
// robots.txt, Google cuts some directive line before reading it (at a NUL
// byte, a control character, 16,663 bytes), where messages quoting the
// line as written would mislead, or there are fewer than two rules.
//
// The comparison is built once a run and shared: it costs about as much
// as parsing the file.
func comparedRules(pass *lint.Pass) *comparison {
	if notRobotsTxt(pass) || cutDirective(pass.File) {
		return nil
	}
	c := pass.Shared(comparisonKey{}, func() any {
		c := newComparison(pass)
		// Two rules wait for each of the views, and on a large file the
		// last rules of a run are the ones waiting, on a core otherwise
		// idle: build the views now, alongside the rules running meanwhile.
		if len(c.rules) >= 2 && alongside(pass.File) {
			twins := pass.Runs("duplicate-rule") || pass.Runs("conflicting-rules")
			dead := pass.Runs("redundant-rule") || pass.Runs("overridden-rule")
			if dead || pass.Runs("rule-order") || pass.Runs("prefix-match") {
				go func() {
					// The sort first, on its own: four rules wait for it,
					// and the sweep for dead rules after it is the last
					// thing a run waits for. The twins' rules come later.
					c.sortOnce.Do(c.sort)
					if twins {
						go c.twinsOnce.Do(c.findTwins)
					}
					if dead {
						c.deadRules(pass)
					}
				}()
			} else if twins {
				go c.twinsOnce.Do(c.findTwins)
			}
		}
		return c
	}).(*comparison)
	if len(c.rules) < 2 {
		return nil
	}
	return c
}

type comparisonKey struct{}

// alongside reports whether f is large enough for the comparison's
// readings and views to be built on goroutines of their own: on a file of
// a few kilobytes, most real ones, starting them costs more than it saves.
func alongside(f *syntax.File) bool { return len(f.Bytes()) >= 32<<10 }

// cutDirective reports whether Google cuts some directive line of f before
// reading it.
func cutDirective(f *syntax.File) bool {
	for _, x := range f.Facts {
		switch x.Kind {
		case syntax.FactNUL, syntax.FactControlChar, syntax.FactLineTooLong:
			if x.Line >= 0 && f.Lines[x.Line].Kind == syntax.LineDirective {
				return true
			}
		}
	}
	return false
}

// newComparison reads the pass's file.
func newComparison(pass *lint.Pass) *comparison {
	f := pass.File
	// The three readings are independent: read them side by side, as the
	// comparison is what the rules comparing rules wait for.
	var rfc, yandex, google *match.Layout
	if alongside(f) {
		var wg sync.WaitGroup
		wg.Go(func() { rfc = pass.Layout(match.RFC9309) })
		wg.Go(func() { yandex = pass.Layout(match.Yandex) })
		google = pass.Layout(match.Google)
		wg.Wait()
	} else {
		rfc, yandex, google = pass.Layout(match.RFC9309), pass.Layout(match.Yandex), pass.Layout(match.Google)
	}
	c := &comparison{f: f, google: google, pastLimit: pastSizeLimit(f), rules: make([]comparedRule, len(google.Rules))}
	toRFC, toYandex := google.Cross(rfc), google.Cross(yandex)
	// Only rules about first-match parsers ask about their groups; the
	// others need not pay for reading them.
	var legacy *match.Layout
	var toLegacy []int32
	if pass.Targeted(match.Legacy) {
		legacy = pass.Layout(match.Legacy)
		toLegacy = google.Cross(legacy)
	}
	c.googleOnly = len(google.Agents) != len(rfc.Agents) || len(google.Rules) != len(rfc.Rules)
	for k := range google.Agents {
		if !c.googleOnly && google.Agents[k].Line != rfc.Agents[k].Line {
			c.googleOnly = true
		}
	}
	rfcTargeted := pass.Targeted(match.RFC9309) || pass.Targeted(match.Bing) || pass.Targeted(match.Yandex)
	var rfcBuf []byte
	for k := range google.Rules {
		g := &google.Rules[k]
		r := &c.rules[k]
		*r = comparedRule{line: g.Line, group: g.Group, exact: -1, blank: -1, yandex: -1, allow: g.Allow,
			indexHTML: g.DirPriority > 0, clean: g.Verbatim, rfcAsGoogle: true}
		vs := g.Value()
		r.patOff, r.patLen = int32(vs.Start), int32(vs.Len())
		if !g.Verbatim {
			n := len(c.arena)
			c.arena = google.AppendPattern(c.arena, k)
			r.patOff, r.patLen, r.patArena = int32(n), int32(len(c.arena)-n), true
		}
		r.rfcLen = r.patLen
		if j := toRFC[k]; j >= 0 {
			x := &rfc.Rules[j]
			r.exact, r.rfcLen = x.Group, x.Priority
			r.clean = r.clean && (x.Verbatim || !rfcTargeted)
			if !x.Verbatim || !g.Verbatim {
				rfcBuf = rfc.AppendPattern(rfcBuf[:0], int(j))
				r.rfcAsGoogle = bytes.Equal(rfcBuf, c.pat(r))
			}
		} else {
			c.googleOnly = true
		}
		if j := toYandex[k]; j >= 0 {
			r.yandex, r.yandexDrop = yandex.Rules[j].Group, yandex.Rules[j].Dropped
		}
		if legacy != nil && toLegacy[k] >= 0 {
			x := &legacy.Rules[toLegacy[k]]
			r.blank, r.clean = x.Group, r.clean && x.Verbatim
		}
	}
	c.numberGroups()
	return c
}

// numberGroups fills in the groups' sets and clusters.
func (c *comparison) numberGroups() {
	l := c.google
	c.groups = make([]comparedGroup, len(l.Groups))
	sets := map[string]int32{}
	parent := make([]int32, len(c.groups))
	find := func(g int32) int32 {
		for parent[g] != g {
			parent[g] = parent[parent[g]]
			g = parent[g]
		}
		return g
	}
	byToken := make([]int32, len(l.Tokens))
	for t := range byToken {
		byToken[t] = -1
	}
	var tokens []int32
	var setTokens [][]int32 // by set: its sorted tokens
	var key []byte
	for g := range c.groups {
		parent[g] = int32(g)
		tokens = tokens[:0]
		for _, a := range l.GroupAgents(g) {
			tokens = append(tokens, a.Token)
		}
		slices.Sort(tokens)
		tokens = slices.Compact(tokens)
		key = key[:0]
		for _, t := range tokens {
			key = binary.LittleEndian.AppendUint32(key, uint32(t))
		}
		id, ok := sets[string(key)]
		if !ok {
			id = int32(len(sets))
			sets[string(key)] = id
			setTokens = append(setTokens, slices.Clone(tokens))
		}
		c.groups[g].set = id
		for _, t := range tokens {
			c.groups[g].tokens |= 1 << (t & 63)
		}
		for _, t := range tokens {
			if h := byToken[t]; h >= 0 {
				parent[find(int32(g))] = find(h)
			} else {
				byToken[t] = int32(g)
			}
		}
	}
	c.markMerged(setTokens, len(l.Tokens))
	ids := parent // reused: a root's cluster number, once the roots are known
	roots := make([]int32, len(c.groups))
	for g := range c.groups {
		roots[g] = find(int32(g))
	}
	for g := range ids {
		ids[g] = -1
	}
	for g := range c.groups {
		if ids[roots[g]] < 0 {
			ids[roots[g]] = int32(c.clusters)
			c.clusters++
		}
		c.groups[g].cluster = ids[roots[g]]
	}
}

// markMerged sets comparedGroup.merged, given the sorted tokens of each
// set of tokens (comparedGroup.set) and the number of tokens: a group is
// merged when its set is another group's too, or another set holds it.
func (c *comparison) markMerged(tokens [][]int32, nTokens int) {
	withToken := make([][]int32, nTokens) // by token: the sets naming it
	for id, ts := range tokens {
		for _, t := range ts {
			withToken[t] = append(withToken[t], int32(id))
		}
	}
	merged := make([]bool, len(tokens))
	for id, ts := range tokens {
		if len(ts) == 0 {
			continue
		}
		for _, u := range withToken[ts[0]] {
			if u != int32(id) && subsetSorted(ts, tokens[u]) {
				merged[id] = true
				break
			}
		}
	}
	count := make([]int, len(tokens))
	for g := range c.groups {
		count[c.groups[g].set]++
	}
	for g := range c.groups {
		set := c.groups[g].set
		c.groups[g].merged = count[set] > 1 || merged[set]
	}
}

// subsetSorted reports whether every element of sorted a is in sorted b.
func subsetSorted(a, b []int32) bool {
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j == len(b) || b[j] != x {
			return false
		}
	}
	return true
}

// agents returns the crawler tokens Google reads in group g's user-agent
// lines.
func (c *comparison) agents(g int32) []string {
	var names []string
	for _, a := range c.google.GroupAgents(int(g)) {
		names = append(names, c.google.Tokens[a.Token])
	}
	return names
}

// groupRules returns the number of rule lines of Google's group g.
func (c *comparison) groupRules(g int32) int {
	return len(c.google.GroupRules(int(g)))
}

// pat returns Google's pattern for rule r.
func (c *comparison) pat(r *comparedRule) []byte {
	if r.patArena {
		return c.arena[r.patOff : r.patOff+r.patLen]
	}
	return c.f.Bytes()[r.patOff : r.patOff+r.patLen]
}

// twinsOf returns, for rule k, the first earlier rule for the same set of
// crawlers with the same pattern and kind (a repeat: duplicate-rule), and
// the first earlier one with the same pattern and the other kind (a
// conflict: conflicting-rules), or -1 for either.
func (c *comparison) twinsOf(k int) (same, other int32) {
	c.twinsOnce.Do(c.findTwins)
	return c.twins[k][0], c.twins[k][1]
}

func (c *comparison) findTwins() {
	c.twins = make([][2]int32, len(c.rules))
	firsts := newPatternTable(len(c.rules))
	for k := range c.rules {
		r := &c.rules[k]
		set := c.groups[r.group].set
		pat := c.pat(r)
		kind := kindIndex(r.allow)
		sameAs := func(allow bool) func(int32) bool {
			return func(j int32) bool {
				q := &c.rules[j]
				return q.allow == allow && c.groups[q.group].set == set && bytes.Equal(c.pat(q), pat)
			}
		}
		// The table holds the first rule of each kind and pattern for a
		// set: a later repeat finds it and is not stored.
		h := maphash.Bytes(patternSeed, pat) ^ uint64(set)*0x9E3779B97F4A7C15
		c.twins[k] = [2]int32{
			firsts.find(patternKey(h, kind), int32(k), sameAs(r.allow)),
			firsts.lookup(patternKey(h, 1-kind), sameAs(!r.allow)),
		}
	}
}

// sortedRule is a rule as the sorted view of a file sees it: its literal
// prefix (see literalPrefix), its kind and priorities. Google's extra
// "dir/$" Allow of an index.html rule is an item of its own.
type sortedRule struct {
	// prio and rfcPrio are the pattern's length in Google's reading and in
	// RFC 9309's.
	prio, rfcPrio int32
	// rule is the index in comparison.rules of the rule; litAt and litLen
	// place the literal prefix of its pattern in the source followed by
	// the arena (see comparison.lit): the sweeps read it there without
	// going through the rule.
	rule, litAt, litLen int32
	// group is the rule's Google group, and cluster that group's.
	group, cluster int32
	kind           int32 // 0 Disallow, 1 Allow
	literal        bool
	// star is true when a '*' ends the literal prefix.
	star bool
	// clean and rfcAsGoogle are the rule's (comparedRule), which the
	// sweeps ask of every item.
	clean, rfcAsGoogle bool
	// extra marks Google's extra "dir/$" Allow of an index.html rule, and
	// indexHTML the rule's own item.
	extra, indexHTML bool
}

// lit returns the literal prefix of item it's pattern.
func (c *comparison) lit(it *sortedRule) []byte { return c.pooled(it.litAt, it.litLen) }

// itemPat returns Google's pattern for item it, which is not an extra
// one: the pattern starts where its literal prefix does, and its length
// is its priority.
func (c *comparison) itemPat(it *sortedRule) []byte { return c.pooled(it.litAt, it.prio) }

// pooled returns n bytes from at in the source followed by the arena.
func (c *comparison) pooled(at, n int32) []byte {
	src := c.f.Bytes()
	if end := int32(len(src)); at >= end {
		return c.arena[at-end : at-end+n]
	}
	return src[at : at+n]
}

// sorted returns the items of the rules that can match (their patterns
// start with '/' or '*'), in order by cluster, then literal prefix: every
// prefix of a literal prefix comes before it, and the prefixes that
// extend it right after it. redundant-rule, overridden-rule, rule-order
// and prefix-match walk it.
func (c *comparison) sorted() []sortedRule {
	c.sortOnce.Do(c.sort)
	return c.items
}

// run returns the end of the run of equal literal prefixes in the same
// cluster that starts at position i of the sorted order.
func (c *comparison) run(i int) int { return int(c.runEnd[i]) }

func (c *comparison) sort() {
	src := c.f.Bytes()
	items := make([]sortedRule, 0, len(c.rules)+len(c.rules)/8)
	for k := range c.rules {
		r := &c.rules[k]
		pat := c.pat(r)
		if len(pat) == 0 || pat[0] != '/' && pat[0] != '*' {
			continue // never decides, or never matches (path-not-absolute)
		}
		lit, literal := literalPrefix(pat)
		cl := c.groups[r.group].cluster
		at := r.patOff
		if r.patArena {
			at += int32(len(src))
		}
		items = append(items, sortedRule{prio: int32(len(pat)), rfcPrio: r.rfcLen,
			rule: int32(k), litAt: at, litLen: int32(len(lit)), group: r.group, cluster: cl, kind: kindIndex(r.allow), literal: literal,
			star: len(lit) < len(pat) && pat[len(lit)] == '*', clean: r.clean, rfcAsGoogle: r.rfcAsGoogle, indexHTML: r.indexHTML})
		if r.indexHTML {
			p := c.google.Rules[k].DirPriority // "dir/$"
			items = append(items, sortedRule{prio: p, rfcPrio: p,
				rule: int32(k), litAt: at, litLen: p - 1, group: r.group, cluster: cl, kind: 1, extra: true, clean: r.clean, rfcAsGoogle: r.rfcAsGoogle})
		}
	}
	// The sort reads the literal prefixes where they are, in the source
	// or the arena.
	lits := &literalPool{src: src, arena: c.arena, start: make([]int32, len(items)), end: make([]int32, len(items))}
	for k := range items {
		lits.start[k], lits.end[k] = items[k].litAt, items[k].litAt+items[k].litLen
	}
	order := make([]int32, len(items))
	for k := range order {
		order[k] = int32(k)
	}
	sortLiterals(order, c.clusters, func(k int32) int32 { return items[k].cluster }, lits)
	// Stored in sorted order, the items are read from start to end, where
	// reading them through the order jumps about the memory. They are
	// moved in place, a cycle of the permutation at a time, rather than
	// copied: a large file has a hundred thousand.
	for i := range order {
		if order[i] < 0 {
			continue
		}
		first, j := items[i], i
		for {
			k := int(order[j])
			order[j] = -1
			if k == i {
				items[j] = first
				break
			}
			items[j], j = items[k], k
		}
	}
	c.items = items
	c.runEnd = make([]int32, len(c.items))
	end := int32(len(c.items))
	for i := len(c.items) - 1; i >= 0; i-- {
		if i+1 < len(c.items) {
			a, b := &c.items[i], &c.items[i+1]
			if a.cluster != b.cluster || a.litLen != b.litLen || !bytes.Equal(c.lit(a), c.lit(b)) {
				end = int32(i + 1)
			}
		}
		c.runEnd[i] = end
	}
}

// literalPrefix returns the part of a pattern before its first '*',
// without a final '$': every URL path the pattern matches starts with it.
// literal is true when that is the whole pattern, which then matches
// exactly the paths that start with it.
func literalPrefix(pattern []byte) (lit []byte, literal bool) {
	if star := bytes.IndexByte(pattern, '*'); star >= 0 {
		return pattern[:star], false
	}
	if n := len(pattern); n > 0 && pattern[n-1] == '$' {
		return pattern[:n-1], false
	}
	return pattern, true
}

// kindIndex numbers a rule's kind: 0 Disallow, 1 Allow.
func kindIndex(allow bool) int32 {
	if allow {
		return 1
	}
	return 0
}
