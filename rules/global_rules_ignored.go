package rules

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// GlobalRulesIgnored reports a crawler whose own group lacks Disallow rules
// of the * group. A crawler obeys the groups that name it and then ignores
// the * group entirely (Google, Bing, Yandex and RFC 9309 alike; Bing keeps
// only the * group's Crawl-delay), so a group written as an addition to the
// * rules, `User-agent: Googlebot` / `Disallow: /search`, reopens everything
// else the * group closes.
var GlobalRulesIgnored = &lint.Rule{
	Name:    "global-rules-ignored",
	Summary: "a crawler's own group lacks rules of the * group, which it no longer reads",
	Doc: lint.Doc{
		What: "Reports a crawler whose own group has none of the `*` group's Disallow rules, as if it were " +
			"written to add to them, and names the rules the crawler no longer reads. It stays quiet when the " +
			"crawler's group repeats or covers any of them (a copy of the `*` rules with changes leaves rules out " +
			"on purpose), when it blocks everything or explicitly allows everything, when the `*` group blocks " +
			"everything (the crawler's group is then an exception), and for crawlers that never read the `*` " +
			"group anyway (AdsBot-Google) or only control the use of content (Google-Extended).",
		Why: "A crawler obeys the groups that name it and ignores the `*` group altogether: Google, Bing, Yandex " +
			"and RFC 9309 all work this way. A group meant to add a rule for one crawler therefore removes all " +
			"the others for it, and the paths the `*` group keeps closed are open to that crawler.",
		Instead: "Repeat the `*` group's rules in the crawler's group, or add the crawler's User-agent line to " +
			"the `*` group when it should follow the same rules.",
	},
	Flagged:  "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /search\n",
	Clean:    "User-agent: *\nDisallow: /admin/\n\nUser-agent: Googlebot\nDisallow: /admin/\nDisallow: /search\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runGlobalRulesIgnored,
}

// groupSummary is what the rule needs to know of one group's rules.
type groupSummary struct {
	any        bool // the group has a rule
	shared     bool // a Disallow repeats or covers one of the * group's
	disallow   bool // a Disallow with a pattern
	disallowed bool // a Disallow of everything: `/` or `/*`
	allow      bool // an Allow with a pattern
	allowSome  bool // an Allow with a pattern other than `/` and `/*`
}

func (a *groupSummary) add(b groupSummary) {
	a.any, a.shared = a.any || b.any, a.shared || b.shared
	a.disallow, a.disallowed = a.disallow || b.disallow, a.disallowed || b.disallowed
	a.allow, a.allowSome = a.allow || b.allow, a.allowSome || b.allowSome
}

func runGlobalRulesIgnored(pass *lint.Pass) {
	f := pass.File
	crawlers, starGroups := namedCrawlers(f)
	star := readStarRules(f, starGroups)
	if len(star.lines) == 0 || star.seen["/"] || star.seen["/*"] {
		// With every URL closed to the rest, a crawler's own group is
		// the exception the author made for it.
		return
	}
	summaries := star.summarize(f)
	for _, fd := range findingsByGroups(crawlers) {
		var sum groupSummary
		for _, g := range fd.groups {
			sum.add(summaries[g])
		}
		// Quiet for a group without rules (empty-record's), one that
		// blocks everything and allows nothing back, one that says
		// explicitly it allows everything, and one that repeats some of
		// the * rules: written knowing them, it leaves the others out on
		// purpose. The mistake is a group written as if it added to the *
		// group, which then reaches the crawler not at all.
		blocksAll := sum.disallowed && !sum.allow
		allowsAll := !sum.disallow && !sum.allowSome
		if !sum.any || blocksAll || allowsAll || sum.shared || slices.ContainsFunc(fd.groups, func(g int) bool { return star.covers(f, g) }) {
			continue
		}
		var lines []int
		for _, id := range fd.crawlers {
			lines = append(lines, crawlers[id].first)
		}
		reportGlobalRulesIgnored(pass, lines, star.lines)
	}
}

// namedCrawler is a crawler a group names, by Google's token.
type namedCrawler struct {
	token string
	first int   // its first User-agent line
	g0    int   // its first group
	more  []int // its other groups, usually none
}

