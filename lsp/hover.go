package lsp

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// hover explains to a webmaster the directive name or value at byte offset
// off: what a directive does and who reads it, which crawler a User-agent
// names and which group it ends up obeying, what a path pattern matches
// and which rules override it, where a sitemap is. It returns nil on
// comments, blank lines and anything else it has nothing to say about.
// With markdown false the text holds no markdown syntax at all: clients
// such as eglot without markdown-mode show it verbatim.
func hover(d *document, off int, markdown bool) *protocol.Hover {
	f := d.file
	i := f.LineAt(off)
	if i < 0 {
		return nil
	}
	l := &f.Lines[i]
	if l.Kind != syntax.LineDirective {
		return nil
	}
	if c := l.Comment(); c.Len() > 0 && off >= c.Start {
		return nil
	}
	h := &hoverWriter{d: d, line: i, m: hoverMarkup{md: markdown}, robots: map[*match.Profile]*match.Robots{}}
	h.targets = lint.DefaultTargets()
	if d.cfg != nil && d.cfg.Targets != nil {
		h.targets = d.cfg.Targets
	}
	// The end of a word counts as on it: editors ask about the position
	// just after the last character when the pointer rests there.
	var span syntax.Span
	switch key, value := l.Key(), l.Value(); {
	case key.Start <= off && off <= key.End:
		span = key
		h.directiveName()
	case value.Start <= off && off <= value.End:
		span = value
		h.directiveValue()
	}
	if len(h.paras) == 0 {
		return nil
	}
	kind := protocol.MarkupKindPlainText
	if markdown {
		kind = protocol.MarkupKindMarkdown
	}
	rng := d.conv.rng(span)
	return &protocol.Hover{
		Contents: &protocol.MarkupContent{Kind: kind, Value: strings.Join(h.paras, "\n\n")},
		Range:    &rng,
	}
}

// hoverWriter gathers the paragraphs of one hover on line line.
type hoverWriter struct {
	d       *document
	line    int
	m       hoverMarkup
	targets []*match.Profile
	robots  map[*match.Profile]*match.Robots // compiled on first use
	paras   []string
}

func (h *hoverWriter) para(format string, args ...any) {
	h.paras = append(h.paras, fmt.Sprintf(format, args...))
}

func (h *hoverWriter) compiled(p *match.Profile) *match.Robots {
	r, ok := h.robots[p]
	if !ok {
		r = match.Compile(h.d.file, p)
		h.robots[p] = r
	}
	return r
}

func (h *hoverWriter) targeted(p *match.Profile) bool { return slices.Contains(h.targets, p) }

// meantDirective returns the directive a key stands for: its own name, a
// misspelling the knowledge base knows, or what Google's prefix matching
// makes of it; DirectiveOther when none.
func meantDirective(key []byte) syntax.Directive {
	if d := syntax.LookupDirective(key); d != syntax.DirectiveOther {
		return d
	}
	if d, ok := kb.Misspelling(string(key)); ok {
		return d
	}
	return match.GoogleDirective(key)
}

// directiveName explains the key of the line.
func (h *hoverWriter) directiveName() {
	f, l, m := h.d.file, &h.d.file.Lines[h.line], h.m
	key := string(f.Text(l.Key()))
	if l.Directive != syntax.DirectiveOther {
		kd := kb.LookupDirective(l.Directive)
		h.para("%s — %s.", m.bold(kd.Name), m.esc(kd.Summary))
		h.para("%s", h.readers(kd))
		h.para("%s", m.esc(kd.Doc))
		return
	}
	google := match.GoogleDirective([]byte(key))
	if meant, ok := kb.Misspelling(key); ok {
		kd := kb.LookupDirective(meant)
		h.para("%s is a misspelling of %s, which %s.", m.bold(key), m.bold(kd.Name), m.esc(kd.Summary))
		// Only Google's parser accepts misspellings; every other profile
		// compares names exactly.
		var readers, others []string
		for _, p := range h.targets {
			if p == match.Google && google == meant {
				readers = append(readers, p.Readers)
			} else {
				others = append(others, p.Readers)
			}
		}
		switch {
		case len(readers) > 0 && len(others) > 0:
			h.para("%s it as %s; %s the line. Write %s.", prose.Subject(readers, "reads", "read"), kd.Name, prose.Subject(others, "ignores", "ignore"), m.code(kd.Name))
		case len(readers) > 0:
			h.para("%s it as %s, but write %s.", prose.Subject(readers, "reads", "read"), kd.Name, m.code(kd.Name))
		default:
			h.para("Crawlers ignore the line. Write %s.", m.code(kd.Name))
		}
		return
	}
	if google != syntax.DirectiveOther && h.targeted(match.Google) {
		h.para("%s is not a directive, but Google reads it as %s: its parser accepts any key that starts with a directive's name. Other crawlers ignore the line.",
			m.bold(key), m.bold(google.Canonical()))
		return
	}
	h.para("%s is not a robots.txt directive: crawlers ignore the line.", m.bold(key))
}

