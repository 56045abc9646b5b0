package rules

import (
	"strings"
	"sync"

	"github.com/robotslint/robotslint/lint"
	"github.com/robotslint/robotslint/lint/match"
	"github.com/robotslint/robotslint/lint/prose"
	"github.com/robotslint/robotslint/rules/kb"
	"github.com/robotslint/robotslint/syntax"
)

// This file holds what the user-agent and group rules (list_agent.go)
// share: how to name the targeted crawlers in a message, how to read a
// User-agent value, which readers a group concerns, and how to insert a
// line. Its unexported names start with "ua" so that they cannot collide
// with the helpers of the other rule files in the package.

// uaTargeted returns the names of those of profiles the pass targets, in
// the order given.
func uaTargeted(pass *lint.Pass, profiles ...*match.Profile) []string {
	var names []string
	for _, p := range profiles {
		if pass.Targeted(p) {
			names = append(names, p.Readers)
		}
	}
	return names
}

// uaCrawlers returns the names of the targeted profiles among profiles,
// or "crawlers" when none is targeted: the subject of a sentence.
func uaCrawlers(pass *lint.Pass, profiles ...*match.Profile) []string {
	if names := uaTargeted(pass, profiles...); len(names) > 0 {
		return names
	}
	return []string{"crawlers"}
}

// uaIsTokenByte reports whether c may appear in an RFC 9309 product token:
// a letter, '-' or '_'.
func uaIsTokenByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_'
}

// uaTokenPrefix returns the length of the leading run of token bytes of
// b: the part of a User-agent value Google reads.
func uaTokenPrefix(b []byte) int {
	n := 0
	for n < len(b) && uaIsTokenByte(b[n]) {
		n++
	}
	return n
}

// uaValueKind says what a User-agent value is, for the rules that check
// values; each kind is one rule's to report, so that a line gets one
// finding about its value.
type uaValueKind uint8

const (
	// uaValid: "*" or a product token.
	uaValid uaValueKind = iota
	// uaEmpty: no value.
	uaEmpty
	// uaWildcard: a token with '*' in it ("Googlebot*", "*bot"), which
	// wildcard-portability reports.
	uaWildcard
	// uaWords: two or more words of token bytes ("Lycos MomSpider"),
	// which multiple-agents reports, unless the crawler list knows the
	// whole value as one crawler's name.
	uaWords
	// uaInvalid: anything else that is not a product token: digits,
	// dots, a version, a browser string. invalid-user-agent reports it.
	uaInvalid
)

// uaClassify classifies a User-agent value.
func uaClassify(value []byte) uaValueKind {
	if len(value) == 0 {
		return uaEmpty
	}
	if len(value) == 1 && value[0] == '*' {
		return uaValid
	}
	stars, other, space := 0, 0, 0
	for _, c := range value {
		switch {
		case uaIsTokenByte(c):
		case c == '*':
			stars++
		case c == ' ' || c == '\t':
			space++
		default:
			other++
		}
	}
	switch {
	case stars == 0 && other == 0 && space == 0:
		return uaValid
	case stars > 0 && other == 0 && space == 0:
		return uaWildcard
	case stars == 0 && other == 0 && uaLookup(value) == nil:
		return uaWords
	}
	return uaInvalid
}

// uaUserAgentLines calls fn for each User-agent line of f, with its value.
func uaUserAgentLines(f *syntax.File, fn func(i int, l *syntax.Line, value []byte)) {
	// Every User-agent line is in a group: the groups start at the first.
	for g := range f.Groups {
		for _, i := range f.Groups[g].UserAgents {
			l := &f.Lines[i]
			fn(i, l, f.Text(l.Value()))
		}
	}
}

// uaAgentKey returns the key a User-agent value is compared by, as Google
// and RFC 9309 compare it: the value ignoring ASCII case.
func uaAgentKey(value []byte) string { return syntax.LowerASCII(string(value)) }

// uaYandexReads reports whether Yandex's robots read a group with these
// agents (lower-cased values): the * group, or a group whose value Yandex
// robot names contain, which in practice means one that mentions Yandex.
func uaYandexReads(agents []string) bool {
	for _, a := range agents {
		if a == "*" || strings.Contains(a, "yandex") {
			return true
		}
	}
	return false
}

