package rules

import (
	"fmt"
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
)

// ConflictingIndexingRules reports two robots rules that contradict each
// other for a crawler (index and noindex, follow and nofollow, archive and
// noarchive), in one tag or across tags and headers, saying which one each
// targeted crawler obeys: Google the restrictive one, Yandex the
// permissive one.
var ConflictingIndexingRules = &lint.Rule{
	Name:    "conflicting-indexing-rules",
	Summary: "robots rules that contradict each other, such as index and noindex, which Google and Yandex settle in opposite ways",
	Doc: lint.Doc{
		What: "Reports a robots rule that contradicts another one addressed to the same crawler, in the same META " +
			"tag or in another tag or X-Robots-Tag header: `index` and `noindex`, `follow` and `nofollow`, `all` " +
			"and `none`, `archive` and `noarchive`. The message says which rule each targeted crawler obeys. It is a " +
			"warning when the crawlers disagree, and information when they all obey the same rule.",
		Why: "Crawlers add up every tag and header addressed to them, by name or as `robots`, and then settle " +
			"contradictions. Google obeys the more restrictive rule (`noindex` wins). Yandex documents the opposite: " +
			"\"allow directives have priority\", so `index` wins and the page stays in Yandex while it leaves Google. " +
			"Bing does not say; robotslint assumes it behaves as Google. A contradiction usually comes from a template " +
			"adding `index, follow` to every page and a plugin adding `noindex` to some.",
		Instead: "Keep one rule per question: drop `index` and `follow`, which are the default anyway, wherever a " +
			"`noindex` or `nofollow` is meant.",
	},
	Flagged:  "<head>\n<meta name=\"robots\" content=\"index, follow\">\n<meta name=\"robots\" content=\"noindex\">\n</head>\n",
	Clean:    "<head>\n<meta name=\"robots\" content=\"noindex\">\n</head>\n",
	Severity: lint.Warning,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunPage:  runConflictingIndexingRules,
}

// conflict is one contradiction: the restrictive and the permissive rule
// as written, and the crawlers that see both.
type conflict struct {
	restrictive, permissive         string
	restrictiveAt, permissiveAt     pageRule
	restrictiveWins, permissiveWins []*match.Profile
}

func runConflictingIndexingRules(pass *lint.PagePass) {
	var conflicts []*conflict
	for _, p := range pageTargets(pageOf(pass)) {
		combining, _ := kb.CombiningFor(kb.Profile(p.Name))
		first := map[string]pageRule{} // rule name -> where it is first given
		var order []string
		for _, r := range rulesFor(pageOf(pass), p) {
			for _, name := range r.names() {
				arg := r.rule.Value
				if name != r.rule.Name {
					arg = "" // a rule "none" stands for
				}
				if v := kb.LookupPageValue(name); v != nil && reads(v, p) && v.ValidArg(arg) {
					if _, seen := first[name]; !seen {
						first[name] = r
						order = append(order, name)
					}
				}
			}
		}
		for _, name := range order {
			v := kb.LookupPageValue(name)
			if v == nil || !v.Restricts || v.Opposite == "" {
				continue
			}
			other, both := first[v.Opposite]
			if !both {
				continue
			}
			// One finding per pair of rules as written: "none" against
			// "all" is one contradiction, not one for noindex and one for
			// nofollow.
			at := first[name]
			i := slices.IndexFunc(conflicts, func(c *conflict) bool { return c.restrictiveAt == at && c.permissiveAt == other })
			if i < 0 {
				conflicts = append(conflicts, &conflict{restrictive: at.rule.Name, permissive: other.rule.Name, restrictiveAt: at, permissiveAt: other})
				i = len(conflicts) - 1
			}
			c := conflicts[i]
			wins := &c.restrictiveWins
			if combining.Conflicts == kb.PermissiveWins {
				wins = &c.permissiveWins
			}
			if !slices.Contains(*wins, p) {
				*wins = append(*wins, p)
			}
		}
	}
	for _, c := range conflicts {
		var parts []string
		if len(c.restrictiveWins) > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", prose.Subject(prose.Readers(c.restrictiveWins), "obeys", "obey"), c.restrictive))
		}
		if len(c.permissiveWins) > 0 {
			parts = append(parts, fmt.Sprintf("%s %s", prose.Subject(prose.Readers(c.permissiveWins), "obeys", "obey"), c.permissive))
		}
		msg := fmt.Sprintf("%s and %s contradict each other: %s", c.restrictive, c.permissive, prose.Join(parts))
		var opts []lint.ReportOption
		if len(c.restrictiveWins) == 0 || len(c.permissiveWins) == 0 {
			opts = append(opts, lint.WithSeverity(lint.Info))
		} else {
			msg += ", so the crawlers treat the page differently"
		}
		// Report at the one written later, pointing back at the other.
		later, earlier := c.restrictiveAt, c.permissiveAt
		if before(later, earlier) {
			later, earlier = earlier, later
		}
		opts = append(opts, lint.RelatedAt(earlier.dir, earlier.rule.Span, "the contradicting rule"))
		pass.ReportAt(later.dir, later.rule.Span, msg, opts...)
	}
}

// before reports whether a is written before b: in the page before the
// headers, then in header order and by position.
func before(a, b pageRule) bool {
	if a.dir.HeaderNumber != b.dir.HeaderNumber {
		return a.dir.HeaderNumber < b.dir.HeaderNumber
	}
	return a.rule.Span.Start < b.rule.Span.Start
}
