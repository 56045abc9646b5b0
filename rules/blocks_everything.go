package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// BlocksEverything reports a rule that keeps Googlebot or Bingbot out of
// the whole site.
var BlocksEverything = &lint.Rule{
	Name:    "blocks-everything",
	Summary: "a `Disallow: /` that keeps Googlebot or Bingbot out of the whole site",
	Doc: lint.Doc{
		What: "Reports `Disallow: /` (or `/*`) when it keeps Googlebot, or Bingbot when Bing is a " +
			"target, out of every URL of the site, with no Allow rule in the group opening any part " +
			"of it again: in the `*` group they fall back to, or in a group they joined unawares, " +
			"because a group ends only at a user-agent line that follows a rule " +
			"(`User-agent: bingbot`, `Crawl-delay: 5`, a blank line, `User-agent: PetalBot`, " +
			"`Disallow: /` is one group). A group that names a crawler to shut it out (an AI " +
			"crawler, an SEO tool, even a search engine) is left alone: that is a choice. When other " +
			"groups let the crawlers they name in and Googlebot or Bingbot is not among them, the " +
			"finding is only info, unless the file names another crawler of the same search engine " +
			"(`MSNBot` for Bing).",
		Why: "A site its search crawlers may not fetch drops out of their results: pages already " +
			"indexed lose their descriptions and then disappear. The usual cause is a staging or " +
			"development robots.txt deployed to production, or a launch that forgot to remove it.",
		Instead: "Block only what must not be crawled, or, if the site is meant to stay out of search, " +
			"keep the rule and suppress this finding with a comment that says so.",
	},
	Flagged:  "User-agent: *\nDisallow: /\n",
	Clean:    "User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /\n",
	Severity: lint.Warning,
	Profiles: []*match.Profile{match.Google, match.Bing},
	Run:      runBlocksEverything,
}

// searchCrawler is a crawler whose blocking the blocks-* rules report: a
// crawler of a search engine that renders pages and whose loss takes the
// site out of its results, with the profile that reads its groups.
type searchCrawler struct {
	profile *match.Profile
	// token is the name the crawler obeys robots.txt groups by, and name
	// how messages call it.
	token, name string
}

var searchCrawlers = []searchCrawler{
	{match.Google, "Googlebot", "Googlebot"},
	{match.Bing, "bingbot", "Bingbot"},
}

// targetedSearchCrawlers returns the search crawlers whose profile is a
// target.
func targetedSearchCrawlers(pass *lint.Pass) []searchCrawler {
	var out []searchCrawler
	for _, c := range searchCrawlers {
		if pass.Targeted(c.profile) {
			out = append(out, c)
		}
	}
	return out
}

// crawlerView is a file as one search crawler reads it, reduced to what
// the blocks-* rules ask: the groups of the profile's layout (lint/match's
// google, or rfc9309 for bing), which of them the crawler obeys, and what
// their rules block.
type crawlerView struct {
	l *match.Layout
	f *syntax.File
	// groups holds what status works out for each group of l.
	groups []viewGroup
	// selected are the indices of the groups the crawler obeys: those
	// that name it, else the * groups; global says they are * groups.
	selected []int
	global   bool
	// key is the crawler's token in lower case.
	key string
}

// viewGroup is what a crawlerView works out about a group of its layout:
// blockLine is the first Disallow line that matches every URL, or -1;
// reopened says that an Allow rule of the group opens some URL. Both are
// worked out on first use, when known is set.
type viewGroup struct {
	known     bool
	blockLine int
	reopened  bool
}

// names reports whether group k names the crawler whose lower-case token
// is key ("*" for the * group).
func (v *crawlerView) names(k int, key string) bool {
	for _, a := range v.l.GroupAgents(k) {
		if v.l.Tokens[a.Token] == key {
			return true
		}
	}
	return false
}

// viewRule is an Allow or Disallow line as the profile reads it.
type viewRule struct {
	line     int
	allow    bool
	value    []byte // as the profile reads it, cut where it cuts the line
	priority int32
}

