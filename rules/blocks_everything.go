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
// the blocks-* rules ask: the groups, which of them the crawler obeys, and
// their rules. It follows the profile (lint/match's google, or rfc9309 for
// bing) in directive names, grouping and group selection, but compiling
// the file for matching would cost these rules many times what they need.
// Where the profile groups lines as the syntax tree does, which is nearly
// always, the view takes the tree's groups and looks only at their
// user-agent lines, and at the rules of the groups a question is about.
type crawlerView struct {
	f      *syntax.File
	google bool
	groups []viewGroup
	// selected are the indices of the groups the crawler obeys: those
	// that name it, else the * groups; global says they are * groups.
	selected []int
	global   bool
	// key is the crawler's token in lower case.
	key string
}

// viewGroup is one group of a crawlerView.
type viewGroup struct {
	userAgents []int // the user-agent lines
	// agents are the tokens the lines name, as the profile compares them
	// ignoring ASCII case: "*" for the * group.
	agents [][]byte
	rules  []int // the rule lines
	// blockLine is the first Disallow line that matches every URL, or -1;
	// reopened says that an Allow rule of the group opens some URL. Both
	// are worked out on first use, when known is set.
	known     bool
	blockLine int
	reopened  bool
}

// names reports whether the group names the crawler whose lower-case
// token is key ("*" for the * group).
func (g *viewGroup) names(key string) bool {
	for _, a := range g.agents {
		if equalFoldLower(a, key) {
			return true
		}
	}
	return false
}

// equalFoldLower reports whether b equals the lower-case lower, ignoring
// ASCII case.
func equalFoldLower(b []byte, lower string) bool {
	if len(b) != len(lower) {
		return false
	}
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != lower[i] {
			return false
		}
	}
	return true
}

// viewRule is an Allow or Disallow line with the value the profile reads.
type viewRule struct {
	line  int
	allow bool
	value []byte // in the source, or a copy for a line Google cuts
}

// readForCrawler reads f as c's profile does, as far as it reads: past
// its size limit there is no line, and the line across it is cut.
func readForCrawler(f *syntax.File, c searchCrawler) *crawlerView {
	f = c.profile.Read(f)
	v := &crawlerView{f: f, google: c.profile == match.Google, key: syntax.LowerASCII(c.token)}
	treeGroups := true
	for _, x := range f.Facts {
		switch x.Kind {
		case syntax.FactNUL, syntax.FactControlChar, syntax.FactLineTooLong:
			// Google cuts these lines short, and may read another
			// directive, or none, in what it keeps.
			if v.google && x.Line >= 0 {
				treeGroups = false
			}
		case syntax.FactMissingColon:
			// The standards need the colon that Google and the tree do
			// without.
			if d := f.Lines[x.Line].Directive; !v.google && (d == syntax.DirectiveUserAgent || d.IsRule()) {
				treeGroups = false
			}
		}
	}
	if treeGroups && v.google {
		// Google also reads misspelled and longer keys ("Disalow",
		// "User-agents") as directives.
		for i := range f.Lines {
			if f.Lines[i].Directive == syntax.DirectiveOther {
				if d, _, _, _ := match.GoogleLine(f, i); d == syntax.DirectiveUserAgent || d.IsRule() {
					treeGroups = false
					break
				}
			}
		}
	}
	if treeGroups {
		v.treeGroups()
	} else {
		v.readGroups()
	}
	var global []int
	for k := range v.groups {
		switch g := &v.groups[k]; {
		case g.names(v.key):
			v.selected = append(v.selected, k)
		case g.names("*"):
			global = append(global, k)
		}
	}
	if len(v.selected) == 0 {
		v.selected, v.global = global, true
	}
	return v
}

