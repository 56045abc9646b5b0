package lint

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// CompareOptions says what CompareFiles asks besides what the files
// suggest.
type CompareOptions struct {
	// URLs are paths or absolute URLs the user gives, asked as given and
	// before the probes.
	URLs []string
	// Agents are crawler names to ask besides those the files name.
	Agents []string
	// Targets are the profiles to read the files with; nil means
	// DefaultTargets.
	Targets []*match.Profile
}

// CompareCounts says how much a comparison asked.
type CompareCounts struct {
	// Given is the number of distinct URLs of CompareOptions.URLs, and
	// Probes the number of other URLs derived from the two files.
	Given, Probes int
	// Agents is the number of crawler names asked, "*" included, and
	// Profiles the number of profiles each was asked in.
	Agents, Profiles int
}

// Comparison is what changes for crawlers from one version of a file to
// another.
type Comparison struct {
	Compared CompareCounts
	// Agents are the crawler names asked, "*" first, then as the files and
	// the options spell them, sorted ignoring case.
	Agents []string
	// Changes are the verdicts that change, one entry per crawler, new
	// verdict, deciding lines before and after, and set of URLs, with the
	// profiles in which that happens. They are ordered by most URLs first,
	// then crawler, then lines.
	Changes []VerdictChange
	// Moves are the crawlers whose groups change (merged, split, emptied,
	// gone), named even when no URL changes verdict, in crawler order.
	Moves []GroupMove
}

// Changed reports whether any verdict or group changed.
func (c *Comparison) Changed() bool { return len(c.Changes) > 0 || len(c.Moves) > 0 }

// A VerdictChange is a set of URLs whose verdict changes for one crawler
// in the same way: from the same deciding line, or reason, to the same.
//
// Agent "*" stands for every crawler that reads the same groups as one
// neither file names ("UnknownRobotslintBot" is asked); a named crawler
// that reads the same groups as it in a profile is reported under "*" there.
type VerdictChange struct {
	Agent string
	// Profiles are the names of the profiles in which the change happens,
	// in the order of the targets: all of them, or only "yandex".
	Profiles []string
	// Allowed is the new verdict: false when the URLs become disallowed.
	Allowed bool
	// BeforeLine and AfterLine are the 0-based line indices of the rules
	// that decided in each file, or -1 when no rule did; BeforeRule and
	// AfterRule their text as the profile reads it (match.Robots.RuleText),
	// or "".
	BeforeLine, AfterLine int
	BeforeRule, AfterRule string
	// BeforeReason and AfterReason say what decided: "rule", "no rule"
	// (a group applies but none of its rules matches), "no group" or
	// "robots.txt".
	BeforeReason, AfterReason string
	// Count is how many URLs change, Given how many of them the user gave,
	// and Examples up to five of them, given URLs first.
	Count, Given int
	Examples     []string
}

// A GroupRef is a group a crawler reads, as a profile reads it.
type GroupRef struct {
	// Line is the 0-based index of the group's first user-agent line.
	Line int
	// Agents are the crawler tokens its user-agent lines name, as the
	// profile reads them: "*", "bingbot".
	Agents []string
	// Rules is the number of its rules.
	Rules int
}

// A GroupMove is a crawler that reads other groups after the change than
// before: a group merged with another, split, left without rules, or gone.
// A rule edited inside the same group is not a move; its verdicts show it.
type GroupMove struct {
	Agent string
	// Profiles are the names of the profiles in which the move happens.
	Profiles []string
	// BeforeGroups and AfterGroups are the groups the crawler reads in
	// each file, in file order; empty when none applies.
	BeforeGroups, AfterGroups []GroupRef
	// Message says it in a sentence: "bingbot now reads the * group at
	// line 3, not its own group at line 12, which lost its rules".
	Message string
}

// unknownAgent is the crawler asked for every crawler the files do not
// name.
const unknownAgent = "UnknownRobotslintBot"

// maxCompareProbes bounds the probe URLs of one comparison: a file of
// half a megabyte makes about a quarter of a million, and each is asked of
// every crawler whose rules change. The probes of the lines that differ
// between the files are always asked; those of the rest of their groups,
// then of every other rule, fill the room left, sampled evenly.
const maxCompareProbes = 20_000