// readers says which targeted profiles act on a directive.
func (h *hoverWriter) readers(kd *kb.Directive) string {
	var read, ignored []string
	for _, p := range h.targets {
		s, ok := kd.SupportFor(kb.Profile(p.Name))
		switch {
		case !ok:
		case s.Honoured:
			read = append(read, p.Readers)
		default:
			ignored = append(ignored, p.Readers)
		}
	}
	switch {
	case len(read) > 0 && len(ignored) > 0:
		return fmt.Sprintf("Read by %s; ignored by %s.", prose.Join(read), prose.Join(ignored))
	case len(read) > 0:
		return fmt.Sprintf("Read by %s.", prose.Join(read))
	}
	return fmt.Sprintf("Ignored by %s.", prose.Join(ignored))
}

// directiveValue explains the value of the line, for the directives whose
// values mean something on their own.
func (h *hoverWriter) directiveValue() {
	l := &h.d.file.Lines[h.line]
	switch meantDirective(h.d.file.Text(l.Key())) {
	case syntax.DirectiveUserAgent:
		h.userAgent()
	case syntax.DirectiveAllow:
		h.rule(true)
	case syntax.DirectiveDisallow:
		h.rule(false)
	case syntax.DirectiveSitemap:
		h.sitemap()
	}
}

// userAgent explains a User-agent value: the crawler it names and the
// group that crawler obeys in this file.
func (h *hoverWriter) userAgent() {
	f, m := h.d.file, h.m
	value := string(f.Text(f.Lines[h.line].Value()))
	if value == "" {
		return
	}
	token := match.GoogleAgent([]byte(value))
	if token == "*" {
		h.star()
		return
	}
	c := kb.LookupCrawler(value)
	if c == nil && token != "" {
		c = kb.LookupCrawler(token)
	}
	name := value
	if c != nil {
		name = c.Token
		h.para("%s — %s, run by %s. %s", m.bold(c.Token), hoverCategoryPhrase(c.Category), m.esc(c.Operator), hoverHonours(c))
		if c.Notes != "" {
			h.para("%s", m.esc(c.Notes))
		}
		var items []string
		for _, q := range c.Quirks {
			// The notes often quote the same source as a quirk.
			if quote, ok := hoverQuote(q.Text); !ok || !strings.Contains(c.Notes, quote) {
				items = append(items, "- "+m.esc(q.Text))
			}
		}
		if len(items) > 0 {
			h.paras = append(h.paras, strings.Join(items, "\n"))
		}
	} else {
		h.para("%s is not a crawler robotslint knows.", m.bold(value))
	}
	if h.targeted(match.Google) && token != syntax.LowerASCII(value) {
		if token == "" {
			h.para("Google reads only the leading letters, '_' and '-' of a User-agent value, and this one starts with none: for Google the line names no crawler.")
		} else {
			h.para("Google reads only the leading letters, '_' and '-' of a User-agent value: for Google this line names %s.", m.code(token))
		}
	}
	h.groupUse(name, c)
}

