package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// EmptyDisallowMixed reports an empty Disallow line with Disallow rules
// after it in its record. Google, RFC 9309 crawlers and the 1994 standard read it
// as no rule, but Python's urllib.robotparser, the most used first-match
// reader, reads it as an Allow of every URL, which ends its search: the
// Disallow rules below never apply for it.
var EmptyDisallowMixed = &lint.Rule{
	Name:    "empty-disallow-mixed",
	Summary: "an empty Disallow above other rules, which some first-match crawlers read as allowing everything",
	Doc: lint.Doc{
		What: "Reports an empty `Disallow:` line followed, in the same record, by Disallow rules with a path. " +
			"Records are read as the 1994 standard reads them (a blank line ends one), since the crawlers that " +
			"disagree on the line read them so.",
		Why: "An empty `Disallow:` says \"nothing is disallowed\", which is only meaningful alone. Beside other " +
			"rules, Google, Bing, Yandex and RFC 9309 crawlers ignore it, and so does the legacy profile, which " +
			"follows the 1994 standard's \"any empty value, indicates that all URLs can be retrieved\". But " +
			"Python's urllib.robotparser, on which many crawlers are built, reads it as a rule that allows " +
			"every URL, and it takes the first rule that matches: for it, every rule below the empty line is " +
			"dead, and `Disallow:` then `Disallow: /private/` lets it fetch /private/.",
		Instead: "Remove the empty `Disallow:` line: the rules beside it say what is disallowed.",
		FixSafety: "The fix removes the line and is safe (applied by `--fix`): Google, Bing, Yandex, RFC 9309 " +
			"crawlers and the 1994 standard read the line as no rule, and the rules after it still end the " +
			"record's User-agent lines, so none of them changes a verdict; crawlers built like Python's " +
			"urllib.robotparser come to obey the rules below it.",
	},
	Flagged:  "User-agent: *\nDisallow:\nDisallow: /private/\n",
	Clean:    "User-agent: *\nDisallow: /private/\n\nUser-agent: Bingbot\nDisallow:\n",
	Severity: lint.Hint,
	Fixable:  true,
	Profiles: []*match.Profile{match.Legacy},
	Run:      runEmptyDisallowMixed,
}

func runEmptyDisallowMixed(pass *lint.Pass) {
	f := pass.File
	// Most files have no empty Disallow with a Disallow rule after it
	// ("Disallow:" alone allows everything): look for one before reading
	// the file's records.
	empty, found := false, false
	for i := range f.Lines {
		if d, v := match.StandardLine(f, i); d == syntax.DirectiveDisallow {
			if empty && len(v) > 0 {
				found = true
				break
			}
			empty = empty || len(v) == 0
		}
	}
	if !found {
		return
	}
	l := pass.Layout(match.Legacy)
	for g := range l.Groups {
		rules := l.GroupRules(g)
		for k := range rules {
			r := &rules[k]
			if r.Allow || r.Value().Len() > 0 {
				continue
			}
			// An Allow below it allows what robotparser allows anyway:
			// only the Disallow rules below it go unheeded.
			after := 0
			for j := k + 1; j < len(rules); j++ {
				if !rules[j].Allow && rules[j].Value().Len() > 0 {
					after++
				}
			}
			if after == 0 {
				continue
			}
			i := int(r.Line)
			below := "the Disallow below it"
			if after > 1 {
				below = fmt.Sprintf("the %s below it", prose.Count(after, "Disallow rule", "Disallow rules"))
			}
			pass.Report(directiveSpan(&f.Lines[i]),
				fmt.Sprintf("an empty %s among other rules is no rule to Google and the 1994 standard, but Python's urllib.robotparser reads it as allowing every URL and stops there: %s never %s for it",
					prose.Quote([]byte(lineText(f, i))), below, prose.Choose(after, "applies", "apply")),
				lint.WithFix(lint.Fix{Title: "Remove the empty `Disallow:`", Safe: true, Edits: []lint.Edit{deleteLine(f, i)}}))
		}
	}
}
