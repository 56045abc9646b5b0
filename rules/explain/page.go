package explain

import (
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
	"github.com/robotslint/robotslint/syntax/page"
)

// PageAt explains to a webmaster the robots directive of an HTML page at
// byte offset off: the name of a robots META tag (robots, googlebot, a
// misspelling), a rule in its content (noindex, max-snippet: 20) and what
// each crawler does with it, or a section marker (<!--noindex-->,
// data-nosnippet). Crawlers are those of targets that read page rules
// (Google, Bing, Yandex; lint's default targets when nil). It returns the
// explanation and the span explained; the Doc is empty anywhere else.
func PageAt(doc *page.Document, off int, targets []*match.Profile) (Doc, syntax.Span) {
	if doc == nil {
		return Doc{}, syntax.Span{}
	}
	if targets == nil {
		targets = lint.DefaultTargets()
	}
	e := &pageExplainer{src: doc.Src}
	for _, p := range targets {
		if slices.Contains(kb.PageProfiles(), kb.Profile(p.Name)) {
			e.targets = append(e.targets, p)
		}
	}
	in := func(s syntax.Span) bool { return s.Start <= off && off <= s.End && s.End > s.Start }
	for i := range doc.Metas {
		d := &doc.Metas[i]
		if !in(d.Span) {
			continue
		}
		if in(d.AgentSpan) {
			e.pageName(d)
			return e.result(d.AgentSpan)
		}
		for k := range d.Rules {
			if r := &d.Rules[k]; in(r.Span) {
				e.pageRule(d, r)
				return e.result(r.Span)
			}
		}
	}
	for i := range doc.Sections {
		s := &doc.Sections[i]
		for _, marker := range []syntax.Span{s.Open, s.Close} {
			if in(marker) {
				e.marker(s)
				return e.result(marker)
			}
		}
	}
	return Doc{}, syntax.Span{}
}

// pageExplainer writes the explanation of one part of a page.
type pageExplainer struct {
	writer
	src []byte
	// targets are the targeted profiles that read page rules.
	targets []*match.Profile
}

func (e *pageExplainer) result(span syntax.Span) (Doc, syntax.Span) {
	if len(e.doc.Blocks) == 0 {
		return Doc{}, syntax.Span{}
	}
	return e.doc, span
}

func (e *pageExplainer) text(s syntax.Span) string {
	if s.Start < 0 || s.End > len(e.src) || s.Start > s.End {
		return ""
	}
	return string(e.src[s.Start:s.End])
}

// addressed returns the targeted profiles whose crawlers read the rules of
// d: all of them for robots, the one a crawler's name belongs to, none
// for a name no crawler answers to.
func (e *pageExplainer) addressed(d *page.Directive) []*match.Profile {
	if d.Agent == "robots" {
		return e.targets
	}
	name := kb.LookupPageName(d.Agent)
	if name == nil {
		return nil
	}
	if name.Profile == "" {
		return e.targets
	}
	return slices.DeleteFunc(slices.Clone(e.targets), func(p *match.Profile) bool { return kb.Profile(p.Name) != name.Profile })
}

// pageName explains the name of a robots META tag: which crawlers read
// the tag.
func (e *pageExplainer) pageName(d *page.Directive) {
	written := e.text(d.AgentSpan)
	if d.HTTPEquiv && strings.EqualFold(strings.TrimSpace(written), "x-robots-tag") {
		e.para("%s — an X-Robots-Tag header written as a META tag (http-equiv). Search engines document X-Robots-Tag as an HTTP header that the server sends, not as a META tag; robotslint checks the rules here as it would the header's, and a %s tag is the documented way to give them in the page.", term(written), code(`<meta name="robots">`))
		return
	}
	if name := kb.LookupPageName(d.Agent); name != nil {
		e.para("%s — %s.", term(written), clause(name.Scope))
		if to := e.addressed(d); len(to) > 0 {
			e.para("%s the rules of this tag.", prose.Subject(prose.Readers(to), "reads", "read"))
		}
		if name.Token != "" {
			e.para("Whether it may fetch the page at all is decided by the robots.txt group of %s: a page it may not fetch is never read, and this tag is never seen.", code(name.Token))
		}
		e.sources(name.Source)
		return
	}
	if suggestions := kb.SuggestPageName(d.Agent); len(suggestions) > 0 {
		var meant [][]Span
		for _, s := range suggestions {
			meant = append(meant, []Span{code(s)})
		}
		if seenAsRobots(d) {
			e.para("%s is not a name search engines document: Google is seen to read it as robots, but Bing and Yandex ignore this tag. Did you mean %s?", term(written), join(meant))
			return
		}
		e.para("%s is not a name search engines read robots rules under, so no crawler obeys this tag. Did you mean %s?", term(written), join(meant))
		return
	}
	e.para("%s is not a name any search engine documents for robots META tags: crawlers that do not answer to it ignore this tag. Use %s for every crawler.", term(written), code("robots"))
}