// uaLegacyReads reports whether crawlers that read files as the 1994
// standard does may read a group with these agents (lower-cased values):
// any group except those for Google's, Microsoft's and Yandex's crawlers,
// which read files their own way.
func uaLegacyReads(agents []string) bool {
	for _, a := range agents {
		if a == "*" {
			return true
		}
		if strings.Contains(a, "yandex") {
			continue
		}
		if c := uaLookup([]byte(a)); c != nil && (c.Operator == "Google" || c.Operator == "Microsoft") {
			continue
		}
		return true
	}
	return false
}

// uaRecordReaders returns the targeted profiles that end a group at a
// blank line (Yandex, legacy) and read a group with these agents.
func uaRecordReaders(pass *lint.Pass, agents []string) []*match.Profile {
	var ps []*match.Profile
	if pass.Targeted(match.Yandex) && uaYandexReads(agents) {
		ps = append(ps, match.Yandex)
	}
	if pass.Targeted(match.Legacy) && uaLegacyReads(agents) {
		ps = append(ps, match.Legacy)
	}
	return ps
}

// uaGroupAgents returns the lower-cased values of the user-agent lines.
func uaGroupAgents(f *syntax.File, lines []int) []string {
	agents := make([]string, 0, len(lines))
	for _, i := range lines {
		agents = append(agents, uaAgentKey(f.Text(f.Lines[i].Value())))
	}
	return agents
}

// uaLineText returns a directive line as a message quotes it: key, colon,
// value, without the comment.
func uaLineText(f *syntax.File, i int) string {
	l := &f.Lines[i]
	if l.Kind != syntax.LineDirective {
		return strings.TrimSpace(string(f.Text(syntax.Span{Start: l.Span.Start, End: l.Comment().Start})))
	}
	v := f.Text(l.Value())
	if len(v) == 0 {
		return string(f.Text(l.Key())) + ":"
	}
	return string(f.Text(l.Key())) + ": " + string(v)
}

// uaDirectiveSpan returns the span of a directive line from its key to the
// end of its value: the line without indentation, comment and terminator.
func uaDirectiveSpan(l *syntax.Line) syntax.Span {
	if l.Kind != syntax.LineDirective {
		return l.Text()
	}
	return syntax.Span{Start: l.Key().Start, End: max(l.Value().End, l.Sep().End)}
}

// uaShape is the layout of one group (syntax.File.Groups) that the group
// rules judge: where its User-agent lines break into runs, and where its
// blank lines fall.
type uaShape struct {
	g *syntax.Group
	// runs are the group's User-agent lines split into runs, as windows
	// of g.UserAgents: lines in a run are separated by nothing but
	// comments.
	runs [][]int
	// breaks[k] describes what separates runs[k] from runs[k-1]; breaks[0]
	// is unused.
	breaks []uaBreak
	// cut are the blank lines between the last User-agent line and the
	// first rule, inner the blank lines between the first and last rule.
	cut, inner []int
	// agents are the lower-cased values of all the group's User-agent
	// lines, made on first use by agentsOf.
	agents []string
	// one holds runs and breaks for a group of one run, most of them.
	one      [1][]int
	oneBreak [1]uaBreak
}

// agentsOf returns the lower-cased values of the group's User-agent lines.
func (s *uaShape) agentsOf(f *syntax.File) []string {
	if s.agents == nil {
		s.agents = uaGroupAgents(f, s.g.UserAgents)
	}
	return s.agents
}

// uaBreak is what separates two runs of User-agent lines in one group.
type uaBreak struct {
	blanks []int // the blank lines between them
	blank  int   // the first of them, or -1
	other  int   // the first line between them that is neither blank nor a comment, or -1
	others int   // how many such lines there are
	last   int   // the last line before the later run that is neither blank nor a comment
}

// partial reports whether Yandex, which ends groups at blank lines, reads
// fewer of the group's lines as one group than Google does.
func (s *uaShape) partial() bool {
	if len(s.cut) > 0 || len(s.inner) > 0 {
		return true
	}
	for _, b := range s.breaks[1:] {
		if b.blank >= 0 {
			return true
		}
	}
	return false
}

