package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// BlankLineInGroup reports blank lines between the rules of a group. RFC
// 9309 and Google keep reading the group after a blank line; Yandex and the
// 1994 standard end the record there, so the rules below it belong to no
// group and those crawlers ignore them.
var BlankLineInGroup = &lint.Rule{
	Name:    "blank-line-in-group",
	Summary: "a blank line between the rules of a group, where Yandex stops reading the group",
	Doc: lint.Doc{
		What: "Reports the first blank line between two rules of the same group, with the others as related " +
			"locations, when Yandex or the 1994 standard is " +
			"targeted and the group is one those crawlers read (the `*` group, a Yandex group; with the 1994 " +
			"standard, any group but those of Google's and Microsoft's crawlers). Blank lines between " +
			"groups are the normal separator and never reported.",
		Why: "RFC 9309 and Google allow blank lines inside a group. Yandex does not: \"Empty line breaks " +
			"aren't allowed between the User-agent, Disallow and Allow directives\", and the 1994 standard " +
			"separates records by blank lines. For them the rules after the blank line belong to no group and " +
			"are ignored.",
		Instead: "Keep a group's rules together; to separate sections inside a group, use a comment line.",
		FixSafety: "The fix turns every blank line inside the group into a comment line (`#`), so that Yandex and the " +
			"1994 standard read the group whole; Google, Bing and RFC 9309 parsers skip blank and comment lines " +
			"alike, so their verdicts stay. It fixes all of the group's blank lines at once, since completing " +
			"part of a group can move Yandex's verdicts away from Google's. It is safe (applied by `--fix`) when " +
			"a blank line also cuts the group's User-agent lines from its rules (Yandex then reads no rules in " +
			"the group either way), or when completing the group provably brings Yandex to Google's verdicts: " +
			yandexCompletionSafety + " Otherwise it is unsafe (applied only with `--unsafe-fixes`).",
	},
	Flagged:  "User-agent: *\nDisallow: /admin/\n\nDisallow: /tmp/\n",
	Clean:    "User-agent: *\nDisallow: /admin/\n#\nDisallow: /tmp/\n",
	Severity: lint.Warning,
	Fixable:  true,
	Profiles: []*match.Profile{match.Yandex, match.Legacy},
	Run:      runBlankLineInGroup,
}

// yandexCompletionSafety says when completing a group for Yandex, as the
// fixes of blank-line-in-group and empty-record do, provably brings its
// verdicts to Google's: the conditions of uaYandexCheck.safe.
const yandexCompletionSafety = "the `legacy` profile is not targeted (first-match parsers can " +
	"read the completed group differently from Google); every User-agent value in the file is a plain " +
	"token or `*`; Google and Yandex read the group's lines alike (within the first 500 KiB, no control characters or over-long lines, exact " +
	"directive names with a colon, paths that start with `/` or `*` in plain ASCII without `%`, `$` only " +
	"at the end, no Allow of an `index.html`, which Google also reads as allowing its directory); every " +
	"other group for the same crawlers is whole and read alike too; and, when Yandex is targeted, no " +
	"crawler the group names is part of another Yandex robot's name (`Yandex` of `YandexBot`: Yandex " +
	"robots obey a group whose value their name contains, Google only one that is their name)."

func runBlankLineInGroup(pass *lint.Pass) {
	if !pass.Targeted(match.Yandex) && !pass.Targeted(match.Legacy) {
		return
	}
	f := pass.File
	shapes := groupShapes(f)
	var check *yandexCheck // built on first need
	for k := range shapes {
		s := &shapes[k]
		if len(s.inner) == 0 {
			continue
		}
		readers := recordReaders(pass, s.agentsOf(f))
		if len(readers) == 0 {
			continue
		}
		if check == nil {
			check = newYandexCheck(pass, shapes)
		}
		// One fix turns every blank line inside the group into a comment:
		// Yandex then reads the group whole, as Google does. Completing
		// only part of it could move Yandex's verdicts away from Google's
		// (a longest match over some of the rules is not closer to the
		// longest match over all of them). With the group's User-agent
		// lines cut from its rules, Yandex reads no rules in it either way.
		fix := lint.Fix{
			Title: "Turn the blank line into a comment",
			Safe:  len(s.cut) > 0 || check.safe(k),
		}
		if len(s.inner) > 1 {
			fix.Title = "Turn the " + prose.Count(len(s.inner), "blank line", "blank lines") + " of this group into comments"
		}
		for _, i := range s.inner {
			fix.Edits = append(fix.Edits, lint.Edit{Span: f.Lines[i].Text(), NewText: "#"})
		}
		agent := prose.Quote(f.Text(f.Lines[s.g.UserAgents[0]].Value()))
		if len(s.g.UserAgents) > 1 {
			agent += " and the others of its group"
		}
		// One finding a group, on its first blank line: for Yandex every
		// rule after it is lost, and the later blank lines change nothing
		// more until they are all gone.
		i := s.inner[0]
		rule := 0 // index in s.g.Rules of the first rule after the blank line
		for s.g.Rules[rule] < i {
			rule++
		}
		below := len(s.g.Rules) - rule
		lost, them := fmt.Sprintf("the %s below it (from %s) belong", prose.Count(below, "rule", "rules"), prose.Quote([]byte(lineText(f, s.g.Rules[rule])))), "them"
		if below == 1 {
			lost, them = fmt.Sprintf("the rule below it (%s) belongs", prose.Quote([]byte(lineText(f, s.g.Rules[rule])))), "it"
		}
		msg := fmt.Sprintf("this blank line%s ends the group for %s: %s to no group there, while %s %s to %s",
			blankLineHint(f, i), prose.Join(prose.Readers(readers)), lost,
			prose.Subject(subjectReaders(pass, match.Google, match.Bing, match.RFC9309), "applies", "apply"), them, agent)
		if more := len(s.inner) - 1; more > 0 {
			msg += fmt.Sprintf(" (the group has %s after it)", prose.Count(more, "more blank line", "more blank lines"))
		}
		opts := []lint.ReportOption{lint.WithRelated(directiveSpan(&f.Lines[s.g.UserAgents[0]]), "the group starts here")}
		const maxRelated = 20
		for _, j := range s.inner[1:min(len(s.inner), maxRelated+1)] {
			opts = append(opts, lint.WithRelated(f.Lines[j].Span, "another blank line in the group"))
		}
		pass.Report(f.Lines[i].Span, msg, append(opts, lint.WithFix(fix))...)
	}
}
