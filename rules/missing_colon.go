package rules

import (
	"fmt"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/syntax"
)

// MissingColon reports a directive without the colon after its name:
// "Disallow /tmp", "Disallow; /tmp", "Sitemap https://..." (whose first
// colon is the URL's), a full-width colon, or a name alone.
//
// Google's parser guesses: a line without a colon that holds exactly two
// words is read as name and value. Every other crawler needs the colon and
// ignores the line.
var MissingColon = &lint.Rule{
	Name:    "missing-colon",
	Summary: "a directive without a colon after its name, which only Google reads, and only when the line has two words",
	Doc: lint.Doc{
		What: "Reports a line that names a directive but has no colon after the name: `Disallow /tmp`, a semicolon " +
			"or full-width colon in its place (`Disallow; /tmp`, `Sitemap：https://...`), a name whose first colon is " +
			"further on (`Disallow https://example.com/x`, where the colon belongs to `https:`), or a name alone (`Disallow`).",
		Why: "RFC 9309, Bing and Yandex split a line at its first colon; without one the line is not a directive " +
			"and they ignore it. Google's parser guesses: a line without a colon that holds exactly two words is read " +
			"as name and value, so `Disallow /tmp` works for Googlebot only. A line whose first colon is later on is " +
			"split there, so `Disallow https://example.com/x` becomes the name `Disallow https`, which Google reads as " +
			"`Disallow: //example.com/x` and the others ignore.",
		Instead: "Write the colon right after the name.",
		FixSafety: "The fix inserts the colon, or writes it over the semicolon or full-width colon that stands in for " +
			"it, and corrects the name where it is misspelled too. It is safe (applied by `--fix`) when Google " +
			"already reads the line that way, as it does a line of exactly two words (`Disallow /tmp/`), and " +
			"robotslint proves the rest: it compares the verdicts of every other crawler you target before and " +
			"after the fix, for each crawler the file names and for URLs around the rules of the groups the line " +
			"belongs to, and none may move away from Google's. A line that no crawler reads as an Allow, Disallow " +
			"or User-agent line, before or after (a misspelled `Sitemap` or `Crawl-delay`), changes no verdict, " +
			"and its fix is safe. It is unsafe (applied only with `--unsafe-fixes`) when Google reads the line " +
			"otherwise now: a line of three words or more, which Google ignores, or `Disallow " +
			"https://example.com/x`, which Google splits at the colon of `https:`; the fix then changes what " +
			"Googlebot may fetch. The proof has a budget: in a file with many crawlers and rules, a fix whose " +
			"comparison would cost too much is offered as unsafe (applied only with `--unsafe-fixes`), however " +
			"harmless it may be.",
	},
	Flagged:  "User-agent: *\nDisallow /tmp/\n",
	Clean:    "User-agent: *\nDisallow: /tmp/\n",
	Severity: lint.Error,
	Fixable:  true,
	Profiles: []*match.Profile{match.Google, match.Bing, match.Yandex, match.RFC9309},
	Run:      runMissingColon,
}

func runMissingColon(pass *lint.Pass) {
	f := pass.File
	next := &nextRuleLine{f: f}
	others := targetsWhere(pass, func(p *match.Profile) bool { return p != match.Google })
	othersIgnore := ""
	if len(others) > 0 {
		othersIgnore = prose.Subject(prose.Readers(others), "ignores", "ignore") + " the line"
	}
	newLineScan(pass).each(func(i int, info *lineInfo) {
		if info.meant == syntax.DirectiveNone || info.colon == colonOK || isNoindexFamily(info.meant) {
			return
		}
		readsAs := googleReadsAs(f, i, info)
		span, msg, harmless := colonMessage(f, i, info, readsAs, othersIgnore, next)
		severity := lint.Error
		if harmless || readsAs != "" && othersIgnore == "" {
			// Every targeted crawler reads the line already.
			severity = lint.Warning
		}
		if span.Len() == 0 {
			span = info.name
		}
		reportName(pass, i, info, span, msg, severity)
	})
}