// groupUse says which group the crawler called name obeys, as Google's
// parser picks it, and where the other targeted profiles pick otherwise.
func (h *hoverWriter) groupUse(name string, c *kb.Crawler) {
	m := h.m
	google := h.groupPick(match.Google, name)
	sentence := fmt.Sprintf("In this file, %s %s", m.esc(name), google.describe(m))
	if !google.own && c != nil {
		if q, ok := c.Quirk(kb.QuirkFallsBackTo); ok {
			if fallback := h.groupPick(match.Google, q.Token); fallback.own {
				sentence = fmt.Sprintf("In this file, %s has no group of its own, so it follows the %s group instead, as its operator documents: %s",
					m.esc(name), m.esc(q.Token), fallback.where)
			}
		} else if _, ok := c.Quirk(kb.QuirkIgnoresGlobalGroup); ok {
			sentence += ", but it ignores the " + m.code("*") + " group, so nothing here restricts it"
		}
	}
	h.para("%s.", sentence)
	// Profiles that agree with Google are not worth a line; those that
	// disagree alike share one.
	var order []string
	differ := map[string][]string{}
	for _, p := range h.targets {
		if p == match.Google {
			continue
		}
		if desc := h.groupPick(p, name).describe(m); desc != google.describe(m) {
			if differ[desc] == nil {
				order = append(order, desc)
			}
			differ[desc] = append(differ[desc], p.Readers)
		}
	}
	for _, desc := range order {
		h.para("For %s, it %s.", prose.Join(differ[desc]), desc)
	}
}

// hoverGroupPick is the choice of groups a profile makes for a crawler.
type hoverGroupPick struct {
	own   bool   // the groups name the crawler, rather than being the * groups
	none  bool   // no group applies, not even a * group
	where string // the groups, as a noun phrase
}

func (g hoverGroupPick) describe(m hoverMarkup) string {
	switch {
	case g.none:
		return "has no group of its own and there is no " + m.code("User-agent: *") + " group, so it may fetch everything"
	case g.own:
		return "uses " + g.where
	}
	return "has no group of its own: it follows " + g.where
}

// groupPick finds the groups the crawler called name obeys when p reads
// the file.
func (h *hoverWriter) groupPick(p *match.Profile, name string) hoverGroupPick {
	m, f := h.m, h.d.file
	r := h.compiled(p)
	agent := name
	if p == match.Google {
		// Google reads a crawler's own name as it reads User-agent values.
		agent = match.GoogleAgent([]byte(name))
	}
	groups := r.Check(agent, "/").Groups
	if len(groups) == 0 {
		return hoverGroupPick{none: true}
	}
	// A group names the crawler as the profile matches names; each group
	// is shown by the User-agent line that names it, or its first.
	key := syntax.LowerASCII(agent)
	names := func(a string) bool {
		switch {
		case a == "*":
			return false
		case p == match.Yandex:
			return a != "" && strings.Contains(key, a)
		case p == match.Legacy:
			return strings.Contains(a, key)
		}
		return a == key
	}
	var pick hoverGroupPick
	var lines []string
	shown := -1
	for _, g := range groups {
		line := r.Groups[g].UserAgents[0]
		if k := slices.IndexFunc(r.Groups[g].Agents, names); k >= 0 {
			pick.own = true
			line = r.Groups[g].UserAgents[k]
		}
		if shown < 0 {
			shown = line
		}
		lines = append(lines, fmt.Sprint(line+1))
	}
	star := m.code("User-agent: *")
	switch {
	case pick.own && len(lines) == 1:
		head := string(f.Text(f.Lines[shown].Key())) + ": " + string(f.Text(f.Lines[shown].Value()))
		pick.where = fmt.Sprintf("the group at line %s (%s)", lines[0], m.code(head))
	case pick.own:
		pick.where = fmt.Sprintf("the groups at lines %s, merged", prose.Join(lines))
	case len(lines) == 1:
		pick.where = fmt.Sprintf("%s (line %s)", star, lines[0])
	default:
		pick.where = fmt.Sprintf("the %s groups (lines %s, merged)", star, prose.Join(lines))
	}
	return pick
}

