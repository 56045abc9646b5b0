package rules

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// OverriddenRule reports an Allow or Disallow rule that never decides a
// URL because a rule of the other kind matches every URL it matches and
// outranks it there: `Disallow: /blog` beside `Allow: /blog*`, which is
// longer, or `Allow: /a` beside `Disallow: /*a`. Google, Bing, Yandex and
// RFC 9309 parsers follow the longest matching pattern, the Allow on a
// tie, so the line says one thing and crawlers do the other.
//
// The proof, for each longest-match profile targeted: the other rule
// matches every URL the rule matches (patternCovers, exact when it says
// so), its pattern is longer, or as long and an Allow, and every crawler
// that reads the rule reads the other rule too: in the same group, or in
// a group that names every crawler the rule's group names, which Google,
// Bing and RFC 9309 parsers merge with it and Yandex selects with it.
// Only rules every targeted profile reads as written are judged, so that
// lengths and patterns are the same for all. An Allow that Google also
// reads as allowing its directory (index.html) is judged for Google on
// both patterns. An Allow and a Disallow of the same pattern for the same
// crawlers are conflicting-rules' to report.
var OverriddenRule = &lint.Rule{
	Name:    "overridden-rule",
	Summary: "an Allow or Disallow rule that a rule of the other kind always outranks",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow rule that never decides anything because a rule of the other kind " +
			"matches every URL it matches and wins there: `Disallow: /blog` beside `Allow: /blog*`, or " +
			"`Allow: /a` beside `Disallow: /*a`. Rules in two groups that name the same crawler count together, " +
			"as crawlers merge such groups.",
		Why: "Google, Bing, Yandex and RFC 9309 parsers follow the matching rule with the longest pattern, and " +
			"the Allow when an Allow and a Disallow are as long. A rule that some longer rule of the other kind " +
			"always overrides does nothing, so the file does not do what that line says: the URLs it was meant " +
			"to block stay open, or those it was meant to open stay blocked.",
		Instead: "Decide which rule you mean. To block `/blog` but allow the rest, keep `Disallow: /blog` and " +
			"narrow the Allow (`Allow: /blog/public/`); if the other rule is right, delete this one.",
	},
	Flagged:  "User-agent: *\nDisallow: /blog\nAllow: /blog*\n",
	Clean:    "User-agent: *\nDisallow: /blog\nAllow: /blog/public/\n",
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runOverriddenRule,
}

// patternBytes returns a mask of the bytes of pattern other than '*' and '$',
// folded into 64 bits.
func patternBytes(pattern []byte) uint64 {
	var m uint64
	for _, c := range pattern {
		m |= byteBits[c]
	}
	return m
}

// byteBits is patternBytes of each byte alone: a table, as the sweep asks
// it of every byte of thousands of patterns.
var byteBits = func() (t [256]uint64) {
	for c := range t {
		if c != '*' && c != '$' {
			t[c] = 1 << (c & 63)
		}
	}
	return t
}()

// maxOverTries bounds the rules of the other kind tried for one rule: a
// file with thousands of wildcard rules for the same crawlers would
// otherwise make the rule quadratic. Real files have a few dozen.
const maxOverTries = 16

// overEntry holds, for an entry of the sweep (redEntry), the longest
// priority of each kind among its rules that may outrank others, and
// those rules, by kind, longest first, in redSweep.overCands: listed when
// a rule is first judged against them, since most entries never are.
type overEntry struct {
	listed  bool
	cands   [2][2]int // cands[kind] is overCands[cands[kind][0]:cands[kind][1]]
	longest [2]int32
	// stackLongest is the longest of each kind in this entry and those
	// below it on the stack: most rules have no candidate that long, and
	// this one test says so.
	stackLongest [2]int32
}

// overCand is a rule that may outrank others: its place in sorted order,
// its priority, and patternBytes of its pattern past its literal prefix,
// every one of which a rule it covers must hold.
type overCand struct {
	k, prio, group int32
	mask           uint64
}

func runOverriddenRule(pass *lint.Pass) {
	m := comparedRules(pass)
	if m == nil {
		return
	}
	if d := m.deadRules(pass); d != nil {
		for _, f := range d.overridden {
			reportOverridden(pass, m, f[0], f[1])
		}
	}
}

// outranking reports whether item it may outrank others: only a pattern
// with a '*' can outrank a rule it covers; one without is a literal
// prefix of the rule's, no longer than the rule, and ties only with a
// twin.
func outranking(it *sortedRule) bool { return it.star && !it.extra && it.clean }

// overLongest sets the longest priorities of e, the entry of items i to j
// (one literal prefix).
func (s *redSweep) overLongest(e *overEntry, i, j int) {
	for k := i; k < j; k++ {
		if c := s.at(k); outranking(c) {
			e.longest[c.kind] = max(e.longest[c.kind], c.prio)
		}
	}
}

// listOver lists the rules of e, the entry of items i to j, that may
// outrank others.
func (s *redSweep) listOver(e *overEntry, i, j int) {
	m := s.m
	e.listed = true
	for kind := range int32(2) {
		from := len(s.overCands)
		for k := i; k < j; k++ {
			if c := s.at(k); c.kind == kind && outranking(c) {
				pat := m.itemPat(c)
				s.overCands = append(s.overCands, overCand{int32(k), c.prio, c.group, patternBytes(pat[c.litLen:])})
			}
		}
		cs := s.overCands[from:]
		if len(cs) > 1 {
			slices.SortFunc(cs, func(a, b overCand) int { return cmp.Compare(b.prio, a.prio) })
		}
		e.cands[kind] = [2]int{from, len(s.overCands)}
	}
}

