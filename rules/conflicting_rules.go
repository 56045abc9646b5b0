package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// ConflictingRules reports rules for the same crawlers that contradict
// each other outright: an Allow and a Disallow of the same pattern, which
// Google and RFC 9309 parsers settle for the Allow and first-match parsers
// for whichever comes first; and an empty `Disallow:` (allow everything)
// beside `Disallow: /` (block everything), where the block wins.
var ConflictingRules = &lint.Rule{
	Name:    "conflicting-rules",
	Summary: "an Allow and a Disallow of the same path for the same crawlers",
	Doc: lint.Doc{
		What: "Reports an Allow and a Disallow rule with the same pattern for the same crawlers, and an empty " +
			"`Disallow:` next to `Disallow: /`.",
		Why: "When an Allow and a Disallow match a URL equally well, Google, Bing, Yandex and RFC 9309 parsers " +
			"follow the Allow, so the Disallow does nothing; parsers that take the first matching rule (the 1994 " +
			"standard, Python's urllib.robotparser) follow whichever comes first. Either way one of the two lines " +
			"is dead, and a reader cannot tell which was meant. An empty `Disallow:` allows everything, yet beside " +
			"`Disallow: /` every crawler blocks the whole site.",
		Instead: "Keep the rule you mean and delete the other; to allow a page inside a blocked folder, allow the " +
			"longer path, first (`Allow: /shop/help`, then `Disallow: /shop/`).",
	},
	Flagged:  "User-agent: *\nDisallow: /shop/\nAllow: /shop/\n",
	Clean:    "User-agent: *\nAllow: /shop/help\nDisallow: /shop/\n",
	Severity: lint.Warning,
	Fixable:  false,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runConflictingRules,
}

func runConflictingRules(pass *lint.Pass) {
	m := comparedRules(pass)
	if m == nil {
		return
	}
	// emptyOrAll holds, by agent set, the first empty Disallow and the
	// first `Disallow: /` (or `/*`).
	type pair struct{ empty, all int32 }
	emptyOrAll := map[int32]pair{}
	for k := range m.rules {
		r := &m.rules[k]
		pat := m.pat(r)
		if !r.allow && (len(pat) == 0 || string(pat) == "/" || string(pat) == "/*") {
			set := m.groups[r.group].set
			p, ok := emptyOrAll[set]
			if !ok {
				p = pair{-1, -1}
			}
			before := p
			if len(pat) == 0 && p.empty < 0 {
				p.empty = int32(k)
			} else if len(pat) > 0 && p.all < 0 {
				p.all = int32(k)
			}
			emptyOrAll[set] = p
			if p != before && p.empty >= 0 && p.all >= 0 {
				reportEmptyAndAll(pass, m, &m.rules[p.empty], &m.rules[p.all])
			}
		}
		if len(pat) == 0 {
			continue
		}
		// Reported once, at the first rule of the later kind.
		if same, other := m.twinsOf(k); same < 0 && other >= 0 {
			reportConflict(pass, m, &m.rules[other], r)
		}
	}
}

// reportConflict reports rule r, which has the pattern of the earlier rule
// q of the other kind.
func reportConflict(pass *lint.Pass, m *comparison, q, r *comparedRule) {
	f := m.f
	lq, lr := &f.Lines[q.line], &f.Lines[r.line]
	longest := prose.Readers(targetsWhere(pass, func(p *match.Profile) bool { return p != match.Legacy }))
	if len(longest) == 0 {
		longest = []string{"longest-match crawlers"}
	}
	where := ""
	if q.group != r.group {
		where = " (in another group for the same crawlers)"
	}
	var msg string
	if r.allow {
		msg = fmt.Sprintf("%s names the same path as %s on %s%s: %s the Allow, so the Disallow does nothing",
			ruleText(f, lr), ruleText(f, lq), lineRef(q.line), where, prose.Subject(longest, "follows", "follow"))
		if pass.Targeted(match.Legacy) {
			msg += ", while " + match.Legacy.Readers + " take the first rule, the Disallow"
		}
	} else {
		msg = fmt.Sprintf("%s names the same path as %s on %s%s: %s the Allow, so this Disallow does nothing",
			ruleText(f, lr), ruleText(f, lq), lineRef(q.line), where, prose.Subject(longest, "follows", "follow"))
	}
	pass.Report(directiveSpan(lr), msg+"; keep the one you mean", lint.WithRelated(directiveSpan(lq), "the other rule"))
}

// reportEmptyAndAll reports the later of an empty Disallow and a
// `Disallow: /` for the same crawlers.
func reportEmptyAndAll(pass *lint.Pass, m *comparison, empty, all *comparedRule) {
	f := m.f
	le, la := &f.Lines[empty.line], &f.Lines[all.line]
	var at, other syntax.Span
	var msg string
	if empty.line > all.line {
		at, other = directiveSpan(le), directiveSpan(la)
		msg = fmt.Sprintf("an empty %s allows everything, but %s on %s blocks everything for the same crawlers, and crawlers obey it: "+
			"this line does nothing; keep the one you mean", "`"+string(f.Text(le.Key()))+":`", ruleText(f, la), lineRef(all.line))
	} else {
		at, other = directiveSpan(la), directiveSpan(le)
		msg = fmt.Sprintf("%s blocks everything, while the empty %s on %s allows everything for the same crawlers: crawlers block "+
			"the whole site and the empty rule does nothing; keep the one you mean", ruleText(f, la), "`"+string(f.Text(le.Key()))+":`", lineRef(empty.line))
	}
	pass.Report(at, msg, lint.WithRelated(other, "the other rule"))
}