// star explains "User-agent: *": which crawlers it covers, and which known
// ones have groups of their own and so ignore it.
func (h *hoverWriter) star() {
	m, f := h.m, h.d.file
	r := h.compiled(match.Google)
	h.para("%s — every crawler without a group of its own.", m.bold("*"))
	var known []string
	seen := map[string]bool{}
	unknown := 0
	var stars []string
	for _, g := range r.Groups {
		for k, a := range g.Agents {
			if a == "*" {
				stars = append(stars, fmt.Sprint(g.UserAgents[k]+1))
				continue
			}
			value := string(f.Text(f.Lines[g.UserAgents[k]].Value()))
			c := kb.LookupCrawler(value)
			if c == nil {
				c = kb.LookupCrawler(a)
			}
			switch {
			case c == nil && !seen["?"+a]:
				seen["?"+a] = true
				unknown++
			case c != nil && !seen[c.Token]:
				seen[c.Token] = true
				known = append(known, fmt.Sprintf("%s (line %d)", m.esc(c.Token), g.UserAgents[k]+1))
			}
		}
	}
	const maxListed = 8
	if n := len(known); n > maxListed {
		known = append(known[:maxListed], prose.Int(n-maxListed)+" more")
	}
	switch {
	case len(known) > 0:
		h.para("Known crawlers with a group of their own here, which ignore this one: %s.", prose.Join(known))
		if unknown > 0 {
			h.para("%s too.", prose.Count(unknown, "other name has a group of its own", "other names have groups of their own"))
		}
	case unknown > 0:
		h.para("No crawler robotslint knows has a group of its own here; %s.", prose.Count(unknown, "other name has a group of its own", "other names have groups of their own"))
	default:
		h.para("No other group names a crawler, so this group applies to every crawler.")
	}
	if len(stars) > 1 {
		h.para("Google merges the rules of the %s groups at lines %s.", m.code("*"), prose.Join(stars))
	}
}

// rule explains an Allow or Disallow value: what it matches, with
// examples, and which rules of the crawlers' groups override it or are
// overridden by it.
func (h *hoverWriter) rule(allow bool) {
	f, m := h.d.file, h.m
	raw := string(f.Text(f.Lines[h.line].Value()))
	name := "Disallow"
	if allow {
		name = "Allow"
	}
	if raw == "" {
		if allow {
			h.para("An empty %s matches no URL: the line changes nothing.", m.bold(name))
		} else {
			h.para("An empty %s allows everything: it blocks no URL.", m.bold(name))
		}
		return
	}
	matches := hoverMatcher(raw)
	yes, no := hoverExamples(raw, matches)
	verb := "blocks"
	if allow {
		verb = "allows"
	}
	if len(yes) == 0 {
		why := ""
		if raw[0] != '/' && raw[0] != '*' {
			why = ": a URL's path always starts with " + m.code("/")
		}
		h.para("%s %s matches no URL%s.", m.bold(name), m.code(raw), why)
	} else {
		h.para("%s %s %s %s.", m.bold(name), m.code(raw), verb, h.describe(raw))
		var codes []string
		for _, y := range yes {
			codes = append(codes, m.code(y))
		}
		ex := "Matches " + prose.Join(codes)
		if no != "" {
			ex += "; not " + m.code(no)
			if strings.EqualFold(no, yes[0]) {
				ex += " (paths are case-sensitive)"
			}
		}
		h.para("%s.", ex)
	}
	body, anchored := strings.CutSuffix(raw, "$")
	var notes []string
	if strings.Contains(body, "*") {
		notes = append(notes, m.code("*")+" stands for any run of characters")
	}
	if anchored {
		notes = append(notes, "the final "+m.code("$")+" marks the end of the URL")
	}
	if len(notes) > 0 {
		s := strings.Join(notes, "; ")
		h.para("%s%s.", strings.ToUpper(s[:1]), s[1:])
		if h.targeted(match.Legacy) {
			h.para("Crawlers that follow the 1994 standard read %s and %s as plain characters.", m.code("*"), m.code("$"))
		}
	}
	h.overrides(allow, matches, yes)
}

