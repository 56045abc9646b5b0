package rules

import (
	"bytes"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// DuplicateRule reports an Allow or Disallow rule that repeats an earlier
// one for the same crawlers: in the same group, or in another group that
// names exactly the same crawlers, which Google and RFC 9309 parsers merge
// with it. The repeat changes nothing.
var DuplicateRule = &lint.Rule{
	Name:    "duplicate-rule",
	Summary: "the same Allow or Disallow rule twice for the same crawlers",
	Doc: lint.Doc{
		What: "Reports an Allow or Disallow rule that repeats an earlier rule of the same kind and pattern for the " +
			"same crawlers: in the same group, or in another group that names exactly the same crawlers.",
		Why: "Crawlers read all of a crawler's groups as one, so the second copy adds nothing. It is harmless, but " +
			"it makes a long file longer and suggests that two places need editing when a rule changes.",
		Instead: "Keep one copy of each rule.",
		FixSafety: "Deleting the repeat is safe (applied by `--fix`) when the two copies are written byte for byte alike " +
			"(copies that Google reads alike but are written differently, such as `%7e` and `%7E`, are not proved " +
			"alike for other crawlers); the repeat's group keeps another rule, so that its User-agent lines do " +
			"not join the next group; every other crawler you target reads both copies in one group as it groups " +
			"lines (RFC 9309 parsers and Bing by User-agent lines, Yandex and the 1994 standard by blank lines " +
			"too); and the file is no larger than 500 KiB, where deleting a line moves the point crawlers stop " +
			"reading. Otherwise it is unsafe (applied only with `--unsafe-fixes`).",
	},
	Flagged:  "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\nDisallow: /private/\n",
	Clean:    "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n",
	Severity: lint.Info,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.RFC9309, match.Bing, match.Yandex},
	Run:      runDuplicateRule,

	// A second copy of a rule changes nothing: editors fade it.
	Unnecessary: true,
}

func runDuplicateRule(pass *lint.Pass) {
	m := comparedRules(pass)
	if m == nil {
		return
	}
	for k := range m.rules {
		if j, _ := m.twinsOf(k); j >= 0 {
			reportDuplicate(pass, m, &m.rules[j], &m.rules[k])
		}
	}
}

// reportDuplicate reports rule r, which repeats rule q.
func reportDuplicate(pass *lint.Pass, m *comparison, q, r *comparedRule) {
	f := m.f
	lq, lr := &f.Lines[q.line], &f.Lines[r.line]
	where := "of the same group"
	if q.group != r.group {
		where = "in another group for the same crawlers (" + agentList(m.agents(r.group)) + "), which crawlers merge with this one"
	}
	msg := ruleText(f, lr) + " repeats " + lineRef(q.line) + " " + where + ": crawlers read the rule once, so this line changes nothing"
	// Deleting the repeat keeps Google's reading when its group keeps a
	// rule line (else its user-agent lines would join the next group's),
	// and the other profiles' when they read both copies in one group.
	// Rules written differently that Google reads alike (`%7e`, `%7E`)
	// are not proved alike for the others.
	safe := !m.pastLimit &&
		m.groupRules(r.group) >= 2 &&
		bytes.Equal(f.Text(lq.Value()), f.Text(lr.Value())) &&
		m.sameReaders(pass, q, r)
	pass.Report(directiveSpan(lr), msg,
		lint.WithRelated(directiveSpan(lq), "first written here"),
		lint.WithFix(lint.Fix{Title: "Delete the repeated rule", Safe: safe, Edits: []lint.Edit{deleteLine(f, int(r.line))}}))
}

// agentList lists crawler tokens for a message: "googlebot, bingbot".
func agentList(agents []string) string {
	if len(agents) > 4 {
		return strings.Join(agents[:3], ", ") + " and " + prose.Int(len(agents)-3) + " more"
	}
	return strings.Join(agents, ", ")
}
