package rules

import (
	"strconv"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// DuplicateGroup reports a crawler named in more than one group. RFC 9309
// says to combine the rules of every group that matches a crawler, and
// Google, Bing and Yandex do; the 1997 draft, Yahoo's Slurp and other
// first-match robots obey only the first such group, and Yandex's
// validator calls several `User-agent: *` groups an error. It also
// reports a crawler named twice in one run of User-agent lines, in the
// same case or not.
var DuplicateGroup = &lint.Rule{
	Name:    "duplicate-group",
	Summary: "a crawler named in several groups, whose rules some crawlers merge and others do not, or twice in one group",
	Doc: lint.Doc{
		What: "Reports a User-agent line that names a crawler (or `*`) already named in an earlier group, with " +
			"that group as the related location; and a User-agent line that repeats a name of its own group, in the " +
			"same case or another (`GPTBot` and `GPTbot`).",
		Why: "Google, Bing, Yandex and RFC 9309 crawlers merge the rules of every group that names them, so the " +
			"crawler's rules are scattered over the file and easy to misread. Crawlers that follow the 1994 " +
			"standard and its 1997 draft, and Yahoo's Slurp, obey only the first group that names them and " +
			"never see the second; Yandex reports several `User-agent: *` groups as an error. Every crawler compares " +
			"names without regard to case, so a name repeated in its group changes nothing, but in another case it " +
			"looks meant for another crawler, and one of the two is often a typo for a third.",
		Instead: "Give each crawler one group with all of its rules.",
	},
	Flagged:  "User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /tmp/\n",
	Clean:    "User-agent: Googlebot\nDisallow: /private/\nDisallow: /tmp/\n",
	Severity: lint.Info,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex, match.Legacy},
	Run:      runDuplicateGroup,
}

func runDuplicateGroup(pass *lint.Pass) {
	f := pass.File
	type seen struct{ line, group int }
	first := map[string]seen{} // agent -> its first User-agent line, and the last group naming it
	var merge, legacy, star string
	var key []byte
	inGroup := map[string]int{} // agent -> its first line in the group
	for g := range f.Groups {
		clear(inGroup)
		prev := -1
		for _, i := range f.Groups[g].UserAgents {
			if prev >= 0 && !onlyAgentsBetween(f, prev, i) {
				// "User-agent: * / Crawl-delay: 5 / User-agent: *" reads
				// as two groups to whoever wrote it: group-merge-hazard's;
				// with a blank line between them, empty-record's.
				clear(inGroup)
			}
			prev = i
			value := f.Text(f.Lines[i].Value())
			if len(value) == 0 {
				continue
			}
			key = appendLower(key[:0], value)
			if len(f.Groups[g].UserAgents) > 1 { // most groups name one crawler
				if j, ok := inGroup[string(key)]; ok {
					reportNamedAgain(pass, j, i)
					continue
				}
				inGroup[string(key)] = i
			}
			s, ok := first[string(key)]
			if !ok {
				first[string(key)] = seen{i, g}
				continue
			}
			if s.group == g {
				continue // reported for this group already
			}
			first[string(key)] = seen{s.line, g}
			if merge == "" {
				merge = prose.Subject(subjectReaders(pass, match.Google, match.Bing, match.Yandex, match.RFC9309), "merges", "merge")
				if pass.Targeted(match.Legacy) {
					legacy = ", but 1994-standard crawlers obey only the first"
				}
				if pass.Targeted(match.Yandex) {
					star = "; Yandex reports several `User-agent: *` groups as an error"
				}
			}
			msg := prose.Quote(value) + " already has a group at line " + strconv.Itoa(s.line+1) + ": " + merge + " the rules of both" + legacy
			if string(key) == "*" {
				msg += star
			}
			pass.Report(f.Lines[i].Value(), msg, lint.WithRelated(f.Lines[s.line].Value(), "the first group for it"))
		}
	}
}

// reportNamedAgain reports User-agent line i, which names the crawler that
// line j of the same group names: every crawler compares names without
// regard to case, so the line changes nothing, but a name in another case
// ("GPTbot" beside "GPTBot") reads as if it were meant for another crawler.
func reportNamedAgain(pass *lint.Pass, j, i int) {
	f := pass.File
	a, b := f.Text(f.Lines[j].Value()), f.Text(f.Lines[i].Value())
	msg := prose.Quote(b) + " is already named on line " + strconv.Itoa(j+1) + " of this group: the line changes nothing"
	if string(a) != string(b) {
		msg = prose.Quote(b) + " names the crawler of " + prose.Quote(a) + " on line " + strconv.Itoa(j+1) +
			" again: crawlers compare names without regard to case, so the line changes nothing"
	}
	pass.Report(f.Lines[i].Value(), msg, lint.WithRelated(f.Lines[j].Value(), "the first line naming it"))
}

// onlyAgentsBetween reports whether only comments come between lines a
// and b: the two User-agent lines belong to one run of them. A blank line
// ends the record for Yandex and the 1994 standard (empty-record's).
func onlyAgentsBetween(f *syntax.File, a, b int) bool {
	for k := a + 1; k < b; k++ {
		if f.Lines[k].Kind != syntax.LineComment {
			return false
		}
	}
	return true
}