// CompareFiles says which verdicts change from before to after: for every
// crawler either file names, "*", the crawler of each targeted profile and
// opt.Agents, in every targeted profile, on opt.URLs and on probes derived
// from both files (see maxCompareProbes).
//
// A crawler whose rules, as a profile reads them, are the same in both
// files keeps every verdict there, so only the others are asked about
// URLs; crawlers that read the same groups share the answers.
func CompareFiles(before, after *syntax.File, opt CompareOptions) *Comparison {
	targets := opt.Targets
	if targets == nil {
		targets = DefaultTargets()
	}
	rb := make([]*match.Robots, len(targets))
	ra := make([]*match.Robots, len(targets))
	for k, p := range targets {
		rb[k], ra[k] = match.Compile(before, p), match.Compile(after, p)
	}
	agents := compareAgents(before, after, targets, opt.Agents)
	given := compareGiven(opt.URLs)
	probes := compareProbes(before, after, rb, ra, given)
	urls := append(slices.Clip(given), probes...)

	c := &Comparison{
		Compared: CompareCounts{Given: len(given), Probes: len(probes), Agents: len(agents), Profiles: len(targets)},
		Agents:   agents,
	}
	changes := changeSet{urls: urls, given: len(given)}
	var moves []GroupMove
	for k, p := range targets {
		cmpr := profileComparison{before: rb[k], after: ra[k], urls: urls, byPair: make(map[string][]urlChange)}
		// The layouts select without building the rulesets that Check
		// would: most crawlers of a large file keep their rules.
		unknownB, unknownA := rb[k].Layout.Select(unknownAgent), ra[k].Layout.Select(unknownAgent)
		for _, agent := range agents {
			query := agent
			if agent == "*" {
				query = unknownAgent
			}
			sb, sa := rb[k].Layout.Select(query), ra[k].Layout.Select(query)
			if agent != "*" && slices.Equal(sb, unknownB) && slices.Equal(sa, unknownA) {
				continue
			}
			if m, ok := groupMove(agent, rb[k], ra[k], sb, sa); ok {
				m.Profiles = []string{p.Name}
				moves = append(moves, m)
			}
			for _, ch := range cmpr.changes(query, sb, sa) {
				changes.add(agent, p.Name, ch)
			}
		}
	}
	c.Changes = changes.list()
	c.Moves = mergeMoves(moves, agents)
	return c
}

// compareAgents returns the crawler names to ask: "*", then the names
// either file's user-agent lines use, the targets' crawlers and extra,
// each once ignoring ASCII case, sorted ignoring case.
func compareAgents(before, after *syntax.File, targets []*match.Profile, extra []string) []string {
	seen := map[string]bool{"*": true}
	var names []string
	add := func(name string) {
		name = strings.TrimSpace(name)
		key := syntax.LowerASCII(name)
		if name == "" || seen[key] {
			return
		}
		seen[key] = true
		names = append(names, name)
	}
	for _, f := range []*syntax.File{before, after} {
		for i := range f.Lines {
			for _, name := range agentNames(f, i) {
				add(name)
			}
		}
	}
	for _, p := range targets {
		add(p.Crawler)
	}
	for _, name := range extra {
		add(name)
	}
	slices.SortFunc(names, func(a, b string) int {
		return cmp.Or(cmp.Compare(syntax.LowerASCII(a), syntax.LowerASCII(b)), cmp.Compare(a, b))
	})
	return append([]string{"*"}, names...)
}

// compareGiven returns the given URLs without blanks and repeats, in the
// order given.
func compareGiven(urls []string) []string {
	seen := make(map[string]bool, len(urls))
	var out []string
	for _, u := range urls {
		u = strings.TrimSpace(u)
		if u == "" || seen[u] {
			continue
		}
		seen[u] = true
		out = append(out, u)
	}
	return out
}