// describe says in words which URLs a pattern matches.
func (h *hoverWriter) describe(raw string) string {
	m := h.m
	body, anchored := strings.CutSuffix(raw, "$")
	pieces := strings.Split(body, "*")
	if len(pieces) == 1 {
		switch {
		case body == "/" && anchored:
			return "only the home page, " + m.code("/")
		case body == "/":
			return "every URL on the site"
		case anchored:
			return "only the URL " + m.code(body) + " itself, with nothing after it, not even a query string"
		}
		return "every URL whose path starts with " + m.code(body)
	}
	var parts []string
	if p := pieces[0]; p != "" && p != "/" {
		parts = append(parts, "starts with "+m.code(p))
	}
	for _, p := range pieces[1 : len(pieces)-1] {
		if p != "" {
			parts = append(parts, "contains "+m.code(p))
		}
	}
	switch last := pieces[len(pieces)-1]; {
	case last != "" && anchored:
		parts = append(parts, "ends in "+m.code(last))
	case last != "":
		parts = append(parts, "contains "+m.code(last))
	}
	if len(parts) == 0 {
		return "every URL on the site"
	}
	return "every URL whose path " + strings.Join(parts, ", then ")
}

// overrides says which rules that apply to the same crawlers win over this
// one for some URLs, and which this one wins over, as Google decides:
// the longest pattern wins, Allow on a tie. Each relation is shown with a
// URL where it holds, found among example URLs of either pattern.
func (h *hoverWriter) overrides(allow bool, matches func(string) bool, yes []string) {
	f, m := h.d.file, h.m
	r := h.compiled(match.Google)
	group, self := -1, match.Rule{}
	for g := range r.Groups {
		if k := slices.IndexFunc(r.Groups[g].Rules, func(x match.Rule) bool { return x.Line == h.line }); k >= 0 {
			group, self = g, r.Groups[g].Rules[k]
			break
		}
	}
	if group < 0 {
		if g := f.GroupAt(h.line); g < 0 {
			h.para("The line comes before any User-agent line, so it belongs to no group and no crawler reads it.")
		} else if h.targeted(match.Google) {
			h.para("Google does not read this line as a rule of any group.")
		}
		return
	}
	var lines []string
	seen := map[int]bool{h.line: true}
	var agents []string
	for _, a := range r.Groups[group].Agents {
		if !slices.Contains(agents, a) {
			agents = append(agents, a)
		}
	}
	for _, agent := range agents {
		for _, g := range r.Check(agent, "/").Groups {
			for _, o := range r.Groups[g].Rules {
				if o.Allow == allow || seen[o.Line] || o.Priority <= 0 || !hoverPrefixesOverlap(o.Pattern, self.Pattern) {
					continue
				}
				why := "the longer pattern wins"
				if o.Priority == self.Priority {
					why = "Allow wins a tie"
				}
				text := m.code(r.RuleText(match.Verdict{Line: o.Line}))
				oMatches := hoverMatcher(o.Pattern)
				oYes, _ := hoverExamples(o.Pattern, oMatches)
				if p, ok := hoverFirst(oYes, func(p string) bool { return matches(p) && r.Check(agent, p).Line == o.Line }); ok {
					seen[o.Line] = true
					lines = append(lines, fmt.Sprintf("%s (line %d) overrides it for URLs such as %s: %s.", text, o.Line+1, m.code(p), why))
					continue
				}
				if p, ok := hoverFirst(append(slices.Clip(yes), oYes...), func(p string) bool { return oMatches(p) && r.Check(agent, p).Line == h.line }); ok {
					seen[o.Line] = true
					lines = append(lines, fmt.Sprintf("It overrides %s (line %d) for URLs such as %s: %s.", text, o.Line+1, m.code(p), why))
				}
			}
		}
	}
	const maxShown = 3
	if len(lines) > maxShown {
		more := len(lines) - maxShown
		lines = append(lines[:maxShown], fmt.Sprintf("And %s.", prose.Count(more, "more rule", "more rules")))
	}
	if len(lines) > 0 {
		h.paras = append(h.paras, strings.Join(lines, "\n"))
	}
}

