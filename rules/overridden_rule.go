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

// maxOverTries bounds the rules of the other kind tried for one rule: a
// file with thousands of wildcard rules for the same crawlers would
// otherwise make the rule quadratic. Real files have a few dozen.
const maxOverTries = 32

// overEntry is one distinct literal prefix on the sweep's stack: the
// rules that can outrank others, by kind, longest first, in
// overSweep.cands.
type overEntry struct {
	lit      []byte
	from, to int
	cands    [2][2]int // cands[kind] is overSweep.cands[cands[kind][0]:cands[kind][1]]
	longest  [2]int32
}

type overSweep struct {
	pass  *lint.Pass
	m     *comparison
	items []sortedRule
	order []int32
	stack []overEntry
	cands []int32
	// layouts of the profiles that read groups differently from Google,
	// when targeted.
	rfc, yandex *match.Layout
}

func runOverriddenRule(pass *lint.Pass) {
	m := comparedRules(pass)
	if m == nil {
		return
	}
	s := &overSweep{pass: pass, m: m}
	if pass.Targeted(match.RFC9309) || pass.Targeted(match.Bing) {
		s.rfc = pass.Layout(match.RFC9309)
	}
	if pass.Targeted(match.Yandex) {
		s.yandex = pass.Layout(match.Yandex)
	}
	if m.googleOnly && (s.rfc != nil || s.yandex != nil) {
		// Lines only Google reads as rules or user-agents group the file
		// differently for the others.
		return
	}
	if !pass.Targeted(match.Google) && s.rfc == nil && s.yandex == nil {
		return // only first-match readers: rule-order speaks for them
	}
	s.items, s.order = m.sorted()
	s.sweep()
}

func (s *overSweep) at(k int) *sortedRule { return &s.items[s.order[k]] }

// sweep walks the items in order of literal prefix. A rule that outranks
// another everywhere matches every URL the other matches, so its literal
// prefix is a prefix of the other's: it is on the stack when the other is
// judged.
func (s *overSweep) sweep() {
	m := s.m
	for i := 0; i < len(s.order); {
		it := s.at(i)
		lit := m.lit(it)
		j := i + 1
		for j < len(s.order) && s.at(j).cluster == it.cluster && bytes.Equal(m.lit(s.at(j)), lit) {
			j++
		}
		for len(s.stack) > 0 {
			top := &s.stack[len(s.stack)-1]
			if s.at(top.from).cluster == it.cluster && bytes.HasPrefix(lit, top.lit) {
				break
			}
			s.stack = s.stack[:len(s.stack)-1]
		}
		e := overEntry{lit: lit, from: i, to: j}
		for kind := range int32(2) {
			from := len(s.cands)
			for k := i; k < j; k++ {
				if c := s.at(k); c.kind == kind && !c.extra && m.rules[c.rule].clean {
					s.cands = append(s.cands, int32(k))
				}
			}
			cs := s.cands[from:]
			slices.SortFunc(cs, func(a, b int32) int { return cmp.Compare(s.at(int(b)).prio, s.at(int(a)).prio) })
			e.cands[kind] = [2]int{from, len(s.cands)}
			if len(cs) > 0 {
				e.longest[kind] = s.at(int(cs[0])).prio
			}
		}
		s.stack = append(s.stack, e)
		if len(s.stack) <= maxRedDepth {
			for k := i; k < j; k++ {
				s.judge(k)
			}
		}
		i = j
	}
}

// judge reports item k when a rule of the other kind outranks it
// wherever it matches.
func (s *overSweep) judge(k int) {
	m := s.m
	it := s.at(k)
	r := &m.rules[it.rule]
	if it.extra || !r.clean {
		return
	}
	// A Disallow loses to an Allow as long; an Allow only to a longer
	// Disallow.
	need := it.prio
	if r.allow {
		need++
	}
	other := 1 - it.kind
	pat := m.pat(r)
	tries := 0
	for a := len(s.stack) - 1; a >= 0; a-- {
		e := &s.stack[a]
		if e.longest[other] < need {
			continue
		}
		for _, c := range s.cands[e.cands[other][0]:e.cands[other][1]] {
			qi := s.at(int(c))
			if qi.prio < need {
				break
			}
			if tries++; tries > maxOverTries {
				return
			}
			q := &m.rules[qi.rule]
			qpat := m.pat(q)
			if bytes.Equal(qpat, pat) && m.groups[q.group].set == m.groups[r.group].set {
				continue // conflicting-rules
			}
			if !s.readWith(q, r) || !patternCovers(qpat, pat) {
				continue
			}
			s.report(q, r)
			return
		}
	}
}

// readWith reports whether every targeted longest-match profile that
// reads rule r also reads rule q for every crawler that reads r: in the
// same group, or in one that names every crawler r's group names.
func (s *overSweep) readWith(q, r *comparedRule) bool {
	m := s.m
	if s.pass.Targeted(match.Google) && !namesAll(m.google, q.group, r.group) {
		return false
	}
	if s.rfc != nil && r.exact >= 0 && (q.exact < 0 || !namesAll(s.rfc, q.exact, r.exact)) {
		return false
	}
	if s.yandex != nil && r.yandex >= 0 && !r.yandexDrop &&
		(q.yandex < 0 || q.yandexDrop || !namesAll(s.yandex, q.yandex, r.yandex)) {
		return false
	}
	return true
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

// report reports rule r, which rule q outranks wherever it matches, saying
// which crawlers follow q there.
func (s *overSweep) report(q, r *comparedRule) {
	m, pass := s.m, s.pass
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
	googleKeeps := google && r.indexHTML && !s.coversDir(q, r)
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
func (s *overSweep) coversDir(q, r *comparedRule) bool {
	pat := s.m.pat(r)
	dir := append(slices.Clone(pat[:bytes.LastIndexByte(pat, '/')+1]), '$')
	qpat := s.m.pat(q)
	return len(qpat) > len(dir) && patternCovers(qpat, dir)
}
