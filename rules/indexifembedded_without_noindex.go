package rules

import (
	"slices"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// IndexifembeddedWithoutNoindex reports indexifembedded in a tag or
// header when nothing tells Google noindex for the page.
var IndexifembeddedWithoutNoindex = &lint.Rule{
	Name:    "indexifembedded-without-noindex",
	Summary: "indexifembedded without noindex for Google, where it does nothing",
	Doc: lint.Doc{
		What: "Reports `indexifembedded` in a robots META tag or X-Robots-Tag header for Googlebot when no tag or " +
			"header tells Googlebot `noindex` (or `none`) for the same page.",
		Why: "Google added `indexifembedded` in 2022 for content embedded in other pages through iframes: it lets " +
			"Google index the content in the embedding page while the content's own URL stays out of results. Google " +
			"says it only has an effect when accompanied by `noindex`; on its own the URL is indexed anyway, so the " +
			"rule suggests a `noindex` was meant and forgotten.",
		Instead: "Give `noindex` with it, usually in the same header or tag: `X-Robots-Tag: googlebot: noindex, " +
			"indexifembedded`. Remove `indexifembedded` if the page is meant to be indexed.",
	},
	Flagged:  "<head>\n<meta name=\"googlebot\" content=\"indexifembedded\">\n</head>\n",
	Clean:    "<head>\n<meta name=\"googlebot\" content=\"noindex, indexifembedded\">\n</head>\n",
	Severity: lint.Warning,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google},
	RunPage:  runIndexifembeddedWithoutNoindex,
}

func runIndexifembeddedWithoutNoindex(pass *lint.PagePass) {
	if !slices.Contains(pageTargets(pageOf(pass)), match.Google) {
		return
	}
	if saysNoindex(pageOf(pass), match.Google) {
		return
	}
	for _, r := range rulesFor(pageOf(pass), match.Google) {
		if r.rule.Name == "indexifembedded" {
			pass.ReportAt(r.dir, r.rule.Span, "indexifembedded does nothing here: Google reads it only with noindex, and nothing tells Googlebot noindex for this page, so the page is indexed as usual")
		}
	}
}
