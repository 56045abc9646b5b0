package match

import (
	"bytes"
	"slices"

	"github.com/robotslint/robotslint/syntax"
)

// A Layout is a file's groups as a profile reads them, told in line
// indices and byte spans: which lines name crawlers in which group, which
// rule lines belong to it, each rule's kind and priority. It is the one
// reading of groups: Compile builds its Robots from it, and the rules that
// compare rules read it directly, since it holds no string per rule and
// costs little more than a walk over the lines. It must not be modified.
type Layout struct {
	// File is the file as given. The profile reads its lines up to its
	// size limit (see Profile.Read), the last perhaps cut short; indices
	// and spans here refer to File.
	File    *syntax.File
	Profile *Profile
	// Groups are the groups in file order.
	Groups []LayoutGroup
	// Agents are the user-agent lines of every group, in file order; a
	// group's lines are a run of them.
	Agents []AgentLine
	// Rules are the rule lines read inside a group, in file order, one
	// per line; a group's rules are a run of them. A line the profile
	// drops (Dropped) is among them: it still ends its group's run of
	// user-agent lines.
	Rules []RuleLine
	// Tokens are the distinct crawler tokens the user-agent lines name, as
	// the profile reads them: "*", "googlebot".
	Tokens []string

	// lines are the lines the profile reads.
	lines lineSource
	// tokenIDs finds a token's index in Tokens by the text it was read
	// from (a value, or the run of it Google reads) and by the token.
	tokenIDs map[string]int32
}

// A LayoutGroup is a group of a Layout: its user-agent lines are
// Agents[AgentsFrom:AgentsTo] and its rules Rules[RulesFrom:RulesTo].
type LayoutGroup struct {
	AgentsFrom, AgentsTo int32
	RulesFrom, RulesTo   int32
}

// An AgentLine is a user-agent line of a group.
type AgentLine struct {
	// Line is the index of the line in File.Lines.
	Line int32
	// Token is the index in Layout.Tokens of the crawler token the line
	// names.
	Token int32
}

// A RuleLine is an Allow or Disallow line read inside a group.
//
// A file can hold a million rules, so the fields fit 28 bytes: offsets
// and priorities never exceed the file's length.
type RuleLine struct {
	// Line is the index of the line in File.Lines, and Group the index of
	// its group in Layout.Groups.
	Line, Group int32
	// start and end place the value in the file as the profile reads it:
	// Google cuts some lines before splitting them (see googleLine).
	start, end int32
	// Priority orders matching rules: the highest wins, Allow on ties; 0
	// or less never decides. Google and RFC 9309 take the pattern's
	// length after normalisation, the 1994 standard the line's order.
	Priority int32
	// DirPriority is, for an Allow Google also reads as allowing its
	// directory ("Allow: /a/index.html" also allows "/a/$"), the priority
	// of that extra rule, whose pattern is the rule's up to its last '/'
	// and a '$'; otherwise 0.
	DirPriority int32
	Allow       bool
	// Dropped is true for a line the profile reads as a rule but keeps no
	// rule from: Yandex rejects a pattern that starts with neither '/'
	// nor '*'.
	Dropped bool
	// Verbatim is true when the profile's pattern is the value as
	// written: its normalisation changes no byte.
	Verbatim bool
}

// Value returns the span of the rule's value as the profile reads it.
func (r *RuleLine) Value() syntax.Span { return syntax.Span{Start: int(r.start), End: int(r.end)} }

// GroupAgents returns the user-agent lines of group g.
func (l *Layout) GroupAgents(g int) []AgentLine {
	return l.Agents[l.Groups[g].AgentsFrom:l.Groups[g].AgentsTo]
}

// GroupRules returns the rule lines of group g.
func (l *Layout) GroupRules(g int) []RuleLine {
	return l.Rules[l.Groups[g].RulesFrom:l.Groups[g].RulesTo]
}

// AppendPattern appends to dst the pattern of rule k as the profile
// matches it. A caller can keep many in one array, and for a Verbatim rule
// need not copy at all: its pattern is the value's bytes in File. The
// pattern of Google's extra directory rule is the pattern's first
// DirPriority-1 bytes and a '$'.
func (l *Layout) AppendPattern(dst []byte, k int) []byte {
	r := &l.Rules[k]
	value := l.File.Text(r.Value())
	if r.Verbatim {
		return append(dst, value...)
	}
	return l.Profile.normalize(dst, value)
}

// Token returns the index in Tokens of the token name, as given (the
// crawler's robots.txt name, in any case), or -1 when no line names it.
func (l *Layout) Token(name string) int32 {
	if id, ok := l.tokenIDs[name]; ok {
		return id
	}
	if id, ok := l.tokenIDs[syntax.LowerASCII(name)]; ok {
		return id
	}
	return -1
}