// pageRule explains rule r of directive d: what it does and what each
// crawler the tag addresses does with it.
func (e *pageExplainer) pageRule(d *page.Directive, r *page.Rule) {
	written := e.text(r.NameSpan)
	v := kb.LookupPageValue(r.Name)
	if v == nil {
		if suggestions := kb.SuggestPageValue(r.Name); len(suggestions) > 0 {
			var meant [][]Span
			for _, s := range suggestions {
				meant = append(meant, []Span{code(s)})
			}
			e.para("%s is not a rule any search engine knows, so crawlers ignore it. Did you mean %s?", term(written), join(meant))
			return
		}
		e.para("%s is not a rule any search engine knows, so crawlers ignore it.", term(written))
		return
	}
	e.para("%s — %s.", term(v.Name), v.Summary)
	to := e.addressed(d)
	switch {
	case len(to) == 0 && seenAsRobots(d):
		e.para("Only Google is seen to read the rules of this tag, taking its name, %s, for robots; Bing and Yandex ignore them.", code(e.text(d.AgentSpan)))
	case len(to) == 0:
		e.para("No crawler reads the rules of this tag: its name, %s, addresses none.", code(e.text(d.AgentSpan)))
	default:
		var items [][]Span
		for _, p := range to {
			if s, ok := v.SupportFor(kb.Profile(p.Name)); ok {
				items = append(items, supportItem(p, s))
			}
		}
		e.list(items)
	}
	e.para("%s", v.Doc)
	if v.Arg != kb.ArgNone {
		e.para("Its value: %s.", clause(v.ArgSyntax))
		if r.HasValue && !v.ValidArg(r.Value) {
			e.para("Crawlers cannot read %s as its value, and ignore the rule.", code(r.Value))
		}
	}
	if v.Opposite != "" {
		e.conflicts(v, to)
	}
	e.sources(v.Source)
}

// seenAsRobots reports a META tag named robot, which Google is seen to
// read as robots though it documents only robots (the tests that show it
// are cited by rules' misspelled-robots-name, which says the same).
func seenAsRobots(d *page.Directive) bool {
	return d.Agent == "robot" && !d.Header
}

// supportItem says how crawlers of profile p treat a page rule or marker:
// "Google reads it: only if Googlebot may fetch the page".
func supportItem(p *match.Profile, s kb.PageSupport) []Span {
	verb := map[kb.Reading]string{kb.Read: "reads it", kb.Ignored: "ignores it", kb.ReadDifferently: "reads it differently"}[s.Reading]
	if verb == "" {
		verb = string(s.Reading)
	}
	if s.Note == "" {
		return spans("%s %s", p.Readers, verb)
	}
	return spans("%s %s: %s", p.Readers, verb, clause(s.Note))
}

// conflicts says how the crawlers in to settle v against its opposite,
// when they do not all settle it alike.
func (e *pageExplainer) conflicts(v *kb.PageValue, to []*match.Profile) {
	var restrictive, permissive []string
	for _, p := range to {
		c, ok := kb.CombiningFor(kb.Profile(p.Name))
		switch {
		case !ok:
		case c.Conflicts == kb.PermissiveWins:
			permissive = append(permissive, p.Readers)
		default:
			restrictive = append(restrictive, p.Readers)
		}
	}
	// The more restrictive of the two rules: the one that takes away.
	strict, lax := v.Name, v.Opposite
	if !v.Restricts {
		strict, lax = lax, strict
	}
	switch {
	case len(restrictive) > 0 && len(permissive) > 0:
		e.para("Where %s and %s both apply, from any tags or headers of the page, %s %s and %s %s.", code(strict), code(lax),
			prose.Join(restrictive), prose.Verb(restrictive, "follows", "follow")+" "+strict,
			prose.Join(permissive), prose.Verb(permissive, "follows", "follow")+" "+lax)
	case len(restrictive) > 0:
		e.para("Where %s and %s both apply, from any tags or headers of the page, %s %s.", code(strict), code(lax), prose.Join(restrictive), prose.Verb(restrictive, "follows", "follow")+" "+strict)
	case len(permissive) > 0:
		e.para("Where %s and %s both apply, from any tags or headers of the page, %s %s.", code(strict), code(lax), prose.Join(permissive), prose.Verb(permissive, "follows", "follow")+" "+lax)
	}
}

// marker explains a section marker: what it does and who reads it.
func (e *pageExplainer) marker(s *page.Section) {
	m := kb.LookupMarker(kb.MarkerKind(s.Kind.String()))
	if m == nil {
		return
	}
	e.para("%s — %s.", term(m.Syntax), m.Summary)
	var items [][]Span
	for _, p := range e.targets {
		if sup, ok := m.SupportFor(kb.Profile(p.Name)); ok {
			items = append(items, supportItem(p, sup))
		}
	}
	if len(items) > 0 {
		e.list(items)
	}
	e.para("%s", m.Doc)
	e.sources(m.Source)
}

// sources lists the pages the facts come from: the URL of each source as
// a link, what follows it in parentheses left out.
func (e *pageExplainer) sources(source string) {
	var links [][]Span
	for _, s := range strings.Split(source, "; ") {
		url, _, _ := strings.Cut(strings.TrimSpace(s), " ")
		if strings.HasPrefix(url, "https://") || strings.HasPrefix(url, "http://") {
			links = append(links, []Span{link(url)})
		}
	}
	switch {
	case len(links) == 1:
		e.para("Source: %s", links[0])
	case len(links) > 1:
		e.para("Sources: %s", join(links))
	}
}

// clause makes a note of the knowledge base fit inside a sentence: its
// final period dropped.
func clause(note string) string {
	return strings.TrimSuffix(strings.TrimSpace(note), ".")
}
