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
	// The names the file gives crawlers, by their lower-case name.
	named := map[string]string{}
	for _, a := range l.Agents {
		if t := l.Tokens[a.Token]; t != "*" && t != "" && !strings.ContainsAny(t, " \t/") {
			named[t] = string(f.Text(f.Lines[a.Line].Value()))
		}
	}
	for g := range l.Groups {
		for _, a := range l.GroupAgents(g) {
			value := l.Tokens[a.Token]
			if value == "*" {
				continue
			}
			raw := f.Text(f.Lines[a.Line].Value())
			var inside []string // the names inside value whose crawlers obey g instead of other rules
			var first string    // the first of them, lower-case
			var otherwise []int // the records its crawler would obey but for g
			for _, n := range variantsInside(value, named) {
				if namesItself(value, n.name) {
					continue
				}
				if sel := l.Select(n.name); len(sel) == 0 || sel[0] != g || otherLineNames(l, g, a.Line, n.name) {
					continue
				}
				without := l.SelectWithout(n.name, g)
				if sameRules(l, g, without) {
					continue
				}
				if len(inside) == 0 {
					first, otherwise = n.name, without
				}
				inside = append(inside, n.shown)
			}
			if len(inside) == 0 {
				continue
			}
			var quoted []string
			for _, n := range inside {
				quoted = append(quoted, prose.Quote([]byte(n)))
			}
			instead := "may fetch every URL, as no other record applies"
			if len(otherwise) > 0 {
				// The line that makes the record the crawler's: one that
				// holds its name, else the * line.
				agents := l.GroupAgents(otherwise[0])
				line := -1
				for _, b := range agents {
					if t := l.Tokens[b.Token]; t != "*" && strings.Contains(t, first) || t == "*" && line < 0 {
						line = int(b.Line)
					}
				}
				if line < 0 {
					line = int(agents[0].Line)
				}
				instead = fmt.Sprintf("obeys the record of %s (line %d)", prose.Quote([]byte(lineText(f, line))), line+1)
			}
			i := int(a.Line)
			msg := fmt.Sprintf("%s holds %s, so %s apply this record to %s too, as they obey the first record whose User-agent value contains the crawler's name; without it, %s %s",
				prose.Quote(raw), prose.JoinCapped(quoted, 3), match.Legacy.Readers, prose.JoinCapped(quoted, 3), quoted[0], instead)
			pass.Report(directiveSpan(&f.Lines[i]), msg)
		}
	}
}

// A crawlerName is a crawler's name, lower-case and as it is shown.
type crawlerName struct{ name, shown string }

// variantsInside returns the names of crawlers that value holds, longest
// first: those the file names, held as a word of their own, and the
// crawlers robotslint knows of which value is a variant, the name and a
// suffix after a '-' ("googlebot-image" of Googlebot, "applebot-extended"
// of Applebot). Other known names inside a word or a phrase ("Spider" in
// "URL_Spider_Pro") would make the draft's substring match too, but no
// crawler of that bare name is likely to read the file.
func variantsInside(value string, named map[string]string) []crawlerName {
	var out []crawlerName
	for name, shown := range named {
		if name != value && containsName(value, name) {
			out = append(out, crawlerName{name, shown})
		}
	}
	for k := strings.IndexByte(value, '-'); k > 0; k = nextHyphen(value, k) {
		name := value[:k]
		if c := lookupCrawler([]byte(name)); c != nil && named[name] == "" {
			out = append(out, crawlerName{name, c.Token})
		}
	}
	slices.SortFunc(out, func(x, y crawlerName) int {
		if d := len(y.name) - len(x.name); d != 0 {
			return d
		}
		return strings.Compare(x.name, y.name)
	})
	return out
}

// nextHyphen returns the index of the next '-' in value after k, or -1.
func nextHyphen(value string, k int) int {
	if j := strings.IndexByte(value[k+1:], '-'); j >= 0 {
		return k + 1 + j
	}
	return -1
}

// sameRules reports whether record g and the records others (one, or
// none) hold the same rules in the same order, so that a crawler obeys
// the same rules in either.
func sameRules(l *match.Layout, g int, others []int) bool {
	a := l.GroupRules(g)
	var b []match.RuleLine
	if len(others) == 1 {
		b = l.GroupRules(others[0])
	}
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k].Allow != b[k].Allow || string(l.File.Text(a[k].Value())) != string(l.File.Text(b[k].Value())) {
			return false
		}
	}
	return true
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

// namesItself reports whether value is name followed by what is no part of
// a crawler's name: a version ("dotbot/1.0"), a wildcard
// ("Mediapartners-Google*"), a comment in words ("Xenu's Link Sleuth"):
// then the record is the crawler's own.
func namesItself(value, name string) bool {
	if !strings.HasPrefix(value, name) {
		return false
	}
	if len(value) == len(name) {
		return true
	}
	c := value[len(name)]
	return !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '_' || c == '.')
}

// otherLineNames reports whether a User-agent line of group g other than
// line holds name, so that the record is the crawler's without line.
func otherLineNames(l *match.Layout, g int, line int32, name string) bool {
	for _, a := range l.GroupAgents(g) {
		if t := l.Tokens[a.Token]; a.Line != line && t != "*" && strings.Contains(t, name) {
			return true
		}
	}
	return false
}