// compareProbes returns the probe URLs of two files that are not among
// given, sorted: "/", "/robots.txt", then in tiers within maxCompareProbes
// the probe URLs (appendLineURLs) of the lines whose text is not in the
// other file, those of the other rules of their groups, and those of every
// rule of either file. A tier that does not fit in the room left is
// sampled evenly, by lines first so that a large file costs no more than
// the room, then by URLs.
func compareProbes(before, after *syntax.File, rb, ra []*match.Robots, given []string) []string {
	diffB, diffA := differingLines(before, after), differingLines(after, before)
	in := func(lines []int) func(int) bool {
		return func(i int) bool { _, ok := slices.BinarySearch(lines, i); return ok }
	}
	all := func(int) bool { return true }
	tiers := []func() (b, a []int){
		func() ([]int, []int) { return diffB, diffA },
		func() ([]int, []int) { return groupRuleLines(rb, in(diffB)), groupRuleLines(ra, in(diffA)) },
		func() ([]int, []int) { return groupRuleLines(rb, all), groupRuleLines(ra, all) },
	}
	have := make(map[string]bool)
	for _, u := range given {
		have[u] = true
	}
	var probes []string
	for _, u := range []string{"/", "/robots.txt"} {
		if !have[u] {
			have[u] = true
			probes = append(probes, u)
		}
	}
	for _, tier := range tiers {
		room := maxCompareProbes - len(probes)
		if room <= 0 {
			break
		}
		linesB, linesA := tier()
		// A rule line makes about a dozen probes.
		if most := room/probesPerLine + 1; len(linesB)+len(linesA) > most {
			linesB = sampleEvenly(linesB, most*len(linesB)/(len(linesB)+len(linesA)))
			linesA = sampleEvenly(linesA, most-len(linesB))
		}
		var more []string
		for _, u := range append(linesURLs(before, linesB), linesURLs(after, linesA)...) {
			if !have[u] {
				have[u] = true
				more = append(more, u)
			}
		}
		slices.Sort(more)
		probes = append(probes, sampleEvenly(more, room)...)
	}
	slices.Sort(probes)
	return probes
}

// probesPerLine is about how many probe URLs appendLineURLs makes of a
// rule line.
const probesPerLine = 10

// sampleEvenly returns at most n elements of s, spread evenly over it.
func sampleEvenly[T any](s []T, n int) []T {
	if len(s) <= n {
		return s
	}
	out := make([]T, 0, n)
	for i := range n {
		out = append(out, s[i*len(s)/n])
	}
	return out
}

// differingLines returns the indices of the lines of f whose text,
// comment and surrounding space aside, no line of other has.
func differingLines(f, other *syntax.File) []int {
	key := func(f *syntax.File, i int) []byte {
		l := &f.Lines[i]
		return bytes.TrimSpace(f.Text(syntax.Span{Start: l.Span.Start, End: l.Comment().Start}))
	}
	has := make(map[string]bool, len(other.Lines))
	for i := range other.Lines {
		has[string(key(other, i))] = true
	}
	var out []int
	for i := range f.Lines {
		if !has[string(key(f, i))] {
			out = append(out, i)
		}
	}
	return out
}

// A urlChange is a set of URLs whose verdict changes the same way for a
// crawler in a profile.
type urlChange struct {
	before, after match.Verdict
	beforeRule    string
	afterRule     string
	urls          []int // indices in the comparison's URLs, ascending
}

// profileComparison compares the verdicts of one profile's readings of
// the two files.
type profileComparison struct {
	before, after *match.Robots
	urls          []string
	// paths are the URLs as the profile matches them, made on first use,
	// and matching the indices of those a pattern matches, by pattern.
	paths    []string
	matching map[string][]int32
	// byPair holds the changes of each pair of selections asked so far:
	// crawlers that read the same groups have the same verdicts.
	byPair map[string][]urlChange
}

// maxDifferingRules bounds the rules that differ between two selections
// for which URLs are matched against them before they are asked: past it,
// every URL is asked.
const maxDifferingRules = 256

