package rules

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds what the path rules share: which lines are rules, how
// the profiles name themselves in messages, and a light reading of the
// file's groups (pathModel) for the rules that compare rules with each
// other.
//
// The rules do not use pass.Robots for that: compiling a profile builds
// strings and slices for every rule, and costs several times a parse on a
// large file, while the rules here need only spans, group indices and
// pattern lengths.

// pathRuleKind reports whether Google reads line l as an Allow or a
// Disallow line, and which. Google also reads misspelled keys ("Disalow")
// and keys that start with the name ("Disallowed") as rules, so a value on
// such a line matters as much as on a well-spelled one.
func pathRuleKind(f *syntax.File, l *syntax.Line) (allow, ok bool) {
	if l.Kind != syntax.LineDirective {
		return false, false
	}
	d := l.Directive
	if d == syntax.DirectiveOther {
		d = match.GoogleDirective(f.Text(l.Key()))
	}
	switch d {
	case syntax.DirectiveAllow:
		return true, true
	case syntax.DirectiveDisallow:
		return false, true
	}
	return false, false
}

// pathNotRobots reports whether the file is not robots.txt text at all (an
// HTML page, JSON, binary data): another rule says so once, and findings
// on its "paths" would be noise.
func pathNotRobots(f *syntax.File) bool { return judgeFileAlone(f).kind == contentOther }

// pathPastLimit reports whether the file runs past 500 KiB. RFC 9309
// crawlers stop reading there, so a fix that deletes or lengthens a line
// moves other lines across the limit, which no fix here can prove
// harmless.
func pathPastLimit(f *syntax.File) bool {
	for _, x := range f.Facts {
		if x.Kind == syntax.FactPastSizeLimit {
			return true
		}
	}
	return false
}

// pathNames returns the names of the profiles that keep returns true for,
// taken from the targets with Google first: "Google", "Bing", "Yandex".
func pathNames(pass *lint.Pass, keep func(*match.Profile) bool) []string {
	var names []string
	add := func(p *match.Profile) {
		if keep(p) {
			names = append(names, p.Readers)
		}
	}
	if pass.Targeted(match.Google) {
		add(match.Google)
	}
	for _, p := range pass.Targets {
		if p != match.Google {
			add(p)
		}
	}
	return names
}

// pathDirective returns the span of line l from its key to the end of its
// value: the rule as written, without comment or indentation.
func pathDirective(l *syntax.Line) syntax.Span {
	return syntax.Span{Start: l.Key().Start, End: l.Value().End}
}

// pathQuote returns the text of span s in backquotes, shortened in the
// middle when it is long.
func pathQuote(f *syntax.File, s syntax.Span) string {
	text := f.Text(s)
	if len(text) > 80 {
		return "`" + string(text[:60]) + "…" + string(text[len(text)-15:]) + "`"
	}
	return "`" + string(text) + "`"
}

// pathRuleText returns a rule line as "Disallow: /x", with the key as
// written and the value shortened when long.
func pathRuleText(f *syntax.File, l *syntax.Line) string {
	// One concatenation, one string: a large file can have a thousand
	// findings, each naming rules.
	value := f.Text(l.Value())
	if len(value) > 60 {
		return "`" + string(f.Text(l.Key())) + ": " + string(value[:45]) + "…" + string(value[len(value)-10:]) + "`"
	}
	return "`" + string(f.Text(l.Key())) + ": " + string(value) + "`"
}

// pathGoogleLen returns the length of the pattern Google makes of value:
// it percent-encodes each byte from 0x80, and only upper-cases existing
// escapes. The length is the rule's priority.
func pathGoogleLen(value []byte) int {
	n := len(value)
	for _, c := range value {
		if c >= 0x80 {
			n += 2
		}
	}
	return n
}

// pathRFCLen returns the length of the pattern RFC 9309 parsers make of
// value: an escape of an unreserved character is decoded, and bytes that
// are controls, spaces or not ASCII are percent-encoded.
func pathRFCLen(value []byte) int {
	n := 0
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch {
		case c == '%' && i+2 < len(value) && isHexDigit(value[i+1]) && isHexDigit(value[i+2]):
			if pathUnreserved(unhexDigit(value[i+1])<<4 | unhexDigit(value[i+2])) {
				n++
			} else {
				n += 3
			}
			i += 2
		case c <= ' ' || c >= 0x7F:
			n += 3
		default:
			n++
		}
	}
	return n
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhexDigit(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// pathUnreserved reports whether c is an unreserved character of RFC 3986.
func pathUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// pathClean reports whether every profile reads value as written: no '%'
// and nothing outside printable ASCII, so no profile's normalisation
// changes a byte.
func pathClean(value []byte) bool {
	// Eight bytes at a time: a byte below 0x21 or above 0x7E sets its high
	// bit in low|high, and a '%' leaves a zero byte in pct.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(value); i += 8 {
		w := binary.LittleEndian.Uint64(value[i:])
		low := (w - 0x21*ones) &^ w
		high := (w&^highs + (0x80-0x7F)*ones) | w
		pct := w ^ '%'*ones
		if (low|high|(pct-ones)&^pct)&highs != 0 {
			break // some byte may be unclean: look closer
		}
	}
	for ; i < len(value); i++ {
		if pathUnclean[value[i]] {
			return false
		}
	}
	return true
}