// Line returns line i as the profile reads it: the file that holds it and
// its index there. That is File and i but for a line across the profile's
// size limit, which the profile reads cut at the limit: it is parsed
// alone, in a file of its own, so that asking costs no second parse of
// the file.
func (l *Layout) Line(i int) (*syntax.File, int) {
	f, k, _ := l.lines.line(i)
	return f, k
}

// Select returns the indices of the groups whose rules apply to the
// crawler whose robots.txt name is agent, as the profile chooses them.
func (l *Layout) Select(agent string) []int { return l.Profile.selectGroups(l, agent) }

// SelectWithout returns the indices of the groups Select would return for
// agent if group g were not in the file: which rules the crawler would
// obey but for that group.
func (l *Layout) SelectWithout(agent string, g int) []int {
	without := *l
	without.Groups = slices.Delete(slices.Clone(l.Groups), g, g+1)
	sel := l.Profile.selectGroups(&without, agent)
	for k, h := range sel {
		if h >= g {
			sel[k] = h + 1
		}
	}
	return sel
}

// patternBytes returns rule k's pattern as the profile reads it: the
// value as written, or its normalisation in buf.
func (l *Layout) patternBytes(k int, buf *[]byte) []byte {
	if r := &l.Rules[k]; r.Verbatim {
		return l.File.Text(r.Value())
	}
	*buf = l.AppendPattern((*buf)[:0], k)
	return *buf
}

// Check answers one query as Robots.Check does, by trying every rule of
// the crawler's groups in place of compiling the file: for a caller with
// one question, to whom Compile's index would cost more than the answer
// (whether Googlebot may fetch "/"). The precedence is the ruleset's: the
// highest priority wins, Allow wins a tie, and the first in file order a
// tie of the same kind.
func (l *Layout) Check(agent, url string) Verdict {
	p := l.Profile
	v := p.verdict(l.Select(agent), url)
	if v.Reason != ReasonNoRule {
		return v
	}
	var best Rule // its Pattern unset: the verdict does not quote it
	better := func(prio int32, allow bool) bool {
		return prio > best.Priority || prio == best.Priority && allow && !best.Allow
	}
	var buf []byte
	for _, g := range v.Groups {
		for k := l.Groups[g].RulesFrom; k < l.Groups[g].RulesTo; k++ {
			r := &l.Rules[k]
			if r.Dropped || max(r.Priority, r.DirPriority) < best.Priority {
				continue // it cannot beat the rule found
			}
			// The rules appendRules reads the line as, matched in place.
			pattern := l.patternBytes(int(k), &buf)
			if r.Priority > 0 && better(r.Priority, r.Allow) && matchesPattern(p, v.Path, pattern) {
				best = Rule{Line: int(r.Line), Priority: r.Priority, Allow: r.Allow}
			}
			if r.DirPriority > 0 && better(r.DirPriority, true) &&
				matchesPattern(p, v.Path, string(pattern[:r.DirPriority-1])+"$") {
				best = Rule{Line: int(r.Line), Priority: r.DirPriority, Allow: true}
			}
		}
	}
	if best.Priority > 0 {
		v.decide(&best)
	}
	return v
}

// RuleAt returns the index in Rules of the rule on line i, or -1 when the
// profile reads no rule there.
func (l *Layout) RuleAt(i int) int {
	k, ok := slices.BinarySearchFunc(l.Rules, int32(i), func(r RuleLine, line int32) int { return int(r.Line - line) })
	if !ok {
		return -1
	}
	return k
}

// Cross returns, for each rule of l, the index of the rule on the same
// line in other (another profile's layout of the same file), or -1 when
// other reads no rule there.
func (l *Layout) Cross(other *Layout) []int32 {
	at := make([]int32, len(l.Rules))
	j := 0
	for k := range l.Rules {
		for j < len(other.Rules) && other.Rules[j].Line < l.Rules[k].Line {
			j++
		}
		at[k] = -1
		if j < len(other.Rules) && other.Rules[j].Line == l.Rules[k].Line {
			at[k] = int32(j)
		}
	}
	return at
}

// ReadLayout reads the groups of f as profile p does.
func ReadLayout(f *syntax.File, p *Profile) *Layout {
	if p.base != nil {
		return ReadLayout(f, p.base).For(p)
	}
	l := &Layout{File: f, Profile: p, lines: newLineSource(f, p)}
	p.readGroups(l)
	return l
}

// For returns the layout of the file as profile p reads it, built from l
// when l is the layout of p.Base() (which costs a fraction of reading the
// file again), read anew otherwise.
func (l *Layout) For(p *Profile) *Layout {
	switch {
	case p == l.Profile:
		return l
	case p.base != l.Profile:
		return ReadLayout(l.File, p)
	}
	d := &Layout{File: l.File, Profile: p, lines: l.lines}
	p.fromBase(l, d)
	return d
}

