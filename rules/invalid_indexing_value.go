package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
)

// InvalidIndexingValue reports a max-snippet, max-image-preview,
// max-video-preview or unavailable_after rule whose value crawlers cannot
// read, or that has none.
var InvalidIndexingValue = &lint.Rule{
	Name:    "invalid-indexing-value",
	Summary: "a max-snippet, max-image-preview, max-video-preview or unavailable_after rule with a value crawlers cannot read",
	Doc: lint.Doc{
		What: "Reports a robots rule that takes a value, in a META tag or an X-Robots-Tag header, whose value is " +
			"missing or malformed: `max-snippet` and `max-video-preview` take a whole number (`-1` for no limit), " +
			"`max-image-preview` takes `none`, `standard` or `large`, and `unavailable_after` a date in RFC 822, " +
			"RFC 850 or ISO 8601 form (`2026-12-31`, `Thu, 31 Dec 2026 23:59:59 GMT`).",
		Why: "Google ignores `max-snippet` when the value is not a valid number and `unavailable_after` when the " +
			"date is not a valid date: the limit or the end date the page asks for does not apply, and nothing says " +
			"so. Bing reads a `max-image-preview` other than its three values as no limit at all.",
		Instead: "Write the value as the engines document it: `max-snippet: 50`, `max-image-preview: large`, " +
			"`max-video-preview: -1`, `unavailable_after: 2026-12-31`.",
	},
	Flagged:  "<head>\n<meta name=\"robots\" content=\"max-snippet: fifty\">\n</head>\n",
	Clean:    "<head>\n<meta name=\"robots\" content=\"max-snippet: 50\">\n</head>\n",
	Severity: lint.Warning,
	Scope:    lint.ScopePage,
	Profiles: []*match.Profile{match.Google, match.Bing},
	RunPage:  runInvalidIndexingValue,
}

func runInvalidIndexingValue(pass *lint.PagePass) {
	for i := range pass.Directives {
		d := &pass.Directives[i]
		for k := range d.Rules {
			r := &d.Rules[k]
			v := kb.LookupPageValue(r.Name)
			if v == nil || v.Arg == kb.ArgNone || v.ValidArg(r.Value) {
				continue
			}
			what := fmt.Sprintf("%s has no value", v.Name)
			span := r.Span
			if r.Value != "" {
				what = fmt.Sprintf("%s is not a value %s takes", prose.Quote([]byte(pass.Text(d, r.ValueSpan))), v.Name)
				span = r.ValueSpan
			}
			pass.ReportAt(d, span, fmt.Sprintf("%s, so crawlers ignore the rule: it takes %s", what, v.ArgSyntax))
		}
	}
}