// pathUnclean holds the bytes some profile's normalisation changes.
var pathUnclean = func() (t [256]bool) {
	for c := range t {
		t[c] = c <= ' ' || c >= 0x7F || c == '%'
	}
	return t
}()

// pathRFCAsGoogle reports whether RFC 9309 parsers normalise value to the
// same pattern as Google: true unless it holds an escape of an unreserved
// character (which RFC 9309 decodes) or a control or space (which it
// encodes).
func pathRFCAsGoogle(value []byte) bool {
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch {
		case c == '%' && i+2 < len(value) && isHexDigit(value[i+1]) && isHexDigit(value[i+2]):
			if pathUnreserved(unhexDigit(value[i+1])<<4 | unhexDigit(value[i+2])) {
				return false
			}
			i += 2
		case c <= ' ' || c == 0x7F:
			return false
		}
	}
	return true
}

// pathGoogleChanges reports whether Google's pattern for value differs
// from it: it holds a byte from 0x80, or an escape with a lower-case hex
// digit.
func pathGoogleChanges(value []byte) bool {
	for i, c := range value {
		if c >= 0x80 || c == '%' && i+2 < len(value) && isHexDigit(value[i+1]) && isHexDigit(value[i+2]) &&
			(value[i+1] != upperHex(value[i+1]) || value[i+2] != upperHex(value[i+2])) {
			return true
		}
	}
	return false
}