// namedCrawlers returns the crawlers the groups of f name, and the *
// groups. Files repeat crawler names, so each token is made once.
func namedCrawlers(f *syntax.File) (crawlers []namedCrawler, starGroups []int) {
	ids := map[string]int{}
	var buf []byte
	for g := range f.Groups {
		isStar := false
		for _, i := range f.Groups[g].UserAgents {
			buf = appendGoogleToken(buf[:0], f.Text(f.Lines[i].Value()))
			if len(buf) == 1 && buf[0] == '*' {
				isStar = true
				continue
			}
			if len(buf) == 0 {
				continue
			}
			id, ok := ids[string(buf)]
			switch {
			case !ok:
				ids[string(buf)] = len(crawlers)
				crawlers = append(crawlers, namedCrawler{token: string(buf), first: i, g0: g})
			case crawlers[id].g0 != g && (len(crawlers[id].more) == 0 || crawlers[id].more[len(crawlers[id].more)-1] != g):
				crawlers[id].more = append(crawlers[id].more, g)
			}
		}
		if isStar {
			starGroups = append(starGroups, g)
		}
	}
	return crawlers, starGroups
}

// starRules are the * groups' Disallow rules with a pattern.
type starRules struct {
	lines []int           // their lines, one per pattern
	seen  map[string]bool // their patterns
	bloom patternBloom    // rejects most patterns before seen is asked
	// lits are the patterns' literal starts, sorted, made on first use;
	// covered says for each group whether one of its Disallow rules
	// covers a * rule: 0 unknown, 1 yes, -1 no.
	lits    []string
	covered []int8
}

func readStarRules(f *syntax.File, starGroups []int) *starRules {
	n := 0
	for _, g := range starGroups {
		n += len(f.Groups[g].Rules)
	}
	star := &starRules{seen: make(map[string]bool, n), covered: make([]int8, len(f.Groups))}
	for _, g := range starGroups {
		for _, i := range f.Groups[g].Rules {
			l := &f.Lines[i]
			if p := f.Text(l.Value()); l.Directive == syntax.DirectiveDisallow && len(p) > 0 && !star.seen[string(p)] {
				star.seen[string(p)] = true
				star.bloom.add(p)
				star.lines = append(star.lines, i)
			}
		}
	}
	return star
}

// summarize reads each group's rules once.
func (star *starRules) summarize(f *syntax.File) []groupSummary {
	summaries := make([]groupSummary, len(f.Groups))
	for g := range f.Groups {
		sum := &summaries[g]
		for _, i := range f.Groups[g].Rules {
			sum.any = true
			l := &f.Lines[i]
			p := f.Text(l.Value())
			all := string(p) == "/" || string(p) == "/*"
			switch {
			case len(p) == 0:
			case l.Directive == syntax.DirectiveDisallow:
				sum.disallow = true
				sum.disallowed = sum.disallowed || all
				sum.shared = sum.shared || star.bloom.has(p) && star.seen[string(p)]
			default:
				sum.allow = true
				sum.allowSome = sum.allowSome || !all
			}
		}
	}
	return summaries
}

// covers reports whether a Disallow of group g without wildcards is a
// prefix of the literal start of a * rule: it blocks every path that
// rule blocks, as a repeat would. It is asked only of the groups that
// would otherwise be reported, against the * rules sorted once.
func (star *starRules) covers(f *syntax.File, g int) bool {
	if star.covered[g] != 0 {
		return star.covered[g] > 0
	}
	if star.lits == nil {
		star.lits = literalStarts(star.seen)
	}
	star.covered[g] = -1
	for _, i := range f.Groups[g].Rules {
		l := &f.Lines[i]
		if p := f.Text(l.Value()); l.Directive == syntax.DirectiveDisallow && len(p) > 0 && !bytes.ContainsAny(p, "*$") && prefixOfAny(star.lits, p) {
			star.covered[g] = 1
			break
		}
	}
	return star.covered[g] > 0
}

// ignoredFinding is one finding: crawlers (indices of namedCrawlers')
// that share their groups.
type ignoredFinding struct {
	groups   []int
	crawlers []int
}

