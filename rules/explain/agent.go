package explain

import (
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// userAgent explains a User-agent value: the crawler it names and the
// group that crawler obeys in this file.
func (e *explainer) userAgent() {
	value := e.text(e.f.Lines[e.line].Value())
	if value == "" {
		return
	}
	token := match.GoogleAgent([]byte(value))
	if token == "*" {
		e.star()
		return
	}
	c := kb.LookupCrawler(value)
	if c == nil && token != "" {
		c = kb.LookupCrawler(token)
	}
	name := value
	if c != nil {
		name = c.Token
		e.para("%s — %s, run by %s. %s", term(c.Token), c.Category.Phrase(), c.Operator, honours(c))
		if c.Notes != "" {
			e.para("%s", c.Notes)
		}
		var items [][]Span
		for _, q := range c.Quirks {
			// The notes often quote the same source as a quirk.
			if quote, ok := firstQuote(q.Text); !ok || !strings.Contains(c.Notes, quote) {
				items = append(items, spans("%s", q.Text))
			}
		}
		if len(items) > 0 {
			e.list(items)
		}
	} else {
		e.para("%s is not a crawler robotslint knows.", term(value))
	}
	if e.targeted(match.Google) && token != syntax.LowerASCII(value) {
		if token == "" {
			e.para("Google reads only the leading letters, '_' and '-' of a User-agent value, and this one starts with none: for Google the line names no crawler.")
		} else {
			e.para("Google reads only the leading letters, '_' and '-' of a User-agent value: for Google this line names %s.", code(token))
		}
	}
	e.groupUse(name, c)
}

// honours says whether crawler c obeys robots.txt.
func honours(c *kb.Crawler) string {
	switch c.HonoursRobots {
	case kb.HonoursYes:
		return "Its operator documents that it obeys robots.txt."
	case kb.HonoursNo:
		return "It does not obey robots.txt."
	}
	return "Whether it obeys robots.txt is not documented."
}

// firstQuote returns the first text in double quotes in s.
func firstQuote(s string) (string, bool) {
	_, rest, ok := strings.Cut(s, "\"")
	quote, _, closed := strings.Cut(rest, "\"")
	return quote, ok && closed && quote != ""
}

// groupUse says which group the crawler called name obeys, as Google's
// parser picks it, and where the other targeted profiles pick otherwise.
func (e *explainer) groupUse(name string, c *kb.Crawler) {
	google := e.groupPick(match.Google, name)
	sentence := spans("In this file, %s %s", name, google.describe())
	if !google.own && c != nil {
		if q, ok := c.Quirk(kb.QuirkFallsBackTo); ok {
			if fallback := e.groupPick(match.Google, q.Token); fallback.own {
				sentence = spans("In this file, %s has no group of its own, so it follows the %s group instead, as its operator documents: %s",
					name, q.Token, fallback.where)
			}
		} else if _, ok := c.Quirk(kb.QuirkIgnoresGlobalGroup); ok {
			sentence = spans("%s, but it ignores the %s group, so nothing here restricts it", sentence, code("*"))
		}
	}
	e.para("%s.", sentence)
	// Profiles that agree with Google are not worth a line; those that
	// disagree alike share one.
	var order [][]Span
	differ := map[string][]string{}
	for _, p := range e.targets {
		if p == match.Google {
			continue
		}
		desc := e.groupPick(p, name).describe()
		key := plain(desc)
		if key == plain(google.describe()) {
			continue
		}
		if differ[key] == nil {
			order = append(order, desc)
		}
		differ[key] = append(differ[key], p.Readers)
	}
	for _, desc := range order {
		e.para("For %s, it %s.", prose.Join(differ[plain(desc)]), desc)
	}
}

// groupPick is the choice of groups a profile makes for a crawler.
type groupPick struct {
	own   bool   // the groups name the crawler, rather than being the * groups
	none  bool   // no group applies, not even a * group
	where []Span // the groups, as a noun phrase
}

func (g groupPick) describe() []Span {
	switch {
	case g.none:
		return spans("has no group of its own and there is no %s group, so it may fetch everything", code("User-agent: *"))
	case g.own:
		return spans("uses %s", g.where)
	}
	return spans("has no group of its own: it follows %s", g.where)
}

// groupPick finds the groups the crawler called name obeys when p reads
// the file.
//
// The groups are the crawler's own when one of them is not a * group, or
// holds the User-agent line explained. Each group is shown by the line
// explained when it is one of them, otherwise by its first line that
// names a crawler. The matcher says which groups a crawler obeys, not
// which of their lines names it: where a group names several crawlers and
// the line explained is not in it, the line shown may name another, and
// a crawler named only in a group that also holds a * line is taken to
// follow the * group unless the line explained is there.
func (e *explainer) groupPick(p *match.Profile, name string) groupPick {
	r := e.compiled(p)
	agent := name
	if p == match.Google {
		// Google reads a crawler's own name as it reads User-agent values.
		agent = match.GoogleAgent([]byte(name))
	}
	groups := r.Select(agent)
	if len(groups) == 0 {
		return groupPick{none: true}
	}
	// Every profile falls back on the * groups, so groups without a *
	// line were chosen for naming the crawler. Groups that have one may
	// name it too: the User-agent line explained says so when it is in
	// one of them.
	pick := groupPick{own: slices.ContainsFunc(groups, func(g int) bool {
		group := &r.Groups[g]
		if k := slices.Index(group.UserAgents, e.line); k >= 0 && group.Agents[k] != "*" {
			return true
		}
		return !slices.Contains(group.Agents, "*")
	})}
	var lines [][]Span
	shown := -1
	for _, g := range groups {
		group := &r.Groups[g]
		line := group.UserAgents[0]
		if pick.own {
			if k := slices.Index(group.UserAgents, e.line); k >= 0 {
				line = e.line
			} else if k := slices.IndexFunc(group.Agents, func(a string) bool { return a != "*" }); k >= 0 {
				line = group.UserAgents[k]
			}
		}
		if shown < 0 {
			shown = line
		}
		lines = append(lines, spans("%d", line+1))
	}
	star := code("User-agent: *")
	switch {
	case pick.own && len(lines) == 1:
		l := &e.f.Lines[shown]
		pick.where = spans("the group at line %s (%s)", lines[0], code(e.text(l.Key())+": "+e.text(l.Value())))
	case pick.own:
		pick.where = spans("the groups at lines %s, merged", join(lines))
	case len(lines) == 1:
		pick.where = spans("%s (line %s)", star, lines[0])
	default:
		pick.where = spans("the %s groups (lines %s, merged)", star, join(lines))
	}
	return pick
}

// star explains "User-agent: *": which crawlers it covers, and which known
// ones have groups of their own and so ignore it.
func (e *explainer) star() {
	r := e.compiled(match.Google)
	e.para("%s — every crawler without a group of its own.", term("*"))
	var known [][]Span
	seen := map[string]bool{}
	unknown := 0
	var stars [][]Span
	for _, g := range r.Groups {
		for k, a := range g.Agents {
			if a == "*" {
				stars = append(stars, spans("%d", g.UserAgents[k]+1))
				continue
			}
			c := kb.LookupCrawler(e.text(e.f.Lines[g.UserAgents[k]].Value()))
			if c == nil {
				c = kb.LookupCrawler(a)
			}
			switch {
			case c == nil && !seen["?"+a]:
				seen["?"+a] = true
				unknown++
			case c != nil && !seen[c.Token]:
				seen[c.Token] = true
				known = append(known, spans("%s (line %d)", c.Token, g.UserAgents[k]+1))
			}
		}
	}
	const maxListed = 8
	if n := len(known); n > maxListed {
		known = append(known[:maxListed], spans("%s more", prose.Int(n-maxListed)))
	}
	others := prose.Count(unknown, "other name has a group of its own", "other names have groups of their own")
	switch {
	case len(known) > 0:
		e.para("Known crawlers with a group of their own here, which ignore this one: %s.", join(known))
		if unknown > 0 {
			e.para("%s too.", others)
		}
	case unknown > 0:
		e.para("No crawler robotslint knows has a group of its own here; %s.", others)
	default:
		e.para("No other group names a crawler, so this group applies to every crawler.")
	}
	if len(stars) > 1 {
		e.para("Google merges the rules of the %s groups at lines %s.", code("*"), join(stars))
	}
}