// judgeOverride records item k when a rule of the other kind outranks it
// wherever it matches. Such a rule matches every URL the item matches, so
// its literal prefix is a prefix of the item's: it is in an entry on the
// stack.
func (s *redSweep) judgeOverride(k int) {
	m := s.m
	it := s.at(k)
	if it.extra || !it.clean {
		return
	}
	// A Disallow loses to an Allow as long; an Allow only to a longer
	// Disallow.
	need := it.prio
	if it.kind == 1 {
		need++
	}
	other := 1 - it.kind
	if s.stack[len(s.stack)-1].over.stackLongest[other] < need {
		return
	}
	// Most rules have no candidate: the rule, its pattern and its bytes
	// are read once one asks.
	var r *comparedRule
	var pat []byte
	var mask uint64
	merged := m.groups[it.group].merged
	tries := 0
	for a := len(s.stack) - 1; a >= 0; a-- {
		e := &s.stack[a]
		if e.over.longest[other] < need {
			continue
		}
		if !e.over.listed {
			s.listOver(&e.over, e.from, e.to)
		}
		for _, c := range s.overCands[e.over.cands[other][0]:e.over.cands[other][1]] {
			if c.prio < need {
				break
			}
			if tries++; tries > maxOverTries {
				return
			}
			if c.group != it.group && !merged {
				continue // a group no crawler reads with r's
			}
			if r == nil {
				r, pat = &m.rules[it.rule], m.itemPat(it)
				mask = patternBytes(pat)
			}
			if c.mask&^mask != 0 {
				continue // q needs a byte r lacks
			}
			q := &m.rules[s.at(int(c.k)).rule]
			// Both start with the entry's literal prefix.
			qpat, at := m.pat(q), len(e.lit)
			if !patternCovers(qpat[at:], pat[at:]) || !s.readWith(q, r, s.pass.Targeted(match.Google)) {
				continue
			}
			if bytes.Equal(qpat, pat) && m.groups[q.group].set == m.groups[r.group].set {
				continue // conflicting-rules
			}
			s.found.overridden = append(s.found.overridden, [2]*comparedRule{q, r})
			return
		}
	}
}

// namesAll reports whether group h of l names every crawler token group g
// names: a profile that merges the groups naming a crawler (Google, Bing,
// RFC 9309) or selects every group with the longest value a crawler's
// name holds (Yandex) then reads h wherever it reads g.
func namesAll(l *match.Layout, h, g int32) bool {
	if h == g {
		return true
	}
	for _, a := range l.GroupAgents(int(g)) {
		found := false
		for _, b := range l.GroupAgents(int(h)) {
			if b.Token == a.Token {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// reportOverridden reports rule r, which rule q outranks wherever it
// matches, saying which crawlers follow q there.
func reportOverridden(pass *lint.Pass, m *comparison, q, r *comparedRule) {
	f := m.f
	lq, lr := &f.Lines[q.line], &f.Lines[r.line]
	verb, decides := "blocks nothing", "keeps those URLs allowed"
	if r.allow {
		verb, decides = "allows nothing", "keeps them blocked"
	}
	why := "its pattern is longer"
	if len(m.pat(q)) == len(m.pat(r)) {
		why = "an Allow wins a tie"
	}
	where := ""
	if q.group != r.group {
		where = " (in another group for the same crawlers, which they merge with this one)"
	}
	// Google also reads an index.html Allow as allowing its directory,
	// which q need not cover.
	google := pass.Targeted(match.Google)
	googleKeeps := google && r.indexHTML && !coversDir(m, q, r)
	readers := targetsWhere(pass, func(p *match.Profile) bool {
		return p != match.Legacy && !(p == match.Google && googleKeeps)
	})
	if len(readers) == 0 {
		return
	}
	for_ := ""
	if googleKeeps || pass.Targeted(match.Legacy) {
		for_ = " for " + prose.Join(prose.Readers(readers))
	}
	msg := fmt.Sprintf("%s %s%s: %s on %s%s matches every URL it matches and %s, as %s",
		ruleText(f, lr), verb, for_, ruleText(f, lq), lineRef(q.line), where, decides, why)
	if googleKeeps {
		dir := m.pat(r)
		dir = dir[:bytes.LastIndexByte(dir, '/')+1]
		msg += "; Google still follows it for " + prose.Quote(dir) + ", which it also reads the rule as allowing"
	}
	if pass.Targeted(match.Legacy) {
		msg += "; " + match.Legacy.Readers + " follow the first matching rule instead, and may read the two lines differently"
	}
	pass.Report(directiveSpan(lr), msg, lint.WithRelated(directiveSpan(lq), "the rule that wins"))
}

// coversDir reports whether Disallow q also outranks Google's extra Allow
// of index.html rule r, its directory ("dir/$").
func coversDir(m *comparison, q, r *comparedRule) bool {
	pat := m.pat(r)
	dir := append(slices.Clone(pat[:bytes.LastIndexByte(pat, '/')+1]), '$')
	qpat := m.pat(q)
	return len(qpat) > len(dir) && patternCovers(qpat, dir)
}
