package rules

import (
	"fmt"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// GroupMergeHazard reports User-agent lines that look like the start of a
// new group but continue the one above. For Google and RFC 9309 a group
// ends only at a User-agent line that follows an Allow or Disallow rule:
// Crawl-delay, Sitemap, Host, unknown lines and blank lines do not end it.
// So `User-agent: *` / `Crawl-delay: 10` / blank / `User-agent: BadBot` /
// `Disallow: /` is one group, and Google blocks every crawler.
var GroupMergeHazard = &lint.Rule{
	Name:    "group-merge-hazard",
	Summary: "user-agent lines that Google and RFC 9309 merge into the group above, as no rule ends it",
	Doc: lint.Doc{
		What: "Reports, once a group, a User-agent line that continues the group of earlier User-agent lines " +
			"although a line that is not a rule stands between them: a Crawl-delay, Sitemap, Host or unknown " +
			"line. A plain run of consecutive User-agent lines, the usual way to give several crawlers the same " +
			"rules, is never reported, nor is the same crawler named on both sides; User-agent lines that only " +
			"blank lines separate are empty-record's to report (it says so for every target when the lines below " +
			"name `*`), since Google merging other crawlers is what their author meant as often as not.",
		Why: "Google and RFC 9309 end a group only at a User-agent line that follows an Allow or Disallow rule. " +
			"Lines they do not read as rules, and blank lines, do not end it, so the crawlers named above get " +
			"the rules written for the crawlers below. With `User-agent: *` and a Crawl-delay above " +
			"`User-agent: BadBot` and `Disallow: /`, Google blocks every crawler from the whole site, while " +
			"Yandex, which ends groups at blank lines, reads two groups (google/robotstxt issue #51).",
		Instead: "End each group with at least one Allow or Disallow rule before the next User-agent line; " +
			"an empty `Disallow:` blocks nothing and ends the group.",
		FixSafety: "The fix ends the group above with an empty `Disallow:`, before each User-agent line that continues a " +
			"group. An empty Disallow blocks nothing, but it is never safe (applied only with `--unsafe-fixes`): " +
			"it is meant to change what Google, Bing and RFC 9309 crawlers do, as the crawlers named above stop " +
			"getting the rules written for those below.",
	},
	Flagged:  "User-agent: *\nCrawl-delay: 10\n\nUser-agent: BadBot\nDisallow: /\n",
	Clean:    "User-agent: *\nCrawl-delay: 10\nDisallow:\n\nUser-agent: BadBot\nDisallow: /\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runGroupMergeHazard,
}

func runGroupMergeHazard(pass *lint.Pass) {
	f := pass.File
	shapes := groupShapes(f)
	for k := range shapes {
		s := &shapes[k]
		if len(s.g.Rules) == 0 {
			// Without rules the merged group allows everything, as the
			// separate groups would.
			continue
		}
		// The rules were written for the User-agent lines after the last
		// line that is not a rule; those before it get them too.
		var hazards []int // the runs that start after such a line
		for r := 1; r < len(s.runs); r++ {
			if s.breaks[r].other >= 0 {
				hazards = append(hazards, r)
			}
		}
		if len(hazards) == 0 {
			continue
		}
		last := hazards[len(hazards)-1]
		owners := map[string]bool{}
		for _, run := range s.runs[last:] {
			for _, a := range groupAgents(f, run) {
				owners[a] = true
			}
		}
		var given []string // the crawlers that get rules not written for them
		for _, run := range s.runs[:last] {
			for _, i := range run {
				// An empty value names no crawler.
				if value := f.Text(f.Lines[i].Value()); len(value) > 0 && !owners[agentKey(value)] {
					given = append(given, prose.Quote(value))
					owners[agentKey(value)] = true
				}
			}
		}
		if len(given) == 0 {
			continue // the same crawlers again: merging changes nothing
		}
		reportMergeHazard(pass, s, hazards, given)
	}
}

func reportMergeHazard(pass *lint.Pass, s *groupShape, hazards []int, given []string) {
	f := pass.File
	r := hazards[0]
	b := s.breaks[r]
	head := s.runs[r][0]
	between := "only " + prose.Quote([]byte(lineText(f, b.other)))
	if b.others > 1 {
		between += " and " + prose.Count(b.others-1, "more line that is not a rule", "more lines that are not rules")
	}
	if b.blank >= 0 {
		between += " and a blank line"
	}
	rules := prose.Quote([]byte(lineText(f, s.g.Rules[0])))
	if n := len(s.g.Rules); n > 1 {
		rules += " and " + prose.Count(n-1, "more rule", "more rules")
	}
	var msg strings.Builder
	fmt.Fprintf(&msg, "%s does not start a new group for %s: no Allow or Disallow line comes after %s (%s), so %s %s the rules below (%s) as well",
		prose.Quote([]byte(lineText(f, head))), prose.Join(subjectReaders(pass, match.Google, match.Bing, match.RFC9309)),
		prose.Quote([]byte(lineText(f, s.runs[r-1][len(s.runs[r-1])-1]))), between, prose.JoinCapped(given, 3), prose.Choose(len(given), "gets", "get"), rules)
	if len(hazards) > 1 {
		fmt.Fprintf(&msg, "; the same happens at %s further down", prose.Count(len(hazards)-1, "more User-agent line", "more User-agent lines"))
	}
	if b.blank >= 0 {
		if readers := targetedReaders(pass, match.Yandex, match.Legacy); len(readers) > 0 {
			fmt.Fprintf(&msg, ", while for %s the blank line ends the group", prose.Join(readers))
		}
	}
	opts := []lint.ReportOption{
		lint.WithRelated(directiveSpan(&f.Lines[s.runs[0][0]]), "the group starts here"),
		lint.WithRelated(directiveSpan(&f.Lines[b.other]), "not a rule, so it does not end the group"),
	}
	for _, h := range hazards[1:] {
		opts = append(opts, lint.WithRelated(directiveSpan(&f.Lines[s.runs[h][0]]), "also continues the group"))
	}
	// An empty Disallow is a rule that matches nothing: it ends the group
	// above for every reader and blocks nothing. It changes what Google
	// does, which is why the fix is only offered.
	fix := lint.Fix{Title: "End the group above with an empty `Disallow:`"}
	if len(hazards) > 1 {
		fix.Title = "End each group with an empty `Disallow:`"
	}
	for _, h := range hazards {
		fix.Edits = append(fix.Edits, insertLineAfter(f, s.breaks[h].last, "Disallow:"))
	}
	pass.Report(directiveSpan(&f.Lines[head]), msg.String(), append(opts, lint.WithFix(fix))...)
}