// sitemap explains a Sitemap value.
func (h *hoverWriter) sitemap() {
	f, m := h.d.file, h.m
	raw := string(f.Text(f.Lines[h.line].Value()))
	if raw == "" {
		h.para("A %s line without a URL: crawlers ignore it.", m.bold("Sitemap"))
		return
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Scheme != "http" && u.Scheme != "https" {
		h.para("%s %s is not an absolute URL, so Google and Yandex ignore it: write the full address, such as %s.",
			m.bold("Sitemap"), m.code(raw), m.code("https://example.com/sitemap.xml"))
		return
	}
	h.para("%s %s", m.bold("Sitemap"), m.link(raw))
	h.para("Crawlers fetch this sitemap to discover the site's URLs. The line belongs to no group: it applies to every crawler, wherever it appears.")
	h.para("%s", h.readers(kb.LookupDirective(syntax.DirectiveSitemap)))
}

// hoverMatcher returns whether Google's matcher matches a path against
// pattern, a rule's value: the rule is compiled alone, so that examples
// are checked by the same code that decides what crawlers may fetch.
// Google percent-encodes a pattern's bytes from 0x80 on and matches the
// URLs crawlers request, which are encoded too, so a path is encoded the
// same way before it is matched; examples can then be shown as written.
func hoverMatcher(pattern string) func(path string) bool {
	r := match.Compile(syntax.Parse([]byte("User-agent: *\nDisallow: "+pattern+"\n")), match.Google)
	return func(path string) bool { return r.Check("*", match.EscapePattern(path)).Reason == match.ReasonRule }
}

// hoverExamples returns up to three paths that pattern matches and one
// near them that it does not, or "" when it matches everything. The
// candidates are guesses shaped by the pattern (a '*' before ".pdf"
// becomes a file name, a trailing '/' gets a page under it) and kept only
// when matches agrees.
func hoverExamples(pattern string, matches func(string) bool) (yes []string, no string) {
	body, anchored := strings.CutSuffix(pattern, "$")
	fill := func(variant int) string {
		var b strings.Builder
		for i := 0; i < len(body); i++ {
			if body[i] != '*' {
				b.WriteByte(body[i])
				continue
			}
			next := byte(0)
			if i+1 < len(body) {
				next = body[i+1]
			}
			switch {
			case next == '.':
				b.WriteString([]string{"report", "docs/report"}[variant])
			case next == '?' || next == '&' || next == '=' || next == ';':
				b.WriteString([]string{"page", "shop/page"}[variant])
			case next == '/':
				b.WriteString([]string{"en", "shop/en"}[variant])
			case next == 0:
				b.WriteString([]string{"", "/page.html"}[variant])
			case next != '*':
				b.WriteString([]string{"my-", "old/my-"}[variant])
			}
		}
		return b.String()
	}
	base, alt := fill(0), fill(1)
	var candidates []string
	if anchored {
		candidates = []string{base, alt}
	} else {
		var suffixes []string
		last := byte(0)
		if body != "" {
			last = body[len(body)-1]
		}
		switch {
		case last == 0:
		case last == '*':
			suffixes = []string{"", ""}
		case last == '/':
			suffixes = []string{"", "page.html", "a/b?id=1"}
		case last == '=':
			suffixes = []string{"1", "42", "abc"}
		case last == '?':
			suffixes = []string{"id=1", "q=shoes", "a=1&b=2"}
		case strings.Contains(body, "*"):
			suffixes = []string{"", "?page=2", "/page.html"}
		default:
			suffixes = []string{"", ".html", "/page.html"}
		}
		for k, s := range suffixes {
			candidates = append(candidates, []string{base, alt, base}[k]+s)
		}
	}
	for _, c := range candidates {
		if !strings.HasPrefix(c, "/") {
			// A pattern may start with '*'; a path starts with '/'.
			c = "/" + c
		}
		if !slices.Contains(yes, c) && matches(c) {
			yes = append(yes, c)
		}
	}
	var misses []string
	if anchored {
		misses = append(misses, base+"?page=2")
	}
	if trimmed, ok := strings.CutSuffix(base, "/"); ok && trimmed != "" {
		misses = append(misses, trimmed)
	}
	// The same path with its first letter's case changed shows that
	// paths are case-sensitive.
	if k := strings.IndexFunc(base, func(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }); k >= 0 {
		c := base[k] ^ 0x20
		misses = append(misses, base[:k]+string(c)+base[k+1:])
	}
	misses = append(misses, "/", "/index.html")
	if len(yes) > 0 {
		for _, c := range misses {
			if !matches(c) {
				return yes, c
			}
		}
	}
	return yes, ""
}

// hoverPrefixesOverlap reports whether two patterns can match a common
// URL as far as their literal prefixes (the text before the first '*' or
// final '$') tell: one prefix must start the other.
func hoverPrefixesOverlap(a, b string) bool {
	lit := func(p string) string {
		if k := strings.IndexAny(p, "*$"); k >= 0 {
			return p[:k]
		}
		return p
	}
	a, b = lit(a), lit(b)
	return strings.HasPrefix(a, b) || strings.HasPrefix(b, a)
}

// hoverQuote returns the first text in double quotes in s.
func hoverQuote(s string) (string, bool) {
	_, rest, ok := strings.Cut(s, "\"")
	quote, _, closed := strings.Cut(rest, "\"")
	return quote, ok && closed && quote != ""
}

func hoverFirst(list []string, ok func(string) bool) (string, bool) {
	for _, s := range list {
		if ok(s) {
			return s, true
		}
	}
	return "", false
}

// hoverCategoryPhrase says what a crawler of category c is, for a hover.
func hoverCategoryPhrase(c kb.Category) string {
	switch c {
	case kb.CategorySearch:
		return "a search engine crawler"
	case kb.CategoryAITraining:
		return "a crawler that collects content to train AI models"
	case kb.CategoryAIAssistant:
		return "a fetcher for an AI assistant, usually acting on a user's request"
	case kb.CategoryAISearch:
		return "a crawler for AI search and answers"
	case kb.CategorySEO:
		return "an SEO tool's crawler"
	case kb.CategorySocial:
		return "a link-preview fetcher"
	case kb.CategoryArchive:
		return "a web archive's crawler"
	}
	return "a crawler"
}

// crawlerCategoryLabel names category c in a few words, for completion
// details.
func crawlerCategoryLabel(c kb.Category) string {
	switch c {
	case kb.CategorySearch:
		return "search"
	case kb.CategoryAITraining:
		return "AI training"
	case kb.CategoryAIAssistant:
		return "AI assistant"
	case kb.CategoryAISearch:
		return "AI search"
	case kb.CategorySEO:
		return "SEO"
	case kb.CategorySocial:
		return "link previews"
	case kb.CategoryArchive:
		return "archive"
	}
	return "other"
}

func hoverHonours(c *kb.Crawler) string {
	switch c.HonoursRobots {
	case kb.HonoursYes:
		return "Its operator documents that it obeys robots.txt."
	case kb.HonoursNo:
		return "It does not obey robots.txt."
	}
	return "Whether it obeys robots.txt is not documented."
}

// hoverMarkup formats hover text as markdown or as plain text with no
// markup at all.
type hoverMarkup struct{ md bool }

// esc makes text from the file or the knowledge base literal in markdown:
// a '*' or '_' in a crawler's notes must not start emphasis.
func (m hoverMarkup) esc(s string) string {
	if !m.md {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte("\\`*_[]<>", s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func (m hoverMarkup) code(s string) string {
	if !m.md {
		return s
	}
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}

func (m hoverMarkup) bold(s string) string {
	if !m.md {
		return s
	}
	return "**" + m.esc(s) + "**"
}

func (m hoverMarkup) link(u string) string {
	if !m.md {
		return u
	}
	target := strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(u)
	return "[" + m.esc(u) + "](" + target + ")"
}