// readForCrawler reads the file of layout l as c's profile does, l being
// that profile's layout.
func readForCrawler(l *match.Layout, c searchCrawler) *crawlerView {
	return &crawlerView{
		l:        l,
		f:        l.File,
		groups:   make([]viewGroup, len(l.Groups)),
		selected: l.Select(c.token),
		global:   l.Token(c.token) < 0,
		key:      syntax.LowerASCII(c.token),
	}
}

// rules returns the rules of group k.
func (v *crawlerView) rules(k int) []viewRule {
	lines := v.l.GroupRules(k)
	out := make([]viewRule, 0, len(lines))
	for i := range lines {
		if r := &lines[i]; !r.Dropped {
			out = append(out, viewRule{line: int(r.Line), allow: r.Allow, value: v.f.Text(r.Value()), priority: r.Priority})
		}
	}
	return out
}

// status works out group k's blockLine and reopened.
func (v *crawlerView) status(k int) *viewGroup {
	g := &v.groups[k]
	if g.known {
		return g
	}
	g.known, g.blockLine = true, -1
	rules := v.l.GroupRules(k)
	for i := range rules {
		r := &rules[i]
		if r.Dropped {
			continue
		}
		switch value := v.f.Text(r.Value()); {
		case !r.Allow && g.blockLine < 0 && matchesEverything(value):
			g.blockLine = int(r.Line)
		case r.Allow && len(value) > 0 && (value[0] == '/' || value[0] == '*'):
			g.reopened = true
		}
	}
	return g
}

// blocksAll reports whether group k keeps its crawlers out of every URL.
func (v *crawlerView) blocksAll(k int) bool {
	g := v.status(k)
	return g.blockLine >= 0 && !g.reopened
}

// blockLine returns the Disallow line that keeps the crawler out of every
// URL, or -1: a rule that matches every URL in one of its groups, and no
// Allow rule in any of them.
func (v *crawlerView) blockLine() int {
	line := -1
	for _, k := range v.selected {
		g := v.status(k)
		if g.reopened {
			return -1
		}
		if line < 0 {
			line = g.blockLine
		}
	}
	return line
}

// matchesEverything reports whether a Disallow pattern matches every URL:
// "/" or "*", or one of them followed by '*'s.
func matchesEverything(pattern []byte) bool {
	if len(pattern) == 0 || pattern[0] != '/' && pattern[0] != '*' {
		return false
	}
	for _, c := range pattern[1:] {
		if c != '*' {
			return false
		}
	}
	return true
}

// blockedBy is a line that keeps search crawlers out of the whole site.
type blockedBy struct {
	line     int
	crawlers []string
	global   bool // the crawlers obey it for want of a group of their own
	severity lint.Severity
	// notes explain how the crawlers come to obey the line; related are
	// the lines they point at.
	notes   []string
	related []lint.ReportOption
}

func runBlocksEverything(pass *lint.Pass) {
	f := pass.File
	var found []*blockedBy
	for _, c := range targetedSearchCrawlers(pass) {
		v := readForCrawler(pass.Layout(c.profile), c)
		line := v.blockLine()
		if line < 0 {
			continue
		}
		severity, note, related, ok := v.howBlocked(f, c, line)
		if !ok {
			continue // a group that names the crawler to shut it out means it
		}
		i := slices.IndexFunc(found, func(b *blockedBy) bool { return b.line == line })
		if i < 0 {
			found = append(found, &blockedBy{line: line, severity: lint.Info})
			i = len(found) - 1
		}
		b := found[i]
		b.crawlers = append(b.crawlers, c.name)
		b.global = b.global || v.global
		b.severity = min(b.severity, severity) // the most severe
		if note != "" && !slices.Contains(b.notes, note) {
			b.notes = append(b.notes, note)
		}
		if len(b.related) == 0 {
			b.related = related
		}
	}
	for _, b := range found {
		b.report(pass)
	}
}

