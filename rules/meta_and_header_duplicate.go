package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
)

// MetaAndHeaderDuplicate reports a robots rule given to a crawler both in
// a META tag and in an X-Robots-Tag header: crawlers add the two up, so
// one is enough, and two places to change invite the contradictions
// conflicting-indexing-rules reports.
var MetaAndHeaderDuplicate = &lint.Rule{
	Name:    "meta-and-header-duplicate",
	Summary: "the same robots rule in a META tag and in an X-Robots-Tag header, for the same crawler",
	Doc: lint.Doc{
		What: "Reports a robots rule in a META tag that an X-Robots-Tag header also gives to the same crawler, with " +
			"the same value: `noindex` in both, say, each addressed to `robots` or one to `robots` and the other to " +
			"`googlebot`. The finding is on the META tag and points at the header. Rules that contradict each other " +
			"across the two are conflicting-indexing-rules' findings.",
		Why: "Google, Bing and Yandex read both the tag and the header and add up their rules, so the page gets the " +
			"rule once either way. Keeping it in two places, one in the page's template and one in the server's " +
			"configuration, means two places to change: when one is changed and the other forgotten, the page " +
			"keeps a rule nobody meant, or gets two that contradict each other.",
		Instead: "Keep the rule in one place: the META tag for HTML pages, the header for files that have no HTML " +
			"head (PDFs, images) or when the server sets it for a whole directory.",
	},
	Flagged:        "<head>\n<meta name=\"robots\" content=\"noindex, noarchive\">\n</head>\n",
	Clean:          "<head>\n<meta name=\"robots\" content=\"noarchive\">\n</head>\n",
	ExampleHeaders: []string{"noindex"},
	Severity:       lint.Info,
	Scope:          lint.ScopePage,
	Profiles:       []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunPage:        runMetaAndHeaderDuplicate,
}

// duplicate is one rule given in a META tag and again in a header, and
// the crawlers that get it from both.
type duplicate struct {
	meta, header pageRule
	readers      []*match.Profile
}

func runMetaAndHeaderDuplicate(pass *lint.PagePass) {
	var dups []*duplicate
	for _, p := range pageTargets(pageOf(pass)) {
		rules := rulesFor(pageOf(pass), p)
		for _, m := range rules {
			if m.dir.HeaderNumber > 0 {
				continue
			}
			if v := kb.LookupPageValue(m.rule.Name); v == nil || !reads(v, p) {
				continue
			}
			k := slices.IndexFunc(rules, func(h pageRule) bool {
				return h.dir.HeaderNumber > 0 && h.rule.Name == m.rule.Name && strings.EqualFold(h.rule.Value, m.rule.Value)
			})
			if k < 0 {
				continue
			}
			h := rules[k]
			i := slices.IndexFunc(dups, func(d *duplicate) bool { return d.meta == m && d.header == h })
			if i < 0 {
				dups = append(dups, &duplicate{meta: m, header: h})
				i = len(dups) - 1
			}
			dups[i].readers = append(dups[i].readers, p)
		}
	}
	for _, d := range dups {
		rule := pass.Text(d.meta.dir, d.meta.rule.Span)
		msg := fmt.Sprintf("%s is also in the X-Robots-Tag header for %s, which %s both: one of the two is enough, and keeping both means changing both",
			rule, prose.Join(prose.Readers(d.readers)), prose.Verb(prose.Readers(d.readers), "adds up", "add up"))
		pass.ReportAt(d.meta.dir, d.meta.rule.Span, msg, lint.RelatedAt(d.header.dir, d.header.rule.Span, "the same rule in the header"))
	}
}