// changes returns how the verdicts of query, which reads groups sb before
// and sa after, change.
//
// A verdict is that of the matching rule of highest priority, so a URL
// that matches no rule that only one of the two selections has has the
// same verdict in both: only the URLs that match one are asked.
func (pc *profileComparison) changes(query string, sb, sa []int) []urlChange {
	var keyBuf []byte
	for _, g := range sb {
		keyBuf = binary.AppendUvarint(keyBuf, uint64(g)+1)
	}
	keyBuf = append(keyBuf, 0)
	for _, g := range sa {
		keyBuf = binary.AppendUvarint(keyBuf, uint64(g)+1)
	}
	key := string(keyBuf)
	if ch, ok := pc.byPair[key]; ok {
		return ch
	}
	if pc.paths == nil {
		pc.paths = make([]string, len(pc.urls))
		for i, u := range pc.urls {
			pc.paths[i] = pc.before.Profile.Path(u)
		}
		pc.matching = make(map[string][]int32)
	}
	var out []urlChange
	if differ, all := differingRules(pc.before, pc.after, sb, sa); all || len(differ) > 0 {
		asked := pc.urlsMatching(differ, all)
		type verdictKey struct {
			allowed      bool
			bLine, aLine int
			bWhy, aWhy   match.Reason
		}
		at := make(map[verdictKey]int)
		for _, i := range asked {
			vb, va := pc.before.CheckPath(query, pc.paths[i]), pc.after.CheckPath(query, pc.paths[i])
			if vb.Allowed == va.Allowed {
				continue
			}
			k := verdictKey{va.Allowed, vb.Line, va.Line, vb.Reason, va.Reason}
			n, ok := at[k]
			if !ok {
				n = len(out)
				at[k] = n
				out = append(out, urlChange{before: vb, after: va, beforeRule: pc.before.RuleText(vb), afterRule: pc.after.RuleText(va)})
			}
			out[n].urls = append(out[n].urls, int(i))
		}
	}
	pc.byPair[key] = out
	return out
}