// sameLayout builds l as base is: the same groups and rules, shared.
func sameLayout(base, l *Layout) {
	p := l.Profile
	*l = *base
	l.Profile = p
}

// groupAtBlankLines builds l from base, the layout of a profile that never
// ends a group at a blank line (RFC 9309): the same user-agent lines and
// rules, in groups that also end at blank lines, so that rules after one
// belong to no group; each rule as base reads it, then as l's profile's
// adjustRule does.
func groupAtBlankLines(base, l *Layout) {
	l.Tokens, l.tokenIDs = base.Tokens, base.tokenIDs
	b := newLayoutReader(l, len(base.Rules))
	agents, rules := base.Agents, base.Rules
	for i := range l.lines.n {
		switch {
		case len(agents) > 0 && int(agents[0].Line) == i:
			b.addAgent(i, agents[0].Token)
			agents = agents[1:]
		case len(rules) > 0 && int(rules[0].Line) == i:
			if r := b.add(rules[0]); r != nil && l.Profile.adjustRule != nil {
				l.Profile.adjustRule(r, l.File.Text(r.Value()), l.lines.n)
			}
			rules = rules[1:]
		default:
			if f, k, _ := l.lines.line(i); f.Lines[k].Kind == syntax.LineBlank {
				b.close()
			}
		}
	}
	b.finish()
}

// lineSource gives the readers the lines a profile reads: the file's own
// lines up to its size limit and the line across the limit as the profile
// reads it, cut there. That line is parsed alone: parsing the whole prefix
// again (Profile.Read) would cost as much as the file's own parse, for
// one line.
type lineSource struct {
	f *syntax.File
	n int // the number of lines read
	// cut is the line across the limit, cut and parsed alone, or nil;
	// shift is where its text starts in f.
	cut   *syntax.File
	shift int
}

func newLineSource(f *syntax.File, p *Profile) lineSource {
	s := lineSource{f: f, n: len(f.Lines)}
	limit := p.SizeLimit
	if limit == 0 || limit >= len(f.Bytes()) {
		return s
	}
	i := f.LineAt(limit)
	switch {
	case i < 0 || f.Lines[i].Span.Start == limit:
		// The limit falls on a line's start (or in the byte order mark):
		// the lines before it are read whole.
		s.n = max(i, 0)
		if i < 0 && limit >= f.BOM.End {
			s.n = len(f.Lines)
		}
	case i > 0 && f.Bytes()[f.Lines[i].Span.Start] == 0xEF:
		// Parsed alone, the line would lose what looks like a byte order
		// mark at its start, which mid-file it is not: read the prefix as
		// a file.
		s.f = p.Read(f)
		s.n = len(s.f.Lines)
	default:
		s.n = i + 1
		s.shift = f.Lines[i].Span.Start
		s.cut = syntax.Parse(f.Bytes()[s.shift:limit:limit])
	}
	return s
}

// line returns line i as the profile reads it: the file that holds it,
// its index there, and what to add to spans there to place them in the
// file read.
func (s *lineSource) line(i int) (*syntax.File, int, int) {
	if s.cut != nil && i == s.n-1 {
		return s.cut, 0, s.shift
	}
	return s.f, i, 0
}

// shifted returns span moved by shift.
func shifted(span syntax.Span, shift int) syntax.Span {
	return syntax.Span{Start: span.Start + shift, End: span.End + shift}
}

// layoutReader builds a Layout line by line, as every profile groups
// lines: a user-agent line opens a group unless it follows another
// user-agent line of the open group; a rule joins the open group, and a
// rule outside any group is dropped. What else ends a group is the
// profile's to say, by calling close. Only the last group is ever open, so
// each group's lines are a run of Agents and of Rules.
type layoutReader struct {
	l        *Layout
	cur      int32 // the open group, or -1
	ruleSeen bool  // the open group has had a rule
	// records is true when the reader drops a group that ends before any
	// rule or extension line, as the 1994 standard's records require (see
	// readLegacy); added then holds the keys of tokenIDs that the open
	// group added, and tokens how many Tokens there were before it, so
	// that dropping it leaves no token only it named.
	records bool
	added   []string
	tokens  int
	// scratch holds a pattern being normalised, to compare with its value.
	scratch []byte
}

// newLayoutReader returns a reader of l, which will hold at most maxRules
// rules: the array of rules never grows.
func newLayoutReader(l *Layout, maxRules int) *layoutReader {
	l.Rules = make([]RuleLine, 0, maxRules)
	return &layoutReader{l: l, cur: -1}
}