// treeGroups takes the groups of the syntax tree.
func (v *crawlerView) treeGroups() {
	f := v.f
	n := 0
	for _, g := range f.Groups {
		n += len(g.UserAgents)
	}
	// One array holds every group's tokens.
	tokens := make([][]byte, 0, n)
	v.groups = make([]viewGroup, 0, len(f.Groups))
	for _, g := range f.Groups {
		agents, rules := g.UserAgents, g.Rules
		first := len(tokens)
		for _, ua := range agents {
			tokens = append(tokens, v.token(f.Text(f.Lines[ua].Value())))
		}
		v.groups = append(v.groups, viewGroup{userAgents: agents, rules: rules, agents: tokens[first:len(tokens):len(tokens)]})
	}
}

// token returns the crawler token a user-agent value names, as the profile
// compares it ignoring ASCII case: for Google "*" or the value's leading
// run of letters, '_' and '-'; for the standards the whole value.
func (v *crawlerView) token(value []byte) []byte {
	if !v.google {
		return value
	}
	return match.GoogleToken(value)
}

// readGroups groups the lines as the profile does, line by line: for the
// files whose groups the syntax tree does not show as the profile sees
// them.
func (v *crawlerView) readGroups() {
	f := v.f
	cur, ruleSeen := -1, false
	for i := range f.Lines {
		d, value, ok := v.line(i)
		if !ok {
			continue
		}
		switch d {
		case syntax.DirectiveUserAgent:
			if cur < 0 || ruleSeen {
				v.groups = append(v.groups, viewGroup{})
				cur, ruleSeen = len(v.groups)-1, false
			}
			g := &v.groups[cur]
			g.userAgents = append(g.userAgents, i)
			g.agents = append(g.agents, v.token(value))
		case syntax.DirectiveAllow, syntax.DirectiveDisallow:
			if cur >= 0 { // before any group, no crawler reads it
				ruleSeen = true
				v.groups[cur].rules = append(v.groups[cur].rules, i)
			}
		}
	}
}

// line returns the user-agent or rule directive the profile reads on line
// i, with its value, and false for any other line.
func (v *crawlerView) line(i int) (syntax.Directive, []byte, bool) {
	var d syntax.Directive
	var value []byte
	if v.google {
		d, _, value, _ = match.GoogleLine(v.f, i)
	} else {
		d, value = match.StandardLine(v.f, i)
	}
	if d != syntax.DirectiveUserAgent && !d.IsRule() {
		return 0, nil, false
	}
	return d, value, true
}

// rule returns rule line i as the profile reads it.
func (v *crawlerView) rule(i int) viewRule {
	d, value, _ := v.line(i)
	return viewRule{line: i, allow: d == syntax.DirectiveAllow, value: value}
}

// status works out group k's blockLine and reopened.
func (v *crawlerView) status(k int) *viewGroup {
	g := &v.groups[k]
	if g.known {
		return g
	}
	g.known, g.blockLine = true, -1
	for _, i := range g.rules {
		r := v.rule(i)
		switch {
		case !r.allow && g.blockLine < 0 && matchesEverything(r.value):
			g.blockLine = i
		case r.allow && len(r.value) > 0 && (r.value[0] == '/' || r.value[0] == '*'):
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
		v := readForCrawler(f, c)
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
		g := &v.groups[k]
		for j, ua := range g.userAgents {
			if equalFoldLower(g.agents[j], key) {
				naming = append(naming, ua)
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
		g := &v.groups[k]
		if g.names("*") || v.blocksAll(k) {
			continue
		}
		for j, a := range g.agents {
			if other := kb.LookupCrawler(string(a)); other != nil && other != own && other.Operator == own.Operator && other.Category == kb.CategorySearch {
				return string(f.Text(f.Lines[g.userAgents[j]].Value())), true
			}
		}
	}
	return "", false
}

// opensToOthers reports whether a group that names crawlers leaves the
// site open to them: the file lists the crawlers it lets in.
func (v *crawlerView) opensToOthers() bool {
	for k := range v.groups {
		if !v.groups[k].names("*") && !v.blocksAll(k) {
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
