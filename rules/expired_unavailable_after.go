package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/rules/kb"
)

// ExpiredUnavailableAfter reports an unavailable_after date that has
// passed: Google has taken, or will take, the page out of its results.
var ExpiredUnavailableAfter = &lint.Rule{
	Name:    "expired-unavailable-after",
	Summary: "an unavailable_after date that has passed, so Google drops the page from its results",
	Doc: lint.Doc{
		What: "Reports an `unavailable_after` rule, in a robots META tag or an X-Robots-Tag header, whose date is " +
			"before the time of the run.",
		Why: "After that date Google stops showing the page in its results, as if it said `noindex`. A date left " +
			"over from an expired offer, or copied from a template into pages meant to stay, quietly takes them out " +
			"of search.",
		Instead: "Remove the rule from pages that should stay in results, or move the date forward.",
	},
	Flagged:  "<head>\n<meta name=\"robots\" content=\"unavailable_after: 2001-01-01\">\n</head>\n",
	Clean:    "<head>\n<meta name=\"robots\" content=\"unavailable_after: 2999-12-31\">\n</head>\n",
	Severity: lint.Warning,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google},
	RunPage:  runExpiredUnavailableAfter,
}

func runExpiredUnavailableAfter(pass *lint.PagePass) {
	now := pass.Page.Now
	for i := range pass.Directives {
		d := &pass.Directives[i]
		for k := range d.Rules {
			r := &d.Rules[k]
			if r.Name != "unavailable_after" {
				continue
			}
			date, ok := kb.ParseDate(r.Value)
			if !ok || now.IsZero() || !date.Before(now) {
				continue
			}
			pass.ReportAt(d, r.ValueSpan, fmt.Sprintf("this date has passed (%s): Google no longer shows the page in its results, as if it said noindex", date.UTC().Format("2 January 2006")))
		}
	}
}
