package rules

import (
	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
)

// EmptyAllow reports an `Allow:` without a path in a group that has other
// rules. It allows nothing: crawlers ignore a rule without a path. Alone
// in its group it does something, as an empty `Disallow:` does: the group
// exists and allows everything, so the crawler no longer reads `*`; that
// case is left alone.
var EmptyAllow = &lint.Rule{
	Name:    "empty-allow",
	Summary: "an allow line without a path, which allows nothing",
	Doc: lint.Doc{
		What: "Reports an `Allow:` line with no path in a group that has other Allow or Disallow rules.",
		Why: "A rule without a path matches no URL: Google, Bing, Yandex and RFC 9309 crawlers ignore it. An empty " +
			"`Allow:` is often meant as \"allow everything\", which it does not do beside other rules: the group's " +
			"Disallow lines still block what they match.",
		Instead: "Delete the line. To allow a path the group's Disallow lines block, give it: `Allow: /public/`; " +
			"to allow everything, leave the group with only an empty `Disallow:`.",
	},
	Flagged:     "User-agent: *\nAllow:\nDisallow: /private/\n",
	Clean:       "User-agent: *\nDisallow: /private/\n",
	Severity:    lint.Hint,
	Profiles:    []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Unnecessary: true,
	Run:         runEmptyAllow,
}

func runEmptyAllow(pass *lint.Pass) {
	l := pass.Layout(match.Google)
	for g := range l.Groups {
		rules := l.GroupRules(g)
		if len(rules) < 2 {
			continue
		}
		for k := range rules {
			r := &rules[k]
			if r.Allow && r.Value().Len() == 0 {
				line := &pass.File.Lines[r.Line]
				pass.Report(line.Key(), "`Allow:` has no path, so it allows nothing: crawlers ignore a rule without a path, and the group's other rules decide")
			}
		}
	}
}