// findingsByGroups gathers the crawlers that may lack the * rules into
// one finding per set of groups, leaving out those the knowledge base
// says never read the * group or fetch nothing.
func findingsByGroups(crawlers []namedCrawler) []ignoredFinding {
	var findings []ignoredFinding
	single := map[int]int{}   // a group -> the finding of the crawlers named in it alone
	multi := map[string]int{} // a list of groups -> its finding
	for id := range crawlers {
		c := &crawlers[id]
		if k := crawlerIndex()[c.token]; k != nil {
			if _, ok := k.Quirk(kb.QuirkIgnoresGlobalGroup); ok {
				continue // never reads the * group: its own group is the only way to reach it
			}
			if _, ok := k.Quirk(kb.QuirkControlTokenOnly); ok {
				continue // fetches nothing: the * rules already keep its operator's crawlers out
			}
			if _, ok := k.Quirk(kb.QuirkIgnoresRobots); ok {
				continue
			}
		}
		groups := []int{c.g0}
		n, ok := single[c.g0]
		if len(c.more) > 0 {
			groups = append(groups, c.more...)
			var key strings.Builder
			for _, g := range groups {
				key.WriteString(strconv.Itoa(g))
				key.WriteByte(',')
			}
			n, ok = multi[key.String()]
			if !ok {
				multi[key.String()] = len(findings)
			}
		} else if !ok {
			single[c.g0] = len(findings)
		}
		if !ok {
			n = len(findings)
			findings = append(findings, ignoredFinding{groups: groups})
		}
		findings[n].crawlers = append(findings[n].crawlers, id)
	}
	return findings
}

// literalStarts returns the literal starts of the patterns, sorted:
// each pattern up to its first '*', or without a final '$'.
func literalStarts(patterns map[string]bool) []string {
	lits := make([]string, 0, len(patterns))
	for p := range patterns {
		if i := strings.IndexByte(p, '*'); i >= 0 {
			p = p[:i]
		} else {
			p = strings.TrimSuffix(p, "$")
		}
		if p != "" {
			lits = append(lits, p)
		}
	}
	slices.Sort(lits)
	return lits
}

// prefixOfAny reports whether p is a prefix of one of the sorted
// strings.
func prefixOfAny(sorted []string, p []byte) bool {
	// The comparisons with string(p) do not copy p.
	i := sort.Search(len(sorted), func(k int) bool { return sorted[k] >= string(p) })
	return i < len(sorted) && len(sorted[i]) >= len(p) && sorted[i][:len(p)] == string(p)
}

func reportGlobalRulesIgnored(pass *lint.Pass, lines []int, missing []int) {
	f := pass.File
	var names []string
	for _, i := range lines {
		names = append(names, prose.Quote(f.Text(f.Lines[i].Value())))
	}
	subject := prose.Join(names) + " has a group of its own, so it does not read"
	if len(names) > 3 {
		subject = strings.Join(names[:3], ", ") + " and " + prose.Count(len(names)-3, "other crawler", "other crawlers") +
			" have groups of their own, so they do not read"
	} else if len(names) > 1 {
		subject = prose.Join(names) + " have groups of their own, so they do not read"
	}
	var rules []string
	for _, i := range missing {
		rules = append(rules, prose.Quote([]byte(lineText(f, i))))
	}
	msg := fmt.Sprintf("%s the `*` group and may fetch what its %s out: %s",
		subject, prose.Choose(len(missing), "rule keeps", "rules keep"), prose.JoinCapped(rules, 3))
	opts := []lint.ReportOption{}
	const maxRelated = 20
	for _, i := range missing[:min(len(missing), maxRelated)] {
		opts = append(opts, lint.WithRelated(directiveSpan(&f.Lines[i]), "a `*` rule the crawler does not read"))
	}
	pass.Report(f.Lines[lines[0]].Value(), msg, opts...)
}

// patternBloom is a small Bloom filter of patterns, keyed by their length and
// two of their bytes: most rules of other groups differ from every *
// rule there, and are told apart without hashing the whole pattern.
type patternBloom [128]uint64

func bloomBit(p []byte) uint {
	return (uint(len(p))*131 + uint(p[len(p)-1])*31 + uint(p[len(p)/2])*7 + uint(p[len(p)*3/4])) & 8191
}

func (b *patternBloom) add(p []byte) { k := bloomBit(p); b[k>>6] |= 1 << (k & 63) }

func (b *patternBloom) has(p []byte) bool { k := bloomBit(p); return b[k>>6]&(1<<(k&63)) != 0 }
