package rules

import (
	"strconv"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// DuplicateGroup reports a crawler named in more than one group. RFC 9309
// says to combine the rules of every group that matches a crawler, and
// Google, Bing and Yandex do; the 1997 draft, Yahoo's Slurp and other
// first-match robots obey only the first such group, and Yandex's
// validator calls several `User-agent: *` groups an error.
var DuplicateGroup = &lint.Rule{
	Name:    "duplicate-group",
	Summary: "a crawler named in several groups, whose rules some crawlers merge and others do not",
	Doc: lint.Doc{
		What: "Reports a User-agent line that names a crawler (or `*`) already named in an earlier group, with " +
			"that group as the related location.",
		Why: "Google, Bing, Yandex and RFC 9309 crawlers merge the rules of every group that names them, so the " +
			"crawler's rules are scattered over the file and easy to misread. Crawlers that follow the 1994 " +
			"standard and its 1997 draft, and Yahoo's Slurp, obey only the first group that names them and " +
			"never see the second; Yandex reports several `User-agent: *` groups as an error.",
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
	for g := range f.Groups {
		for _, i := range f.Groups[g].UserAgents {
			value := f.Text(f.Lines[i].Value())
			if len(value) == 0 {
				continue
			}
			key = appendLower(key[:0], value)
			s, ok := first[string(key)]
			if !ok {
				first[string(key)] = seen{i, g}
				continue
			}
			if s.group == g {
				continue // named twice in this group, or reported for it already
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