// urlsMatching returns the indices of the URLs that some rule of rules
// matches, ascending, or of every URL when all is true.
func (pc *profileComparison) urlsMatching(rules []*match.Rule, all bool) []int32 {
	if all {
		out := make([]int32, len(pc.urls))
		for i := range out {
			out[i] = int32(i)
		}
		return out
	}
	p := pc.before.Profile
	var out []int32
	for _, r := range rules {
		m, ok := pc.matching[r.Pattern]
		if !ok {
			// Every profile anchors patterns at the start of the path, so
			// a path that does not begin with the pattern's text before
			// its first wildcard cannot match: most are rejected at once.
			prefix := r.Pattern[:strings.IndexAny(r.Pattern+"*", "*$")]
			probe := match.Rule{Pattern: r.Pattern, Priority: 1}
			for i, path := range pc.paths {
				if strings.HasPrefix(path, prefix) && p.MatchesPath(&probe, path) {
					m = append(m, int32(i))
				}
			}
			pc.matching[r.Pattern] = m
		}
		if r.Priority > 0 {
			out = append(out, m...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// differingRules returns the rules that groups sb of before and groups sa
// of after do not have in common, as multisets of pattern, kind and
// priority; all is true instead when there are more than
// maxDifferingRules.
func differingRules(before, after *match.Robots, sb, sa []int) (differ []*match.Rule, all bool) {
	type ruleKey struct {
		pattern  string
		priority int32
		allow    bool
	}
	same := func(x, y *match.Rule) bool {
		return x.Pattern == y.Pattern && x.Allow == y.Allow && x.Priority == y.Priority
	}
	if len(sb) == len(sa) {
		equal := true
		for k := range sb {
			rb, ra := before.Groups[sb[k]].Rules, after.Groups[sa[k]].Rules
			if len(rb) != len(ra) {
				equal = false
				break
			}
			for j := range rb {
				if !same(&rb[j], &ra[j]) {
					equal = false
					break
				}
			}
			if !equal {
				break
			}
		}
		// Most crawlers of a large file keep their rules, in order.
		if equal {
			return nil, false
		}
	}
	count := make(map[ruleKey]int)
	each := func(r *match.Robots, groups []int, do func(*match.Rule)) {
		for _, g := range groups {
			for k := range r.Groups[g].Rules {
				do(&r.Groups[g].Rules[k])
			}
		}
	}
	key := func(r *match.Rule) ruleKey { return ruleKey{r.Pattern, r.Priority, r.Allow} }
	each(before, sb, func(r *match.Rule) { count[key(r)]++ })
	each(after, sa, func(r *match.Rule) { count[key(r)]-- })
	for _, side := range []struct {
		r      *match.Robots
		groups []int
		sign   int
	}{{before, sb, 1}, {after, sa, -1}} {
		each(side.r, side.groups, func(r *match.Rule) {
			if count[key(r)]*side.sign > 0 && len(differ) <= maxDifferingRules {
				differ = append(differ, r)
			}
		})
	}
	return differ, len(differ) > maxDifferingRules
}

// changeSet gathers the changes of every crawler and profile, merging
// those that happen identically in several profiles.
type changeSet struct {
	// urls are the comparison's URLs, the given ones first.
	urls    []string
	given   int
	entries []changeEntry
	index   map[changeKey][]int
	seed    maphash.Seed
}

type changeEntry struct {
	VerdictChange
	urls []int
}

type changeKey struct {
	agent            string
	allowed          bool
	bLine, aLine     int
	bReason, aReason string
	bRule, aRule     string
	count            int
	hash             uint64
}

func (s *changeSet) add(agent, profile string, ch urlChange) {
	if s.index == nil {
		s.index = make(map[changeKey][]int)
		s.seed = maphash.MakeSeed()
	}
	var h maphash.Hash
	h.SetSeed(s.seed)
	var buf []byte
	for _, i := range ch.urls {
		buf = binary.AppendUvarint(buf[:0], uint64(i))
		h.Write(buf)
	}
	k := changeKey{agent, ch.after.Allowed, ch.before.Line, ch.after.Line, reasonText(ch.before.Reason), reasonText(ch.after.Reason), ch.beforeRule, ch.afterRule, len(ch.urls), h.Sum64()}
	for _, n := range s.index[k] {
		if slices.Equal(s.entries[n].urls, ch.urls) {
			s.entries[n].Profiles = append(s.entries[n].Profiles, profile)
			return
		}
	}
	s.index[k] = append(s.index[k], len(s.entries))
	s.entries = append(s.entries, changeEntry{VerdictChange: VerdictChange{
		Agent: agent, Profiles: []string{profile}, Allowed: ch.after.Allowed,
		BeforeLine: ch.before.Line, AfterLine: ch.after.Line,
		BeforeRule: ch.beforeRule, AfterRule: ch.afterRule,
		BeforeReason: k.bReason, AfterReason: k.aReason,
		Count: len(ch.urls),
	}, urls: ch.urls})
}

// maxExamples is how many URLs a change shows.
const maxExamples = 5

// list returns the changes in their order, with their examples.
func (s *changeSet) list() []VerdictChange {
	out := make([]VerdictChange, len(s.entries))
	for n := range s.entries {
		e := &s.entries[n]
		out[n] = e.VerdictChange
		// URL indices ascend and the given URLs come first.
		for _, i := range e.urls[:min(len(e.urls), maxExamples)] {
			out[n].Examples = append(out[n].Examples, s.urls[i])
		}
		out[n].Given, _ = slices.BinarySearch(e.urls, s.given)
	}
	slices.SortStableFunc(out, func(a, b VerdictChange) int {
		return cmp.Or(cmp.Compare(b.Count, a.Count),
			cmp.Compare(syntax.LowerASCII(a.Agent), syntax.LowerASCII(b.Agent)),
			cmp.Compare(a.AfterLine, b.AfterLine), cmp.Compare(a.BeforeLine, b.BeforeLine),
			boolCompare(a.Allowed, b.Allowed))
	})
	return out
}

func boolCompare(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

func reasonText(r match.Reason) string {
	switch r {
	case match.ReasonRule:
		return "rule"
	case match.ReasonNoRule:
		return "no rule"
	case match.ReasonNoGroup:
		return "no group"
	case match.ReasonRobotsTxt:
		return "robots.txt"
	}
	return "unknown"
}

// groupRefs describes groups of r.
func groupRefs(r *match.Robots, groups []int) []GroupRef {
	refs := make([]GroupRef, 0, len(groups))
	for _, g := range groups {
		grp := &r.Groups[g]
		line := -1
		if len(grp.UserAgents) > 0 {
			line = grp.UserAgents[0]
		}
		refs = append(refs, GroupRef{Line: line, Agents: grp.Agents, Rules: len(grp.Rules)})
	}
	return refs
}

// groupMove tells whether agent, reading groups sb before and sa after,
// reads other groups: groups are the same when they name the same crawlers
// and both have rules or both have none. Edited rules are not a move.
func groupMove(agent string, before, after *match.Robots, sb, sa []int) (GroupMove, bool) {
	gb, ga := groupRefs(before, sb), groupRefs(after, sa)
	same := slices.EqualFunc(gb, ga, func(x, y GroupRef) bool {
		return slices.Equal(x.Agents, y.Agents) && (x.Rules == 0) == (y.Rules == 0)
	})
	if same {
		return GroupMove{}, false
	}
	return GroupMove{Agent: agent, BeforeGroups: gb, AfterGroups: ga, Message: moveMessage(agent, gb, ga)}, true
}

// moveMessage says what a move does, with 1-based line numbers.
func moveMessage(agent string, gb, ga []GroupRef) string {
	switch {
	case len(ga) == 0:
		return fmt.Sprintf("%s now reads no group, so it may fetch every URL: it read %s", agent, describeGroups(agent, gb, true))
	case len(gb) == 0:
		return fmt.Sprintf("%s now reads %s: it read no group", agent, describeGroups(agent, ga, true))
	}
	if slices.EqualFunc(gb, ga, func(x, y GroupRef) bool { return slices.Equal(x.Agents, y.Agents) }) {
		// The same groups, some of which lost or gained every rule.
		var lost, gained []GroupRef
		for k := range ga {
			if ga[k].Rules == 0 && gb[k].Rules > 0 {
				lost = append(lost, ga[k])
			} else if ga[k].Rules > 0 && gb[k].Rules == 0 {
				gained = append(gained, ga[k])
			}
		}
		var parts []string
		if len(lost) > 0 {
			parts = append(parts, describeGroups(agent, lost, false)+" lost every rule")
		}
		if len(gained) > 0 {
			parts = append(parts, describeGroups(agent, gained, false)+" gained rules")
		}
		return fmt.Sprintf("%s reads the same groups, but %s", agent, strings.Join(parts, " and "))
	}
	msg := fmt.Sprintf("%s now reads %s, not %s", agent, describeGroups(agent, ga, true), describeGroups(agent, gb, true))
	for _, b := range gb {
		if slices.ContainsFunc(ga, func(a GroupRef) bool { return slices.Equal(a.Agents, b.Agents) }) {
			continue
		}
		for _, a := range ga {
			switch {
			case len(a.Agents) > len(b.Agents) && subset(b.Agents, a.Agents):
				msg += fmt.Sprintf(": %s was merged into the group at line %d", describeGroups(agent, []GroupRef{b}, false), a.Line+1)
			case len(a.Agents) < len(b.Agents) && subset(a.Agents, b.Agents):
				msg += fmt.Sprintf(": %s was split", describeGroups(agent, []GroupRef{b}, false))
			default:
				continue
			}
			return msg
		}
	}
	return msg
}

// subset reports whether every element of a is in b.
func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// describeGroups names groups for a message about agent: "its own group at
// line 12", "the * group at line 3", "the group of a, b at line 7", each
// with " (no rules)" when empty and empty is true.
func describeGroups(agent string, refs []GroupRef, empty bool) string {
	var parts []string
	for _, r := range refs {
		var s string
		switch {
		case slices.Equal(r.Agents, []string{"*"}):
			s = "the * group"
		case len(r.Agents) == 1 && namesAgent(r.Agents[0], agent):
			s = "its own group"
		default:
			s = "the group of " + strings.Join(r.Agents, ", ")
		}
		s += fmt.Sprintf(" at line %d", r.Line+1)
		if empty && r.Rules == 0 {
			s += " (no rules)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " and ")
}

// namesAgent reports whether token, as a profile reads a user-agent line,
// is agent's own name.
func namesAgent(token, agent string) bool {
	return strings.EqualFold(token, agent) || strings.EqualFold(token, match.GoogleAgent([]byte(agent)))
}

// mergeMoves merges the moves that read the same in several profiles and
// orders them as agents are.
func mergeMoves(moves []GroupMove, agents []string) []GroupMove {
	var out []GroupMove
	for _, m := range moves {
		i := slices.IndexFunc(out, func(o GroupMove) bool { return o.Agent == m.Agent && o.Message == m.Message })
		if i >= 0 {
			out[i].Profiles = append(out[i].Profiles, m.Profiles...)
			continue
		}
		out = append(out, m)
	}
	slices.SortStableFunc(out, func(a, b GroupMove) int {
		return cmp.Compare(slices.Index(agents, a.Agent), slices.Index(agents, b.Agent))
	})
	return out
}

// linesURLs returns the probe URLs of lines of f.
func linesURLs(f *syntax.File, lines []int) []string {
	var urls []string
	for _, i := range lines {
		urls = appendLineURLs(urls, f, i)
	}
	return urls
}