// howBlocked says how the crawler comes to obey line, which keeps it out
// of the whole site: the finding's severity, a note and related lines;
// ok is false when a group names the crawler on purpose to shut it out.
func (v *crawlerView) howBlocked(f *syntax.File, c searchCrawler, line int) (severity lint.Severity, note string, related []lint.ReportOption, ok bool) {
	key := v.key
	if v.global {
		key = "*"
	}
	// The user-agent lines that make the crawler obey the line, and
	// whether one of them is in the rule's record: the lines above it up
	// to a blank line. When none is, and that record starts with
	// user-agent lines of its own, the crawler's group runs on into it
	// unseen, past a blank line and lines that are not rules.
	var naming []int
	for _, k := range v.selected {
		for _, a := range v.l.GroupAgents(k) {
			if v.l.Tokens[a.Token] == key {
				naming = append(naming, int(a.Line))
			}
		}
	}
	rec := f.RecordAt(line)
	accidental := rec >= 0 && len(f.Records[rec].UserAgents) > 0 && len(naming) > 0 &&
		!slices.ContainsFunc(naming, func(ua int) bool { return f.RecordAt(ua) == rec })
	if !v.global && !accidental {
		return 0, "", nil, false
	}
	severity = lint.Warning
	switch {
	case accidental:
		ua := naming[len(naming)-1]
		note = fmt.Sprintf("%s on line %d belongs to this rule's group: a group ends only at a user-agent line that follows a rule, not at a blank line or other directives",
			quoteText(f, f.Lines[ua].Text(), 40), ua+1)
		related = append(related, lint.WithRelated(f.Lines[ua].Text(), "the group starts here and runs on to the rule"))
	default:
		if sibling, ok := v.namedSibling(f, c); ok {
			note = fmt.Sprintf("the file opens the site to `%s`, but %s obeys only a group that names it", sibling, c.name)
		} else if v.opensToOthers() {
			// The file lists the crawlers it lets in, and this one is
			// not among them: maybe on purpose.
			severity = lint.Info
			note = "the file lets in only the crawlers it names, which may be deliberate"
		}
		for _, ua := range naming {
			related = append(related, lint.WithRelated(f.Lines[ua].Text(), "the group applies to every crawler without a group of its own"))
		}
	}
	return severity, note, related, true
}

// report reports the line and the crawlers it keeps out.
func (b *blockedBy) report(pass *lint.Pass) {
	l := &pass.File.Lines[b.line]
	span := l.Text()
	if l.Kind == syntax.LineDirective {
		span = syntax.Span{Start: l.Key().Start, End: l.Value().End}
	}
	who := prose.Join(b.crawlers)
	if b.global {
		who = "every crawler without a group of its own, " + who + " included"
	}
	msg := fmt.Sprintf("this blocks the whole site for %s: the site drops out of %s", who, searchEngines(b.crawlers))
	if len(b.notes) > 0 {
		msg += "; " + strings.Join(b.notes, "; ")
	}
	pass.Report(span, msg, append(b.related, lint.WithSeverity(b.severity))...)
}

// namedSibling returns a search crawler of c's operator that a group
// names and leaves the site open to ("msnbot" for Bingbot): the file
// meant to let c in, under a name c does not obey.
func (v *crawlerView) namedSibling(f *syntax.File, c searchCrawler) (string, bool) {
	own := kb.LookupCrawler(c.token)
	if own == nil {
		return "", false
	}
	for k := range v.groups {
		if v.names(k, "*") || v.blocksAll(k) {
			continue
		}
		for _, a := range v.l.GroupAgents(k) {
			if other := kb.LookupCrawler(v.l.Tokens[a.Token]); other != nil && other != own && other.Operator == own.Operator && other.Category == kb.CategorySearch {
				return string(f.Text(f.Lines[a.Line].Value())), true
			}
		}
	}
	return "", false
}

// opensToOthers reports whether a group that names crawlers leaves the
// site open to them: the file lists the crawlers it lets in.
func (v *crawlerView) opensToOthers() bool {
	for k := range v.groups {
		if !v.names(k, "*") && !v.blocksAll(k) {
			return true
		}
	}
	return false
}

// searchEngines names the search results the crawlers feed.
func searchEngines(crawlers []string) string {
	var names []string
	for _, c := range crawlers {
		switch c {
		case "Googlebot":
			names = append(names, "Google Search")
		case "Bingbot":
			names = append(names, "Bing")
		}
	}
	return prose.Join(names)
}
