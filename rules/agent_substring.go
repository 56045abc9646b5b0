package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// AgentSubstring reports, when the legacy profile is targeted, a record
// whose User-agent value contains another crawler's name
// (`User-agent: Googlebot-Image` contains Googlebot) and which that
// crawler obeys under the 1997 draft: the draft has a robot obey the first
// record "whose value contains the name token of the robot as a
// substring". Only the legacy profile reads this way: Google, Bing, Yandex
// and RFC 9309 crawlers never apply a longer value to a shorter name, and
// Python's urllib.robotparser matches the other way round, so the rule
// does not run for them.
var AgentSubstring = &lint.Rule{
	Name:    "agent-substring",
	Summary: "a User-agent value that contains another crawler's name, which 1994-standard crawlers apply to it",
	Doc: lint.Doc{
		What: "When the legacy profile is targeted, reports a User-agent line whose value contains the name of " +
			"another crawler, one the file names or robotslint knows, as a word of its own (`Googlebot-Image`, " +
			"`Googlebot-News` and `Googlebot-Video` contain `Googlebot`; `Baiduspider` is not taken to contain " +
			"`Spider`), when that crawler obeys the line's record: it comes before any record of the crawler's " +
			"own.",
		Why: "Koster's 1997 draft, which the legacy profile follows, has a robot obey the first record \"that " +
			"contains a User-Agent line whose value contains the name token of the robot as a substring\". A " +
			"record for `Googlebot-Image` is then also a record for a crawler named `Googlebot`, and one placed " +
			"first takes the crawler away from the record written for it. Google, Bing, Yandex and RFC 9309 " +
			"crawlers do not read it so (they compare the whole token, or, for Yandex, look for the value in " +
			"the crawler's name), and Python's urllib.robotparser and Perl's WWW::RobotRules match the other way " +
			"round: they apply a record whose value is contained in the crawler's name, so for them a " +
			"`User-agent: Googlebot` record placed first also covers `Googlebot-Image`.",
		Instead: "Give the crawler whose name is inside the value a record of its own before this one, or accept " +
			"that 1994-standard crawlers treat the two alike. No order suits every first-match reader, since " +
			"the draft and the libraries match in opposite directions: where it matters, give both records " +
			"the same rules.",
	},
	Flagged:  "User-agent: Googlebot-Image\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n",
	Clean:    "User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: Googlebot-Image\nDisallow: /\n",
	Severity: lint.Hint,
	Profiles: []*match.Profile{match.Legacy},
	Run:      runAgentSubstring,
}

func runAgentSubstring(pass *lint.Pass) {
	if !pass.Targeted(match.Legacy) {
		return
	}
	f := pass.File
	l := pass.Layout(match.Legacy)
	// The names to look for: the tokens the file names and the crawlers
	// robotslint knows, by their lower-case name.
	names := map[string]string{}
	for name, c := range crawlerIndex() {
		names[name] = c.Token
	}
	for _, a := range l.Agents {
		if t := l.Tokens[a.Token]; t != "*" && t != "" && !strings.ContainsAny(t, " \t/") {
			names[t] = string(f.Text(f.Lines[a.Line].Value()))
		}
	}
	for g := range l.Groups {
		for _, a := range l.GroupAgents(g) {
			value := l.Tokens[a.Token]
			if value == "*" {
				continue
			}
			var inside []string // the names inside value whose crawlers obey g
			var own []int       // for each, the line of its own record after g, or -1
			for name, shown := range names {
				if name == value || !containsName(value, name) {
					continue
				}
				if sel := l.Select(name); len(sel) == 0 || sel[0] != g {
					continue
				}
				inside = append(inside, shown)
				own = append(own, ownRecord(l, g, name))
			}
			if len(inside) == 0 {
				continue
			}
			// The longest name first: Googlebot before Google.
			order := make([]int, len(inside))
			for k := range order {
				order[k] = k
			}
			slices.SortFunc(order, func(x, y int) int {
				if d := len(inside[y]) - len(inside[x]); d != 0 {
					return d
				}
				return strings.Compare(inside[x], inside[y])
			})
			var quoted []string
			for _, k := range order {
				quoted = append(quoted, prose.Quote([]byte(inside[k])))
			}
			i := int(a.Line)
			msg := fmt.Sprintf("%s also names %s to %s: they obey the first record whose User-agent value contains their name",
				prose.Quote([]byte(lineText(f, i))), prose.JoinCapped(quoted, 3), match.Legacy.Readers)
			if k := order[0]; own[k] >= 0 {
				msg += fmt.Sprintf(", so %s never reaches its own record on line %d", prose.Quote([]byte(inside[k])), own[k]+1)
			}
			pass.Report(directiveSpan(&f.Lines[i]), msg)
		}
	}
}

// ownRecord returns the line of the first User-agent line after group g
// whose value is name, or -1.
func ownRecord(l *match.Layout, g int, name string) int {
	for h := g + 1; h < len(l.Groups); h++ {
		for _, a := range l.GroupAgents(h) {
			if l.Tokens[a.Token] == name {
				return int(a.Line)
			}
		}
	}
	return -1
}

// containsName reports whether value holds name as a word of its own:
// with no letter or digit just before or after it. Any occurrence makes the
// draft's substring match, but one inside a word (`spider` in
// `baiduspider`) is a coincidence of spelling rather than a variant of the
// name, and reporting it would be noise.
func containsName(value, name string) bool {
	word := func(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' }
	for from := 0; ; {
		k := strings.Index(value[from:], name)
		if k < 0 {
			return false
		}
		start, end := from+k, from+k+len(name)
		if (start == 0 || !word(value[start-1])) && (end == len(value) || !word(value[end])) {
			return true
		}
		from = start + 1
	}
}