// googleReadsAs returns, quoted, the directive Google reads on line i when
// it is the one the line means ("`Disallow: /x`"), or "".
func googleReadsAs(f *syntax.File, i int, info *lineInfo) string {
	google := readGoogleLine(f, i)
	switch {
	case google.d != info.meant:
		return ""
	case google.value == "":
		return prose.Quote([]byte(info.meant.Canonical() + ":"))
	}
	return prose.Quote([]byte(info.meant.Canonical() + ": " + google.value))
}

// colonMessage words the finding on line i, whose colon is missing or
// stands elsewhere, given what Google reads there (readsAs) and what the
// other targets do (othersIgnore): where to report it, the message, and
// whether the line is harmless as it is.
func colonMessage(f *syntax.File, i int, info *lineInfo, readsAs, othersIgnore string, next *nextRuleLine) (span syntax.Span, msg string, harmless bool) {
	text := prose.Quote(f.Text(info.body))
	span = info.sep
	switch info.colon {
	case colonMissing:
		msg = text + " has no colon"
		if readsAs != "" {
			msg += ": Google guesses " + readsAs
			if othersIgnore != "" {
				msg += ", but " + othersIgnore
			}
		} else {
			msg += ", so crawlers ignore the line"
		}
	case colonStandIn:
		msg = fmt.Sprintf("%s stands where the colon belongs", prose.Quote(f.Text(info.sep)))
		switch {
		case readsAs != "" && othersIgnore != "":
			msg += ": Google reads the line as " + readsAs + ", but " + othersIgnore
		case readsAs != "":
			msg += ": Google reads the line as " + readsAs
		default:
			msg += ", so crawlers ignore the line"
		}
	case colonLater:
		msg = fmt.Sprintf("no colon after %s: the first colon of %s is further on", prose.Quote(f.Text(info.name)), text)
		switch {
		case readsAs != "" && othersIgnore != "":
			msg += fmt.Sprintf(", so Google reads the line as %s and %s", readsAs, othersIgnore)
		case readsAs != "":
			msg += fmt.Sprintf(", so Google reads the line as %s", readsAs)
		default:
			msg += ", so crawlers ignore the line"
		}
	case colonAlone:
		span = info.name
		msg = text + " has neither colon nor value, so crawlers ignore the line"
		if info.meant == syntax.DirectiveAllow || info.meant == syntax.DirectiveDisallow {
			if next.agentAfter(i) {
				msg += ", and the User-agent line after it joins this group"
			} else {
				// Ignored, it does what an empty rule would: nothing.
				msg += ", which does what an empty " + prose.Quote([]byte(info.meant.Canonical()+":")) + " would: nothing"
				harmless = true
			}
		}
	case colonWords:
		msg = text + " has no colon, so crawlers ignore the line: Google guesses a colon only in a line of exactly two words"
	}
	return span, msg, harmless
}

// nextRuleLine tells, for a line, whether the next line that Google reads
// as a rule or a user-agent line is a user-agent line: then a rule line
// that no crawler reads lets that user-agent line join the group above,
// and the group's crawlers get the next group's rules.
type nextRuleLine struct {
	f     *syntax.File
	agent []bool // agent[i]: the next such line after line i is a user-agent line
}

func (n *nextRuleLine) agentAfter(i int) bool {
	if n.agent == nil {
		// One backward pass, on first use.
		f := n.f
		n.agent = make([]bool, len(f.Lines))
		agent := false
		for k := len(f.Lines) - 1; k >= 0; k-- {
			n.agent[k] = agent
			switch d, _, _, _ := match.GoogleLine(f, k); d {
			case syntax.DirectiveUserAgent:
				agent = true
			case syntax.DirectiveAllow, syntax.DirectiveDisallow:
				agent = false
			}
		}
	}
	return n.agent[i]
}