// pathGooglePattern appends to buf the pattern Google makes of value (see
// match's escapePattern) and returns it; it returns value itself when
// Google changes nothing.
func pathGooglePattern(buf *[]byte, value []byte) []byte {
	if !pathGoogleChanges(value) {
		return value
	}
	const hex = "0123456789ABCDEF"
	start := len(*buf)
	b := *buf
	for i := 0; i < len(value); i++ {
		c := value[i]
		switch {
		case c == '%' && i+2 < len(value) && isHexDigit(value[i+1]) && isHexDigit(value[i+2]):
			b = append(b, '%', upperHex(value[i+1]), upperHex(value[i+2]))
			i += 2
		case c >= 0x80:
			b = append(b, '%', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	*buf = b
	return b[start:len(b):len(b)]
}

func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// pathLiteral returns the part of a pattern before its first '*', without
// a final '$': every URL path the pattern matches starts with it. literal
// is true when that is the whole pattern, which then matches exactly the
// paths that start with it.
func pathLiteral(pattern []byte) (lit []byte, literal bool) {
	if star := bytes.IndexByte(pattern, '*'); star >= 0 {
		return pattern[:star], false
	}
	if n := len(pattern); n > 0 && pattern[n-1] == '$' {
		return pattern[:n-1], false
	}
	return pattern, true
}

// pathPriorities counts the rules of a file by kind and priority, to tell
// whether changing a pattern's length can change which rule wins: Google
// and RFC 9309 let the longer pattern win, so shortening a Disallow by k
// bytes matters only if some Allow has a priority it then no longer beats.
type pathPriorities struct {
	// sums[kind][p] is the number of rules of the kind (0 Disallow,
	// 1 Allow) with a priority below p, counting Google's and RFC 9309's
	// priority of each rule.
	sums [2][]int32
}

func newPathPriorities(f *syntax.File) *pathPriorities {
	var counts [2][]int32
	add := func(kind, p int) {
		for len(counts[kind]) <= p {
			counts[kind] = append(counts[kind], 0)
		}
		counts[kind][p]++
	}
	for i := range f.Lines {
		l := &f.Lines[i]
		allow, ok := pathRuleKind(f, l)
		if !ok {
			continue
		}
		kind := 0
		if allow {
			kind = 1
		}
		value := f.Text(l.Value())
		g, r := pathGoogleLen(value), pathRFCLen(value)
		add(kind, g)
		if r != g {
			add(kind, r)
		}
		// Google also reads "Allow: /a/index.html" as "Allow: /a/$".
		if slash := bytes.LastIndexByte(value, '/'); allow && slash >= 0 && bytes.HasPrefix(value[slash:], []byte("/index.htm")) {
			add(kind, pathGoogleLen(value[:slash+1])+1)
		}
	}
	pp := &pathPriorities{}
	for kind := range counts {
		sums := make([]int32, len(counts[kind])+1)
		for p, n := range counts[kind] {
			sums[p+1] = sums[p] + n
		}
		pp.sums[kind] = sums
	}
	return pp
}

// any reports whether some rule of the kind has a priority in [lo, hi].
func (pp *pathPriorities) any(allow bool, lo, hi int) bool {
	sums := pp.sums[0]
	if allow {
		sums = pp.sums[1]
	}
	lo, hi = max(lo, 0), min(hi, len(sums)-2)
	return lo <= hi && sums[hi+1]-sums[lo] > 0
}

// lengthChangeSafe reports whether a rule of the kind whose priority goes
// from before to after still beats, ties and loses against every rule of
// the other kind as it did. A Disallow wins only when longer than the
// Allow; an Allow wins ties.
func (pp *pathPriorities) lengthChangeSafe(allow bool, before, after int) bool {
	lo, hi := min(before, after), max(before, after)
	if allow {
		// Allow a against Disallow d: a wins iff a >= d.
		return !pp.any(false, lo+1, hi)
	}
	// Disallow d against Allow a: d wins iff d > a.
	return !pp.any(true, lo, hi-1)
}

// pathModel is a light reading of a file's groups: the groups as Google
// reads them, and for each rule the group RFC 9309 parsers (and Bing) and
// the blank-line readers (Yandex, legacy) put it in.
type pathModel struct {
	f      *syntax.File
	rules  []pathRule
	groups []pathGroup
	// googleOnly is true when some line is a user-agent or rule line to
	// Google but not to the exact readers (a misspelled key, a missing
	// colon): their groups may then differ from Google's.
	googleOnly bool
	// pastLimit is true for a file longer than 500 KiB.
	pastLimit bool
	// special is true when Google cuts some directive line before reading
	// it (at a NUL byte, a control character, 16,663 bytes): the model
	// does not follow Google there, so the rules that use it stay quiet.
	special bool
	// clusters is the number of clusters: groups that share a crawler
	// token, directly or through other groups.
	clusters int
	// arena holds the patterns Google normalises (escapes it upper-cases,
	// bytes it encodes).
	arena []byte
	// tokens interns crawler tokens: a large file names few crawlers many
	// times.
	tokens map[string]string

	// items and order are the rules sorted by literal prefix, built on
	// first use (see sorted).
	sortOnce sync.Once
	items    []pathItem
	order    []int32

	// twins is, by rule, the earlier rule of the same kind and pattern for
	// the same set of crawlers, and the earlier rule of the other kind and
	// the same pattern and set, or -1; built on first use (see twinsOf).
	twinsOnce sync.Once
	twins     [][2]int32
}

// twinsOf returns, for rule k, the first earlier rule for the same set of
// crawlers with the same pattern and kind (a repeat: duplicate-rule), and
// the first earlier one with the same pattern and the other kind (a
// conflict: conflicting-rules), or -1 for either.
func (m *pathModel) twinsOf(k int) (same, other int32) {
	m.twinsOnce.Do(m.findTwins)
	return m.twins[k][0], m.twins[k][1]
}

func (m *pathModel) findTwins() {
	m.twins = make([][2]int32, len(m.rules))
	firsts := newPathTable(len(m.rules))
	for k := range m.rules {
		r := &m.rules[k]
		set := m.groups[r.group].set
		pat := m.pat(r)
		kind := pathKind(r.allow)
		sameAs := func(allow bool) func(int32) bool {
			return func(j int32) bool {
				q := &m.rules[j]
				return q.allow == allow && m.groups[q.group].set == set && bytes.Equal(m.pat(q), pat)
			}
		}
		// The table holds the first rule of each kind and pattern for a
		// set: a later repeat finds it and is not stored.
		h := maphash.Bytes(pathSeed, pat) ^ uint64(set)*0x9E3779B97F4A7C15
		m.twins[k] = [2]int32{
			firsts.find(pathKeyOf(h, kind), int32(k), sameAs(r.allow)),
			firsts.lookup(pathKeyOf(h, 1-kind), sameAs(!r.allow)),
		}
	}
}

// pathItem is a rule as the sorted view of a file sees it: its literal
// prefix (see pathLiteral), its kind and priorities. Google's extra
// "dir/$" Allow of an index.html rule is an item of its own.
type pathItem struct {
	// prio and rfcPrio are the pattern's length in Google's reading and in
	// RFC 9309's.
	prio, rfcPrio int32
	// rule is the index in pathModel.rules of the rule, and litLen the
	// length of the literal prefix of its pattern (see pathModel.lit).
	rule, litLen int32
	cluster      int32
	kind         int32 // 0 Disallow, 1 Allow
	literal      bool
	// extra marks Google's extra "dir/$" Allow of an index.html rule.
	extra bool
}

// lit returns the literal prefix of item it's pattern.
func (m *pathModel) lit(it *pathItem) []byte { return m.pat(&m.rules[it.rule])[:it.litLen] }

// sorted returns the items of the rules that can match (their patterns
// start with '/' or '*'), and their order by cluster, then literal prefix:
// every prefix of a literal prefix comes before it, and the prefixes that
// extend it right after it. redundant-rule and rule-order both walk it.
func (m *pathModel) sorted() ([]pathItem, []int32) {
	m.sortOnce.Do(m.sort)
	return m.items, m.order
}

func (m *pathModel) sort() {
	m.items = make([]pathItem, 0, len(m.rules)+len(m.rules)/8)
	for k := range m.rules {
		r := &m.rules[k]
		pat := m.pat(r)
		if len(pat) == 0 || pat[0] != '/' && pat[0] != '*' {
			continue // never decides, or never matches (path-not-absolute)
		}
		lit, literal := pathLiteral(pat)
		c := m.groups[r.group].cluster
		m.items = append(m.items, pathItem{prio: int32(len(pat)), rfcPrio: r.rfcLen,
			rule: int32(k), litLen: int32(len(lit)), cluster: c, kind: pathKind(r.allow), literal: literal})
		if r.indexHTML {
			slash := bytes.LastIndexByte(pat, '/')
			p := int32(slash + 2) // "dir/$"
			m.items = append(m.items, pathItem{prio: p, rfcPrio: p,
				rule: int32(k), litLen: int32(slash + 1), cluster: c, kind: 1, extra: true})
		}
	}
	// The sort reads the literal prefixes where they are, in the source
	// or the arena, copied into one pool.
	src := m.f.Bytes()
	lits := &pathLits{start: make([]int32, len(m.items)), end: make([]int32, len(m.items))}
	lits.pool = make([]byte, 0, len(src)+len(m.arena)+8)
	lits.pool = append(append(append(lits.pool, src...), m.arena...), make([]byte, 8)...)
	for k := range m.items {
		r := &m.rules[m.items[k].rule]
		at := r.patOff
		if r.patArena {
			at += int32(len(src))
		}
		lits.start[k], lits.end[k] = at, at+m.items[k].litLen
	}
	m.order = make([]int32, len(m.items))
	for k := range m.order {
		m.order[k] = int32(k)
	}
	pathSortLits(m.order, m.clusters, func(k int32) int32 { return m.items[k].cluster }, lits)
}

// agent returns the token Google reads in a user-agent value, as
// match.GoogleAgent does, without a new string for a token seen before.
func (m *pathModel) agent(value []byte) string {
	if len(value) > 0 && value[0] == '*' {
		return match.GoogleAgent(value)
	}
	n := 0
	for n < len(value) && (value[n] >= 'a' && value[n] <= 'z' || value[n] >= 'A' && value[n] <= 'Z' || value[n] == '_' || value[n] == '-') {
		n++
	}
	if t, ok := m.tokens[string(value[:n])]; ok {
		return t
	}
	t := match.GoogleAgent(value)
	if m.tokens == nil {
		m.tokens = map[string]string{}
	}
	m.tokens[string(value[:n])] = t
	return t
}

// pat returns Google's pattern for rule r.
func (m *pathModel) pat(r *pathRule) []byte {
	if r.patArena {
		return m.arena[r.patOff : r.patOff+r.patLen]
	}
	return m.f.Bytes()[r.patOff : r.patOff+r.patLen]
}

// pathRule is a rule line inside a Google group.
type pathRule struct {
	line  int32
	group int32 // the Google group
	// exact is the group RFC 9309 parsers and Bing read the rule in, or -1
	// when they do not read it as a rule of any group.
	exact int32
	// blank is the group of the readers whose groups also end at a blank
	// line (Yandex, legacy), or -1. yandexDrop is true when Yandex drops
	// the rule for not starting with '/' or '*'.
	blank      int32
	yandexDrop bool
	// inLimit is true when the line ends within 500 KiB, where RFC 9309
	// parsers and Yandex stop reading.
	inLimit bool
	allow   bool
	// clean is true when every profile reads the value as written.
	clean bool
	// rfcAsGoogle is true when RFC 9309 parsers normalise the value as
	// Google does.
	rfcAsGoogle bool
	// indexHTML is true for an Allow that Google also reads as allowing
	// its directory ("Allow: /a/index.html" also allows "/a/").
	indexHTML bool
	// patOff and patLen place Google's pattern in the source, or, with
	// patArena, in pathModel.arena (see pathModel.pat); rfcLen is the
	// length of RFC 9309's. Offsets rather than a slice keep the rules
	// free of pointers, which the garbage collector would scan and guard.
	patOff, patLen int32
	patArena       bool
	rfcLen         int32
}

// pathGroup is a group as Google reads it.
type pathGroup struct {
	// first and end delimit the group's rules in pathModel.rules.
	first, end int32
	// agents are the crawler tokens Google reads in its user-agent lines.
	agents []string
	// set numbers the group's set of tokens: groups with the same set are
	// read by the same crawlers. cluster numbers the groups that share a
	// token, directly or not: no crawler reads groups of two clusters.
	set, cluster int32
}

// pathModelFor returns the model of the pass's file, built on first use
// and shared by the rules that compare rules (duplicate-rule,
// conflicting-rules, redundant-rule, rule-order): the model costs about as
// much as parsing the file, so building it once a run rather than once a
// rule keeps the catalogue within its time on large files.
func pathModelFor(pass *lint.Pass) *pathModel {
	return pass.Shared(pathModelKey{}, func() any { return newPathModel(pass.File) }).(*pathModel)
}

type pathModelKey struct{}

// comparedRules returns the model for a rule that compares rules with each
// other, or nil when there is nothing it can say: the file is no
// robots.txt, Google cuts some rule line in a way the model does not
// follow, or there are fewer than two rules.
func comparedRules(pass *lint.Pass) *pathModel {
	if pathNotRobots(pass.File) {
		return nil
	}
	m := pathModelFor(pass)
	if m.special || len(m.rules) < 2 {
		return nil
	}
	return m
}

// newPathModel reads f.
func newPathModel(f *syntax.File) *pathModel {
	// At most one rule a line: the slice never grows.
	m := &pathModel{f: f, rules: make([]pathRule, 0, len(f.Lines))}
	for _, x := range f.Facts {
		switch x.Kind {
		case syntax.FactNUL, syntax.FactControlChar, syntax.FactLineTooLong:
			if x.Line >= 0 && f.Lines[x.Line].Kind == syntax.LineDirective {
				m.special = true
			}
		case syntax.FactPastSizeLimit:
			m.pastLimit = true
		}
	}
	if m.special {
		return m
	}
	src := f.Bytes()
	gCur, gSeen := int32(-1), false
	eCur, eSeen, eNext := int32(-1), false, int32(0)
	bCur, bSeen, bNext := int32(-1), false, int32(0)
	for i := range f.Lines {
		l := &f.Lines[i]
		if l.Kind == syntax.LineBlank {
			bCur = -1
			continue
		}
		if l.Kind != syntax.LineDirective {
			continue
		}
		d := l.Directive
		gd := d
		if d == syntax.DirectiveOther {
			gd = match.GoogleDirective(f.Text(l.Key()))
		}
		if gd != syntax.DirectiveUserAgent && !gd.IsRule() {
			continue
		}
		sep := l.Sep()
		exact := sep.Len() == 1 && src[sep.Start] == ':' && d == gd
		if !exact {
			m.googleOnly = true
		}
		inLimit := l.Text().End <= match.RFC9309.SizeLimit
		value := f.Text(l.Value())
		if gd == syntax.DirectiveUserAgent {
			if gCur < 0 || gSeen {
				m.groups = append(m.groups, pathGroup{first: int32(len(m.rules)), end: int32(len(m.rules))})
				gCur, gSeen = int32(len(m.groups)-1), false
			}
			m.groups[gCur].agents = append(m.groups[gCur].agents, m.agent(value))
			if exact {
				if inLimit && (eCur < 0 || eSeen) {
					eCur, eSeen, eNext = eNext, false, eNext+1
				}
				if bCur < 0 || bSeen {
					bCur, bSeen, bNext = bNext, false, bNext+1
				}
			}
			continue
		}
		if gCur < 0 {
			continue // before any user-agent line: no crawler reads it
		}
		gSeen = true
		m.rules = m.rules[:len(m.rules)+1]
		r := &m.rules[len(m.rules)-1]
		*r = pathRule{line: int32(i), group: gCur, exact: -1, blank: -1, inLimit: inLimit, allow: gd == syntax.DirectiveAllow}
		if exact {
			if eCur >= 0 && inLimit {
				r.exact, eSeen = eCur, true
			}
			if bCur >= 0 {
				r.blank, bSeen = bCur, true
			}
		}
		r.yandexDrop = len(value) > 0 && value[0] != '/' && value[0] != '*'
		vs := l.Value()
		r.rfcAsGoogle, r.patOff, r.patLen, r.rfcLen = true, int32(vs.Start), int32(vs.Len()), int32(vs.Len())
		pat := value
		if r.clean = pathClean(value); !r.clean {
			r.rfcAsGoogle = pathRFCAsGoogle(value)
			r.rfcLen = int32(pathRFCLen(value))
			if n := len(m.arena); pathGoogleChanges(value) {
				pat = pathGooglePattern(&m.arena, value)
				r.patOff, r.patLen, r.patArena = int32(n), int32(len(pat)), true
			}
		}
		if r.allow {
			slash := bytes.LastIndexByte(pat, '/')
			r.indexHTML = slash >= 0 && bytes.HasPrefix(pat[slash:], []byte("/index.htm"))
		}
		m.groups[gCur].end = int32(len(m.rules))
	}
	m.numberGroups()
	return m
}

// numberGroups fills in the groups' sets and clusters.
func (m *pathModel) numberGroups() {
	sets := map[string]int32{}
	parent := make([]int32, len(m.groups))
	var find func(int32) int32
	find = func(g int32) int32 {
		for parent[g] != g {
			parent[g] = parent[parent[g]]
			g = parent[g]
		}
		return g
	}
	byToken := map[string]int32{}
	for g := range m.groups {
		grp := &m.groups[g]
		parent[g] = int32(g)
		tokens := grp.agents
		if len(tokens) > 1 {
			tokens = slices.Clone(tokens)
			slices.Sort(tokens)
			tokens = slices.Compact(tokens)
		}
		key := strings.Join(tokens, "\n")
		id, ok := sets[key]
		if !ok {
			id = int32(len(sets))
			sets[key] = id
		}
		grp.set = id
		for _, t := range tokens {
			if h, ok := byToken[t]; ok {
				parent[find(int32(g))] = find(h)
			} else {
				byToken[t] = int32(g)
			}
		}
	}
	ids := map[int32]int32{}
	for g := range m.groups {
		root := find(int32(g))
		id, ok := ids[root]
		if !ok {
			id = int32(len(ids))
			ids[root] = id
		}
		m.groups[g].cluster = id
	}
	m.clusters = len(ids)
}

// pathDeleteLine returns the edit that deletes line i with its terminator.
func pathDeleteLine(f *syntax.File, i int) lint.Edit {
	return lint.Edit{Span: f.Lines[i].Span}
}

// pathSeed seeds the hashes of patterns; any seed does, as long as one run
// uses one.
var pathSeed = maphash.MakeSeed()

func pathKind(allow bool) int32 {
	if allow {
		return 1
	}
	return 0
}

// sameReaders reports whether deleting rule r, given rule q (an equal or
// broader rule of the same kind), is invisible to every targeted profile
// other than Google as far as grouping goes: each profile that reads r
// reads it in the group it reads q in. A profile that does not read r at
// all (a missing colon, a blank line before it for Yandex) loses nothing.
func (m *pathModel) sameReaders(pass *lint.Pass, q, r *pathRule) bool {
	if (pass.Targeted(match.RFC9309) || pass.Targeted(match.Bing)) && r.exact >= 0 && q.exact != r.exact {
		return false
	}
	// Yandex drops a rule that starts with neither '/' nor '*', but the
	// line still ends its group's user-agent lines, so the group must keep
	// another rule line.
	if pass.Targeted(match.Yandex) && r.blank >= 0 && r.inLimit &&
		(q.blank != r.blank || !q.inLimit || q.yandexDrop && !r.yandexDrop) {
		return false
	}
	if pass.Targeted(match.Legacy) && r.blank >= 0 && q.blank != r.blank {
		return false
	}
	return true
}

// pathLineRef names line i for a message: "line 12".
func pathLineRef(i int32) string { return "line " + strconv.Itoa(int(i)+1) }

// pathTable maps pattern keys to rule indices: an open-addressing table,
// which costs a fraction of a Go map with struct keys on files of
// thousands of rules. Keys are hashes, so equal keys need checking.
type pathTable struct {
	slots []pathSlot
	mask  uint64
}

type pathSlot struct {
	key uint64
	val int32
}

func newPathTable(n int) *pathTable {
	size := 16
	for size < n+n/2 {
		size <<= 1
	}
	return &pathTable{slots: make([]pathSlot, size), mask: uint64(size - 1)}
}

// pathKeyOf makes a table key of a hash of a pattern and set and a kind;
// it is never 0, which marks an empty slot.
func pathKeyOf(h uint64, kind int32) uint64 {
	h ^= uint64(kind+1) * 0xC2B2AE3D27D4EB4F
	if h == 0 {
		h = 1
	}
	return h
}

// lookup returns the first stored value under key h for which same
// returns true, or -1.
func (t *pathTable) lookup(h uint64, same func(int32) bool) int32 {
	for i := h & t.mask; t.slots[i].key != 0; i = (i + 1) & t.mask {
		if t.slots[i].key == h && same(t.slots[i].val) {
			return t.slots[i].val
		}
	}
	return -1
}

// find calls same for each stored value under key h, in insertion
// order, until it returns true, and returns that value; otherwise it
// stores v under h and returns -1.
func (t *pathTable) find(h uint64, v int32, same func(int32) bool) int32 {
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		switch sl := &t.slots[i]; sl.key {
		case 0:
			sl.key, sl.val = h, v
			return -1
		case h:
			if same(sl.val) {
				return sl.val
			}
		}
	}
}

// pathLits holds byte strings in one pool, string k being
// pool[start[k]:end[k]], for pathSortLits. The pool has eight spare bytes
// at its end, and no string holds a NUL byte.
type pathLits struct {
	pool       []byte
	start, end []int32
}

// chunk returns bytes d to d+8 of string k as a big-endian number, padded
// with zero bytes past its end: comparing chunks orders strings as
// bytes.Compare does, since no string holds a NUL.
func (p *pathLits) chunk(k int32, d int) uint64 {
	i, e := int(p.start[k])+d, int(p.end[k])
	if i >= e {
		return 0
	}
	w := binary.BigEndian.Uint64(p.pool[i:])
	if n := e - i; n < 8 {
		w &^= 1<<(8*(8-n)) - 1
	}
	return w
}

// pathSortLits sorts idx, the indices of strings of lits, by group, then
// by the strings, eight bytes at a time: it orders the strings by their
// chunk at one position, and moves to the next only within a run that is
// equal there. Identical strings, which a large file has by the thousand
// ("/" is the literal prefix of every "/*..." rule), then cost a pass per
// chunk, where a comparison sort compares them again and again. Large
// parts are sorted by radix (pathRadixChunks), small ones by a multikey
// quicksort (Bentley and Sedgewick).
func pathSortLits(idx []int32, groups int, group func(int32) int32, lits *pathLits) {
	tmp := make([]int32, len(idx))
	// A stable counting sort by group first.
	count := make([]int32, groups+1)
	for _, k := range idx {
		count[group(k)+1]++
	}
	for g := 1; g < len(count); g++ {
		count[g] += count[g-1]
	}
	starts := slices.Clone(count)
	for _, k := range idx {
		g := group(k)
		tmp[count[g]] = k
		count[g]++
	}
	copy(idx, tmp)
	for g := 0; g < groups; g++ {
		pathRadixChunks(idx[starts[g]:starts[g+1]], 0, lits)
	}
}

// pathRadixChunks sorts a, whose strings agree on their first d bytes, by
// the chunk at d with a least-significant-byte-first radix sort, then the
// strings that agree on that chunk by the next one. The radix sort takes
// a few passes over the strings where a quicksort takes one per level of
// its partitioning, which with thousands of rules is the larger number.
func pathRadixChunks(a []int32, d int, lits *pathLits) {
	if len(a) < 256 {
		pathMultikey(a, d, lits)
		return
	}
	type rec struct {
		key uint64
		idx int32
	}
	src, dst := make([]rec, len(a)), make([]rec, len(a))
	for i, k := range a {
		src[i] = rec{lits.chunk(k, d), k}
	}
	for pass := 0; pass < 8; pass++ {
		shift := 8 * pass
		var count [256]int
		for i := range src {
			count[uint8(src[i].key>>shift)]++
		}
		if count[uint8(src[0].key>>shift)] == len(src) {
			continue // every string has this byte here
		}
		at := 0
		for b := range count {
			count[b], at = at, at+count[b]
		}
		for i := range src {
			b := uint8(src[i].key >> shift)
			dst[count[b]] = src[i]
			count[b]++
		}
		src, dst = dst, src
	}
	for i := range src {
		a[i] = src[i].idx
	}
	for i := 0; i < len(src); {
		j := i + 1
		for j < len(src) && src[j].key == src[i].key {
			j++
		}
		if run := a[i:j]; len(run) > 1 && src[i].key != 0 {
			// The strings that end within the chunk are equal and come
			// first; the others go on.
			e := 0
			for r := range run {
				if int(lits.end[run[r]]-lits.start[run[r]]) <= d+8 {
					run[r], run[e] = run[e], run[r]
					e++
				}
			}
			if len(run)-e > 1 {
				pathRadixChunks(run[e:], d+8, lits)
			}
		}
		i = j
	}
}

func pathMultikey(a []int32, d int, lits *pathLits) {
	for len(a) > 1 {
		if len(a) < 12 {
			for i := 1; i < len(a); i++ {
				for j := i; j > 0 && pathLess(lits, a[j], a[j-1], d); j-- {
					a[j], a[j-1] = a[j-1], a[j]
				}
			}
			return
		}
		// The median of three chunks as the pivot.
		x, y, z := lits.chunk(a[0], d), lits.chunk(a[len(a)/2], d), lits.chunk(a[len(a)-1], d)
		pivot := max(min(x, y), min(max(x, y), z))
		lt, i, gt := 0, 0, len(a)
		for i < gt {
			switch c := lits.chunk(a[i], d); {
			case c < pivot:
				a[lt], a[i] = a[i], a[lt]
				lt++
				i++
			case c > pivot:
				gt--
				a[i], a[gt] = a[gt], a[i]
			default:
				i++
			}
		}
		pathMultikey(a[:lt], d, lits)
		pathMultikey(a[gt:], d, lits)
		if pivot == 0 {
			return // the strings that end before d are equal
		}
		// Of the strings equal up to d+8, those that end there are equal
		// and come first; the others go on.
		eq, j := a[lt:gt], 0
		for i := range eq {
			if int(lits.end[eq[i]]-lits.start[eq[i]]) <= d+8 {
				eq[i], eq[j] = eq[j], eq[i]
				j++
			}
		}
		a, d = eq[j:], d+8
	}
}

// pathLess reports whether string a sorts before string b, both known to
// agree on their first d bytes.
func pathLess(lits *pathLits, a, b int32, d int) bool {
	sa := lits.pool[min(int(lits.start[a])+d, int(lits.end[a])):lits.end[a]]
	sb := lits.pool[min(int(lits.start[b])+d, int(lits.end[b])):lits.end[b]]
	return bytes.Compare(sa, sb) < 0
}

// pathLinesWithByte calls fn once for each line, in order, whose text holds
// one of the bytes in chars, and which Google reads as an Allow or
// Disallow line, with the line's index and value. It searches the whole
// source for each byte, which is far quicker than looking at every line
// when the bytes are rare, as a backslash or a bracket are.
func pathLinesWithByte(f *syntax.File, chars string, fn func(i int, l *syntax.Line, value []byte)) {
	src := f.Bytes()
	var lines []int
	for k := 0; k < len(chars); k++ {
		c := chars[k]
		var cur pathLineCursor
		for at := 0; at < len(src); {
			n := bytes.IndexByte(src[at:], c)
			if n < 0 {
				break
			}
			i := cur.line(f, at+n)
			if i < 0 {
				at += n + 1
				continue
			}
			lines = append(lines, i)
			at = f.Lines[i].Span.End
		}
	}
	if len(chars) > 1 {
		slices.Sort(lines)
		lines = slices.Compact(lines)
	}
	for _, i := range lines {
		l := &f.Lines[i]
		if _, ok := pathRuleKind(f, l); ok {
			fn(i, l, f.Text(l.Value()))
		}
	}
}

// pathLineCursor finds the lines of increasing offsets by walking forward
// from the last one found: over a whole search that costs one step per
// line, where f.LineAt costs a binary search per offset.
type pathLineCursor struct{ i int }

// line returns the index of the line holding offset off, which is not
// below any offset asked before, or -1 when off is in the byte order mark.
func (c *pathLineCursor) line(f *syntax.File, off int) int {
	for c.i < len(f.Lines) && f.Lines[c.i].Span.End <= off {
		c.i++
	}
	if c.i == len(f.Lines) || off < f.Lines[c.i].Span.Start {
		return -1
	}
	return c.i
}

// pathLinesWithHighBytes is pathLinesWithByte for the bytes from 0x80,
// found eight at a time.
func pathLinesWithHighBytes(f *syntax.File, fn func(i int, l *syntax.Line, value []byte)) {
	src := f.Bytes()
	const high = 0x8080808080808080
	var cur pathLineCursor
	for at := 0; at < len(src); {
		if at+8 <= len(src) {
			if binary.LittleEndian.Uint64(src[at:])&high == 0 {
				at += 8
				continue
			}
		}
		if src[at] < 0x80 {
			at++
			continue
		}
		i := cur.line(f, at)
		if i < 0 {
			at++
			continue
		}
		l := &f.Lines[i]
		if _, ok := pathRuleKind(f, l); ok {
			fn(i, l, f.Text(l.Value()))
		}
		at = l.Span.End
	}
}

// pathLinesWithString is pathLinesWithByte for a string.
func pathLinesWithString(f *syntax.File, s string, fn func(i int, l *syntax.Line, value []byte)) {
	src := f.Bytes()
	var cur pathLineCursor
	for at := 0; at < len(src); {
		n := bytes.Index(src[at:], []byte(s))
		if n < 0 {
			return
		}
		i := cur.line(f, at+n)
		if i < 0 {
			at += n + 1
			continue
		}
		l := &f.Lines[i]
		if _, ok := pathRuleKind(f, l); ok {
			fn(i, l, f.Text(l.Value()))
		}
		at = l.Span.End
	}
}