// uaShapes returns the shape of each group of f, in one pass over the
// lines of the groups.
func uaShapes(f *syntax.File) []uaShape {
	shapes := make([]uaShape, len(f.Groups))
	for k := range f.Groups {
		g := &f.Groups[k]
		s := &shapes[k]
		s.g = g
		s.one[0] = g.UserAgents[:1:1]
		s.oneBreak[0] = uaBreak{blank: -1, other: -1, last: -1}
		s.runs, s.breaks = s.one[:], s.oneBreak[:]
		start := 0 // where the current run starts in g.UserAgents
		for a := 1; a < len(g.UserAgents); a++ {
			prev, cur := g.UserAgents[a-1], g.UserAgents[a]
			b := uaBreak{blank: -1, other: -1, last: prev}
			for i := prev + 1; i < cur; i++ {
				switch f.Lines[i].Kind {
				case syntax.LineComment:
				case syntax.LineBlank:
					if b.blank < 0 {
						b.blank = i
					}
					b.blanks = append(b.blanks, i)
				default:
					if b.other < 0 {
						b.other = i
					}
					b.others++
					b.last = i
				}
			}
			if b.blank < 0 && b.other < 0 {
				s.runs[len(s.runs)-1] = g.UserAgents[start : a+1 : a+1]
				continue
			}
			start = a
			s.runs = append(s.runs, g.UserAgents[a:a+1:a+1])
			s.breaks = append(s.breaks, b)
		}
		if len(g.Rules) == 0 {
			continue
		}
		last, first, end := g.UserAgents[len(g.UserAgents)-1], g.Rules[0], g.Rules[len(g.Rules)-1]
		for i := last + 1; i < end; i++ {
			if f.Lines[i].Kind != syntax.LineBlank {
				continue
			}
			if i < first {
				s.cut = append(s.cut, i)
			} else {
				s.inner = append(s.inner, i)
			}
		}
	}
	return shapes
}

// uaDistinct returns list without repeats, keeping the first of each.
func uaDistinct(list []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// uaQuotedValues returns the quoted values of the User-agent lines, for a
// message: "`*`", "`Googlebot`".
func uaQuotedValues(f *syntax.File, lines []int) []string {
	var out []string
	for _, i := range lines {
		out = append(out, prose.Quote(f.Text(f.Lines[i].Value())))
	}
	return out
}

// uaBlankHint says what a blank line is made of when an editor would not
// show it: the line ends "\r\r\n", which every parser reads as a line
// ended by a carriage return and a blank line.
func uaBlankHint(f *syntax.File, i int) string {
	if i > 0 && f.Lines[i].Text().Len() == 0 && string(f.Text(f.Lines[i-1].EOL())) == "\r" {
		return " (made by a stray carriage return: the line above ends in `\\r\\r\\n`, which many editors show as one line end)"
	}
	return ""
}

// uaGeneric are tokens of the crawler list that are also ordinary words
// ("Spider", "Code"): a value that contains one is not thereby about that
// crawler (docs/robots-semantics.md §8 lists them as too generic).
var uaGeneric = map[string]bool{"code": true, "spider": true, "operator": true, "openai": true, "cursor": true, "trae": true}

// uaKnown returns the crawler whose token is token, ignoring case, unless
// the token is also an ordinary word; else nil.
func uaKnown(token []byte) *kb.Crawler {
	var arr [64]byte
	lower := uaLowerInto(arr[:0], token)
	if uaGeneric[string(lower)] {
		return nil
	}
	return uaCrawlerIndex()[string(lower)]
}

// uaLookup is kb.LookupCrawler for a value in the file, without copying
// it.
func uaLookup(token []byte) *kb.Crawler {
	var arr [64]byte
	return uaCrawlerIndex()[string(uaLowerInto(arr[:0], token))]
}

// uaCrawlerIndex indexes the known crawlers by lower-cased token.
var uaCrawlerIndex = sync.OnceValue(func() map[string]*kb.Crawler {
	list := kb.Crawlers()
	m := make(map[string]*kb.Crawler, len(list))
	for k := range list {
		m[syntax.LowerASCII(list[k].Token)] = &list[k]
	}
	return m
})

// uaLowerInto appends b to dst with ASCII letters lower-cased, as
// syntax.LowerASCII does, so that a map keyed by lower-cased values can be
// looked up without a new string.
func uaLowerInto(dst, b []byte) []byte {
	for _, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}

// uaGoogleTokenInto appends to dst the token Google reads in a User-agent
// value, as match.GoogleAgent returns it ("*", or the leading letters,
// '-' and '_' lower-cased), without making a string of it.
func uaGoogleTokenInto(dst, value []byte) []byte {
	if len(value) > 0 && value[0] == '*' && (len(value) == 1 || value[1] == ' ' || '\t' <= value[1] && value[1] <= '\r') {
		return append(dst, '*')
	}
	return uaLowerInto(dst, value[:uaTokenPrefix(value)])
}
