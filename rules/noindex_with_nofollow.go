package rules

import (
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// NoindexWithNofollow points out nofollow written beside noindex, which
// SEO tools find is mostly there by mistake: it is advice, at hint level,
// and says how to write both when both are meant.
var NoindexWithNofollow = &lint.Rule{
	Name:    "noindex-with-nofollow",
	Summary: "nofollow written beside noindex, which keeps crawlers from following the page's links too",
	Doc: lint.Doc{
		What: "Reports `nofollow` in a robots META tag or X-Robots-Tag header when the same crawler is also told " +
			"`noindex` for the page, each written on its own. `none`, which says both at once, is taken as meant " +
			"and not reported.",
		Why: "`noindex` keeps the page out of search results; `nofollow` also keeps crawlers from following its " +
			"links, so the pages it links to lose a way to be found. The two are often copied together when only " +
			"`noindex` was meant (Screaming Frog: nofollow is \"generally used by mistake in combination with " +
			"noindex\"; Sitebulb reports the pair). Google has said it stops following the links of a page it keeps " +
			"out of its index for long anyway, so `noindex` alone is no promise that they are followed for ever.",
		Instead: "Write `noindex` alone when the page should stay out of results but its links may be followed. When " +
			"both are meant, write `none`, which says so in one word.",
	},
	Flagged:  "<head>\n<meta name=\"robots\" content=\"noindex, nofollow\">\n</head>\n",
	Clean:    "<head>\n<meta name=\"robots\" content=\"noindex\">\n</head>\n",
	Severity: lint.Hint,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex},
	RunPage:  runNoindexWithNofollow,
}

func runNoindexWithNofollow(pass *lint.PagePass) {
	type place struct {
		dir   *lint.PageDirective
		start int
	}
	reported := map[place]bool{}
	for _, p := range pageTargets(pageOf(pass)) {
		rules := rulesFor(pageOf(pass), p)
		if !slices.ContainsFunc(rules, func(r pageRule) bool { return r.rule.Name == "noindex" }) {
			continue
		}
		for _, r := range rules {
			if r.rule.Name != "nofollow" || reported[place{r.dir, r.rule.Span.Start}] {
				continue
			}
			reported[place{r.dir, r.rule.Span.Start}] = true
			pass.ReportAt(r.dir, r.rule.Span, "nofollow beside noindex also keeps crawlers from following this page's links: "+
				"if only keeping the page out of results was meant, noindex alone does it; if both are meant, none says so in one word")
		}
	}
}
