package explain

import (
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
)

// rule explains an Allow or Disallow value: what it matches, with
// examples, and which rules of the crawlers' groups override it or are
// overridden by it.
func (e *explainer) rule(allow bool) {
	raw := e.text(e.f.Lines[e.line].Value())
	name, verb := "Disallow", "blocks"
	if allow {
		name, verb = "Allow", "allows"
	}
	if raw == "" {
		if allow {
			e.para("An empty %s matches no URL: the line changes nothing.", term(name))
		} else {
			e.para("An empty %s allows everything: it blocks no URL.", term(name))
		}
		return
	}
	matches := googleMatcher(allow, raw)
	yes, no := examples(raw, matches)
	if len(yes) == 0 {
		var why []Span
		if raw[0] != '/' && raw[0] != '*' {
			why = spans(": a URL's path always starts with %s", code("/"))
		}
		e.para("%s %s matches no URL%s.", term(name), code(raw), why)
	} else {
		e.para("%s %s %s %s.", term(name), code(raw), verb, describe(raw))
		var codes [][]Span
		for _, y := range yes {
			codes = append(codes, []Span{code(y)})
		}
		ex := spans("Matches %s", join(codes))
		if no != "" {
			ex = spans("%s; not %s", ex, code(no))
			if strings.EqualFold(no, yes[0]) {
				ex = spans("%s (paths are case-sensitive)", ex)
			}
		}
		e.para("%s.", ex)
	}
	body, anchored := strings.CutSuffix(raw, "$")
	var notes [][]Span
	if strings.Contains(body, "*") {
		notes = append(notes, spans("%s stands for any run of characters", code("*")))
	}
	if anchored {
		notes = append(notes, spans("the final %s marks the end of the URL", code("$")))
	}
	if len(notes) > 0 {
		s := notes[0]
		for _, n := range notes[1:] {
			s = spans("%s; %s", s, n)
		}
		if s[0].Kind == Text {
			s[0].Text = strings.ToUpper(s[0].Text[:1]) + s[0].Text[1:]
		}
		e.para("%s.", s)
		if e.targeted(match.Legacy) {
			e.para("Crawlers that follow the 1994 standard read %s and %s as plain characters.", code("*"), code("$"))
		}
	}
	e.overrides(allow, matches, yes)
}

// googleMatcher returns whether Google's matcher matches a path against
// the rule line with value pattern. Google percent-encodes a pattern's
// bytes from 0x80 on and matches the URLs crawlers request, which are
// encoded too, so a path is encoded the same way before it is matched;
// examples can then be shown as written.
func googleMatcher(allow bool, pattern string) func(path string) bool {
	pt := match.Google.Pattern(allow, pattern)
	return func(path string) bool { return pt.Matches(match.EscapePattern(path)) }
}

// describe says in words which URLs a pattern matches.
func describe(raw string) []Span {
	body, anchored := strings.CutSuffix(raw, "$")
	pieces := strings.Split(body, "*")
	if len(pieces) == 1 {
		switch {
		case body == "/" && anchored:
			return spans("only the home page, %s", code("/"))
		case body == "/":
			return spans("every URL on the site")
		case anchored:
			return spans("only the URL %s itself, with nothing after it, not even a query string", code(body))
		}
		return spans("every URL whose path starts with %s", code(body))
	}
	var parts [][]Span
	if p := pieces[0]; p != "" && p != "/" {
		parts = append(parts, spans("starts with %s", code(p)))
	}
	for _, p := range pieces[1 : len(pieces)-1] {
		if p != "" {
			parts = append(parts, spans("contains %s", code(p)))
		}
	}
	switch last := pieces[len(pieces)-1]; {
	case last != "" && anchored:
		parts = append(parts, spans("ends in %s", code(last)))
	case last != "":
		parts = append(parts, spans("contains %s", code(last)))
	}
	if len(parts) == 0 {
		return spans("every URL on the site")
	}
	s := spans("every URL whose path %s", parts[0])
	for _, p := range parts[1:] {
		s = spans("%s, then %s", s, p)
	}
	return s
}

// overrides says which rules that apply to the same crawlers win over this
// one for some URLs, and which this one wins over, as Google decides:
// the longest pattern wins, Allow on a tie. Each relation is shown with a
// URL where it holds, found among example URLs of either pattern.
func (e *explainer) overrides(allow bool, matches func(string) bool, yes []string) {
	r := e.compiled(match.Google)
	group, self := -1, match.Rule{}
	for g := range r.Groups {
		if k := slices.IndexFunc(r.Groups[g].Rules, func(x match.Rule) bool { return x.Line == e.line }); k >= 0 {
			group, self = g, r.Groups[g].Rules[k]
			break
		}
	}
	if group < 0 {
		if g := e.f.GroupAt(e.line); g < 0 {
			e.para("The line comes before any User-agent line, so it belongs to no group and no crawler reads it.")
		} else if e.targeted(match.Google) {
			e.para("Google does not read this line as a rule of any group.")
		}
		return
	}
	var items [][]Span
	seen := map[int]bool{e.line: true}
	var agents []string
	for _, a := range r.Groups[group].Agents {
		if !slices.Contains(agents, a) {
			agents = append(agents, a)
		}
	}
	for _, agent := range agents {
		for _, g := range r.Select(agent) {
			for _, o := range r.Groups[g].Rules {
				if o.Allow == allow || seen[o.Line] || o.Priority <= 0 || !prefixesOverlap(o.Pattern, self.Pattern) {
					continue
				}
				why := "the longer pattern wins"
				if o.Priority == self.Priority {
					why = "Allow wins a tie"
				}
				text := code(r.RuleText(match.Verdict{Line: o.Line}))
				oMatches := googleMatcher(o.Allow, o.Pattern)
				oYes, _ := examples(o.Pattern, oMatches)
				if p, ok := first(oYes, func(p string) bool { return matches(p) && r.Check(agent, p).Line == o.Line }); ok {
					seen[o.Line] = true
					items = append(items, spans("%s (line %d) overrides it for URLs such as %s: %s.", text, o.Line+1, code(p), why))
					continue
				}
				if p, ok := first(append(slices.Clip(yes), oYes...), func(p string) bool { return oMatches(p) && r.Check(agent, p).Line == e.line }); ok {
					seen[o.Line] = true
					items = append(items, spans("It overrides %s (line %d) for URLs such as %s: %s.", text, o.Line+1, code(p), why))
				}
			}
		}
	}
	const maxShown = 3
	if len(items) > maxShown {
		more := len(items) - maxShown
		items = append(items[:maxShown], spans("And %s.", prose.Count(more, "more rule", "more rules")))
	}
	if len(items) > 0 {
		e.list(items)
	}
}

// prefixesOverlap reports whether two patterns can match a common URL as
// far as their literal prefixes (the text before the first '*' or final
// '$') tell: one prefix must start the other. It only spares the matcher
// the rules that cannot override this one; the matcher decides the rest.
func prefixesOverlap(a, b string) bool {
	lit := func(p string) string {
		if k := strings.IndexAny(p, "*$"); k >= 0 {
			return p[:k]
		}
		return p
	}
	a, b = lit(a), lit(b)
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
}

func first(list []string, ok func(string) bool) (string, bool) {
	for _, s := range list {
		if ok(s) {
			return s, true
		}
	}
	return "", false
}