// agent adds user-agent line i, whose token the profile reads from raw
// (the value, or the part of it the profile looks at) with token.
func (b *layoutReader) agent(i int, raw []byte, token func([]byte) string) {
	l := b.l
	if b.records && (b.cur < 0 || b.ruleSeen) {
		b.added, b.tokens = b.added[:0], len(l.Tokens)
	}
	id, ok := l.tokenIDs[string(raw)]
	if !ok {
		t := token(raw)
		if id, ok = l.tokenIDs[t]; !ok {
			id = int32(len(l.Tokens))
			l.Tokens = append(l.Tokens, t)
			if l.tokenIDs == nil {
				l.tokenIDs = map[string]int32{}
			}
			l.tokenIDs[t] = id
			b.remember(t)
		}
		l.tokenIDs[string(raw)] = id
		b.remember(string(raw))
	}
	b.addAgent(i, id)
}

// remember notes that the open group added key to tokenIDs, when the
// group may yet be dropped.
func (b *layoutReader) remember(key string) {
	if b.records {
		b.added = append(b.added, key)
	}
}

// addAgent adds user-agent line i, which names token id.
func (b *layoutReader) addAgent(i int, id int32) {
	l := b.l
	if b.cur < 0 || b.ruleSeen {
		n := int32(len(l.Agents))
		l.Groups = append(l.Groups, LayoutGroup{AgentsFrom: n, AgentsTo: n, RulesFrom: int32(len(l.Rules)), RulesTo: int32(len(l.Rules))})
		b.cur, b.ruleSeen = int32(len(l.Groups)-1), false
	}
	l.Agents = append(l.Agents, AgentLine{Line: int32(i), Token: id})
	l.Groups[b.cur].AgentsTo++
}

// rule adds rule line i with its value, read as the profile reads it, and
// returns it, or nil outside any group.
func (b *layoutReader) rule(i int, allow bool, value syntax.Span) *RuleLine {
	r := b.add(RuleLine{Line: int32(i), start: int32(value.Start), end: int32(value.End), Allow: allow})
	if r != nil {
		b.l.Profile.readRule(r, b.l.File.Text(value), b.l.lines.n, &b.scratch)
	}
	return r
}

// add adds rule r to the open group and returns it, or returns nil
// outside any group.
func (b *layoutReader) add(r RuleLine) *RuleLine {
	if b.cur < 0 {
		return nil
	}
	b.ruleSeen = true
	l := b.l
	r.Group = b.cur
	l.Rules = append(l.Rules, r)
	l.Groups[b.cur].RulesTo++
	return &l.Rules[len(l.Rules)-1]
}

// close ends the open group, or drops it when it is a record without
// rule lines.
func (b *layoutReader) close() {
	if b.records && b.cur >= 0 && !b.ruleSeen {
		l := b.l
		l.Agents = l.Agents[:l.Groups[b.cur].AgentsFrom]
		l.Groups = l.Groups[:b.cur]
		for _, key := range b.added {
			delete(l.tokenIDs, key)
		}
		l.Tokens = l.Tokens[:b.tokens]
	}
	b.cur = -1
}

// extension reads a line that is no rule but, in a record, ends its run
// of user-agent lines as a rule does: the 1997 draft's extension lines.
func (b *layoutReader) extension() {
	if b.cur >= 0 {
		b.ruleSeen = true
	}
}

// finish trims the layout's arrays; the reader is done.
func (b *layoutReader) finish() {
	b.close()
	b.l.Rules = slices.Clip(b.l.Rules)
}

// readRule reads rule line r with the value as p does: its priority is
// its pattern's length, and it is Verbatim when the normalisation leaves
// the value as it is, unless the profile's own reading (adjustRule) says
// otherwise. lines is the number of lines the profile reads, and scratch
// a buffer to normalise in. It is the one reading of a rule: layouts,
// Compile and Matches all read rules through it.
func (p *Profile) readRule(r *RuleLine, value []byte, lines int, scratch *[]byte) {
	r.Verbatim, r.Priority = true, int32(len(value))
	if p.mayNormalize(value) {
		*scratch = p.normalize((*scratch)[:0], value)
		r.Verbatim, r.Priority = bytes.Equal(*scratch, value), int32(len(*scratch))
	}
	if p.adjustRule != nil {
		p.adjustRule(r, value, lines)
	}
}

// appendRules appends to dst the rules line r reads as, with pattern its
// pattern: none when the profile drops it, two for an Allow Google also
// reads as allowing its directory.
func (r *RuleLine) appendRules(dst []Rule, pattern string) []Rule {
	if r.Dropped {
		return dst
	}
	dst = append(dst, Rule{Line: int(r.Line), Pattern: pattern, Priority: r.Priority, Allow: r.Allow})
	if r.DirPriority > 0 {
		dst = append(dst, Rule{Line: int(r.Line), Pattern: pattern[:r.DirPriority-1] + "$", Priority: r.DirPriority, Allow: true})
	}
	return dst
}
