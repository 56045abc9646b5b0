package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// Yandex's limits on a robots.txt file, from the errors of its robots.txt
// analysis (Yandex Webmaster, "Robots.txt parsing errors").
const (
	yandexMaxRules      = 2048 // Allow and Disallow rules in the file
	yandexMaxRuleLength = 1024 // characters in a rule
)

// YandexLimits reports what exceeds Yandex's limits when Yandex is
// targeted: more Allow and Disallow rules than Yandex accepts in a file,
// and a rule longer than it accepts.
var YandexLimits = &lint.Rule{
	Name:    "yandex-limits",
	Summary: "more than 2,048 allow and disallow rules, or a rule longer than 1,024 characters: past Yandex's documented limits",
	Doc: lint.Doc{
		What: "When Yandex is targeted, reports a file in which Yandex reads more than 2,048 Allow and Disallow " +
			"rules (counted in the groups as Yandex reads them, on the first rule past the limit), and each " +
			"Allow or Disallow rule whose path is longer than 1,024 characters.",
		Why: "Yandex documents both limits among the errors of its robots.txt analysis: \"Robots.txt file size " +
			"limit exceeded: the number of rules in the file exceeds 2048\" and \"Rule too long: the rule exceeds " +
			"the length limit (1024 characters)\". It does not document which rules its robots obey in such a " +
			"file, so what Yandex blocks may no longer be what the file says. Google, Bing and RFC 9309 set no such " +
			"limits below the 500 KiB a file may hold.",
		Instead: "Merge rules into the prefixes or `*` patterns they share (`Disallow: /*?sort=` for every sorted " +
			"listing instead of one rule per page), drop rules for paths that no longer exist, and shorten a long " +
			"path by matching its start and `*`.",
	},
	Flagged:  "User-agent: Yandex\nDisallow: /catalog/filter/" + strings.Repeat("color-red/", 102) + "\n",
	Clean:    "User-agent: Yandex\nDisallow: /catalog/filter/*color-red/\n",
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Yandex},
	Run:      runYandexLimits,
}

func runYandexLimits(pass *lint.Pass) {
	if !pass.Targeted(match.Yandex) || notRobotsTxt(pass) {
		return
	}
	layout := pass.Layout(match.Yandex)
	f := layout.File
	content := judgeContent(pass)
	if n := len(layout.Rules); n > yandexMaxRules {
		first := layout.Rules[yandexMaxRules]
		pass.Report(f.Lines[first.Line].Text(), fmt.Sprintf("Yandex reads %s Allow and Disallow rules in this file, more than the %s "+
			"it accepts, and this is rule %s: its robots.txt analysis reports “Robots.txt file size limit exceeded”, and Yandex does "+
			"not document which rules its robots then obey",
			prose.Int(n), prose.Int(yandexMaxRules), prose.Int(yandexMaxRules+1)))
	}
	for k := range layout.Rules {
		r := &layout.Rules[k]
		if !content.reads(int(r.Line)) {
			continue
		}
		value := f.Text(r.Value())
		if len(value) <= yandexMaxRuleLength { // fewer bytes, fewer characters
			continue
		}
		if n := utf8.RuneCount(value); n > yandexMaxRuleLength {
			pass.Report(r.Value(), fmt.Sprintf("the rule's path is %s characters long, more than the %s Yandex accepts: its robots.txt "+
				"analysis reports “Rule too long”, and Yandex does not document what its robots do with the rule",
				prose.Int(n), prose.Int(yandexMaxRuleLength)))
		}
	}
}
